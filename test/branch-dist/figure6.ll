; The seeds' Figure 6 shape: both arms run the same chain of operations on
; different constants. The chain is melded once, each pair of constants
; selected once on the branch condition, and the join PHI takes the melded
; value.
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt -S %s -o - 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %if ptxas %{ %divopt-opt -passes=branch-dist %s | llc -mtriple=nvptx64 -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @fig6(
; CHECK:       %odd = icmp ne i32 %bit, 0
; CHECK-NEXT:  [[K1:%.*]] = select i1 %odd, float 3.000000e+00, float 5.000000e+00
; CHECK-NEXT:  %a = fmul float %x, [[K1]]
; CHECK-NEXT:  [[K2:%.*]] = select i1 %odd, float 1.000000e+00, float -2.000000e+00
; CHECK-NEXT:  %a1 = fadd float %a, [[K2]]
; CHECK-NEXT:  %a2 = fmul float %a1, [[K1]]
; CHECK-NEXT:  %a3 = fadd float %a2, [[K2]]
; CHECK-NEXT:  %a4 = fmul float %a3, [[K1]]
; CHECK-NEXT:  %a5 = fadd float %a4, [[K2]]
; CHECK-NEXT:  br label %join
; CHECK:       join:
; CHECK-NEXT:  %v = phi float [ %a5, %entry ]
; CHECK-NOT:   then:
; CHECK-NOT:   else:
; REMARK: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 6+6 instructions with 2 selects, 0 divergent blocks remain; cost {{.*}} predicted speedup {{[0-9.]+}}x (threshold 1.05x)
define ptx_kernel void @fig6(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %bit = and i32 %tid, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %then, label %else

then:
  %a = fmul float %x, 3.0
  %a1 = fadd float %a, 1.0
  %a2 = fmul float %a1, 3.0
  %a3 = fadd float %a2, 1.0
  %a4 = fmul float %a3, 3.0
  %a5 = fadd float %a4, 1.0
  br label %join

else:
  %b = fmul float %x, 5.0
  %b1 = fadd float %b, -2.0
  %b2 = fmul float %b1, 5.0
  %b3 = fadd float %b2, -2.0
  %b4 = fmul float %b3, 5.0
  %b5 = fadd float %b4, -2.0
  br label %join

join:
  %v = phi float [ %a5, %then ], [ %b5, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "target-cpu"="sm_90" }
