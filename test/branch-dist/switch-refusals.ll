; Switches branch distribution leaves as they are, and why. Where the two-way
; branches a switch was lowered to meld nothing, the switch is put back
; exactly: the module is what it was, use-list order included.
; RUN: %divopt-opt -passes=branch-dist -pass-remarks-missed=divopt-branch-dist -preserve-ll-uselistorder -S %s -o %t.bd.ll 2>&1 | FileCheck %s
; RUN: %divopt-opt -passes=verify -preserve-ll-uselistorder -S %s -o %t.none.ll
; RUN: diff %t.none.ll %t.bd.ll
; A function lowers a bounded number of switches, each analysed afresh.
; RUN: %divopt-opt -passes=branch-dist -divopt-max-switch-lowerings=1 -pass-remarks-missed=divopt-branch-dist -disable-output %s 2>&1 | FileCheck %s --check-prefix=CAP

target triple = "nvptx64-nvidia-cuda"

; Three ways with no kind of instruction in common: not even lowered.
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: not lowered to two-way branches: no two of its ways hold an instruction of the same kind: nothing would meld
define ptx_kernel void @nothingInCommon(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  %m1 = add i32 %m, 1
  %e = sitofp i32 %m1 to float
  switch i32 %m, label %square [
    i32 0, label %inverse
    i32 1, label %root
  ]

inverse:
  %i = fdiv float 1.0, %e
  br label %join

root:
  %r = call float @llvm.sqrt.f32(float %e)
  br label %join

square:
  %s = fmul float %e, %e
  br label %join

join:
  %v = phi float [ %i, %inverse ], [ %r, %root ], [ %s, %square ]
  %m2 = mul i32 %m, 3
  %f = sitofp i32 %m2 to float
  %w = fadd float %v, %f
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %w, ptr addrspace(1) %po
  ret void
}

; Ways whose instructions are of one kind but pair with none of the
; other's: lowered, each branch refused, put back. %m is used before and
; after the switch, so that the switch's use sits in the middle of its use
; list.
; CHECK: remark: <unknown>:0:0: divergent switch (case 1 against default) not distributed: no instruction of one arm matches one of the other (2+2 instructions)
; CHECK: remark: <unknown>:0:0: divergent switch (case 0 against case 1 and default) not distributed: the arms' control flow differs; after aligning the arms' sub-regions (a lone one gets an empty copy in the other arm): no instruction of one arm matches one of the other
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: none of the 2 two-way branches its 3 ways lower to melds (2 tried, each with its remark): it stays a switch
define ptx_kernel void @noMatch(ptr addrspace(1) %in, ptr addrspace(1) %out, float %f, float %g, float %h) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  %e = sitofp i32 %m to float
  switch i32 %m, label %c [
    i32 0, label %a
    i32 1, label %b
  ]

a:
  %a1 = fmul float %e, %f
  %a2 = fadd float %a1, %g
  br label %join

b:
  %b1 = fmul float %g, %h
  %b2 = fadd float %e, %b1
  br label %join

c:
  %c1 = fmul float %f, %h
  %c2 = fadd float %c1, %c1
  br label %join

join:
  %v = phi float [ %a2, %a ], [ %b2, %b ], [ %c2, %c ]
  %n = add i32 %m, 7
  %po = getelementptr float, ptr addrspace(1) %out, i32 %n
  store float %v, ptr addrspace(1) %po
  ret void
}

; One way holds code; the others go straight to the join.
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: not lowered to two-way branches: the switch has one way that holds code: nothing to meld it with
define ptx_kernel void @oneWay(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  switch i32 %m, label %join [
    i32 0, label %work
    i32 1, label %join
  ]

work:
  %x = mul i32 %m, %m
  br label %join

join:
  %v = phi i32 [ %x, %work ], [ 0, %entry ], [ 0, %entry ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %po
  ret void
}

; Seventeen ways that hold code: more than a chain of two-way branches is
; worth (an interpreter of sixteen opcodes, any other opcode straight to
; the join, is lowered).
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: not lowered to two-way branches: the switch has 17 ways that hold code (at most 16 are lowered to two-way branches)
define ptx_kernel void @seventeenWays(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  switch i32 %m, label %w16 [
    i32 0, label %w0
    i32 1, label %w1
    i32 2, label %w2
    i32 3, label %w3
    i32 4, label %w4
    i32 5, label %w5
    i32 6, label %w6
    i32 7, label %w7
    i32 8, label %w8
    i32 9, label %w9
    i32 10, label %w10
    i32 11, label %w11
    i32 12, label %w12
    i32 13, label %w13
    i32 14, label %w14
    i32 15, label %w15
  ]

w0:
  %x0 = mul i32 %m, 3
  br label %join

w1:
  %x1 = mul i32 %m, 4
  br label %join

w2:
  %x2 = mul i32 %m, 5
  br label %join

w3:
  %x3 = mul i32 %m, 6
  br label %join

w4:
  %x4 = mul i32 %m, 7
  br label %join

w5:
  %x5 = mul i32 %m, 8
  br label %join

w6:
  %x6 = mul i32 %m, 9
  br label %join

w7:
  %x7 = mul i32 %m, 10
  br label %join

w8:
  %x8 = mul i32 %m, 11
  br label %join

w9:
  %x9 = mul i32 %m, 12
  br label %join

w10:
  %x10 = mul i32 %m, 13
  br label %join

w11:
  %x11 = mul i32 %m, 14
  br label %join

w12:
  %x12 = mul i32 %m, 15
  br label %join

w13:
  %x13 = mul i32 %m, 16
  br label %join

w14:
  %x14 = mul i32 %m, 17
  br label %join

w15:
  %x15 = mul i32 %m, 18
  br label %join

w16:
  %x16 = mul i32 %m, 19
  br label %join

join:
  %v = phi i32 [ %x0, %w0 ], [ %x1, %w1 ], [ %x2, %w2 ], [ %x3, %w3 ], [ %x4, %w4 ], [ %x5, %w5 ], [ %x6, %w6 ], [ %x7, %w7 ], [ %x8, %w8 ], [ %x9, %w9 ], [ %x10, %w10 ], [ %x11, %w11 ], [ %x12, %w12 ], [ %x13, %w13 ], [ %x14, %w14 ], [ %x15, %w15 ], [ %x16, %w16 ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %po
  ret void
}

; Thirty-three values to test for one way, no two consecutive (a run of
; three or more is one range test).
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: not lowered to two-way branches: its ways need 33 compares as two-way branches (at most 32)
define ptx_kernel void @manyValues(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  switch i32 %m, label %high [
    i32 0, label %low
    i32 2, label %low
    i32 4, label %low
    i32 6, label %low
    i32 8, label %low
    i32 10, label %low
    i32 12, label %low
    i32 14, label %low
    i32 16, label %low
    i32 18, label %low
    i32 20, label %low
    i32 22, label %low
    i32 24, label %low
    i32 26, label %low
    i32 28, label %low
    i32 30, label %low
    i32 32, label %low
    i32 34, label %low
    i32 36, label %low
    i32 38, label %low
    i32 40, label %low
    i32 42, label %low
    i32 44, label %low
    i32 46, label %low
    i32 48, label %low
    i32 50, label %low
    i32 52, label %low
    i32 54, label %low
    i32 56, label %low
    i32 58, label %low
    i32 60, label %low
    i32 62, label %low
    i32 64, label %low
  ]

low:
  %a = mul i32 %m, 3
  br label %join

high:
  %b = mul i32 %m, 5
  br label %join

join:
  %v = phi i32 [ %a, %low ], [ %b, %high ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %po
  ret void
}

; A way that returns early: the ways do not rejoin.
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: not lowered to two-way branches: the switch's ways do not rejoin
define ptx_kernel void @earlyReturn(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  switch i32 %m, label %c [
    i32 0, label %a
    i32 1, label %b
  ]

a:
  %x = mul i32 %m, 3
  br label %join

b:
  %y = mul i32 %m, 5
  br label %join

c:
  ret void

join:
  %v = phi i32 [ %x, %a ], [ %y, %b ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %po
  ret void
}

; Two switches in one function: with at most one lowered, the second is
; refused for it.
; CAP: remark: <unknown>:0:0: divergent switch not distributed: none of the 2 two-way branches its 3 ways lower to melds
; CAP: remark: <unknown>:0:0: divergent switch not distributed: not lowered to two-way branches: branch distribution lowers at most 1 switches of a function
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: none of the 2 two-way branches its 3 ways lower to melds
; CHECK: remark: <unknown>:0:0: divergent switch not distributed: none of the 2 two-way branches its 3 ways lower to melds
define ptx_kernel void @twoSwitches(ptr addrspace(1) %in, ptr addrspace(1) %out, float %f, float %g, float %h) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  %e = sitofp i32 %m to float
  switch i32 %m, label %c [
    i32 0, label %a
    i32 1, label %b
  ]

a:
  %a1 = fmul float %e, %f
  %a2 = fadd float %a1, %g
  br label %mid

b:
  %b1 = fmul float %g, %h
  %b2 = fadd float %e, %b1
  br label %mid

c:
  %c1 = fmul float %f, %h
  %c2 = fadd float %c1, %c1
  br label %mid

mid:
  %v = phi float [ %a2, %a ], [ %b2, %b ], [ %c2, %c ]
  %k = fptosi float %v to i32
  switch i32 %k, label %z [
    i32 0, label %x
    i32 1, label %y
  ]

x:
  %x1 = fmul float %v, %f
  %x2 = fadd float %x1, %g
  br label %join

y:
  %y1 = fmul float %g, %h
  %y2 = fadd float %v, %y1
  br label %join

z:
  %z1 = fmul float %f, %h
  %z2 = fadd float %z1, %z1
  br label %join

join:
  %w = phi float [ %x2, %x ], [ %y2, %y ], [ %z2, %z ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %w, ptr addrspace(1) %po
  ret void
}

; A switch on a kernel parameter is uniform: no remark, nothing lowered.
; CHECK-NOT: remark:
define ptx_kernel void @uniform(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %mode) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %m = load i32, ptr addrspace(1) %p
  switch i32 %mode, label %c [
    i32 0, label %a
    i32 1, label %b
  ]

a:
  %x = mul i32 %m, 3
  br label %join

b:
  %y = mul i32 %m, 5
  br label %join

c:
  %z = mul i32 %m, 7
  br label %join

join:
  %v = phi i32 [ %x, %a ], [ %y, %b ], [ %z, %c ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.sqrt.f32(float)
