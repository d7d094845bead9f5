; cmpxchg lowers to atom.cas.b32/.b64 returning the old value, and the success flag is setp.eq of the old value
; against the expected one; a CAS loop keeps its phi through SSA destruction; pointer CAS uses generic addresses.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @cas(ptr %p, ptr %q, i32 %old, i32 %new, i64 %w) {
entry:
  %r = cmpxchg ptr %p, i32 %old, i32 %new syncscope("device") monotonic monotonic
  %v = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  %sel = select i1 %ok, i32 %v, i32 -1
  store i32 %sel, ptr %p
  %r64 = cmpxchg ptr %q, i64 %w, i64 0 acq_rel monotonic
  %v64 = extractvalue { i64, i1 } %r64, 0
  store i64 %v64, ptr %q
  br label %loop

loop:
  %cur = phi i32 [ %v, %entry ], [ %seen, %loop ]
  %inc = add i32 %cur, 1
  %r2 = cmpxchg ptr %p, i32 %cur, i32 %inc syncscope("block") acquire monotonic
  %seen = extractvalue { i32, i1 } %r2, 0
  %done = extractvalue { i32, i1 } %r2, 1
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: .visible .entry cas(
; CHECK: atom.relaxed.gpu.global.cas.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: setp.eq.s32 {{%p[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: selp.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, -1, {{%p[0-9]+}};
; CHECK: atom.acq_rel.sys.global.cas.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], {{%rd[0-9]+}}, 0;
; The loop phi is coalesced with the atomic's result; its value is still read after the atomic redefines it,
; so one copy remains, at the top of the loop, and the latch branches back itself (bottom-tested loop).
; CHECK: $L__BB0_1:
; CHECK-NEXT: mov.b32 {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: add.s32
; CHECK-NEXT: atom.acquire.cta.global.cas.b32
; CHECK-NEXT: setp.eq.s32
; The exit test depends on an atomic's result: a divergent branch.
; CHECK-NEXT: @!{{%p[0-9]+}} bra $L__BB0_1;
; CHECK-NEXT: ret;

; cmpxchg of pointers compares and stores the generic addresses the memory holds: for %node that is the generic
; value ld.param read (the kernel's global-space register is not converted back).
define ptx_kernel void @cas_ptr(ptr %head, ptr %node) {
  %old = load ptr, ptr %head
  %r = cmpxchg ptr %head, ptr %old, ptr %node syncscope("device") monotonic monotonic
  %v = extractvalue { ptr, i1 } %r, 0
  store i32 1, ptr %v
  ret void
}

; CHECK-LABEL: .visible .entry cas_ptr(
; CHECK: ld.param.u64 [[NODE:%rd[0-9]+]], [cas_ptr_param_1];
; CHECK-NEXT: ld.global.u64 [[OLD:%rd[0-9]+]], [{{%rd[0-9]+}}];
; CHECK-NEXT: atom.relaxed.gpu.global.cas.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], [[OLD]], [[NODE]];
; CHECK: st.u32 [{{%rd[0-9]+}}], 1;
