//! Every example kernel reads, verifies, survives `dce`, writes back to text that `llvm-as` 19 accepts, and
//! round-trips to a structurally equal module; the writer reproduces clang's text exactly (comments aside).

mod common;

use std::process::Command;

fn read(path: &std::path::Path) -> (String, simtc_ir::Module) {
    let src = std::fs::read_to_string(path).unwrap();
    let m = simtc_llvm_reader::parse_module_named(&src, &path.display().to_string()).unwrap_or_else(|e| panic!("{e}"));
    (src, m)
}

#[test]
fn examples_read_verify_and_round_trip() {
    for path in common::example_kernels() {
        let (_, m) = read(&path);
        if let Err(errs) = simtc_ir::verifier::verify_module(&m) {
            panic!("{}: {:?}", path.display(), errs.iter().map(|e| e.to_string()).collect::<Vec<_>>());
        }
        let text = simtc_ir::writer::write_module(&m);
        let again = simtc_llvm_reader::parse_module_named(&text, "written.ll")
            .unwrap_or_else(|e| panic!("{}: written text does not read back:\n{e}", path.display()));
        simtc_ir::equal::modules_equal(&m, &again)
            .unwrap_or_else(|e| panic!("{}: round trip is not structurally equal: {e}", path.display()));
        assert_eq!(text, simtc_ir::writer::write_module(&again), "{}: writing is not a fixpoint", path.display());
    }
}

#[test]
fn writer_reproduces_clang_text() {
    for path in common::example_kernels() {
        let (src, m) = read(&path);
        let text = simtc_ir::writer::write_module(&m);
        // clang adds `; ModuleID`, `; Function Attrs` and `; preds =` comments; everything else must match.
        let strip = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| !l.starts_with(';'))
                .map(|l| match l.find("; preds =") {
                    Some(i) => l[..i].trim_end().to_string(),
                    None => l.to_string(),
                })
                .collect()
        };
        let (a, b) = (strip(&src), strip(&text));
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            assert_eq!(x, y, "{}: line {} differs", path.display(), i + 1);
        }
        assert_eq!(a.len(), b.len(), "{}: line count differs", path.display());
    }
}

#[test]
fn llvm_as_accepts_written_examples() {
    let Some(llvm_as) = common::llvm_tool("llvm-as") else { return };
    let dir = std::env::temp_dir().join(format!("simtc-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for path in common::example_kernels() {
        let (_, mut m) = read(&path);
        // Through the dce pass too, so the pass's output is validated as well.
        let mut pm = simtc_opt::PassManager::from_pipeline("verify,dce", Default::default()).unwrap();
        pm.run(&mut m).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = dir.join(path.file_name().unwrap());
        std::fs::write(&out, simtc_ir::writer::write_module(&m)).unwrap();
        let st = Command::new(&llvm_as).arg(&out).arg("-o").arg("/dev/null").output().unwrap();
        assert!(
            st.status.success(),
            "llvm-as rejected simtc's output for {}:\n{}",
            path.display(),
            String::from_utf8_lossy(&st.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_main_job_runs_on_a_shipped_example() {
    let out = std::env::temp_dir().join(format!("simtc-readme-{}.ll", std::process::id()));
    let st = Command::new(env!("CARGO_BIN_EXE_simtc"))
        .current_dir(common::repo_root())
        .args(["opt", "examples/kernels/bitonic_sort.ll", "--passes", "verify,dce", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(st.status.success(), "{}", String::from_utf8_lossy(&st.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("define dso_local void @bitonic_sort("), "{text}");
    let _ = std::fs::remove_file(&out);
}

/// `-o` replaces an existing file's contents exactly (written over, then cut to length): a longer old file
/// leaves no tail, and the file keeps its permissions, as with truncation.
#[test]
fn output_file_is_replaced_exactly() {
    use std::os::unix::fs::PermissionsExt;
    let out = std::env::temp_dir().join(format!("simtc-replace-{}.ptx", std::process::id()));
    std::fs::write(&out, "x".repeat(200_000)).unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    let compile = |o: Option<&std::path::Path>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_simtc"));
        c.current_dir(common::repo_root()).args(["compile", "examples/kernels/launch_bounds.ll"]);
        if let Some(o) = o {
            c.arg("-o").arg(o);
        }
        let r = c.output().unwrap();
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        r.stdout
    };
    let expected = compile(None);
    assert!(expected.starts_with(b"//"), "{}", String::from_utf8_lossy(&expected));
    for _ in 0..2 {
        // Twice: over the long file, then over a file of the same length.
        compile(Some(&out));
        assert_eq!(std::fs::read(&out).unwrap(), expected);
    }
    assert_eq!(std::fs::metadata(&out).unwrap().permissions().mode() & 0o777, 0o640);
    let _ = std::fs::remove_file(&out);
}

#[test]
fn kernels_are_found_through_nvvm_annotations() {
    for path in common::example_kernels() {
        let (_, m) = read(&path);
        let kernels: Vec<_> = m.func_ids().filter(|&f| m.is_kernel(f)).collect();
        assert!(!kernels.is_empty(), "{}: no kernel found", path.display());
        for f in kernels {
            assert!(!m.funcs[f].is_declaration(), "{}: kernel without a body", path.display());
        }
    }
    let (_, m) = read(&common::repo_root().join("examples/kernels/launch_bounds.ll"));
    let k = m.func_ids().find(|&f| m.is_kernel(f)).unwrap();
    let ann = m.annotations(k);
    assert!(ann.iter().any(|(k, _)| k == "maxntidx"), "{ann:?}");
}
