; An unknown --disable-pass name is a usage error (exit 2) that lists the valid IR and MIR pass names; a
; mandatory pass cannot be disabled.
; RUN: compile %s --disable-pass gvn
; EXIT: 2

define ptx_kernel void @k() {
  ret void
}

; ERR: simtc: error: unknown pass 'gvn' (valid passes: verify, dce, simplifycfg, lower-switch, unify-exits, structurizecfg, peephole, out-of-ssa, machine-dce, branch-fold)
