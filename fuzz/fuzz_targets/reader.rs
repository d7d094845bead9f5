//! Fuzzes the LLVM IR reader: any input must be read or rejected with a diagnostic, never panic; a module that is
//! read and verifies must write back to text that reads again and verifies.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let Ok(m) = simtc_llvm_reader::parse_module(src) else { return };
    if simtc_ir::verifier::verify_module(&m).is_err() {
        return;
    }
    let text = simtc_ir::writer::write_module(&m);
    let again = simtc_llvm_reader::parse_module(&text)
        .unwrap_or_else(|d| panic!("written module does not read back: {}\n{text}", d.render("out.ll", &text)));
    if let Err(e) = simtc_ir::verifier::verify_module(&again) {
        panic!("written module does not verify: {:?}\n{text}", e.iter().map(|e| e.to_string()).collect::<Vec<_>>());
    }
});
