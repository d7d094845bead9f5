; An unknown --disable-pass name is a usage error (exit 2) that lists the valid IR and MIR pass names.
; RUN: compile %s --disable-pass no-such-pass
; EXIT: 2

define ptx_kernel void @k() {
  ret void
}

; ERR: simtc: error: unknown pass 'no-such-pass' (valid passes: verify, dce, simplifycfg, {{.*}}structurizecfg{{.*}}peephole, {{.*}}out-of-ssa{{.*}}branch-fold{{.*}})
