; A byval kernel parameter whose address escapes (stored, passed to a call) is copied into the local depot on
; entry (ld.param / st.local per 8-byte chunk); uses then address the copy.
; RUN: compile %s --mcpu sm_80

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { i64, i64, i32 }

define void @sink(ptr %p) noinline {
  %v = load i64, ptr %p, align 8
  store i64 %v, ptr %p, align 8
  ret void
}

define ptx_kernel void @escape(ptr byval(%struct.P) align 8 %p, ptr %out) {
  call void @sink(ptr %p)
  %pi = getelementptr inbounds %struct.P, ptr %p, i64 0, i32 2
  %i = load i32, ptr %pi, align 8
  store i32 %i, ptr %out
  ret void
}

; CHECK-LABEL: .visible .entry escape(
; CHECK: .param .align 8 .b8 escape_param_0[24]
; CHECK: .local .align 8 .b8 __local_depot1[24];
; CHECK: mov.u64 %SPL, __local_depot1;
; CHECK-NEXT: ld.param.b64 {{%rd[0-9]+}}, [escape_param_0];
; CHECK-NEXT: st.local.b64 [%SPL], {{%rd[0-9]+}};
; CHECK-NEXT: ld.param.b64 {{%rd[0-9]+}}, [escape_param_0+8];
; CHECK-NEXT: st.local.b64 [%SPL+8], {{%rd[0-9]+}};
; CHECK-NEXT: ld.param.b64 {{%rd[0-9]+}}, [escape_param_0+16];
; CHECK-NEXT: st.local.b64 [%SPL+16], {{%rd[0-9]+}};
; CHECK-NEXT: add.u64 {{%rd[0-9]+}}, %SPL, 0;
; The escaping address is the copy's generic address.
; CHECK: cvta.local.u64
; CHECK-NEXT: st.param.b64 [param0],
; CHECK-NEXT: call.uni sink, (param0);
; CHECK: ld.local.u32 {{%r[0-9]+}}, [%SPL+16];
