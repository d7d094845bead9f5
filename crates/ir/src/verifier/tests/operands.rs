//! Tests of operand and typing checks.

use super::*;

// ----- operands -----

#[test]
fn placeholder_operand_is_reported() {
    let mut m = Module::new();
    void_fn(&mut m, &[], |m, f, e| {
        let p = m.funcs[f].dfg.make_value(ValueDef::Placeholder, Type::I32);
        bld(m, f, e).binary(BinaryOp::Add, p, p);
    });
    expect_err_at(&m, "unresolved placeholder", "f", "entry");
}

#[test]
fn foreign_and_detached_operands_are_reported() {
    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32], |m, f, e| {
        // An argument value that is not a parameter of this function.
        let stray = m.funcs[f].dfg.make_value(ValueDef::Arg(3), Type::I32);
        bld(m, f, e).binary(BinaryOp::Add, stray, stray);
    });
    expect_err(&m, "is an argument value that is not a parameter of this function");

    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32], |m, f, e| {
        let a = param(m, f, 0);
        // The result of an instruction never inserted in the layout.
        let i =
            m.funcs[f].dfg.make_inst(InstData::new(InstKind::Binary(BinaryOp::Add), &[a, a], Type::I32), Type::VOID);
        let r = m.funcs[f].dfg.result(i).unwrap();
        bld(m, f, e).binary(BinaryOp::Add, r, a);
    });
    expect_err(&m, "is defined by an instruction that is not in the function");
}

#[test]
fn metadata_and_inline_asm_operands_are_restricted() {
    let mut m = Module::new();
    void_fn(&mut m, &[], |m, f, e| {
        let md = m.funcs[f].dfg.make_value(ValueDef::Metadata(MdOperand::Null), Type::METADATA);
        raw(m, f, e, InstKind::Freeze, &[md], Type::METADATA);
    });
    expect_err(&m, "metadata may only be used as a call argument");

    let mut m = Module::new();
    void_fn(&mut m, &[], |m, f, e| {
        let asm = crate::value::InlineAsm {
            asm: "trap;".into(),
            constraints: String::new(),
            side_effect: true,
            align_stack: false,
            intel_dialect: false,
            can_throw: false,
        };
        let v = m.funcs[f].dfg.make_value(ValueDef::InlineAsm(Box::new(asm)), Type::PTR);
        let fn_ty = m.types.func(Type::VOID, vec![Type::METADATA], false);
        let md = m.funcs[f].dfg.make_value(ValueDef::Metadata(MdOperand::String(b"x".to_vec())), Type::METADATA);
        bld(m, f, e).call(fn_ty, v, &[md]); // fine: asm callee, metadata argument
        let decl = add_fn(m, "g", Type::VOID, &[Type::PTR]);
        let callee = func_addr(m, f, decl);
        let ty = m.funcs[decl].ty;
        bld(m, f, e).call(ty, callee, &[v]); // asm as an argument: invalid
    });
    let es = verify_module(&m).unwrap_err();
    assert_eq!(es.len(), 1, "{}", dump(&es));
    assert!(es[0].message.contains("inline asm may only be used as the callee"));
}

#[test]
fn result_value_consistency_is_checked() {
    let mut m = Module::new();
    void_fn(&mut m, &[Type::PTR, Type::I32], |m, f, e| {
        let (p, a) = (param(m, f, 0), param(m, f, 1));
        raw(m, f, e, InstKind::Store(MemFlags::default()), &[a, p], Type::I32);
    });
    expect_err(&m, "store must not produce a value");
    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32], |m, f, e| {
        let a = param(m, f, 0);
        raw(m, f, e, InstKind::Binary(BinaryOp::Add), &[a, a], Type::VOID);
    });
    expect_err(&m, "add must produce a value");
    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32], |m, f, e| {
        let a = param(m, f, 0);
        raw(m, f, e, InstKind::Binary(BinaryOp::Add), &[a], Type::I32);
    });
    expect_err(&m, "add expects 2 operands, got 1");
}

// ----- typing -----

#[test]
fn binary_operator_types_are_checked() {
    let cases: &[(BinaryOp, Type, Type, Type, &str)] = &[
        (BinaryOp::Add, Type::I32, Type::I64, Type::I32, "operand types do not match (i32 vs i64)"),
        (BinaryOp::Add, Type::I32, Type::I32, Type::I64, "result type i64 does not match the operand type i32"),
        (BinaryOp::FAdd, Type::I32, Type::I32, Type::I32, "floating-point operator fadd requires floating-point"),
        (BinaryOp::Xor, Type::FLOAT, Type::FLOAT, Type::FLOAT, "integer operator xor requires integer operands"),
    ];
    for &(op, x, y, r, needle) in cases {
        let mut m = Module::new();
        void_fn(&mut m, &[x, y], |m, f, e| {
            let (a, b) = (param(m, f, 0), param(m, f, 1));
            raw(m, f, e, InstKind::Binary(op), &[a, b], r);
        });
        let err = expect_err_at(&m, needle, "f", "entry");
        assert!(err.inst.as_deref().unwrap().contains(op.name()), "{err}");
    }
}

#[test]
fn compare_types_are_checked() {
    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32], |m, f, e| {
        let a = param(m, f, 0);
        raw(m, f, e, InstKind::ICmp(IntPredicate::Eq), &[a, a], Type::I32);
    });
    expect_err(&m, "icmp result must be i1");
    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32], |m, f, e| {
        let a = param(m, f, 0);
        bld(m, f, e).fcmp(FloatPredicate::Oeq, a, a);
    });
    expect_err(&m, "fcmp requires floating-point operands, got i32");
    let mut m = Module::new();
    void_fn(&mut m, &[Type::FLOAT], |m, f, e| {
        let a = param(m, f, 0);
        bld(m, f, e).icmp(IntPredicate::Eq, a, a);
    });
    expect_err(&m, "icmp requires integer or pointer operands");
    let mut m = Module::new();
    let v4 = m.types.vector(Type::I32, 4);
    void_fn(&mut m, &[v4], |m, f, e| {
        let a = param(m, f, 0);
        raw(m, f, e, InstKind::ICmp(IntPredicate::Eq), &[a, a], Type::I1);
    });
    expect_err(&m, "icmp result must be i1 (or a vector of i1 as long as the operands), got i1");
}

#[test]
fn cast_rules_are_checked() {
    let mut ts = TypeStore::new();
    let p1 = ts.ptr(1);
    let v2i32 = ts.vector(Type::I32, 2);
    let v4i32 = ts.vector(Type::I32, 4);
    let v2i64 = ts.vector(Type::I64, 2);
    let agg = ts.array(Type::I32, 2);
    let cases: &[(CastOp, Type, Type, bool)] = &[
        (CastOp::Trunc, Type::I64, Type::I32, true),
        (CastOp::Trunc, Type::I32, Type::I64, false),
        (CastOp::Trunc, Type::I32, Type::I32, false),
        (CastOp::ZExt, Type::I8, Type::I32, true),
        (CastOp::ZExt, Type::I32, Type::I8, false),
        (CastOp::SExt, Type::FLOAT, Type::DOUBLE, false),
        (CastOp::SExt, v2i32, v2i64, true),
        (CastOp::SExt, v2i32, Type::I64, false),
        (CastOp::FPTrunc, Type::DOUBLE, Type::FLOAT, true),
        (CastOp::FPTrunc, Type::FLOAT, Type::DOUBLE, false),
        (CastOp::FPTrunc, Type::HALF, Type::BFLOAT, false),
        (CastOp::FPExt, Type::HALF, Type::FLOAT, true),
        (CastOp::FPToUI, Type::FLOAT, Type::I32, true),
        (CastOp::FPToSI, Type::I32, Type::I32, false),
        (CastOp::SIToFP, Type::I32, Type::DOUBLE, true),
        (CastOp::UIToFP, Type::FLOAT, Type::DOUBLE, false),
        (CastOp::PtrToInt, Type::PTR, Type::I64, true),
        (CastOp::PtrToInt, Type::I64, Type::I64, false),
        (CastOp::IntToPtr, Type::I64, p1, true),
        (CastOp::IntToPtr, Type::PTR, p1, false),
        (CastOp::BitCast, Type::I32, Type::FLOAT, true),
        (CastOp::BitCast, v2i32, Type::I64, true),
        (CastOp::BitCast, v4i32, Type::I64, false),
        (CastOp::BitCast, Type::I64, Type::PTR, false),
        (CastOp::BitCast, Type::PTR, Type::PTR, true),
        (CastOp::BitCast, Type::PTR, p1, false),
        (CastOp::BitCast, agg, Type::I64, false),
        (CastOp::AddrSpaceCast, p1, Type::PTR, true),
        (CastOp::AddrSpaceCast, Type::PTR, Type::PTR, false),
        (CastOp::AddrSpaceCast, Type::I64, Type::PTR, false),
    ];
    for &(op, src, dst, ok) in cases {
        let mut m = Module::new();
        m.types = ts.clone();
        void_fn(&mut m, &[src], |m, f, e| {
            let a = param(m, f, 0);
            bld(m, f, e).cast(op, a, dst);
        });
        let r = verify_module(&m);
        let desc = format!("{op} {} to {}", type_name(&m.types, src), type_name(&m.types, dst));
        match (ok, r) {
            (true, Err(es)) => panic!("{desc} should be valid:\n{}", dump(&es)),
            (false, Ok(())) => panic!("{desc} should be invalid"),
            (false, Err(es)) => {
                assert_eq!(es.len(), 1, "{desc}: {}", dump(&es));
                assert_eq!(es[0].block.as_deref(), Some("entry"));
                assert!(es[0].inst.as_deref().unwrap().contains(op.name()), "{}", es[0]);
            }
            (true, Ok(())) => {}
        }
    }
}

#[test]
fn select_types_are_checked() {
    let mut m = Module::new();
    let v4 = m.types.vector(Type::I32, 4);
    let v4b = m.types.vector(Type::I1, 4);
    void_fn(&mut m, &[Type::I32, v4, v4b, Type::I1], |m, f, e| {
        let (a, v, vb, c) = (param(m, f, 0), param(m, f, 1), param(m, f, 2), param(m, f, 3));
        bld(m, f, e).select(vb, v, v); // vector condition
        bld(m, f, e).select(c, v, v); // scalar condition, vector arms
        bld(m, f, e).select(c, a, a);
    });
    assert_ok(&m);
    let mut m = Module::new();
    void_fn(&mut m, &[Type::I32, Type::I64], |m, f, e| {
        let (a, b) = (param(m, f, 0), param(m, f, 1));
        bld(m, f, e).select(a, a, a);
        bld(m, f, e).select(a, a, b);
    });
    expect_err(&m, "select condition must be i1");
    expect_err(&m, "select operand types do not match (i32 vs i64)");
    let mut m = Module::new();
    let v4 = m.types.vector(Type::I32, 4);
    let v2b = m.types.vector(Type::I1, 2);
    void_fn(&mut m, &[v4, v2b], |m, f, e| {
        let (v, c) = (param(m, f, 0), param(m, f, 1));
        bld(m, f, e).select(c, v, v);
    });
    expect_err(&m, "select condition must be i1 or a vector of i1 as long as the operands, got <2 x i1>");
}

#[test]
fn memory_access_types_are_checked() {
    let mut m = Module::new();
    let opaque = m.types.named_struct("opaque");
    void_fn(&mut m, &[Type::I64, Type::PTR], |m, f, e| {
        let (n, p) = (param(m, f, 0), param(m, f, 1));
        bld(m, f, e).load(Type::I32, n, None);
        bld(m, f, e).store(n, n, None);
        bld(m, f, e).load(opaque, p, None);
        bld(m, f, e).load(Type::I32, p, Some(3));
        let acq = MemFlags { ordering: Some(AtomicOrdering::Acquire), align: Some(8), ..Default::default() };
        raw(m, f, e, InstKind::Store(acq), &[n, p], Type::VOID);
    });
    expect_err(&m, "load pointer operand must be a pointer, got i64");
    expect_err(&m, "store pointer operand must be a pointer, got i64");
    expect_err(&m, "load result must be a sized first-class type, got %opaque");
    expect_err(&m, "alignment 3 is not a power of two");
    expect_err(&m, "store cannot have acquire ordering");
}

#[test]
fn gep_rules_are_checked() {
    let mut m = Module::new();
    let st = m.types.struct_(vec![Type::I32, Type::FLOAT], false);
    let p3 = m.types.ptr(3);
    let vp = m.types.vector(Type::PTR, 2);
    let vi = m.types.vector(Type::I64, 2);
    void_fn(&mut m, &[Type::PTR, Type::I32, vi], |m, f, e| {
        let (p, n, v) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
        let zero = iconst(m, f, Type::I32, 0);
        let two = iconst(m, f, Type::I32, 2);
        bld(m, f, e).gep(st, p, &[zero, n], Flags::NONE); // struct index not constant
        bld(m, f, e).gep(st, p, &[zero, two], Flags::NONE); // out of range
        let fl = bld(m, f, e).cast(CastOp::SIToFP, n, Type::FLOAT);
        bld(m, f, e).gep(Type::I32, p, &[fl], Flags::NONE); // non-integer index
        bld(m, f, e).gep(Type::I32, p, &[zero, zero], Flags::NONE); // steps into i32
        raw(m, f, e, InstKind::Gep { source_ty: Type::I32 }, &[p, n], p3); // wrong address space
        raw(m, f, e, InstKind::Gep { source_ty: Type::I32 }, &[p, v], vp); // vector index: vector result
        raw(m, f, e, InstKind::Gep { source_ty: Type::I32 }, &[p, v], Type::PTR);
        // ... required
    });
    expect_err(&m, "getelementptr struct index 1 must be a constant integer");
    expect_err(&m, "getelementptr struct index 2 is out of range for { i32, float }");
    expect_err(&m, "getelementptr index 0 must be an integer, got float");
    expect_err(&m, "getelementptr index 1 steps into non-aggregate type i32");
    expect_err(&m, "getelementptr result type must be ptr addrspace(0), got ptr addrspace(3)");
    let es = verify_module(&m).unwrap_err();
    assert_eq!(es.len(), 6, "{}", dump(&es));
    expect_err(&m, "getelementptr result type must be a vector of 2 ptr addrspace(0), got ptr");
}

#[test]
fn call_rules_are_checked() {
    let mut m = Module::new();
    let callee = add_fn(&mut m, "callee", Type::I32, &[Type::I32, Type::FLOAT]);
    let printf_ty = m.types.func(Type::I32, vec![Type::PTR], true);
    let printf = m.add_func(Function::new("printf", printf_ty, &[Type::PTR]));
    let cty = m.funcs[callee].ty;
    void_fn(&mut m, &[Type::I32, Type::FLOAT, Type::PTR], |m, f, e| {
        let (i, x, p) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
        let c = func_addr(m, f, callee);
        let pf = func_addr(m, f, printf);
        bld(m, f, e).call(cty, c, &[i, x]); // ok
        bld(m, f, e).call(printf_ty, pf, &[p, i, x]); // ok: varargs
        bld(m, f, e).call(cty, c, &[i]); // too few
        bld(m, f, e).call(cty, c, &[x, i]); // wrong types
        bld(m, f, e).call(printf_ty, pf, &[]); // too few for varargs
        bld(m, f, e).call(cty, i, &[i, x]); // callee not a pointer
        let cd = CallData {
            fn_ty: cty,
            tail: TailKind::None,
            cc: CallConv::C,
            attrs: CallAttrs::default(),
            bundles: Vec::new(),
        };
        raw(m, f, e, InstKind::Call(Box::new(cd)), &[c, i, x], Type::I64); // wrong result type
    });
    expect_err(&m, "call has 1 arguments but the function type i32 (i32, float) expects 2");
    expect_err(&m, "call argument 0 has type float but the function type expects i32");
    expect_err(&m, "call has 0 arguments but the function type i32 (ptr, ...) expects at least 1");
    expect_err(&m, "callee must be a pointer, got i32");
    expect_err(&m, "call result type i64 does not match the function type's return type i32");
    let es = verify_module(&m).unwrap_err();
    assert_eq!(es.len(), 6, "{}", dump(&es));
}

#[test]
fn ret_types_are_checked() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::I32, &[Type::I64]);
    let e = blk(&mut m, f, "entry");
    let a = param(&m, f, 0);
    bld(&mut m, f, e).ret(Some(a));
    expect_err(&m, "ret value has type i64 but the function returns i32");
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::I32, &[]);
    let e = blk(&mut m, f, "entry");
    bld(&mut m, f, e).ret(None);
    expect_err(&m, "ret without a value in a function returning i32");
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
    let e = blk(&mut m, f, "entry");
    let a = param(&m, f, 0);
    bld(&mut m, f, e).ret(Some(a));
    expect_err(&m, "ret with a value in a function returning void");
}

#[test]
fn branch_and_switch_rules_are_checked() {
    let mut m = Module::new();
    let f = add_fn(&mut m, "f", Type::VOID, &[Type::I32]);
    let a = param(&m, f, 0);
    let e = blk(&mut m, f, "entry");
    let b = blk(&mut m, f, "b");
    let c = blk(&mut m, f, "c");
    bld(&mut m, f, e).cond_br(a, b, c);
    let k1 = m.consts.int(Type::I32, 32, 1);
    let k64 = m.consts.int(Type::I64, 64, 2);
    let sw = InstKind::Switch { default: c, cases: vec![(k1, c), (k1, c), (k64, c)] };
    raw(&mut m, f, b, sw, &[a], Type::VOID);
    bld(&mut m, f, c).ret(None);
    expect_err_at(&m, "branch condition must be i1, got i32", "f", "entry");
    let e1 = expect_err_at(&m, "duplicate switch case value 1", "f", "b");
    assert_eq!(e1.inst.as_deref(), Some("switch %v0, label %c [1, label %c; 1, label %c; 2, label %c]"));
    expect_err(&m, "switch case 2 has type i64 but the condition has type i32");
}

#[test]
fn vector_and_aggregate_ops_are_checked() {
    let mut m = Module::new();
    let st = m.types.struct_(vec![Type::I32, Type::FLOAT], false);
    let v4 = m.types.vector(Type::FLOAT, 4);
    void_fn(&mut m, &[st, v4, Type::FLOAT], |m, f, e| {
        let (s, v, x) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
        raw(m, f, e, InstKind::ExtractValue { indices: smallvec![2] }, &[s], Type::I32);
        raw(m, f, e, InstKind::ExtractValue { indices: smallvec![0] }, &[s], Type::FLOAT);
        raw(m, f, e, InstKind::ExtractValue { indices: smallvec![0, 0] }, &[s], Type::I32);
        raw(m, f, e, InstKind::InsertValue { indices: smallvec![0] }, &[s, x], st);
        raw(m, f, e, InstKind::ExtractElement, &[x, x], Type::FLOAT);
        raw(m, f, e, InstKind::ShuffleVector { mask: vec![0, 1] }, &[v, v], v4);
        raw(m, f, e, InstKind::ShuffleVector { mask: vec![0, 1, 2, 9] }, &[v, v], v4);
    });
    expect_err(&m, "invalid extractvalue index path: index 2 is out of range for { i32, float }");
    expect_err(&m, "result type float should be i32");
    expect_err(&m, "invalid extractvalue index path: index 0 steps into non-aggregate type i32");
    expect_err(&m, "insertvalue inserts a value of type float where the aggregate has i32");
    expect_err(&m, "extractelement requires a vector operand, got float");
    expect_err(&m, "extractelement index must be an integer, got float");
    expect_err(&m, "shufflevector result must be a vector of 2 (the mask length) float elements");
    expect_err(&m, "shufflevector mask element 9 is out of range");
}

#[test]
fn alloca_and_atomic_rules_are_checked() {
    let mut m = Module::new();
    let bad_pair = m.types.struct_(vec![Type::I32, Type::I32], false);
    let opaque = m.types.named_struct("opaque");
    void_fn(&mut m, &[Type::PTR, Type::I32, Type::FLOAT], |m, f, e| {
        let (p, i, x) = (param(m, f, 0), param(m, f, 1), param(m, f, 2));
        let al = |elem_ty| InstKind::Alloca { elem_ty, explicit_count: false, align: None, addrspace: 5 };
        raw(m, f, e, al(Type::I32), &[], Type::PTR);
        let p5 = m.types.ptr(5);
        raw(m, f, e, al(opaque), &[], p5);
        let mono = MemFlags { ordering: Some(AtomicOrdering::Monotonic), ..Default::default() };
        raw(m, f, e, InstKind::AtomicRmw(AtomicRmwOp::Add, mono.clone()), &[p, x], Type::FLOAT);
        raw(m, f, e, InstKind::AtomicRmw(AtomicRmwOp::FAdd, MemFlags::default()), &[p, x], Type::FLOAT);
        let cx = InstKind::CmpXchg { mem: mono, failure: AtomicOrdering::Release, weak: false };
        raw(m, f, e, cx, &[p, i, i], bad_pair);
        raw(m, f, e, InstKind::Fence(MemFlags::default()), &[], Type::VOID);
    });
    expect_err(&m, "alloca result must be a pointer in address space 5, got ptr");
    expect_err(&m, "alloca of unsized type %opaque");
    expect_err(&m, "atomicrmw add operand has invalid type float");
    expect_err(&m, "atomicrmw must have at least monotonic ordering");
    expect_err(&m, "cmpxchg result type must be { i32, i1 }, got { i32, i32 }");
    expect_err(&m, "cmpxchg failure ordering cannot be release");
    expect_err(&m, "fence ordering must be acquire, release, acq_rel or seq_cst");
}
