; divopt-cleanup runs instcombine and simplifycfg on the functions a DivOpt
; transform changed, and on no other: -O3 already cleaned those, and
; cleaning them again changed a fast-math kernel no transform touched in
; the last bits (fuzz seed 596). The list of functions to clean is a
; module's named metadata, which the cleanup takes off.
; RUN: %divopt-opt -passes='function(branch-dist<force>,divopt-cleanup)' -S %s -o - | FileCheck %s
; RUN: %divopt-opt -passes='function(branch-dist<force>)' -S %s -o - | FileCheck %s --check-prefix=LISTED
; RUN: %divopt-opt -passes='function(divopt-cleanup)' -S %s -o - | FileCheck %s --check-prefix=NONE
; RUN: %divopt-opt -passes='function(branch-dist<force>,divopt-cleanup)' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PRINT

target triple = "nvptx64-nvidia-cuda"

; Distributed, then cleaned: the melded arms' single-entry PHI is gone and
; the foldable add with it.
; CHECK-LABEL: define ptx_kernel void @changed(
; CHECK-NOT:     phi
; CHECK-NOT:     add i32 %v, 0
; CHECK:         ret void
define ptx_kernel void @changed(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %z = add i32 %v, 0
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %t1 = mul i32 %z, 7
  %t2 = xor i32 %t1, %tid
  br label %join
else:
  %e1 = mul i32 %z, 9
  %e2 = xor i32 %e1, %tid
  br label %join
join:
  %r = phi i32 [ %t2, %then ], [ %e2, %else ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o
  ret void
}

; No transform touched it: the foldable add stays.
; CHECK-LABEL: define ptx_kernel void @untouched(
; CHECK:         %z = add i32 %v, 0
; NONE-LABEL:  define ptx_kernel void @untouched(
; NONE:          %z = add i32 %v, 0
define ptx_kernel void @untouched(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %z = add i32 %v, 0
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %z, ptr addrspace(1) %o
  ret void
}

; CHECK-NOT: !divopt.cleanup
; Without the cleanup the list stays, naming the changed function.
; LISTED: !divopt.cleanup = !{![[N:[0-9]+]]}
; LISTED: ![[N]] = !{ptr @changed}
; NONE-NOT: !divopt.cleanup
; PRINT: function(branch-dist<{{.*}}>,divopt-cleanup)

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
