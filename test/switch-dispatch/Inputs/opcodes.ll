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

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
