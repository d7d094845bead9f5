; --list-knobs prints every knob with its default and seed.
; RUN: opt %s --list-knobs
define void @f() {
  ret void
}
; CHECK: structurizecfg-skip-uniform-regions {{.*}} default false {{.*}}[seed 003]
; CHECK: structurizecfg-relaxed-uniform-regions {{.*}} default true {{.*}}[seed 003]
; CHECK: enable-shrink-wrap {{.*}} default 0 {{.*}}[seed 003]
; CHECK: structurizecfg-allow-irreducible {{.*}} default false {{.*}}[simtc]
