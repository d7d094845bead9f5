; Global variables with every property: addrspace(3) shared, externally_initialized, section, align, constant, internal/private/external/weak/common/linkonce_odr linkage, dso_local, unnamed_addr, comdat, attribute groups, declarations.
; RUN: opt %s --passes verify

$grp = comdat any

@shared = internal addrspace(3) global [256 x float] undef, align 4
@ext_shared = external addrspace(3) global [0 x i32], align 16
@const_tbl = internal addrspace(4) constant [2 x i32] [i32 1, i32 2], section ".nv.constant0", align 8
@managed = dso_local addrspace(1) externally_initialized global i32 0, align 4
@priv = private unnamed_addr constant [3 x i8] c"ab\00"
@local_ua = local_unnamed_addr global i64 5
@ext = external global i32
@weak = weak addrspace(1) global i32 3
@common = common global i32 0, align 4
@odr = linkonce_odr global i16 1, comdat($grp)
@withattrs = global i32 9 #0
@hidden = hidden global i8 1
@tls = thread_local(initialexec) global i32 0

attributes #0 = { "nvvm.managed" }

; CHECK: $grp = comdat any
; CHECK: @shared = internal addrspace(3) global [256 x float] undef, align 4
; CHECK-NEXT: @ext_shared = external addrspace(3) global [0 x i32], align 16
; CHECK-NEXT: @const_tbl = internal addrspace(4) constant [2 x i32] [i32 1, i32 2], section ".nv.constant0", align 8
; CHECK-NEXT: @managed = dso_local addrspace(1) externally_initialized global i32 0, align 4
; CHECK-NEXT: @priv = private unnamed_addr constant [3 x i8] c"ab\00"
; CHECK-NEXT: @local_ua = local_unnamed_addr global i64 5
; CHECK-NEXT: @ext = external global i32
; CHECK-NEXT: @weak = weak addrspace(1) global i32 3
; CHECK-NEXT: @common = common global i32 0, align 4
; CHECK-NEXT: @odr = linkonce_odr global i16 1, comdat($grp)
; CHECK-NEXT: @withattrs = global i32 9 #0
; CHECK-NEXT: @hidden = hidden global i8 1
; CHECK-NEXT: @tls = thread_local(initialexec) global i32 0
; CHECK: attributes #0 = { "nvvm.managed" }
