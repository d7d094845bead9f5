; A branch on a compare of two constants (`fcmp olt float 1.5, 1.0`, as fuzz-diff programs and reduced test
; cases have) is folded by simplifycfg at -O1+; when simplifycfg is off, instruction selection branches on it
; without `.uni`. Emitted as `@%p bra.uni` on a constant predicate, the PTX below made ptxas 12.9 and 13.x crash
; (segmentation fault) once the code it skips holds a vector store (fuzz-diff --seed 1, program 3).
; RUN: compile %s --mcpu sm_90 -O3 --disable-pass simplifycfg

define ptx_kernel void @k(ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = load i32, ptr %in, align 4
  %f = sitofp i32 %a to float
  %c = fcmp olt float 1.500000e+00, 1.000000e+00
  br i1 %c, label %then, label %endif
then:
  %m = and i32 %tid, 63
  %d = icmp ugt i32 %m, 4
  br i1 %d, label %ret4, label %endif
endif:
  %v = fptosi float %f to i32
  store i32 %v, ptr %out, align 4
  ret void
ret4:
  %b = bitcast float %f to i32
  %p4 = getelementptr inbounds i32, ptr %out, i64 4
  store i32 %b, ptr %p4, align 4
  %p5 = getelementptr inbounds i32, ptr %out, i64 5
  store i32 0, ptr %p5, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: .entry k(
; CHECK: setp.lt.f32 [[P:%p[0-9]+]],
; CHECK-NEXT: @![[P]] bra $L__BB0_
