//! The module printer's output assembled by ptxas: every example kernel and synthetic modules with globals,
//! parameters and directives of every kind, for sm_70 (ptxas 12.9), sm_80 and sm_90 (ptxas 13.x).
//!
//! Bodies come from a stub emitter (`ret;`, after storing 0 to a scalar return value), so these tests check the
//! module-level half of the back end on its own. Under `CI=true` a missing ptxas fails the test; elsewhere the
//! ptxas part is skipped with a note.

use simtc_codegen::abi::{function_abi, ParamKind};
use simtc_codegen::mir::{MFunction, MInst, Mod, OpKind, Opcode, Operand};
use simtc_codegen::ptx::module::{write_module, FileTable};
use simtc_codegen::ptx::refs::is_emitted;
use simtc_codegen::{CodegenError, Options, Target};
use simtc_ir::{FuncId, Module};
use std::path::Path;

// The tool lookup shared with simtc's integration tests (ptxas 12.9 for sm_70/sm_72, 13.x otherwise).
#[path = "../../simtc/tests/common/mod.rs"]
mod common;
use common::{ptxas_for, repo_root};
use std::process::Command;

/// Stub bodies: `ret;`, after storing 0 to a scalar return value.
fn stub_bodies(m: &Module) -> Result<Vec<(FuncId, MFunction)>, CodegenError> {
    let mut out = Vec::new();
    for f in m.func_ids().filter(|&f| is_emitted(m, f)) {
        let abi = function_abi(m, f)?;
        let mut mf = MFunction::default();
        let b = mf.new_block();
        if let Some(ParamKind::Scalar { ld_ty }) = abi.ret.as_ref().map(|r| r.kind) {
            let ty = Mod::parse(ld_ty).expect("a PTX type");
            let addr = Operand::Addr(Box::new(Operand::Sym("func_retval0".into())), 0);
            let st = Opcode::new(OpKind::St, &[Mod::Param, ty]);
            mf.block_mut(b).insts.push(MInst::new(st, &[], &[addr, Operand::Imm(0)]));
        }
        mf.block_mut(b).insts.push(MInst::new(OpKind::Ret, &[], &[]));
        out.push((f, mf));
    }
    Ok(out)
}

/// Assembles `ptx` for `target`; panics with ptxas' message and the PTX when it is rejected.
fn assemble(label: &str, ptx: &str, target: Target) {
    let Some(ptxas) = ptxas_for(target.name()) else { return };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("module_ptxas");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{label}.{}.ptx", target.name()));
    std::fs::write(&file, ptx).unwrap();
    let out = Command::new(&ptxas)
        .arg(format!("-arch={}", target.name()))
        .args(["-c", "-o", "/dev/null"])
        .arg(&file)
        .output()
        .expect("ptxas runs");
    assert!(
        out.status.success(),
        "ptxas rejected {label} for {target}:\n{}\n--- PTX ---\n{ptx}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn print(src: &str, opts: &Options) -> Result<String, CodegenError> {
    let m = simtc_llvm_reader::parse_module(src).expect("test module parses");
    write_module(&m, opts, &FileTable::build(&m), &stub_bodies(&m)?)
}

const TARGETS: [Target; 3] = [Target::Sm70, Target::Sm80, Target::Sm90];

/// Prints and assembles `src` for sm_70, sm_80 and sm_90 (with PTX 7.1 on sm_70 when `mask()` is needed).
fn check_all(label: &str, src: &str) -> String {
    let mut last = String::new();
    for t in TARGETS {
        let mut opts = Options::for_target(t);
        let ptx = match print(src, &opts) {
            Err(e) if e.message.contains("PTX ISA version 7.1") => {
                opts.ptx_version = Some((7, 1));
                print(src, &opts).unwrap()
            }
            r => r.unwrap_or_else(|e| panic!("{label} for {t}: {e}")),
        };
        assemble(label, &ptx, t);
        last = ptx;
    }
    last
}

#[test]
fn every_example_kernel() {
    for f in common::example_kernels() {
        let src = std::fs::read_to_string(&f).unwrap();
        let label = f.file_stem().unwrap().to_string_lossy().to_string();
        let ptx = check_all(&label, &src);
        assert!(ptx.contains(".entry"), "{label} has a kernel");
    }
}

#[test]
fn example_globals_match_llc() {
    let src = std::fs::read_to_string(repo_root().join("examples/kernels/globals.ll")).unwrap();
    let ptx = check_all("globals_llc", &src);
    // llc -O3 -march=nvptx64 -mcpu=sm_90 prints exactly these lines for globals.ll.
    for line in [
        ".visible .const .align 4 .b8 c_table[32] = {3, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0, 9, 0, 0, 0, 2, 0, 0, 0, 6};",
        ".visible .const .align 4 .b8 c_coeffs[16] = {0, 0, 0, 63, 0, 0, 160, 191, 0, 0, 0, 64, 0, 0, 0, 62};",
        ".visible .const .align 4 .b8 c_config[12] = {7, 0, 0, 0, 0, 0, 192, 63, 42, 0, 111, 107};",
        ".visible .const .align 1 .b8 c_message[22] = {115, 105, 109, 116, 99, 32, 99, 111, 110, 115, 116, 97, 110, 116, 32, 115, 116, 114, 105, 110, 103};",
        ".visible .global .align 4 .b8 g_lut[16] = {10, 0, 0, 0, 20, 0, 0, 0, 30, 0, 0, 0, 40};",
        ".visible .global .align 4 .f32 g_bias = 0f3E800000;",
        ".visible .global .align 4 .u32 g_hits;",
    ] {
        assert!(ptx.contains(line), "missing {line:?} in\n{ptx}");
    }
    let byval = std::fs::read_to_string(repo_root().join("examples/kernels/byval_struct.ll")).unwrap();
    assert!(check_all("byval_llc", &byval)
        .contains(".visible .entry byval_struct(\n\t.param .align 8 .b8 byval_struct_param_0[32]\n)"));
    let lb = std::fs::read_to_string(repo_root().join("examples/kernels/launch_bounds.ll")).unwrap();
    let ptx = check_all("launch_bounds_llc", &lb);
    assert!(ptx.contains("\t.param .u32 launch_bounds_param_3\n)\n.maxntid 128, 1, 1\n.minnctapersm 4\n{"), "{ptx}");
    let dc = std::fs::read_to_string(repo_root().join("examples/kernels/device_call.ll")).unwrap();
    let ptx = check_all("device_call_llc", &dc);
    assert!(ptx.contains(
        ".visible .func (.param .b32 func_retval0) _Z13weighted_termPKfifS0_(\n\t.param .b64 _Z13weighted_termPKfifS0__param_0,\n\t\
         .param .b32 _Z13weighted_termPKfifS0__param_1,\n\t.param .b32 _Z13weighted_termPKfifS0__param_2,\n\t\
         .param .b64 _Z13weighted_termPKfifS0__param_3\n)\n{"
    ));
}

const GLOBALS: &str = r#"
%struct.S = type { i32, ptr, i8 }
@a = addrspace(1) global i32 5, align 4
@b = addrspace(1) global ptr addrspacecast (ptr addrspace(1) @a to ptr), align 8
@c = addrspace(1) global %struct.S { i32 1, ptr addrspacecast (ptr addrspace(1) @a to ptr), i8 3 }, align 8
@d = addrspace(1) global <{ i8, ptr }> <{ i8 1, ptr addrspacecast (ptr addrspace(1) @a to ptr) }>, align 1
@e = addrspace(1) global ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @arr to ptr), i64 8)
@eneg = addrspace(1) global ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(1) @arr to ptr), i64 -4)
@arr = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 0, i32 0], align 4
@fnp = addrspace(1) global ptr @dev, align 8
@tbl = addrspace(4) constant [2 x ptr] [ptr @dev, ptr null], align 8
@h = addrspace(1) global half 0xH3C00
@bf = addrspace(1) global bfloat 0xR3F80
@i1 = addrspace(1) global i1 true
@i8 = addrspace(1) global i8 -2
@i16 = addrspace(1) global i16 300
@i64 = addrspace(1) global i64 -1
@big = addrspace(1) global i128 12345678901234567890123
@v = addrspace(1) global <4 x i8> <i8 1, i8 2, i8 3, i8 4>
@v3 = addrspace(1) global <3 x float> <float 1.0, float 2.0, float 3.0>
@bits = addrspace(1) global <10 x i1> <i1 1, i1 0, i1 1, i1 0, i1 0, i1 0, i1 0, i1 0, i1 0, i1 1>
@f = addrspace(1) global float 2.5e-01
@dd = addrspace(1) global double 1.5
@w = weak addrspace(1) global i32 1
@wo = weak_odr addrspace(1) global i32 1
@lo = linkonce_odr addrspace(1) global i32 1
@cm = common addrspace(1) global i32 0
@ext = external addrspace(1) global i32
@extarr = external addrspace(1) global [4 x i32]
@dyn = external addrspace(3) global [0 x i32], align 16
@intern = internal addrspace(1) global i32 7
@priv = private addrspace(1) global i32 7
@.str = private unnamed_addr addrspace(4) constant [3 x i8] c"%d\00", align 1
@"my.dotted" = addrspace(1) global i32 3
@g0 = global i32 9
@ptrg = addrspace(1) global ptr addrspace(1) @a
@ptrint = addrspace(1) global i64 ptrtoint (ptr addrspace(1) @a to i64)
@nullp = addrspace(1) global ptr null
@absp = addrspace(1) global ptr inttoptr (i64 4096 to ptr)
@z = addrspace(1) global [16 x i32] zeroinitializer
@u = addrspace(1) global i32 undef
@str = addrspace(4) constant [6 x i8] c"hello\00"
@odd = addrspace(1) global i24 5
@sh = internal addrspace(3) global [64 x float] undef, align 4
@sh_two = internal addrspace(3) global [8 x i32] undef, align 4
@sh_zero = addrspace(3) global float 0.0
@loc = internal addrspace(5) global i32 undef
@loc_dev = internal addrspace(5) global [4 x i32] undef, align 16
@m = addrspace(1) externally_initialized global i32 0, align 4
@llvm.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @a to ptr)], section "llvm.metadata"

define i32 @dev(i32 %x) {
  %q = load i32, ptr addrspace(1) @"my.dotted"
  %p = load ptr, ptr addrspace(4) @.str
  %l = load i32, ptr addrspace(5) @loc_dev
  %s = add i32 %q, %x
  ret i32 %s
}

define void @k() {
  %x = load float, ptr addrspace(3) @sh
  %y = load i32, ptr addrspace(3) @sh_two
  %z = load i32, ptr addrspace(1) @priv
  %w = load i32, ptr addrspace(5) @loc
  ret void
}

define void @k2() {
  %y = load i32, ptr addrspace(3) @sh_two
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k2, !"kernel", i32 1}
!2 = !{ptr addrspace(1) @m, !"managed", i32 1}
"#;

#[test]
fn globals_of_every_kind() {
    let ptx = check_all("globals_kinds", GLOBALS);
    for line in [
        ".visible .global .align 8 .u64 e = generic(arr)+8;",
        ".visible .global .align 8 .u64 eneg = generic(arr)+-4;",
        ".visible .const .align 8 .u64 tbl[2] = {dev, 0};",
        ".visible .global .align 8 .u64 ptrint = a;",
        ".visible .global .align 8 .u64 absp = 4096;",
        ".visible .global .align 16 .b8 v3[12] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64};",
        ".const .align 1 .b8 _$_str[3] = {37, 100};",
        "// sh has been demoted",
        ".visible .shared .align 4 .f32 sh_zero;",
        "// loc has been demoted",
        "{\n\t// demoted variable\n\t.local .align 16 .b8 loc_dev[16];\n",
        ".visible .global .attribute(.managed) .align 4 .u32 m;",
    ] {
        assert!(ptx.contains(line), "missing {line:?} in\n{ptx}");
    }
}

#[test]
fn params_of_every_kind() {
    let src = r#"
define void @k(ptr addrspace(1) align 16 %p, ptr %q, i8 %c, i1 %b, half %h, float %f, i16 %s, i64 %l, double %d,
               <2 x float> %v, [2 x i32] %arr, ptr addrspace(3) %sp, ptr addrspace(4) %cp, i128 %big,
               ptr byval({i32, double}) align 4 %bv, i24 %odd, bfloat %bf, <4 x i32> %v4) {
  ret void
}
define void @img(ptr addrspace(1) %t, ptr addrspace(1) %s, i64 %smp) { ret void }
define void @devbyval(ptr byval({i32, double}) align 4 %s, i8 %c, i1 %b, i16 %h, <4 x float> %v, half %hh,
                      ptr addrspace(1) %g, double %d, i64 %l, [3 x i8] %a) {
  ret void
}
define {i32, float} @retstruct() { ret {i32, float} {i32 1, float 2.0} }
define i8 @reti8() { ret i8 1 }
define i1 @reti1() { ret i1 1 }
define half @rethalf() { ret half 1.0 }
define <2 x float> @retvec() { ret <2 x float> <float 1.0, float 2.0> }
define ptr @retptr() { ret ptr null }
define i128 @reti128() { ret i128 1 }
define double @retdouble() { ret double 1.0 }
define float @retfloat(float %x) { ret float %x }
define internal void @noret() noreturn { unreachable }
declare i64 @ext_decl(i64, ptr)
declare void @abort_ext() noreturn
define void @caller() {
  %x = call i64 @ext_decl(i64 1, ptr null)
  call void @noret()
  call void @weakfn()
  %y = call i32 @late_internal(i32 1)
  call void @empty_struct({} zeroinitializer)
  call void @abort_ext()
  unreachable
}
define linkonce_odr void @weakfn() { ret void }
define internal i32 @late_internal(i32 %x) { ret i32 %x }
define hidden void @empty_struct({} %e) { ret void }
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @img, !"kernel", i32 1, !"rdoimage", i32 0, !"wroimage", i32 1, !"sampler", i32 2}
"#;
    let ptx = check_all("params", src);
    assert!(ptx.contains(".func noret()\n.noreturn\n{"), "{ptx}");
    assert!(ptx.contains(".extern .func (.param .b64 func_retval0) ext_decl(\n"), "{ptx}");
    assert!(ptx.contains(".extern .func abort_ext()\n.noreturn;\n"), "{ptx}");
    assert!(ptx.contains(".weak .func weakfn();\n.func (.param .b32 func_retval0) late_internal(\n"), "{ptx}");
    assert!(ptx.contains(".weak .func weakfn()\n{"), "{ptx}");
    assert!(ptx.contains(".visible .func empty_struct(\n\t.param .align 1 .b8 empty_struct_param_0[0]\n)"), "{ptx}");
}

#[test]
fn directives_of_every_kind() {
    let src = r#"
define void @k() { ret void }
define void @k2() { ret void }
define ptx_kernel void @k3() #0 { ret void }
define ptx_kernel void @k4() #1 { ret void }
attributes #0 = { "nvvm.maxntid"="256,2" "nvvm.minctasm"="3" "nvvm.maxnreg"="40" "nvvm.cluster_dim"="0,0,0" }
attributes #1 = { "nvvm.reqntid"="32,4" "nvvm.cluster_dim"="4,1,1" "nvvm.maxclusterrank"="8" }
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1, !"maxntidx", i32 128, !"minctasm", i32 2, !"maxnreg", i32 64, !"maxclusterrank", i32 4}
!1 = !{ptr @k2, !"kernel", i32 1, !"reqntidx", i32 64, !"reqntidy", i32 2, !"cluster_dim_x", i32 2, !"cluster_dim_y", i32 1, !"cluster_dim_z", i32 1}
"#;
    let ptx = check_all("directives", src);
    assert!(ptx.contains(".reqntid 64, 2, 1\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n{"), "{ptx}");
    assert!(ptx.contains(".reqntid 32, 4, 1\n.explicitcluster\n.reqnctapercluster 4, 1, 1\n{"), "{ptx}");
    assert!(ptx.contains(".minnctapersm 2\n.maxclusterrank 4\n.maxnreg 64\n{"), "{ptx}");
    // sm_90 with PTX 9.0: blocks are clusters.
    let bac = "define ptx_kernel void @k() #0 { ret void }\n\
               attributes #0 = { \"nvvm.blocksareclusters\" \"nvvm.reqntid\"=\"32\" \"nvvm.cluster_dim\"=\"2\" }";
    let opts = Options { ptx_version: Some((9, 0)), ..Options::for_target(Target::Sm90) };
    let ptx = print(bac, &opts).unwrap();
    assert!(ptx.contains(".blocksareclusters\n.reqntid 32, 1, 1\n.reqnctapercluster 2, 1, 1\n{"), "{ptx}");
    assemble("blocksareclusters", &ptx, Target::Sm90);
}

#[test]
fn textures_surfaces_samplers() {
    let src = r#"
@tex = addrspace(1) global i64 undef, align 8
@surf = addrspace(1) global i64 undef, align 8
@smp = addrspace(1) global i64 17, align 8
@smp2 = addrspace(1) global i64 4, align 8
define void @k(ptr addrspace(1) %t, ptr addrspace(1) %s, i64 %smp) { ret void }
!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr addrspace(1) @tex, !"texture", i32 1}
!1 = !{ptr addrspace(1) @surf, !"surface", i32 1}
!2 = !{ptr addrspace(1) @smp, !"sampler", i32 1}
!3 = !{ptr addrspace(1) @smp2, !"sampler", i32 1}
!4 = !{ptr @k, !"kernel", i32 1, !"rdoimage", i32 0, !"rdwrimage", i32 1, !"sampler", i32 2}
"#;
    let ptx = check_all("textures", src);
    assert!(ptx.contains(".target sm_90, texmode_independent\n"));
    assert!(ptx.contains("smp2 = { addr_mode_0 = mirror, addr_mode_1 = mirror, addr_mode_2 = mirror, filter_mode = nearest, force_unnormalized_coords = 1 };"));
    // Without samplers the module stays in the default (unified) texture mode.
    let unified = src.replace("!\"sampler\", i32 1}", "!\"texture\", i32 1}");
    let ptx = check_all("textures_unified", &unified);
    assert!(ptx.contains(".target sm_90\n"), "{ptx}");
}

#[test]
fn debug_info_sections() {
    let src = std::fs::read_to_string(repo_root().join("examples/kernels/debug_info.ll")).unwrap();
    for t in TARGETS {
        let opts = Options { debug: true, ..Options::for_target(t) };
        let ptx = print(&src, &opts).unwrap();
        assert!(ptx.contains(&format!(".target {}, debug\n", t.name())));
        assemble("debug_info_g", &ptx, t);
    }
    // `, debug` without any line information still assembles.
    let opts = Options { debug: true, ..Options::default() };
    assemble("debug_empty", &print("define void @k() { ret void }", &opts).unwrap(), Target::Sm90);
}

#[test]
fn every_target_header() {
    let src = "define ptx_kernel void @k(ptr addrspace(1) %p) { ret void }";
    for &t in Target::ALL {
        let ptx = print(src, &Options::for_target(t)).unwrap();
        let (major, minor) = t.min_ptx_version();
        assert!(ptx.contains(&format!(".version {major}.{minor}\n.target {}\n", t.name())));
        assemble("header", &ptx, t);
    }
}

#[test]
fn rejected_modules() {
    let ctor = "@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]\n\
                define internal void @init() { ret void }";
    let e = print(ctor, &Options::default()).unwrap_err();
    assert_eq!(e.to_string(), "error: Module has a nontrivial global ctor, which NVPTX does not support.");
    let cycle = "@a = addrspace(1) global ptr addrspace(1) @b\n@b = addrspace(1) global ptr addrspace(1) @a\n";
    assert!(print(cycle, &Options::default()).unwrap_err().message.contains("Circular dependency"));
    let old = Options { ptx_version: Some((7, 0)), ..Options::default() };
    assert!(print("", &old).unwrap_err().message.contains("too old for sm_90"));
}
