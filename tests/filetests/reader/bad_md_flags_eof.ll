!4 = !DILocation(line: DIFlagA |
; A metadata flag list cut off at the end of the file is a diagnostic, not a crash (found by fuzzing).
; RUN: opt %s --passes verify
; EXIT: 1
; ERR: {{.*}}bad_md_flags_eof.ll:{{[0-9]+}}:{{[0-9]+}}: error: expected flag after '|'
