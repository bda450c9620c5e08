; A -divopt-pipeline that runs no DivOpt pass is refused: default<O0>,
; lto<O2> or LLVM passes alone parse, and the compile would silently go
; without DivOpt. One DivOpt pass among LLVM's is enough, the remarks pass
; included.
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=default<O0>' -o %t.bc %s 2>&1 | FileCheck %s --check-prefix=O0
; RUN: not test -e %t.bc
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=lto<O2>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=LTO
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=function(instcombine,simplifycfg)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=LLVM
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=function()' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EMPTY
; RUN: %divopt-opt -passes='default<O3>' '-divopt-pipeline=function(instcombine,divopt-remarks)' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARKS
; RUN: %divopt-opt -passes='default<O3>' '-divopt-pipeline=function(branch-dist<force>)' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=ONE
; Without DivOpt, said so: nothing to refuse.
; RUN: %divopt-opt -passes='default<O3>' -divopt-auto=false -disable-output %s

; O0: invalid -divopt-pipeline 'default<O0>': it runs no DivOpt pass (kernel-split, branch-dist, iter-delay, loop-split, switch-dispatch, bbv-profile, thread-remap, divopt-remarks, ...); to compile without DivOpt, pass -divopt-auto=false
; LTO: invalid -divopt-pipeline 'lto<O2>': it runs no DivOpt pass
; LLVM: invalid -divopt-pipeline 'function(instcombine,simplifycfg)': it runs no DivOpt pass
; EMPTY: invalid -divopt-pipeline 'function()'
; REMARKS: Running pass: divopt::DivergenceRemarksPass on k
; ONE: Running pass: divopt::BranchDistributionPass on k

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
