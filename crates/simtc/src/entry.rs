//! The process entry point on Linux: a C `main` that does what `simtc` needs of the Rust runtime's start-up
//! and nothing else.
//!
//! `simtc compile` of a kernel takes about 2 ms, most of it process start and exit, and its budget is
//! whole-process time (at least 10x faster than llc-19). The Rust runtime's start-up spends 12% of that
//! (interleaved A/B runs over the example kernels) on the stack-overflow handler: glibc's
//! `pthread_getattr_np` reads and parses `/proc/self/maps` to find the main thread's stack, then an alternate
//! signal stack and `SIGSEGV`/`SIGBUS` handlers are installed. This
//! entry keeps the rest of what the runtime's start-up and exit do for a program like this one:
//! - standard input, output and error are opened on `/dev/null` when the parent left them closed (so no file
//!   the program opens can take their numbers);
//! - `SIGPIPE` is ignored: writing to a closed pipe is an `EPIPE` error reported as a diagnostic;
//! - a panic (always a bug) prints its message and exits with status 101;
//! - buffered standard output is flushed before exit;
//! - glibc's `malloc` is tuned for a short-lived process ([`crate::alloc::tune_system_allocator`]).
//!
//! What is not kept: the "has overflowed its stack" message (an overflow of the main thread's stack is a
//! plain `SIGSEGV`, as in C programs; threads spawned by `std::thread` still get the message) and the name
//! `main` in panic messages of the main thread. Command-line arguments still come from `std::env::args`
//! (glibc hands them to the standard library's initializer before `main`).
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int};
use std::io::Write;

extern "C" {
    fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    fn open(path: *const c_char, flags: c_int, ...) -> c_int;
    fn signal(sig: c_int, handler: usize) -> usize;
}

const F_GETFD: c_int = 1;
const O_RDWR: c_int = 2;
const SIGPIPE: c_int = 13;
const SIG_IGN: usize = 1;

/// The C entry point: sets up the process as described in the module doc and runs the command line.
#[no_mangle]
pub extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    // SAFETY: plain libc calls on file descriptors 0-2 and the signal disposition, before any other code runs
    // (single-threaded); the path is a NUL-terminated literal.
    unsafe {
        for fd in 0..3 {
            if fcntl(fd, F_GETFD) == -1 && open(c"/dev/null".as_ptr(), O_RDWR) != fd {
                return 127;
            }
        }
        signal(SIGPIPE, SIG_IGN);
    }
    crate::alloc::tune_system_allocator();
    let code = std::panic::catch_unwind(super::simtc_main).map(c_int::from).unwrap_or(101);
    let _ = std::io::stdout().flush();
    code
}
