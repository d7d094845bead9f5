//! `cssa` + `phi-elim` on the generated shapes of the scaling benchmark (`examples/cssa_scaling.rs`): long
//! chains of loop webs and nested joins grow coalescing classes to hundreds of members, where `phi-elim` tests
//! class interference through its focused pair search. Compiled at `-O3` under `--verify-each`: the SSA
//! destruction checker proves every renaming, and in debug builds the focused test is checked against the
//! all-pairs one on every merge.

#[path = "common/cssa_shapes.rs"]
mod cssa_shapes;

use simtc_codegen::driver::{compile, Pipeline};

fn compile_shape(shape: &str, phis: usize) -> String {
    let (src, n) = cssa_shapes::generate(shape, phis);
    assert!(n >= phis * 9 / 10, "{shape}: {n} phis generated for {phis} wanted");
    let mut m = simtc_llvm_reader::parse_module(&src).expect("generated IR parses");
    let p = Pipeline { verify_each: true, ..Pipeline::default() };
    compile(&mut m, &p).unwrap_or_else(|e| panic!("{shape}: {e}")).ptx
}

#[test]
fn every_shape_compiles_verified() {
    for shape in cssa_shapes::SHAPES {
        let ptx = compile_shape(shape, 600);
        assert!(ptx.contains(".entry big"), "{shape}: kernel emitted");
    }
}

/// A value merged into a phi web by one copy (`%ya`, defined in `%a` while `%x` is live there) must keep
/// blocking the next merge, of `%x` into that web: the focused test finds the pair only through the index of
/// where each class member is defined, which the first merge updated.
#[test]
fn merged_member_blocks_a_later_merge() {
    let src = "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @big(ptr %p, ptr %q) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = mul i32 %t, 7
  %c = icmp ult i32 %t, 5
  br i1 %c, label %a, label %b
a:
  %ya = mul i32 %t, 3
  store i32 %ya, ptr %q
  %s = sub i32 %x, %ya
  store volatile i32 %s, ptr %q
  br label %j
b:
  store volatile i32 0, ptr %q
  br label %j
j:
  %v = phi i32 [ %ya, %a ], [ %x, %b ]
  store i32 %v, ptr %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @big, !\"kernel\", i32 1}
";
    let mut m = simtc_llvm_reader::parse_module(src).expect("parses");
    // ifconvert would turn the diamond into a select before phi-elim.
    let p = Pipeline { verify_each: true, disabled: vec!["ifconvert".into()], ..Pipeline::default() };
    let ptx = compile(&mut m, &p).expect("compiles").ptx;
    assert!(ptx.contains(".entry big"));
}
