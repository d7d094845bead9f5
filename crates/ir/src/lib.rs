//! simtc's SSA intermediate representation.
//!
//! The IR mirrors LLVM IR closely enough that every construct clang emits for CUDA device code is represented
//! exactly, and the [writer](writer) prints text that `llvm-as` accepts. Its organisation follows Cranelift:
//!
//! - every object is named by a typed `u32` id (`Value`, `Inst`, `Block`, `Type`, `ConstId`, `GlobalId`, `FuncId`,
//!   `MdId`) that indexes a dense map ([`entity`]);
//! - instruction data ([`DataFlowGraph`]) is separate from instruction order ([`Layout`]);
//! - types and constants are interned per [`Module`], so equality is id equality;
//! - use lists are maintained for arguments and instruction results, so replace-all-uses costs O(uses).
//!
//! Invariants of a verified function are checked by [`verifier`].

#![deny(missing_docs)]

pub mod apint;
pub mod attrs;
pub mod builder;
pub mod constant;
pub mod dfg;
pub mod entity;
pub mod equal;
pub mod function;
pub mod import;
pub mod inst;
pub mod launch;
pub mod layout;
pub mod metadata;
pub mod module;
pub mod ordered;
pub mod types;
pub mod value;
pub mod verifier;
pub mod writer;

pub use apint::ApInt;
pub use attrs::{AttrSet, Attribute};
pub use builder::{Builder, InsertPoint};
pub use constant::{ConstData, ConstExprOp, ConstId, ConstPool, GlobalRef};
pub use dfg::{BlockData, DataFlowGraph, Use};
pub use entity::{EntityRef, PrimaryMap, SecondaryMap};
pub use function::Function;
pub use inst::{
    AtomicOrdering, AtomicRmwOp, BinaryOp, Bundle, CallAttrs, CallConv, CallData, CastOp, Flags, FloatPredicate, Inst,
    InstData, InstKind, IntPredicate, MemFlags, SyncScope, TailKind,
};
pub use layout::{Block, Layout};
pub use metadata::{DebugLoc, MdField, MdId, MdKind, MdNode, MdOperand, MetadataTable};
pub use module::{FuncId, GlobalId, GlobalVar, Linkage, Module, UnnamedAddr, Visibility};
pub use types::{Type, TypeData, TypeStore};
pub use value::{InlineAsm, Value, ValueData, ValueDef};
