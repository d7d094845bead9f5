; A mandatory MIR pass cannot be disabled: usage error (exit 2) naming the optional ones.
; RUN: compile %s --disable-pass out-of-ssa
; EXIT: 2

define ptx_kernel void @k() {
  ret void
}

; ERR: simtc: error: pass 'out-of-ssa' is mandatory and cannot be disabled (optional passes: dce, simplifycfg, {{.*}}structurizecfg{{.*}}peephole{{.*}}machine-dce{{.*}})
