//! Kernel parameters on the host side of a GPU launch: the entry's parameter list read from the PTX text, the
//! launch's arguments marshalled against it (the emulator's [`simtc_emu::launch::param_values`], with device
//! addresses), and the argument storage `cuLaunchKernel` reads through its `kernelParams` array.
//!
//! Invariants: the arguments are checked against the PTX's own declaration before any driver call, so a spec
//! that does not fit the kernel is the same error as in the emulator; every argument's storage is 8-byte
//! aligned and exactly as long as the parameter (rounded up to whole `u64`s), so the driver's copy of
//! `size` bytes from each pointer stays inside it.

use simtc_emu::program::ParamInfo;
use simtc_emu::ptx::ast;
use simtc_emu::{EmuError, Launch};

/// The parameters of kernel (`.entry`) `kernel` in `ptx`, with their sizes; `file` names the PTX in errors.
pub fn entry_params(ptx: &str, file: &str, kernel: &str) -> Result<Vec<ParamInfo>, EmuError> {
    let m = simtc_emu::ptx::parser::parse(ptx).map_err(|e| EmuError::Ptx(format!("{file}:{e}")))?;
    let entries: Vec<&ast::Function> = m.funcs.iter().filter(|f| f.entry).collect();
    let f = entries.iter().find(|f| f.name == kernel).ok_or_else(|| {
        let names: Vec<&str> = entries.iter().map(|f| f.name.as_str()).collect();
        EmuError::Launch(format!(
            "error: the PTX has no kernel named '{kernel}' (kernels: {})",
            if names.is_empty() { "none".to_string() } else { names.join(", ") }
        ))
    })?;
    let mut offset = 0u64;
    Ok(f.params
        .iter()
        .map(|p| {
            offset = offset.div_ceil(p.alignment()) * p.alignment();
            let info = ParamInfo {
                name: p.name.clone(),
                offset: offset as u32,
                size: p.size() as u32,
                align: p.alignment() as u32,
                ty: p.ty,
                array: p.array.is_some(),
            };
            offset += p.size();
            info
        })
        .collect())
}

/// The arguments of one launch, each in its own 8-byte-aligned storage.
#[derive(Debug, Clone, PartialEq)]
pub struct ArgStorage {
    words: Vec<Vec<u64>>,
    sizes: Vec<usize>,
}

impl ArgStorage {
    /// Marshals `launch`'s arguments for `params`, with buffer `i` at device address `addrs[i]`.
    pub fn new(launch: &Launch, params: &[ParamInfo], addrs: &[u64]) -> Result<ArgStorage, EmuError> {
        let values = simtc_emu::launch::param_values(launch, &launch.kernel, params, addrs)?;
        let mut words = Vec::with_capacity(values.len());
        let mut sizes = Vec::with_capacity(values.len());
        for v in values {
            let mut w = vec![0u64; v.len().div_ceil(8).max(1)];
            for (i, chunk) in v.chunks(8).enumerate() {
                let mut b = [0u8; 8];
                b[..chunk.len()].copy_from_slice(chunk);
                w[i] = u64::from_le_bytes(b);
            }
            sizes.push(v.len());
            words.push(w);
        }
        Ok(ArgStorage { words, sizes })
    }

    /// The bytes of argument `i` (little-endian, as the kernel sees them).
    pub fn bytes(&self, i: usize) -> Vec<u8> {
        self.words[i].iter().flat_map(|w| w.to_le_bytes()).take(self.sizes[i]).collect()
    }

    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// The `kernelParams` array: one pointer to each argument's storage, valid while `self` is neither moved
    /// out of nor changed (the storage lives on the heap, so moving the `ArgStorage` itself is fine).
    pub fn pointers(&mut self) -> Vec<*mut std::ffi::c_void> {
        self.words.iter_mut().map(|w| w.as_mut_ptr().cast()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use simtc_emu::LaunchSpec;
    use std::path::Path;

    const PTX: &str = r#".version 8.0
.target sm_90
.address_size 64

.visible .entry k(
	.param .u64 k_param_0,
	.param .u32 k_param_1,
	.param .align 8 .b8 k_param_2[16],
	.param .u8 k_param_3
)
{
	ret;
}
.visible .entry other()
{
	ret;
}
"#;

    fn spec(args: &str) -> Launch {
        let text = format!("kernel = \"k\"\ngrid = 2\nblock = 32\n{args}");
        LaunchSpec::parse(&text, Path::new(".")).unwrap().materialize().unwrap()
    }

    const ARGS: &str = r#"
[[args]]
buffer = "out"
type = "u32"
len = 4
output = true
[[args]]
scalar = "u32"
value = 305419896
[[args]]
bytes = "0102030405060708 0000000000000000"
pointers = [{ offset = 8, buffer = "side" }]
[[args]]
scalar = "u8"
value = 7
[[buffers]]
buffer = "side"
type = "f32"
len = 2
"#;

    #[test]
    fn reads_the_entry_parameters() {
        let ps = entry_params(PTX, "k.ptx", "k").unwrap();
        let got: Vec<(u32, u32, u32)> = ps.iter().map(|p| (p.offset, p.size, p.align)).collect();
        assert_eq!(got, [(0, 8, 8), (8, 4, 4), (16, 16, 8), (32, 1, 1)]);
        assert!(ps[2].array && !ps[0].array);
        let e = entry_params(PTX, "k.ptx", "nope").unwrap_err().to_string();
        assert!(e.contains("no kernel named 'nope' (kernels: k, other)"), "{e}");
        let e = entry_params("garbage", "k.ptx", "k").unwrap_err().to_string();
        assert!(e.starts_with("k.ptx:"), "{e}");
    }

    #[test]
    fn marshals_buffers_scalars_and_structs_with_device_addresses() {
        let launch = spec(ARGS);
        let ps = entry_params(PTX, "k.ptx", "k").unwrap();
        // Buffers in spec order: out, then side.
        let addrs = [0x7f00_0000_1000u64, 0x7f00_0000_2000];
        let mut a = ArgStorage::new(&launch, &ps, &addrs).unwrap();
        assert_eq!(a.len(), 4);
        assert_eq!(a.bytes(0), 0x7f00_0000_1000u64.to_le_bytes());
        assert_eq!(a.bytes(1), 0x1234_5678u32.to_le_bytes());
        let mut s = vec![1, 2, 3, 4, 5, 6, 7, 8];
        s.extend(0x7f00_0000_2000u64.to_le_bytes());
        assert_eq!(a.bytes(2), s);
        assert_eq!(a.bytes(3), [7]);
        // The pointers the driver reads from are 8-byte aligned and hold those bytes.
        let ptrs = a.pointers();
        assert!(ptrs.iter().all(|p| (*p as usize).is_multiple_of(8)));
        assert_eq!(ptrs.len(), 4);
    }

    #[test]
    fn rejects_arguments_that_do_not_fit_the_kernel() {
        let ps = entry_params(PTX, "k.ptx", "k").unwrap();
        let launch = spec("[[args]]\nscalar = \"u32\"\nvalue = 1\n");
        let e = ArgStorage::new(&launch, &ps, &[]).unwrap_err().to_string();
        assert!(e.contains("takes 4 parameters but the launch passes 1"), "{e}");
        let wrong = ARGS.replacen("scalar = \"u32\"\nvalue = 305419896", "scalar = \"u64\"\nvalue = 1", 1);
        let launch = spec(&wrong);
        let e = ArgStorage::new(&launch, &ps, &[0, 0]).unwrap_err().to_string();
        assert!(e.contains("argument 2 has 8 bytes but parameter 'k_param_1' (.u32) is 4 bytes"), "{e}");
    }
}
