//! Booleans kept in integer registers (`bool-bytes`): `zext i1 e to iN` where `e` is a tree of `and`/`or`/`xor`
//! (and the `select`s that are logical and/or) whose leaves are `trunc nuw iN x to i1` is computed as the same
//! tree of `and.bN`/`or.bN`/`xor.bN` on the `x` themselves, with no predicate in between.
//!
//! CUDA's `bool` lives in memory as a byte: `flag[i] = a[i] && b[i]` loads two bytes, clang turns each into an
//! `i1` (`trunc nuw i8 to i1`: the byte is 0 or 1), combines them (`select i1 a, i1 b, i1 false`) and stores
//! `zext i1 to i8`. Through predicates that is a mask and a `setp` per byte, a `setp.and` and a `selp` (five
//! instructions and a predicate live across them); llc's DAG combiner folds it into one `and.b16`, as here.
//!
//! Why it is exact: `trunc nuw` promises that `x` is 0 or 1 (else the `i1` is poison, and any value refines
//! it), so the low bit of `x` is the leaf's truth value and its other low `N - 1` bits are zero; `and`/`or`/
//! `xor` of such values are again 0 or 1 in the low `N` bits and equal the zero extension of the `i1` tree;
//! `select c, b, false` is `c & b` and `select c, true, b` is `c | b` on defined values (`select` only
//! differs from them in which operand's poison it passes on, and a refinement may pick either). Bits above
//! `N` in the register are undefined, as for every `iN` value narrower than its register (isel's convention).
//! The tree's own `i1` instructions are only looked at: each inner node must have this tree as its only
//! reader (so nothing is computed twice), and a leaf's `x` must have the destination type. A lone leaf,
//! `zext (trunc nuw x)`, is `x`. Knob `bool-bytes`.

use super::Lower;
use crate::mir::{Operand, RegClass};
use simtc_ir::{BinaryOp, CastOp, Flags, InstKind, Value, ValueDef};

/// How deep a tree is followed.
const MAX_DEPTH: u32 = 6;

/// One node of a recognized tree.
enum Node {
    /// `trunc nuw x`: `x` itself.
    Leaf(Value),
    /// A constant `i1`.
    Const(bool),
    /// A bitwise operation of two subtrees.
    Op(BinaryOp, Box<Node>, Box<Node>),
}

impl Lower<'_> {
    /// The integer register of `zext i1 e to ity` when `e` is such a tree (see the module doc), emitted here;
    /// `None` (nothing emitted) otherwise.
    pub(crate) fn bool_bytes(&mut self, e: Value, ity: simtc_ir::Type) -> super::Result<Option<Operand>> {
        if !self.bool_bytes_enabled || self.int_width(ity).is_none() {
            return Ok(None);
        }
        let Some(tree) = self.bool_tree(e, ity, MAX_DEPTH, true) else { return Ok(None) };
        if matches!(tree, Node::Const(_)) {
            return Ok(None);
        }
        // (A lone leaf, `zext (trunc nuw x)`, is `x` itself.)
        let c = super::class_of(self.m, ity)?;
        self.emit_bool_tree(&tree, c).map(Some)
    }

    /// Recognizes the tree at `v` (`top`: `v` is the extended value itself, which may have other readers).
    fn bool_tree(&self, v: Value, ity: simtc_ir::Type, depth: u32, top: bool) -> Option<Node> {
        let dfg = &self.f.dfg;
        if let Some(k) = dfg.value_const(v).and_then(|k| self.m.consts.as_i128(k)) {
            return Some(Node::Const(k & 1 == 1));
        }
        let &ValueDef::Inst(i) = dfg.value_def(v) else { return None };
        let d = dfg.inst(i);
        let args = dfg.args(i);
        if let InstKind::Cast(CastOp::Trunc) = d.kind {
            return (d.flags.contains(Flags::NUW) && self.ty(args[0]) == ity).then_some(Node::Leaf(args[0]));
        }
        if depth == 0 || (!top && dfg.uses(v).len() != 1) {
            return None;
        }
        let sub = |x: Value| self.bool_tree(x, ity, depth - 1, false);
        match (&d.kind, args) {
            (InstKind::Binary(op @ (BinaryOp::And | BinaryOp::Or | BinaryOp::Xor)), [a, b]) => {
                Some(Node::Op(*op, Box::new(sub(*a)?), Box::new(sub(*b)?)))
            }
            (InstKind::Select, [c, t, f]) => {
                let k = |x: Value| dfg.value_const(x).and_then(|k| self.m.consts.as_i128(k)).map(|k| k & 1 == 1);
                match (k(*t), k(*f)) {
                    // `c ? b : false` = c & b; `c ? true : b` = c | b.
                    (_, Some(false)) => Some(Node::Op(BinaryOp::And, Box::new(sub(*c)?), Box::new(sub(*t)?))),
                    (Some(true), _) => Some(Node::Op(BinaryOp::Or, Box::new(sub(*c)?), Box::new(sub(*f)?))),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn emit_bool_tree(&mut self, n: &Node, c: RegClass) -> super::Result<Operand> {
        Ok(match n {
            Node::Leaf(x) => self.op(*x)?,
            Node::Const(b) => Operand::Imm(i64::from(*b)),
            Node::Op(op, a, b) => {
                let a = self.emit_bool_tree(a, c)?;
                let b = self.emit_bool_tree(b, c)?;
                let name = match op {
                    BinaryOp::And => "and",
                    BinaryOp::Or => "or",
                    _ => "xor",
                };
                let a = Operand::Reg(self.materialize(a, c));
                Operand::Reg(self.emit_def(format!("{name}.b{}", c.bits()), c, &[a, b]))
            }
        })
    }
}
