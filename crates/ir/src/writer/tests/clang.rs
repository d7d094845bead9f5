//! A real clang kernel (`examples/kernels/byval_struct.ll`), rebuilt by hand and printed back exactly.

use super::*;

// ----- a real clang kernel, rebuilt by hand -----

/// `examples/kernels/byval_struct.ll` as clang 19 wrote it (comment lines dropped).
const BYVAL_STRUCT_LL: &str = r#"target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Params = type { float, i32, ptr, ptr, %struct.Range }
%struct.Range = type { i32, i32 }

define dso_local void @byval_struct(ptr nocapture noundef readonly byval(%struct.Params) align 8 %0) local_unnamed_addr #0 {
  %2 = tail call noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %3 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %4 = mul i32 %2, %3
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = mul i32 %5, %3
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = getelementptr inbounds i8, ptr %0, i64 4
  %10 = load i32, ptr %9, align 4, !tbaa !5
  %11 = icmp slt i32 %8, %10
  br i1 %11, label %12, label %22

12:                                               ; preds = %1
  %13 = getelementptr inbounds i8, ptr %0, i64 24
  %14 = load i32, ptr %13, align 8, !tbaa !13
  %15 = getelementptr inbounds i8, ptr %0, i64 8
  %16 = load ptr, ptr %15, align 8
  %17 = load float, ptr %0, align 8
  %18 = getelementptr inbounds i8, ptr %0, i64 28
  %19 = load i32, ptr %18, align 4
  %20 = getelementptr inbounds i8, ptr %0, i64 16
  %21 = load ptr, ptr %20, align 8, !tbaa !14
  br label %23

22:                                               ; preds = %33, %1
  ret void

23:                                               ; preds = %12, %33
  %24 = phi i32 [ %8, %12 ], [ %36, %33 ]
  %25 = sext i32 %24 to i64
  %26 = icmp slt i32 %24, %14
  br i1 %26, label %32, label %27

27:                                               ; preds = %23
  %28 = getelementptr inbounds float, ptr %16, i64 %25
  %29 = load float, ptr %28, align 4, !tbaa !15
  %30 = fmul contract float %29, %17
  %31 = icmp slt i32 %24, %19
  br i1 %31, label %33, label %32

32:                                               ; preds = %27, %23
  br label %33

33:                                               ; preds = %32, %27
  %34 = phi float [ 0.000000e+00, %32 ], [ %30, %27 ]
  %35 = getelementptr inbounds float, ptr %21, i64 %25
  store float %34, ptr %35, align 4, !tbaa !15
  %36 = add nsw i32 %24, %4
  %37 = icmp slt i32 %36, %10
  br i1 %37, label %23, label %22, !llvm.loop !16
}

declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx42,+ptx80,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @byval_struct, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !10, i64 4}
!6 = !{!"_ZTS6Params", !7, i64 0, !10, i64 4, !11, i64 8, !11, i64 16, !12, i64 24}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{!"int", !8, i64 0}
!11 = !{!"any pointer", !8, i64 0}
!12 = !{!"_ZTS5Range", !10, i64 0, !10, i64 4}
!13 = !{!6, !10, i64 24}
!14 = !{!6, !11, i64 16}
!15 = !{!7, !7, i64 0}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
"#;

fn build_byval_struct() -> Module {
    let mut m = Module::new();
    m.source_filename = Some("byval_struct.cu".into());
    m.datalayout = Some("e-i64:64-i128:128-v16:16-v32:32-n16:32:64".into());
    m.triple = Some("nvptx64-nvidia-cuda".into());
    let params_ty = m.types.named_struct("struct.Params");
    let range_ty = m.types.named_struct("struct.Range");
    m.types.set_named_body(range_ty, vec![Type::I32, Type::I32], false);
    m.types.set_named_body(params_ty, vec![Type::FLOAT, Type::I32, Type::PTR, Type::PTR, range_ty], false);

    let kty = m.types.func(Type::VOID, vec![Type::PTR], false);
    let mut kf = Function::new("byval_struct", kty, &[Type::PTR]);
    kf.dso_local = true;
    kf.unnamed_addr = UnnamedAddr::Local;
    kf.param_attrs[0] = AttrSet(vec![
        flag("nocapture"),
        flag("noundef"),
        flag("readonly"),
        Attribute::Type("byval".into(), params_ty),
        Attribute::Int("align".into(), 8),
    ]);
    let mut fa: Vec<Attribute> = ["mustprogress", "nofree", "norecurse", "nosync", "nounwind"].map(flag).into();
    fa.push(Attribute::Raw("memory(readwrite, inaccessiblemem: none)".into()));
    for (k, v) in [
        ("frame-pointer", "all"),
        ("no-trapping-math", "true"),
        ("stack-protector-buffer-size", "8"),
        ("target-cpu", "sm_90"),
        ("target-features", "+ptx42,+ptx80,+sm_90"),
        ("uniform-work-group-size", "true"),
    ] {
        fa.push(sattr(k, v));
    }
    kf.attrs = AttrSet(fa);
    let k = m.add_func(kf);
    let mut sreg = Vec::new();
    for n in ["nctaid", "ntid", "ctaid", "tid"] {
        let d = declare(&mut m, &format!("llvm.nvvm.read.ptx.sreg.{n}.x"), Type::I32, &[], false);
        m.funcs[d].ret_attrs = AttrSet(vec![flag("noundef")]);
        let mut a: Vec<Attribute> =
            ["mustprogress", "nocallback", "nofree", "nosync", "nounwind", "speculatable", "willreturn"]
                .map(flag)
                .into();
        a.push(Attribute::Raw("memory(none)".into()));
        m.funcs[d].attrs = AttrSet(a);
        sreg.push(d);
    }

    // Metadata !0..!17, filled after creation so forward references work.
    let ids: Vec<MdId> = (0..18).map(|_| m.metadata.push(md_tuple(vec![]))).collect();
    let kc = m.consts.intern(ConstData::Global(Type::PTR, GlobalRef::Func(k)));
    let n = |i: usize| MdOperand::Node(ids[i]);
    let nodes: Vec<MdNode> = vec![
        md_tuple(vec![MdOperand::Value(kc), md_str("kernel"), md_i(&mut m, Type::I32, 1)]),
        md_tuple(vec![md_i(&mut m, Type::I32, 1), md_str("wchar_size"), md_i(&mut m, Type::I32, 4)]),
        md_tuple(vec![md_i(&mut m, Type::I32, 4), md_str("nvvm-reflect-ftz"), md_i(&mut m, Type::I32, 0)]),
        md_tuple(vec![md_i(&mut m, Type::I32, 7), md_str("frame-pointer"), md_i(&mut m, Type::I32, 2)]),
        md_tuple(vec![md_str("Debian clang version 19.1.7 (3~deb12u1)")]),
        md_tuple(vec![n(6), n(10), md_i(&mut m, Type::I64, 4)]),
        md_tuple(vec![
            md_str("_ZTS6Params"),
            n(7),
            md_i(&mut m, Type::I64, 0),
            n(10),
            md_i(&mut m, Type::I64, 4),
            n(11),
            md_i(&mut m, Type::I64, 8),
            n(11),
            md_i(&mut m, Type::I64, 16),
            n(12),
            md_i(&mut m, Type::I64, 24),
        ]),
        md_tuple(vec![md_str("float"), n(8), md_i(&mut m, Type::I64, 0)]),
        md_tuple(vec![md_str("omnipotent char"), n(9), md_i(&mut m, Type::I64, 0)]),
        md_tuple(vec![md_str("Simple C++ TBAA")]),
        md_tuple(vec![md_str("int"), n(8), md_i(&mut m, Type::I64, 0)]),
        md_tuple(vec![md_str("any pointer"), n(8), md_i(&mut m, Type::I64, 0)]),
        md_tuple(vec![md_str("_ZTS5Range"), n(10), md_i(&mut m, Type::I64, 0), n(10), md_i(&mut m, Type::I64, 4)]),
        md_tuple(vec![n(6), n(10), md_i(&mut m, Type::I64, 24)]),
        md_tuple(vec![n(6), n(11), md_i(&mut m, Type::I64, 16)]),
        md_tuple(vec![n(7), n(7), md_i(&mut m, Type::I64, 0)]),
        MdNode::Tuple { distinct: true, ops: vec![n(16), n(17)] },
        md_tuple(vec![md_str("llvm.loop.mustprogress")]),
    ];
    for (i, node) in nodes.into_iter().enumerate() {
        m.metadata.set(ids[i], node);
    }
    m.metadata.named.push(("nvvm.annotations".into(), vec![ids[0]]));
    m.metadata.named.push(("llvm.module.flags".into(), vec![ids[1], ids[2], ids[3]]));
    m.metadata.named.push(("llvm.ident".into(), vec![ids[4]]));

    let mut fb = Fb::new(&mut m, k);
    let p0 = fb.param(0);
    let b12 = fb.block(None);
    let b22 = fb.block(None);
    let b23 = fb.block(None);
    let b27 = fb.block(None);
    let b32 = fb.block(None);
    let b33 = fb.block(None);
    let sreg_call = |fb: &mut Fb<'_>, f: FuncId, lo: i128, hi: i128| {
        let i = fb.call(f, &[], |cd| {
            cd.tail = TailKind::Tail;
            cd.attrs.ret = AttrSet(vec![
                flag("noundef"),
                Attribute::Range(Type::I32, ApInt::from_i128(32, lo), ApInt::from_i128(32, hi)),
            ]);
        });
        fb.result(i)
    };
    let gep_i8 = |fb: &mut Fb<'_>, base: Value, off: i128| {
        let o = fb.int(Type::I64, off);
        fb.val(InstKind::Gep { source_ty: Type::I8 }, &[base, o], Type::PTR, Flags::INBOUNDS)
    };
    let load = |fb: &mut Fb<'_>, ty: Type, p: Value, align: u64, tbaa: Option<usize>| {
        let i = fb.inst(InstKind::Load(mem(align)), &[p], ty, Flags::NONE);
        if let Some(t) = tbaa {
            fb.md(i, "tbaa", ids[t]);
        }
        fb.result(i)
    };
    let v2 = sreg_call(&mut fb, sreg[0], 1, -2147483648);
    let v3 = sreg_call(&mut fb, sreg[1], 1, 1025);
    let v4 = fb.val(InstKind::Binary(BinaryOp::Mul), &[v2, v3], Type::I32, Flags::NONE);
    let v5 = sreg_call(&mut fb, sreg[2], 0, 2147483647);
    let v6 = fb.val(InstKind::Binary(BinaryOp::Mul), &[v5, v3], Type::I32, Flags::NONE);
    let v7 = sreg_call(&mut fb, sreg[3], 0, 1024);
    let v8 = fb.val(InstKind::Binary(BinaryOp::Add), &[v6, v7], Type::I32, Flags::NONE);
    let v9 = gep_i8(&mut fb, p0, 4);
    let v10 = load(&mut fb, Type::I32, v9, 4, Some(5));
    let v11 = fb.val(InstKind::ICmp(IntPredicate::Slt), &[v8, v10], Type::I1, Flags::NONE);
    fb.inst(InstKind::CondBr { then_dest: b12, else_dest: b22 }, &[v11], Type::VOID, Flags::NONE);

    fb.b = b12;
    let v13 = gep_i8(&mut fb, p0, 24);
    let v14 = load(&mut fb, Type::I32, v13, 8, Some(13));
    let v15 = gep_i8(&mut fb, p0, 8);
    let v16 = load(&mut fb, Type::PTR, v15, 8, None);
    let v17 = load(&mut fb, Type::FLOAT, p0, 8, None);
    let v18 = gep_i8(&mut fb, p0, 28);
    let v19 = load(&mut fb, Type::I32, v18, 4, None);
    let v20 = gep_i8(&mut fb, p0, 16);
    let v21 = load(&mut fb, Type::PTR, v20, 8, Some(14));
    fb.inst(InstKind::Br { dest: b23 }, &[], Type::VOID, Flags::NONE);

    fb.b = b22;
    fb.inst(InstKind::Ret, &[], Type::VOID, Flags::NONE);

    fb.b = b23;
    let phi24 = fb.inst(InstKind::Phi { blocks: Default::default() }, &[], Type::I32, Flags::NONE);
    let v24 = fb.result(phi24);
    let v25 = fb.val(InstKind::Cast(CastOp::SExt), &[v24], Type::I64, Flags::NONE);
    let v26 = fb.val(InstKind::ICmp(IntPredicate::Slt), &[v24, v14], Type::I1, Flags::NONE);
    fb.inst(InstKind::CondBr { then_dest: b32, else_dest: b27 }, &[v26], Type::VOID, Flags::NONE);

    fb.b = b27;
    let v28 = fb.val(InstKind::Gep { source_ty: Type::FLOAT }, &[v16, v25], Type::PTR, Flags::INBOUNDS);
    let v29 = load(&mut fb, Type::FLOAT, v28, 4, Some(15));
    let v30 = fb.val(InstKind::Binary(BinaryOp::FMul), &[v29, v17], Type::FLOAT, Flags::CONTRACT);
    let v31 = fb.val(InstKind::ICmp(IntPredicate::Slt), &[v24, v19], Type::I1, Flags::NONE);
    fb.inst(InstKind::CondBr { then_dest: b33, else_dest: b32 }, &[v31], Type::VOID, Flags::NONE);

    fb.b = b32;
    fb.inst(InstKind::Br { dest: b33 }, &[], Type::VOID, Flags::NONE);

    fb.b = b33;
    let zero = fb.m.consts.intern(ConstData::Float(Type::FLOAT, 0));
    let zero = fb.c(zero);
    let phi34 = fb.inst(InstKind::Phi { blocks: Default::default() }, &[], Type::FLOAT, Flags::NONE);
    fb.func().dfg.phi_add_incoming(phi34, zero, b32);
    fb.func().dfg.phi_add_incoming(phi34, v30, b27);
    let v34 = fb.result(phi34);
    let v35 = fb.val(InstKind::Gep { source_ty: Type::FLOAT }, &[v21, v25], Type::PTR, Flags::INBOUNDS);
    let st = fb.inst(InstKind::Store(mem(4)), &[v34, v35], Type::VOID, Flags::NONE);
    fb.md(st, "tbaa", ids[15]);
    let v36 = fb.val(InstKind::Binary(BinaryOp::Add), &[v24, v4], Type::I32, Flags::NSW);
    let v37 = fb.val(InstKind::ICmp(IntPredicate::Slt), &[v36, v10], Type::I1, Flags::NONE);
    let br = fb.inst(InstKind::CondBr { then_dest: b23, else_dest: b22 }, &[v37], Type::VOID, Flags::NONE);
    fb.md(br, "llvm.loop", ids[16]);
    fb.func().dfg.phi_add_incoming(phi24, v8, b12);
    fb.func().dfg.phi_add_incoming(phi24, v36, b33);
    m
}

#[test]
fn reproduces_clang_output_exactly() {
    let m = build_byval_struct();
    let text = write_module(&m);
    assert_same_lines(&normalize(&text), &normalize(BYVAL_STRUCT_LL));
    assert!(text.starts_with("source_filename = \"byval_struct.cu\"\n"));
    assert_llvm_as(&text);
    if let Some(rt) = llvm_roundtrip(&text) {
        // llvm-as replaces the attributes of intrinsic declarations with the intrinsics' own sets.
        let keep = |v: Vec<String>| -> Vec<String> { v.into_iter().filter(|l| !l.starts_with("attributes")).collect() };
        assert_same_lines(&keep(normalize(&text)), &keep(normalize(&rt)));
    }
}

#[test]
fn write_function_matches_module_text() {
    let m = build_byval_struct();
    let text = write_module(&m);
    for f in m.func_ids() {
        let ft = write_function(&m, f);
        assert!(text.contains(&ft), "function text not found in module text:\n{ft}");
    }
    let k = m.func_by_name("byval_struct").unwrap();
    let ft = write_function(&m, k);
    assert!(ft.starts_with("define dso_local void @byval_struct(ptr nocapture noundef readonly byval(%struct.Params) align 8 %0) local_unnamed_addr #0 {\n"));
    assert!(ft.contains("\n12:\n"));
    assert!(ft.contains("!llvm.loop !16\n"));
}
