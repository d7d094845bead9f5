; An unknown pass name is a usage problem reported before anything runs: exit 1 with the list of known passes, nothing on stdout.
; RUN: opt %s --passes verify,frobnicate
; EXIT: 1

define void @f() {
  ret void
}

; ERR: simtc: error: unknown pass 'frobnicate' (known passes: verify, dce, simplifycfg, lower-switch, unify-exits, structurizecfg, cssa)
; CHECK-NOT: define
