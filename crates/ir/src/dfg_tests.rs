//! Use-list bookkeeping against a naive model: random sequences of operand edits (create, set, push,
//! swap-remove, clear, replace-all-uses, phi add/remove) must leave every use list equal, as a multiset, to the
//! operands that name the value, with every operand slot's recorded position pointing at its own entry.

use super::*;
use crate::inst::InstKind;
use crate::types::TypeStore;
use proptest::prelude::*;

/// One edit; indices are reduced modulo the current number of instructions / values / operands.
#[derive(Clone, Debug)]
enum Op {
    MakeInst(Vec<usize>),
    MakePhi(Vec<usize>),
    SetArg(usize, usize, usize),
    PushArg(usize, usize),
    SwapRemoveArg(usize, usize),
    ClearArgs(usize),
    ReplaceAll(usize, usize),
    PhiAdd(usize, usize),
    PhiRemove(usize, usize),
}

fn op() -> impl Strategy<Value = Op> {
    let idx = 0usize..64;
    prop_oneof![
        prop::collection::vec(idx.clone(), 0..5).prop_map(Op::MakeInst),
        prop::collection::vec(idx.clone(), 0..4).prop_map(Op::MakePhi),
        (idx.clone(), idx.clone(), idx.clone()).prop_map(|(a, b, c)| Op::SetArg(a, b, c)),
        (idx.clone(), idx.clone()).prop_map(|(a, b)| Op::PushArg(a, b)),
        (idx.clone(), idx.clone()).prop_map(|(a, b)| Op::SwapRemoveArg(a, b)),
        idx.clone().prop_map(Op::ClearArgs),
        (idx.clone(), idx.clone()).prop_map(|(a, b)| Op::ReplaceAll(a, b)),
        (idx.clone(), idx.clone()).prop_map(|(a, b)| Op::PhiAdd(a, b)),
        (idx.clone(), idx).prop_map(|(a, b)| Op::PhiRemove(a, b)),
    ]
}

/// The graph under test plus the naive model: every instruction's operand list, kept by hand.
struct Harness {
    dfg: DataFlowGraph,
    i32: Type,
    block: Block,
    /// Operand values: arguments, one constant, then instruction results as they are created.
    pool: Vec<Value>,
    insts: Vec<Inst>,
    is_phi: Vec<bool>,
    model: Vec<Vec<Value>>,
}

impl Harness {
    fn new() -> Self {
        let mut types = TypeStore::new();
        let i32 = types.int(32);
        let mut dfg = DataFlowGraph::new();
        let block = dfg.make_block(Some("b"));
        let mut pool: Vec<Value> = (0..3).map(|n| dfg.make_value(ValueDef::Arg(n), i32)).collect();
        pool.push(dfg.const_value(ConstId::from_u32(0), i32));
        Harness { dfg, i32, block, pool, insts: Vec::new(), is_phi: Vec::new(), model: Vec::new() }
    }

    fn val(&self, k: usize) -> Value {
        self.pool[k % self.pool.len()]
    }

    fn make(&mut self, args: &[usize], phi: bool) {
        let vals: Vec<Value> = args.iter().map(|&k| self.val(k)).collect();
        let kind =
            if phi { InstKind::Phi { blocks: vals.iter().map(|_| self.block).collect() } } else { InstKind::Select };
        let i = self.dfg.make_inst(InstData::new(kind, &vals, self.i32), Type::VOID);
        self.pool.push(self.dfg.result(i).expect("an i32 result"));
        self.insts.push(i);
        self.is_phi.push(phi);
        self.model.push(vals);
    }

    fn apply(&mut self, op: &Op) {
        let n = self.insts.len();
        match *op {
            Op::MakeInst(ref a) => self.make(a, false),
            Op::MakePhi(ref a) => self.make(a, true),
            Op::ReplaceAll(a, b) => {
                let (old, new) = (self.val(a), self.val(b));
                self.dfg.replace_all_uses(old, new);
                if old != new && self.dfg.value_def(old).tracks_uses() {
                    for args in &mut self.model {
                        args.iter_mut().filter(|x| **x == old).for_each(|x| *x = new);
                    }
                }
            }
            _ if n == 0 => {}
            Op::SetArg(i, k, v) => {
                let i = i % n;
                if !self.model[i].is_empty() {
                    let k = k % self.model[i].len();
                    let v = self.val(v);
                    self.dfg.set_arg(self.insts[i], k, v);
                    self.model[i][k] = v;
                }
            }
            Op::PushArg(i, v) | Op::PhiAdd(i, v) => {
                let i = i % n;
                let v = self.val(v);
                if self.is_phi[i] {
                    self.dfg.phi_add_incoming(self.insts[i], v, self.block);
                } else {
                    self.dfg.push_arg(self.insts[i], v);
                }
                self.model[i].push(v);
            }
            Op::SwapRemoveArg(i, k) | Op::PhiRemove(i, k) => {
                let i = i % n;
                if !self.model[i].is_empty() {
                    let k = k % self.model[i].len();
                    if self.is_phi[i] {
                        self.dfg.phi_remove_incoming(self.insts[i], k);
                    } else {
                        let removed = self.dfg.swap_remove_arg(self.insts[i], k);
                        assert_eq!(removed, self.model[i][k]);
                    }
                    self.model[i].swap_remove(k);
                }
            }
            Op::ClearArgs(i) => {
                let i = i % n;
                self.dfg.clear_args(self.insts[i]);
                self.model[i].clear();
                // A cleared instruction is on its way out; a phi's block list is not cleared with it, so it is
                // no longer edited as a phi.
                self.is_phi[i] = false;
            }
        }
    }

    /// Compares the graph with the model; panics with the first difference.
    fn check(&self) {
        let mut expected: FxHashMap<Value, Vec<Use>> = FxHashMap::default();
        for (n, &i) in self.insts.iter().enumerate() {
            assert_eq!(self.dfg.args(i), &self.model[n][..], "operands of instruction {n}");
            if self.is_phi[n] {
                assert_eq!(self.dfg.phi_blocks(i).len(), self.model[n].len(), "phi blocks parallel to operands");
            }
            for (k, &v) in self.model[n].iter().enumerate() {
                let u = Use { inst: i, index: k as u32 };
                if self.dfg.value_def(v).tracks_uses() {
                    expected.entry(v).or_default().push(u);
                    let p = self.dfg.use_position(i, k).expect("a tracked operand has a position");
                    assert_eq!(self.dfg.uses(v)[p], u, "position of operand {k} of instruction {n}");
                } else {
                    assert_eq!(self.dfg.use_position(i, k), None, "untracked operand {k} of instruction {n}");
                }
            }
        }
        for &v in &self.pool {
            let mut got = self.dfg.uses(v).to_vec();
            let mut want = expected.remove(&v).unwrap_or_default();
            got.sort_by_key(|u| (u.inst, u.index));
            want.sort_by_key(|u| (u.inst, u.index));
            assert_eq!(got, want, "use list of {v}");
            assert_eq!(self.dfg.has_uses(v), !want.is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn use_lists_match_a_naive_model(ops in prop::collection::vec(op(), 0..80)) {
        let mut h = Harness::new();
        for op in &ops {
            h.apply(op);
            h.check();
        }
    }
}

/// Many users of one value removed in creation order: every removal back-patches the entry moved into the hole,
/// and the list drains exactly (the pattern that was quadratic with a scanning `remove_use`).
#[test]
fn removing_every_use_of_a_popular_value() {
    let mut h = Harness::new();
    for _ in 0..500 {
        h.make(&[0, 0, 3], false);
    }
    let arg = h.val(0);
    assert_eq!(h.dfg.uses(arg).len(), 1000);
    for n in 0..500 {
        h.apply(&Op::SetArg(n, 1, 1));
        if n % 50 == 0 {
            h.check();
        }
    }
    assert_eq!(h.dfg.uses(arg).len(), 500);
    for n in 0..500 {
        h.apply(&Op::ClearArgs(n));
    }
    h.check();
    assert!(!h.dfg.has_uses(arg));
    assert!(!h.dfg.has_uses(h.val(1)));
}
