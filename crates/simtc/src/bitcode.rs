//! LLVM bitcode input: recognised by its magic number and read through `llvm-dis`.
//!
//! Every subcommand that reads LLVM IR (`compile`, `opt`, `analyze`, `check`, `run --ll`) accepts bitcode as well
//! as text. A file that starts with the bitcode magic (`BC 0xC0DE`) or the wrapper magic (`0x0B17C0DE`, little
//! endian) is disassembled by `llvm-dis` and the text is read as usual; the reader's diagnostics then carry
//! line:col positions in that disassembly, and say so in a note. Without `llvm-dis` the input is rejected (exit 1)
//! with the command that converts it.
//!
//! `llvm-dis` is `$SIMTC_LLVM_DIS` when set (a path that is not a file means "none": tests use it to take the
//! no-llvm-dis path), else the first of `llvm-dis-19` and `llvm-dis` on `PATH`, then `/usr/lib/llvm-19/bin/llvm-dis`.

use super::Rejected;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Whether `bytes` begin with a bitcode magic number (raw or wrapped).
pub(crate) fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&0x0B17_C0DEu32.to_le_bytes())
}

/// The `llvm-dis` to run (see the module doc), or where it was looked for.
fn find_llvm_dis() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("SIMTC_LLVM_DIS") {
        let p = PathBuf::from(p);
        return if p.is_file() { Ok(p) } else { Err(format!("$SIMTC_LLVM_DIS ('{}') is not a file", p.display())) };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    ["llvm-dis-19", "llvm-dis"]
        .iter()
        .flat_map(|n| dirs.iter().map(move |d| d.join(n)))
        .chain(std::iter::once(PathBuf::from("/usr/lib/llvm-19/bin/llvm-dis")))
        .find(|p| p.is_file())
        .ok_or_else(|| "looked for llvm-dis-19 and llvm-dis on PATH and /usr/lib/llvm-19/bin/llvm-dis".to_string())
}

/// The command that converts `name` to text, for the message when no llvm-dis is found.
fn convert_hint(name: &str) -> String {
    if name == "<stdin>" {
        return "llvm-dis - -o input.ll".into();
    }
    let p = Path::new(name);
    let out = if p.extension().is_some_and(|e| e == "bc") {
        p.with_extension("ll")
    } else {
        PathBuf::from(format!("{name}.ll"))
    };
    format!("llvm-dis {name} -o {}", out.display())
}

/// Disassembles the bitcode `bytes` of the input named `name` with llvm-dis and returns the text.
pub(crate) fn disassemble(name: &str, bytes: &[u8]) -> Result<String, Rejected> {
    let dis = find_llvm_dis().map_err(|where_| {
        Rejected(format!(
            "{name}: error: {name} is LLVM bitcode and simtc reads it through llvm-dis, which was not found \
             ({where_}); convert it with `{}`",
            convert_hint(name)
        ))
    })?;
    let mut child = Command::new(&dis)
        .args(["-o", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Rejected(format!("{name}: error: could not run '{}' to read the bitcode: {e}", dis.display())))?;
    // Written from a thread: llvm-dis may start writing before it has read everything.
    let mut stdin = child.stdin.take();
    let out = std::thread::scope(|s| {
        s.spawn(move || {
            if let Some(w) = stdin.as_mut() {
                let _ = w.write_all(bytes);
            }
            drop(stdin);
        });
        child.wait_with_output()
    })
    .map_err(|e| Rejected(format!("{name}: error: '{}' failed to run: {e}", dis.display())))?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr);
        return Err(Rejected(format!(
            "{name}: error: {name} is LLVM bitcode that '{}' could not read:\n{}",
            dis.display(),
            why.trim_end()
        )));
    }
    String::from_utf8(out.stdout)
        .map_err(|_| Rejected(format!("{name}: error: '{}' wrote text that is not UTF-8", dis.display())))
}

/// The note added to a diagnostic about bitcode input `name`: where its positions are.
pub(crate) fn position_note(name: &str) -> String {
    let file = if name == "<stdin>" { "-" } else { name };
    format!(
        "{name}: note: {name} is LLVM bitcode: the line:col positions above are in its llvm-dis disassembly \
         (`llvm-dis {file} -o -` prints it)\n"
    )
}
