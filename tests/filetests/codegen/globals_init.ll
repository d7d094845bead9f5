; Module-scope globals with initializers: scalars print as `= value`, arrays as byte lists `= {...}` (trailing
; zeros left to PTX's zero padding), floats in hex, a pointer to another global as generic(sym); zero-initialized
; and external ones have no initializer; a .shared variable used by one kernel is demoted into it.
; RUN: compile %s --mcpu sm_90

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@count = addrspace(1) global i32 42, align 4
@table = addrspace(1) global [4 x i16] [i16 1, i16 2, i16 3, i16 4], align 2
@scale = addrspace(4) constant float 1.5, align 4
@zeros = addrspace(1) global [8 x i32] zeroinitializer, align 16
@ptr = addrspace(1) global ptr addrspacecast (ptr addrspace(1) @count to ptr), align 8
@ext = external addrspace(1) global i32, align 4
@smem = internal addrspace(3) global [64 x float] undef, align 4

define ptx_kernel void @use(i32 %i) {
  %c = load i32, ptr addrspace(1) @count, align 4
  %e = load i32, ptr addrspace(1) @ext, align 4
  %s = add i32 %c, %e
  %p = getelementptr [8 x i32], ptr addrspace(1) @zeros, i32 0, i32 %i
  store i32 %s, ptr addrspace(1) %p, align 4
  %q = getelementptr [64 x float], ptr addrspace(3) @smem, i32 0, i32 %i
  %f = load float, ptr addrspace(4) @scale, align 4
  store float %f, ptr addrspace(3) %q, align 4
  %t = load i16, ptr addrspace(1) @table, align 2
  store i16 %t, ptr addrspace(1) @table, align 2
  %pp = load ptr, ptr addrspace(1) @ptr, align 8
  store i32 0, ptr %pp, align 4
  ret void
}

; CHECK: .visible .global .align 4 .u32 count = 42;
; CHECK: .visible .global .align 2 .b8 table[8] = {1, 0, 2, 0, 3, 0, 4};
; CHECK: .visible .const .align 4 .f32 scale = 0f3FC00000;
; CHECK: .visible .global .align 16 .b8 zeros[32];
; CHECK: .visible .global .align 8 .u64 ptr = generic(count);
; CHECK: .extern .global .align 4 .u32 ext;
; CHECK: // smem has been demoted
; CHECK: .visible .entry use(
; CHECK: // demoted variable
; CHECK-NEXT: .shared .align 4 .b8 smem[256];
; CHECK: ld.global.u32 {{%r[0-9]+}}, [count];
; CHECK-NEXT: ld.global.u32 {{%r[0-9]+}}, [ext];
