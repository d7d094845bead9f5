//! The lists in the docs that name passes, knobs and `simtc check` builds cannot drift from the registries:
//!
//! - Generated blocks — between `<!-- BEGIN generated: NAME -->` and `<!-- END generated: NAME -->` — must equal
//!   what this test renders from the CLI's own listings: the README's pass table (`simtc compile --list-passes`),
//!   `doc/knobs.md` (`simtc compile --list-knobs`) and `doc/emulator.md`'s builds (`simtc check --list-builds`).
//!   `SIMTC_BLESS=1 cargo test -p simtc --test doc_lists` rewrites them after a registry change.
//! - Every `--disable-pass NAME` written in the README or `doc/*.md` names a pass `--disable-pass` accepts, and
//!   every `--knob NAME=VALUE` a knob that exists.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn simtc(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_simtc")).args(args).output().expect("run simtc");
    assert!(o.status.success(), "simtc {args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8 listing")
}

/// `--list-passes` rows: (name, kind, role, description).
fn passes() -> Vec<(String, String, String, String)> {
    simtc(&["compile", "--list-passes"])
        .lines()
        .map(|l| {
            let mut it = l.split_whitespace();
            let (n, k, r) = (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
            (n.to_string(), k.to_string(), r.to_string(), it.collect::<Vec<_>>().join(" "))
        })
        .collect()
}

fn pass_table() -> String {
    let mut s = String::from("| pass | kind | in `compile` | what it does |\n|---|---|---|---|\n");
    for (n, k, r, d) in passes() {
        s.push_str(&format!("| `{n}` | {k} | {r} | {} |\n", d.replace('|', "\\|")));
    }
    s
}

fn text_block(listing: &str) -> String {
    format!("```text\n{listing}```\n")
}

/// The generated blocks: (file, block name, expected contents).
fn generated() -> Vec<(PathBuf, &'static str, String)> {
    let root = common::repo_root();
    vec![
        (root.join("README.md"), "passes", pass_table()),
        (root.join("doc/knobs.md"), "knobs", text_block(&simtc(&["compile", "--list-knobs"]))),
        (root.join("doc/emulator.md"), "check-builds", text_block(&simtc(&["check", "--list-builds"]))),
    ]
}

/// The byte range of block `name`'s contents in `text` (after the BEGIN line, up to the END marker).
fn block_range(text: &str, name: &str, path: &Path) -> std::ops::Range<usize> {
    let begin = format!("<!-- BEGIN generated: {name} -->\n");
    let end = format!("<!-- END generated: {name} -->");
    let b = text.find(&begin).unwrap_or_else(|| panic!("{}: no `{}` marker", path.display(), begin.trim()));
    let start = b + begin.len();
    let e = text[start..].find(&end).unwrap_or_else(|| panic!("{}: no `{end}` marker", path.display()));
    start..start + e
}

#[test]
fn generated_blocks_match_the_registries() {
    let bless = std::env::var_os("SIMTC_BLESS").is_some();
    let mut stale = Vec::new();
    for (path, name, want) in generated() {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let r = block_range(&text, name, &path);
        if text[r.clone()] == want {
            continue;
        }
        if bless {
            let mut t = text.clone();
            t.replace_range(r, &want);
            std::fs::write(&path, t).expect("rewrite doc");
        } else {
            stale.push(format!("{} ({name})", path.display()));
        }
    }
    assert!(
        stale.is_empty(),
        "generated doc blocks are stale: {}; run `SIMTC_BLESS=1 cargo test -p simtc --test doc_lists`",
        stale.join(", ")
    );
}

/// Every `--disable-pass NAME` and `--knob NAME=` in the README and `doc/*.md` names something real.
#[test]
fn pass_and_knob_names_in_the_docs_exist() {
    let optional: Vec<String> = passes().into_iter().filter(|p| p.2 == "optional").map(|p| p.0).collect();
    let knobs: Vec<String> = simtc(&["compile", "--list-knobs"])
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    let root = common::repo_root();
    let mut files = vec![root.join("README.md")];
    for e in std::fs::read_dir(root.join("doc")).expect("doc/").flatten() {
        if e.path().extension().is_some_and(|x| x == "md") {
            files.push(e.path());
        }
    }
    files.sort();
    let mut bad = Vec::new();
    let name_at =
        |s: &str| -> String { s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect() };
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read doc");
        for (k, _) in text.match_indices("--disable-pass ") {
            let n = name_at(&text[k + "--disable-pass ".len()..]);
            // `NAME`, `P` and the like are placeholders.
            if !n.is_empty() && n.chars().any(|c| c.is_ascii_lowercase()) && !optional.contains(&n) {
                bad.push(format!("{}: --disable-pass {n}", f.display()));
            }
        }
        for (k, _) in text.match_indices("--knob ") {
            let rest = &text[k + "--knob ".len()..];
            let n = name_at(rest);
            if rest[n.len()..].starts_with('=') && n.chars().any(|c| c.is_ascii_lowercase()) && !knobs.contains(&n) {
                bad.push(format!("{}: --knob {n}", f.display()));
            }
        }
    }
    assert!(bad.is_empty(), "docs name passes or knobs that do not exist:\n{}", bad.join("\n"));
}
