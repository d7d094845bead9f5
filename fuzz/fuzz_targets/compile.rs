//! Fuzzes the whole compile pipeline on reader-accepted inputs: a module that the LLVM IR reader accepts and the
//! verifier passes must compile (at -O0, -O3 or the structurized -O3, chosen by the first byte) or be rejected
//! with a `CompileError`, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use simtc_codegen::target::Options;
use simtc_codegen::{driver, Pipeline};

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else { return };
    let Ok(src) = std::str::from_utf8(rest) else { return };
    let Ok(mut m) = simtc_llvm_reader::parse_module(src) else { return };
    if simtc_ir::verifier::verify_module(&m).is_err() {
        return;
    }
    let mut opts = Options::default();
    opts.opt_level = if sel % 3 == 0 { 0 } else { 3 };
    let mut p = Pipeline::new(opts);
    if sel % 3 == 2 {
        p.knobs = driver::knob_registry().parse(&["structurize=true".to_string()]).expect("the knob exists");
    }
    let _ = simtc_codegen::compile(&mut m, &p);
});
