; Atomic orderings the reader accepts but the IR forbids: release loads, acquire stores, unordered atomicrmw, monotonic fences, release cmpxchg failure.
; RUN: opt %s --passes verify
; EXIT: 1

define void @f(ptr %p) {
  %l = load atomic i32, ptr %p release, align 4
  store atomic i32 %l, ptr %p acquire, align 4
  %r = atomicrmw add ptr %p, i32 1 unordered
  fence monotonic
  %c = cmpxchg ptr %p, i32 0, i32 1 seq_cst release
  ret void
}

; ERR: {{.*}}atomic_orderings.ll:6:3: error: in function @f, block %bb0, instruction `%l = load i32, %p`: load cannot have release ordering
; ERR: {{.*}}atomic_orderings.ll:7:3: error: in function @f, block %bb0, instruction `store %l, %p`: store cannot have acquire ordering
; ERR: {{.*}}atomic_orderings.ll:8:3: error: in function @f, block %bb0, instruction `%r = atomicrmw add %p, 1`: atomicrmw must have at least monotonic ordering
; ERR: {{.*}}atomic_orderings.ll:9:3: error: in function @f, block %bb0, instruction `fence`: fence ordering must be acquire, release, acq_rel or seq_cst
; ERR: {{.*}}atomic_orderings.ll:10:3: error: in function @f, block %bb0, instruction `%c = cmpxchg %p, 0, 1`: cmpxchg failure ordering cannot be release
