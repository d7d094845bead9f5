; An unknown analysis name for --print is a usage error (exit 2) listing the known ones; nothing is printed.
; RUN: analyze %s --print frobnicate
; EXIT: 2

define void @f() {
entry:
  ret void
}

; ERR: error: invalid value 'frobnicate' for '--print <ANALYSIS>'
; ERR-NEXT: [possible values: uniformity, domtree, postdomtree, loops, regions, cfg-dot, liveness]
; CHECK-NOT: {{.}}
