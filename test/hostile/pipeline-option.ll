; Hostile values of -divopt-pipeline (the passes of the automatic
; pipeline): a bad one is an error that names it, not a crash and not a
; silent compile without DivOpt; DivOpt's own passes nested in it run.
; (-divopt-pipeline=default<O3> is in pipeline-option-recursive.ll.)
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline= ' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BLANK
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=function(branch-dist' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNBALANCED
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=branch-dist<force=1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PARAM
; RUN: %divopt-opt -passes='default<O3>' -divopt-pipeline=divopt -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=NESTED
; RUN: %divopt-opt -passes='default<O3>' '-divopt-pipeline=cgscc(function(branch-dist<force>))' -verify-each -disable-output %s
; RUN: %divopt-opt -passes='default<O0>' '-divopt-pipeline=no-such-pass' -disable-output %s

; BLANK: invalid -divopt-pipeline ' '
; UNBALANCED: invalid -divopt-pipeline 'function(branch-dist'
; PARAM: error: invalid branch-dist parameter: 'force' is a flag and takes no value
; NESTED: Running pass: divopt::DivOptPipelinePass
; NESTED: Running pass: divopt::DivOptPipelinePass
; NESTED: Running pass: divopt::BranchDistributionPass on k

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %tid, 3
  %pa = getelementptr i32, ptr addrspace(1) %out, i32 %a
  store i32 %a, ptr addrspace(1) %pa
  br label %join

else:
  %b = mul i32 %tid, 5
  %pb = getelementptr i32, ptr addrspace(1) %out, i32 %b
  store i32 %b, ptr addrspace(1) %pb
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
