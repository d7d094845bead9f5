; `--print-after` and `--disable-pass` must name registered passes: a usage error (exit 2).
; RUN: opt %s --passes dce --print-after nosuchpass
; EXIT: 2

define void @f() {
  ret void
}

; ERR: simtc: error: unknown pass 'nosuchpass' (known passes: verify, dce, simplifycfg, nvvm-reflect, lower-mem-intrinsics, expand-reductions, lower-switch, unify-exits, structurizecfg, structured-layout, darm, cssa, licm, lsr, gep-reassociate, load-store-vectorize, bypass-slow-division)
