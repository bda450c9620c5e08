; Loads and stores meld with selected addresses and values: each lane still
; loads and stores exactly what its arm did, in the same order. Selects of
; values from before the branch are made once, in the branch's block. A volatile
; store never melds with a plain one, nor atomics of different orderings;
; they stay in a diamond after the melded store.
; RUN: %divopt-opt -divopt-meld-speculate=false -passes='branch-dist<force>' -S %s -o - | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @mem(
; CHECK:         [[A:%.*]] = select i1 %c, ptr addrspace(1) %pa, ptr addrspace(1) %pb
; CHECK-NEXT:    %la = load float, ptr addrspace(1) [[A]], align 4
; CHECK-NEXT:    [[D:%.*]] = select i1 %c, ptr addrspace(1) %qa, ptr addrspace(1) %qb
; CHECK-NEXT:    br i1 %c, label %dist.then, label %dist.else
; CHECK:       dist.then:
; CHECK-NEXT:    %ma = fmul float %la, 2.000000e+00
; CHECK:       dist.else:
; CHECK-NEXT:    %mb = fmul float %la, 3.000000e+00
; CHECK:       dist.join:
; CHECK-NEXT:    [[V:%.*]] = phi float [ %ma, %dist.then ], [ %mb, %dist.else ]
; CHECK-NEXT:    store float [[V]], ptr addrspace(1) [[D]], align 4
; CHECK-NEXT:    br i1 %c, label %dist.then{{[0-9]+}}, label %dist.else{{[0-9]+}}
; CHECK:       dist.then{{[0-9]+}}:
; CHECK-NEXT:    store volatile i32 1, ptr addrspace(1) %flag
; CHECK-NEXT:    %o1 = atomicrmw add ptr addrspace(1) %cnt, i32 1 seq_cst
; CHECK:       dist.else{{[0-9]+}}:
; CHECK-NEXT:    store i32 1, ptr addrspace(1) %flag
; CHECK-NEXT:    %o2 = atomicrmw add ptr addrspace(1) %cnt, i32 1 monotonic
define ptx_kernel void @mem(ptr addrspace(1) %in, ptr addrspace(1) %out,
                            ptr addrspace(1) %flag, ptr addrspace(1) %cnt) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %t32 = add i32 %tid, 32
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %t32
  %qa = getelementptr float, ptr addrspace(1) %out, i32 %tid
  %qb = getelementptr float, ptr addrspace(1) %out, i32 %t32
  %bit = and i32 %tid, 1
  %c = icmp ne i32 %bit, 0
  br i1 %c, label %then, label %else

then:
  %la = load float, ptr addrspace(1) %pa, align 4
  %ma = fmul float %la, 2.0
  store float %ma, ptr addrspace(1) %qa, align 4
  store volatile i32 1, ptr addrspace(1) %flag
  %o1 = atomicrmw add ptr addrspace(1) %cnt, i32 1 seq_cst
  br label %join

else:
  %lb = load float, ptr addrspace(1) %pb, align 4
  %mb = fmul float %lb, 3.0
  store float %mb, ptr addrspace(1) %qb, align 4
  store i32 1, ptr addrspace(1) %flag
  %o2 = atomicrmw add ptr addrspace(1) %cnt, i32 1 monotonic
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
