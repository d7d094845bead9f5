//! Text forms of MIR: the PTX spelling of one instruction (shared by the PTX printer and the MIR listing), and
//! the MIR text form that `--emit mir` and `--print-after` write and [`parse`] reads back, so MIR passes can
//! be tested on hand-written input (`simtc mir-opt`, `tests/filetests/mir/`).
//!
//! ```text
//! mir k ssa {
//!   .uniform %r1, %rd1
//! bb0:
//!   ld.param.u64 %rd1, [k_param_0];
//!   bra.uni bb1;
//! bb1: divergent  ; preds: bb0, bb1
//!   %r2 = phi [0, bb0], [%r3, bb1];
//!   add.s32 %r3, %r2, 1;            // loc 1 12 5
//!   setp.lt.s32 %p1, %r3, 10;
//!   @%p1 bra bb1;
//!   ret;
//! }
//! ```
//! - The header names the function and its [`Phase`] (`ssa`, `phi-free`, `laid-out`). Optional function lines:
//!   `.depot SIZE ALIGN`, `.sp` (uses `%SP`), `.kernel` (an `.entry`), `.uniform REG, ...`, `.prologue "TEXT"`.
//! - Registers are `%p`, `%rs`, `%r`, `%rd`, `%f`, `%fd`, `%rq` with a number; the prefix gives the class.
//!   The reader numbers each class in increasing order of the numbers it sees, so a listing reads back to the
//!   same listing.
//! - Blocks are `bbN:` (N is the block id), optionally followed by `divergent`; after a label, and at the start
//!   of a line, `;` starts a comment (so filetests can carry `; RUN:` and `; CHECK:` lines); `//` starts one
//!   anywhere outside strings.
//!   `.pragma "TEXT";` after a label is a block pragma. Branch targets are `bbN`.
//! - Instructions are PTX syntax (`[@[!]%p] opcode dsts, srcs;`), with the pseudo-instructions
//!   `%r = phi [v, bbN], ...;`, `convergence.entry %r;`, `{ // callseq N, 0` / `} // callseq N`, `.param`
//!   declarations and `inlineasm[.sideeffect] "template" (outs) (ins);`. A trailing `// loc F L C` is the
//!   source location. Which leading operands are destinations follows from the opcode ([`dst_count`]).

use super::{MBlock, MFunction, MInst, Mod, OpKind, Opcode, Operand, Phase, Reg, RegClass};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// How [`write_inst`] prints the few instructions whose PTX text is not their MIR text.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Style {
    /// PTX: inline asm is substituted and framed by comments.
    Ptx,
    /// MIR text: inline asm keeps its template and operand lists.
    Mir,
}

/// Prints a register as PTX given its per-class number.
pub fn reg_name(f: &MFunction, nums: &[u32], r: Reg) -> String {
    format!("{}{}", f.class(r).prefix(), nums[r.0 as usize])
}

/// Writes an operand.
pub fn write_operand(out: &mut String, f: &MFunction, nums: &[u32], labels: &dyn Fn(MBlock) -> String, o: &Operand) {
    match o {
        Operand::Reg(r) => {
            out.push_str(f.class(*r).prefix());
            // Register names are most of a PTX file's operands: no formatting machinery for them.
            simtc_ir::writer::push_u64(out, u64::from(nums[r.0 as usize]));
        }
        Operand::Imm(v) => {
            let _ = write!(out, "{v}");
        }
        Operand::F32(b) => {
            let _ = write!(out, "0f{b:08X}");
        }
        Operand::F64(b) => {
            let _ = write!(out, "0d{b:016X}");
        }
        Operand::Sym(s) => out.push_str(s),
        Operand::Asm(s) => write_quoted(out, s),
        Operand::Addr(b, off) => {
            out.push('[');
            write_operand(out, f, nums, labels, b);
            if *off > 0 {
                let _ = write!(out, "+{off}");
            } else if *off < 0 {
                let _ = write!(out, "+-{}", off.unsigned_abs());
            }
            out.push(']');
        }
        Operand::Vec(v) => {
            out.push('{');
            for (k, e) in v.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_operand(out, f, nums, labels, e);
            }
            out.push('}');
        }
        Operand::Label(b) => out.push_str(&labels(*b)),
        Operand::Labels(bs) => {
            for (k, b) in bs.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                out.push_str(&labels(*b));
            }
        }
    }
}

fn write_quoted(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// How many of an instruction's leading operands are destinations, for opcodes with a fixed count (the
/// reader's rule; `phi`, calls and inline asm have their own syntax).
pub fn dst_count(op: &Opcode) -> usize {
    use OpKind::*;
    match op.kind {
        St | Red | Prefetch | Bra | Brx | Ret | Exit | Trap | Bar | Barrier | Membar | Fence | Nanosleep | Pmevent
        | CallSeqStart | CallSeqEnd | DeclParam | Call => 0,
        Wmma if op.has(crate::mir::Mod::Store) => 0,
        _ => 1,
    }
}

/// Prints one instruction (with its leading tab and trailing newline) in PTX syntax.
pub fn write_inst(
    out: &mut String,
    f: &MFunction,
    nums: &[u32],
    label: &dyn Fn(MBlock) -> String,
    i: &MInst,
    style: Style,
) {
    match i.op.kind {
        OpKind::CallSeqStart => {
            let _ = writeln!(out, "\t{{ // callseq {}, 0", imm(i.srcs.first()));
            return;
        }
        OpKind::CallSeqEnd => {
            let _ = writeln!(out, "\t}} // callseq {}", imm(i.srcs.first()));
            return;
        }
        OpKind::DeclParam => {
            let name = match i.dsts.first() {
                Some(Operand::Sym(s)) => &**s,
                _ => "",
            };
            let ty = i.op.ty().map(Mod::as_str).unwrap_or("b8");
            match i.srcs.as_slice() {
                [Operand::Imm(align), Operand::Imm(size)] => {
                    let _ = writeln!(out, "\t.param .align {align} .{ty} {name}[{size}];");
                }
                _ => {
                    let _ = writeln!(out, "\t.param .{ty} {name};");
                }
            }
            return;
        }
        OpKind::InlineAsm => {
            let Some(Operand::Asm(tmpl)) = i.srcs.first() else { return };
            if style == Style::Mir {
                out.push('\t');
                let _ = write!(out, "{} ", i.op);
                write_quoted(out, tmpl);
                for list in [&i.dsts[..], &i.srcs[1..]] {
                    out.push_str(" (");
                    for (k, o) in list.iter().enumerate() {
                        if k > 0 {
                            out.push_str(", ");
                        }
                        write_operand(out, f, nums, label, o);
                    }
                    out.push(')');
                }
                out.push_str(";\n");
                return;
            }
            let n_out = i.dsts.len();
            let mut text = String::new();
            let bytes = tmpl.as_bytes();
            let mut k = 0;
            while k < bytes.len() {
                if bytes[k] == b'$' && k + 1 < bytes.len() && bytes[k + 1].is_ascii_digit() {
                    let mut e = k + 1;
                    while e < bytes.len() && bytes[e].is_ascii_digit() {
                        e += 1;
                    }
                    let idx: usize = tmpl[k + 1..e].parse().unwrap_or(0);
                    let o = if idx < n_out { i.dsts.get(idx) } else { i.srcs.get(1 + idx - n_out) };
                    if let Some(o) = o {
                        write_operand(&mut text, f, nums, label, o);
                    }
                    k = e;
                } else if bytes[k] == b'$' && k + 1 < bytes.len() && bytes[k + 1] == b'$' {
                    text.push('$');
                    k += 2;
                } else {
                    let ch = tmpl[k..].chars().next().unwrap_or(' ');
                    text.push(ch);
                    k += ch.len_utf8();
                }
            }
            let _ = writeln!(out, "\t// begin inline asm\n\t{text}\n\t// end inline asm");
            return;
        }
        _ => {}
    }
    out.push('\t');
    if let Some((g, neg)) = i.guard {
        let _ = write!(out, "@{}{} ", if neg { "!" } else { "" }, reg_name(f, nums, g));
    }
    if i.op.kind == OpKind::Call {
        // dsts: the return slot; srcs: callee, argument slots, and for an indirect call (callee in a register)
        // the prototype last.
        let _ = write!(out, "{} \t", i.op);
        if let Some(d) = i.dsts.first() {
            out.push('(');
            write_operand(out, f, nums, label, d);
            out.push_str("), ");
        }
        let indirect = matches!(i.srcs.first(), Some(Operand::Reg(_)));
        let n = i.srcs.len();
        let params = if indirect && n >= 2 { &i.srcs[1..n - 1] } else { i.srcs.get(1..).unwrap_or(&[]) };
        if let Some(c) = i.srcs.first() {
            write_operand(out, f, nums, label, c);
        }
        if !params.is_empty() {
            out.push_str(", (");
            for (k, p) in params.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_operand(out, f, nums, label, p);
            }
            out.push(')');
        }
        if indirect {
            if let Some(p) = i.srcs.last().filter(|_| n >= 2) {
                out.push_str(", ");
                write_operand(out, f, nums, label, p);
            }
        }
        out.push_str(";\n");
        return;
    }
    let _ = write!(out, "{}", i.op);
    let mut first = true;
    let pipe = matches!(i.op.kind, OpKind::Shfl | OpKind::Match) && i.dsts.len() == 2;
    for (k, d) in i.dsts.iter().enumerate() {
        out.push_str(if first {
            " \t"
        } else if pipe && k > 0 {
            "|"
        } else {
            ", "
        });
        write_operand(out, f, nums, label, d);
        first = false;
    }
    for s in &i.srcs {
        out.push_str(if first { " \t" } else { ", " });
        write_operand(out, f, nums, label, s);
        first = false;
    }
    out.push_str(";\n");
}

fn imm(o: Option<&Operand>) -> i64 {
    match o {
        Some(Operand::Imm(v)) => *v,
        _ => 0,
    }
}

/// The MIR listing of `f` (see the module doc).
pub fn write_function(f: &MFunction) -> String {
    let nums = f.class_numbers();
    let preds = f.preds();
    let label = |b: MBlock| format!("bb{}", b.0);
    let mut out = format!("mir {} {} {{\n", f.name, f.phase.name());
    if let Some((size, align)) = f.depot {
        let _ = writeln!(out, "\t.depot {size} {align}");
    }
    if f.uses_sp {
        out.push_str("\t.sp\n");
    }
    if f.is_kernel {
        out.push_str("\t.kernel\n");
    }
    let mut uni: Vec<Reg> = (0..f.regs.len() as u32).map(Reg).filter(|r| f.uniform[r.0 as usize]).collect();
    uni.sort_by_key(|r| (f.class(*r), nums[r.0 as usize]));
    let uni: Vec<String> = uni.into_iter().map(|r| reg_name(f, &nums, r)).collect();
    if !uni.is_empty() {
        let _ = writeln!(out, "\t.uniform {}", uni.join(", "));
    }
    for p in &f.prologue {
        out.push_str("\t.prologue ");
        write_quoted(&mut out, p);
        out.push('\n');
    }
    for &b in &f.order {
        let _ = write!(out, "{}:", label(b));
        if f.is_divergent_block(b) {
            out.push_str(" divergent");
        }
        let p = &preds[b.0 as usize];
        if !p.is_empty() {
            let names: Vec<String> = p.iter().map(|x| label(*x)).collect();
            let _ = write!(out, "  ; preds: {}", names.join(", "));
        }
        out.push('\n');
        for p in &f.block(b).pragmas {
            let _ = writeln!(out, "\t{p}");
        }
        for i in &f.block(b).insts {
            let start = out.len();
            if i.is_phi() {
                let _ = write!(
                    out,
                    "\t{} = phi",
                    i.dsts.first().and_then(Operand::reg).map_or(String::new(), |r| reg_name(f, &nums, r))
                );
                for (k, s) in i.srcs.iter().enumerate() {
                    out.push_str(if k == 0 { " " } else { ", " });
                    out.push('[');
                    write_operand(&mut out, f, &nums, &label, s);
                    let _ = write!(out, ", {}]", i.phi_blocks.get(k).map(|x| label(*x)).unwrap_or_default());
                }
                out.push_str(";\n");
            } else {
                write_inst(&mut out, f, &nums, &label, i, Style::Mir);
            }
            if let Some((a, b, c)) = i.loc {
                if out[start..].lines().count() == 1 {
                    out.pop();
                    let _ = writeln!(out, "\t// loc {a} {b} {c}");
                }
            }
        }
    }
    out.push_str("}\n");
    out
}

/// A MIR text parse error at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line (1-based).
    pub line: usize,
    /// Column (1-based).
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

/// Where each parsed item came from (1-based lines), to report verifier errors at `file:line`.
#[derive(Clone, Debug, Default)]
pub struct LineMap {
    /// The `mir ...` header line.
    pub header: usize,
    /// Per block: its label line.
    pub blocks: FxHashMap<MBlock, usize>,
    /// Per (block, instruction index): the instruction's line.
    pub insts: FxHashMap<(MBlock, usize), usize>,
}

impl LineMap {
    /// The best line for a location (instruction, else block, else header).
    pub fn line_of(&self, b: Option<MBlock>, k: Option<usize>) -> usize {
        b.and_then(|b| k.and_then(|k| self.insts.get(&(b, k))).or_else(|| self.blocks.get(&b)))
            .copied()
            .unwrap_or(self.header)
    }
}

/// Parses every `mir NAME PHASE { ... }` function in `src`.
pub fn parse(src: &str) -> Result<Vec<MFunction>, ParseError> {
    Ok(parse_with_lines(src)?.into_iter().map(|(f, _)| f).collect())
}

/// [`parse`], also returning where each function's blocks and instructions are.
pub fn parse_with_lines(src: &str) -> Result<Vec<(MFunction, LineMap)>, ParseError> {
    let mut p = Parser { src, lines: src.lines().enumerate().peekable() };
    let mut out = Vec::new();
    while let Some((ln, line)) = p.lines.next() {
        let t = strip_comment(line).trim();
        if t.is_empty() || t.starts_with(';') {
            continue;
        }
        let Some(rest) = t.strip_prefix("mir ") else {
            return Err(err_at(line, ln, t, "expected `mir NAME PHASE {`"));
        };
        let mut words = rest.split_whitespace();
        let (Some(name), Some(phase), Some("{"), None) = (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(err_at(line, ln, t, "expected `mir NAME PHASE {`"));
        };
        let phase = Phase::parse(phase)
            .ok_or_else(|| err_at(line, ln, phase, "unknown phase (expected ssa, phi-free or laid-out)"))?;
        let mut lines = LineMap { header: ln + 1, ..LineMap::default() };
        let f = p.function(name, phase, &mut lines)?;
        out.push((f, lines));
    }
    Ok(out)
}

fn err_at(line: &str, ln: usize, at: &str, msg: &str) -> ParseError {
    let col = if at.is_empty() { 1 } else { line.find(at).map_or(1, |c| c + 1) };
    ParseError { line: ln + 1, col, message: msg.to_string() }
}

fn strip_comment(line: &str) -> &str {
    // `;` starts a comment outside strings and outside `{ // callseq` lines; `//` too (except `// loc`, which
    // the instruction parser reads first).
    let mut in_str = false;
    let mut prev = ' ';
    for (k, c) in line.char_indices() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '/' if !in_str && prev == '/' => return &line[..k - 1],
            _ => {}
        }
        prev = c;
    }
    line
}

struct Parser<'s> {
    src: &'s str,
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'s>>>,
}

struct FnState {
    f: MFunction,
    regs: FxHashMap<(RegClass, u32), Reg>,
    ordered: Vec<bool>,
}

/// The largest register number the reader accepts (numbers start at 1).
const MAX_REG: u32 = 1 << 22;

/// The largest block number the reader accepts (block `bbN` is block id N, so ids are dense up to it).
const MAX_BLOCK: u32 = 1 << 20;

impl FnState {
    /// Block `bbN` is block id `N` (blocks up to N that the text never defines stay empty and unordered).
    fn block(&mut self, n: u32) -> MBlock {
        let n = n.min(MAX_BLOCK);
        while self.f.blocks.len() <= n as usize {
            self.f.new_detached_block();
            self.ordered.push(false);
        }
        MBlock(n)
    }
}

impl Parser<'_> {
    fn function(&mut self, name: &str, phase: Phase, lines: &mut LineMap) -> Result<MFunction, ParseError> {
        let mut st = FnState {
            f: MFunction { name: name.to_string(), phase, ..MFunction::default() },
            regs: FxHashMap::default(),
            ordered: Vec::new(),
        };
        let mut cur: Option<MBlock> = None;
        let mut uniform: Vec<Reg> = Vec::new();
        loop {
            let Some((ln, line)) = self.lines.next() else {
                return Err(ParseError {
                    line: self.src.lines().count(),
                    col: 1,
                    message: format!("function '{name}' is not closed with `}}`"),
                });
            };
            let trimmed = line.trim();
            if trimmed.starts_with(';') {
                continue;
            }
            let (code, loc) = match trimmed.find("// loc ") {
                Some(k) => (&trimmed[..k], Some(&trimmed[k + 7..])),
                None => (trimmed, None),
            };
            // Call-sequence framing first: its text contains `//`.
            if let Some(rest) = code.trim().strip_prefix("{ // callseq ") {
                let n = rest.split(',').next().unwrap_or("").trim();
                let n: i64 = n.parse().map_err(|_| err_at(line, ln, n, "expected a call-sequence number"))?;
                let b = cur.ok_or_else(|| err_at(line, ln, trimmed, "instruction outside a block"))?;
                lines.insts.insert((b, st.f.block(b).insts.len()), ln + 1);
                let mut i = MInst::new(OpKind::CallSeqStart, &[], &[Operand::Imm(n)]);
                i.loc = parse_loc(loc).map_err(|at| err_at(line, ln, at, "expected `// loc FILE LINE COL`"))?;
                st.f.block_mut(b).insts.push(i);
                continue;
            }
            if let Some(rest) = code.trim().strip_prefix("} // callseq ") {
                let n: i64 =
                    rest.trim().parse().map_err(|_| err_at(line, ln, rest, "expected a call-sequence number"))?;
                let b = cur.ok_or_else(|| err_at(line, ln, trimmed, "instruction outside a block"))?;
                lines.insts.insert((b, st.f.block(b).insts.len()), ln + 1);
                let mut i = MInst::new(OpKind::CallSeqEnd, &[], &[Operand::Imm(n)]);
                i.loc = parse_loc(loc).map_err(|at| err_at(line, ln, at, "expected `// loc FILE LINE COL`"))?;
                st.f.block_mut(b).insts.push(i);
                continue;
            }
            let t = strip_comment(code).trim();
            if t.is_empty() {
                continue;
            }
            if t == "}" {
                break;
            }
            if let Some(r) = t.strip_prefix(".depot") {
                let v: Vec<u64> = r.split_whitespace().filter_map(|x| x.parse().ok()).collect();
                let [size, align] = v[..] else { return Err(err_at(line, ln, t, "expected `.depot SIZE ALIGN`")) };
                st.f.depot = Some((size, align));
                continue;
            }
            if t == ".sp" {
                st.f.uses_sp = true;
                continue;
            }
            if t == ".kernel" {
                st.f.is_kernel = true;
                continue;
            }
            if let Some(r) = t.strip_prefix(".uniform") {
                for w in r.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                    let reg = self.reg(&mut st, w).ok_or_else(|| err_at(line, ln, w, "expected a register"))?;
                    uniform.push(reg);
                }
                continue;
            }
            if let Some(r) = t.strip_prefix(".prologue") {
                let (s, _) = parse_quoted(r.trim()).ok_or_else(|| err_at(line, ln, r, "expected a quoted string"))?;
                st.f.prologue.push(s);
                continue;
            }
            if let Some(r) = t.strip_prefix(".pragma") {
                let b = cur.ok_or_else(|| err_at(line, ln, t, "`.pragma` outside a block"))?;
                let r = r.trim().trim_end_matches(';').trim();
                st.f.block_mut(b).pragmas.push(format!(".pragma {r};"));
                continue;
            }
            if let Some((head, rest)) = t.split_once(':') {
                if let Some(n) =
                    head.strip_prefix("bb").and_then(|n| n.parse::<u32>().ok()).filter(|_| !head.contains(' '))
                {
                    if n >= MAX_BLOCK {
                        return Err(err_at(line, ln, head, "block number too large"));
                    }
                    let b = st.block(n);
                    if st.ordered[b.0 as usize] {
                        return Err(err_at(line, ln, head, "block defined twice"));
                    }
                    st.ordered[b.0 as usize] = true;
                    st.f.order.push(b);
                    lines.blocks.insert(b, ln + 1);
                    let attr = rest.split(';').next().unwrap_or("").trim();
                    match attr {
                        "" => {}
                        "divergent" => st.f.divergent_blocks[b.0 as usize] = true,
                        other => return Err(err_at(line, ln, other, "unknown block attribute (expected `divergent`)")),
                    }
                    cur = Some(b);
                    continue;
                }
            }
            let b = cur.ok_or_else(|| err_at(line, ln, t, "instruction outside a block"))?;
            let t =
                t.strip_suffix(';').ok_or_else(|| err_at(line, ln, t, "expected `;` at the end of the instruction"))?;
            let mut inst = self.inst(&mut st, line, ln, t)?;
            inst.loc = parse_loc(loc).map_err(|at| err_at(line, ln, at, "expected `// loc FILE LINE COL`"))?;
            lines.insts.insert((b, st.f.block(b).insts.len()), ln + 1);
            st.f.block_mut(b).insts.push(inst);
        }
        // Renumber registers so that the per-class numbering ([`MFunction::class_numbers`]) gives back the numbers
        // written: every class gets registers 1..=max (numbers the text skips become unused registers).
        let mut max = [0u32; 7];
        for &(c, n) in st.regs.keys() {
            let k = RegClass::ALL.iter().position(|x| *x == c).unwrap_or(0);
            max[k] = max[k].max(n);
        }
        let mut base = [0u32; 7];
        let mut classes = Vec::new();
        for (k, c) in RegClass::ALL.iter().enumerate() {
            base[k] = classes.len() as u32;
            classes.extend(std::iter::repeat_n(*c, max[k] as usize));
        }
        let mut remap = vec![Reg(0); st.f.regs.len()];
        for (&(c, n), &r) in &st.regs {
            let k = RegClass::ALL.iter().position(|x| *x == c).unwrap_or(0);
            remap[r.0 as usize] = Reg(base[k] + n - 1);
        }
        let mut f = st.f;
        f.regs = classes;
        f.uniform = vec![false; f.regs.len()];
        for r in uniform {
            f.uniform[remap[r.0 as usize].0 as usize] = true;
        }
        for bd in f.blocks.iter_mut() {
            for i in bd.insts.iter_mut() {
                for o in i.dsts.iter_mut().chain(i.srcs.iter_mut()) {
                    o.map_regs(&mut |r| remap[r.0 as usize]);
                }
                if let Some((g, _)) = &mut i.guard {
                    *g = remap[g.0 as usize];
                }
            }
        }
        Ok(f)
    }

    fn reg(&self, st: &mut FnState, w: &str) -> Option<Reg> {
        let (c, n) = parse_reg(w)?;
        if n == 0 || n > MAX_REG {
            return None;
        }
        if let Some(r) = st.regs.get(&(c, n)) {
            return Some(*r);
        }
        let r = st.f.new_reg(c);
        st.regs.insert((c, n), r);
        Some(r)
    }

    fn inst(&self, st: &mut FnState, line: &str, ln: usize, t: &str) -> Result<MInst, ParseError> {
        let e = |at: &str, msg: &str| err_at(line, ln, at, msg);
        let mut t = t.trim();
        let mut guard = None;
        if let Some(r) = t.strip_prefix('@') {
            let (g, rest) =
                r.split_once(char::is_whitespace).ok_or_else(|| e(t, "expected an instruction after the guard"))?;
            let (neg, g) = match g.strip_prefix('!') {
                Some(g) => (true, g),
                None => (false, g),
            };
            let reg = self.reg(st, g).ok_or_else(|| e(g, "expected a predicate register"))?;
            guard = Some((reg, neg));
            t = rest.trim();
        }
        // Phi.
        if let Some((d, rest)) = t.split_once('=') {
            if rest.trim_start().starts_with("phi") && !t.starts_with('.') {
                let d = d.trim();
                let dr = self.reg(st, d).ok_or_else(|| e(d, "expected a register"))?;
                let body = rest.trim_start().trim_start_matches("phi").trim();
                let mut mi = MInst::new(OpKind::Phi, &[Operand::Reg(dr)], &[]);
                for part in split_top(body) {
                    let part = part.trim();
                    let inner = part
                        .strip_prefix('[')
                        .and_then(|p| p.strip_suffix(']'))
                        .ok_or_else(|| e(part, "expected `[value, bbN]`"))?;
                    let (v, bl) = inner.rsplit_once(',').ok_or_else(|| e(part, "expected `[value, bbN]`"))?;
                    let o = self.operand(st, v.trim()).ok_or_else(|| e(v.trim(), "bad operand"))?;
                    let bn = bl
                        .trim()
                        .strip_prefix("bb")
                        .and_then(|n| n.parse().ok())
                        .ok_or_else(|| e(bl.trim(), "expected a block `bbN`"))?;
                    mi.srcs.push(o);
                    let blk = st.block(bn);
                    mi.phi_blocks.push(blk);
                }
                mi.guard = guard;
                return Ok(mi);
            }
        }
        // `.param` declarations.
        if let Some(r) = t.strip_prefix(".param") {
            let words: Vec<&str> = r.split_whitespace().collect();
            let mi = match words[..] {
                [".align", a, ty, name] => {
                    let (nm, size) = name.split_once('[').ok_or_else(|| e(name, "expected NAME[SIZE]"))?;
                    let size: i64 = size.trim_end_matches(']').parse().map_err(|_| e(name, "bad size"))?;
                    let a: i64 = a.parse().map_err(|_| e(a, "bad alignment"))?;
                    let m = Mod::parse(ty.trim_start_matches('.'))
                        .filter(|m| m.is_type())
                        .ok_or_else(|| e(ty, "unknown type"))?;
                    MInst::new(
                        Opcode::new(OpKind::DeclParam, &[m]),
                        &[Operand::Sym(nm.to_string().into())],
                        &[Operand::Imm(a), Operand::Imm(size)],
                    )
                }
                [ty, name] => {
                    let m = Mod::parse(ty.trim_start_matches('.'))
                        .filter(|m| m.is_type())
                        .ok_or_else(|| e(ty, "unknown type"))?;
                    MInst::new(Opcode::new(OpKind::DeclParam, &[m]), &[Operand::Sym(name.to_string().into())], &[])
                }
                _ => return Err(e(t, "expected `.param .TYPE NAME` or `.param .align A .b8 NAME[SIZE]`")),
            };
            return Ok(mi);
        }
        let (opword, rest) = match t.split_once(char::is_whitespace) {
            Some((a, b)) => (a, b.trim()),
            None => (t, ""),
        };
        let op = Opcode::parse(opword).map_err(|m| e(opword, &m.0))?;
        let mut mi = MInst::new(op.clone(), &[], &[]);
        mi.guard = guard;
        match op.kind {
            OpKind::InlineAsm => {
                let (tmpl, after) = parse_quoted(rest).ok_or_else(|| e(rest, "expected a quoted template"))?;
                mi.srcs.push(Operand::Asm(tmpl.into()));
                let after = after.trim();
                let (outs, ins) = split_parens2(after).ok_or_else(|| e(after, "expected `(outs) (ins)`"))?;
                for o in split_top(outs).into_iter().filter(|s| !s.trim().is_empty()) {
                    mi.dsts.push(self.operand(st, o.trim()).ok_or_else(|| e(o.trim(), "bad operand"))?);
                }
                for o in split_top(ins).into_iter().filter(|s| !s.trim().is_empty()) {
                    mi.srcs.push(self.operand(st, o.trim()).ok_or_else(|| e(o.trim(), "bad operand"))?);
                }
            }
            OpKind::Call => {
                let mut r = rest;
                if let Some(x) = r.strip_prefix('(') {
                    let (ret, tail) = x.split_once(')').ok_or_else(|| e(r, "expected `(retval)`"))?;
                    mi.dsts.push(Operand::Sym(ret.trim().to_string().into()));
                    r = tail.trim().trim_start_matches(',').trim();
                }
                let parts = split_top(r);
                let mut it = parts.into_iter().map(str::trim);
                let callee = it.next().filter(|c| !c.is_empty()).ok_or_else(|| e(r, "expected a callee"))?;
                mi.srcs.push(self.operand(st, callee).ok_or_else(|| e(callee, "bad callee"))?);
                for p in it {
                    if let Some(list) = p.strip_prefix('(').and_then(|p| p.strip_suffix(')')) {
                        for a in split_top(list) {
                            mi.srcs.push(Operand::Sym(a.trim().to_string().into()));
                        }
                    } else {
                        mi.srcs.push(Operand::Sym(p.to_string().into()));
                    }
                }
            }
            _ => {
                let ops = if rest.is_empty() { Vec::new() } else { split_top(rest) };
                let nd = dst_count(&op).min(ops.len());
                for (k, o) in ops.iter().enumerate() {
                    let o = o.trim();
                    if k < nd && o.contains('|') && !o.starts_with('{') {
                        for part in o.split('|') {
                            mi.dsts.push(self.operand(st, part.trim()).ok_or_else(|| e(part, "bad operand"))?);
                        }
                        continue;
                    }
                    let v = self.operand_in(st, o).ok_or_else(|| e(o, "bad operand"))?;
                    if k < nd {
                        mi.dsts.push(v);
                    } else {
                        mi.srcs.push(v);
                    }
                }
            }
        }
        Ok(mi)
    }

    fn operand_in(&self, st: &mut FnState, o: &str) -> Option<Operand> {
        if let Some(n) = o.strip_prefix("bb").and_then(|n| n.parse::<u32>().ok()) {
            return Some(Operand::Label(st.block(n)));
        }
        self.operand(st, o)
    }

    fn operand(&self, st: &mut FnState, o: &str) -> Option<Operand> {
        let o = o.trim();
        if o.is_empty() {
            return None;
        }
        if let Some(inner) = o.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            let (base, off) = match inner.find('+') {
                Some(k) => (&inner[..k], inner[k + 1..].parse::<i64>().ok()?),
                None => (inner, 0),
            };
            return Some(Operand::Addr(Box::new(self.operand(st, base)?), off));
        }
        if let Some(inner) = o.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
            let mut v = Vec::new();
            for e in split_top(inner) {
                v.push(self.operand(st, e)?);
            }
            return Some(Operand::Vec(v.into()));
        }
        if let Some(n) = o.strip_prefix("bb").and_then(|n| n.parse::<u32>().ok()) {
            return Some(Operand::Label(st.block(n)));
        }
        if let Some(h) = o.strip_prefix("0f").filter(|h| h.len() == 8) {
            return u32::from_str_radix(h, 16).ok().map(Operand::F32);
        }
        if let Some(h) = o.strip_prefix("0d").filter(|h| h.len() == 16) {
            return u64::from_str_radix(h, 16).ok().map(Operand::F64);
        }
        if o.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
            return o.parse::<i64>().ok().map(Operand::Imm);
        }
        if o.starts_with('"') {
            return parse_quoted(o).map(|(s, _)| Operand::Asm(s.into()));
        }
        if parse_reg(o).is_some() {
            return self.reg(st, o).map(Operand::Reg);
        }
        if o.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '%' | '.')) {
            return Some(Operand::Sym(o.to_string().into()));
        }
        None
    }
}

/// `FILE LINE COL` of a `// loc` comment; the text itself when malformed.
fn parse_loc(loc: Option<&str>) -> Result<Option<(u32, u32, u32)>, &str> {
    let Some(l) = loc else { return Ok(None) };
    let v: Vec<u32> = l.split_whitespace().filter_map(|x| x.parse().ok()).collect();
    match v[..] {
        [a, b, c] if l.split_whitespace().count() == 3 => Ok(Some((a, b, c))),
        _ => Err(l),
    }
}

/// `%r12` → (B32, 12); `None` for anything else (special registers such as `%tid.x`).
pub fn parse_reg(w: &str) -> Option<(RegClass, u32)> {
    let w = w.strip_prefix('%')?;
    let digits = w.find(|c: char| c.is_ascii_digit())?;
    let (pfx, n) = w.split_at(digits);
    if !n.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let c = match pfx {
        "p" => RegClass::Pred,
        "rs" => RegClass::B16,
        "r" => RegClass::B32,
        "rd" => RegClass::B64,
        "f" => RegClass::F32,
        "fd" => RegClass::F64,
        "rq" => RegClass::B128,
        _ => return None,
    };
    Some((c, n.parse().ok()?))
}

fn parse_quoted(s: &str) -> Option<(String, &str)> {
    let s = s.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return Some((out, &s[k + 1..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                c => out.push(c),
            },
            c => out.push(c),
        }
    }
    None
}

/// Splits on commas that are not inside brackets, braces, parentheses or quotes.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut start, mut prev) = (0i32, false, 0, ' ');
    for (k, c) in s.char_indices() {
        match c {
            '"' if prev != '\\' => in_str = !in_str,
            '[' | '{' | '(' if !in_str => depth += 1,
            ']' | '}' | ')' if !in_str => depth -= 1,
            ',' if depth == 0 && !in_str => {
                out.push(&s[start..k]);
                start = k + 1;
            }
            _ => {}
        }
        prev = c;
    }
    out.push(&s[start..]);
    out
}

/// `(a, b) (c)` → (`a, b`, `c`).
fn split_parens2(s: &str) -> Option<(&str, &str)> {
    let s = s.strip_prefix('(')?;
    let k = s.find(')')?;
    let (a, rest) = (&s[..k], s[k + 1..].trim());
    let rest = rest.strip_prefix('(')?;
    let j = rest.rfind(')')?;
    Some((a, &rest[..j]))
}
