use super::*;
use simtc_ir::{FuncId, Module};

const DECLS: &str = r#"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.idx.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.activemask()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.smax.i32(i32, i32)
declare float @llvm.fma.f32(float, float, float)
declare i32 @ext(i32)
"#;

fn analyze(body: &str) -> (Module, FuncId, UniformityInfo) {
    let src = format!("target triple = \"nvptx64-nvidia-cuda\"\n{body}\n{DECLS}");
    let m = simtc_llvm_reader::parse_module(&src).unwrap_or_else(|e| panic!("parse: {e:?}\n{src}"));
    let f = m.func_ids().find(|&f| !m.funcs[f].is_declaration()).expect("a definition");
    let u = UniformityInfo::compute(&m, f);
    (m, f, u)
}

fn val(m: &Module, f: FuncId, name: &str) -> Value {
    let func = &m.funcs[f];
    func.dfg
        .values()
        .map(|(v, _)| v)
        .find(|&v| func.dfg.value_name(v) == Some(name))
        .unwrap_or_else(|| panic!("no value %{name}"))
}

fn blk(m: &Module, f: FuncId, name: &str) -> Block {
    let func = &m.funcs[f];
    func.layout.blocks().find(|&b| func.dfg.block_name(b) == Some(name)).unwrap_or_else(|| panic!("no block %{name}"))
}

/// Asserts the divergence of named values: `div` divergent, `uni` uniform.
fn check(m: &Module, f: FuncId, u: &UniformityInfo, div: &[&str], uni: &[&str]) {
    for n in div {
        assert!(u.is_divergent(val(m, f, n)), "%{n} should be divergent\n{}", u.to_text(m));
    }
    for n in uni {
        assert!(u.is_uniform(val(m, f, n)), "%{n} should be uniform\n{}", u.to_text(m));
    }
}

#[test]
fn tid_branch_makes_join_phi_divergent() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, 16
  %un = add i32 %n, 1
  br i1 %c, label %then, label %else
then:
  %a = add i32 %n, 2
  br label %join
else:
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ %un, %else ]
  %same = phi i32 [ %n, %then ], [ %n, %else ]
  %q = add i32 %same, 1
  store i32 %p, ptr addrspace(1) %out
  ret void
}"#,
    );
    check(&m, f, &u, &["tid", "c", "p"], &["n", "un", "a", "same", "q"]);
    let entry = blk(&m, f, "entry");
    assert!(u.is_divergent_branch(entry));
    assert_eq!(u.divergent_branches(), &[entry]);
    assert_eq!(u.reason(val(&m, f, "p")), Some(Reason::SyncJoin { branch: entry, join: blk(&m, f, "join") }));
    let blocks = u.divergent_blocks();
    assert!(blocks.contains(&blk(&m, f, "then")) && blocks.contains(&blk(&m, f, "else")));
    assert!(!blocks.contains(&blk(&m, f, "join")) && !blocks.contains(&entry));
}

#[test]
fn ctaid_branch_is_uniform() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %base = mul i32 %bid, %bdim
  %c = icmp slt i32 %base, %n
  br i1 %c, label %then, label %join
then:
  %a = add i32 %base, %ws
  br label %join
join:
  %p = phi i32 [ %a, %then ], [ 0, %entry ]
  store i32 %p, ptr addrspace(1) %out
  ret void
}"#,
    );
    check(&m, f, &u, &[], &["bid", "bdim", "ws", "base", "c", "a", "p"]);
    assert!(u.divergent_branches().is_empty());
    assert!(u.divergent_blocks().is_empty());
    assert_eq!(u.to_text(&m), "UniformityInfo for function 'k':\nALL VALUES UNIFORM\n");
}

#[test]
fn loop_with_divergent_exit_has_temporal_divergence() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %i1 = add i32 %i, 1
  br label %latch
latch:
  %c = icmp ult i32 %i1, %tid
  br i1 %c, label %loop, label %exit
exit:
  %lcssa = phi i32 [ %i1, %latch ]
  %after = add i32 %i, 7
  store i32 %after, ptr addrspace(1) %out
  ret void
}"#,
    );
    // Inside the loop the counter is uniform: all lanes still iterating are in the same iteration.
    check(&m, f, &u, &["c", "lcssa", "after"], &["i", "i1"]);
    let (latch, header) = (blk(&m, f, "latch"), blk(&m, f, "loop"));
    assert!(u.is_divergent_branch(latch));
    assert_eq!(u.cycles_with_divergent_exit().len(), 1);
    assert_eq!(u.cycles_with_divergent_exit()[0].header, header);
    let i = val(&m, f, "i");
    let after_inst = m.funcs[f].dfg.value_inst(val(&m, f, "after")).unwrap();
    assert!(u.is_divergent_use(i, after_inst));
    assert_eq!(u.reason(val(&m, f, "after")), Some(Reason::Temporal { def: i, header, branch: latch }));
    assert!(u.temporal_divergence().iter().any(|t| t.def == i && t.user == after_inst));
    assert!(u.is_divergent_block(header) && u.is_divergent_block(latch));
    assert!(!u.is_divergent_block(blk(&m, f, "exit")));
    assert!(u.to_text(&m).contains("CYCLES WITH DIVERGENT EXIT:\n  depth=1: entries(loop) latch\n"));
}

#[test]
fn loop_with_uniform_trip_count_is_uniform() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %acc1 = add i32 %acc, %tid
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = add i32 %i1, 1
  store i32 %acc1, ptr addrspace(1) %out
  ret void
}"#,
    );
    check(&m, f, &u, &["acc", "acc1"], &["i", "i1", "c", "r"]);
    assert!(u.divergent_branches().is_empty());
    assert!(u.cycles_with_divergent_exit().is_empty());
    assert!(u.temporal_divergence().is_empty());
}

#[test]
fn nested_loops_divergent_inner_exit() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %outer
outer:
  %j = phi i32 [ 0, %entry ], [ %j1, %outer.latch ]
  br label %inner
inner:
  %k = phi i32 [ 0, %outer ], [ %k1, %inner ]
  %k1 = add i32 %k, %j
  %ci = icmp slt i32 %k1, %tid
  br i1 %ci, label %inner, label %outer.latch
outer.latch:
  %kk = add i32 %k1, 0
  %j1 = add i32 %j, 1
  %co = icmp slt i32 %j1, %n
  br i1 %co, label %outer, label %exit
exit:
  %jj = add i32 %j1, 0
  store i32 %kk, ptr addrspace(1) %out
  ret void
}"#,
    );
    // k is uniform inside the inner loop, temporally divergent after it; the outer loop is uniform.
    check(&m, f, &u, &["ci", "kk"], &["j", "j1", "co", "k", "k1", "jj"]);
    assert_eq!(u.divergent_branches(), &[blk(&m, f, "inner")]);
    let cyc = u.cycles_with_divergent_exit();
    assert_eq!(cyc.len(), 1);
    assert_eq!((cyc[0].header, cyc[0].depth), (blk(&m, f, "inner"), 2));
}

#[test]
fn irreducible_cycle_entered_divergently_is_assumed_divergent() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, 8
  %u = icmp slt i32 %n, 3
  br i1 %c, label %a, label %b
a:
  %pa = phi i32 [ 0, %entry ], [ %xb, %b ]
  %xa = add i32 %pa, 1
  br i1 %u, label %b, label %exit
b:
  %pb = phi i32 [ 5, %entry ], [ %xa, %a ]
  %xb = add i32 %pb, %n
  %inv = add i32 %n, 1
  br label %a
exit:
  store i32 %xa, ptr addrspace(1) %out
  ret void
}"#,
    );
    check(&m, f, &u, &["pa", "pb", "xa", "xb", "inv"], &["n", "u"]);
    assert_eq!(u.assumed_divergent_cycles().len(), 1);
    let text = u.to_text(&m);
    assert!(text.contains("CYCLES ASSSUMED DIVERGENT:\n  depth=1: entries(b a)\n"), "{text}");
    assert!(matches!(u.reason(val(&m, f, "inv")), Some(Reason::IrreducibleCycle { .. })));
}

#[test]
fn irreducible_cycle_entered_uniformly_stays_uniform() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %n, 8
  %u = icmp slt i32 %n, 3
  br i1 %c, label %a, label %b
a:
  %pa = phi i32 [ 0, %entry ], [ %xb, %b ]
  %xa = add i32 %pa, 1
  br i1 %u, label %b, label %exit
b:
  %pb = phi i32 [ 5, %entry ], [ %xa, %a ]
  %xb = add i32 %pb, %n
  br label %a
exit:
  store i32 %xa, ptr addrspace(1) %out
  ret void
}"#,
    );
    check(&m, f, &u, &["tid"], &["pa", "pb", "xa", "xb"]);
    assert!(u.assumed_divergent_cycles().is_empty());
}

#[test]
fn switch_on_tid_is_divergent() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sel = and i32 %tid, 3
  switch i32 %sel, label %d [
    i32 0, label %c0
    i32 1, label %c1
  ]
c0:
  br label %join
c1:
  br label %join
d:
  br label %join
join:
  %p = phi i32 [ 1, %c0 ], [ 2, %c1 ], [ %n, %d ]
  store i32 %p, ptr addrspace(1) %out
  ret void
}"#,
    );
    check(&m, f, &u, &["sel", "p"], &["n"]);
    let entry = blk(&m, f, "entry");
    assert!(u.is_divergent_branch(entry));
    let text = u.to_text(&m);
    assert!(text.contains("TERMINATORS\n  DIVERGENT:   switch i32 %sel, label %d [\n    i32 0, label %c0\n"), "{text}");
}

#[test]
fn kernel_arguments_uniform_device_arguments_divergent() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr %p) {
  %x = add i32 %n, 1
  store i32 %x, ptr %p
  ret void
}"#,
    );
    check(&m, f, &u, &[], &["n", "p", "x"]);
    let (m, f, u) = analyze(
        r#"
define i32 @dev(i32 %n, i32 %m) {
  %x = add i32 %n, 1
  ret i32 %x
}"#,
    );
    check(&m, f, &u, &["n", "m", "x"], &[]);
    assert_eq!(u.reason(val(&m, f, "n")), Some(Reason::Source(Source::DeviceArgument)));
    let text = u.to_text(&m);
    assert!(text.starts_with(
        "UniformityInfo for function 'dev':\nDIVERGENT ARGUMENTS:\n  DIVERGENT: i32 %n\n  DIVERGENT: i32 %m\n"
    ));
    // LLVM prints `ret` of a divergent value as a divergent terminator.
    assert!(text.contains("TERMINATORS\n  DIVERGENT:   ret i32 %x\n"), "{text}");
}

#[test]
fn nvvm_annotation_kernels_are_kernels() {
    let (m, f, u) = analyze(
        r#"
define void @k(i32 %n) {
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}"#,
    );
    check(&m, f, &u, &[], &["n"]);
}

#[test]
fn atomics_are_divergent() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(ptr addrspace(1) %g, i32 %v) {
  %old = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic
  %pair = cmpxchg ptr addrspace(1) %g, i32 0, i32 %v seq_cst seq_cst
  %won = extractvalue { i32, i1 } %pair, 1
  %al = load atomic i32, ptr addrspace(1) %g acquire, align 4
  %plain = load i32, ptr addrspace(1) %g, align 4
  %vol = load volatile i32, ptr addrspace(1) %g, align 4
  ret void
}"#,
    );
    check(&m, f, &u, &["old", "pair", "won", "al"], &["plain", "vol"]);
    assert_eq!(u.reason(val(&m, f, "old")), Some(Reason::Source(Source::Atomic)));
}

#[test]
fn shuffles_are_divergent_except_full_warp_broadcast() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %down = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %n, i32 1, i32 31)
  %bcast = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %tid, i32 0, i32 31)
  %bcastp = call { i32, i1 } @llvm.nvvm.shfl.sync.idx.i32p(i32 -1, i32 %tid, i32 %n, i32 31)
  %bv = extractvalue { i32, i1 } %bcastp, 0
  %bylane = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %n, i32 %tid, i32 31)
  %segment = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %tid, i32 0, i32 6175)
  %clamped = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %tid, i32 0, i32 15)
  ret void
}"#,
    );
    check(&m, f, &u, &["down", "bylane", "segment", "clamped"], &["bcast", "bcastp", "bv"]);
    assert_eq!(u.reason(val(&m, f, "down")), Some(Reason::Source(Source::Shuffle)));
}

#[test]
fn votes_and_reductions_are_uniform() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %p = icmp eq i32 %lane, 0
  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %p)
  %sum = call i32 @llvm.nvvm.redux.sync.add(i32 %tid, i32 -1)
  %cnt = call i32 @llvm.nvvm.barrier0.popc(i32 %tid)
  %match = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %n)
  %mask = call i32 @llvm.nvvm.activemask()
  %clk = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %pop = add i32 %ballot, 1
  ret void
}"#,
    );
    check(&m, f, &u, &["lane", "p", "match", "mask", "clk"], &["ballot", "any", "sum", "cnt", "pop"]);
}

#[test]
fn loads_from_uniform_addresses_in_shared_by_warp_memory_are_uniform() {
    let (m, f, u) = analyze(
        r#"
@sh = internal addrspace(3) global [32 x i32] undef
@cst = internal addrspace(4) constant i32 7
%struct.P = type { i32, ptr }
define ptx_kernel void @k(ptr %gen, ptr addrspace(1) %g, ptr byval(%struct.P) %par, ptr byval(%struct.P) %wpar) {
entry:
  %a = alloca i32, align 4
  %ga = load i32, ptr addrspace(1) %g
  %gen1 = getelementptr i32, ptr %gen, i64 4
  %gl = load i32, ptr %gen1
  %shl = load i32, ptr addrspace(3) @sh
  %shg = load i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr)
  %cl = load i32, ptr addrspace(4) @cst
  %loc = load i32, ptr %a
  %pv = load i32, ptr %par
  %pp.addr = getelementptr i8, ptr %par, i64 8
  %pp = load ptr, ptr %pp.addr
  %ppv = load i32, ptr %pp
  store i32 1, ptr %wpar
  %wv = load i32, ptr %wpar
  %loaded.ptr = load ptr, ptr %gen
  %through = load i32, ptr %loaded.ptr
  %cast = addrspacecast ptr addrspace(1) %g to ptr
  %cv = load i32, ptr %cast
  ret void
}"#,
    );
    check(
        &m,
        f,
        &u,
        &["loc", "wv", "through"],
        &["a", "ga", "gl", "shl", "shg", "cl", "pv", "pp", "ppv", "loaded.ptr", "cv"],
    );
    assert_eq!(u.reason(val(&m, f, "loc")), Some(Reason::Source(Source::GenericLoad)));
    assert_eq!(u.reason(val(&m, f, "through")), Some(Reason::Source(Source::GenericLoad)));
}

#[test]
fn loads_through_divergent_pointers_are_divergent() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(ptr addrspace(1) %g, ptr addrspace(5) %l) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr i32, ptr addrspace(1) %g, i64 %idx
  %v = load i32, ptr addrspace(1) %p
  %lv = load i32, ptr addrspace(5) %l
  ret void
}"#,
    );
    check(&m, f, &u, &["idx", "p", "v", "lv"], &["g"]);
    assert_eq!(u.reason(val(&m, f, "v")), Some(Reason::Operand(val(&m, f, "p"))));
    assert_eq!(u.reason(val(&m, f, "lv")), Some(Reason::Source(Source::LocalLoad)));
}

#[test]
fn select_with_divergent_condition_is_divergent() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %a, i32 %b) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %tid, 0
  %s = select i1 %c, i32 %a, i32 %b
  %uc = icmp eq i32 %a, 0
  %t = select i1 %uc, i32 %a, i32 %b
  %w = select i1 %uc, i32 %tid, i32 %b
  ret void
}"#,
    );
    check(&m, f, &u, &["s", "w"], &["t", "uc"]);
}

#[test]
fn calls_math_intrinsics_inline_asm() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %a, float %x) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %mx = call i32 @llvm.smax.i32(i32 %a, i32 3)
  %dmx = call i32 @llvm.smax.i32(i32 %a, i32 %tid)
  %f = call float @llvm.fma.f32(float %x, float %x, float 1.0)
  %e = call i32 @ext(i32 %a)
  %asm = call i32 asm "mov.u32 $0, 1;", "=r"()
  call void @llvm.nvvm.barrier0()
  ret void
}"#,
    );
    check(&m, f, &u, &["dmx", "e", "asm"], &["mx", "f"]);
    assert_eq!(u.reason(val(&m, f, "e")), Some(Reason::Source(Source::Call)));
    assert_eq!(u.reason(val(&m, f, "asm")), Some(Reason::Source(Source::InlineAsm)));
    assert!(!u.to_text(&m).contains("DIVERGENT:   call void @llvm.nvvm.barrier0()"));
}

#[test]
fn dynamic_alloca_is_divergent_static_alloca_uniform() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n) {
entry:
  %s = alloca i32, align 4
  %d = alloca i32, i32 %n, align 4
  br label %next
next:
  %late = alloca i32, align 4
  ret void
}"#,
    );
    check(&m, f, &u, &["d", "late"], &["s"]);
}

#[test]
fn exit_phi_with_distinct_constants_is_divergent() {
    // LLVM 19 calls %ph uniform: lanes leaving through %H get 0, lanes leaving through %L get 1.
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %p) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %H
H:
  %i = phi i32 [0, %entry], [%i1, %L]
  %c1 = icmp slt i32 %i, %n
  br i1 %c1, label %L, label %X
L:
  %i1 = add i32 %i, 1
  %c2 = icmp eq i32 %i1, %tid
  br i1 %c2, label %X, label %H
X:
  %ph = phi i32 [0, %H], [1, %L]
  %ph2 = phi i32 [%n, %H], [%n, %L]
  %u = add i32 %i, 0
  store i32 %ph, ptr addrspace(1) %p
  ret void
}"#,
    );
    check(&m, f, &u, &["c2", "ph", "u"], &["i", "i1", "c1", "ph2"]);
}

#[test]
fn reason_chains() {
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = add i32 %tid, 1
  %c = icmp slt i32 %x, %n
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %p = phi i32 [ 1, %then ], [ 2, %entry ]
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %lc = icmp slt i32 %i1, %p
  br i1 %lc, label %loop, label %exit
exit:
  %after = mul i32 %i1, 2
  store i32 %after, ptr addrspace(1) %out
  ret void
}"#,
    );
    let x = u.explain(&m, f, val(&m, f, "x"));
    assert_eq!(
        x,
        "%x is divergent: operand %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
         %tid is a source of divergence: thread index\n"
    );
    let p = u.explain(&m, f, val(&m, f, "p"));
    assert!(
        p.starts_with(
            "%p is divergent: phi at join block %join of divergent branch in %entry (sync dependence)\n\
         branch in %entry is divergent: condition %c = icmp slt i32 %x, %n\n\
         %c is divergent: operand %x = add i32 %tid, 1\n"
        ),
        "{p}"
    );
    let after = u.explain(&m, f, val(&m, f, "after"));
    assert!(
        after.starts_with(
            "%after is divergent: temporal divergence: operand %i1 is defined in cycle with header %loop which has a \
         divergent exit from %loop\n\
         branch in %loop is divergent: condition %lc = icmp slt i32 %i1, %p\n\
         %lc is divergent: operand %p = phi i32 [ 1, %then ], [ 2, %entry ]\n\
         %p is divergent: phi at join block %join"
        ),
        "{after}"
    );
    assert!(after.ends_with("%tid is a source of divergence: thread index\n"), "{after}");
    assert_eq!(u.explain(&m, f, val(&m, f, "n")), "%n is uniform\n");
    assert_eq!(u.explain(&m, f, val(&m, f, "i")), "%i is uniform\n");
    assert!(u.explain_branch(&m, f, blk(&m, f, "loop")).starts_with("branch in %loop is divergent: condition %lc"));
}

#[test]
fn print_layout_matches_llvm() {
    let (m, _f, _u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %1, label %2
1:
  store i32 %tid, ptr addrspace(1) %out, align 4
  br label %2
2:
  ret void
}"#,
    );
    let text = print_module(&m);
    assert_eq!(
        text,
        "UniformityInfo for function 'k':\n\
         \n\
         BLOCK 0\n\
         DEFINITIONS\n\
         \x20 DIVERGENT:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
         \x20 DIVERGENT:   %c = icmp slt i32 %tid, %n\n\
         TERMINATORS\n\
         \x20 DIVERGENT:   br i1 %c, label %1, label %2\n\
         END BLOCK\n\
         \n\
         BLOCK 1\n\
         DEFINITIONS\n\
         \x20 DIVERGENT:   store i32 %tid, ptr addrspace(1) %out, align 4\n\
         TERMINATORS\n\
         \x20              br label %2\n\
         END BLOCK\n\
         \n\
         BLOCK 2\n\
         DEFINITIONS\n\
         TERMINATORS\n\
         \x20              ret void\n\
         END BLOCK\n"
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Every example kernel against LLVM's `opt -passes='print<uniformity>'`.
// ---------------------------------------------------------------------------------------------------------------

/// The divergence facts of one function in a `print<uniformity>` text.
#[derive(Default, Debug)]
struct Facts {
    /// Named definitions and arguments (`%6`), divergent or not.
    values: std::collections::BTreeMap<String, bool>,
    /// Blocks and whether their terminator is a divergent conditional branch / switch.
    branches: std::collections::BTreeMap<String, bool>,
    /// Result-less instructions marked divergent.
    void_divergent: usize,
}

/// Parses `print<uniformity>` output into per-function facts.
fn parse_print(text: &str) -> std::collections::BTreeMap<String, Facts> {
    let mut out: std::collections::BTreeMap<String, Facts> = Default::default();
    let mut cur: Option<String> = None;
    let mut block = String::new();
    let mut in_terms = false;
    let mut all_uniform_fn: Option<String> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("UniformityInfo for function '") {
            let name = rest.trim_end_matches("':").to_string();
            out.entry(name.clone()).or_default();
            cur = Some(name);
            block.clear();
            in_terms = false;
            continue;
        }
        let Some(fname) = cur.clone() else { continue };
        let facts = out.get_mut(&fname).expect("function");
        if line == "ALL VALUES UNIFORM" {
            all_uniform_fn = Some(fname);
            continue;
        }
        if let Some(b) = line.strip_prefix("BLOCK ") {
            block = b.to_string();
            in_terms = false;
            continue;
        }
        match line {
            "DEFINITIONS" => continue,
            "TERMINATORS" => {
                in_terms = true;
                continue;
            }
            "END BLOCK" => continue,
            _ => {}
        }
        let (div, rest) = if let Some(r) = line.strip_prefix("  DIVERGENT: ") {
            (true, r)
        } else if let Some(r) = line.strip_prefix("             ") {
            (false, r)
        } else {
            continue;
        };
        let rest = rest.trim();
        if in_terms {
            if rest.starts_with("br i1") || rest.starts_with("switch") {
                facts.branches.insert(block.clone(), div);
            }
            continue;
        }
        if let Some((name, _)) = rest.split_once(" = ") {
            if name.starts_with('%') {
                facts.values.insert(name.to_string(), div);
                continue;
            }
        }
        if block.is_empty() {
            // DIVERGENT ARGUMENTS: "ptr %0"
            if let Some(name) = rest.rsplit(' ').next() {
                facts.values.insert(name.to_string(), div);
            }
        } else if div {
            facts.void_divergent += 1;
        }
    }
    let _ = all_uniform_fn;
    out
}

#[test]
fn examples_are_at_least_as_precise_as_llvm() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/kernels");
    let opt = std::path::Path::new("/usr/lib/llvm-19/bin/opt");
    let ci = std::env::var_os("CI").is_some();
    let have_opt = opt.exists();
    if !have_opt {
        assert!(!ci, "CI is set but {} is missing", opt.display());
        eprintln!("note: {} not found; only checking that the examples analyse", opt.display());
    }
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples/kernels")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for path in files {
        let src = std::fs::read_to_string(&path).expect("read");
        let m = simtc_llvm_reader::parse_module(&src).expect("parse example");
        let ours_text = print_module(&m);
        let ours = parse_print(&ours_text);
        // The simtc text must itself be consistent with the API.
        for f in m.func_ids().filter(|&f| !m.funcs[f].is_declaration()) {
            let u = UniformityInfo::compute(&m, f);
            let facts = &ours[&m.funcs[f].name];
            let n_div = u.divergent_values().len();
            let printed = facts.values.values().filter(|&&d| d).count();
            assert_eq!(n_div, printed, "{}: divergent values printed vs API", m.funcs[f].name);
            assert_eq!(
                u.divergent_branches().len(),
                facts.branches.values().filter(|&&d| d).count(),
                "{}: divergent branches printed vs API",
                m.funcs[f].name
            );
        }
        if !have_opt {
            continue;
        }
        let out = std::process::Command::new(opt)
            .args(["-passes=print<uniformity>", "-disable-output"])
            .arg(&path)
            .output()
            .expect("run opt");
        assert!(out.status.success(), "opt failed on {}", path.display());
        let llvm = parse_print(&String::from_utf8_lossy(&out.stderr));
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        for (fname, lf) in &llvm {
            let Some(sf) = ours.get(fname) else {
                failures.push(format!("{file}: function {fname} missing from simtc's output"));
                continue;
            };
            let count =
                |f: &Facts| (f.values.values().filter(|&&d| d).count(), f.branches.values().filter(|&&d| d).count());
            let (lv, lb) = count(lf);
            let (sv, sb) = count(sf);
            // LLVM's "ALL VALUES UNIFORM" lists nothing; every simtc value must then be uniform.
            for (name, &sdiv) in &sf.values {
                let ldiv = lf.values.get(name).copied().unwrap_or(false);
                if sdiv && !ldiv {
                    failures.push(format!("{file}: {fname}: {name} is uniform for LLVM, divergent for simtc"));
                }
            }
            for (b, &sdiv) in &sf.branches {
                let ldiv = lf.branches.get(b).copied().unwrap_or(false);
                if sdiv && !ldiv {
                    failures.push(format!("{file}: {fname}: branch in {b} is uniform for LLVM, divergent for simtc"));
                }
            }
            eprintln!(
                "{file:<20} {fname:<28} divergent values llvm {lv:>3} simtc {sv:>3}   divergent branches llvm {lb:>2} \
                 simtc {sb:>2}"
            );
        }
    }
    assert!(failures.is_empty(), "simtc is less precise than LLVM:\n{}", failures.join("\n"));
}

#[test]
fn exit_join_paths_stop_at_the_common_cycle_header() {
    // %t leaves the inner loop divergently to %x and otherwise goes round (%l), and %l leaves to the outer
    // latch %ol. Lanes at one instance of %x arrive only from %t: reaching %y from %t means going through %o,
    // the header of the outer loop (another iteration). So %ph takes one value on the relevant edges. (%oi is
    // divergent: %o joins the paths through %x and %ol.)
    let (m, f, u) = analyze(
        r#"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %o
o:
  %oi = phi i32 [ 0, %entry ], [ %oi.n, %x ], [ %oi.n2, %ol ]
  %oc = icmp slt i32 %n, 7
  br i1 %oc, label %i, label %y
i:
  %ii = phi i32 [ 0, %o ], [ %ii.n, %l ]
  br label %t
t:
  %c = icmp eq i32 %ii, %tid
  br i1 %c, label %x, label %l
l:
  %ii.n = add i32 %ii, 1
  %e = icmp slt i32 %ii.n, %n
  br i1 %e, label %i, label %ol
ol:
  %oi.n2 = add i32 %oi, 2
  br label %o
y:
  br label %x
x:
  %ph = phi i32 [ 0, %t ], [ 1, %y ]
  %oi.n = add i32 %oi, 1
  %w = icmp slt i32 %n, 9
  store i32 %ph, ptr addrspace(1) %out
  br i1 %w, label %o, label %done
done:
  ret void
}"#,
    );
    check(&m, f, &u, &["c", "oi"], &["oc", "ph", "w"]);
    assert_matches_reference(&m);
}

/// Everything the analysis reports, for comparing two runs.
fn summary(m: &Module, u: &UniformityInfo) -> String {
    format!(
        "{}\nblocks {:?}\nbranches {:?}\ntemporal {:?}\nexit cycles {:?}\nassumed {:?}",
        u.to_text(m),
        u.divergent_blocks(),
        u.divergent_branches(),
        u.temporal_divergence(),
        u.cycles_with_divergent_exit(),
        u.assumed_divergent_cycles()
    )
}

/// Asserts that the fast analysis (walk shortcuts on) and the reference (off) agree on every function.
fn assert_matches_reference(m: &Module) {
    for f in m.func_ids().filter(|&f| !m.funcs[f].is_declaration()) {
        let fast = summary(m, &UniformityInfo::compute(m, f));
        let reference = summary(m, &UniformityInfo::compute_reference(m, f));
        assert_eq!(fast, reference, "shortcuts changed the result of @{}", m.funcs[f].name);
    }
}

/// A chain of `n` loops, each left early on a divergent test: `shared` exits all go to one return block whose
/// phi takes each loop's counter, otherwise each loop has its own `return`.
fn early_exit_chain(n: usize, shared: bool) -> String {
    let mut s = String::from("define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {\nentry:\n");
    s += "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  br label %s0\n";
    let mut incoming = Vec::new();
    for k in 0..n {
        let exit = if shared { "ret".to_string() } else { format!("r{k}") };
        s += &format!(
            "s{k}:\n  br label %h{k}\nh{k}:\n  %i{k} = phi i32 [ 0, %s{k} ], [ %i.n{k}, %l{k} ]\n  \
             %c{k} = icmp eq i32 %i{k}, %tid\n  br i1 %c{k}, label %{exit}, label %l{k}\n\
             l{k}:\n  %i.n{k} = add i32 %i{k}, 1\n  %e{k} = icmp slt i32 %i.n{k}, %n\n  \
             br i1 %e{k}, label %h{k}, label %s{}\n",
            k + 1
        );
        if shared {
            incoming.push(format!("[ %i{k}, %h{k} ]"));
        } else {
            s += &format!("r{k}:\n  store i32 %i{k}, ptr addrspace(1) %out, align 4\n  ret void\n");
        }
    }
    s += &format!("s{n}:\n  br label %ret\nret:\n");
    incoming.push(format!("[ 7, %s{n} ]"));
    if shared {
        s += &format!("  %r = phi i32 {}\n  store i32 %r, ptr addrspace(1) %out, align 4\n", incoming.join(", "));
    }
    s += "  ret void\n}\n";
    s
}

#[test]
fn early_returns_from_loops_match_reference() {
    for shared in [false, true] {
        let (m, f, u) = analyze(&early_exit_chain(40, shared));
        assert_matches_reference(&m);
        // Every loop exits divergently: its counter is divergent where it is used after the loop.
        assert_eq!(u.cycles_with_divergent_exit().len(), 40);
        assert!(u.is_uniform(val(&m, f, "i7")) && u.is_uniform(val(&m, f, "e7")));
        if shared {
            // The shared return block joins the paths of every early exit.
            check(&m, f, &u, &["r"], &[]);
            assert!(matches!(u.reason(val(&m, f, "r")), Some(Reason::SyncJoin { .. } | Reason::Temporal { .. })));
            assert!(u.is_divergent_block(blk(&m, f, "s40")));
        }
        assert!(!u.is_divergent_block(blk(&m, f, "entry")) && !u.is_divergent_block(blk(&m, f, "s0")));
        assert!(u.is_divergent_block(blk(&m, f, "h39")));
    }
}

#[test]
fn benchmark_kernel_matches_reference() {
    // The segments of `benches/scaling.rs`: diamonds, a three-deep nest with a divergent break out of the middle
    // loop, a switch, a loop with three exits.
    #[path = "../../benches/common/mod.rs"]
    #[allow(dead_code)]
    mod common;
    let (m, _) = common::kernel(300);
    assert_matches_reference(&m);
}

/// `n` nested ifs (`b_k` branches to `b_{k+1}` or to the join `e_k`, which continues to `e_{k-1}`), the
/// conditions on the thread index except every third (on an argument), every fifth join with an early `return`
/// arm: the block walk closes inner regions first and jumps over them (O(n) rather than O(n²)).
fn nested_ifs(n: usize) -> String {
    let mut s = String::from("define ptx_kernel void @k(ptr addrspace(1) %p, i32 %a) {\nentry:\n");
    s += "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  br label %b0\n";
    for k in 0..n {
        let x = if k % 3 == 0 { "%a" } else { "%t" };
        s += &format!("b{k}:\n  %c{k} = icmp sgt i32 {x}, {k}\n  br i1 %c{k}, label %b{}, label %e{k}\n", k + 1);
    }
    s += &format!("b{n}:\n  store i32 %t, ptr addrspace(1) %p, align 4\n  br label %e{}\n", n - 1);
    for k in (0..n).rev() {
        let inner = if k + 1 < n { format!("%x{}", k + 1) } else { format!("%b{n}") };
        s += &format!("e{k}:\n  %v{k} = phi i32 [ {k}, %b{k} ], [ %t, {inner} ]\n");
        s += &format!("  store i32 %v{k}, ptr addrspace(1) %p, align 4\n");
        if k % 5 == 0 {
            s += &format!("  %r{k} = icmp eq i32 %v{k}, 7\n  br i1 %r{k}, label %ret{k}, label %x{k}\n");
            s += &format!("ret{k}:\n  ret void\n");
        } else {
            s += &format!("  br label %x{k}\n");
        }
        s += &format!("x{k}:\n");
        s += if k == 0 { "  ret void\n" } else { "" };
        if k > 0 {
            s += &format!("  br label %e{}\n", k - 1);
        }
    }
    s += "}\n";
    s
}

#[test]
fn nested_divergent_ifs_match_reference() {
    let (m, f, u) = analyze(&nested_ifs(120));
    assert_matches_reference(&m);
    // b1 branches on the thread index: everything after it is divergent (the early returns leave it without a
    // post-dominator); b0 and its branch (on %a) are not.
    assert!(u.is_divergent_block(blk(&m, f, "b119")) && u.is_divergent_block(blk(&m, f, "e0")));
    assert!(!u.is_divergent_block(blk(&m, f, "b0")) && !u.is_divergent_branch(blk(&m, f, "b0")));
    check(&m, f, &u, &["v1", "v2"], &["c0", "c3"]);
}

/// A random kernel for the reference comparison: `n` blocks, the edges given (none into the entry), branch
/// conditions on the thread index, a kernel argument or a phi; every block with predecessors has a phi taking
/// its predecessors' values (or constants) and computes a value from it and from a value of a dominating block,
/// so values flow across cycles and out of them.
fn random_kernel(n: usize, edges: &[(u32, u32)], choices: &[u8]) -> String {
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(a, b) in edges {
        if b != 0 && succ[a as usize].len() < 4 {
            succ[a as usize].push(b);
        }
    }
    let g = crate::graph::DiGraph::new(
        n,
        0,
        succ.iter().enumerate().flat_map(|(a, ss)| ss.iter().map(move |&b| (a as u32, b))),
    );
    let dt = crate::DomTree::compute(&g);
    let pick = |k: usize| choices.get(k % choices.len().max(1)).copied().unwrap_or(0);
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (a, ss) in succ.iter().enumerate() {
        for &b in ss {
            preds[b as usize].push(a as u32);
        }
    }
    let mut s = String::from("define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {\n");
    for b in 0..n {
        s += &format!("b{b}:\n");
        if b == 0 {
            s += "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n  %p0 = add i32 %n, 0\n";
        } else if preds[b].is_empty() {
            s += &format!("  %p{b} = add i32 %n, 1\n");
        } else {
            let inc: Vec<String> = preds[b]
                .iter()
                .map(|&p| {
                    if pick(b * 7 + p as usize) % 2 == 0 {
                        format!("[ {}, %b{p} ]", pick(p as usize) % 3)
                    } else {
                        format!("[ %v{p}, %b{p} ]")
                    }
                })
                .collect();
            s += &format!("  %p{b} = phi i32 {}\n", inc.join(", "));
        }
        let other = match dt.idom(b as u32) {
            Some(d) if pick(b * 3) % 3 != 0 => format!("%v{d}"),
            _ => "%n".to_string(),
        };
        s += &format!("  %v{b} = add i32 %p{b}, {other}\n");
        let src = ["%tid", "%n", &format!("%p{b}"), &format!("%v{b}")][pick(b * 5 + 1) as usize % 4].to_string();
        s += &format!("  %c{b} = icmp slt i32 {src}, {}\n", pick(b * 11) % 4);
        match succ[b].as_slice() {
            [] => s += &format!("  store i32 %v{b}, ptr addrspace(1) %out, align 4\n  ret void\n"),
            [t] => s += &format!("  br label %b{t}\n"),
            [t, e] => s += &format!("  br i1 %c{b}, label %b{t}, label %b{e}\n"),
            [d, rest @ ..] => {
                let cases: Vec<String> =
                    rest.iter().enumerate().map(|(i, t)| format!("i32 {i}, label %b{t}")).collect();
                s += &format!("  switch i32 {src}, label %b{d} [ {} ]\n", cases.join(" "));
            }
        }
    }
    s += "}\n";
    s
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
    /// The walk shortcuts (label walks stopping early, confined exit-join walks, divergent-block walks stopping
    /// at covered blocks) change nothing, on random reducible and irreducible CFGs.
    #[test]
    fn shortcuts_match_reference_on_random_cfgs(
        n in 2usize..22,
        raw in proptest::collection::vec((0u32..22, 0u32..22), 1..50),
        choices in proptest::collection::vec(0u8..=255, 1..32),
    ) {
        let edges: Vec<(u32, u32)> = raw.into_iter().map(|(a, b)| (a % n as u32, b % n as u32)).collect();
        let src = format!("target triple = \"nvptx64-nvidia-cuda\"\n{}\n{DECLS}", random_kernel(n, &edges, &choices));
        let m = simtc_llvm_reader::parse_module(&src).unwrap_or_else(|e| panic!("parse: {e:?}\n{src}"));
        if let Err(e) = simtc_ir::verifier::verify_module(&m) {
            panic!("generated IR is broken: {e:?}\n{src}");
        }
        assert_matches_reference(&m);
    }
}
