; The issue cost of the NVVM intrinsics libdevice and the CUDA headers emit,
; by the SASS ptxas makes of them on sm_90 (checked with cuobjdump, 2026-11-27):
; none is a call. fabs and fneg are operand modifiers of the floating-point
; instruction that reads them (FFMA R7, |R0|, R7, 2; FSETP.GT |R0|, 1.5),
; and an instruction of their own only where something else reads them
; (a store: FADD R7, |R2|, -RZ). sqrt.approx.f32 is one MUFU.SQRT and,
; without ftz, four FP32 instructions that scale a denormal argument.
; Rounding to an integral value is FRND, on the conversion unit; a
; double's halves are register moves. Each block's terminator is a jump
; (0.5).
; RUN: %divopt-opt -passes='print<divopt-cost>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: divopt-cost: function 'intrinsics'
; CHECK-NEXT: block %entry: cost=0.5
; CHECK-NEXT: block %abs.fma: cost=1.5
; CHECK-NEXT: block %abs.cmp: cost=3.5
; CHECK-NEXT: block %abs.store: cost=5.5
; CHECK-NEXT: block %neg.mul: cost=1.5
; CHECK-NEXT: block %neg.select: cost=3.5
; CHECK-NEXT: block %sqrt: cost=12.5
; CHECK-NEXT: block %sqrt.ftz: cost=8.5
; CHECK-NEXT: block %convert: cost=8.5
; CHECK-NEXT: block %round: cost=8.5
; CHECK-NEXT: block %halves: cost=14.5
; CHECK-NEXT: block %int: cost=6.5
; CHECK-NEXT: block %warp: cost=10.5
; CHECK-NEXT: block %exit: cost=6.5
define ptx_kernel void @intrinsics(float %x, float %y, i32 %i, i1 %c, ptr addrspace(1) %out) {
entry:
  br label %abs.fma

abs.fma:                                ; fabs read by an fma: free; fma 1
  %a = call float @llvm.nvvm.fabs.f32(float %x)
  %f = call float @llvm.fma.f32(float %a, float %y, float 2.0)
  br label %abs.cmp

abs.cmp:                                ; fabs read by a compare: free; fcmp 1, select 2
  %b = call float @llvm.nvvm.fabs.f32(float %f)
  %gt = fcmp ogt float %b, 1.5
  %s = select i1 %gt, float %f, float %y
  br label %abs.store

abs.store:                              ; fabs stored: 1; store 4
  %d = call float @llvm.nvvm.fabs.f32(float %s)
  store float %d, ptr addrspace(1) %out
  br label %neg.mul

neg.mul:                                ; fneg read by fmul: free; fmul 1
  %n = fneg float %s
  %m = fmul float %n, %y
  br label %neg.select

neg.select:                             ; fneg read by a select: 1; select 2
  %n2 = fneg float %m
  %s2 = select i1 %c, float %n2, float %m
  br label %sqrt

sqrt:                                   ; MUFU 8 and 4 FP32
  %q = call float @llvm.nvvm.sqrt.approx.f(float %s2)
  br label %sqrt.ftz

sqrt.ftz:                               ; MUFU 8
  %q2 = call float @llvm.nvvm.sqrt.approx.ftz.f(float %q)
  br label %convert

convert:                                ; F2I 8
  %k = call i32 @llvm.nvvm.f2i.rn(float %q2)
  br label %round

round:                                  ; FRND 8
  %fl = call float @llvm.floor.f32(float %q2)
  br label %halves

halves:                                 ; F2F 8; a double's halves: three moves, 2 each
  %dd = fpext float %fl to double
  %lo = call i32 @llvm.nvvm.d2i.lo(double %dd)
  %hi = call i32 @llvm.nvvm.d2i.hi(double %dd)
  %back = call double @llvm.nvvm.lohi.i2d(i32 %lo, i32 %hi)
  br label %int

int:                                    ; IMAD.HI 2, PRMT 2, BREV 2
  %h = call i32 @llvm.nvvm.mulhi.ui(i32 %k, i32 %i)
  %p = call i32 @llvm.nvvm.prmt(i32 %h, i32 %i, i32 291)
  %r = call i32 @llvm.bitreverse.i32(i32 %p)
  br label %warp

warp:                                   ; SHFL 4, VOTE 2, REDUX 4
  %sh = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %r, i32 0, i32 31)
  %v = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %c)
  %rd = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 -1)
  br label %exit

exit:                                   ; add 2, store 4, ret 0.5
  %t = add i32 %sh, %rd
  store i32 %t, ptr addrspace(1) %out
  ret void
}

; A block's barrier (BAR.SYNC) issues once: the wait is the other warps'.
; __match_any_sync goes to the MIO pipe, as a shuffle. A struct copy of a
; constant length is the loads and stores NVPTX expands it into, one each
; per chunk of its alignment (at most 16 bytes); of a length known only at
; run time, a loop: costed as a call.
; CHECK-LABEL: divopt-cost: function 'sync_and_copies'
; CHECK-NEXT: block %entry: cost=0.5
; CHECK-NEXT: block %barrier: cost=2.5
; CHECK-NEXT: block %match: cost=4.5
; CHECK-NEXT: block %struct.copy: cost=64.5
; CHECK-NEXT: block %aligned.copy: cost=16.5
; CHECK-NEXT: block %clear: cost=32.5
; CHECK-NEXT: block %empty.copy: cost=0.5
; CHECK-NEXT: block %runtime.copy: cost=20.5
define ptx_kernel void @sync_and_copies(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %n, i32 %x) {
entry:
  br label %barrier

barrier:                                ; BAR.SYNC 2
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %match

match:                                  ; MATCH 4
  %m = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %x)
  br label %struct.copy

struct.copy:                            ; 32 bytes aligned to 4: 8 loads, 8 stores, 4 each
  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) align 4 %out, ptr addrspace(1) align 4 %in, i64 32, i1 false)
  br label %aligned.copy

aligned.copy:                           ; 32 bytes aligned to 16: 2 loads, 2 stores
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 16 %out, ptr addrspace(1) align 16 %in, i64 32, i1 false)
  br label %clear

clear:                                  ; 64 bytes aligned to 8: 8 stores
  call void @llvm.memset.p1.i64(ptr addrspace(1) align 8 %out, i8 0, i64 64, i1 false)
  br label %empty.copy

empty.copy:                             ; nothing
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %out, ptr addrspace(1) align 4 %in, i64 0, i1 false)
  br label %runtime.copy

runtime.copy:                           ; a loop: 20
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %out, ptr addrspace(1) align 4 %in, i64 %n, i1 false)
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare void @llvm.memmove.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memset.p1.i64(ptr addrspace(1), i8, i64, i1)
declare float @llvm.nvvm.fabs.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.sqrt.approx.ftz.f(float)
declare i32 @llvm.nvvm.f2i.rn(float)
declare float @llvm.floor.f32(float)
declare i32 @llvm.nvvm.d2i.lo(double)
declare i32 @llvm.nvvm.d2i.hi(double)
declare double @llvm.nvvm.lohi.i2d(i32, i32)
declare i32 @llvm.nvvm.mulhi.ui(i32, i32)
declare i32 @llvm.nvvm.prmt(i32, i32, i32)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
