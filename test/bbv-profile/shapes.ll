; bbv-profile on control flow that has no single exit: an irreducible
; cycle, a switch, a kernel that never returns, and a trap. The copies are
; valid IR (opt verifies them), every block has its counter, and only the
; returns write the counters out.
; RUN: %divopt-opt -passes=bbv-profile,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: @"irreducible_$_divopt_$_bbv_$_map" = {{.*}}block 0 entry {{.*}}block 1 a {{.*}}block 2 b {{.*}}block 3 exit
define ptx_kernel void @irreducible(i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %b
a:
  br i1 %d, label %b, label %exit
b:
  br i1 %d, label %a, label %exit
exit:
  ret void
}

; CHECK: @"switch_$_divopt_$_bbv_$_map" = {{.*}}block 3 two {{.*}}block 4 done
define ptx_kernel void @switch(i32 %x, ptr addrspace(1) %p) {
entry:
  switch i32 %x, label %done [ i32 0, label %zero
                               i32 1, label %one
                               i32 2, label %two ]
zero:
  store i32 0, ptr addrspace(1) %p
  br label %done
one:
  ret void
two:
  unreachable
done:
  ret void
}

define ptx_kernel void @forever(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  store volatile i32 1, ptr addrspace(1) %p
  br label %loop
}

; Two returns, two write-outs; the trap and the endless loop write none.
; CHECK-LABEL: define ptx_kernel void @"switch_$_divopt_$_bbv"(
; CHECK: one:
; CHECK: getelementptr inbounds i32, ptr %divopt.counters
; CHECK: ret void
; CHECK: two:
; CHECK-NOT: getelementptr inbounds i32, ptr %divopt.counters
; CHECK: unreachable
; CHECK: done:
; CHECK: getelementptr inbounds i32, ptr %divopt.counters
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @"forever_$_divopt_$_bbv"(
; CHECK-NOT: getelementptr inbounds i32, ptr %divopt.counters
; CHECK: }
