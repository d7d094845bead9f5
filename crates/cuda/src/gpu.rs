//! The driver side of a GPU run, through cudarc (libcuda loaded at run time): device discovery, the PTX JIT with
//! its logs, buffers, timed launches, copies back. The crate's unsafe code is all here; each block says why it is
//! sound.
//!
//! Invariants: one context (the device's primary context) and one stream carry all the work, so every copy,
//! event and launch is ordered by the stream alone (cudarc's cross-stream event tracking is switched off); each
//! launch is bracketed by its own event pair with nothing else between them, and the buffer restore before it lies
//! outside the pair; a buffer is allocated with at least one byte (the driver refuses empty allocations) and
//! read back truncated to its real length.
#![allow(unsafe_code)]

use crate::params::ArgStorage;
use crate::{GpuError, GpuOptions, RunResult};
use cudarc::driver::{result, sys, CudaContext, DevicePtr, DriverError};
use simtc_emu::program::ParamInfo;
use simtc_emu::Launch;
use std::ffi::{c_void, CString};
use std::sync::Arc;

/// Bytes of each JIT log buffer.
const JIT_LOG_BYTES: usize = 64 * 1024;

/// Dynamic shared memory above this needs the kernel's opt-in attribute.
const DEFAULT_DYNAMIC_SHARED_LIMIT: u32 = 48 * 1024;

/// `CUDA_ERROR_NAME: description` of a driver error.
fn describe(e: DriverError) -> String {
    let name = e.error_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", e.0));
    match e.error_string() {
        Ok(s) => format!("{name}: {}", s.to_string_lossy()),
        Err(_) => name,
    }
}

/// Maps a driver error to [`GpuError::Driver`] with what was being done.
fn failed(what: impl Into<String>) -> impl FnOnce(DriverError) -> GpuError {
    let what = what.into();
    move |e| GpuError::Driver(format!("{what}: {}", describe(e)))
}

/// Loads the driver, initializes it and opens device `ordinal`'s primary context; [`GpuError::NoDevice`] says why
/// when there is no driver library, `cuInit` fails (e.g. `CUDA_ERROR_NO_DEVICE`) or there are too few devices.
pub fn open_device(ordinal: usize) -> Result<Arc<CudaContext>, GpuError> {
    // SAFETY: only tries to load the shared library under the names cudarc knows; no symbol is used.
    if !unsafe { sys::is_culib_present() } {
        return Err(GpuError::NoDevice(
            "the CUDA driver library libcuda.so could not be loaded; is the NVIDIA driver installed?".into(),
        ));
    }
    result::init().map_err(|e| GpuError::NoDevice(format!("cuInit failed: {}", describe(e))))?;
    let n = result::device::get_count()
        .map_err(|e| GpuError::NoDevice(format!("cuDeviceGetCount failed: {}", describe(e))))?;
    if n <= 0 {
        return Err(GpuError::NoDevice("the CUDA driver reports no devices".into()));
    }
    if ordinal >= n as usize {
        return Err(GpuError::NoDevice(format!("device {ordinal} was asked for but the driver reports {n}")));
    }
    CudaContext::new(ordinal).map_err(failed(format!("could not open CUDA device {ordinal}")))
}

/// A loaded module, unloaded on drop.
struct Module(sys::CUmodule);

impl Drop for Module {
    fn drop(&mut self) {
        // SAFETY: the handle came from a successful cuModuleLoadDataEx and is unloaded once, here; its functions
        // are not used after the module is dropped (`run` drops it last).
        let _ = unsafe { result::module::unload(self.0) };
    }
}

/// The text of a NUL-terminated log buffer.
fn log_text(buf: &[u8]) -> String {
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    String::from_utf8_lossy(&buf[..end]).trim_end().to_string()
}

/// JIT-compiles `ptx` for the current context's device; on failure the error carries the JIT's error log.
/// Returns the module and the JIT's info log.
fn load_module(ptx: &str) -> Result<(Module, String), GpuError> {
    let image = CString::new(ptx).map_err(|_| GpuError::Jit("the PTX text contains a NUL byte".into()))?;
    let mut error_log = vec![0u8; JIT_LOG_BYTES];
    let mut info_log = vec![0u8; JIT_LOG_BYTES];
    let mut options = [
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER,
        sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
        sys::CUjit_option::CU_JIT_LOG_VERBOSE,
    ];
    // Buffer options take pointers; sizes and flags are integers passed in the pointer-sized slot.
    let mut values: [*mut c_void; 5] = [
        error_log.as_mut_ptr().cast(),
        std::ptr::without_provenance_mut(JIT_LOG_BYTES),
        info_log.as_mut_ptr().cast(),
        std::ptr::without_provenance_mut(JIT_LOG_BYTES),
        std::ptr::without_provenance_mut(1),
    ];
    let mut module: sys::CUmodule = std::ptr::null_mut();
    // SAFETY: `image` is NUL-terminated PTX text; `options` and `values` have 5 entries each; the log buffers
    // outlive the call and are as large as the sizes passed; the driver writes at most that many bytes, NUL
    // included, and writes `module` only on success.
    let r = unsafe {
        sys::cuModuleLoadDataEx(
            &mut module,
            image.as_ptr().cast(),
            options.len() as u32,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
        )
    };
    match r.result() {
        Ok(()) => Ok((Module(module), log_text(&info_log))),
        Err(e) => {
            let log = log_text(&error_log);
            Err(GpuError::Jit(if log.is_empty() { describe(e) } else { format!("{}\n{log}", describe(e)) }))
        }
    }
}

/// Runs the launch (already checked against `params` by [`crate::run`]).
pub(crate) fn run(ptx: &str, launch: &Launch, params: &[ParamInfo], opts: &GpuOptions) -> Result<RunResult, GpuError> {
    let ctx = open_device(opts.device)?;
    // SAFETY: all work goes to one stream, which orders it; no slice is shared with another stream.
    unsafe { ctx.disable_event_tracking() };
    let stream = ctx.default_stream();
    let device_name = ctx.name().map_err(failed("cuDeviceGetName"))?;
    let compute_capability = ctx.compute_capability().map_err(failed("reading the compute capability"))?;
    let (module, jit_log) = load_module(ptx)?;
    let kname = CString::new(launch.kernel.as_str())
        .map_err(|_| GpuError::Driver(format!("kernel name '{}' contains a NUL byte", launch.kernel)))?;
    // SAFETY: `module` is loaded and outlives every use of the function handle (it is dropped at the end).
    let func = unsafe { result::module::get_function(module.0, kname) }
        .map_err(failed(format!("kernel '{}' is not in the module the driver loaded", launch.kernel)))?;
    // SAFETY: `func` is a valid function handle of the loaded module.
    let registers = unsafe {
        result::function::get_function_attribute(func, sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_NUM_REGS)
    }
    .map_err(failed("reading the kernel's register count"))?;
    if launch.dynamic_shared_bytes > DEFAULT_DYNAMIC_SHARED_LIMIT {
        // SAFETY: as above; the value is the launch's dynamic shared memory, which the driver checks.
        unsafe {
            result::function::set_function_attribute(
                func,
                sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                launch.dynamic_shared_bytes as i32,
            )
        }
        .map_err(failed(format!("allowing {} bytes of dynamic shared memory", launch.dynamic_shared_bytes)))?;
    }
    // A working copy of every buffer that the kernel runs on, and a pristine copy to restore it from.
    let mut work = Vec::with_capacity(launch.buffers.len());
    let mut pristine = Vec::with_capacity(launch.buffers.len());
    for b in &launch.buffers {
        let data = crate::device_image(&b.data);
        let what = || format!("allocating and filling buffer '{}' ({} bytes)", b.name, b.data.len());
        pristine.push(stream.clone_htod(&data).map_err(failed(what()))?);
        work.push(stream.clone_htod(&data).map_err(failed(what()))?);
    }
    let addrs: Vec<u64> = work.iter().map(|w| w.device_ptr(&stream).0).collect();
    let mut args = ArgStorage::new(launch, params, &addrs)?;
    let mut arg_ptrs = args.pointers();
    let timing = Some(sys::CUevent_flags::CU_EVENT_DEFAULT);
    let start = ctx.new_event(timing).map_err(failed("creating a CUDA event"))?;
    let end = ctx.new_event(timing).map_err(failed("creating a CUDA event"))?;
    let [gx, gy, gz] = launch.grid;
    let [bx, by, bz] = launch.block;
    let mut times_ms = Vec::with_capacity(opts.reps as usize);
    for step in crate::schedule(opts) {
        if step.restore {
            for (w, p) in work.iter_mut().zip(&pristine) {
                stream.memcpy_dtod(p, w).map_err(failed("restoring the buffers between launches"))?;
            }
        }
        start.record(&stream).map_err(failed("recording a CUDA event"))?;
        // SAFETY: `func` is valid; `arg_ptrs` has one pointer per kernel parameter (checked against the PTX's
        // declaration), each to storage of at least the parameter's size that lives in `args` until the end of
        // this function; buffer addresses point to live allocations of the sizes the spec gives.
        unsafe {
            result::launch_kernel(
                func,
                (gx, gy, gz),
                (bx, by, bz),
                launch.dynamic_shared_bytes,
                stream.cu_stream(),
                &mut arg_ptrs,
            )
        }
        .map_err(failed(format!(
            "could not launch kernel '{}' (grid {:?}, block {:?}, {} bytes of dynamic shared memory)",
            launch.kernel, launch.grid, launch.block, launch.dynamic_shared_bytes
        )))?;
        end.record(&stream).map_err(failed("recording a CUDA event"))?;
        end.synchronize().map_err(failed(format!("kernel '{}' failed on the GPU", launch.kernel)))?;
        let ms = start.elapsed_ms(&end).map_err(failed("reading the CUDA event timer"))?;
        if step.timed {
            times_ms.push(ms as f64);
        }
    }
    let mut buffers = Vec::with_capacity(work.len());
    for (w, b) in work.iter().zip(&launch.buffers) {
        let mut v = stream.clone_dtoh(w).map_err(failed(format!("copying buffer '{}' back", b.name)))?;
        v.truncate(b.data.len());
        buffers.push(v);
    }
    drop((work, pristine, args));
    drop(module);
    Ok(RunResult { buffers, times_ms, device_name, compute_capability, registers, jit_log, warmup: opts.warmup })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logs_stop_at_the_nul() {
        let mut b = b"ptxas application ptx input, line 7; error   : Unknown symbol 'x'\n".to_vec();
        b.extend([0, b'j', b'u', b'n', b'k']);
        assert_eq!(log_text(&b), "ptxas application ptx input, line 7; error   : Unknown symbol 'x'");
        assert_eq!(log_text(&[0; 8]), "");
    }

    #[test]
    fn without_a_driver_there_is_no_device() {
        // SAFETY: only probes for the library.
        if unsafe { sys::is_culib_present() } {
            eprintln!("note: a CUDA driver is installed; the no-driver path is not exercised here");
            return;
        }
        let e = open_device(0).unwrap_err();
        assert!(matches!(e, GpuError::NoDevice(_)), "{e}");
        assert!(e.to_string().starts_with("error: no CUDA driver/GPU found (the CUDA driver library"), "{e}");
    }
}
