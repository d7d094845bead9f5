//! SSA values: what defines them and their types.

use crate::constant::ConstId;
use crate::inst::Inst;
use crate::metadata::MdOperand;
use crate::types::Type;

crate::define_id!(
    /// An SSA value of one function: an instruction result, an argument, or a use of a module-level constant.
    Value,
    "v"
);

/// Inline assembly used as a callee.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InlineAsm {
    /// The template string (as written, escapes decoded).
    pub asm: String,
    /// The constraint string.
    pub constraints: String,
    /// `sideeffect`.
    pub side_effect: bool,
    /// `alignstack`.
    pub align_stack: bool,
    /// `inteldialect`.
    pub intel_dialect: bool,
    /// `unwind`.
    pub can_throw: bool,
}

/// What defines a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueDef {
    /// The result of an instruction.
    Inst(Inst),
    /// The `n`-th function parameter.
    Arg(u32),
    /// A module constant (this includes global and function addresses).
    Const(ConstId),
    /// A metadata operand of an intrinsic call (`metadata !5`, `metadata !"s"`).
    Metadata(MdOperand),
    /// An inline-asm callee.
    InlineAsm(Box<InlineAsm>),
    /// A value used before it was defined, while a reader builds the function; never present in a finished function.
    Placeholder,
}

/// A value's definition and type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueData {
    /// Definition.
    pub def: ValueDef,
    /// Type.
    pub ty: Type,
}

impl ValueDef {
    /// True for definitions whose uses are tracked in use lists (arguments, instruction results, placeholders).
    pub fn tracks_uses(&self) -> bool {
        matches!(self, ValueDef::Inst(_) | ValueDef::Arg(_) | ValueDef::Placeholder)
    }
}
