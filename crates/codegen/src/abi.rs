//! The `.param` ABI of kernels and device functions (seed 004, "`.param` Space Marshaling"; LLVM 19's
//! `NVPTXAsmPrinter::emitFunctionParamList` / `printReturnValStr`).
//!
//! One [`ParamSlot`] per IR parameter, in order, named `FUNC_param_I`; the return value is `func_retval0`.
//! The printer ([`ParamSlot::decl`]) and instruction selection (loads, call sequences) read the same slots, so a
//! function's header and its body can never disagree.
//!
//! Rules:
//! - **Aggregates** — `byval(T)` parameters, arrays, structs, vectors, integers wider than 64 bits and
//!   `half`/`bfloat` (LLVM's `ShouldPassAsArray`) — are byte arrays `.param .align A .b8 NAME[SIZE]`, accessed at
//!   `NAME+offset`. `SIZE` is the allocation size of the type; `A` is the larger of its ABI alignment (at most 128)
//!   and the `align` attribute. LLVM raises `A` to 16 for internal functions whose address is not taken; simtc
//!   does not, so the alignment depends on the signature alone and direct calls, indirect calls and
//!   `.callprototype`s always agree with the callee.
//! - **Kernel scalars** keep their width: `.param .u8` (`i1` and `i8`), `.u16`, `.u32`, `.u64`, `.f32`, `.f64`;
//!   integers of other widths up to 64 bits round up to the next of these.
//! - **Kernel pointers** are `.param .u64`. A generic pointer prints as that alone, as LLVM 19 does for CUDA; a
//!   pointer into a specific state space carries it: `.param .u64 .ptr .global .align N` (`.shared`, `.const`,
//!   `.local` likewise) with `N` from the `align` attribute, 1 when absent.
//! - **Image and sampler kernel parameters** (`rdoimage`/`wroimage`/`rdwrimage`/`sampler` entries of
//!   `nvvm.annotations`, whose value is the parameter index) are handles: `.param .u64 .ptr .texref` (read-only
//!   image), `.surfref` (writable image), `.samplerref` (LLVM's form for CUDA, where image handles are enabled).
//! - **Device-function scalars** are widened to at least 32 bits: `.param .b32` (integers up to 32 bits, `float`)
//!   or `.param .b64` (wider integers, `double`, pointers).
//! - **Return values** follow the device-function rules: `.param .b32 func_retval0`, `.param .b64 func_retval0`,
//!   or `.param .align A .b8 func_retval0[SIZE]`. Kernels return nothing.
//!
//! Rejected with an error: variadic functions, kernels returning a value, parameters of unsized or
//! non-first-class types and of `fp128`/`x86_fp80`/`ppc_fp128`.

use crate::error::CodegenError;
use crate::ptx::names;
use simtc_ir::types::TypeData;
use simtc_ir::{AttrSet, FuncId, Module, Type};

/// How a parameter is declared and accessed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// A scalar: declared as `.param .<ld_ty>` (unless [`ParamSlot::ptr`] adds a `.ptr` qualifier) and loaded with
    /// `ld.param.<ld_ty>`.
    Scalar {
        /// The type suffix: `u64`, `u32`, `u16`, `u8`, `f32`, `f64` (kernels) or `b32`, `b64` (device functions
        /// and return values).
        ld_ty: &'static str,
    },
    /// A byte array `.param .align A .b8 name[size]`, accessed at `name+offset`.
    Aggregate,
}

/// The `.ptr` qualifier of a 64-bit kernel parameter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PtrQual {
    /// A pointer into a state space: `.ptr .global .align 16`.
    Space {
        /// `global`, `shared`, `const` or `local`.
        space: &'static str,
        /// The guaranteed alignment of the pointee (the `align` attribute; 1 without one).
        align: u64,
    },
    /// A texture handle: `.ptr .texref`.
    TexRef,
    /// A surface handle: `.ptr .surfref`.
    SurfRef,
    /// A sampler handle: `.ptr .samplerref`.
    SamplerRef,
}

/// One `.param` of a function (or its return value).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParamSlot {
    /// The PTX symbol, e.g. `k_param_0` or `func_retval0`.
    pub name: String,
    /// The IR parameter index (0 for the return value).
    pub ir_index: usize,
    /// Scalar or byte array.
    pub kind: ParamKind,
    /// Size in bytes.
    pub size: u64,
    /// Alignment of the `.param` itself in bytes.
    pub align: u32,
    /// The `.ptr` qualifier of a kernel pointer or handle parameter.
    pub ptr: Option<PtrQual>,
}

impl ParamSlot {
    /// The declaration, without indentation or separator: `.param .u64 .ptr .global .align 4 k_param_0`,
    /// `.param .align 8 .b8 k_param_1[32]`, `.param .b32 func_retval0`.
    pub fn decl(&self) -> String {
        match (self.kind, self.ptr) {
            (ParamKind::Aggregate, _) => format!(".param .align {} .b8 {}[{}]", self.align, self.name, self.size),
            (ParamKind::Scalar { ld_ty }, None) => format!(".param .{ld_ty} {}", self.name),
            (ParamKind::Scalar { ld_ty }, Some(PtrQual::Space { space, align })) => {
                format!(".param .{ld_ty} .ptr .{space} .align {align} {}", self.name)
            }
            (ParamKind::Scalar { ld_ty }, Some(q)) => {
                let r = match q {
                    PtrQual::TexRef => "texref",
                    PtrQual::SurfRef => "surfref",
                    _ => "samplerref",
                };
                format!(".param .{ld_ty} .ptr .{r} {}", self.name)
            }
        }
    }
}

/// The `.param` layout of one function or call signature.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionAbi {
    /// Parameters in IR order.
    pub params: Vec<ParamSlot>,
    /// The return value `func_retval0`, if the function returns one.
    pub ret: Option<ParamSlot>,
    /// `.entry` (kernel) rather than `.func`.
    pub is_kernel: bool,
}

impl FunctionAbi {
    /// The parameter list as printed after the function name: `()` or `(\n\t.param ...,\n\t.param ...\n)`.
    pub fn param_list(&self) -> String {
        if self.params.is_empty() {
            return "()".to_string();
        }
        let decls: Vec<String> = self.params.iter().map(|p| format!("\t{}", p.decl())).collect();
        format!("(\n{}\n)", decls.join(",\n"))
    }

    /// The return declaration as printed between `.func` and the name: `(.param .b32 func_retval0) ` or empty.
    pub fn ret_decl(&self) -> String {
        self.ret.as_ref().map(|r| format!("({}) ", r.decl())).unwrap_or_default()
    }
}

/// The ABI of function `f` (definition or declaration), including image/sampler parameters of kernels.
pub fn function_abi(m: &Module, f: FuncId) -> Result<FunctionAbi, CodegenError> {
    let func = &m.funcs[f];
    let (ret, params, vararg) = m.func_sig(f);
    if vararg {
        return Err(CodegenError::unsupported("variadic function").in_function(&func.name));
    }
    let is_kernel = m.is_kernel(f);
    let sym = names::func_symbol(m, f);
    let mut abi =
        signature_abi(m, ret, &params, &func.param_attrs, is_kernel, &sym).map_err(|e| e.in_function(&func.name))?;
    if is_kernel {
        for (key, value) in m.annotations(f) {
            let qual = match key.as_str() {
                "rdoimage" => PtrQual::TexRef,
                "wroimage" | "rdwrimage" => PtrQual::SurfRef,
                "sampler" => PtrQual::SamplerRef,
                _ => continue,
            };
            let slot = usize::try_from(value).ok().and_then(|i| abi.params.get_mut(i)).ok_or_else(|| {
                CodegenError::new(format!("nvvm.annotations: '{key}' names parameter {value}, which does not exist"))
                    .in_function(&func.name)
            })?;
            slot.kind = ParamKind::Scalar { ld_ty: "u64" };
            slot.size = 8;
            slot.align = 8;
            slot.ptr = Some(qual);
        }
    }
    Ok(abi)
}

/// The ABI of a signature: for definitions (through [`function_abi`]), direct and indirect calls and
/// `.callprototype`s. `name` is the PTX symbol the parameter names derive from (`name_param_I`).
pub fn signature_abi(
    m: &Module,
    ret: Type,
    params: &[Type],
    param_attrs: &[AttrSet],
    is_kernel: bool,
    name: &str,
) -> Result<FunctionAbi, CodegenError> {
    let empty = AttrSet::new();
    let mut slots = Vec::with_capacity(params.len());
    for (i, &ty) in params.iter().enumerate() {
        let attrs = param_attrs.get(i).unwrap_or(&empty);
        slots.push(param_slot(m, ty, attrs, is_kernel, names::param_name(name, i), i)?);
    }
    let ret = if m.types.is_void(ret) {
        None
    } else if is_kernel {
        return Err(CodegenError::new(format!("kernel '{name}' returns a value; PTX kernels cannot")));
    } else {
        Some(param_slot(m, ret, &empty, false, names::RETVAL.to_string(), 0)?)
    };
    Ok(FunctionAbi { params: slots, ret, is_kernel })
}

/// True for the types LLVM passes as byte arrays even when not `byval`.
fn passed_as_array(m: &Module, ty: Type) -> bool {
    match m.types.data(ty) {
        TypeData::Int(n) => *n > 64,
        TypeData::Half | TypeData::BFloat | TypeData::Vector { .. } => true,
        _ => m.types.is_aggregate(ty),
    }
}

fn param_slot(
    m: &Module,
    ty: Type,
    attrs: &AttrSet,
    is_kernel: bool,
    name: String,
    ir_index: usize,
) -> Result<ParamSlot, CodegenError> {
    let attr_align = attrs.align().unwrap_or(1);
    let array = |ty: Type| -> Result<ParamSlot, CodegenError> {
        if !m.types.is_sized(ty) {
            return Err(CodegenError::unsupported(format!("parameter '{name}' of unsized type")));
        }
        let align = m.types.abi_align(ty).min(128).max(attr_align);
        let align = u32::try_from(align).map_err(|_| CodegenError::new(format!("alignment {align} too large")))?;
        Ok(ParamSlot {
            name: name.clone(),
            ir_index,
            kind: ParamKind::Aggregate,
            size: m.types.alloc_size(ty),
            align,
            ptr: None,
        })
    };
    if let Some(t) = attrs.ty("byval") {
        return array(t);
    }
    if passed_as_array(m, ty) {
        return array(ty);
    }
    let scalar = |ld_ty: &'static str, size: u64| ParamSlot {
        name: name.clone(),
        ir_index,
        kind: ParamKind::Scalar { ld_ty },
        size,
        align: size as u32,
        ptr: None,
    };
    Ok(match *m.types.data(ty) {
        TypeData::Int(bits) if is_kernel => match bits {
            1..=8 => scalar("u8", 1),
            9..=16 => scalar("u16", 2),
            17..=32 => scalar("u32", 4),
            _ => scalar("u64", 8),
        },
        TypeData::Int(bits) => {
            if bits <= 32 {
                scalar("b32", 4)
            } else {
                scalar("b64", 8)
            }
        }
        TypeData::Float => scalar(if is_kernel { "f32" } else { "b32" }, 4),
        TypeData::Double => scalar(if is_kernel { "f64" } else { "b64" }, 8),
        TypeData::Ptr(space) if is_kernel => {
            let mut s = scalar("u64", 8);
            s.ptr = state_space(space).map(|space| PtrQual::Space { space, align: attr_align });
            s
        }
        TypeData::Ptr(_) => scalar("b64", 8),
        _ => {
            let what = if name == names::RETVAL { "return value" } else { "parameter" };
            return Err(CodegenError::unsupported(format!("{what} '{name}' of this type")));
        }
    })
}

/// The PTX state space of a non-generic NVPTX address space: 1 global, 3 shared, 4 const, 5 local.
pub fn state_space(addrspace: u32) -> Option<&'static str> {
    match addrspace {
        1 => Some("global"),
        3 => Some("shared"),
        4 => Some("const"),
        5 => Some("local"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn abi_of(src: &str, name: &str) -> Result<FunctionAbi, CodegenError> {
        let m = simtc_llvm_reader::parse_module(src).unwrap();
        function_abi(&m, m.func_by_name(name).unwrap())
    }

    fn decls(a: &FunctionAbi) -> Vec<String> {
        a.params.iter().map(ParamSlot::decl).collect()
    }

    #[test]
    fn kernel_params() {
        let src = "define ptx_kernel void @k(ptr addrspace(1) align 16 %p, ptr %q, i8 %c, i1 %b, half %h, float %f, \
                   i16 %s, i64 %l, double %d, <2 x float> %v, [2 x i32] %a, ptr addrspace(3) %sp, \
                   ptr addrspace(4) %cp, i128 %big, ptr byval({i32, double}) align 4 %bv, i24 %odd) { ret void }";
        let a = abi_of(src, "k").unwrap();
        assert!(a.is_kernel && a.ret.is_none());
        assert_eq!(
            decls(&a),
            [
                ".param .u64 .ptr .global .align 16 k_param_0",
                ".param .u64 k_param_1",
                ".param .u8 k_param_2",
                ".param .u8 k_param_3",
                ".param .align 2 .b8 k_param_4[2]",
                ".param .f32 k_param_5",
                ".param .u16 k_param_6",
                ".param .u64 k_param_7",
                ".param .f64 k_param_8",
                ".param .align 8 .b8 k_param_9[8]",
                ".param .align 4 .b8 k_param_10[8]",
                ".param .u64 .ptr .shared .align 1 k_param_11",
                ".param .u64 .ptr .const .align 1 k_param_12",
                ".param .align 16 .b8 k_param_13[16]",
                ".param .align 8 .b8 k_param_14[16]",
                ".param .u32 k_param_15",
            ]
        );
        assert_eq!(a.params[2].kind, ParamKind::Scalar { ld_ty: "u8" });
        assert_eq!(a.params[14].kind, ParamKind::Aggregate);
        assert_eq!(a.params[14].ir_index, 14);
    }

    #[test]
    fn device_params_and_returns() {
        let src = "define i8 @d(ptr byval({i32, double}) align 16 %s, i8 %c, i1 %b, i16 %h, <4 x float> %v, \
                   half %hh, ptr addrspace(1) %g, float %f, double %x, i64 %l) { ret i8 0 }\n\
                   define {i32, float} @rs() { ret {i32, float} zeroinitializer }\n\
                   define half @rh() { ret half 0.0 }\n\
                   define ptr @rp() { ret ptr null }\n\
                   define void @rv() { ret void }\n\
                   define double @rd() { ret double 0.0 }";
        let a = abi_of(src, "d").unwrap();
        assert!(!a.is_kernel);
        assert_eq!(
            decls(&a),
            [
                ".param .align 16 .b8 d_param_0[16]",
                ".param .b32 d_param_1",
                ".param .b32 d_param_2",
                ".param .b32 d_param_3",
                ".param .align 16 .b8 d_param_4[16]",
                ".param .align 2 .b8 d_param_5[2]",
                ".param .b64 d_param_6",
                ".param .b32 d_param_7",
                ".param .b64 d_param_8",
                ".param .b64 d_param_9",
            ]
        );
        assert_eq!(a.ret_decl(), "(.param .b32 func_retval0) ");
        assert_eq!(abi_of(src, "rs").unwrap().ret_decl(), "(.param .align 4 .b8 func_retval0[8]) ");
        assert_eq!(abi_of(src, "rh").unwrap().ret_decl(), "(.param .align 2 .b8 func_retval0[2]) ");
        assert_eq!(abi_of(src, "rp").unwrap().ret_decl(), "(.param .b64 func_retval0) ");
        assert_eq!(abi_of(src, "rd").unwrap().ret.unwrap().kind, ParamKind::Scalar { ld_ty: "b64" });
        let rv = abi_of(src, "rv").unwrap();
        assert_eq!((rv.ret_decl().as_str(), rv.param_list().as_str()), ("", "()"));
    }

    #[test]
    fn image_annotations_and_param_list() {
        let src = "define void @k(ptr addrspace(1) %t, ptr addrspace(1) %s, i64 %smp) { ret void }\n\
                   !nvvm.annotations = !{!0}\n\
                   !0 = !{ptr @k, !\"kernel\", i32 1, !\"rdoimage\", i32 0, !\"rdwrimage\", i32 1, !\"sampler\", i32 2}";
        let a = abi_of(src, "k").unwrap();
        assert_eq!(
            a.param_list(),
            "(\n\t.param .u64 .ptr .texref k_param_0,\n\t.param .u64 .ptr .surfref k_param_1,\n\t\
             .param .u64 .ptr .samplerref k_param_2\n)"
        );
        let bad = src.replace("!\"sampler\", i32 2", "!\"sampler\", i32 7");
        assert!(abi_of(&bad, "k").unwrap_err().message.contains("parameter 7"));
    }

    #[test]
    fn rejections() {
        let e = abi_of("define ptx_kernel i32 @k() { ret i32 0 }", "k").unwrap_err();
        assert!(e.message.contains("returns a value"), "{e}");
        let e = abi_of("declare i32 @printf(ptr, ...)", "printf").unwrap_err();
        assert!(e.to_string().contains("variadic") && e.to_string().contains("printf"), "{e}");
        let e = abi_of("define void @f(fp128 %x) { ret void }", "f").unwrap_err();
        assert!(e.message.contains("unsupported in codegen"), "{e}");
    }

    #[test]
    fn signature_abi_for_calls() {
        let m = simtc_llvm_reader::parse_module("").unwrap();
        let a = signature_abi(&m, Type::FLOAT, &[Type::PTR, Type::I32], &[], false, "proto").unwrap();
        assert_eq!(decls(&a), [".param .b64 proto_param_0", ".param .b32 proto_param_1"]);
        assert_eq!(a.ret.unwrap().decl(), ".param .b32 func_retval0");
    }
}
