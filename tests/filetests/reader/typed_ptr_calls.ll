; Typed pointers in calls: old-style mangled intrinsic names with `i8*` arguments, `byval(T)` on `%struct.S*`, varargs calls with an explicit `i32 (i8*, ...)` type, calls through `i32 (i32)*` and `void ()*` values, typed-pointer allocas, loads and casts.
; RUN: opt %s --passes verify

%struct.S = type { i32, [4 x float] }

@sh = internal addrspace(3) global [256 x i8] undef, align 1
@fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@fnp = global void ()* @k

declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg)
declare i32 @vprintf(i8*, i8*)
declare i32 @printf(i8*, ...)

define void @k() {
  ret void
}

define void @m(%struct.S* byval(%struct.S) align 8 %s, i8* %d, i32 (i32)* %fp) {
entry:
  %0 = bitcast %struct.S* %s to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %d, i8* align 4 %0, i64 20, i1 false)
  %1 = call i32 @vprintf(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @fmt, i64 0, i64 0), i8* null)
  %2 = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @fmt, i64 0, i64 0), i32 %1)
  %3 = call i32 %fp(i32 %2)
  %4 = load i8, i8 addrspace(3)* getelementptr inbounds ([256 x i8], [256 x i8] addrspace(3)* @sh, i64 0, i64 7), align 1
  store i8 %4, i8* %d
  %5 = load void ()*, void ()** @fnp
  call void %5()
  %6 = bitcast void ()* @k to i8*
  %7 = alloca i32*, align 8
  store i32* null, i32** %7
  %8 = load i32*, i32** %7
  %9 = ptrtoint i32* %8 to i64
  %10 = inttoptr i64 %9 to float addrspace(1)*
  %11 = addrspacecast float addrspace(1)* %10 to float*
  ret void
}

; CHECK: @fnp = global ptr @k
; CHECK: declare void @llvm.memcpy.p0i8.p0i8.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
; CHECK: declare i32 @printf(ptr, ...)
; CHECK-LABEL: define void @m(ptr byval(%struct.S) align 8 %s, ptr %d, ptr %fp) {
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = bitcast ptr %s to ptr
; CHECK-NEXT:   call void @llvm.memcpy.p0i8.p0i8.i64(ptr align 4 %d, ptr align 4 %0, i64 20, i1 false)
; CHECK-NEXT:   %1 = call i32 @vprintf(ptr getelementptr inbounds ([4 x i8], ptr @fmt, i64 0, i64 0), ptr null)
; CHECK-NEXT:   %2 = call i32 (ptr, ...) @printf(ptr getelementptr inbounds ([4 x i8], ptr @fmt, i64 0, i64 0), i32 %1)
; CHECK-NEXT:   %3 = call i32 %fp(i32 %2)
; CHECK-NEXT:   %4 = load i8, ptr addrspace(3) getelementptr inbounds ([256 x i8], ptr addrspace(3) @sh, i64 0, i64 7), align 1
; CHECK-NEXT:   store i8 %4, ptr %d
; CHECK-NEXT:   %5 = load ptr, ptr @fnp
; CHECK-NEXT:   call void %5()
; CHECK-NEXT:   %6 = bitcast ptr @k to ptr
; CHECK-NEXT:   %7 = alloca ptr, align 8
; CHECK-NEXT:   store ptr null, ptr %7
; CHECK-NEXT:   %8 = load ptr, ptr %7
; CHECK-NEXT:   %9 = ptrtoint ptr %8 to i64
; CHECK-NEXT:   %10 = inttoptr i64 %9 to ptr addrspace(1)
; CHECK-NEXT:   %11 = addrspacecast ptr addrspace(1) %10 to ptr
