; thread-remap refuses, with a remark naming the reason, every kernel whose
; threads would notice being moved: threadIdx or blockIdx read outside the
; global index, other place registers, shared memory, barriers, warp votes,
; opaque calls, and kernels without a global index. Nothing is added.
; RUN: %divopt-opt -passes=thread-remap -pass-remarks-missed=divopt -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; CHECK-NOT: divopt_$_remap
; REMARK-DAG: remark: {{.*}} kernel tid_alone not remapped: llvm.nvvm.read.ptx.sreg.tid.x is used outside blockIdx.x*blockDim.x+threadIdx.x
; REMARK-DAG: remark: {{.*}} kernel ctaid_alone not remapped: llvm.nvvm.read.ptx.sreg.ctaid.x is used outside blockIdx.x*blockDim.x+threadIdx.x
; REMARK-DAG: remark: {{.*}} kernel two_d not remapped: reads llvm.nvvm.read.ptx.sreg.tid.y
; REMARK-DAG: remark: {{.*}} kernel lane not remapped: reads llvm.nvvm.read.ptx.sreg.laneid
; REMARK-DAG: remark: {{.*}} kernel shared not remapped: uses shared memory (shared with its block)
; REMARK-DAG: remark: {{.*}} kernel barrier not remapped: calls llvm.nvvm.barrier.cta.sync.aligned.all (a barrier, warp-collective or opaque call sees its block and warp)
; REMARK-DAG: remark: {{.*}} kernel vote not remapped: calls llvm.nvvm.vote.ballot.sync
; REMARK-DAG: remark: {{.*}} kernel opaque not remapped: calls helper
; REMARK-DAG: remark: {{.*}} kernel no_index not remapped: computes no blockIdx.x*blockDim.x+threadIdx.x

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef

; threadIdx.x alone indexes a per-block slot.
define ptx_kernel void @tid_alone(ptr addrspace(1) %a) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %b
  %g = add i32 %m, %t
  %w = zext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %a, i64 %w
  store i32 %g, ptr addrspace(1) %p
  ret void
}

; blockIdx.x alone (a per-block result).
define ptx_kernel void @ctaid_alone(ptr addrspace(1) %a) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %b
  %g = add i32 %m, %t
  %w = zext i32 %c to i64
  %p = getelementptr i32, ptr addrspace(1) %a, i64 %w
  store i32 %g, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @two_d(ptr addrspace(1) %a) {
  %gc = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %gb = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gm = mul i32 %gc, %gb
  %gt = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %gm, %gt
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %s = add i32 %g, %y
  store i32 %s, ptr addrspace(1) %a
  ret void
}

define ptx_kernel void @lane(ptr addrspace(1) %a) {
  %gc = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %gb = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gm = mul i32 %gc, %gb
  %gt = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %gm, %gt
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %s = add i32 %g, %l
  store i32 %s, ptr addrspace(1) %a
  ret void
}

define ptx_kernel void @shared(ptr addrspace(1) %a) {
  %gc = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %gb = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gm = mul i32 %gc, %gb
  %gt = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %gm, %gt
  %v = load float, ptr addrspace(3) @tile
  store float %v, ptr addrspace(1) %a
  ret void
}

define ptx_kernel void @barrier(ptr addrspace(1) %a) {
  %gc = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %gb = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gm = mul i32 %gc, %gb
  %gt = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %gm, %gt
  store i32 %g, ptr addrspace(1) %a
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

define ptx_kernel void @vote(ptr addrspace(1) %a) {
  %gc = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %gb = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gm = mul i32 %gc, %gb
  %gt = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %gm, %gt
  %odd = trunc i32 %g to i1
  %v = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %odd)
  store i32 %v, ptr addrspace(1) %a
  ret void
}

define ptx_kernel void @opaque(ptr addrspace(1) %a) {
  %gc = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %gb = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gm = mul i32 %gc, %gb
  %gt = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %gm, %gt
  call void @helper(ptr addrspace(1) %a)
  ret void
}

define ptx_kernel void @no_index(ptr addrspace(1) %a) {
  store i32 1, ptr addrspace(1) %a
  ret void
}

declare void @helper(ptr addrspace(1)) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) convergent
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) convergent
