; kernel-split<threshold=X;launch-overhead=P;force>: the threshold decides,
; launch-overhead charges each extra kernel, force bypasses the cost model
; (never legality), and a bad parameter is an error that names it. The
; kernel's arms are alike (one multiply each): no occupancy to win.
; RUN: %divopt-opt -passes=kernel-split -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REFUSED
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll
; RUN: %divopt-opt -passes='kernel-split<threshold=0.5;launch-overhead=0>' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=LOW
; RUN: %divopt-opt -passes='kernel-split<launch-overhead=50>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=OVERHEAD
; RUN: %divopt-opt -passes='kernel-split<threshold=5;force>' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=FORCE
; RUN: %divopt-opt -passes='kernel-split<threshold=1.5;force>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: not %divopt-opt -passes='kernel-split<threshold=fast>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-NUM
; RUN: not %divopt-opt -passes='kernel-split<threshold=0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-RANGE
; RUN: not %divopt-opt -passes='kernel-split<launch-overhead=101>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-OVERHEAD
; RUN: not %divopt-opt -passes='kernel-split<force=1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-FLAG
; RUN: not %divopt-opt -passes='kernel-split<aggressive>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-KEY

; REFUSED: remark: <unknown>:0:0: kernel k not split at this divergent branch: unprofitable: registers {{[0-9]+}} -> {{[0-9]+}} (then), {{[0-9]+}} (else); occupancy 100.0% -> 100.0% (then), 100.0% (else) at 256 threads/block (reqntid) on sm_90; cost {{.*}}, 3% per extra launch; predicted speedup 0.{{[0-9]+}}x (threshold 1.10x)
; LOW: remark: <unknown>:0:0: kernel k split into k_$_divopt_$_then, k_$_divopt_$_else (launched in this order for k): {{.*}}, 0% per extra launch; predicted speedup {{.*}} (threshold 0.50x){{$}}
; OVERHEAD: 50% per extra launch; predicted speedup 0.{{[0-9]+}}x (threshold 1.10x)
; FORCE: remark: <unknown>:0:0: kernel k split into {{.*}} (threshold 5.00x) (forced)
; PRINT: kernel-split<threshold=1.5;launch-overhead=3;force>
; ERR-NUM: invalid kernel-split parameter: 'threshold' needs a decimal number (digits, at most one '.'), as in threshold=0.01
; ERR-RANGE: invalid kernel-split parameter: 'threshold=0' is out of range [0.01, 100]
; ERR-OVERHEAD: invalid kernel-split parameter: 'launch-overhead=101' is out of range [0, 100]
; ERR-FLAG: invalid kernel-split parameter: 'force' is a flag and takes no value
; ERR-KEY: invalid kernel-split parameter: unknown parameter 'aggressive'; expected threshold=<x>, launch-overhead=<percent> or force

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) noalias readonly %flag, ptr addrspace(1) noalias %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %fp = getelementptr i32, ptr addrspace(1) %flag, i32 %tid
  %f = load i32, ptr addrspace(1) %fp, align 4
  %c = icmp eq i32 %f, 0
  br i1 %c, label %then, label %else
then:
  %a = mul i32 %tid, 3
  br label %join
else:
  %b = mul i32 %tid, 5
  br label %join
join:
  %v = phi i32 [ %a, %then ], [ %b, %else ]
  %op = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %op, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Launched with 256 threads a block, as the numbers above assume.
attributes #0 = { "nvvm.reqntid"="256" }
