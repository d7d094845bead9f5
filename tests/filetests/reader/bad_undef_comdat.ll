; A global naming a comdat that is never defined (explicitly, or implicitly through its own name) is rejected at the reference.
; RUN: opt %s --passes verify
; EXIT: 1

$defined = comdat any

@a = linkonce_odr global i32 0, comdat($defined)
@b = linkonce_odr global i32 0, comdat($missing)

; ERR: {{.*}}bad_undef_comdat.ll:8:40: error: use of undefined comdat '$missing'
; ERR-NEXT: @b = linkonce_odr global i32 0, comdat($missing)
; ERR-NEXT:                                        ^~~~~~~~
