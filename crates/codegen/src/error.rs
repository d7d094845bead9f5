//! Back-end errors. Every error names what is unsupported or wrong and, where the IR has one, the
//! function/instruction it comes from; the CLI turns them into `file:line:col: error: ...` diagnostics
//! at the instruction's `!dbg` location when it has one, else in the input text at the instruction the message
//! names or at the function, and `error: ...` when neither is at hand.

use std::fmt;

/// A codegen failure: the input is valid IR but simtc cannot (or must not) lower it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodegenError {
    /// The message, without the `error: ` prefix, e.g. `unsupported in codegen: fptoui to i128`.
    pub message: String,
    /// The function it occurred in, if any.
    pub function: Option<String>,
    /// Source location (`file`, `line`, `col`) from the instruction's `!dbg`, if any.
    pub loc: Option<(String, u32, u32)>,
}

impl CodegenError {
    /// An error with only a message.
    pub fn new(message: impl Into<String>) -> Self {
        CodegenError { message: message.into(), function: None, loc: None }
    }
    /// An `unsupported in codegen: <what>` error.
    pub fn unsupported(what: impl fmt::Display) -> Self {
        CodegenError::new(format!("unsupported in codegen: {what}"))
    }
    /// Attaches the function name.
    pub fn in_function(mut self, name: &str) -> Self {
        if self.function.is_none() {
            self.function = Some(name.to_string());
        }
        self
    }
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((file, line, col)) = &self.loc {
            write!(f, "{file}:{line}:{col}: ")?;
        }
        write!(f, "error: {}", self.message)?;
        if let Some(func) = &self.function {
            write!(f, " (in function '{func}')")?;
        }
        Ok(())
    }
}

impl std::error::Error for CodegenError {}
