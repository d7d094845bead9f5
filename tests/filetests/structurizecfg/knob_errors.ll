; An unknown knob is a usage error (exit 2) listing the valid knobs.
; RUN: opt %s --passes structurizecfg --knob no-such-knob=1
; EXIT: 2
define void @f() {
  ret void
}
; ERR: unknown knob 'no-such-knob'
; ERR: structurizecfg-skip-uniform-regions=<bool> (default false)
