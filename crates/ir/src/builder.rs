//! A cursor-style instruction builder.

use crate::apint::ApInt;
use crate::constant::{ConstData, ConstId, ConstPool};
use crate::function::Function;
use crate::inst::*;
use crate::layout::Block;
use crate::types::{Type, TypeStore};
use crate::value::Value;

/// Where the builder inserts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// At the end of a block.
    End(Block),
    /// Before an instruction.
    Before(Inst),
}

/// Builds instructions into a function at an insertion point.
pub struct Builder<'a> {
    /// The function being built.
    pub func: &'a mut Function,
    /// The module's types.
    pub types: &'a mut TypeStore,
    /// The module's constants.
    pub consts: &'a mut ConstPool,
    /// The insertion point.
    pub at: InsertPoint,
}

impl<'a> Builder<'a> {
    /// A builder appending to `block`.
    pub fn at_end(func: &'a mut Function, types: &'a mut TypeStore, consts: &'a mut ConstPool, block: Block) -> Self {
        Builder { func, types, consts, at: InsertPoint::End(block) }
    }

    /// Inserts an instruction at the insertion point; returns it.
    pub fn insert(&mut self, data: InstData) -> Inst {
        let i = self.func.dfg.make_inst(data, Type::VOID);
        match self.at {
            InsertPoint::End(b) => self.func.layout.append_inst(i, b),
            InsertPoint::Before(at) => self.func.layout.insert_inst_before(i, at),
        }
        i
    }

    fn value_of(&mut self, data: InstData) -> Value {
        let i = self.insert(data);
        self.func.dfg.result(i).expect("instruction has a result")
    }

    /// The value of constant `c`.
    pub fn const_value(&mut self, c: ConstId) -> Value {
        let ty = self.consts.ty(c);
        self.func.dfg.const_value(c, ty)
    }
    /// An integer constant value of type `ty`.
    pub fn iconst(&mut self, ty: Type, v: i128) -> Value {
        let w = self.types.int_width(ty).expect("integer type");
        let c = self.consts.intern(ConstData::Int(ty, ApInt::from_i128(w, v)));
        self.const_value(c)
    }
    /// `undef` of `ty`.
    pub fn undef(&mut self, ty: Type) -> Value {
        let c = self.consts.intern(ConstData::Undef(ty));
        self.const_value(c)
    }
    /// `poison` of `ty`.
    pub fn poison(&mut self, ty: Type) -> Value {
        let c = self.consts.intern(ConstData::Poison(ty));
        self.const_value(c)
    }

    /// A binary operator.
    pub fn binary(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.func.dfg.value_ty(a);
        self.value_of(InstData::new(InstKind::Binary(op), &[a, b], ty))
    }
    /// `icmp`.
    pub fn icmp(&mut self, p: IntPredicate, a: Value, b: Value) -> Value {
        let at = self.func.dfg.value_ty(a);
        let ty = self.types.with_scalar(at, Type::I1);
        self.value_of(InstData::new(InstKind::ICmp(p), &[a, b], ty))
    }
    /// `fcmp`.
    pub fn fcmp(&mut self, p: FloatPredicate, a: Value, b: Value) -> Value {
        let at = self.func.dfg.value_ty(a);
        let ty = self.types.with_scalar(at, Type::I1);
        self.value_of(InstData::new(InstKind::FCmp(p), &[a, b], ty))
    }
    /// A cast to `ty`.
    pub fn cast(&mut self, op: CastOp, v: Value, ty: Type) -> Value {
        self.value_of(InstData::new(InstKind::Cast(op), &[v], ty))
    }
    /// `select`.
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let ty = self.func.dfg.value_ty(a);
        self.value_of(InstData::new(InstKind::Select, &[c, a, b], ty))
    }
    /// An empty phi of `ty`; add incoming values with [`DataFlowGraph::phi_add_incoming`](crate::DataFlowGraph::phi_add_incoming).
    pub fn phi(&mut self, ty: Type) -> (Inst, Value) {
        let i = self.insert(InstData::new(InstKind::Phi { blocks: Default::default() }, &[], ty));
        (i, self.func.dfg.result(i).expect("phi result"))
    }
    /// A plain load.
    pub fn load(&mut self, ty: Type, ptr: Value, align: Option<u64>) -> Value {
        let mem = MemFlags { align, ..Default::default() };
        self.value_of(InstData::new(InstKind::Load(mem), &[ptr], ty))
    }
    /// A plain store.
    pub fn store(&mut self, v: Value, ptr: Value, align: Option<u64>) -> Inst {
        let mem = MemFlags { align, ..Default::default() };
        self.insert(InstData::new(InstKind::Store(mem), &[v, ptr], Type::VOID))
    }
    /// `getelementptr`.
    pub fn gep(&mut self, source_ty: Type, base: Value, indices: &[Value], flags: Flags) -> Value {
        let ty = self.func.dfg.value_ty(base);
        let mut args = vec![base];
        args.extend_from_slice(indices);
        let mut d = InstData::new(InstKind::Gep { source_ty }, &args, ty);
        d.flags = flags;
        self.value_of(d)
    }
    /// A call; returns the instruction and its result when not void.
    pub fn call(&mut self, fn_ty: Type, callee: Value, args: &[Value]) -> (Inst, Option<Value>) {
        let (ret, _, _) = self.types.func_parts(fn_ty).expect("function type");
        let mut ops = vec![callee];
        ops.extend_from_slice(args);
        let cd =
            CallData { fn_ty, tail: TailKind::None, cc: CallConv::C, attrs: CallAttrs::default(), bundles: Vec::new() };
        let i = self.insert(InstData::new(InstKind::Call(Box::new(cd)), &ops, ret));
        (i, self.func.dfg.result(i))
    }
    /// `br label %dest`.
    pub fn br(&mut self, dest: Block) -> Inst {
        self.insert(InstData::new(InstKind::Br { dest }, &[], Type::VOID))
    }
    /// `br i1 c, label %t, label %f`.
    pub fn cond_br(&mut self, c: Value, then_dest: Block, else_dest: Block) -> Inst {
        self.insert(InstData::new(InstKind::CondBr { then_dest, else_dest }, &[c], Type::VOID))
    }
    /// `ret` / `ret v`.
    pub fn ret(&mut self, v: Option<Value>) -> Inst {
        let args: Vec<Value> = v.into_iter().collect();
        self.insert(InstData::new(InstKind::Ret, &args, Type::VOID))
    }
    /// `unreachable`.
    pub fn unreachable(&mut self) -> Inst {
        self.insert(InstData::new(InstKind::Unreachable, &[], Type::VOID))
    }
}
