; branch-dist<threshold=X;max-arm-insts=N;force>: the threshold decides,
; max-arm-insts bounds the alignment, force bypasses the cost model (not
; legality), and a bad parameter is an error that names it.
; RUN: %divopt-opt -passes='branch-dist<threshold=1.05>' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=TAKEN
; RUN: %divopt-opt -passes='branch-dist<threshold=5>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=HIGH
; RUN: %divopt-opt -passes='branch-dist<threshold=5;force>' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=FORCE
; RUN: %divopt-opt -passes='branch-dist<max-arm-insts=3>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIMIT
; RUN: %divopt-opt -passes='branch-dist<threshold=1.5>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: not %divopt-opt -passes='branch-dist<threshold=fast>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-NUM
; RUN: not %divopt-opt -passes='branch-dist<threshold=0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-RANGE
; RUN: not %divopt-opt -passes='branch-dist<max-arm-insts=-4>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-INT
; RUN: not %divopt-opt -passes='branch-dist<force=1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-FLAG
; RUN: not %divopt-opt -passes='branch-dist<agressive>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-KEY

; TAKEN: remark: {{.*}} distributed divergent branch: melded 6 pairs {{.*}} (threshold 1.05x)
; HIGH: remark: {{.*}} not distributed: unprofitable: melded 6 pairs {{.*}} (threshold 5.00x)
; FORCE: remark: {{.*}} distributed divergent branch: {{.*}} (threshold 5.00x) (forced)
; LIMIT: remark: {{.*}} not distributed: an arm holds 6 instructions, more than max-arm-insts=3
; PRINT: branch-dist<threshold=1.5;max-arm-insts=1024>
; ERR-NUM: invalid branch-dist parameter: 'threshold' needs a decimal number (digits, at most one '.'), as in threshold=0.01
; ERR-RANGE: invalid branch-dist parameter: 'threshold=0' is out of range [0.01, 100]
; ERR-INT: invalid branch-dist parameter: 'max-arm-insts' needs a whole number (decimal digits), as in max-arm-insts=1
; ERR-FLAG: invalid branch-dist parameter: 'force' is a flag and takes no value
; ERR-KEY: invalid branch-dist parameter: unknown parameter 'agressive'; expected threshold=<x>, max-arm-insts=<n> or force

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 9
  br i1 %c, label %then, label %else

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
