; An unknown pass name is a usage error (exit 2) with the list of known passes, nothing on stdout.
; RUN: opt %s --passes verify,frobnicate
; EXIT: 2

define void @f() {
  ret void
}

; ERR: simtc: error: unknown pass 'frobnicate' (known passes: verify, dce, simplifycfg, nvvm-reflect, lower-mem-intrinsics, expand-reductions, lower-switch, unify-exits, structurizecfg, structured-layout, darm, cssa, licm, lsr, gep-reassociate, load-store-vectorize, bypass-slow-division)
; CHECK-NOT: define
