//! `--dot-after` side files are never written next to a device or FIFO output: with `-o /dev/null` (or a FIFO)
//! they go to the current directory, named after the input; next to a regular output file they keep its stem;
//! without `-o` the CFGs go to standard error.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("simtc-side-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `simtc ARGS` run in directory `cwd`.
fn simtc_in(cwd: &Path, args: &[&str]) -> Output {
    let o = Command::new(env!("CARGO_BIN_EXE_simtc")).current_dir(cwd).args(args).output().expect("run simtc");
    assert_eq!(o.status.code(), Some(0), "simtc {args:?} failed:\n{}", String::from_utf8_lossy(&o.stderr));
    o
}

/// The file names in `dir`, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

fn kernel(name: &str) -> String {
    common::repo_root().join(format!("examples/kernels/{name}.ll")).to_str().unwrap().to_string()
}

#[test]
fn dot_files_of_dev_null_output_go_to_the_current_directory() {
    let cwd = tmp("devnull");
    simtc_in(&cwd, &["compile", &kernel("bitonic_sort"), "--dot-after", "darm", "-o", "/dev/null"]);
    assert_eq!(files(&cwd), ["bitonic_sort.darm.bitonic_sort.dot"]);
    assert!(!Path::new("/dev/null.darm.bitonic_sort.dot").exists(), "a side file was written next to /dev/null");
    let dot = std::fs::read_to_string(cwd.join("bitonic_sort.darm.bitonic_sort.dot")).unwrap();
    assert!(dot.starts_with("digraph"), "{dot}");
    let _ = std::fs::remove_dir_all(&cwd);
    // `opt`, every function of the module, and standard input (named `stdin`).
    let cwd = tmp("devnull-opt");
    let o = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .current_dir(&cwd)
        .args(["opt", "-", "--passes", "dce", "--dot-after", "dce", "-o", "/dev/null"])
        .stdin(std::fs::File::open(kernel("device_call")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        files(&cwd),
        ["stdin.dce._Z13weighted_termPKfifS0_.dot", "stdin.dce.device_call.dot", "stdin.dce.store_pair.dot"]
    );
    let _ = std::fs::remove_dir_all(&cwd);
}

#[test]
fn dot_files_of_a_regular_output_go_next_to_it() {
    let cwd = tmp("regular");
    let out = tmp("regular-out").join("k.ptx");
    simtc_in(&cwd, &["compile", &kernel("warp_reduce"), "--dot-after", "darm", "-o", out.to_str().unwrap()]);
    assert!(files(&cwd).is_empty(), "side files in the current directory: {:?}", files(&cwd));
    assert_eq!(files(out.parent().unwrap()), ["k.darm.warp_reduce.dot", "k.ptx"]);
    // Without -o: standard error, no file.
    let o = simtc_in(&cwd, &["compile", &kernel("warp_reduce"), "--dot-after", "darm"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("; *** CFG (dot) of @warp_reduce after darm ***"));
    assert!(files(&cwd).is_empty());
    let _ = std::fs::remove_dir_all(&cwd);
    let _ = std::fs::remove_dir_all(out.parent().unwrap());
}

#[cfg(unix)]
#[test]
fn dot_files_of_a_fifo_output_go_to_the_current_directory() {
    let cwd = tmp("fifo");
    let fifo = cwd.join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).stderr(Stdio::null()).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("note: mkfifo failed; skipping");
        return;
    }
    // A reader, so that opening the FIFO for writing does not block.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).map(|b| b.len()).unwrap_or(0))
    };
    simtc_in(&cwd, &["compile", &kernel("warp_reduce"), "--dot-after", "darm", "-o", fifo.to_str().unwrap()]);
    assert!(reader.join().unwrap() > 0, "no PTX came through the FIFO");
    assert_eq!(files(&cwd), ["out.fifo", "warp_reduce.darm.warp_reduce.dot"]);
    let _ = std::fs::remove_dir_all(&cwd);
}
