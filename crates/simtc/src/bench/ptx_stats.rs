//! Static measures of PTX text (instructions, `mov`s).
//!
//! An instruction is a statement inside a function body (`.entry` or `.func`) that is not a directive
//! (`.reg`, `.local`, `.param`, `.loc`, `.pragma`, ...), a label, a brace or a comment; a statement spread over
//! several lines (llc's multi-line `call`) counts once, at its closing `;`. A `mov` is a statement whose opcode
//! (after an optional `@p` guard) is `mov` with any suffix.

/// Static counts of one PTX file, over all its entries and functions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct StaticCounts {
    /// Instructions.
    pub instructions: u64,
    /// `mov` instructions.
    pub movs: u64,
}

/// Counts the instructions and `mov`s of every function body of `ptx`.
pub(crate) fn static_counts(ptx: &str) -> StaticCounts {
    let mut c = StaticCounts::default();
    let mut depth = 0usize;
    // The first line of a statement spread over several lines.
    let mut pending: Option<String> = None;
    for line in ptx.lines() {
        let s = line.split("//").next().unwrap_or("").trim();
        if s.is_empty() {
            continue;
        }
        let mut s = s;
        if pending.is_none() {
            if let Some(rest) = s.strip_prefix('{') {
                depth += 1;
                s = rest.trim();
                if s.is_empty() {
                    continue;
                }
            }
            if s.starts_with('}') {
                depth = depth.saturating_sub(1);
                continue;
            }
            if depth == 0 || s.starts_with('.') || s.ends_with(':') {
                continue;
            }
        }
        let first = pending.get_or_insert_with(|| s.to_string()).clone();
        if s.ends_with(';') {
            pending = None;
            c.instructions += 1;
            let op = first
                .strip_prefix('@')
                .map_or(first.as_str(), |g| g.split_once(char::is_whitespace).map_or("", |x| x.1));
            let op = op.trim_start().split(|ch: char| ch.is_whitespace() || ch == '.').next().unwrap_or("");
            if op == "mov" {
                c.movs += 1;
            }
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_instructions_and_movs() {
        let ptx = "\
.version 8.0
.target sm_90
.global .align 4 .b8 tab[8] = {1, 0, 0, 0, 2, 0, 0, 0};
.func (.param .b32 r) f(.param .b32 a);
.visible .entry k(
\t.param .u64 k_param_0
)
{
\t.reg .b32 \t%r<4>;
\tld.param.u64 \t%rd1, [k_param_0];   // load
\tmov.u32 \t%r1, %tid.x;
$L__BB0_1:
\t@%p1 mov.b32 %r2, 0;
\t{ // callseq 0, 0
\t.param .b32 param0;
\tst.param.b32 \t[param0], %r1;
\tcall.uni (retval0),
\tf,
\t(
\tparam0
\t);
\t} // callseq 0
\tret;
}
.func (.param .b32 r) f(.param .b32 a)
{
\tmovmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2;
\tret;
}
";
        assert_eq!(static_counts(ptx), StaticCounts { instructions: 8, movs: 2 });
    }
}
