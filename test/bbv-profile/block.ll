; bbv-profile<block=N> counts in every thread but writes only from CTA N
; (linear block index), to the row of the thread within its block (3
; counters, then the address its store sampled, in two words).
; RUN: %divopt-opt -passes='bbv-profile<block=2>' -pass-remarks=divopt -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: remark: {{.*}} kernel k instrumented as k_$_divopt_$_bbv: 3 basic-block counters per thread, threads of block 2 only; map in k_$_divopt_$_bbv_$_map

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  store i32 1, ptr addrspace(1) %out
  ret void
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_bbv"(ptr addrspace(1) %out, i1 %c, ptr %divopt.counters)
; CHECK: %divopt.ctaid = add i64
; CHECK: %divopt.profiled = icmp eq i64 %divopt.ctaid, 2
; Both returns write, each under the CTA test.
; CHECK: then:
; CHECK: br i1 %divopt.profiled, label %[[W1:.+]], label %[[R1:.+]]
; CHECK: [[W1]]:
; CHECK-NEXT: %[[ROW:.+]] = mul i64 %divopt.tid, 5
; CHECK-NEXT: getelementptr inbounds i32, ptr %divopt.counters, i64 %[[ROW]]
; CHECK: br label %[[R1]]
; CHECK: [[R1]]:
; CHECK-NEXT: ret void
; CHECK: exit:
; CHECK: br i1 %divopt.profiled, label %[[W2:.+]], label %[[R2:.+]]
; CHECK: [[W2]]:
; CHECK-NEXT: mul i64 %divopt.tid, 5
; CHECK: [[R2]]:
; CHECK-NEXT: ret void
