//! The filetest harness: every `tests/filetests/<area>/*.ll` (LLVM IR) and `*.mir` (MIR text, for
//! `simtc mir-opt`) is one test.
//!
//! Header lines (anywhere in the file, usually at the top):
//! - `; RUN: <subcommand and flags>` — arguments to `simtc`; `%s` is the file's path. Exactly one per file.
//! - `; EXIT: <code>` — expected exit code (default 0).
//!
//! Check lines, FileCheck-style, against standard output (`CHECK`) or standard error (`ERR`):
//! `CHECK:` (match on a later line), `CHECK-NEXT:` (the very next line), `CHECK-SAME:` (the same line, after the
//! previous match), `CHECK-NOT:` (absent between the surrounding matches), `CHECK-LABEL:` (like `CHECK`),
//! `CHECK-EMPTY:` (the next line is empty), and the same suffixes for `ERR`. A pattern is literal text in which
//! `{{regex}}` embeds a regular expression; as in FileCheck, a run of spaces or tabs in the literal text matches any
//! run of horizontal whitespace. As in FileCheck, `[[NAME:regex]]` matches `regex` and binds what it matched to
//! `NAME` for the check lines that follow, where `[[NAME]]` matches that text literally (a `[` just before `[[`
//! is literal: `[[[R]]]` is a bracketed use). A file must have at least one check line or an `EXIT` line.

use libtest_mimic::{Arguments, Failed, Trial};
use regex::Regex;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/filetests");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let trials = files
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
            Trial::test(name, move || run_file(&path))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "ll" || x == "mir") {
            out.push(p);
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Plain,
    Next,
    Same,
    Not,
    Label,
    Empty,
}

#[derive(Debug)]
struct Check {
    kind: Kind,
    pattern: String,
    line: usize,
}

fn run_file(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut run = None;
    let mut exit = 0i32;
    let mut out_checks = Vec::new();
    let mut err_checks = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(c) = line.trim_start().strip_prefix(';') else {
            continue;
        };
        let c = c.trim_start();
        if let Some(r) = c.strip_prefix("RUN:") {
            if run.is_some() {
                return Err("more than one RUN line".into());
            }
            run = Some(r.trim().to_string());
        } else if let Some(e) = c.strip_prefix("EXIT:") {
            exit = e.trim().parse().map_err(|_| format!("bad EXIT line {}", n + 1))?;
        } else if let Some(ch) = parse_check(c, "CHECK", n + 1) {
            out_checks.push(ch);
        } else if let Some(ch) = parse_check(c, "ERR", n + 1) {
            err_checks.push(ch);
        } else if c.starts_with("CHECK-") || c.starts_with("ERR-") {
            // A misspelt or unsupported directive (CHECK-DAG, ...) would otherwise be silently ignored.
            return Err(format!("line {}: unknown check directive: {c}", n + 1).into());
        }
    }
    let run = run.ok_or("no RUN line")?;
    if out_checks.is_empty() && err_checks.is_empty() && exit == 0 {
        return Err("no check lines: the test would assert nothing".into());
    }
    let file = path.display().to_string();
    let args: Vec<String> = run.split_whitespace().map(|a| a.replace("%s", &file)).collect();
    let output =
        Command::new(env!("CARGO_BIN_EXE_simtc")).args(&args).output().map_err(|e| format!("cannot run simtc: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let code = output.status.code().unwrap_or(-1);
    if code == 101 {
        return Err(format!("simtc panicked (exit 101):\n{stderr}").into());
    }
    if code != exit {
        return Err(
            format!("expected exit {exit}, got {code}\n--- stderr ---\n{stderr}\n--- stdout ---\n{stdout}").into()
        );
    }
    filecheck(&out_checks, &stdout).map_err(|e| format!("stdout: {e}\n--- stdout ---\n{stdout}"))?;
    filecheck(&err_checks, &stderr).map_err(|e| format!("stderr: {e}\n--- stderr ---\n{stderr}"))?;
    validate_ptx(&args, &stdout, code, path)?;
    Ok(())
}

/// A successful `compile` that printed PTX: ptxas must accept it for the `--mcpu` target (default sm_90).
fn validate_ptx(args: &[String], stdout: &str, code: i32, path: &Path) -> Result<(), Failed> {
    if args.first().map(String::as_str) != Some("compile") || code != 0 {
        return Ok(());
    }
    let emit = args.iter().position(|a| a == "--emit").and_then(|k| args.get(k + 1)).map(String::as_str);
    if emit.is_some_and(|e| e != "ptx") || args.iter().any(|a| a == "-o") {
        return Ok(());
    }
    let arch =
        args.iter().position(|a| a == "--mcpu").and_then(|k| args.get(k + 1)).map(String::as_str).unwrap_or("sm_90");
    let Some(ptxas) = common::ptxas_for(arch) else { return Ok(()) };
    let dir = std::env::temp_dir().join(format!("simtc-filetests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let file = dir.join(format!("{name}.{arch}.ptx"));
    std::fs::write(&file, stdout).map_err(|e| e.to_string())?;
    let out = Command::new(&ptxas)
        .args(["-arch", arch, "-o", "/dev/null"])
        .arg(&file)
        .output()
        .map_err(|e| format!("cannot run ptxas: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "ptxas -arch={arch} rejected the PTX:\n{}\n--- PTX ---\n{stdout}",
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    Ok(())
}

fn parse_check(c: &str, prefix: &str, line: usize) -> Option<Check> {
    let rest = c.strip_prefix(prefix)?;
    let (kind, rest) = if let Some(r) = rest.strip_prefix(':') {
        (Kind::Plain, r)
    } else if let Some(r) = rest.strip_prefix("-NEXT:") {
        (Kind::Next, r)
    } else if let Some(r) = rest.strip_prefix("-SAME:") {
        (Kind::Same, r)
    } else if let Some(r) = rest.strip_prefix("-NOT:") {
        (Kind::Not, r)
    } else if let Some(r) = rest.strip_prefix("-LABEL:") {
        (Kind::Label, r)
    } else if let Some(r) = rest.strip_prefix("-EMPTY:") {
        (Kind::Empty, r)
    } else {
        return None;
    };
    Some(Check { kind, pattern: rest.trim().to_string(), line })
}

/// Escapes literal pattern text; as in FileCheck, a run of spaces/tabs matches any run of horizontal whitespace
/// (PTX separates an opcode from its operands with `" \t"`).
fn literal(s: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let mut in_ws = false;
    for ch in s.chars() {
        if ch == ' ' || ch == '\t' {
            if !in_ws {
                out.push_str(&regex::escape(&word));
                word.clear();
                out.push_str("[ \\t]+");
                in_ws = true;
            }
        } else {
            in_ws = false;
            word.push(ch);
        }
    }
    out.push_str(&regex::escape(&word));
    out
}

/// Compiles a check pattern: literal text with `{{regex}}` pieces and `[[NAME:regex]]` / `[[NAME]]` variables
/// (`vars` holds the bound ones). Returns the regex and the names it binds (group `v_NAME` each).
fn compile(p: &str, vars: &HashMap<String, String>) -> Result<(Regex, Vec<String>), String> {
    let mut re = String::new();
    let mut binds = Vec::new();
    let mut lit = String::new();
    let mut rest = p;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("{{") {
            let j = after.find("}}").ok_or_else(|| format!("unclosed {{{{ in pattern '{p}'"))?;
            re.push_str(&literal(&lit));
            lit.clear();
            re.push_str(&format!("(?:{})", &after[..j]));
            rest = &after[j + 2..];
            continue;
        }
        if let Some(after) = rest.strip_prefix("[[").filter(|a| !a.starts_with('[')) {
            let name_len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
            let name = &after[..name_len];
            let tail = &after[name_len..];
            let valid = !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit());
            if valid && (tail.starts_with(':') || tail.starts_with("]]")) {
                re.push_str(&literal(&lit));
                lit.clear();
                if let Some(def) = tail.strip_prefix(':') {
                    let j = def.find("]]").ok_or_else(|| format!("unclosed [[ in pattern '{p}'"))?;
                    re.push_str(&format!("(?P<v_{name}>{})", &def[..j]));
                    binds.push(name.to_string());
                    rest = &def[j + 2..];
                } else {
                    let v = vars.get(name).ok_or_else(|| format!("undefined variable [[{name}]] in pattern '{p}'"))?;
                    re.push_str(&regex::escape(v));
                    rest = &tail[2..];
                }
                continue;
            }
        }
        let ch = rest.chars().next().expect("non-empty");
        lit.push(ch);
        rest = &rest[ch.len_utf8()..];
    }
    re.push_str(&literal(&lit));
    let re = Regex::new(&re).map_err(|e| format!("bad pattern '{p}': {e}"))?;
    Ok((re, binds))
}

/// Binds the variables a match defined.
fn bind(vars: &mut HashMap<String, String>, names: &[String], caps: &regex::Captures<'_>) {
    for n in names {
        if let Some(m) = caps.name(&format!("v_{n}")) {
            vars.insert(n.clone(), m.as_str().to_string());
        }
    }
}

fn filecheck(checks: &[Check], text: &str) -> Result<(), String> {
    let lines: Vec<&str> = text.lines().collect();
    // Cursor: (line index, byte column) just after the last match.
    let mut cur_line = 0usize;
    let mut cur_col = 0usize;
    let mut last_match_line: Option<usize> = None;
    let mut pending_not: Vec<(&Check, Regex)> = Vec::new();
    let check_nots =
        |nots: &mut Vec<(&Check, Regex)>, from: (usize, usize), to: (usize, usize)| -> Result<(), String> {
            for (c, re) in nots.drain(..) {
                for li in from.0..=to.0.min(lines.len().saturating_sub(1)) {
                    if li >= lines.len() {
                        break;
                    }
                    let l = lines[li];
                    let s = if li == from.0 { from.1.min(l.len()) } else { 0 };
                    let e = if li == to.0 { to.1.min(l.len()) } else { l.len() };
                    if s <= e && re.is_match(&l[s..e]) {
                        return Err(format!(
                            "CHECK-NOT (line {}) '{}' matched on output line {}: {l}",
                            c.line,
                            c.pattern,
                            li + 1
                        ));
                    }
                }
            }
            Ok(())
        };
    let mut vars: HashMap<String, String> = HashMap::new();
    for c in checks {
        let (re, names) = compile(&c.pattern, &vars)?;
        match c.kind {
            Kind::Not => pending_not.push((c, re)),
            Kind::Plain | Kind::Label => {
                let mut found = None;
                for (li, line) in lines.iter().enumerate().skip(cur_line) {
                    let start = if li == cur_line { cur_col.min(line.len()) } else { 0 };
                    if let Some(caps) = re.captures(&line[start..]) {
                        let m = caps.get(0).expect("whole match");
                        found = Some((li, start + m.start(), start + m.end()));
                        bind(&mut vars, &names, &caps);
                        break;
                    }
                }
                let (li, ms, me) = found.ok_or_else(|| format!("check line {}: '{}' not found", c.line, c.pattern))?;
                check_nots(&mut pending_not, (cur_line, cur_col), (li, ms))?;
                cur_line = li;
                cur_col = me;
                last_match_line = Some(li);
            }
            Kind::Next | Kind::Empty => {
                let li = last_match_line.map(|l| l + 1).unwrap_or(0);
                if li >= lines.len() {
                    return Err(format!("check line {}: no next line for '{}'", c.line, c.pattern));
                }
                let caps = if c.kind == Kind::Empty { None } else { re.captures(lines[li]) };
                let ok = if c.kind == Kind::Empty { lines[li].trim().is_empty() } else { caps.is_some() };
                if !ok {
                    return Err(format!(
                        "check line {}: '{}' does not match next line {}: {}",
                        c.line,
                        c.pattern,
                        li + 1,
                        lines[li]
                    ));
                }
                let me = caps.as_ref().and_then(|c| c.get(0)).map_or(0, |m| m.end());
                if let Some(caps) = &caps {
                    bind(&mut vars, &names, caps);
                }
                check_nots(&mut pending_not, (cur_line, cur_col), (li, 0))?;
                cur_line = li;
                cur_col = me;
                last_match_line = Some(li);
            }
            Kind::Same => {
                let li = last_match_line
                    .ok_or_else(|| format!("check line {}: CHECK-SAME without a previous match", c.line))?;
                let l = lines[li];
                let caps = re
                    .captures(&l[cur_col.min(l.len())..])
                    .ok_or_else(|| format!("check line {}: '{}' not found on the same line: {l}", c.line, c.pattern))?;
                cur_col += caps.get(0).expect("whole match").end();
                bind(&mut vars, &names, &caps);
            }
        }
    }
    let end = (lines.len(), 0);
    check_nots(&mut pending_not, (cur_line, cur_col), end)?;
    Ok(())
}
