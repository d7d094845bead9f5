; isel (`gep-signed-terms`): a GEP index `sext` of a tree of `nsw` adds (`or disjoint` counts as one) whose
; variable terms may be negative splits its constant as `sext a + sext b + c`, each term widened on its own,
; when another index on the same dominator path adds a different non-zero constant to the same terms (clang's unrolled
; `a[(j << 10 | K) + i]`): the accesses then share one base and use `[base+imm]`. Terms are compared by shape
; (`shl j, 10` with and without `nsw` match). A lone `+1` next to an index without a constant keeps its own
; address (widening each term would cost more than it shares).
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @unrolled(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %j, i32 %i) {
  %s1 = shl i32 %j, 10
  %o1 = or disjoint i32 %s1, 1024
  %a1 = add nsw i32 %o1, %i
  %x1 = sext i32 %a1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x1
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  %s2 = shl nsw i32 %j, 10
  %o2 = or disjoint i32 %s2, 2048
  %a2 = add nsw i32 %o2, %i
  %x2 = sext i32 %a2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x2
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %s3 = shl i32 %j, 10
  %o3 = or disjoint i32 %s3, 3072
  %a3 = add nsw i32 %i, %o3
  %x3 = sext i32 %a3 to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x3
  %v3 = load i32, ptr addrspace(1) %p3, align 4
  %t1 = add i32 %v1, %v2
  %t2 = add i32 %t1, %v3
  store i32 %t2, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry unrolled(
; CHECK: shl.b32 [[X:%r[0-9]+]], {{%r[0-9]+}}, 10;
; CHECK: cvt.s64.s32 [[WX:%rd[0-9]+]], [[X]];
; CHECK: cvt.s64.s32 [[WI:%rd[0-9]+]], {{%r[0-9]+}};
; CHECK: add.s64 [[S:%rd[0-9]+]], [[WX]], [[WI]];
; CHECK: shl.b64 [[O:%rd[0-9]+]], [[S]], 2;
; CHECK: add.s64 [[B:%rd[0-9]+]], {{%rd[0-9]+}}, [[O]];
; CHECK: ld.global.u32 {{%r[0-9]+}}, [[[B]]+4096];
; CHECK: ld.global.u32 {{%r[0-9]+}}, [[[B]]+8192];
; CHECK: ld.global.u32 {{%r[0-9]+}}, [[[B]]+12288];
; CHECK-NOT: mul.wide
; CHECK: ret;

define ptx_kernel void @lone(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %h, i32 %w, i32 %W) {
  %r = mul nsw i32 %h, %W
  %a0 = add nsw i32 %r, %w
  %x0 = sext i32 %a0 to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x0
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %w1 = add nsw i32 %w, 1
  %a1 = add nsw i32 %r, %w1
  %x1 = sext i32 %a1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry lone(
; CHECK-NOT: cvt.s64.s32
; CHECK: mul.wide.s32
; CHECK: mul.wide.s32
; CHECK: ret;

; The two accesses on one dominator path (the second under an early exit) share the base; on two sibling arms
; they do not.
define ptx_kernel void @paths(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %j, i32 %i, i1 %c) {
entry:
  %s1 = shl i32 %j, 4
  %o1 = or disjoint i32 %s1, 1
  %a1 = add nsw i32 %o1, %i
  %x1 = sext i32 %a1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x1
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  br i1 %c, label %more, label %done
more:
  %s2 = shl i32 %j, 4
  %o2 = or disjoint i32 %s2, 2
  %a2 = add nsw i32 %o2, %i
  %x2 = sext i32 %a2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x2
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %t = add i32 %v1, %v2
  br label %done
done:
  %r = phi i32 [ %v1, %entry ], [ %t, %more ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry paths(
; CHECK: shl.b32
; CHECK: cvt.s64.s32
; CHECK: cvt.s64.s32
; CHECK: add.s64 [[S:%rd[0-9]+]], {{%rd[0-9]+}}, {{%rd[0-9]+}};
; CHECK: shl.b64 {{%rd[0-9]+}}, [[S]], 2;
; CHECK: add.s64 [[B:%rd[0-9]+]],
; CHECK: ld.global.u32 {{%r[0-9]+}}, [[[B]]+4];
; CHECK: ld.global.u32 {{%r[0-9]+}}, [[[B]]+8];
; CHECK: ret;

define ptx_kernel void @siblings(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %j, i32 %i, i1 %c) {
entry:
  br i1 %c, label %l, label %r
l:
  %s1 = shl i32 %j, 4
  %o1 = or disjoint i32 %s1, 1
  %a1 = add nsw i32 %o1, %i
  %x1 = sext i32 %a1 to i64
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x1
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  br label %done
r:
  %s2 = shl i32 %j, 4
  %o2 = or disjoint i32 %s2, 2
  %a2 = add nsw i32 %o2, %i
  %x2 = sext i32 %a2 to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %x2
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  br label %done
done:
  %v = phi i32 [ %v1, %l ], [ %v2, %r ]
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: .visible .entry siblings(
; CHECK-NOT: cvt.s64.s32
; CHECK: ret;
