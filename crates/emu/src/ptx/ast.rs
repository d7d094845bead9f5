//! The PTX syntax tree: what the text says, before any name resolution.
//!
//! The tree keeps opcodes and modifiers as written (`ld` + `[".global", ".u32"]`); the decoder
//! ([`crate::program`]) gives them meaning. Every statement carries its 1-based source line, which diagnostics and
//! the per-branch profile report.

/// A parsed PTX module.
#[derive(Debug, Clone, Default)]
pub struct Module {
    /// `.version major.minor`.
    pub version: Option<(u32, u32)>,
    /// `.target` words (`sm_90`, `texmode_independent`, ...).
    pub target: Vec<String>,
    /// `.address_size` (64 when absent).
    pub address_size: u32,
    /// Module-scope variables, in order.
    pub vars: Vec<VarDecl>,
    /// Kernels and device functions (definitions and declarations), in order.
    pub funcs: Vec<Function>,
    /// `.file N "name"` entries.
    pub files: Vec<(u32, String)>,
}

/// A state space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Space {
    /// `.global`
    Global,
    /// `.shared` (also `.shared::cta`)
    Shared,
    /// `.const`
    Const,
    /// `.local`
    Local,
    /// `.param`
    Param,
    /// `.reg`
    Reg,
    /// No state space: generic addressing.
    Generic,
}

impl Space {
    /// Parses `.global`, `.shared::cta`, ...
    pub fn from_word(w: &str) -> Option<Space> {
        Some(match w {
            ".global" => Space::Global,
            ".shared" | ".shared::cta" => Space::Shared,
            ".const" => Space::Const,
            ".local" => Space::Local,
            ".param" | ".param::entry" | ".param::func" => Space::Param,
            ".reg" => Space::Reg,
            _ => return None,
        })
    }

    /// The PTX spelling.
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Const => "const",
            Space::Local => "local",
            Space::Param => "param",
            Space::Reg => "reg",
            Space::Generic => "generic",
        }
    }
}

/// A fundamental PTX type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Ty {
    B8,
    B16,
    B32,
    B64,
    B128,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F16x2,
    BF16,
    BF16x2,
    F32,
    F64,
    Pred,
}

impl Ty {
    /// Parses `.u32`, `.f16x2`, ...
    pub fn from_word(w: &str) -> Option<Ty> {
        Some(match w {
            ".b8" => Ty::B8,
            ".b16" => Ty::B16,
            ".b32" => Ty::B32,
            ".b64" => Ty::B64,
            ".b128" => Ty::B128,
            ".u8" => Ty::U8,
            ".u16" => Ty::U16,
            ".u32" => Ty::U32,
            ".u64" => Ty::U64,
            ".s8" => Ty::S8,
            ".s16" => Ty::S16,
            ".s32" => Ty::S32,
            ".s64" => Ty::S64,
            ".f16" => Ty::F16,
            ".f16x2" => Ty::F16x2,
            ".bf16" => Ty::BF16,
            ".bf16x2" => Ty::BF16x2,
            ".f32" => Ty::F32,
            ".f64" => Ty::F64,
            ".pred" => Ty::Pred,
            _ => return None,
        })
    }

    /// Size in bytes (predicates: 1).
    pub fn size(self) -> u32 {
        match self {
            Ty::B8 | Ty::U8 | Ty::S8 | Ty::Pred => 1,
            Ty::B16 | Ty::U16 | Ty::S16 | Ty::F16 | Ty::BF16 => 2,
            Ty::B32 | Ty::U32 | Ty::S32 | Ty::F32 | Ty::F16x2 | Ty::BF16x2 => 4,
            Ty::B64 | Ty::U64 | Ty::S64 | Ty::F64 => 8,
            Ty::B128 => 16,
        }
    }

    /// Size in bits.
    pub fn bits(self) -> u32 {
        self.size() * 8
    }

    /// Signed integer type.
    pub fn is_signed(self) -> bool {
        matches!(self, Ty::S8 | Ty::S16 | Ty::S32 | Ty::S64)
    }

    /// Floating-point type (scalar or packed).
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::F16x2 | Ty::BF16 | Ty::BF16x2 | Ty::F32 | Ty::F64)
    }

    /// The PTX spelling without the dot.
    pub fn name(self) -> &'static str {
        match self {
            Ty::B8 => "b8",
            Ty::B16 => "b16",
            Ty::B32 => "b32",
            Ty::B64 => "b64",
            Ty::B128 => "b128",
            Ty::U8 => "u8",
            Ty::U16 => "u16",
            Ty::U32 => "u32",
            Ty::U64 => "u64",
            Ty::S8 => "s8",
            Ty::S16 => "s16",
            Ty::S32 => "s32",
            Ty::S64 => "s64",
            Ty::F16 => "f16",
            Ty::F16x2 => "f16x2",
            Ty::BF16 => "bf16",
            Ty::BF16x2 => "bf16x2",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
            Ty::Pred => "pred",
        }
    }
}

/// Linkage of a module-scope symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Linkage {
    /// No linkage directive.
    Internal,
    /// `.visible`
    Visible,
    /// `.extern`
    Extern,
    /// `.weak`
    Weak,
    /// `.common`
    Common,
}

/// A variable declaration (module scope or function body).
#[derive(Debug, Clone)]
pub struct VarDecl {
    /// State space.
    pub space: Space,
    /// Linkage.
    pub linkage: Linkage,
    /// Element type.
    pub ty: Ty,
    /// Vector width (1, 2, 4).
    pub vec: u32,
    /// `.align N`.
    pub align: Option<u32>,
    /// Name.
    pub name: String,
    /// Array dimensions; `None` for `[]` (size from the initializer, or unsized extern).
    pub dims: Vec<Option<u64>>,
    /// Initializer elements, flattened.
    pub init: Option<Vec<InitElem>>,
    /// Source line.
    pub line: u32,
}

impl VarDecl {
    /// Size of one element (type size × vector width).
    pub fn elem_size(&self) -> u64 {
        self.ty.size() as u64 * self.vec as u64
    }

    /// Number of elements (arrays with `[]` take the initializer's length; 0 when unknown).
    pub fn elem_count(&self) -> u64 {
        let mut n = 1u64;
        for d in &self.dims {
            match d {
                Some(k) => n = n.saturating_mul(*k),
                None => {
                    let inits = self.init.as_ref().map_or(0, |v| v.len() as u64) / self.vec as u64;
                    return if self.dims.len() == 1 { inits } else { 0 };
                }
            }
        }
        n
    }

    /// Total size in bytes.
    pub fn size(&self) -> u64 {
        self.elem_size().saturating_mul(self.elem_count())
    }

    /// Alignment in bytes (the element size when not given).
    pub fn alignment(&self) -> u64 {
        self.align.map(u64::from).unwrap_or(self.elem_size()).max(1)
    }
}

/// One initializer element.
#[derive(Debug, Clone, PartialEq)]
pub enum InitElem {
    /// Integer constant.
    Int(i128),
    /// `0f` single-precision bits.
    F32(u32),
    /// `0d` double-precision bits.
    F64(u64),
    /// Decimal float literal.
    Float(f64),
    /// Address of a symbol plus an offset (`sym`, `sym+4`, `generic(sym)`).
    Sym {
        /// Symbol name.
        name: String,
        /// Byte offset.
        offset: i64,
        /// `generic(sym)`: the generic address.
        generic: bool,
    },
}

/// A kernel or device-function parameter (or return value).
#[derive(Debug, Clone)]
pub struct ParamDecl {
    /// `.param` or `.reg` (old-style device functions).
    pub space: Space,
    /// Element type.
    pub ty: Ty,
    /// `.align N`.
    pub align: Option<u32>,
    /// Name.
    pub name: String,
    /// `[N]` array length.
    pub array: Option<u64>,
    /// Source line.
    pub line: u32,
}

impl ParamDecl {
    /// Size in bytes.
    pub fn size(&self) -> u64 {
        self.ty.size() as u64 * self.array.unwrap_or(1)
    }

    /// Alignment in bytes.
    pub fn alignment(&self) -> u64 {
        self.align.map(u64::from).unwrap_or(self.ty.size() as u64).max(1)
    }
}

/// A `.entry` or `.func`.
#[derive(Debug, Clone)]
pub struct Function {
    /// `.entry` (kernel) rather than `.func`.
    pub entry: bool,
    /// Name.
    pub name: String,
    /// Linkage.
    pub linkage: Linkage,
    /// Return parameters (`.func` only).
    pub rets: Vec<ParamDecl>,
    /// Parameters.
    pub params: Vec<ParamDecl>,
    /// Performance directives (`.maxntid 128, 1, 1` → `("maxntid", [128, 1, 1])`).
    pub directives: Vec<(String, Vec<u64>)>,
    /// The body; `None` for a declaration.
    pub body: Option<Vec<Stmt>>,
    /// Source line of the `.entry`/`.func` word.
    pub line: u32,
}

/// A statement in a function body.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// `name:`
    Label {
        /// Label name.
        name: String,
        /// Source line.
        line: u32,
    },
    /// An instruction.
    Inst(Inst),
    /// `.reg .b32 %r<17>, %x;` — names with an optional `<N>` count.
    Reg {
        /// Register type.
        ty: Ty,
        /// Vector width (`.reg .v2 .b32`), 1 for scalars.
        vec: u32,
        /// Names with their `<N>` count.
        names: Vec<(String, Option<u32>)>,
        /// Source line.
        line: u32,
    },
    /// A `.local`, `.shared`, `.param`, `.const` or `.global` variable inside a body.
    Var(VarDecl),
    /// `.loc file line col`: the source position of the following instructions.
    Loc {
        /// `.file` number.
        file: u32,
        /// Source line.
        line: u32,
    },
    /// `{`: opens a scope.
    Open,
    /// `}`: closes a scope.
    Close,
    /// `label: .branchtargets a, b, c;`
    BranchTargets {
        /// The table's label.
        name: String,
        /// Targets in order.
        targets: Vec<String>,
        /// Source line.
        line: u32,
    },
    /// `label: .callprototype ...;` — kept by name only (indirect calls resolve their target at run time).
    CallPrototype {
        /// The prototype's label.
        name: String,
        /// Source line.
        line: u32,
    },
}

/// An instruction.
#[derive(Debug, Clone)]
pub struct Inst {
    /// `@%p` / `@!%p` guard.
    pub guard: Option<(String, bool)>,
    /// The opcode word (`ld`).
    pub opcode: String,
    /// Modifiers in order, with the dot (`.global`, `.u32`).
    pub mods: Vec<String>,
    /// Operands.
    pub ops: Vec<Operand>,
    /// Source line.
    pub line: u32,
}

impl Inst {
    /// The full opcode as written (`ld.global.u32`).
    pub fn full_opcode(&self) -> String {
        let mut s = self.opcode.clone();
        for m in &self.mods {
            s.push_str(m);
        }
        s
    }

    /// Whether modifier `m` (with the dot) is present.
    pub fn has(&self, m: &str) -> bool {
        self.mods.iter().any(|x| x == m)
    }
}

/// The base of an address expression.
#[derive(Debug, Clone, PartialEq)]
pub enum AddrBase {
    /// `[%rd1]`
    Reg(String),
    /// `[sym]`
    Sym(String),
    /// `[1024]`: an absolute address.
    None,
}

/// An operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// A register or special register (`%r1`, `%tid.x`).
    Reg(String),
    /// Integer immediate.
    Int(i128),
    /// `0f` immediate.
    F32(u32),
    /// `0d` immediate.
    F64(u64),
    /// Decimal float immediate.
    Float(f64),
    /// A label, function or variable name, with an optional `+offset`.
    Sym(String, i64),
    /// `[base+offset]`
    Addr(AddrBase, i64),
    /// `{a, b, ...}`
    Vec(Vec<Operand>),
    /// `(a, b, ...)` (call arguments).
    List(Vec<Operand>),
    /// `!%p`
    Not(Box<Operand>),
    /// `a|b` (two predicate destinations of `setp`).
    Pair(Box<Operand>, Box<Operand>),
    /// `_`
    Sink,
}
