; NVPTX expands a memcpy or memmove into loads and stores, and ptxas
; issues the loads before the stores: each word of the copy holds a
; register (up to 16; a copy NVPTX makes a loop of, 128 bytes and more or
; a length known at run time only, as many, ptxas unrolling the loop).
; Application code makes such copies where it assigns a struct whole:
; `out[i] = in[i]` of a 32-byte particle (clang -O3's IR below) takes 20
; registers; the estimate was 10 without the copy's words, is 18 with
; them.
; RUN: %divopt-opt -passes='print<divopt-cost>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %if ptxas %{ %llvm_tools/llc -O3 -mtriple=nvptx64 -mcpu=sm_90 %s -o %t.ptx %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTXAS %}

; CHECK: divopt-cost: function 'copyParticles' registers=18
; CHECK: divopt-cost: function 'copyEight' registers=8
; CHECK: divopt-cost: function 'copyLoop' registers=22
; CHECK: divopt-cost: function 'copyRuntime' registers=22

; PTXAS: Compiling entry function 'copyRuntime'
; PTXAS: Used 22 registers
; PTXAS: Compiling entry function 'copyLoop'
; PTXAS: Used 26 registers
; PTXAS: Compiling entry function 'copyEight'
; PTXAS: Used 8 registers
; PTXAS: Compiling entry function 'copyParticles'
; PTXAS: Used 20 registers

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Particle = type { float, float, float, float, float, float, float, float }

define ptx_kernel void @copyParticles(ptr readonly %in, ptr writeonly %out, i32 %n) #0 {
entry:
  %b = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %d = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bd = mul i32 %b, %d
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %bd, %t
  %in.range = icmp slt i32 %i, %n
  br i1 %in.range, label %copy, label %done

copy:
  %i64 = sext i32 %i to i64
  %dst = getelementptr inbounds %struct.Particle, ptr %out, i64 %i64
  %src = getelementptr inbounds %struct.Particle, ptr %in, i64 %i64
  tail call void @llvm.memcpy.p0.p0.i64(ptr nonnull align 4 dereferenceable(32) %dst, ptr nonnull align 4 dereferenceable(32) %src, i64 32, i1 false)
  br label %done

done:
  ret void
}

; 8 bytes aligned to 16: one 64-bit load and store.
define ptx_kernel void @copyEight(ptr addrspace(1) %out, ptr addrspace(1) %in) #0 {
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 16 %out, ptr addrspace(1) align 16 %in, i64 8, i1 false)
  ret void
}

; 512 bytes: a loop.
define ptx_kernel void @copyLoop(ptr addrspace(1) %out, ptr addrspace(1) %in) #0 {
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 16 %out, ptr addrspace(1) align 16 %in, i64 512, i1 false)
  ret void
}

; A length known at run time only: a loop.
define ptx_kernel void @copyRuntime(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %n) #0 {
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 4 %out, ptr addrspace(1) align 4 %in, i64 %n, i1 false)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) noalias writeonly captures(none), ptr addrspace(1) noalias readonly captures(none), i64, i1 immarg)
declare void @llvm.memmove.p1.p1.i64(ptr addrspace(1) writeonly captures(none), ptr addrspace(1) readonly captures(none), i64, i1 immarg)

attributes #0 = { "target-cpu"="sm_90" }
