; Uniform branches (on kernel arguments) need no Flow blocks: the checker accepts an unstructured uniform diamond.
; RUN: opt %s --passes verify --verify-structured
define ptx_kernel void @k(ptr %p, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  ret void
}
; CHECK: define ptx_kernel void @k(ptr %p, i32 %n) {
