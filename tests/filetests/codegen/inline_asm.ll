; Inline assembly is framed by // begin inline asm / // end inline asm, with $N replaced by registers (outputs
; first, then inputs) of the constraint's class (r -> .b32, l -> .b64, f -> .f32, h -> .b16); several outputs
; come back as a struct.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @asm_k(ptr %out, i32 %a, i64 %b, float %f) {
  %lane = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %sum = call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %lane, i32 %a)
  %w = call i64 asm "mul.lo.u64 $0, $1, 3;", "=l,l"(i64 %b)
  %g = call float asm "neg.f32 $0, $1;", "=f,f"(float %f)
  %two = call { i32, i32 } asm "mov.b64 {$0, $1}, $2;", "=r,=r,l"(i64 %w)
  %lo = extractvalue { i32, i32 } %two, 0
  %hi = extractvalue { i32, i32 } %two, 1
  call void asm sideeffect "membar.gl;", "~{memory}"()
  %x = add i32 %sum, %lo
  %y = add i32 %x, %hi
  store i32 %y, ptr %out
  %pf = getelementptr float, ptr %out, i64 1
  store float %g, ptr %pf
  ret void
}

; CHECK-LABEL: .visible .entry asm_k(
; CHECK: // begin inline asm
; CHECK-NEXT: mov.u32 {{%r[0-9]+}}, %laneid;
; CHECK-NEXT: // end inline asm
; CHECK-NEXT: // begin inline asm
; CHECK-NEXT: add.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
; CHECK-NEXT: // end inline asm
; CHECK-NEXT: // begin inline asm
; CHECK-NEXT: mul.lo.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 3;
; CHECK-NEXT: // end inline asm
; CHECK-NEXT: // begin inline asm
; CHECK-NEXT: neg.f32 {{%f[0-9]+}}, {{%f[0-9]+}};
; CHECK-NEXT: // end inline asm
; CHECK-NEXT: // begin inline asm
; CHECK-NEXT: mov.b64 {{\{%r[0-9]+}}, {{%r[0-9]+}}}, {{%rd[0-9]+}};
; CHECK-NEXT: // end inline asm
; CHECK-NEXT: // begin inline asm
; CHECK-NEXT: membar.gl;
; CHECK-NEXT: // end inline asm

; A pointer operand is passed as the generic address its IR type promises, even though the kernel holds the
; parameter as a global address: the generic value ld.param read.
define ptx_kernel void @asm_ptr(ptr %p) {
  %v = call i32 asm sideeffect "ld.u32 $0, [$1];", "=r,l"(ptr %p)
  store i32 %v, ptr %p
  ret void
}

; CHECK-LABEL: .visible .entry asm_ptr(
; CHECK: ld.param.u64 [[P:%rd[0-9]+]], [asm_ptr_param_0];
; CHECK-NEXT: cvta.to.global.u64 {{%rd[0-9]+}}, [[P]];
; CHECK-NEXT: // begin inline asm
; CHECK-NEXT: ld.u32 {{%r[0-9]+}}, [[[P]]];
