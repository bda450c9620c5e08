; Opcode switches (an interpreter's), of five dense cases: SelectionDAG
; dispatches such a switch through a jump table (brx.idx).
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @perLane(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
  ]

op0:
  %r0 = fadd float %a, 1.0
  br label %join

op1:
  %r1 = fsub float %a, 2.0
  br label %join

op2:
  %r2 = fmul float %a, 3.0
  br label %join

op3:
  %r3 = fdiv float %a, 5.0
  br label %join

op4:
  %r4 = call float @llvm.minnum.f32(float %a, float 4.0)
  br label %join

join:
  %r = phi float [ %r0, %op0 ], [ %r1, %op1 ], [ %r2, %op2 ], [ %r3, %op3 ], [ %r4, %op4 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @perBlock(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %b
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
  ]

op0:
  %r0 = fadd float %a, 1.0
  br label %join

op1:
  %r1 = fsub float %a, 2.0
  br label %join

op2:
  %r2 = fmul float %a, 3.0
  br label %join

op3:
  %r3 = fdiv float %a, 5.0
  br label %join

op4:
  %r4 = call float @llvm.minnum.f32(float %a, float 4.0)
  br label %join

join:
  %r = phi float [ %r0, %op0 ], [ %r1, %op1 ], [ %r2, %op2 ], [ %r3, %op3 ], [ %r4, %op4 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @both(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
  ]

op0:
  %r0 = fadd float %a, 1.0
  br label %join

op1:
  %r1 = fsub float %a, 2.0
  br label %join

op2:
  %r2 = fmul float %a, 3.0
  br label %join

op3:
  %r3 = fdiv float %a, 5.0
  br label %join

op4:
  %r4 = call float @llvm.minnum.f32(float %a, float 4.0)
  br label %join

join:
  %r = phi float [ %r0, %op0 ], [ %r1, %op1 ], [ %r2, %op2 ], [ %r3, %op3 ], [ %r4, %op4 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %pu = getelementptr i32, ptr addrspace(1) %code, i32 %b
  %u = load i32, ptr addrspace(1) %pu
  switch i32 %u, label %ujoin [
    i32 0, label %u0
    i32 1, label %u1
    i32 2, label %u2
    i32 3, label %u3
    i32 4, label %u4
  ]

u0:
  store float 1.0, ptr addrspace(1) %out
  br label %ujoin
u1:
  store float 2.0, ptr addrspace(1) %out
  br label %ujoin
u2:
  store float 3.0, ptr addrspace(1) %out
  br label %ujoin
u3:
  store float 4.0, ptr addrspace(1) %out
  br label %ujoin
u4:
  store float 5.0, ptr addrspace(1) %out
  br label %ujoin

ujoin:
  ret void
}

define ptx_kernel void @threeCases(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
  ]

op0:
  %r0 = fadd float %a, 1.0
  br label %join

op1:
  %r1 = fsub float %a, 2.0
  br label %join

op2:
  %r2 = fmul float %a, 3.0
  br label %join

join:
  %r = phi float [ %r0, %op0 ], [ %r1, %op1 ], [ %r2, %op2 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @sparse(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1000, label %op1
    i32 2000, label %op2
    i32 3000, label %op3
    i32 4000, label %op4
  ]

op0:
  %r0 = fadd float %a, 1.0
  br label %join

op1:
  %r1 = fsub float %a, 2.0
  br label %join

op2:
  %r2 = fmul float %a, 3.0
  br label %join

op3:
  %r3 = fdiv float %a, 5.0
  br label %join

op4:
  %r4 = call float @llvm.minnum.f32(float %a, float 4.0)
  br label %join

join:
  %r = phi float [ %r0, %op0 ], [ %r1, %op1 ], [ %r2, %op2 ], [ %r3, %op3 ], [ %r4, %op4 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; Cases at both ends of i64: a range that does not fit in 64 bits.
define ptx_kernel void @wideRange(ptr addrspace(1) %code, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i64, ptr addrspace(1) %code, i32 %t
  %op = load i64, ptr addrspace(1) %pc
  switch i64 %op, label %join [
    i64 -9223372036854775808, label %a
    i64 -1, label %b
    i64 0, label %c
    i64 9223372036854775807, label %d
  ]

a:
  br label %join
b:
  br label %join
c:
  br label %join
d:
  br label %join

join:
  %r = phi float [ 1.0, %a ], [ 2.0, %b ], [ 3.0, %c ], [ 4.0, %d ], [ 0.0, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; A stack machine's switch: each way loads its operands from the lane's
; stack and stores its result there.
define ptx_kernel void @stackMachine(ptr addrspace(1) %code, ptr addrspace(1) %stack) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %top = getelementptr float, ptr addrspace(1) %stack, i32 %t
  %a = load float, ptr addrspace(1) %top
  %below = getelementptr float, ptr addrspace(1) %top, i32 1
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
  ]

op0:
  %b0 = load float, ptr addrspace(1) %below
  %r0 = fadd float %a, %b0
  store float %r0, ptr addrspace(1) %below
  br label %join

op1:
  %b1 = load float, ptr addrspace(1) %below
  %r1 = fsub float %a, %b1
  store float %r1, ptr addrspace(1) %below
  br label %join

op2:
  %b2 = load float, ptr addrspace(1) %below
  %r2 = fmul float %a, %b2
  store float %r2, ptr addrspace(1) %below
  br label %join

op3:
  store float 1.0, ptr addrspace(1) %top
  br label %join

op4:
  %r4 = call float @llvm.minnum.f32(float %a, float 4.0)
  store float %r4, ptr addrspace(1) %top
  br label %join

join:
  ret void
}

; Small ways but one: op2 holds a loop (a slow path's, say), which runs its
; few instructions many times.
define ptx_kernel void @loopWay(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
  ]

op0:
  %r0 = fadd float %a, 1.0
  br label %join

op1:
  %r1 = fsub float %a, 2.0
  br label %join

op2:
  br label %halve

halve:
  %h = phi float [ %a, %op2 ], [ %h1, %halve ]
  %h1 = fmul float %h, 0.5
  %big = fcmp ogt float %h1, 1.0
  br i1 %big, label %halve, label %join

op3:
  %r3 = fdiv float %a, 5.0
  br label %join

op4:
  %r4 = call float @llvm.minnum.f32(float %a, float 4.0)
  br label %join

join:
  %r = phi float [ %r0, %op0 ], [ %r1, %op1 ], [ %h1, %halve ], [ %r3, %op3 ], [ %r4, %op4 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; Ways of 17 instructions each: over ways this large compares cost more
; than the jump table even where lanes disagree.
define ptx_kernel void @largeWays(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
  ]

op0:
  %r0_0 = fadd float %a, 1.0
  %r0_1 = fsub float %r0_0, 2.0
  %r0_2 = fmul float %r0_1, 3.0
  %r0_3 = fdiv float %r0_2, 4.0
  %r0_4 = fadd float %r0_3, 5.0
  %r0_5 = fadd float %r0_4, 6.0
  %r0_6 = fsub float %r0_5, 7.0
  %r0_7 = fmul float %r0_6, 8.0
  %r0_8 = fdiv float %r0_7, 9.0
  %r0_9 = fadd float %r0_8, 10.0
  %r0_10 = fadd float %r0_9, 11.0
  %r0_11 = fsub float %r0_10, 12.0
  %r0_12 = fmul float %r0_11, 13.0
  %r0_13 = fdiv float %r0_12, 14.0
  %r0_14 = fadd float %r0_13, 15.0
  %r0_15 = fadd float %r0_14, 16.0
  %r0_16 = fsub float %r0_15, 17.0
  br label %join

op1:
  %r1_0 = fsub float %a, 2.0
  %r1_1 = fmul float %r1_0, 3.0
  %r1_2 = fdiv float %r1_1, 4.0
  %r1_3 = fadd float %r1_2, 5.0
  %r1_4 = fadd float %r1_3, 6.0
  %r1_5 = fsub float %r1_4, 7.0
  %r1_6 = fmul float %r1_5, 8.0
  %r1_7 = fdiv float %r1_6, 9.0
  %r1_8 = fadd float %r1_7, 10.0
  %r1_9 = fadd float %r1_8, 11.0
  %r1_10 = fsub float %r1_9, 12.0
  %r1_11 = fmul float %r1_10, 13.0
  %r1_12 = fdiv float %r1_11, 14.0
  %r1_13 = fadd float %r1_12, 15.0
  %r1_14 = fadd float %r1_13, 16.0
  %r1_15 = fsub float %r1_14, 17.0
  %r1_16 = fmul float %r1_15, 18.0
  br label %join

op2:
  %r2_0 = fmul float %a, 3.0
  %r2_1 = fdiv float %r2_0, 4.0
  %r2_2 = fadd float %r2_1, 5.0
  %r2_3 = fadd float %r2_2, 6.0
  %r2_4 = fsub float %r2_3, 7.0
  %r2_5 = fmul float %r2_4, 8.0
  %r2_6 = fdiv float %r2_5, 9.0
  %r2_7 = fadd float %r2_6, 10.0
  %r2_8 = fadd float %r2_7, 11.0
  %r2_9 = fsub float %r2_8, 12.0
  %r2_10 = fmul float %r2_9, 13.0
  %r2_11 = fdiv float %r2_10, 14.0
  %r2_12 = fadd float %r2_11, 15.0
  %r2_13 = fadd float %r2_12, 16.0
  %r2_14 = fsub float %r2_13, 17.0
  %r2_15 = fmul float %r2_14, 18.0
  %r2_16 = fdiv float %r2_15, 19.0
  br label %join

op3:
  %r3_0 = fdiv float %a, 4.0
  %r3_1 = fadd float %r3_0, 5.0
  %r3_2 = fadd float %r3_1, 6.0
  %r3_3 = fsub float %r3_2, 7.0
  %r3_4 = fmul float %r3_3, 8.0
  %r3_5 = fdiv float %r3_4, 9.0
  %r3_6 = fadd float %r3_5, 10.0
  %r3_7 = fadd float %r3_6, 11.0
  %r3_8 = fsub float %r3_7, 12.0
  %r3_9 = fmul float %r3_8, 13.0
  %r3_10 = fdiv float %r3_9, 14.0
  %r3_11 = fadd float %r3_10, 15.0
  %r3_12 = fadd float %r3_11, 16.0
  %r3_13 = fsub float %r3_12, 17.0
  %r3_14 = fmul float %r3_13, 18.0
  %r3_15 = fdiv float %r3_14, 19.0
  %r3_16 = fadd float %r3_15, 20.0
  br label %join

op4:
  %r4_0 = fadd float %a, 5.0
  %r4_1 = fadd float %r4_0, 6.0
  %r4_2 = fsub float %r4_1, 7.0
  %r4_3 = fmul float %r4_2, 8.0
  %r4_4 = fdiv float %r4_3, 9.0
  %r4_5 = fadd float %r4_4, 10.0
  %r4_6 = fadd float %r4_5, 11.0
  %r4_7 = fsub float %r4_6, 12.0
  %r4_8 = fmul float %r4_7, 13.0
  %r4_9 = fdiv float %r4_8, 14.0
  %r4_10 = fadd float %r4_9, 15.0
  %r4_11 = fadd float %r4_10, 16.0
  %r4_12 = fsub float %r4_11, 17.0
  %r4_13 = fmul float %r4_12, 18.0
  %r4_14 = fdiv float %r4_13, 19.0
  %r4_15 = fadd float %r4_14, 20.0
  %r4_16 = fadd float %r4_15, 21.0
  br label %join

join:
  %r = phi float [ %r0_16, %op0 ], [ %r1_16, %op1 ], [ %r2_16, %op2 ], [ %r3_16, %op3 ], [ %r4_16, %op4 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; Three of five ways hold a loop: the median way does.
define ptx_kernel void @loopWays(ptr addrspace(1) %code, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %t
  %a = load float, ptr addrspace(1) %pa
  switch i32 %op, label %join [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %op2
    i32 3, label %op3
    i32 4, label %op4
  ]

op0:
  br label %loop0

loop0:
  %h0 = phi float [ %a, %op0 ], [ %h0n, %loop0 ]
  %h0n = fmul float %h0, 0.5
  %big0 = fcmp ogt float %h0n, 1.0
  br i1 %big0, label %loop0, label %join

op1:
  br label %loop1

loop1:
  %h1 = phi float [ %a, %op1 ], [ %h1n, %loop1 ]
  %h1n = fmul float %h1, 0.75
  %big1 = fcmp ogt float %h1n, 1.0
  br i1 %big1, label %loop1, label %join

op2:
  br label %loop2

loop2:
  %h2 = phi float [ %a, %op2 ], [ %h2n, %loop2 ]
  %h2n = fmul float %h2, 0.25
  %big2 = fcmp ogt float %h2n, 1.0
  br i1 %big2, label %loop2, label %join

op3:
  %r3 = fadd float %a, 3.0
  br label %join

op4:
  %r4 = fadd float %a, 4.0
  br label %join

join:
  %r = phi float [ %h0n, %loop0 ], [ %h1n, %loop1 ], [ %h2n, %loop2 ], [ %r3, %op3 ], [ %r4, %op4 ], [ %a, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)

; An interpreter's loop whose switch has three ways that halt: they leave
; the loop, and what runs after it is no way's code. The ways that stay
; are small: compares.
define ptx_kernel void @exitWays(ptr addrspace(1) %code, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %row = mul i32 %i, 1024
  %idx = add i32 %row, %t
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %idx
  %op = load i32, ptr addrspace(1) %pc
  switch i32 %op, label %latch [
    i32 0, label %op0
    i32 1, label %op1
    i32 2, label %halt2
    i32 3, label %halt3
    i32 4, label %halt4
  ]

op0:
  %a0 = fadd float %acc, 1.0
  br label %latch

op1:
  %a1 = fmul float %acc, 2.0
  br label %latch

latch:
  %acc.next = phi float [ %a0, %op0 ], [ %a1, %op1 ], [ %acc, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 64
  br i1 %more, label %loop, label %done

halt2:
  %r2 = fadd float %acc, 3.0
  br label %done

halt3:
  %r3 = fmul float %acc, 4.0
  br label %done

halt4:
  %r4 = fsub float %acc, 5.0
  br label %done

done:
  %r = phi float [ %acc.next, %latch ], [ %r2, %halt2 ], [ %r3, %halt3 ], [ %r4, %halt4 ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}
