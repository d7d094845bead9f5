//! What the GPU runs: static SASS counts from `cuobjdump -sass` of the cubin `ptxas -O3` makes of a PTX file,
//! and the per-entry facts `ptxas -v` prints (registers, spill bytes, static shared memory).
//!
//! Invariants:
//! - A SASS instruction is a line `/*ADDR*/ [@guard] OPCODE ... ;` of a `Function : NAME` section. `NOP`s (the
//!   alignment padding after the last instruction) and the closing self-branch (`BRA` to its own address, which
//!   ptxas appends after the final `EXIT`) are not counted. A kernel's section holds every device function it
//!   calls that ptxas did not inline, so a kernel's count covers all the code it can run.
//! - The FFMA class is every fused multiply-add issued on the FMA pipes: `FFMA`, `FFMA32I`, `DFMA`, `HFMA2`,
//!   `HFMA2.MMA` — except the `HFMA2.MMA R, -RZ, RZ, imm, imm` idiom, which ptxas uses to write a constant into a
//!   register (it multiplies nothing).
//! - Entries and sections are matched by the spec's kernel name ([`pick`]): nvcc's mangled names match when
//!   exactly one contains the kernel's name.

/// Static SASS counts of one function section.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SassCounts {
    /// Instructions, without NOPs and the closing self-branch.
    pub instructions: u64,
    /// FFMA-class instructions.
    pub ffma: u64,
}

/// Counts of every `Function : NAME` section of `cuobjdump -sass` output, in output order.
pub(crate) fn sass_functions(text: &str) -> Vec<(String, SassCounts)> {
    let mut out: Vec<(String, SassCounts)> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if let Some(name) = t.strip_prefix("Function : ") {
            out.push((name.trim().to_string(), SassCounts::default()));
            continue;
        }
        let Some(cur) = out.last_mut() else { continue };
        let Some((addr, inst)) = instruction(t) else { continue };
        let mut words = inst.split_whitespace();
        let mut op = words.next().unwrap_or("");
        if op.starts_with('@') {
            op = words.next().unwrap_or("");
        }
        // `NOP;` and `BRA 0x80;` have no space before the `;`.
        let op = op.trim_end_matches(';');
        if op == "NOP" {
            continue;
        }
        let rest: Vec<&str> = words.collect();
        if op == "BRA" && rest.first().and_then(|t| parse_hex(t.trim_end_matches(';'))) == Some(addr) {
            continue;
        }
        cur.1.instructions += 1;
        let constant_move = op == "HFMA2.MMA" && rest.len() >= 3 && rest[1] == "-RZ," && rest[2] == "RZ,";
        if !constant_move && ["FFMA", "FFMA32I", "DFMA", "HFMA2"].iter().any(|f| is_opcode(op, f)) {
            cur.1.ffma += 1;
        }
    }
    out
}

/// `op` is `base` or `base.MODIFIERS`.
fn is_opcode(op: &str, base: &str) -> bool {
    op.strip_prefix(base).is_some_and(|r| r.is_empty() || r.starts_with('.'))
}

/// `/*0040*/   IMAD R0, R0, UR4, R3 ;   /* 0x... */` → `(0x40, "IMAD R0, R0, UR4, R3 ;")`.
fn instruction(line: &str) -> Option<(u64, &str)> {
    let rest = line.strip_prefix("/*")?;
    let (addr, rest) = rest.split_once("*/")?;
    let addr = u64::from_str_radix(addr, 16).ok()?;
    let inst = rest.split("/*").next()?.trim();
    (!inst.is_empty()).then_some((addr, inst))
}

fn parse_hex(s: &str) -> Option<u64> {
    u64::from_str_radix(s.strip_prefix("0x")?, 16).ok()
}

/// What `ptxas -v` says about one entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EntryInfo {
    /// The entry's name.
    pub name: String,
    /// `Used N registers`.
    pub registers: u32,
    /// Spill stores plus spill loads, in bytes.
    pub spill_bytes: u32,
    /// Static shared memory (`N bytes smem`).
    pub smem_bytes: u32,
}

/// Every entry of `ptxas -v` standard error, in output order. The `Function properties for E` block that belongs
/// to entry `E` gives its spills (the blocks of called `.func`s do not count: their spills show in the entry's
/// own block when ptxas inlines them, and in the entry's stack frame otherwise).
pub(crate) fn ptxas_entries(stderr: &str) -> Vec<EntryInfo> {
    let mut out: Vec<EntryInfo> = Vec::new();
    let mut cur: Option<EntryInfo> = None;
    let mut props_for: Option<String> = None;
    for line in stderr.lines() {
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            out.extend(cur.take());
            cur = rest.split('\'').next().map(|n| EntryInfo { name: n.to_string(), ..EntryInfo::default() });
            continue;
        }
        if let Some(rest) = line.split("Function properties for ").nth(1) {
            props_for = Some(rest.trim().to_string());
            continue;
        }
        let Some(e) = cur.as_mut() else { continue };
        if line.contains("spill stores") && props_for.as_deref() == Some(e.name.as_str()) {
            let n = |what: &str| number_before(line, what).unwrap_or(0);
            e.spill_bytes = n("bytes spill stores") + n("bytes spill loads");
        }
        if let Some(rest) = line.split("Used ").nth(1) {
            e.registers = rest.split(" registers").next().and_then(|n| n.trim().parse().ok()).unwrap_or(0);
            e.smem_bytes = number_before(line, "bytes smem").unwrap_or(0);
            out.extend(cur.take());
        }
    }
    out.extend(cur);
    out
}

/// The number just before `what` in `line` (`"..., 24 bytes smem"` → 24).
fn number_before(line: &str, what: &str) -> Option<u32> {
    let head = line.split(what).next().filter(|h| h.len() < line.len())?;
    head.trim_end().rsplit(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// The item of `items` named `kernel` (or the only one whose name contains it); without a name, the one with the
/// largest `key`.
pub(crate) fn pick<'a, T>(
    items: &'a [T],
    name: impl Fn(&T) -> &str,
    key: impl Fn(&T) -> u64,
    kernel: Option<&str>,
) -> Option<&'a T> {
    let Some(k) = kernel else { return items.iter().max_by_key(|t| key(t)) };
    if let Some(t) = items.iter().find(|t| name(t) == k) {
        return Some(t);
    }
    let mut cands = items.iter().filter(|t| name(t).contains(k));
    match (cands.next(), cands.next()) {
        (Some(t), None) => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SASS: &str = "
\tcode for sm_90
\t\tFunction : k
\t.headerflags\t@\"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                      /* 0x00000a00ff017b82 */
                                                                               /* 0x000fe20000000800 */
        /*0010*/                   FFMA R2, R3, R4, R5 ;                       /* 0x0000000403027223 */
        /*0020*/               @!P0 DFMA R2, R4, R6, R8 ;                      /* 0x0000000403027223 */
        /*0030*/                   HFMA2.MMA R5, -RZ, RZ, 0, 0 ;               /* 0x00000000ff057435 */
        /*0040*/                   HFMA2 R5, R1, R2, R3 ;                      /* 0x00000000ff057435 */
        /*0050*/                   FFMA.FTZ R2, R3, R4, R5 ;                   /* 0x0000000403027223 */
        /*0060*/                   FFMAX R2, R3, R4 ;                          /* 0x0000000403027223 */
        /*0070*/                   BRA 0x20;                                   /* 0x0000000403027223 */
        /*0080*/                   EXIT ;                                      /* 0x000000000000794d */
        /*0090*/                   BRA 0x90;                                   /* 0xfffffffc00fc7947 */
        /*00a0*/                   NOP;                                        /* 0x0000000000007918 */
\t\t..........

\t\tFunction : other
        /*0000*/                   EXIT ;                                      /* 0x000000000000794d */
";

    #[test]
    fn counts_sass_without_padding() {
        let f = sass_functions(SASS);
        assert_eq!(f.len(), 2);
        assert_eq!(f[0], ("k".to_string(), SassCounts { instructions: 9, ffma: 4 }));
        assert_eq!(f[1], ("other".to_string(), SassCounts { instructions: 1, ffma: 0 }));
    }

    #[test]
    fn reads_ptxas_entries() {
        let err = "\
ptxas info    : 0 bytes gmem
ptxas info    : Function properties for helper
    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads
ptxas info    : Compiling entry function 'sb1' for 'sm_90'
ptxas info    : Function properties for sb1
    0 bytes stack frame, 12 bytes spill stores, 20 bytes spill loads
ptxas info    : Used 24 registers, used 1 barriers, 4096 bytes smem, 352 bytes cmem[0]
ptxas info    : Compiling entry function '_Z3fooPi' for 'sm_90'
ptxas info    : Function properties for _Z3fooPi
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 8 registers, used 0 barriers, 352 bytes cmem[0]
";
        let e = ptxas_entries(err);
        assert_eq!(e.len(), 2);
        assert_eq!(e[0], EntryInfo { name: "sb1".into(), registers: 24, spill_bytes: 32, smem_bytes: 4096 });
        assert_eq!(e[1], EntryInfo { name: "_Z3fooPi".into(), registers: 8, spill_bytes: 0, smem_bytes: 0 });
        let regs = |k: Option<&str>| pick(&e, |x| x.name.as_str(), |x| u64::from(x.registers), k).map(|x| x.registers);
        assert_eq!(regs(Some("foo")), Some(8));
        assert_eq!(regs(None), Some(24));
        assert_eq!(regs(Some("bar")), None);
    }
}
