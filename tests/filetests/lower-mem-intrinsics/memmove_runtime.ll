; memmove with a run-time length between two address spaces: the length is widened to i64, the addresses are
; compared as generic pointers (src < dst: backward), the backward copy does the residual bytes from the last
; down and then the i64 units from n - 1 down, the forward copy the units up and then the residual up; every
; access keeps its space and the volatile flag.
; RUN: opt %s --passes lower-mem-intrinsics

target triple = "nvptx64-nvidia-cuda"

define void @mov(ptr addrspace(1) align 8 %d, ptr addrspace(3) align 8 %s, i32 %n) {
entry:
  call void @llvm.memmove.p1.p3.i32(ptr addrspace(1) align 8 %d, ptr addrspace(3) align 8 %s, i32 %n, i1 true)
  ret void
}

declare void @llvm.memmove.p1.p3.i32(ptr addrspace(1), ptr addrspace(3), i32, i1)

; CHECK-LABEL: define void @mov(
; CHECK-NEXT: entry:
; CHECK-NEXT: [[L:%[0-9]+]] = zext i32 %n to i64
; CHECK-NEXT: %memmove.units = lshr i64 [[L]], 3
; CHECK-NEXT: %memmove.restlen = and i64 [[L]], 7
; CHECK-NEXT: %memmove.restoff = sub i64 [[L]], %memmove.restlen
; CHECK-NEXT: [[GD:%[0-9]+]] = addrspacecast ptr addrspace(1) %d to ptr
; CHECK-NEXT: [[GS:%[0-9]+]] = addrspacecast ptr addrspace(3) %s to ptr
; CHECK-NEXT: %memmove.backward = icmp ult ptr [[GS]], [[GD]]
; CHECK-NEXT: br i1 %memmove.backward, label %memmove.bwd, label %memmove.fwd
; CHECK: memmove.bwd:
; CHECK-NEXT: icmp ne i64 %memmove.restlen, 0
; CHECK-NEXT: br i1 {{%[0-9]+}}, label %memmove.rest.bwd, label %memmove.rest.bwd.exit
; CHECK: memmove.rest.bwd:
; CHECK-NEXT: %memmove.rest.i = phi i64 [ %memmove.restlen, %memmove.bwd ], [ [[J:%[0-9]+]], %memmove.rest.bwd ]
; CHECK-NEXT: [[J]] = sub i64 %memmove.rest.i, 1
; CHECK-NEXT: [[O:%[0-9]+]] = add i64 %memmove.restoff, [[J]]
; CHECK-NEXT: [[PS:%[0-9]+]] = getelementptr inbounds i8, ptr addrspace(3) %s, i64 [[O]]
; CHECK-NEXT: [[X:%[0-9]+]] = load volatile i8, ptr addrspace(3) [[PS]], align 1
; CHECK-NEXT: [[PD:%[0-9]+]] = getelementptr inbounds i8, ptr addrspace(1) %d, i64 [[O]]
; CHECK-NEXT: store volatile i8 [[X]], ptr addrspace(1) [[PD]], align 1
; CHECK: memmove.rest.bwd.exit:
; CHECK-NEXT: icmp ne i64 %memmove.units, 0
; CHECK: memmove.loop.bwd:
; CHECK-NEXT: %memmove.loop.i = phi i64 [ %memmove.units, %memmove.rest.bwd.exit ], [ [[K:%[0-9]+]], %memmove.loop.bwd ]
; CHECK-NEXT: [[K]] = sub i64 %memmove.loop.i, 1
; CHECK-NEXT: getelementptr inbounds i64, ptr addrspace(3) %s, i64 [[K]]
; CHECK-NEXT: load volatile i64
; CHECK-NEXT: getelementptr inbounds i64, ptr addrspace(1) %d, i64 [[K]]
; CHECK-NEXT: store volatile i64 {{%[0-9]+}}, ptr addrspace(1) {{%[0-9]+}}, align 8
; CHECK-NEXT: [[C:%[0-9]+]] = icmp ne i64 [[K]], 0
; CHECK-NEXT: br i1 [[C]], label %memmove.loop.bwd, label %memmove.done
; CHECK: memmove.fwd:
; CHECK-NEXT: icmp ne i64 %memmove.units, 0
; CHECK: memmove.loop:
; CHECK-NEXT: %memmove.loop.i.1 = phi i64 [ 0, %memmove.fwd ]
; CHECK: icmp ult i64 {{%[0-9]+}}, %memmove.units
; CHECK: memmove.rest:
; CHECK: icmp ult i64 {{%[0-9]+}}, %memmove.restlen
; CHECK-NEXT: br i1 {{%[0-9]+}}, label %memmove.rest, label %memmove.done
; CHECK: memmove.done:
; CHECK-NEXT: ret void
