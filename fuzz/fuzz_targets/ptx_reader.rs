//! Fuzzes the emulator's PTX reader: any text must be loaded or rejected with an error, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let _ = simtc_emu::load_ptx(src, "fuzz.ptx");
});
