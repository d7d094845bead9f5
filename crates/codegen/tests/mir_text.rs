//! The MIR text form round-trips: for every example kernel, the listing of every function after isel (SSA) and
//! at the end of the pipeline (laid out) reads back to a function that prints the same listing, passes the
//! verifier, and — for the SSA form — gives the same PTX when the MIR pipeline runs on the parsed copy.

use simtc_codegen::mir::passes::{MirContext, MirPassManager, MirRunOptions};
use simtc_codegen::mir::{text, verify};
use simtc_codegen::{Options, Pipeline};

#[path = "../../simtc/tests/common/mod.rs"]
mod common;

#[test]
fn every_example_round_trips_through_the_text_form() {
    let mut n = 0;
    for f in common::example_kernels() {
        let src = std::fs::read_to_string(&f).unwrap();
        let mut m = simtc_llvm_reader::parse_module(&src).unwrap();
        let mut p = Pipeline::new(Options::default());
        p.emit_mir = true;
        let out = simtc_codegen::compile(&mut m, &p).unwrap();
        let funcs = text::parse(&out.mir).unwrap_or_else(|e| panic!("{}: {e:?}", f.display()));
        let again: String = funcs.iter().map(text::write_function).collect();
        assert_eq!(again, out.mir, "{}: the MIR text does not round-trip", f.display());
        for mf in &funcs {
            verify(mf).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        }
        // Running the MIR pipeline on the parsed SSA form gives the same final listing.
        let opts = Options::default();
        let mut pm = MirPassManager::new(MirRunOptions { verify_each: true, ..Default::default() });
        for pair in funcs.chunks(2) {
            let mut ssa = pair[0].clone();
            pm.run(&mut ssa, &MirContext { opts: &opts, knobs: &p.knobs }).unwrap();
            assert_eq!(text::write_function(&ssa), text::write_function(&pair[1]), "{}", f.display());
        }
        n += 1;
    }
    assert!(n >= 20, "expected the example kernels, found {n}");
}

#[test]
fn parse_errors_point_at_line_and_column() {
    let e = text::parse("mir f ssa {\nbb0:\n\tfrobnicate.s32 %r1, 1;\n\tret;\n}\n").unwrap_err();
    assert_eq!((e.line, e.col), (3, 2));
    assert!(e.message.contains("unknown operation `frobnicate`"), "{}", e.message);
    let e = text::parse("mir f ssa {\nbb0:\n\tret;\n").unwrap_err();
    assert!(e.message.contains("not closed"), "{}", e.message);
}
