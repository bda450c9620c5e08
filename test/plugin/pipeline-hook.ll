; The plugin hooks DivOpt at the optimizer-last extension point of the
; default pipelines; -divopt-auto=false takes it out, -divopt-pipeline picks
; the passes, and O0 runs nothing.
; RUN: %divopt-opt -passes='default<O3>' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=AUTO
; RUN: %divopt-opt -passes='default<O2>' -divopt-auto=false -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: %divopt-opt -passes='default<O0>' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF
; RUN: %divopt-opt -passes='default<O3>' -divopt-pipeline='print<divopt-divergence>' -disable-output %s | FileCheck %s --check-prefix=PICK
; RUN: %divopt-opt -passes=divopt -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=BYNAME

target triple = "nvptx64-nvidia-cuda"

; AUTO: Running pass: divopt::DivOptPipelinePass
; AUTO: Running pass: divopt::KernelSplitPass
; AUTO: Running pass: divopt::BranchDistributionPass on k
; AUTO: Running pass: divopt::IterationDelayPass on k
; AUTO: Running pass: divopt::LoopSplitPass on k
; AUTO: Running pass: divopt::DivergenceRemarksPass on k
; OFF-NOT: DivOpt
; PICK: divopt-divergence: function 'k'
; BYNAME: Running pass: divopt::DivOptPipelinePass
; BYNAME: Running pass: divopt::DivergenceRemarksPass on k
define ptx_kernel void @k(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %tid, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
