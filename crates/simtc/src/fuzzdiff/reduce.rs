//! Test-case reduction for `simtc fuzz-diff`: delta debugging on the instructions and blocks of a generated
//! program, keeping a failure predicate true.
//!
//! Works on the generator's text form: one instruction a line, values `%name`, block labels `name:` at column
//! 0, and value-defining lines carrying a `; T:<type>` comment. Two kinds of change:
//! - **instructions** (ddmin over chunks, halving down to single lines): a removed line's uses are replaced
//!   by the zero of its type (`0`, `false`, `0.000000e+00`, `null`); side-effecting lines (stores, barriers) are
//!   just deleted;
//! - **blocks**: a conditional branch or switch is replaced by an unconditional branch to one successor; the
//!   blocks that become unreachable are deleted and phi entries of removed edges dropped. Removing edges only
//!   strengthens dominance, so the result stays valid SSA.
//!
//! Invariant: the returned text always satisfies the predicate (the input is assumed to).

use std::collections::{BTreeSet, HashMap, HashSet};

/// The zero of a `; T:` type, or `None` for lines that cannot be removed.
fn zero_of(line: &str) -> Option<&'static str> {
    let t = line.rsplit_once("; T:")?.1.trim();
    Some(match t {
        "i1" => "false",
        "float" => "0.000000e+00",
        "ptr" => "null",
        _ => "0",
    })
}

fn is_term(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("br ") || t.starts_with("switch ") || t.starts_with("ret") || t == "unreachable"
}

/// The value a line defines (`%x` of `%x = ...`).
fn defined(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let (lhs, _) = t.split_once(" = ")?;
    lhs.starts_with('%').then_some(lhs)
}

/// Replaces whole-token uses of the values in `subst`.
fn substitute(line: &str, subst: &HashMap<String, &'static str>) -> String {
    if subst.is_empty() {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let mut j = i + 1;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'.') {
                j += 1;
            }
            let tok = &line[i..j];
            // Never rewrite a definition's left-hand side (block labels and values have distinct names).
            let is_lhs = line[j..].starts_with(" = ") && line[..i].trim().is_empty();
            match subst.get(tok) {
                Some(z) if !is_lhs => out.push_str(z),
                _ => out.push_str(tok),
            }
            i = j;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Indices of lines that may be removed as instructions.
fn inst_candidates(lines: &[String]) -> Vec<usize> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            l.starts_with("  ")
                && !is_term(l)
                && (zero_of(l).is_some()
                    || l.trim_start().starts_with("store ")
                    || l.trim_start().starts_with("call void"))
        })
        .map(|(i, _)| i)
        .collect()
}

/// The program without the lines in `drop`, their values replaced by zeros.
fn remove_lines(lines: &[String], drop: &HashSet<usize>) -> Vec<String> {
    let mut subst = HashMap::new();
    for &i in drop {
        if let (Some(v), Some(z)) = (defined(&lines[i]), zero_of(&lines[i])) {
            subst.insert(v.to_string(), z);
        }
    }
    lines.iter().enumerate().filter(|(i, _)| !drop.contains(i)).map(|(_, l)| substitute(l, &subst)).collect()
}

/// Successor labels of a terminator line.
fn successors(term: &str) -> Vec<String> {
    let mut out = vec![];
    let mut rest = term;
    while let Some(p) = rest.find("label %") {
        rest = &rest[p + 7..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.')).unwrap_or(rest.len());
        out.push(rest[..end].to_string());
        rest = &rest[end..];
    }
    out
}

/// Deletes unreachable blocks of every function and the phi entries of edges that no longer exist.
fn cleanup(lines: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("define ") {
            out.push(lines[i].clone());
            i += 1;
            continue;
        }
        out.push(lines[i].clone());
        i += 1;
        // Blocks: (label, body lines); the function ends at "}".
        let mut blocks: Vec<(String, Vec<String>)> = vec![];
        while i < lines.len() && lines[i] != "}" {
            let l = &lines[i];
            if !l.starts_with(' ') && l.ends_with(':') {
                blocks.push((l.trim_end_matches(':').to_string(), vec![]));
            } else if let Some(b) = blocks.last_mut() {
                b.1.push(l.clone());
            }
            i += 1;
        }
        let succ: HashMap<&str, Vec<String>> = blocks
            .iter()
            .map(|(n, body)| {
                (n.as_str(), body.iter().rev().find(|l| is_term(l)).map(|t| successors(t)).unwrap_or_default())
            })
            .collect();
        let mut reach: HashSet<&str> = HashSet::new();
        let mut stack: Vec<&str> = blocks.first().map(|b| vec![b.0.as_str()]).unwrap_or_default();
        while let Some(b) = stack.pop() {
            if reach.insert(b) {
                for s in succ.get(b).into_iter().flatten() {
                    stack.push(s.as_str());
                }
            }
        }
        let mut preds: HashMap<&str, BTreeSet<&str>> = HashMap::new();
        for b in &reach {
            for s in &succ[b] {
                preds.entry(s.as_str()).or_default().insert(b);
            }
        }
        for (name, body) in &blocks {
            if !reach.contains(name.as_str()) {
                continue;
            }
            out.push(format!("{name}:"));
            let ps = preds.get(name.as_str()).cloned().unwrap_or_default();
            for l in body {
                out.push(if l.contains(" = phi ") { prune_phi(l, &ps) } else { l.clone() });
            }
        }
        if i < lines.len() {
            out.push(lines[i].clone());
            i += 1;
        }
    }
    out
}

/// Keeps the phi entries whose block is in `preds`.
fn prune_phi(line: &str, preds: &BTreeSet<&str>) -> String {
    let (body, comment) = match line.rsplit_once(" ; T:") {
        Some((b, c)) => (b, format!(" ; T:{c}")),
        None => (line, String::new()),
    };
    let Some(start) = body.find('[') else { return line.to_string() };
    let head = &body[..start];
    let entries: Vec<&str> = body[start..]
        .split("],")
        .map(|e| e.trim().trim_start_matches('[').trim_end_matches(']').trim())
        .filter(|e| e.rsplit_once(", %").map(|(_, b)| preds.contains(b.trim())).unwrap_or(true))
        .collect();
    let joined: Vec<String> = entries.iter().map(|e| format!("[ {e} ]")).collect();
    format!("{head}{}{comment}", joined.join(", "))
}

/// Lines holding a conditional branch or a switch.
fn branch_candidates(lines: &[String]) -> Vec<usize> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            t.starts_with("br i1 ") || t.starts_with("switch ")
        })
        .map(|(i, _)| i)
        .collect()
}

/// Reduces `text` while `holds` stays true; stops after `max_tests` predicate calls.
pub(crate) fn reduce(text: &str, holds: &mut dyn FnMut(&str) -> bool, max_tests: usize) -> (String, usize) {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut tests = 0usize;
    let mut try_it = |cand: &[String], tests: &mut usize| -> bool {
        *tests += 1;
        let mut s = cand.join("\n");
        s.push('\n');
        holds(&s)
    };
    loop {
        let before = lines.len();
        // Blocks: fold each conditional branch to one of its successors.
        let mut k = 0;
        while k < branch_candidates(&lines).len() && tests < max_tests {
            let at = branch_candidates(&lines)[k];
            let succs = successors(&lines[at]);
            let mut done = false;
            for s in succs.iter().collect::<BTreeSet<_>>() {
                let mut cand = lines.clone();
                cand[at] = format!("  br label %{s}");
                let cand = cleanup(cand);
                if try_it(&cand, &mut tests) {
                    lines = cand;
                    done = true;
                    break;
                }
            }
            if !done {
                k += 1;
            }
        }
        // Instructions: ddmin over chunks of removable lines.
        let mut n = 2usize;
        loop {
            let cands = inst_candidates(&lines);
            if cands.is_empty() || tests >= max_tests {
                break;
            }
            let chunk = cands.len().div_ceil(n).max(1);
            let mut progressed = false;
            for part in cands.chunks(chunk) {
                if tests >= max_tests {
                    break;
                }
                let drop: HashSet<usize> = part.iter().copied().collect();
                let cand = remove_lines(&lines, &drop);
                if try_it(&cand, &mut tests) {
                    lines = cand;
                    progressed = true;
                    break;
                }
            }
            if progressed {
                n = (n - 1).max(2);
            } else if chunk == 1 {
                break;
            } else {
                n = (n * 2).min(cands.len());
            }
        }
        if lines.len() >= before || tests >= max_tests {
            break;
        }
    }
    let mut s = lines.join("\n");
    s.push('\n');
    (s, tests)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "define void @k(i32 %a) {\nentry:\n  %x = add i32 %a, 1 ; T:i32\n  %c = icmp eq i32 %x, 0 ; T:i1\n  br i1 %c, label %t, label %m\nt:\n  %y = mul i32 %x, 3 ; T:i32\n  br label %m\nm:\n  %p = phi i32 [ %y, %t ], [ %x, %entry ] ; T:i32\n  store i32 %p, ptr null, align 4\n  ret void\n}\n";

    #[test]
    fn folds_branches_and_prunes_phis() {
        let mut lines: Vec<String> = SRC.lines().map(str::to_string).collect();
        let at = branch_candidates(&lines)[0];
        lines[at] = "  br label %m".into();
        let out = cleanup(lines).join("\n");
        assert!(!out.contains("t:\n"), "{out}");
        assert!(out.contains("%p = phi i32 [ %x, %entry ] ; T:i32"), "{out}");
    }

    #[test]
    fn removes_instructions_with_zero_uses() {
        let lines: Vec<String> = SRC.lines().map(str::to_string).collect();
        let drop: HashSet<usize> = [2].into_iter().collect();
        let out = remove_lines(&lines, &drop).join("\n");
        assert!(out.contains("icmp eq i32 0, 0") && out.contains("[ 0, %entry ]"), "{out}");
        assert!(out.contains("label %t, label %m"), "{out}");
    }

    #[test]
    fn reduces_to_what_the_predicate_needs() {
        let (out, _) = reduce(SRC, &mut |s: &str| s.contains("mul i32"), 1000);
        assert!(out.contains("mul i32") && !out.contains("store"), "{out}");
    }
}
