; atomicrmw operations map to atom.<op> with the PTX type of the operation (.u32 add, .b32 bitwise, .s32
; signed min/max, .u32 unsigned, .f32 fadd, .b64 exch, inc/dec for uinc_wrap/udec_wrap); sub negates its
; operand and adds; monotonic device-scope is .relaxed.gpu.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rmw(ptr %p, ptr %q, ptr %f, i32 %v, i64 %w, float %x) {
  %a = atomicrmw add ptr %p, i32 %v syncscope("device") monotonic
  %b = atomicrmw sub ptr %p, i32 %a syncscope("device") monotonic
  %c = atomicrmw and ptr %p, i32 %b syncscope("device") monotonic
  %d = atomicrmw or ptr %p, i32 %c syncscope("device") monotonic
  %e = atomicrmw xor ptr %p, i32 %d syncscope("device") monotonic
  %g = atomicrmw xchg ptr %p, i32 %e syncscope("device") monotonic
  %h = atomicrmw max ptr %p, i32 %g syncscope("device") monotonic
  %i = atomicrmw min ptr %p, i32 %h syncscope("device") monotonic
  %j = atomicrmw umax ptr %p, i32 %i syncscope("device") monotonic
  %k = atomicrmw umin ptr %p, i32 %j syncscope("device") monotonic
  %l = atomicrmw uinc_wrap ptr %p, i32 %k syncscope("device") monotonic
  %m = atomicrmw udec_wrap ptr %p, i32 %l syncscope("device") monotonic
  %n = atomicrmw fadd ptr %f, float %x syncscope("device") monotonic
  %o = atomicrmw add ptr %q, i64 %w syncscope("device") monotonic
  %r = atomicrmw xchg ptr %q, i64 %o syncscope("device") monotonic
  %s = atomicrmw umax ptr %q, i64 %r syncscope("device") monotonic
  store i32 %m, ptr %p
  store float %n, ptr %f
  store i64 %s, ptr %q
  ret void
}

; CHECK-LABEL: .visible .entry rmw(
; CHECK: atom.relaxed.gpu.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], {{%r[0-9]+}};
; CHECK-NEXT: neg.s32
; CHECK-NEXT: atom.relaxed.gpu.global.add.u32
; CHECK-NEXT: atom.relaxed.gpu.global.and.b32
; CHECK-NEXT: atom.relaxed.gpu.global.or.b32
; CHECK-NEXT: atom.relaxed.gpu.global.xor.b32
; CHECK-NEXT: atom.relaxed.gpu.global.exch.b32
; CHECK-NEXT: atom.relaxed.gpu.global.max.s32
; CHECK-NEXT: atom.relaxed.gpu.global.min.s32
; CHECK-NEXT: atom.relaxed.gpu.global.max.u32
; CHECK-NEXT: atom.relaxed.gpu.global.min.u32
; CHECK-NEXT: atom.relaxed.gpu.global.inc.u32
; CHECK-NEXT: atom.relaxed.gpu.global.dec.u32
; CHECK-NEXT: atom.relaxed.gpu.global.add.f32 {{%f[0-9]+}}, [{{%rd[0-9]+}}], {{%f[0-9]+}};
; CHECK-NEXT: atom.relaxed.gpu.global.add.u64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}], {{%rd[0-9]+}};
; CHECK-NEXT: atom.relaxed.gpu.global.exch.b64
; CHECK-NEXT: atom.relaxed.gpu.global.max.u64
