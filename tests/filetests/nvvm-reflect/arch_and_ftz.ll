; nvvm-reflect resolves __nvvm_reflect("__CUDA_ARCH") from --mcpu (sm_70 → 700) and "__CUDA_FTZ" to 0, folds
; the compares and branches on them, so the sm_75-only tanh.approx arm is never selected for sm_70.
; RUN: compile %s --mcpu sm_70 -O0

@.arch = private unnamed_addr constant [12 x i8] c"__CUDA_ARCH\00"
@.ftz = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\00"

declare i32 @__nvvm_reflect(ptr)
declare float @llvm.nvvm.tanh.approx.f32(float)

define ptx_kernel void @k(ptr addrspace(1) %out, float %x) {
entry:
  %a = call i32 @__nvvm_reflect(ptr @.arch)
  %new = icmp sge i32 %a, 750
  br i1 %new, label %fast, label %slow

fast:
  %t = call float @llvm.nvvm.tanh.approx.f32(float %x)
  br label %done

slow:
  %f = call i32 @__nvvm_reflect(ptr @.ftz)
  %ff = sitofp i32 %f to float
  %s = fadd float %x, %ff
  br label %done

done:
  %r = phi float [ %t, %fast ], [ %s, %slow ]
  store float %r, ptr addrspace(1) %out
  ret void
}

; CHECK-NOT: __nvvm_reflect
; CHECK-NOT: tanh.approx
; CHECK: st.global.f32
