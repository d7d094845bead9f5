//! Every instruction kind, global variable field, name form and debug-info node in one module.

use super::*;

// ----- every instruction kind, globals, names, debug info -----

/// Replaces metadata and attribute-group numbers by `N` so texts numbered differently compare equal.
fn anon_md(l: &str) -> String {
    let mut out = String::new();
    let mut chars = l.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if (c == '!' || c == '#') && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push('N');
        }
    }
    out
}

/// Our text and LLVM's reprint must agree line by line up to the metadata section (metadata numbering may differ).
fn assert_llvm_reprints_same(text: &str) {
    let Some(rt) = llvm_roundtrip(text) else {
        return;
    };
    let cut = |t: &str| -> Vec<String> {
        normalize(t)
            .into_iter()
            // llvm-dis prints debug intrinsics as `#dbg_value` records.
            .filter(|l| {
                !l.starts_with('!') && !l.starts_with("attributes") && !l.contains("dbg.value") && !l.contains("#dbg_")
            })
            .map(|l| anon_md(&l))
            .fold(Vec::new(), |mut v: Vec<String>, l| {
                if !(l.is_empty() && v.last().is_some_and(|p| p.is_empty())) {
                    v.push(l);
                }
                v
            })
    };
    assert_same_lines(&cut(text), &cut(&rt));
}

struct Dbg {
    sp: MdId,
    var: MdId,
    loc: MdId,
    expr: MdId,
    gve: MdId,
}

fn build_debug_info(m: &mut Module) -> Dbg {
    let ids: Vec<MdId> = (0..13).map(|_| m.metadata.push(md_tuple(vec![]))).collect();
    let n = |i: usize| ids[i];
    let s = |t: &str| MdField::Str(t.as_bytes().to_vec());
    let ver = [md_i(m, Type::I32, 2), md_str("Debug Info Version"), md_i(m, Type::I32, 3)];
    let nodes = vec![
        special(
            "DICompileUnit",
            true,
            vec![
                ("language", raw("DW_LANG_C_plus_plus_14")),
                ("file", mref(n(1))),
                ("producer", s("simtc \"test\"")),
                ("isOptimized", raw("true")),
                ("runtimeVersion", raw("0")),
                ("emissionKind", raw("FullDebug")),
                ("globals", mref(n(9))),
            ],
        ),
        special("DIFile", false, vec![("filename", s("t.cu")), ("directory", s("/tmp"))]),
        md_tuple(ver.to_vec()),
        special(
            "DISubprogram",
            true,
            vec![
                ("name", s("all_insts")),
                ("scope", mref(n(1))),
                ("file", mref(n(1))),
                ("line", raw("1")),
                ("type", mref(n(4))),
                ("scopeLine", raw("1")),
                ("flags", raw("DIFlagPrototyped")),
                ("spFlags", raw("DISPFlagDefinition | DISPFlagOptimized")),
                ("unit", mref(n(0))),
            ],
        ),
        special("DISubroutineType", false, vec![("types", mref(n(5)))]),
        md_tuple(vec![]),
        special(
            "DILocalVariable",
            false,
            vec![
                ("name", s("x")),
                ("arg", raw("1")),
                ("scope", mref(n(3))),
                ("file", mref(n(1))),
                ("line", raw("1")),
                ("type", mref(n(7))),
            ],
        ),
        special(
            "DIBasicType",
            false,
            vec![("name", s("int")), ("size", raw("32")), ("encoding", raw("DW_ATE_signed"))],
        ),
        special("DILocation", false, vec![("line", raw("2")), ("column", raw("3")), ("scope", mref(n(3)))]),
        md_tuple(vec![MdOperand::Node(n(10))]),
        special("DIGlobalVariableExpression", false, vec![("var", mref(n(11))), ("expr", mref(n(12)))]),
        special(
            "DIGlobalVariable",
            true,
            vec![
                ("name", s("g")),
                ("scope", mref(n(0))),
                ("file", mref(n(1))),
                ("line", raw("1")),
                ("type", mref(n(7))),
                ("isLocal", raw("false")),
                ("isDefinition", raw("true")),
            ],
        ),
        special("DIExpression", false, vec![]),
    ];
    for (i, node) in nodes.into_iter().enumerate() {
        m.metadata.set(ids[i], node);
    }
    let expr = m.metadata.push(special("DIExpression", false, vec![("", raw("DW_OP_plus_uconst")), ("", raw("8"))]));
    m.metadata.named.push(("llvm.dbg.cu".into(), vec![ids[0]]));
    m.metadata.named.push(("llvm.module.flags".into(), vec![ids[2]]));
    Dbg { sp: ids[3], var: ids[6], loc: ids[8], expr, gve: ids[10] }
}

fn build_everything() -> Module {
    let mut m = Module::new();
    let dbg = build_debug_info(&mut m);
    let dbg_kind = m.metadata.kind("dbg");
    let i8x4 = m.types.array(Type::I8, 4);
    let sh_ty = m.types.array(Type::I32, 256);
    let p1 = m.types.ptr(1);
    let p3 = m.types.ptr(3);
    let v4i32 = m.types.vector(Type::I32, 4);
    let v4f = m.types.vector(Type::FLOAT, 4);
    let pair = m.types.struct_(vec![Type::I32, Type::I1], false);
    m.comdats.push(("hid".into(), "any".into()));

    // Globals.
    let fmt_init = m.consts.intern(ConstData::Bytes(i8x4, b"%d\n\0".to_vec()));
    let mut g = GlobalVar::new("fmt", i8x4, 0);
    g.linkage = Linkage::Private;
    g.unnamed_addr = UnnamedAddr::Global;
    g.is_constant = true;
    g.init = Some(fmt_init);
    g.align = Some(1);
    let fmt = m.add_global(g);
    let undef = m.consts.intern(ConstData::Undef(sh_ty));
    let mut g = GlobalVar::new("sh", sh_ty, 3);
    g.linkage = Linkage::Internal;
    g.init = Some(undef);
    g.align = Some(4);
    let sh = m.add_global(g);
    let five = m.consts.int(Type::I32, 32, 5);
    let mut g = GlobalVar::new("", Type::I32, 0);
    g.linkage = Linkage::Private;
    g.is_constant = true;
    g.init = Some(five);
    m.add_global(g);
    let zero = m.consts.int(Type::I32, 32, 0);
    let mut g = GlobalVar::new("quoted name", Type::I32, 0);
    g.dso_local = true;
    g.init = Some(zero);
    g.section = Some("data".into());
    g.align = Some(4);
    g.md.push((dbg_kind, dbg.gve));
    let quoted = m.add_global(g);
    let mut g = GlobalVar::new("tls", Type::I32, 0);
    g.thread_local = Some("thread_local(initialexec)".into());
    g.init = Some(zero);
    m.add_global(g);
    let mut g = GlobalVar::new("ext", Type::I32, 1);
    g.externally_initialized = true;
    m.add_global(g);
    let c15 = m.consts.intern(ConstData::Float(Type::FLOAT, u128::from(1.5f32.to_bits())));
    let mut g = GlobalVar::new("hid", Type::FLOAT, 0);
    g.visibility = Visibility::Hidden;
    g.unnamed_addr = UnnamedAddr::Global;
    g.is_constant = true;
    g.init = Some(c15);
    g.comdat = Some("comdat".into());
    g.align = Some(4);
    g.attrs = AttrSet(vec![sattr("bss-section", "x")]);
    m.add_global(g);
    let quoted_ref = m.consts.intern(ConstData::Global(Type::PTR, GlobalRef::Var(quoted)));
    let sh_ref = m.consts.intern(ConstData::Global(p3, GlobalRef::Var(sh)));
    let sh_generic = m.consts.intern(ConstData::Expr {
        ty: Type::PTR,
        op: ConstExprOp::Cast(CastOp::AddrSpaceCast),
        operands: vec![sh_ref],
    });
    let ptrs_ty = m.types.array(Type::PTR, 2);
    let ptrs_init = m.consts.intern(ConstData::Array(ptrs_ty, vec![quoted_ref, sh_generic]));
    let mut g = GlobalVar::new("ptrs", ptrs_ty, 0);
    g.init = Some(ptrs_init);
    m.add_global(g);

    // Declarations.
    let printf = declare(&mut m, "printf", Type::I32, &[Type::PTR], true);
    let sink = declare(&mut m, "sink", Type::VOID, &[Type::I32, Type::PTR], false);
    m.funcs[sink].param_attrs[0] = AttrSet(vec![flag("noundef")]);
    m.funcs[sink].attrs = AttrSet(vec![flag("nounwind")]);
    let conv_entry = declare(&mut m, "llvm.experimental.convergence.entry", Type::TOKEN, &[], false);
    m.funcs[conv_entry].attrs = AttrSet(vec![flag("convergent"), flag("nounwind")]);
    let barrier = declare(&mut m, "llvm.nvvm.barrier0", Type::VOID, &[], false);
    m.funcs[barrier].attrs = AttrSet(vec![flag("convergent"), flag("nounwind")]);
    let dbg_value = declare(&mut m, "llvm.dbg.value", Type::VOID, &[Type::METADATA; 3], false);
    let fastf = declare(&mut m, "fastf", Type::VOID, &[], false);
    m.funcs[fastf].cc = CallConv::Fast;

    // The big function.
    let fty = m.types.func(Type::I32, vec![Type::I32, Type::PTR, Type::FLOAT, v4i32], false);
    let mut f = Function::new("all_insts", fty, &[Type::I32, Type::PTR, Type::FLOAT, v4i32]);
    f.dfg.set_value_name(f.params[0], Some("x"));
    f.dfg.set_value_name(f.params[1], Some("p"));
    f.dfg.set_value_name(f.params[3], Some("7"));
    f.param_attrs[1] = AttrSet(vec![flag("nocapture"), flag("noundef"), Attribute::Int("align".into(), 16)]);
    f.ret_attrs = AttrSet(vec![flag("noundef")]);
    f.attrs = AttrSet(vec![flag("convergent"), flag("nounwind"), Attribute::Int("alignstack".into(), 16)]);
    f.md.push((dbg_kind, dbg.sp));
    let fid = m.add_func(f);
    let mut fb = Fb::new(&mut m, fid);
    let entry = fb.b;
    fb.func().dfg.set_block_name(entry, Some("entry"));
    let (x, p, fl, vec) = (fb.param(0), fb.param(1), fb.param(2), fb.param(3));
    let tok = fb.call(conv_entry, &[], |_| {});
    let tok = fb.result(tok);
    let one = fb.int(Type::I32, 1);
    let a = fb.val(InstKind::Binary(BinaryOp::Add), &[x, one], Type::I32, Flags::NUW.union(Flags::NSW));
    fb.func().dfg.set_value_name(a, Some("a b"));
    let s = fb.val(InstKind::Binary(BinaryOp::SDiv), &[a, one], Type::I32, Flags::EXACT);
    fb.func().dfg.set_value_name(s, Some("dup"));
    let o = fb.val(InstKind::Binary(BinaryOp::Or), &[s, one], Type::I32, Flags::DISJOINT);
    fb.func().dfg.set_value_name(o, Some("dup"));
    let fa = fb.val(InstKind::Binary(BinaryOp::FAdd), &[fl, fl], Type::FLOAT, Flags::FAST);
    let fm = fb.val(
        InstKind::Binary(BinaryOp::FMul),
        &[fa, fl],
        Type::FLOAT,
        Flags::NNAN.union(Flags::NINF).union(Flags::REASSOC),
    );
    let fnn = fb.val(InstKind::FNeg, &[fm], Type::FLOAT, Flags::NSZ);
    let cmp = fb.val(InstKind::FCmp(FloatPredicate::Olt), &[fnn, fl], Type::I1, Flags::FAST);
    let ze = fb.val(InstKind::Cast(CastOp::ZExt), &[o], Type::I64, Flags::NNEG);
    let tr = fb.val(InstKind::Cast(CastOp::Trunc), &[ze], Type::I16, Flags::NUW);
    let _u = fb.val(InstKind::Cast(CastOp::UIToFP), &[tr], Type::DOUBLE, Flags::NNEG);
    let pi = fb.val(InstKind::Cast(CastOp::PtrToInt), &[p], Type::I64, Flags::NONE);
    let ip = fb.val(InstKind::Cast(CastOp::IntToPtr), &[pi], p1, Flags::NONE);
    let _ac = fb.val(InstKind::Cast(CastOp::AddrSpaceCast), &[ip], Type::PTR, Flags::NONE);
    let sel = fb.val(InstKind::Select, &[cmp, fl, fnn], Type::FLOAT, Flags::NNAN);
    let al = fb.val(
        InstKind::Alloca { elem_ty: Type::I32, explicit_count: false, align: Some(4), addrspace: 0 },
        &[],
        Type::PTR,
        Flags::NONE,
    );
    let n4 = fb.int(Type::I64, 4);
    let p5 = fb.m.types.ptr(5);
    let _al2 = fb.val(
        InstKind::Alloca { elem_ty: Type::FLOAT, explicit_count: true, align: Some(8), addrspace: 5 },
        &[n4],
        p5,
        Flags::NONE,
    );
    let vol = MemFlags { volatile: true, align: Some(4), ..Default::default() };
    fb.inst(InstKind::Store(vol.clone()), &[x, al], Type::VOID, Flags::NONE);
    let acq = MemFlags {
        volatile: false,
        align: Some(4),
        ordering: Some(AtomicOrdering::Acquire),
        scope: SyncScope::Named("block".into()),
    };
    let ld = fb.val(InstKind::Load(acq), &[al], Type::I32, Flags::NONE);
    let rel =
        MemFlags { volatile: true, align: Some(4), ordering: Some(AtomicOrdering::Release), scope: SyncScope::System };
    fb.inst(InstKind::Store(rel), &[ld, al], Type::VOID, Flags::NONE);
    let ldv = fb.val(InstKind::Load(vol), &[p], Type::I32, Flags::NONE);
    let rmw = MemFlags {
        volatile: true,
        align: Some(4),
        ordering: Some(AtomicOrdering::Monotonic),
        scope: SyncScope::Named("device".into()),
    };
    let _r = fb.val(InstKind::AtomicRmw(AtomicRmwOp::Add, rmw), &[p, ldv], Type::I32, Flags::NONE);
    let cx =
        MemFlags { volatile: true, align: Some(4), ordering: Some(AtomicOrdering::AcqRel), scope: SyncScope::System };
    let cx = fb.val(
        InstKind::CmpXchg { mem: cx, failure: AtomicOrdering::Monotonic, weak: true },
        &[p, ldv, x],
        pair,
        Flags::NONE,
    );
    let ev = fb.val(InstKind::ExtractValue { indices: smallvec::smallvec![0] }, &[cx], Type::I32, Flags::NONE);
    let undef_pair = fb.m.consts.intern(ConstData::Undef(pair));
    let undef_pair = fb.c(undef_pair);
    let _iv = fb.val(InstKind::InsertValue { indices: smallvec::smallvec![0] }, &[undef_pair, ev], pair, Flags::NONE);
    let fence = MemFlags {
        ordering: Some(AtomicOrdering::SeqCst),
        scope: SyncScope::Named("block".into()),
        ..Default::default()
    };
    fb.inst(InstKind::Fence(fence), &[], Type::VOID, Flags::NONE);
    let zero32 = fb.int(Type::I32, 0);
    let ee = fb.val(InstKind::ExtractElement, &[vec, zero32], Type::I32, Flags::NONE);
    let ie = fb.val(InstKind::InsertElement, &[vec, ee, one], v4i32, Flags::NONE);
    let _sv = fb.val(InstKind::ShuffleVector { mask: vec![0, -1, 5, 2] }, &[ie, vec], v4i32, Flags::NONE);
    let _sz = fb.val(InstKind::ShuffleVector { mask: vec![0; 4] }, &[ie, vec], v4i32, Flags::NONE);
    let vf = fb.m.consts.intern(ConstData::Zero(v4f));
    let _vfz = fb.c(vf);
    let fr = fb.val(InstKind::Freeze, &[x], Type::I32, Flags::NONE);
    let n0 = fb.int(Type::I64, 0);
    let sh_v = fb.c(sh_ref);
    let _g = fb.val(InstKind::Gep { source_ty: sh_ty }, &[sh_v, n0, ze], p3, Flags::INBOUNDS.union(Flags::NUW));
    let _g2 = fb.val(InstKind::Gep { source_ty: Type::I8 }, &[p, n0], Type::PTR, Flags::NUSW);
    let fmt_v = fb.m.consts.intern(ConstData::Global(Type::PTR, GlobalRef::Var(fmt)));
    let fmt_v = fb.c(fmt_v);
    let pc = fb.call(printf, &[fmt_v, fr], |cd| cd.tail = TailKind::NoTail);
    let pcv = fb.result(pc);
    fb.func().dfg.set_value_name(pcv, Some("dup"));
    fb.call(sink, &[x, p], |cd| {
        cd.attrs.params = vec![AttrSet(vec![flag("noundef")]), AttrSet::new()];
        cd.attrs.func = AttrSet(vec![flag("nounwind")]);
    });
    fb.call(barrier, &[tok], |cd| {
        cd.bundles.push(Bundle { tag: "convergencectrl".into(), count: 1 });
        cd.attrs.func = AttrSet(vec![flag("convergent"), flag("nounwind")]);
    });
    fb.call(fastf, &[], |cd| cd.cc = CallConv::Fast);
    let asm_ty = fb.m.types.func(Type::I32, vec![Type::I32], false);
    let asm = fb.func().dfg.make_value(
        ValueDef::InlineAsm(Box::new(InlineAsm {
            asm: "mov.u32 $0, $1; // \"q\"\\".into(),
            constraints: "=r,r".into(),
            side_effect: true,
            align_stack: false,
            intel_dialect: false,
            can_throw: false,
        })),
        Type::PTR,
    );
    let cd =
        CallData { fn_ty: asm_ty, tail: TailKind::None, cc: CallConv::C, attrs: CallAttrs::default(), bundles: vec![] };
    let asm_r = fb.val(InstKind::Call(Box::new(cd)), &[asm, x], Type::I32, Flags::NONE);
    let mdv = |fb: &mut Fb<'_>, op: MdOperand| fb.func().dfg.make_value(ValueDef::Metadata(op), Type::METADATA);
    let c0 = fb.m.consts.int(Type::I32, 32, 0);
    let m0 = mdv(&mut fb, MdOperand::Value(c0));
    let m1 = mdv(&mut fb, MdOperand::Node(dbg.var));
    let m2 = mdv(&mut fb, MdOperand::Node(dbg.expr));
    let dv = fb.call(dbg_value, &[m0, m1, m2], |_| {});
    fb.func().dfg.set_inst_md(dv, dbg_kind, dbg.loc);
    let bsw = fb.block(None);
    let b1 = fb.block(Some("1"));
    let bret = fb.block(Some("ret"));
    let bun = fb.block(None);
    let br = fb.inst(InstKind::CondBr { then_dest: bsw, else_dest: bun }, &[cmp], Type::VOID, Flags::NONE);
    fb.func().dfg.set_inst_md(br, dbg_kind, dbg.loc);
    fb.b = bsw;
    let c1 = fb.m.consts.int(Type::I32, 32, 1);
    let cm = fb.m.consts.int(Type::I32, 32, -7);
    fb.inst(InstKind::Switch { default: bret, cases: vec![(c1, b1), (cm, bret)] }, &[asm_r], Type::VOID, Flags::NONE);
    fb.b = b1;
    fb.inst(InstKind::Br { dest: bret }, &[], Type::VOID, Flags::NONE);
    fb.b = bret;
    let ph = fb.inst(InstKind::Phi { blocks: Default::default() }, &[], Type::FLOAT, Flags::FAST);
    fb.func().dfg.phi_add_incoming(ph, sel, bsw);
    fb.func().dfg.phi_add_incoming(ph, fl, b1);
    fb.func().dfg.phi_add_incoming(ph, sel, bsw);
    fb.inst(InstKind::Ret, &[pcv], Type::VOID, Flags::NONE);
    fb.b = bun;
    fb.inst(InstKind::Unreachable, &[], Type::VOID, Flags::NONE);

    // musttail, an unnamed function, and a ptx_kernel.
    let mt_ty = m.types.func(Type::I32, vec![Type::I32], false);
    let mt = m.add_func(Function::new("mt", mt_ty, &[Type::I32]));
    let mut fb = Fb::new(&mut m, mt);
    let a0 = fb.param(0);
    let c = fb.call(mt, &[a0], |cd| cd.tail = TailKind::MustTail);
    let r = fb.result(c);
    fb.inst(InstKind::Ret, &[r], Type::VOID, Flags::NONE);
    let vty = m.types.func(Type::VOID, vec![], false);
    let un = m.add_func(Function::new("", vty, &[]));
    let mut fb = Fb::new(&mut m, un);
    fb.inst(InstKind::Ret, &[], Type::VOID, Flags::NONE);
    let kty = m.types.func(Type::VOID, vec![p1], false);
    let mut kf = Function::new("kern", kty, &[p1]);
    kf.cc = CallConv::PtxKernel;
    kf.linkage = Linkage::WeakOdr;
    kf.unnamed_addr = UnnamedAddr::Global;
    let k = m.add_func(kf);
    let mut fb = Fb::new(&mut m, k);
    let unc = fb.m.consts.intern(ConstData::Global(Type::PTR, GlobalRef::Func(un)));
    let unv = fb.c(unc);
    let cd =
        CallData { fn_ty: vty, tail: TailKind::None, cc: CallConv::C, attrs: CallAttrs::default(), bundles: vec![] };
    fb.inst(InstKind::Call(Box::new(cd)), &[unv], Type::VOID, Flags::NONE);
    fb.inst(InstKind::Ret, &[], Type::VOID, Flags::NONE);
    m
}

#[test]
fn every_instruction_kind_is_accepted_and_canonical() {
    let m = build_everything();
    let text = write_module(&m);
    for needle in [
        "$hid = comdat any\n",
        "@fmt = private unnamed_addr constant [4 x i8] c\"%d\\0A\\00\", align 1\n",
        "@sh = internal addrspace(3) global [256 x i32] undef, align 4\n",
        "@0 = private constant i32 5\n",
        "@\"quoted name\" = dso_local global i32 0, section \"data\", align 4, !dbg !10\n",
        "@tls = thread_local(initialexec) global i32 0\n",
        "@ext = external addrspace(1) externally_initialized global i32\n",
        "@hid = hidden unnamed_addr constant float 1.500000e+00, comdat, align 4 #0\n",
        "@ptrs = global [2 x ptr] [ptr @\"quoted name\", ptr addrspacecast (ptr addrspace(3) @sh to ptr)]\n",
        "declare i32 @printf(ptr, ...)\n",
        "declare void @sink(i32 noundef, ptr) #1\n",
        "define noundef i32 @all_insts(i32 %x, ptr nocapture noundef align 16 %p, float %0, <4 x i32> %\"7\") #3 !dbg !3 {\nentry:\n",
        "  %1 = call token @llvm.experimental.convergence.entry()\n",
        "  %\"a b\" = add nuw nsw i32 %x, 1\n",
        "  %dup = sdiv exact i32 %\"a b\", 1\n",
        "  %dup.1 = or disjoint i32 %dup, 1\n",
        "  %2 = fadd fast float %0, %0\n",
        "  %3 = fmul reassoc nnan ninf float %2, %0\n",
        "  %4 = fneg nsz float %3\n",
        "  %5 = fcmp fast olt float %4, %0\n",
        "  %6 = zext nneg i32 %dup.1 to i64\n",
        "  %7 = trunc nuw i64 %6 to i16\n",
        "  %8 = uitofp nneg i16 %7 to double\n",
        "  %12 = select nnan i1 %5, float %0, float %4\n",
        "  %13 = alloca i32, align 4\n",
        "  %14 = alloca float, i64 4, align 8, addrspace(5)\n",
        "  store volatile i32 %x, ptr %13, align 4\n",
        "  %15 = load atomic i32, ptr %13 syncscope(\"block\") acquire, align 4\n",
        "  store atomic volatile i32 %15, ptr %13 release, align 4\n",
        "  %16 = load volatile i32, ptr %p, align 4\n",
        "  %17 = atomicrmw volatile add ptr %p, i32 %16 syncscope(\"device\") monotonic, align 4\n",
        "  %18 = cmpxchg weak volatile ptr %p, i32 %16, i32 %x acq_rel monotonic, align 4\n",
        "  %19 = extractvalue { i32, i1 } %18, 0\n",
        "  %20 = insertvalue { i32, i1 } undef, i32 %19, 0\n",
        "  fence syncscope(\"block\") seq_cst\n",
        "  %21 = extractelement <4 x i32> %\"7\", i32 0\n",
        "  %22 = insertelement <4 x i32> %\"7\", i32 %21, i32 1\n",
        "  %23 = shufflevector <4 x i32> %22, <4 x i32> %\"7\", <4 x i32> <i32 0, i32 poison, i32 5, i32 2>\n",
        "  %24 = shufflevector <4 x i32> %22, <4 x i32> %\"7\", <4 x i32> zeroinitializer\n",
        "  %25 = freeze i32 %x\n",
        "  %26 = getelementptr inbounds nuw [256 x i32], ptr addrspace(3) @sh, i64 0, i64 %6\n",
        "  %27 = getelementptr nusw i8, ptr %p, i64 0\n",
        "  %dup.2 = notail call i32 (ptr, ...) @printf(ptr @fmt, i32 %25)\n",
        "  call void @sink(i32 noundef %x, ptr %p) #1\n",
        "  call void @llvm.nvvm.barrier0() #2 [ \"convergencectrl\"(token %1) ]\n",
        "  call fastcc void @fastf()\n",
        "  %28 = call i32 asm sideeffect \"mov.u32 $0, $1; // \\22q\\22\\\\\", \"=r,r\"(i32 %x)\n",
        "  call void @llvm.dbg.value(metadata i32 0, metadata !6, metadata !DIExpression(DW_OP_plus_uconst, 8)), !dbg !8\n",
        "  br i1 %5, label %29, label %31, !dbg !8\n",
        "\n29:\n  switch i32 %28, label %ret [\n    i32 1, label %\"1\"\n    i32 -7, label %ret\n  ]\n",
        "\n\"1\":\n  br label %ret\n",
        "  %30 = phi fast float [ %12, %29 ], [ %0, %\"1\" ], [ %12, %29 ]\n  ret i32 %dup.2\n",
        "\n31:\n  unreachable\n}\n",
        "define i32 @mt(i32 %0) {\n  %2 = musttail call i32 @mt(i32 %0)\n  ret i32 %2\n}\n",
        "define void @1() {\n  ret void\n}\n",
        "define weak_odr ptx_kernel void @kern(ptr addrspace(1) %0) unnamed_addr {\n  call void @1()\n  ret void\n}\n",
        "attributes #0 = { \"bss-section\"=\"x\" }\nattributes #1 = { nounwind }\nattributes #2 = { convergent nounwind }\n",
        "attributes #3 = { convergent nounwind alignstack=16 }\n",
        "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2}\n",
        "!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: \"simtc \\22test\\22\", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !9)\n",
        "!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())\n",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{}", numbered(&text));
    }
    assert!(!text.contains("!12 ="), "inline DIExpression nodes take no number:\n{text}");
    assert_llvm_as(&text);
    assert_llvm_reprints_same(&text);
}
