//! Static measures of PTX text (instructions, `mov`s) and of `ptxas -v` output (registers per entry).
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

/// Registers per entry from `ptxas -v` standard error: `(entry, registers)` in output order.
pub(crate) fn ptxas_registers(stderr: &str) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in stderr.lines() {
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            cur = rest.split('\'').next().map(String::from);
            continue;
        }
        if let Some(rest) = line.split("Used ").nth(1) {
            if let (Some(name), Some(n)) =
                (cur.take(), rest.split(" registers").next().and_then(|n| n.trim().parse().ok()))
            {
                out.push((name, n));
            }
        }
    }
    out
}

/// The registers of `kernel` in `regs`; nvcc's mangled C++ names match when exactly one contains `kernel`.
/// Without a kernel name, the largest count of any entry.
pub(crate) fn registers_of(regs: &[(String, u32)], kernel: Option<&str>) -> Option<u32> {
    let Some(k) = kernel else { return regs.iter().map(|r| r.1).max() };
    if let Some(r) = regs.iter().find(|r| r.0 == k) {
        return Some(r.1);
    }
    let cands: Vec<u32> = regs.iter().filter(|r| r.0.contains(k)).map(|r| r.1).collect();
    (cands.len() == 1).then(|| cands[0])
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

    #[test]
    fn reads_ptxas_registers() {
        let err = "\
ptxas info    : 0 bytes gmem
ptxas info    : Function properties for helper
ptxas info    : Compiling entry function 'sb1' for 'sm_90'
ptxas info    : Function properties for sb1
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 24 registers, used 0 barriers, 352 bytes cmem[0]
ptxas info    : Compiling entry function '_Z3fooPi' for 'sm_90'
ptxas info    : Used 8 registers
";
        let r = ptxas_registers(err);
        assert_eq!(r, vec![("sb1".to_string(), 24), ("_Z3fooPi".to_string(), 8)]);
        assert_eq!(registers_of(&r, Some("sb1")), Some(24));
        assert_eq!(registers_of(&r, Some("foo")), Some(8));
        assert_eq!(registers_of(&r, Some("bar")), None);
        assert_eq!(registers_of(&r, None), Some(24));
    }
}
