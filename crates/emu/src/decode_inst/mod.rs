//! Decoding of function bodies and instructions: names → indices, opcodes + modifiers → [`Op`].
//!
//! Every modifier of an instruction must be understood: each decoder takes the words it knows from a [`Mods`] and
//! [`Mods::finish`] rejects the rest, so an unsupported variant is an error naming the instruction and its line,
//! never silently executed as something else. Pure hints (cache operators, eviction priorities, memory-ordering
//! semantics and scopes, which the emulator's sequentially consistent memory satisfies) are accepted explicitly.

use crate::cvt::Conv;
use crate::decode::{sym_space, sym_value, window, DResult, ModSym, Name};
use crate::floatops::{self, FCmp, FMods, FOp1, FOp2, RM, RN, RP, RZ};
use crate::halfops::{HalfFmt, HalfMods, HalfOp};
use crate::intops::{self, CmpOp, IntOp1, IntOp2, IntOp3};
use crate::program::*;
use crate::ptx::ast::{self, AddrBase, Operand, Space, Stmt, Ty};
use std::collections::HashMap;

mod families;
mod wmma;

/// Modifier words of one instruction, consumed by the decoder.
struct Mods<'a> {
    words: &'a [String],
    used: Vec<bool>,
    opcode: &'a str,
}

const HINTS: &[&str] = &[
    ".weak",
    ".volatile",
    ".relaxed",
    ".acquire",
    ".release",
    ".acq_rel",
    ".sc",
    ".mmio",
    ".cta",
    ".gpu",
    ".sys",
    ".cluster",
    ".ca",
    ".cg",
    ".cs",
    ".lu",
    ".cv",
    ".wb",
    ".wt",
    ".nc",
    ".aligned",
    ".uni",
];

impl<'a> Mods<'a> {
    fn new(i: &'a ast::Inst) -> Mods<'a> {
        Mods { words: &i.mods, used: vec![false; i.mods.len()], opcode: &i.opcode }
    }

    fn take(&mut self, w: &str) -> bool {
        for (k, x) in self.words.iter().enumerate() {
            if !self.used[k] && x == w {
                self.used[k] = true;
                return true;
            }
        }
        false
    }

    fn take_any(&mut self, ws: &[&'static str]) -> Option<&'static str> {
        for (k, x) in self.words.iter().enumerate() {
            if !self.used[k] {
                if let Some(w) = ws.iter().find(|w| *w == x) {
                    self.used[k] = true;
                    return Some(w);
                }
            }
        }
        None
    }

    fn tys(&mut self) -> Vec<Ty> {
        let mut v = Vec::new();
        for (k, x) in self.words.iter().enumerate() {
            if !self.used[k] {
                if let Some(t) = Ty::from_word(x) {
                    self.used[k] = true;
                    v.push(t);
                }
            }
        }
        v
    }

    fn ty(&mut self) -> DResult<Ty> {
        let t = self.tys();
        match t.as_slice() {
            [t] => Ok(*t),
            [] => Err(format!("'{}' needs a type modifier", self.opcode)),
            _ => Err(format!("'{}' has more than one type modifier", self.opcode)),
        }
    }

    fn space(&mut self) -> Space {
        for (k, x) in self.words.iter().enumerate() {
            if !self.used[k] {
                if let Some(s) = Space::from_word(x) {
                    if s != Space::Reg {
                        self.used[k] = true;
                        return s;
                    }
                }
            }
        }
        Space::Generic
    }

    fn hints(&mut self) {
        for (k, x) in self.words.iter().enumerate() {
            if !self.used[k] && (HINTS.contains(&x.as_str()) || x.starts_with(".L1::") || x.starts_with(".L2::")) {
                self.used[k] = true;
            }
        }
    }

    fn rnd(&mut self) -> Option<u8> {
        self.take_any(&[".rn", ".rz", ".rm", ".rp"]).map(|w| match w {
            ".rz" => RZ,
            ".rm" => RM,
            ".rp" => RP,
            _ => RN,
        })
    }

    fn irnd(&mut self) -> Option<u8> {
        self.take_any(&[".rni", ".rzi", ".rmi", ".rpi"]).map(|w| match w {
            ".rzi" => RZ,
            ".rmi" => RM,
            ".rpi" => RP,
            _ => RN,
        })
    }

    fn finish(&self) -> DResult<()> {
        for (k, x) in self.words.iter().enumerate() {
            if !self.used[k] {
                return Err(format!("unsupported modifier '{x}' on '{}'", self.opcode));
            }
        }
        Ok(())
    }
}

struct Ctx<'a> {
    syms: &'a HashMap<String, ModSym>,
    scopes: Vec<HashMap<String, Name>>,
    labels: HashMap<String, u32>,
    tables: HashMap<String, Vec<String>>,
    funcs: &'a [Func],
    nregs: u32,
    npreds: u32,
    param_cursor: u32,
    local_cursor: u32,
}

fn align_up(x: u32, a: u32) -> u32 {
    x.div_ceil(a.max(1)) * a.max(1)
}

/// Decodes one function body into `p.insts` and fills in the function's ranges and frame sizes.
pub(crate) fn decode_body(
    p: &mut Program,
    syms: &HashMap<String, ModSym>,
    fi: u32,
    body: &[Stmt],
    sass_column: usize,
) -> Result<(), (u32, String)> {
    let start = p.insts.len() as u32;
    let func = p.funcs[fi as usize].clone();
    let mut labels = HashMap::new();
    let mut tables = HashMap::new();
    let mut pc = start;
    for s in body {
        match s {
            Stmt::Inst(_) => pc += 1,
            Stmt::Label { name, line } if labels.contains_key(name) => {
                return Err((*line, format!("label '{name}' is defined twice")));
            }
            Stmt::Label { name, .. } => {
                labels.insert(name.clone(), pc);
            }
            Stmt::BranchTargets { name, targets, .. } => {
                tables.insert(name.clone(), targets.clone());
            }
            _ => {}
        }
    }
    let mut top = HashMap::new();
    for prm in &func.params {
        top.insert(
            prm.name.clone(),
            if func.kernel { Name::KParam(prm.offset) } else { Name::Param(prm.offset, prm.size) },
        );
    }
    for r in &func.rets {
        top.insert(r.name.clone(), Name::Param(r.offset, r.size));
    }
    let mut cx = Ctx {
        syms,
        scopes: vec![top],
        labels,
        tables,
        funcs: &p.funcs,
        nregs: p.nregs,
        npreds: p.npreds,
        param_cursor: func.param_frame,
        local_cursor: 0,
    };
    let (reg0, pred0) = (p.nregs, p.npreds);
    let mut out = Vec::new();
    let mut last_line = func.line;
    let mut loc: Option<(u32, u32)> = None;
    for s in body {
        match s {
            Stmt::Open => cx.scopes.push(HashMap::new()),
            Stmt::Close => {
                cx.scopes.pop();
            }
            Stmt::Reg { ty, vec, names, line } => {
                if *vec != 1 {
                    return Err((*line, "vector registers (.reg .v2/.v4) are not supported".into()));
                }
                for (n, count) in names {
                    let names: Vec<String> = match count {
                        Some(c) => (0..*c).map(|i| format!("{n}{i}")).collect(),
                        None => vec![n.clone()],
                    };
                    for n in names {
                        let v = if *ty == Ty::Pred {
                            cx.npreds += 1;
                            Name::Pred(cx.npreds - 1)
                        } else {
                            cx.nregs += 1;
                            Name::Reg(cx.nregs - 1, ty.bits().min(64))
                        };
                        cx.scopes.last_mut().expect("scope").insert(n, v);
                    }
                }
            }
            Stmt::Var(v) if matches!(v.space, Space::Shared | Space::Global | Space::Const) => {}
            Stmt::Var(v) => {
                let size = v.size() as u32;
                let align = v.alignment() as u32;
                let name = match v.space {
                    Space::Local => {
                        let off = align_up(cx.local_cursor, align);
                        cx.local_cursor = off + size;
                        Name::Local(off)
                    }
                    Space::Param => {
                        let off = align_up(cx.param_cursor, align);
                        cx.param_cursor = off + size;
                        Name::Param(off, size)
                    }
                    other => {
                        return Err((
                            v.line,
                            format!(
                                "function-scope .{} variables are not supported (declare them at module scope)",
                                other.name()
                            ),
                        ))
                    }
                };
                if v.init.is_some() {
                    return Err((v.line, "initializers on function-scope variables are not supported".into()));
                }
                cx.scopes.last_mut().expect("scope").insert(v.name.clone(), name);
            }
            Stmt::Inst(i) => {
                last_line = i.line;
                let op = cx.inst(i).map_err(|m| (i.line, m))?;
                let guard = match &i.guard {
                    Some((g, neg)) => Some((cx.pred(g).map_err(|m| (i.line, m))?, *neg)),
                    None => None,
                };
                let sass_cost = crate::sass_cost::cost(sass_column, &i.opcode, &i.mods, &op);
                out.push(Inst { op, guard, line: i.line, func: fi, src: loc, sass_cost });
            }
            Stmt::Loc { file, line } => loc = Some((*file, *line)),
            Stmt::Label { .. } | Stmt::BranchTargets { .. } | Stmt::CallPrototype { .. } => {}
        }
    }
    // Falling off the end of a body returns.
    out.push(Inst { op: Op::Ret, guard: None, line: last_line, func: fi, src: loc, sass_cost: 1 });
    let (nregs, npreds, pcur, lcur) = (cx.nregs, cx.npreds, cx.param_cursor, cx.local_cursor);
    p.insts.extend(out);
    p.nregs = nregs;
    p.npreds = npreds;
    let f = &mut p.funcs[fi as usize];
    f.start = start;
    f.end = p.insts.len() as u32;
    f.regs = (reg0, nregs);
    f.preds = (pred0, npreds);
    f.param_frame = align_up(pcur, 16);
    f.local_frame = align_up(lcur, 16);
    Ok(())
}

/// Bits of an immediate of type `ty`.
fn imm_bits(op: &Operand, ty: Ty) -> Option<u64> {
    let bits = ty.bits().min(64);
    let t = |v: u64| crate::lanes::trunc(v, bits);
    Some(match (op, ty) {
        (Operand::F32(b), Ty::F16 | Ty::BF16) => crate::halfops::from_f64(
            f32::from_bits(*b) as f64,
            if ty == Ty::F16 { HalfFmt::F16 } else { HalfFmt::BF16 },
            RN,
        ) as u64,
        (Operand::F64(b), Ty::F16 | Ty::BF16) => {
            crate::halfops::from_f64(f64::from_bits(*b), if ty == Ty::F16 { HalfFmt::F16 } else { HalfFmt::BF16 }, RN)
                as u64
        }
        (Operand::Float(x), Ty::F16 | Ty::BF16) => {
            crate::halfops::from_f64(*x, if ty == Ty::F16 { HalfFmt::F16 } else { HalfFmt::BF16 }, RN) as u64
        }
        (Operand::Int(i), Ty::F32) => (*i as f32).to_bits() as u64,
        (Operand::Int(i), Ty::F64) => (*i as f64).to_bits(),
        (Operand::Int(i), _) => t(*i as u64),
        (Operand::F32(b), Ty::F64) => (f32::from_bits(*b) as f64).to_bits(),
        (Operand::F32(b), _) => *b as u64,
        (Operand::F64(b), Ty::F32) => (f64::from_bits(*b) as f32).to_bits() as u64,
        (Operand::F64(b), _) => *b,
        (Operand::Float(x), Ty::F32) => (*x as f32).to_bits() as u64,
        (Operand::Float(x), Ty::F64) => x.to_bits(),
        (Operand::Float(x), _) => t(*x as i64 as u64),
        _ => return None,
    })
}

fn cmp_of(w: &str) -> Option<(CmpOp, bool, Option<FCmp>)> {
    // (integer op, forces unsigned, float op)
    Some(match w {
        ".eq" => (CmpOp::Eq, false, Some(FCmp::Eq)),
        ".ne" => (CmpOp::Ne, false, Some(FCmp::Ne)),
        ".lt" => (CmpOp::Lt, false, Some(FCmp::Lt)),
        ".le" => (CmpOp::Le, false, Some(FCmp::Le)),
        ".gt" => (CmpOp::Gt, false, Some(FCmp::Gt)),
        ".ge" => (CmpOp::Ge, false, Some(FCmp::Ge)),
        ".lo" => (CmpOp::Lt, true, None),
        ".ls" => (CmpOp::Le, true, None),
        ".hi" => (CmpOp::Gt, true, None),
        ".hs" => (CmpOp::Ge, true, None),
        ".equ" => (CmpOp::Eq, false, Some(FCmp::Equ)),
        ".neu" => (CmpOp::Ne, false, Some(FCmp::Neu)),
        ".ltu" => (CmpOp::Lt, false, Some(FCmp::Ltu)),
        ".leu" => (CmpOp::Le, false, Some(FCmp::Leu)),
        ".gtu" => (CmpOp::Gt, false, Some(FCmp::Gtu)),
        ".geu" => (CmpOp::Ge, false, Some(FCmp::Geu)),
        ".num" => (CmpOp::Eq, false, Some(FCmp::Num)),
        ".nan" => (CmpOp::Eq, false, Some(FCmp::Nan)),
        _ => return None,
    })
}

const CMP_WORDS: &[&str] = &[
    ".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".lo", ".ls", ".hi", ".hs", ".equ", ".neu", ".ltu", ".leu", ".gtu",
    ".geu", ".num", ".nan",
];

/// The 16-bit float format of a half type, and whether it is packed.
fn half_of(t: Ty) -> Option<(HalfFmt, bool)> {
    match t {
        Ty::F16 => Some((HalfFmt::F16, false)),
        Ty::F16x2 => Some((HalfFmt::F16, true)),
        Ty::BF16 => Some((HalfFmt::BF16, false)),
        Ty::BF16x2 => Some((HalfFmt::BF16, true)),
        _ => None,
    }
}

fn unsigned_of(t: Ty) -> Ty {
    match t {
        Ty::S8 | Ty::B8 => Ty::U8,
        Ty::S16 | Ty::B16 => Ty::U16,
        Ty::S32 | Ty::B32 => Ty::U32,
        Ty::S64 | Ty::B64 => Ty::U64,
        t => t,
    }
}

impl Ctx<'_> {
    /// PTX's operand type check for arithmetic and logic: every register operand has the instruction type's size
    /// (the destination of a `.wide` operation twice that). ptxas rejects `add.s32 %r1, %rd3, %r2`; so does the
    /// emulator, instead of running it.
    fn check_widths(&self, i: &crate::ptx::ast::Inst, ops: &[Operand], ty: Ty, wide: bool) -> DResult<()> {
        for (k, o) in ops.iter().enumerate() {
            let Operand::Reg(n) = o else { continue };
            let Some(Name::Reg(_, bits)) = self.lookup(n) else { continue };
            let want = if k == 0 && wide { ty.bits() * 2 } else { ty.bits() };
            if bits != want {
                return Err(format!(
                    "operand {} of '{}' is '{n}', a {bits}-bit register, but the instruction needs {want} bits (.{})",
                    k + 1,
                    i.full_opcode(),
                    ty.name()
                ));
            }
        }
        Ok(())
    }

    fn lookup(&self, name: &str) -> Option<Name> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn reg(&self, name: &str) -> DResult<(u32, u32)> {
        match self.lookup(name) {
            Some(Name::Reg(r, b)) => Ok((r, b)),
            Some(Name::Pred(_)) => Err(format!("predicate '{name}' used where a value register is expected")),
            Some(_) => Err(format!("'{name}' is not a register")),
            None => Err(format!("undeclared register '{name}'")),
        }
    }

    fn pred(&self, name: &str) -> DResult<u32> {
        match self.lookup(name) {
            Some(Name::Pred(p)) => Ok(p),
            Some(_) => Err(format!("'{name}' is not a predicate register")),
            None => Err(format!("undeclared predicate register '{name}'")),
        }
    }

    fn dst(&self, o: &Operand) -> DResult<u32> {
        match o {
            Operand::Reg(n) => Ok(self.reg(n)?.0),
            Operand::Sink => Ok(0),
            _ => Err(format!("expected a destination register, found {o:?}")),
        }
    }

    fn dst_bits(&self, o: &Operand) -> DResult<(Option<u32>, u32)> {
        match o {
            Operand::Reg(n) => {
                let (r, b) = self.reg(n)?;
                Ok((Some(r), b))
            }
            Operand::Sink => Ok((None, 64)),
            _ => Err(format!("expected a destination register, found {o:?}")),
        }
    }

    fn pdst(&self, o: &Operand) -> DResult<Option<u32>> {
        match o {
            Operand::Reg(n) => Ok(Some(self.pred(n)?)),
            Operand::Sink => Ok(None),
            _ => Err(format!("expected a predicate destination, found {o:?}")),
        }
    }

    /// The special register `name` names (unless a declared register shadows it), with the `mov` widths it
    /// allows; an error for the predicate `%is_explicit_cluster` used as a value.
    fn sreg(&self, name: &str) -> DResult<Option<(Sreg, crate::special::MovWidth)>> {
        if self.lookup(name).is_some() {
            return Ok(None);
        }
        match crate::special::lookup(name) {
            Some((_, crate::special::MovWidth::Pred)) => {
                Err(format!("'{name}' is a predicate special register, used where a value is expected"))
            }
            other => Ok(other),
        }
    }

    fn psrc(&self, o: &Operand) -> DResult<PSrc> {
        match o {
            Operand::Reg(n)
                if self.lookup(n).is_none()
                    && crate::special::lookup(n).is_some_and(|s| s.1 == crate::special::MovWidth::Pred) =>
            {
                // `%is_explicit_cluster`: launches have no clusters.
                Ok(PSrc::Const(false))
            }
            Operand::Reg(n) => Ok(PSrc::Reg(self.pred(n)?, false)),
            Operand::Not(inner) => match self.psrc(inner)? {
                PSrc::Reg(p, neg) => Ok(PSrc::Reg(p, !neg)),
                PSrc::Const(c) => Ok(PSrc::Const(!c)),
            },
            Operand::Int(i) => Ok(PSrc::Const(*i != 0)),
            _ => Err(format!("expected a predicate, found {o:?}")),
        }
    }

    fn src(&self, o: &Operand, ty: Ty) -> DResult<Src> {
        match o {
            Operand::Reg(n) => {
                if let Some(s) = self.sreg(n)? {
                    return Ok(Src::Sreg(s.0));
                }
                Ok(Src::Reg(self.reg(n)?.0))
            }
            Operand::Sym(n, off) => {
                let v = sym_value(&self.scopes, self.syms, n)?;
                Ok(match v {
                    Src::Imm(a) => Src::Imm(a.wrapping_add(*off as u64)),
                    Src::LocalSym(o) => Src::LocalSym((o as i64 + off) as u32),
                    Src::ParamSym(o) => Src::ParamSym((o as i64 + off) as u32),
                    other if *off == 0 => other,
                    _ => return Err(format!("offset on '{n}' is not allowed here")),
                })
            }
            Operand::Sink => Ok(Src::Imm(0)),
            _ => imm_bits(o, ty).map(Src::Imm).ok_or_else(|| format!("expected a source operand, found {o:?}")),
        }
    }

    /// An address operand `[base+off]` for an access in `space`.
    fn addr(&self, o: &Operand, space: Space) -> DResult<(Src, i64)> {
        let Operand::Addr(base, off) = o else { return Err(format!("expected an address [..], found {o:?}")) };
        match base {
            AddrBase::Reg(r) => {
                if let Some(Name::Reg(idx, _)) = self.lookup(r) {
                    Ok((Src::Reg(idx), *off))
                } else {
                    Err(format!("'{r}' is not a value register"))
                }
            }
            AddrBase::None => Ok((Src::Imm(*off as u64), 0)),
            AddrBase::Sym(n) => {
                let v = sym_value(&self.scopes, self.syms, n)?;
                let sp = sym_space(&self.scopes, self.syms, n);
                if space == Space::Generic {
                    let sp = sp.ok_or_else(|| format!("'{n}' is not a variable"))?;
                    return match v {
                        Src::Imm(a) => Ok((Src::Imm(a.wrapping_add(window(sp)).wrapping_add(*off as u64)), 0)),
                        _ => Err(format!("generic access to the frame variable '{n}' needs cvta")),
                    };
                }
                if let Some(sp) = sp {
                    if sp != space {
                        return Err(format!("'{n}' is a .{} variable, accessed as .{}", sp.name(), space.name()));
                    }
                }
                Ok((v, *off))
            }
        }
    }

    fn label(&self, o: &Operand) -> DResult<u32> {
        match o {
            Operand::Sym(n, 0) => self.labels.get(n).copied().ok_or_else(|| format!("unknown label '{n}'")),
            _ => Err(format!("expected a label, found {o:?}")),
        }
    }

    fn param_var(&self, o: &Operand) -> DResult<(u32, u32)> {
        match o {
            Operand::Sym(n, 0) => match self.lookup(n) {
                Some(Name::Param(off, size)) => Ok((off, size)),
                _ => Err(format!("call argument '{n}' is not a .param variable of the caller")),
            },
            _ => Err(format!("call arguments must be .param variables, found {o:?}")),
        }
    }

    fn n_ops(&self, i: &ast::Inst, n: std::ops::RangeInclusive<usize>) -> DResult<()> {
        if n.contains(&i.ops.len()) {
            Ok(())
        } else {
            Err(format!("'{}' takes {} operands, found {}", i.full_opcode(), n.start(), i.ops.len()))
        }
    }

    fn inst(&mut self, i: &ast::Inst) -> DResult<Op> {
        // A register declared without `%` (llc's `{ .reg .b16 tmp; mov.b32 {tmp, %rs1}, %r1; }`) is read as a
        // symbol by the parser; in scope it is a register.
        let renamed;
        let i = if i.ops.iter().any(|o| self.is_bare_reg(o)) {
            let mut j = i.clone();
            for o in j.ops.iter_mut() {
                self.bare_regs_to_regs(o);
            }
            renamed = j;
            &renamed
        } else {
            i
        };
        // As ptxas: special registers are read by `mov` and `cvt` only.
        if !matches!(i.opcode.as_str(), "mov" | "cvt") {
            if let Some(n) = i.ops.iter().find_map(|o| self.special_operand(o)) {
                return Err(format!(
                    "special register '{n}' is an operand of '{}': only mov and cvt read special registers",
                    i.full_opcode()
                ));
            }
        }
        let mut m = Mods::new(i);
        let op = self.inst_inner(i, &mut m)?;
        m.finish()?;
        Ok(op)
    }

    /// `mov.v4.u32 {a, b, c, d}, %tid`: a vector special register read whole (the only vector `mov` the
    /// emulator supports).
    fn mov_vector_sreg(&self, i: &ast::Inst, v: &str, ty: Ty) -> DResult<Op> {
        let (Operand::Vec(ds), Operand::Reg(n)) = (&i.ops[0], &i.ops[1]) else {
            return Err(format!("'{}' is only supported with a vector special register (`%tid`)", i.full_opcode()));
        };
        let Some((srcs, legacy16)) = self.lookup(n).is_none().then(|| crate::special::vector(n)).flatten() else {
            return Err(format!("'{}': '{n}' is not a vector special register", i.full_opcode()));
        };
        if v != ".v4" || ds.len() != 4 {
            return Err(format!("'{n}' has four components: read it with mov.v4 into four registers"));
        }
        if !(ty.bits() == 32 || (legacy16 && ty.bits() == 16)) || ty.is_float() {
            return Err(format!("special register '{n}' cannot be read by '{}' (wrong width)", i.full_opcode()));
        }
        let ds = ds.iter().map(|d| self.dst_bits(d).map(|x| x.0)).collect::<DResult<Vec<_>>>()?;
        Ok(Op::MovVec { ds, srcs: srcs.iter().map(|&s| Src::Sreg(s)).collect(), bits: ty.bits() })
    }

    /// The special register `o` names (or one inside it), unless a declared register shadows the name.
    fn special_operand<'o>(&self, o: &'o Operand) -> Option<&'o str> {
        match o {
            Operand::Reg(n) => (self.lookup(n).is_none()
                && (crate::special::lookup(n).is_some() || crate::special::vector(n).is_some()))
            .then_some(n.as_str()),
            Operand::Vec(v) | Operand::List(v) => v.iter().find_map(|x| self.special_operand(x)),
            Operand::Not(x) => self.special_operand(x),
            Operand::Pair(a, b) => self.special_operand(a).or_else(|| self.special_operand(b)),
            _ => None,
        }
    }

    fn is_bare_reg(&self, o: &Operand) -> bool {
        match o {
            Operand::Sym(n, 0) => matches!(self.lookup(n), Some(Name::Reg(..) | Name::Pred(_))),
            Operand::Vec(v) | Operand::List(v) => v.iter().any(|x| self.is_bare_reg(x)),
            Operand::Not(x) => self.is_bare_reg(x),
            Operand::Pair(a, b) => self.is_bare_reg(a) || self.is_bare_reg(b),
            _ => false,
        }
    }

    fn bare_regs_to_regs(&self, o: &mut Operand) {
        match o {
            Operand::Sym(n, 0) if matches!(self.lookup(n), Some(Name::Reg(..) | Name::Pred(_))) => {
                *o = Operand::Reg(std::mem::take(n));
            }
            Operand::Vec(v) | Operand::List(v) => v.iter_mut().for_each(|x| self.bare_regs_to_regs(x)),
            Operand::Not(x) => self.bare_regs_to_regs(x),
            Operand::Pair(a, b) => {
                self.bare_regs_to_regs(a);
                self.bare_regs_to_regs(b);
            }
            _ => {}
        }
    }

    fn half_mods(&self, m: &mut Mods<'_>, fmt: HalfFmt, x2: bool) -> HalfMods {
        let rnd = m.rnd().unwrap_or(RN);
        HalfMods { fmt, x2, rnd, ftz: m.take(".ftz"), sat: m.take(".sat"), relu: m.take(".relu") }
    }

    fn fmods(&self, m: &mut Mods<'_>) -> FMods {
        let rnd = m.rnd().unwrap_or(RN);
        let ftz = m.take(".ftz");
        let sat = m.take(".sat");
        FMods { rnd, ftz, sat }
    }

    fn inst_inner(&mut self, i: &ast::Inst, m: &mut Mods<'_>) -> DResult<Op> {
        let o = &i.ops;
        let unsupported = || Err(format!("unsupported instruction '{}'", i.full_opcode()));
        let bad_ty = |t: Ty| Err(format!("type .{} is not supported by '{}'", t.name(), i.full_opcode()));
        match i.opcode.as_str() {
            "mov" => {
                self.n_ops(i, 2..=2)?;
                let vec = m.take_any(&[".v2", ".v4"]);
                let ty = m.ty()?;
                if let Some(v) = vec {
                    return self.mov_vector_sreg(i, v, ty);
                }
                if ty == Ty::Pred {
                    return Ok(Op::PLogic {
                        op: None,
                        p: self.pdst(&o[0])?.unwrap_or(0),
                        a: self.psrc(&o[1])?,
                        b: PSrc::Const(false),
                    });
                }
                match (&o[0], &o[1]) {
                    (Operand::Vec(v), _) | (_, Operand::Vec(v)) if !matches!(v.len(), 2 | 4) => {
                        Err("vector operands of mov have 2 or 4 elements".into())
                    }
                    (Operand::Vec(ds), a) => {
                        let bits = ty.bits() / ds.len() as u32;
                        let ds = ds.iter().map(|d| self.dst_bits(d).map(|x| x.0)).collect::<DResult<Vec<_>>>()?;
                        Ok(Op::Unpack { ds, a: self.src(a, ty)?, bits })
                    }
                    (d, Operand::Vec(ss)) => {
                        let bits = ty.bits() / ss.len() as u32;
                        let sty = match bits {
                            8 => Ty::B8,
                            16 => Ty::B16,
                            32 => Ty::B32,
                            _ => Ty::B64,
                        };
                        let srcs = ss.iter().map(|s| self.src(s, sty)).collect::<DResult<Vec<_>>>()?;
                        Ok(Op::Pack { d: self.dst(d)?, srcs, bits })
                    }
                    (d, a) => {
                        if let Operand::Reg(n) = a {
                            if let Some((_, width)) = self.sreg(n)? {
                                if !width.allows(ty.bits()) {
                                    return Err(format!(
                                        "special register '{n}' cannot be read by '{}' (wrong width)",
                                        i.full_opcode()
                                    ));
                                }
                            }
                        }
                        Ok(Op::Mov { d: self.dst(d)?, a: self.src(a, ty)?, bits: ty.bits().min(64) })
                    }
                }
            }
            "addc" | "subc" | "madc" => self.carry(i, m),
            "add" | "sub" | "mad" if i.has(".cc") => self.carry(i, m),
            "add" | "sub" | "mul" | "div" | "rem" | "min" | "max" | "copysign" => {
                self.n_ops(i, 3..=3)?;
                let ty = m.ty()?;
                let wide = i.has(".wide");
                self.check_widths(i, &o[..3], ty, wide)?;
                let d = self.dst(&o[0])?;
                let a = self.src(&o[1], ty)?;
                let b = self.src(&o[2], ty)?;
                if let Some((fmt, x2)) = half_of(ty) {
                    let nan = m.take(".NaN");
                    let hop = match (i.opcode.as_str(), nan) {
                        ("add", _) => HalfOp::Add,
                        ("sub", _) => HalfOp::Sub,
                        ("mul", _) => HalfOp::Mul,
                        ("div", _) => HalfOp::Div,
                        ("min", false) => HalfOp::Min,
                        ("max", false) => HalfOp::Max,
                        ("min", true) => HalfOp::MinNaN,
                        ("max", true) => HalfOp::MaxNaN,
                        _ => return bad_ty(ty),
                    };
                    let hm = self.half_mods(m, fmt, x2);
                    return Ok(Op::Half { op: hop, m: hm, d, a, b, c: Src::Imm(0) });
                }
                if ty.is_float() {
                    if !matches!(ty, Ty::F32 | Ty::F64) {
                        return bad_ty(ty);
                    }
                    m.take(".approx");
                    m.take(".full");
                    let nan = m.take(".NaN");
                    let fm = self.fmods(m);
                    let fop = match (i.opcode.as_str(), nan) {
                        ("add", _) => FOp2::Add,
                        ("sub", _) => FOp2::Sub,
                        ("mul", _) => FOp2::Mul,
                        ("div", _) => FOp2::Div,
                        ("min", false) => FOp2::Min,
                        ("max", false) => FOp2::Max,
                        ("min", true) => FOp2::MinNaN,
                        ("max", true) => FOp2::MaxNaN,
                        ("copysign", _) => FOp2::Copysign,
                        _ => return unsupported(),
                    };
                    let f = floatops::float2(fop, ty, fm).ok_or("bad float type")?;
                    return Ok(Op::Alu2 { f, d, a, b });
                }
                let iop = match i.opcode.as_str() {
                    "add" if m.take(".sat") => IntOp2::AddSat,
                    "sub" if m.take(".sat") => IntOp2::SubSat,
                    "add" => IntOp2::Add,
                    "sub" => IntOp2::Sub,
                    "mul" => match m.take_any(&[".lo", ".hi", ".wide"]) {
                        Some(".hi") => IntOp2::MulHi,
                        Some(".wide") => IntOp2::MulWide,
                        _ => IntOp2::MulLo,
                    },
                    "div" => IntOp2::Div,
                    "rem" => IntOp2::Rem,
                    "min" => IntOp2::Min,
                    "max" => IntOp2::Max,
                    _ => return unsupported(),
                };
                let f = intops::int2(iop, ty)
                    .ok_or_else(|| format!("type .{} is not supported by '{}'", ty.name(), i.full_opcode()))?;
                if matches!(iop, IntOp2::Div | IntOp2::Rem) {
                    return Ok(Op::Div { f, d, a, b, bits: ty.bits() });
                }
                Ok(Op::Alu2 { f, d, a, b })
            }
            "mad" | "fma" => {
                self.n_ops(i, 4..=4)?;
                let ty = m.ty()?;
                let d = self.dst(&o[0])?;
                let (a, b) = (self.src(&o[1], ty)?, self.src(&o[2], ty)?);
                if let Some((fmt, x2)) = half_of(ty) {
                    let hm = self.half_mods(m, fmt, x2);
                    let c = self.src(&o[3], ty)?;
                    return Ok(Op::Half { op: HalfOp::Fma, m: hm, d, a, b, c });
                }
                if ty.is_float() {
                    if !matches!(ty, Ty::F32 | Ty::F64) {
                        return bad_ty(ty);
                    }
                    let fm = self.fmods(m);
                    let c = self.src(&o[3], ty)?;
                    return Ok(Op::Alu3 { f: floatops::float_fma(ty, fm).ok_or("bad float type")?, d, a, b, c });
                }
                let (iop, cty) = match m.take_any(&[".lo", ".hi", ".wide"]) {
                    Some(".hi") => (IntOp3::MadHi, ty),
                    Some(".wide") => (
                        IntOp3::MadWide,
                        match ty {
                            Ty::U16 | Ty::S16 => Ty::U32,
                            _ => Ty::U64,
                        },
                    ),
                    _ => (IntOp3::MadLo, ty),
                };
                let c = self.src(&o[3], cty)?;
                let f =
                    intops::int3(iop, ty).ok_or_else(|| format!("type .{} is not supported by 'mad'", ty.name()))?;
                Ok(Op::Alu3 { f, d, a, b, c })
            }
            "neg" | "abs" | "not" | "cnot" | "popc" | "clz" | "brev" | "bfind" => {
                self.n_ops(i, 2..=2)?;
                let ty = m.ty()?;
                if ty == Ty::Pred && matches!(i.opcode.as_str(), "not") {
                    let a = self.psrc(&o[1])?;
                    let a = match a {
                        PSrc::Reg(p, n) => PSrc::Reg(p, !n),
                        PSrc::Const(c) => PSrc::Const(!c),
                    };
                    return Ok(Op::PLogic { op: None, p: self.pdst(&o[0])?.unwrap_or(0), a, b: PSrc::Const(false) });
                }
                let d = self.dst(&o[0])?;
                let a = self.src(&o[1], ty)?;
                if let Some((fmt, x2)) = half_of(ty) {
                    let hop = match i.opcode.as_str() {
                        "neg" => HalfOp::Neg,
                        "abs" => HalfOp::Abs,
                        _ => return bad_ty(ty),
                    };
                    let hm = self.half_mods(m, fmt, x2);
                    return Ok(Op::Half { op: hop, m: hm, d, a, b: Src::Imm(0), c: Src::Imm(0) });
                }
                if ty.is_float() {
                    if !matches!(ty, Ty::F32 | Ty::F64) {
                        return bad_ty(ty);
                    }
                    let fm = self.fmods(m);
                    let fop = match i.opcode.as_str() {
                        "neg" => FOp1::Neg,
                        "abs" => FOp1::Abs,
                        _ => return unsupported(),
                    };
                    return Ok(Op::Alu1 { f: floatops::float1(fop, ty, fm).ok_or("bad float type")?, d, a });
                }
                let iop = match i.opcode.as_str() {
                    "neg" => IntOp1::Neg,
                    "abs" => IntOp1::Abs,
                    "not" => IntOp1::Not,
                    "cnot" => IntOp1::Cnot,
                    "popc" => IntOp1::Popc,
                    "clz" => IntOp1::Clz,
                    "brev" => IntOp1::Brev,
                    _ if m.take(".shiftamt") => IntOp1::BfindShift,
                    _ => IntOp1::Bfind,
                };
                let f = intops::int1(iop, ty)
                    .ok_or_else(|| format!("type .{} is not supported by '{}'", ty.name(), i.opcode))?;
                Ok(Op::Alu1 { f, d, a })
            }
            "and" | "or" | "xor" => {
                self.n_ops(i, 3..=3)?;
                let ty = m.ty()?;
                if ty == Ty::Pred {
                    let op = match i.opcode.as_str() {
                        "and" => BoolOp::And,
                        "or" => BoolOp::Or,
                        _ => BoolOp::Xor,
                    };
                    return Ok(Op::PLogic {
                        op: Some(op),
                        p: self.pdst(&o[0])?.unwrap_or(0),
                        a: self.psrc(&o[1])?,
                        b: self.psrc(&o[2])?,
                    });
                }
                let iop = match i.opcode.as_str() {
                    "and" => IntOp2::And,
                    "or" => IntOp2::Or,
                    _ => IntOp2::Xor,
                };
                let f = intops::int2(iop, ty).ok_or_else(|| format!("type .{} is not supported", ty.name()))?;
                self.check_widths(i, &o[..3], ty, false)?;
                Ok(Op::Alu2 { f, d: self.dst(&o[0])?, a: self.src(&o[1], ty)?, b: self.src(&o[2], ty)? })
            }
            "shl" | "shr" => {
                self.n_ops(i, 3..=3)?;
                let ty = m.ty()?;
                let iop = if i.opcode == "shl" { IntOp2::Shl } else { IntOp2::Shr };
                let f = intops::int2(iop, ty).ok_or_else(|| format!("type .{} is not supported", ty.name()))?;
                Ok(Op::Alu2 { f, d: self.dst(&o[0])?, a: self.src(&o[1], ty)?, b: self.src(&o[2], Ty::U32)? })
            }
            "mul24" | "mad24" => {
                let hi = match m.take_any(&[".lo", ".hi"]) {
                    Some(".hi") => true,
                    Some(_) => false,
                    None => return Err(format!("'{}' needs .lo or .hi", i.full_opcode())),
                };
                let ty = m.ty()?;
                if !matches!(ty, Ty::U32 | Ty::S32) {
                    return bad_ty(ty);
                }
                let signed = ty == Ty::S32;
                let n = if i.opcode == "mul24" { 3 } else { 4 };
                self.n_ops(i, n..=n)?;
                let (d, a, b) = (self.dst(&o[0])?, self.src(&o[1], ty)?, self.src(&o[2], ty)?);
                if n == 3 {
                    Ok(Op::Alu2 { f: intops::mul24_fn(signed, hi), d, a, b })
                } else {
                    Ok(Op::Alu3 { f: intops::mad24_fn(signed, hi), d, a, b, c: self.src(&o[3], ty)? })
                }
            }
            "isspacep" => {
                self.n_ops(i, 2..=2)?;
                let space = m.space();
                if space == Space::Generic {
                    return Err("isspacep needs a state space".into());
                }
                Ok(Op::IsSpace { space, p: self.pdst(&o[0])?.unwrap_or(0), a: self.src(&o[1], Ty::U64)? })
            }
            "sad" => {
                self.n_ops(i, 4..=4)?;
                let ty = m.ty()?;
                let f = intops::int3(IntOp3::Sad, ty).ok_or("bad sad type")?;
                Ok(Op::Alu3 {
                    f,
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], ty)?,
                    b: self.src(&o[2], ty)?,
                    c: self.src(&o[3], unsigned_of(ty))?,
                })
            }
            "bfe" => {
                self.n_ops(i, 4..=4)?;
                let ty = m.ty()?;
                let f = intops::int3(IntOp3::Bfe, ty).ok_or("bad bfe type")?;
                Ok(Op::Alu3 {
                    f,
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], ty)?,
                    b: self.src(&o[2], Ty::U32)?,
                    c: self.src(&o[3], Ty::U32)?,
                })
            }
            "bfi" => {
                self.n_ops(i, 5..=5)?;
                let ty = m.ty()?;
                Ok(Op::Bfi {
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], ty)?,
                    b: self.src(&o[2], ty)?,
                    c: self.src(&o[3], Ty::U32)?,
                    e: self.src(&o[4], Ty::U32)?,
                    bits: ty.bits(),
                })
            }
            "lop3" => {
                self.n_ops(i, 5..=5)?;
                m.ty()?;
                let lut = match &o[4] {
                    Operand::Int(v) => *v as u8,
                    _ => return Err("lop3 needs an immediate truth table".into()),
                };
                Ok(Op::Lop3 {
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], Ty::B32)?,
                    b: self.src(&o[2], Ty::B32)?,
                    c: self.src(&o[3], Ty::B32)?,
                    lut,
                })
            }
            "prmt" => {
                self.n_ops(i, 4..=4)?;
                m.ty()?;
                let mode = match m.take_any(&[".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"]) {
                    None => 0,
                    Some(".f4e") => 1,
                    Some(".b4e") => 2,
                    Some(".rc8") => 3,
                    Some(".ecl") => 4,
                    Some(".ecr") => 5,
                    Some(_) => 6,
                };
                Ok(Op::Prmt {
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], Ty::B32)?,
                    b: self.src(&o[2], Ty::B32)?,
                    c: self.src(&o[3], Ty::B32)?,
                    mode,
                })
            }
            "shf" => {
                self.n_ops(i, 4..=4)?;
                m.ty()?;
                let left = match m.take_any(&[".l", ".r"]) {
                    Some(".l") => true,
                    Some(_) => false,
                    None => return Err("shf needs .l or .r".into()),
                };
                let clamp = match m.take_any(&[".wrap", ".clamp"]) {
                    Some(".clamp") => true,
                    Some(_) => false,
                    None => return Err("shf needs .wrap or .clamp".into()),
                };
                let iop = match (left, clamp) {
                    (true, false) => IntOp3::ShfL,
                    (false, false) => IntOp3::ShfR,
                    (true, true) => IntOp3::ShfLClamp,
                    (false, true) => IntOp3::ShfRClamp,
                };
                let f = intops::int3(iop, Ty::U32).ok_or("shf")?;
                Ok(Op::Alu3 {
                    f,
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], Ty::B32)?,
                    b: self.src(&o[2], Ty::B32)?,
                    c: self.src(&o[3], Ty::U32)?,
                })
            }
            "setp" | "set" => self.setp(i, m),
            "selp" => {
                self.n_ops(i, 4..=4)?;
                let ty = m.ty()?;
                Ok(Op::Selp {
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], ty)?,
                    b: self.src(&o[2], ty)?,
                    p: self.psrc(&o[3])?,
                })
            }
            "cvt" if o.len() == 3 => {
                let rnd = m.rnd().unwrap_or(RN);
                let (relu, sat) = (m.take(".relu"), m.take(".sat"));
                let tys = m.tys();
                let fmt = match tys[..] {
                    [Ty::F16x2, Ty::F32] => HalfFmt::F16,
                    [Ty::BF16x2, Ty::F32] => HalfFmt::BF16,
                    _ => return Err(format!("unsupported three-operand '{}'", i.full_opcode())),
                };
                let hm = HalfMods { fmt, x2: true, rnd, ftz: false, sat, relu };
                Ok(Op::CvtPack {
                    m: hm,
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], Ty::F32)?,
                    b: self.src(&o[2], Ty::F32)?,
                })
            }
            "cvt" => {
                self.n_ops(i, 2..=2)?;
                let irnd = m.irnd();
                let frnd = m.rnd();
                let ftz = m.take(".ftz");
                let sat = m.take(".sat");
                let tys = m.tys();
                let [dst, src] = tys[..] else { return Err("cvt needs a destination and a source type".into()) };
                if matches!(dst, Ty::F16x2 | Ty::BF16x2 | Ty::B128 | Ty::Pred)
                    || matches!(src, Ty::F16x2 | Ty::BF16x2 | Ty::B128 | Ty::Pred)
                {
                    return Err(format!("cvt.{}.{} is not supported", dst.name(), src.name()));
                }
                let (d, reg_bits) = self.dst_bits(&o[0])?;
                let d = d.unwrap_or(0);
                let a = self.src(&o[1], src)?;
                if dst == src && !dst.is_float() && !sat {
                    return Ok(Op::Mov { d, a, bits: dst.bits() });
                }
                let reg_bits = reg_bits.max(dst.bits());
                Ok(Op::Cvt { d, a, c: Conv { dst, src, irnd, frnd: frnd.unwrap_or(RN), ftz, sat, reg_bits } })
            }
            "cvta" => {
                self.n_ops(i, 2..=2)?;
                let to = m.take(".to");
                let space = m.space();
                let ty = m.ty()?;
                if space == Space::Generic || space == Space::Global {
                    // Global and generic addresses coincide.
                    return Ok(Op::Mov { d: self.dst(&o[0])?, a: self.src(&o[1], ty)?, bits: ty.bits() });
                }
                Ok(Op::Cvta { to, space, d: self.dst(&o[0])?, a: self.src(&o[1], ty)?, bits: ty.bits() })
            }
            "ld" | "ldu" | "st" => self.mem(i, m),
            "atom" | "red" => self.atom(i, m),
            "wmma" => self.wmma(i, m),
            "bra" => {
                self.n_ops(i, 1..=1)?;
                let uni = m.take(".uni");
                Ok(Op::Bra { target: self.label(&o[0])?, uni, rpc: NO_RPC })
            }
            "brx" => {
                self.n_ops(i, 2..=2)?;
                if !m.take(".idx") {
                    return unsupported();
                }
                let uni = m.take(".uni");
                let idx = self.src(&o[0], Ty::U32)?;
                let Operand::Sym(t, 0) = &o[1] else { return Err("brx.idx needs a .branchtargets label".into()) };
                let names = self.tables.get(t).ok_or_else(|| format!("'{t}' is not a .branchtargets table"))?.clone();
                let targets = names
                    .iter()
                    .map(|n| self.labels.get(n).copied().ok_or_else(|| format!("unknown label '{n}'")))
                    .collect::<DResult<_>>()?;
                Ok(Op::BrxIdx { idx, targets, uni, rpc: NO_RPC })
            }
            "call" => {
                let uni = m.take(".uni");
                let mut k = 0;
                let mut rets = Vec::new();
                if let Some(Operand::List(l)) = o.first() {
                    rets = l.iter().map(|x| self.param_var(x)).collect::<DResult<_>>()?;
                    k = 1;
                }
                let (func, indirect) = match o.get(k) {
                    Some(Operand::Sym(n, 0)) => match self.syms.get(n) {
                        Some(ModSym::Func(f)) => (*f, None),
                        _ => return Err(format!("'{n}' is not a function")),
                    },
                    Some(Operand::Reg(r)) => (u32::MAX, Some(Src::Reg(self.reg(r)?.0))),
                    _ => return Err("call needs a function".into()),
                };
                let args = match o.get(k + 1) {
                    Some(Operand::List(l)) => l.iter().map(|x| self.param_var(x)).collect::<DResult<_>>()?,
                    _ => Vec::new(),
                };
                if func != u32::MAX {
                    let f = &self.funcs[func as usize];
                    let builtin = f.name == "vprintf" && args.len() == 2 && rets.len() == 1;
                    if !(f.defined || builtin) {
                        return Err(format!("call to '{}', which is declared but not defined in this module", f.name));
                    }
                    if f.kernel {
                        return Err(format!("call to the kernel '{}'", f.name));
                    }
                    if f.params.len() != args.len() || f.rets.len() != rets.len() {
                        return Err(format!(
                            "call to '{}' passes {} arguments and {} return values; it takes {} and {}",
                            f.name,
                            args.len(),
                            rets.len(),
                            f.params.len(),
                            f.rets.len()
                        ));
                    }
                }
                Ok(Op::Call { func, indirect, args, rets, uni })
            }
            "ret" => {
                m.take(".uni");
                Ok(Op::Ret)
            }
            "exit" => Ok(Op::Exit),
            "trap" | "brkpt" => Ok(Op::Trap),
            "bar" | "barrier" => self.bar(i, m),
            "membar" | "fence" => {
                m.take_any(&[".cta", ".gl", ".sys", ".gpu", ".cluster"]);
                m.take_any(&[".sc", ".acq_rel", ".acquire", ".release"]);
                for w in m.words.iter() {
                    if w.starts_with(".proxy") || w.starts_with(".async") {
                        m.take(w);
                    }
                }
                Ok(Op::Nop)
            }
            "nanosleep" | "prefetch" | "prefetchu" | "pmevent" | "griddepcontrol" | "discard" | "applypriority" => {
                for w in m.words.iter() {
                    m.used[m.words.iter().position(|x| x == w).unwrap_or(0)] = true;
                }
                Ok(Op::Nop)
            }
            "shfl" => {
                let sync = m.take(".sync");
                let mode = match m.take_any(&[".up", ".down", ".bfly", ".idx"]) {
                    Some(".up") => ShflMode::Up,
                    Some(".down") => ShflMode::Down,
                    Some(".bfly") => ShflMode::Bfly,
                    Some(_) => ShflMode::Idx,
                    None => return Err("shfl needs a mode (.up .down .bfly .idx)".into()),
                };
                m.take(".b32");
                self.n_ops(i, if sync { 5..=5 } else { 4..=4 })?;
                let (d, p) = match &o[0] {
                    Operand::Pair(d, p) => (self.dst(d)?, self.pdst(p)?),
                    d => (self.dst(d)?, None),
                };
                let mask = if sync { self.src(&o[4], Ty::B32)? } else { Src::Imm(0xFFFF_FFFF) };
                Ok(Op::Shfl {
                    mode,
                    d,
                    p,
                    a: self.src(&o[1], Ty::B32)?,
                    b: self.src(&o[2], Ty::B32)?,
                    c: self.src(&o[3], Ty::B32)?,
                    mask,
                })
            }
            "vote" => {
                let sync = m.take(".sync");
                let mode = match m.take_any(&[".all", ".any", ".uni", ".ballot"]) {
                    Some(".all") => VoteMode::All,
                    Some(".any") => VoteMode::Any,
                    Some(".uni") => VoteMode::Uni,
                    Some(_) => VoteMode::Ballot,
                    None => return Err("vote needs a mode".into()),
                };
                m.take_any(&[".pred", ".b32"]);
                self.n_ops(i, if sync { 3..=3 } else { 2..=2 })?;
                let d = if mode == VoteMode::Ballot { self.dst(&o[0])? } else { self.pdst(&o[0])?.unwrap_or(0) };
                let mask = if sync { Some(self.src(&o[2], Ty::B32)?) } else { None };
                Ok(Op::Vote { mode, d, a: self.psrc(&o[1])?, mask })
            }
            "match" => {
                let all = match m.take_any(&[".any", ".all"]) {
                    Some(".all") => true,
                    Some(_) => false,
                    None => return Err("match needs .any or .all".into()),
                };
                if !m.take(".sync") {
                    return Err("match needs .sync".into());
                }
                let ty = m.ty()?;
                self.n_ops(i, 3..=3)?;
                let (d, p) = match &o[0] {
                    Operand::Pair(d, p) => (self.dst(d)?, self.pdst(p)?),
                    d => (self.dst(d)?, None),
                };
                Ok(Op::Match { all, bits: ty.bits(), d, p, a: self.src(&o[1], ty)?, mask: self.src(&o[2], Ty::B32)? })
            }
            "redux" => {
                if !m.take(".sync") {
                    return Err("redux needs .sync".into());
                }
                let op = match m.take_any(&[".add", ".min", ".max", ".and", ".or", ".xor"]) {
                    Some(".add") => ReduxOp::Add,
                    Some(".min") => ReduxOp::Min,
                    Some(".max") => ReduxOp::Max,
                    Some(".and") => ReduxOp::And,
                    Some(".or") => ReduxOp::Or,
                    Some(_) => ReduxOp::Xor,
                    None => return Err("redux needs an operation".into()),
                };
                let ty = m.ty()?;
                if ty.bits() != 32 || ty.is_float() {
                    return bad_ty(ty);
                }
                self.n_ops(i, 3..=3)?;
                Ok(Op::Redux {
                    op,
                    signed: ty.is_signed(),
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], ty)?,
                    mask: self.src(&o[2], Ty::B32)?,
                })
            }
            "activemask" => {
                m.take(".b32");
                self.n_ops(i, 1..=1)?;
                Ok(Op::ActiveMask { d: self.dst(&o[0])? })
            }
            "testp" => {
                let kind =
                    match m.take_any(&[".finite", ".infinite", ".number", ".notanumber", ".normal", ".subnormal"]) {
                        Some(".finite") => 0,
                        Some(".infinite") => 1,
                        Some(".number") => 2,
                        Some(".notanumber") => 3,
                        Some(".normal") => 4,
                        Some(_) => 5,
                        None => return Err("testp needs a test".into()),
                    };
                let ty = m.ty()?;
                self.n_ops(i, 2..=2)?;
                Ok(Op::Testp { kind, ty, p: self.pdst(&o[0])?.unwrap_or(0), a: self.src(&o[1], ty)? })
            }
            "rcp" | "sqrt" | "rsqrt" | "ex2" | "lg2" | "sin" | "cos" | "tanh" => {
                self.n_ops(i, 2..=2)?;
                let ty = m.ty()?;
                if !matches!(ty, Ty::F32 | Ty::F64) {
                    return bad_ty(ty);
                }
                let approx = m.take(".approx");
                m.take(".full");
                let fm = self.fmods(m);
                let fop = match i.opcode.as_str() {
                    "rcp" => FOp1::Rcp,
                    "sqrt" => FOp1::Sqrt,
                    "rsqrt" => FOp1::Rsqrt,
                    "ex2" => FOp1::Ex2,
                    "lg2" => FOp1::Lg2,
                    "sin" => FOp1::Sin,
                    "cos" => FOp1::Cos,
                    _ => FOp1::Tanh,
                };
                let _ = approx;
                Ok(Op::Alu1 {
                    f: floatops::float1(fop, ty, fm).ok_or("bad float type")?,
                    d: self.dst(&o[0])?,
                    a: self.src(&o[1], ty)?,
                })
            }
            _ => Err(format!("unknown instruction '{}'", i.full_opcode())),
        }
    }
}
