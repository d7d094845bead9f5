//! Helpers the CFG-editing passes share: predecessor lists kept up to date by hand, phi-entry edits, constants.

use rustc_hash::FxHashMap;
use simtc_ir::*;
use smallvec::SmallVec;

/// Predecessor lists with one entry per edge (a `br c, X, X` block appears twice in `X`'s list), for the blocks
/// in the layout. Passes that change terminators keep it exact through [`Preds::remove_edge`]/[`Preds::add_edge`].
#[derive(Clone, Debug, Default)]
pub struct Preds {
    map: SecondaryMap<Block, SmallVec<[Block; 4]>>,
}

impl Preds {
    /// The predecessors of every block of `func`.
    pub fn compute(func: &Function) -> Self {
        let mut map: SecondaryMap<Block, SmallVec<[Block; 4]>> = SecondaryMap::new();
        for b in func.layout.blocks() {
            for s in func.successors(b) {
                map.entry(s).push(b);
            }
        }
        Preds { map }
    }
    /// Predecessor edges of `b`.
    pub fn of(&self, b: Block) -> &[Block] {
        self.map.get(b)
    }
    /// Distinct predecessors of `b`, in first-edge order.
    pub fn distinct(&self, b: Block) -> SmallVec<[Block; 4]> {
        let mut v: SmallVec<[Block; 4]> = SmallVec::new();
        for &p in self.map.get(b) {
            if !v.contains(&p) {
                v.push(p);
            }
        }
        v
    }
    /// Records the removal of one edge `from -> to`.
    pub fn remove_edge(&mut self, from: Block, to: Block) {
        let l = self.map.entry(to);
        if let Some(i) = l.iter().position(|&p| p == from) {
            l.remove(i);
        }
    }
    /// Records a new edge `from -> to`.
    pub fn add_edge(&mut self, from: Block, to: Block) {
        self.map.entry(to).push(from);
    }
    /// Forgets every edge into `b`.
    pub fn clear(&mut self, b: Block) {
        self.map.entry(b).clear();
    }
}

/// The phis at the start of `b`.
pub fn phis(func: &Function, b: Block) -> Vec<Inst> {
    func.layout.block_insts(b).take_while(|&i| func.dfg.inst(i).is_phi()).collect()
}

/// Removes every entry of `phi` that comes from `from`; returns the value of the last one removed.
pub fn phi_remove_block(func: &mut Function, phi: Inst, from: Block) -> Option<Value> {
    let mut removed = None;
    let mut k = 0;
    while k < func.dfg.phi_blocks(phi).len() {
        if func.dfg.phi_blocks(phi)[k] == from {
            removed = Some(func.dfg.args(phi)[k]);
            func.dfg.phi_remove_incoming(phi, k);
        } else {
            k += 1;
        }
    }
    removed
}

/// The value `phi` receives from `from`, if it has an entry for it.
pub fn phi_value_for(func: &Function, phi: Inst, from: Block) -> Option<Value> {
    let k = func.dfg.phi_blocks(phi).iter().position(|&b| b == from)?;
    Some(func.dfg.args(phi)[k])
}

/// The boolean behind an `i1` constant value.
pub fn const_bool(m_consts: &ConstPool, func: &Function, v: Value) -> Option<bool> {
    match m_consts.data(func.dfg.value_const(v)?) {
        ConstData::Int(_, a) if a.width() == 1 => Some(!a.is_zero()),
        _ => None,
    }
}

/// The value of branch condition `v` when it is known: an `i1` constant, or an `icmp`/`fcmp` of two scalar
/// constants (what a front end's constant operands or a reduced test case leave; folding it also keeps a
/// `@p bra.uni` on a constant predicate out of the PTX, which makes ptxas 12.9 and 13 crash when the skipped
/// code holds a vector store).
pub fn const_condition(consts: &ConstPool, func: &Function, v: Value) -> Option<bool> {
    if let Some(b) = const_bool(consts, func, v) {
        return Some(b);
    }
    let &ValueDef::Inst(i) = func.dfg.value_def(v) else { return None };
    let [a, b] = func.dfg.args(i) else { return None };
    let (ca, cb) = (consts.data(func.dfg.value_const(*a)?), consts.data(func.dfg.value_const(*b)?));
    match (&func.dfg.inst(i).kind, ca, cb) {
        (InstKind::ICmp(p), ConstData::Int(_, x), ConstData::Int(_, y)) if x.width() <= 128 => {
            let (ux, uy) = (x.as_u128(), y.as_u128());
            let (sx, sy) = (x.as_i128()?, y.as_i128()?);
            Some(match p {
                IntPredicate::Eq => ux == uy,
                IntPredicate::Ne => ux != uy,
                IntPredicate::Ugt => ux > uy,
                IntPredicate::Uge => ux >= uy,
                IntPredicate::Ult => ux < uy,
                IntPredicate::Ule => ux <= uy,
                IntPredicate::Sgt => sx > sy,
                IntPredicate::Sge => sx >= sy,
                IntPredicate::Slt => sx < sy,
                IntPredicate::Sle => sx <= sy,
            })
        }
        (InstKind::FCmp(p), ConstData::Float(t, x), ConstData::Float(_, y)) => {
            let bits = match *t {
                Type::HALF => 16,
                Type::FLOAT => 32,
                Type::DOUBLE => 64,
                _ => return None,
            };
            let (x, y) = (simtc_ir::constant::float::to_f64(bits, *x), simtc_ir::constant::float::to_f64(bits, *y));
            let uno = x.is_nan() || y.is_nan();
            Some(match p {
                FloatPredicate::False => false,
                FloatPredicate::True => true,
                FloatPredicate::Oeq => !uno && x == y,
                FloatPredicate::Ogt => !uno && x > y,
                FloatPredicate::Oge => !uno && x >= y,
                FloatPredicate::Olt => !uno && x < y,
                FloatPredicate::Ole => !uno && x <= y,
                FloatPredicate::One => !uno && x != y,
                FloatPredicate::Ord => !uno,
                FloatPredicate::Ueq => uno || x == y,
                FloatPredicate::Ugt => uno || x > y,
                FloatPredicate::Uge => uno || x >= y,
                FloatPredicate::Ult => uno || x < y,
                FloatPredicate::Ule => uno || x <= y,
                FloatPredicate::Une => uno || x != y,
                FloatPredicate::Uno => uno,
            })
        }
        _ => None,
    }
}

/// The value of an `i1` constant in `func`.
pub fn bool_value(consts: &mut ConstPool, func: &mut Function, b: bool) -> Value {
    let c = consts.int(Type::I1, 1, b as i128);
    func.dfg.const_value(c, Type::I1)
}

/// `undef` of `ty` in `func`.
pub fn undef_value(consts: &mut ConstPool, func: &mut Function, ty: Type) -> Value {
    let c = consts.intern(ConstData::Undef(ty));
    func.dfg.const_value(c, ty)
}

/// Replaces the terminator of `b` by `data` (keeping its `!dbg`), updating `preds`. Phis of the old successors are
/// not touched.
pub fn replace_terminator(func: &mut Function, preds: &mut Preds, b: Block, data: InstData) -> Inst {
    let dbg = MetadataTable::dbg_kind();
    let mut loc = None;
    if let Some(t) = func.terminator(b) {
        loc = func.dfg.get_inst_md(t, dbg);
        for s in func.successors(b) {
            preds.remove_edge(b, s);
        }
        func.remove_inst(t);
    }
    let i = func.append_inst(b, data);
    if let Some(l) = loc {
        func.dfg.set_inst_md(i, dbg, l);
    }
    for s in func.successors(b) {
        preds.add_edge(b, s);
    }
    i
}

/// `br label %dest`.
pub fn br(dest: Block) -> InstData {
    InstData::new(InstKind::Br { dest }, &[], Type::VOID)
}

/// `br i1 c, label %t, label %f`.
pub fn cond_br(c: Value, t: Block, f: Block) -> InstData {
    InstData::new(InstKind::CondBr { then_dest: t, else_dest: f }, &[c], Type::VOID)
}

/// Counts edges per target of a terminator.
pub fn edge_counts(func: &Function, b: Block) -> FxHashMap<Block, usize> {
    let mut m = FxHashMap::default();
    for s in func.successors(b) {
        *m.entry(s).or_insert(0) += 1;
    }
    m
}

/// Makes the entries of `to`'s phis for `from` match the number of edges `from -> to` (LLVM's rule: one entry per
/// edge, equal values): extra entries go, missing ones copy an existing one.
pub fn fix_phi_entry_count(func: &mut Function, from: Block, to: Block) {
    let want = func.successors(from).iter().filter(|&&s| s == to).count();
    for phi in phis(func, to) {
        let have: Vec<usize> =
            func.dfg.phi_blocks(phi).iter().enumerate().filter(|(_, &b)| b == from).map(|(k, _)| k).collect();
        if have.len() > want {
            for _ in want..have.len() {
                let k = func.dfg.phi_blocks(phi).iter().position(|&b| b == from).expect("entry");
                func.dfg.phi_remove_incoming(phi, k);
            }
        } else if have.len() < want && !have.is_empty() {
            let v = func.dfg.args(phi)[have[0]];
            for _ in have.len()..want {
                func.dfg.phi_add_incoming(phi, v, from);
            }
        }
    }
}

/// The name of the function a call instruction calls directly (`None` for other instructions and indirect calls).
pub fn callee_name<'m>(m: &'m Module, func: &Function, i: Inst) -> Option<&'m str> {
    let callee = func.dfg.inst(i).callee()?;
    match m.consts.data(func.dfg.value_const(callee)?) {
        ConstData::Global(_, GlobalRef::Func(f)) => Some(m.funcs[*f].name.as_str()),
        _ => None,
    }
}

/// Whether call `i` carries function attribute `key` — on the call site or on the directly called function — or,
/// for the attributes LLVM also spells as `memory(...)`, its raw form `raw` (`"memory(read)"` for `readonly`;
/// `""` when there is none). `false` for an instruction that is not a call.
pub fn call_has_attr(m: &Module, func: &Function, i: Inst, key: &str, raw: &str) -> bool {
    let d = func.dfg.inst(i);
    let InstKind::Call(cd) = &d.kind else { return false };
    let at = |s: &AttrSet| s.has(key) || s.0.iter().any(|a| matches!(a, Attribute::Raw(t) if &**t == raw));
    let callee_attrs = func.dfg.value_const(d.args[0]).and_then(|c| match m.consts.data(c) {
        ConstData::Global(_, GlobalRef::Func(g)) => Some(&m.funcs[*g].attrs),
        _ => None,
    });
    at(&cd.attrs.func) || callee_attrs.is_some_and(at)
}

/// Splits `at`'s block after `at`: the instructions that follow it (the terminator included) move to a new block
/// named `name`, placed right after it in the layout; the phis of the moved terminator's successors name the new
/// block instead. The old block is left without a terminator. O(moved instructions + successor phis).
pub fn split_block_after(func: &mut Function, at: Inst, name: &str) -> Block {
    let next = func.layout.next_inst(at);
    split_block(func, at, next, name)
}

/// [`split_block_after`] with `at` itself moving to the new block: the old block keeps what precedes `at`.
pub fn split_block_before(func: &mut Function, at: Inst, name: &str) -> Block {
    split_block(func, at, Some(at), name)
}

/// Splits the block of `at` at `first` (the first instruction to move, `None`: nothing moves).
fn split_block(func: &mut Function, at: Inst, first: Option<Inst>, name: &str) -> Block {
    let b = func.layout.inst_block(at).expect("split point in the layout");
    let nb = func.dfg.make_block(Some(name));
    func.layout.insert_block_after(nb, b);
    if let Some(next) = first {
        func.layout.split_block_at(next, nb);
    }
    let mut succs = func.successors(nb);
    succs.sort();
    succs.dedup();
    for s in succs {
        for phi in phis(func, s) {
            func.dfg.phi_replace_block(phi, b, nb);
        }
    }
    nb
}
