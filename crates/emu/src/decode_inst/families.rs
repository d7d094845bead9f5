//! Decoders of the instruction families with the most variants: comparisons (`setp`, `set`), memory (`ld`,
//! `ldu`, `st`), atomics (`atom`, `red`) and CTA barriers (`bar`, `barrier`).

use super::*;

impl Ctx<'_> {
    /// `add.cc`, `addc{.cc}`, `sub.cc`, `subc{.cc}`, `mad{c}.lo/hi{.cc}`.
    pub(super) fn carry(&mut self, i: &ast::Inst, m: &mut Mods<'_>) -> DResult<Op> {
        let o = &i.ops;
        let cin = i.opcode.ends_with('c');
        let cout = m.take(".cc");
        let kind = match i.opcode.as_str() {
            "add" | "addc" => CarryKind::Add,
            "sub" | "subc" => CarryKind::Sub,
            _ => match m.take_any(&[".lo", ".hi"]) {
                Some(".hi") => CarryKind::MadHi,
                Some(_) => CarryKind::MadLo,
                None => return Err(format!("'{}' needs .lo or .hi", i.full_opcode())),
            },
        };
        let ty = m.ty()?;
        if !matches!(ty, Ty::U32 | Ty::S32 | Ty::U64 | Ty::S64 | Ty::B32 | Ty::B64) {
            return Err(format!("type .{} is not supported by '{}'", ty.name(), i.full_opcode()));
        }
        let mad = matches!(kind, CarryKind::MadLo | CarryKind::MadHi);
        let n = if mad { 4 } else { 3 };
        self.n_ops(i, n..=n)?;
        let c = if mad { self.src(&o[3], ty)? } else { Src::Imm(0) };
        Ok(Op::Carry {
            kind,
            cin,
            cout,
            bits: ty.bits(),
            d: self.dst(&o[0])?,
            a: self.src(&o[1], ty)?,
            b: self.src(&o[2], ty)?,
            c,
        })
    }

    pub(super) fn setp(&mut self, i: &ast::Inst, m: &mut Mods<'_>) -> DResult<Op> {
        let o = &i.ops;
        let is_set = i.opcode == "set";
        let cw = m.take_any(CMP_WORDS).ok_or("setp/set needs a comparison (.eq, .lt, ...)")?;
        let comb = match m.take_any(&[".and", ".or", ".xor"]) {
            Some(".and") => Some(BoolOp::And),
            Some(".or") => Some(BoolOp::Or),
            Some(".xor") => Some(BoolOp::Xor),
            _ => None,
        };
        let ftz = m.take(".ftz");
        let tys = m.tys();
        let (dty, ty) = match (is_set, &tys[..]) {
            (false, [t]) => (Ty::Pred, *t),
            (true, [d, s]) => (*d, *s),
            _ => return Err(format!("'{}' has the wrong number of type modifiers", i.full_opcode())),
        };
        let (iop, unsigned, fop) = cmp_of(cw).expect("listed comparison");
        if let Some((fmt, x2)) = half_of(ty) {
            if is_set {
                return Err(format!("set with half-precision sources is not supported: '{}'", i.full_opcode()));
            }
            let cmp = fop.ok_or_else(|| format!("comparison '{cw}' is not defined on floats"))?;
            let n = if comb.is_some() { 4 } else { 3 };
            self.n_ops(i, n..=n)?;
            let (p, q) = match &o[0] {
                Operand::Pair(p, q) => (self.pdst(p)?, self.pdst(q)?),
                p => (self.pdst(p)?, None),
            };
            let comb = match comb {
                Some(c) => Some((c, self.psrc(&o[3])?)),
                None => None,
            };
            let (a, b) = (self.src(&o[1], ty)?, self.src(&o[2], ty)?);
            return Ok(Op::HalfSetp { cmp, fmt, x2, ftz, p, q, a, b, comb });
        }
        let f = if ty.is_float() {
            let fop = fop.ok_or_else(|| format!("comparison '{cw}' is not defined on floats"))?;
            floatops::float_cmp(fop, ty, ftz).ok_or_else(|| format!("type .{} is not supported by setp", ty.name()))?
        } else {
            if fop.is_some_and(|f| !matches!(f, FCmp::Eq | FCmp::Ne | FCmp::Lt | FCmp::Le | FCmp::Gt | FCmp::Ge)) {
                return Err(format!("comparison '{cw}' is only defined on floats"));
            }
            let t = if unsigned || matches!(ty, Ty::B8 | Ty::B16 | Ty::B32 | Ty::B64) { unsigned_of(ty) } else { ty };
            intops::int_cmp(iop, t).ok_or_else(|| format!("type .{} is not supported by setp", ty.name()))?
        };
        let n = if comb.is_some() { 4 } else { 3 };
        self.n_ops(i, n..=n)?;
        let a = self.src(&o[1], ty)?;
        let b = self.src(&o[2], ty)?;
        let comb = match comb {
            Some(c) => Some((c, self.psrc(&o[3])?)),
            None => None,
        };
        if is_set {
            if !matches!(dty, Ty::U32 | Ty::S32 | Ty::B32 | Ty::F32) {
                return Err(format!("set destination type .{} is not supported", dty.name()));
            }
            return Ok(Op::Set { f, d: self.dst(&o[0])?, a, b, comb, float: dty == Ty::F32 });
        }
        let (p, q) = match &o[0] {
            Operand::Pair(p, q) => (self.pdst(p)?, self.pdst(q)?),
            p => (self.pdst(p)?, None),
        };
        Ok(Op::Setp { f, p, q, a, b, comb })
    }

    pub(super) fn mem(&mut self, i: &ast::Inst, m: &mut Mods<'_>) -> DResult<Op> {
        let o = &i.ops;
        let load = i.opcode != "st";
        let space = if i.opcode == "ldu" {
            match m.space() {
                Space::Generic => Space::Global,
                s => s,
            }
        } else {
            m.space()
        };
        m.hints();
        let vec = match m.take_any(&[".v2", ".v4", ".v8"]) {
            Some(".v2") => 2u8,
            Some(".v4") => 4,
            Some(_) => return Err("8-element vector accesses are not supported".into()),
            None => 1,
        };
        let ty = m.ty()?;
        if ty == Ty::B128 || ty == Ty::Pred {
            return Err(format!("'{}' with type .{} is not supported", i.full_opcode(), ty.name()));
        }
        if o.len() < 2 {
            return Err(format!("'{}' takes 2 operands", i.full_opcode()));
        }
        let size = ty.size() as u8;
        if load {
            let (addr, off) = self.addr(&o[1], space)?;
            let dl: Vec<&Operand> = match &o[0] {
                Operand::Vec(v) => v.iter().collect(),
                d => vec![d],
            };
            if dl.len() != vec as usize {
                return Err(format!("'{}' needs {} destinations", i.full_opcode(), vec));
            }
            let mut d = [None; 4];
            let mut dbits = [64u8; 4];
            for (k, x) in dl.iter().enumerate() {
                let (r, b) = self.dst_bits(x)?;
                d[k] = r;
                dbits[k] = b as u8;
            }
            Ok(Op::Ld { space, size, vec, sext: ty.is_signed(), dbits, d, addr, off })
        } else {
            let (addr, off) = self.addr(&o[0], space)?;
            let sl: Vec<&Operand> = match &o[1] {
                Operand::Vec(v) => v.iter().collect(),
                s => vec![s],
            };
            if sl.len() != vec as usize {
                return Err(format!("'{}' needs {} sources", i.full_opcode(), vec));
            }
            let mut s = [Src::Imm(0); 4];
            for (k, x) in sl.iter().enumerate() {
                s[k] = self.src(x, ty)?;
            }
            Ok(Op::St { space, size, vec, s, addr, off })
        }
    }

    pub(super) fn atom(&mut self, i: &ast::Inst, m: &mut Mods<'_>) -> DResult<Op> {
        let o = &i.ops;
        let red = i.opcode == "red";
        let space = m.space();
        m.hints();
        m.take(".noftz");
        let op = match m.take_any(&[".add", ".min", ".max", ".and", ".or", ".xor", ".exch", ".cas", ".inc", ".dec"]) {
            Some(".add") => AtomOp::Add,
            Some(".min") => AtomOp::Min,
            Some(".max") => AtomOp::Max,
            Some(".and") => AtomOp::And,
            Some(".or") => AtomOp::Or,
            Some(".xor") => AtomOp::Xor,
            Some(".exch") => AtomOp::Exch,
            Some(".cas") => AtomOp::Cas,
            Some(".inc") => AtomOp::Inc,
            Some(".dec") => AtomOp::Dec,
            _ => return Err(format!("'{}' needs an operation", i.full_opcode())),
        };
        let ty = m.ty()?;
        if !matches!(ty, Ty::B32 | Ty::B64 | Ty::U32 | Ty::U64 | Ty::S32 | Ty::S64 | Ty::F32 | Ty::F64) {
            return Err(format!("atomic type .{} is not supported", ty.name()));
        }
        if ty.is_float() && !matches!(op, AtomOp::Add | AtomOp::Exch | AtomOp::Min | AtomOp::Max) {
            return Err(format!("atomic .{:?} on floats is not PTX", op).to_lowercase());
        }
        let base = if red { 0 } else { 1 };
        let need = base + if op == AtomOp::Cas { 3 } else { 2 };
        if o.len() != need {
            return Err(format!("'{}' takes {need} operands, found {}", i.full_opcode(), o.len()));
        }
        let d = if red { None } else { Some(self.dst(&o[0])?) };
        let (addr, off) = self.addr(&o[base], space)?;
        let b = self.src(&o[base + 1], ty)?;
        let c = if op == AtomOp::Cas { self.src(&o[base + 2], ty)? } else { Src::Imm(0) };
        if !matches!(space, Space::Global | Space::Shared | Space::Generic) {
            return Err(format!("atomics on the .{} space are not supported", space.name()));
        }
        Ok(Op::Atom { space, op, ty, d, addr, off, b, c })
    }

    pub(super) fn bar(&mut self, i: &ast::Inst, m: &mut Mods<'_>) -> DResult<Op> {
        let o = &i.ops;
        m.take(".cta");
        // `bar` is `barrier.*.aligned`; `barrier` is aligned only with the modifier (the sanitizer checks it).
        let aligned = m.take(".aligned") || i.opcode == "bar";
        if i.opcode == "bar" && m.take(".warp") {
            if !m.take(".sync") {
                return Err("bar.warp needs .sync".into());
            }
            self.n_ops(i, 1..=1)?;
            return Ok(Op::WarpSync { mask: self.src(&o[0], Ty::B32)? });
        }
        // A thread count is a multiple of the warp size; `bar.arrive` needs a non-zero one (as ptxas says).
        let count_of = |cx: &Self, op: &Operand, arrive: bool| -> DResult<Src> {
            let c = cx.src(op, Ty::U32)?;
            if let Src::Imm(v) = c {
                if !v.is_multiple_of(32) || (arrive && v == 0) {
                    return Err(format!(
                        "barrier thread count {v} is not a {}multiple of the warp size (32)",
                        if arrive { "non-zero " } else { "" }
                    ));
                }
            }
            Ok(c)
        };
        if m.take(".sync") || (i.opcode == "bar" && i.mods.is_empty()) {
            self.n_ops(i, 1..=2)?;
            let count = if o.len() == 2 { Some(count_of(self, &o[1], false)?) } else { None };
            return Ok(Op::Bar { kind: BarKind::Sync, id: self.src(&o[0], Ty::U32)?, count, aligned });
        }
        if m.take(".arrive") {
            self.n_ops(i, 2..=2)?;
            return Ok(Op::Bar {
                kind: BarKind::Arrive,
                id: self.src(&o[0], Ty::U32)?,
                count: Some(count_of(self, &o[1], true)?),
                aligned,
            });
        }
        if m.take(".red") {
            let popc = m.take(".popc");
            let and = m.take(".and");
            let or = m.take(".or");
            m.take_any(&[".u32", ".pred"]);
            self.n_ops(i, 3..=4)?;
            let count = if o.len() == 4 { Some(count_of(self, &o[2], false)?) } else { None };
            let c = self.psrc(&o[o.len() - 1])?;
            let kind = if popc {
                BarKind::RedPopc(self.dst(&o[0])?, c)
            } else if and || or {
                BarKind::RedPred(self.pdst(&o[0])?.unwrap_or(0), c, and)
            } else {
                return Err("bar.red needs .popc, .and or .or".into());
            };
            return Ok(Op::Bar { kind, id: self.src(&o[1], Ty::U32)?, count, aligned });
        }
        Err(format!("unsupported barrier '{}'", i.full_opcode()))
    }
}
