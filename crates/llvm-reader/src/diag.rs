//! Diagnostics with source spans, rendered as `file:line:col: error: message`, the source line and a caret.

use std::ops::Range;

/// The class of a rejected input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DiagKind {
    /// Malformed or ill-typed input.
    Error,
    /// Well-formed LLVM IR that simtc does not accept (constructs that cannot reach a GPU).
    Unsupported,
}

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Byte range in the source.
    pub span: Range<usize>,
    /// The message (no trailing period).
    pub message: String,
    /// Error or unsupported construct.
    pub kind: DiagKind,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic { span, message: message.into(), kind: DiagKind::Error }
    }
    /// An "unsupported" diagnostic at `span`.
    pub fn unsupported(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic { span, message: format!("unsupported: {}", message.into()), kind: DiagKind::Unsupported }
    }

    /// 1-based line and column (in characters) of the start of the span.
    pub fn line_col(&self, src: &str) -> (usize, usize) {
        line_col(src, self.span.start)
    }

    /// Renders `file:line:col: error: message`, the source line, and a caret under the span.
    pub fn render(&self, file: &str, src: &str) -> String {
        let start = self.span.start.min(src.len());
        let (line, col) = line_col(src, start);
        let line_start = src[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let line_end = src[start..].find('\n').map(|i| start + i).unwrap_or(src.len());
        // A very long line (generated or hostile input) is shown as a window around the column, with `...`
        // where it was cut.
        const BEFORE: usize = 60;
        const AFTER: usize = 60;
        let mut from = line_start;
        let mut prefix = "";
        if src[line_start..start].chars().count() > BEFORE {
            from = src[..start].char_indices().rev().nth(BEFORE - 1).map_or(line_start, |(i, _)| i);
            prefix = "...";
        }
        let mut to = line_end;
        let mut suffix = "";
        if let Some((i, _)) = src[start..line_end].char_indices().nth(AFTER) {
            to = start + i;
            suffix = "...";
        }
        let text = src[from..to].trim_end_matches('\r');
        let end = self.span.end.clamp(start, to);
        let width = src[start..end].chars().count().max(1);
        let pad: String = prefix
            .chars()
            .map(|_| ' ')
            .chain(src[from..start].chars().map(|c| if c == '\t' { '\t' } else { ' ' }))
            .collect();
        format!(
            "{file}:{line}:{col}: error: {}\n{prefix}{text}{suffix}\n{pad}^{}\n",
            self.message,
            "~".repeat(width - 1)
        )
    }
}

/// 1-based line and column of byte offset `pos`.
pub fn line_col(src: &str, pos: usize) -> (usize, usize) {
    let pos = pos.min(src.len());
    let before = &src[..pos];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, src[line_start..pos].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_caret_under_span() {
        let src = "define void @f() {\n  %x = add i32 1, %y\n}\n";
        let at = src.find("%y").unwrap();
        let d = Diagnostic::error(at..at + 2, "use of undefined value '%y'");
        let r = d.render("t.ll", src);
        assert_eq!(r, "t.ll:2:19: error: use of undefined value '%y'\n  %x = add i32 1, %y\n                  ^~\n");
    }
}
