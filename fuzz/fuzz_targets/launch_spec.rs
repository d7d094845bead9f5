//! Fuzzes the launch-spec (TOML) reader: any text must parse or be rejected with an error, never panic; a spec
//! that parses and asks for at most 16 MiB of buffers must materialize or be rejected with an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let Ok(spec) = simtc_emu::LaunchSpec::parse(src, Path::new("/nonexistent-simtc-fuzz")) else { return };
    let bytes: u128 = spec.buffers().map(|b| b.len.unwrap_or(0) as u128 * b.ty.size() as u128).sum();
    if bytes <= 16 << 20 {
        let _ = spec.materialize();
    }
});
