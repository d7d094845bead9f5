; A personality function on a definition is rejected as unsupported at the `personality` keyword.
; RUN: opt %s --passes verify
; EXIT: 1

declare i32 @__gxx_personality_v0(...)

define void @f() personality ptr @__gxx_personality_v0 {
  ret void
}

; ERR: {{.*}}unsupported_personality.ll:7:18: error: unsupported: personality functions (exception handling cannot reach a GPU)
; ERR-NEXT: define void @f() personality ptr @__gxx_personality_v0 {
; ERR-NEXT:                  ^~~~~~~~~~~
