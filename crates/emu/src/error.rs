//! Emulator errors: every failure is a value with a message a user can act on.

use std::fmt;

/// Where a run-time error happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuntimeError {
    /// What went wrong.
    pub msg: String,
    /// Kernel name.
    pub kernel: String,
    /// Function containing the instruction (the kernel or a device function).
    pub function: String,
    /// PTX line of the instruction (0 when not tied to one).
    pub line: u32,
    /// Program counter (index of the instruction in the decoded program).
    pub pc: Option<u32>,
    /// The instruction's source text.
    pub text: String,
    /// CTA index.
    pub cta: [u32; 3],
    /// Thread index in the CTA, when one thread is at fault.
    pub thread: Option<[u32; 3]>,
    /// Further lines (e.g. what each waiting group waits for in a deadlock).
    pub details: Vec<String>,
}

/// An emulator error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmuError {
    /// The PTX text could not be read (message already names file, line and column).
    Ptx(String),
    /// A launch spec or launch argument is wrong.
    Launch(String),
    /// The kernel faulted.
    Runtime(Box<RuntimeError>),
    /// A file could not be read or written.
    Io(String),
}

impl fmt::Display for EmuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmuError::Ptx(m) | EmuError::Launch(m) | EmuError::Io(m) => write!(f, "{m}"),
            EmuError::Runtime(r) => {
                write!(
                    f,
                    "error: {}\n  in kernel '{}', CTA ({}, {}, {})",
                    r.msg, r.kernel, r.cta[0], r.cta[1], r.cta[2]
                )?;
                if let Some(t) = r.thread {
                    write!(f, ", thread ({}, {}, {})", t[0], t[1], t[2])?;
                }
                if r.line != 0 {
                    write!(f, "\n  at line {}", r.line)?;
                    if let Some(pc) = r.pc {
                        write!(f, " (pc {pc})")?;
                    }
                    if r.function != r.kernel {
                        write!(f, " (in function '{}')", r.function)?;
                    }
                    write!(f, ": {}", r.text)?;
                }
                for d in &r.details {
                    write!(f, "\n  {d}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for EmuError {}
