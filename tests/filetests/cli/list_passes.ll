; `--list-passes` prints every registered pass with its description and exits without reading the input.
; RUN: opt %s --list-passes

; CHECK: verify {{ +}}check IR invariants (types, SSA dominance, terminators, phis, metadata)
; CHECK-NEXT: dce {{ +}}delete unreachable blocks and dead pure instructions (including dead phi cycles)
