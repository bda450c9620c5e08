; A divergent switch is lowered to two-way branches, one way against the
; ways after it, and melded from the inside out (SwitchChain.h): a material
; picked per lane, each way the same formula with its own constants, melds
; into one formula with its constants' products selected. Without a
; profile the last meld (water against the three others) is refused: a
; warp whose lanes are all water would compute every other material's
; products too, 13.0 more than its own formula, to save 2.5 where lanes
; split. Water keeps its branch.
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 2 against default): melded
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 1 against case 2 and default): melded
; REMARK: remark: <unknown>:0:0: divergent switch (case 0 against case 1, case 2 and default) not distributed: unprofitable: melded 1 pairs of 3+11 instructions{{.*}}; but a warp whose lanes all take one way would take 13.0 longer, and one whose lanes split 2.5 less: it pays only where more than 84% of the warps split, and no profile says they do
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 4 ways to two-way branches: 2 of the 3 between ways that hold code melded

; Each way's products by its own constants stay (a constant operand is
; worth more than a select), the product they feed is one.
; CHECK-LABEL: define ptx_kernel void @materials(
; CHECK:         %switch.case = icmp eq i32 %m, 0
; CHECK-NEXT:    br i1 %switch.case, label %water, label %switch.next
; CHECK:         %switch.case1 = icmp eq i32 %m, 1
; CHECK:         %switch.case3 = icmp eq i32 %m, 2
; CHECK-NOT:     switch i32
; CHECK-NOT:     br i1
; CHECK:         select i1 %switch.case3,
; CHECK:         [[MU:%.*]] = select i1 %switch.case1,
; CHECK:         fmul float [[MU]], %e
; CHECK:       water:
; CHECK:         fmul float {{.*}}, %e
; CHECK-NOT:     fmul float {{.*}}, %e
; CHECK:         ret void
define ptx_kernel void @materials(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %m = load i32, ptr addrspace(1) %pm
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %air [
    i32 0, label %water
    i32 1, label %bone
    i32 2, label %muscle
  ]

water:
  %w1 = fmul float %e, 0x3FB2200000000000
  %w2 = fadd float %w1, 0x3F93700000000000
  %w3 = fmul float %w2, %e
  br label %join

bone:
  %b1 = fmul float %e, 0x3FBF800000000000
  %b2 = fadd float %b1, 0x3F9FC00000000000
  %b3 = fmul float %b2, %e
  br label %join

muscle:
  %u1 = fmul float %e, 0x3FB2700000000000
  %u2 = fadd float %u1, 0x3F94000000000000
  %u3 = fmul float %u2, %e
  br label %join

air:
  %a1 = fmul float %e, 0x3F1A000000000000
  %a2 = fadd float %a1, 0x3F2A000000000000
  %a3 = fmul float %a2, %e
  br label %join

join:
  %mu = phi float [ %w3, %water ], [ %b3, %bone ], [ %u3, %muscle ], [ %a3, %air ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %mu, ptr addrspace(1) %po
  ret void
}

; Ways straight to the join (`default: break;`) are tested first: the ways
; that hold code stay together in the chain and meld.
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 1 against case 2): melded
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 0 against case 1 and case 2): melded
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 4 ways to two-way branches: 2 of the 2 between ways that hold code melded

; The cases 0-2 are one range: one unsigned compare tests them.
; CHECK-LABEL: define ptx_kernel void @defaultToJoin(
; CHECK:         %switch.range = icmp ult i32 %m, 3
; CHECK-NEXT:    br i1 %switch.range, label %switch.next, label %join
; CHECK:       switch.next:
; CHECK-NOT:     br i1
; CHECK:         br label %join
; CHECK:       join:
; CHECK-NEXT:    %mu = phi float [ 0.000000e+00, %entry ], [ {{%.*}}, %switch.next ]
define ptx_kernel void @defaultToJoin(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %m = load i32, ptr addrspace(1) %pm
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %join [
    i32 0, label %water
    i32 1, label %bone
    i32 2, label %muscle
  ]

water:
  %w1 = fmul float %e, %e
  %w2 = fadd float %w1, 1.0
  %w3 = fdiv float %w2, %e
  br label %join

bone:
  %b1 = fmul float %e, %e
  %b2 = fadd float %b1, 2.0
  %b3 = fdiv float %b2, %e
  br label %join

muscle:
  %u1 = fmul float %e, %e
  %u2 = fadd float %u1, 3.0
  %u3 = fdiv float %u2, %e
  br label %join

join:
  %mu = phi float [ %w3, %water ], [ %b3, %bone ], [ %u3, %muscle ], [ 0.0, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %mu, ptr addrspace(1) %po
  ret void
}

; A switch on `m & 3` with a case for each value: its default is
; unreachable, no way of the chain, and goes once the chain stays.
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 4 ways to two-way branches: 3 of the 3 between ways that hold code melded

; CHECK-LABEL: define ptx_kernel void @unreachableDefault(
; CHECK-NOT:     unreachable
; CHECK:         ret void
; CHECK-NEXT:  }
define ptx_kernel void @unreachableDefault(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %raw = load i32, ptr addrspace(1) %pm
  %m = and i32 %raw, 3
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %none [
    i32 0, label %k0
    i32 1, label %k1
    i32 2, label %k2
    i32 3, label %k3
  ]

k0:
  %x0 = fmul float %e, %e
  %y0 = fdiv float %x0, 3.0
  br label %join

k1:
  %x1 = fmul float %e, %e
  %y1 = fdiv float %x1, 5.0
  br label %join

k2:
  %x2 = fmul float %e, %e
  %y2 = fdiv float %x2, 7.0
  br label %join

k3:
  %x3 = fmul float %e, %e
  %y3 = fdiv float %x3, 9.0
  br label %join

none:
  unreachable

join:
  %r = phi float [ %y0, %k0 ], [ %y1, %k1 ], [ %y2, %k2 ], [ %y3, %k3 ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; The switch's branch weights carry over: the way of case 0, which melds
; with nothing (a division against products), keeps its branch, weighted
; 30 against the 20 + 50 of the ways after it.
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 1 against default): melded
; REMARK: remark: <unknown>:0:0: divergent switch (case 0 against case 1 and default) not distributed: no instruction of one arm matches one of the other
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 3 ways to two-way branches: 1 of the 2 between ways that hold code melded

; CHECK-LABEL: define ptx_kernel void @weighted(
; CHECK:         br i1 %switch.case, label %inverse, label %switch.next, !prof [[W:![0-9]+]]
define ptx_kernel void @weighted(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %m = load i32, ptr addrspace(1) %pm
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %square [
    i32 0, label %inverse
    i32 1, label %cube
  ], !prof !0

inverse:
  %i1 = fdiv float 1.0, %e
  br label %join

cube:
  %c1 = fmul float %e, %e
  %c2 = fmul float %c1, %e
  %c3 = fadd float %c2, 1.0
  br label %join

square:
  %s1 = fmul float %e, %e
  %s2 = fmul float %s1, 2.0
  %s3 = fadd float %s2, 1.0
  br label %join

join:
  %r = phi float [ %i1, %inverse ], [ %c3, %cube ], [ %s3, %square ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

!0 = !{!"branch_weights", i32 50, i32 30, i32 20}

; A way that holds a loop (here a slow path's, as `sinf`'s) melds with no
; way without one, and a branch of the chain that does not meld leaves each
; branch around it a way that holds the loop: it is tested first, though
; its case comes second, and the two formulas after it meld.
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 0 against case 2): melded
; REMARK: remark: <unknown>:0:0: divergent switch (case 1 against case 0 and case 2) not distributed: the arms' control flow differs
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 4 ways to two-way branches: 1 of the 2 between ways that hold code melded

; CHECK-LABEL: define ptx_kernel void @loopWayFirst(
; CHECK:         %switch.range = icmp ult i32 %m, 3
; CHECK:       switch.next:
; CHECK-NEXT:    %switch.case = icmp eq i32 %m, 1
; CHECK-NEXT:    br i1 %switch.case, label %slow, label %switch.next1
; CHECK:       switch.next1:
; CHECK-NOT:     br i1
; CHECK:         select i1
; CHECK-NEXT:    br label %join
define ptx_kernel void @loopWayFirst(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %m = load i32, ptr addrspace(1) %pm
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %join [
    i32 0, label %water
    i32 1, label %slow
    i32 2, label %bone
  ]

water:
  %w1 = fmul float %e, %e
  %w2 = fadd float %w1, 1.0
  br label %join

slow:
  %x = phi float [ %e, %entry ], [ %x2, %slow ]
  %x2 = fmul float %x, 0.5
  %big = fcmp ogt float %x2, 1.0
  br i1 %big, label %slow, label %join

bone:
  %b1 = fmul float %e, %e
  %b2 = fadd float %b1, 2.0
  br label %join

join:
  %r = phi float [ %w2, %water ], [ %x2, %slow ], [ %b2, %bone ], [ 0.0, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; The ways most alike are the chain's inner branches, whatever the cases'
; order: the integer way between two float formulas is tested first, and
; the formulas meld.
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 0 against case 2): melded
; REMARK: remark: <unknown>:0:0: divergent switch (case 1 against case 0 and case 2) not distributed
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 4 ways to two-way branches: 1 of the 2 between ways that hold code melded

; CHECK-LABEL: define ptx_kernel void @likeWaysInside(
; CHECK:       switch.next:
; CHECK-NEXT:    %switch.case = icmp eq i32 %m, 1
; CHECK-NEXT:    br i1 %switch.case, label %count, label %switch.next1
; CHECK:       switch.next1:
; CHECK-NOT:     br i1
; CHECK:         fdiv float
; CHECK-NOT:     fdiv
; CHECK:         br label %join
define ptx_kernel void @likeWaysInside(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %m = load i32, ptr addrspace(1) %pm
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %join [
    i32 0, label %water
    i32 1, label %count
    i32 2, label %bone
  ]

water:
  %w1 = fmul float %e, %e
  %w2 = fadd float %w1, 1.0
  %w3 = fdiv float %w2, %e
  br label %join

count:
  %c1 = mul i32 %m, %t
  %c2 = add i32 %c1, 7
  %c3 = sitofp i32 %c2 to float
  br label %join

bone:
  %b1 = fmul float %e, %e
  %b2 = fadd float %b1, 2.0
  %b3 = fdiv float %b2, %e
  br label %join

join:
  %r = phi float [ %w3, %water ], [ %c3, %count ], [ %b3, %bone ], [ 0.0, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; Ways of fewer blocks are the inner branches: a straight line melds with
; another instruction by instruction, a way with a branch of its own (a
; guard) only after alignment. The guarded way, the cases' last, is tested
; first, and the two straight formulas meld (then the guarded one with
; them, after alignment).
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 0 against case 1): melded
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 2 against case 0 and case 1) after aligning
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 4 ways to two-way branches

; CHECK-LABEL: define ptx_kernel void @straightWaysInside(
; CHECK:       switch.next:
; CHECK-NEXT:    %switch.case = icmp eq i32 %m, 2
define ptx_kernel void @straightWaysInside(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %m = load i32, ptr addrspace(1) %pm
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %join [
    i32 0, label %water
    i32 1, label %bone
    i32 2, label %guarded
  ]

water:
  %w1 = fmul float %e, %e
  %w2 = fadd float %w1, 1.0
  %w3 = fdiv float %w2, %e
  br label %join

bone:
  %b1 = fmul float %e, %e
  %b2 = fadd float %b1, 2.0
  %b3 = fdiv float %b2, %e
  br label %join

guarded:
  %small = fcmp olt float %e, 1.0
  br i1 %small, label %scaled, label %join

scaled:
  %g1 = fmul float %e, %e
  %g2 = fadd float %g1, 3.0
  %g3 = fdiv float %g2, %e
  br label %join

join:
  %r = phi float [ %w3, %water ], [ %b3, %bone ], [ %e, %guarded ], [ %g3, %scaled ], [ 0.0, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; An interpreter's opcode: ten ways that hold code (more than eight), the
; opcodes 3-12, any other straight to the join. The test that the opcode
; is a case at all is one range (its offset from 3 below 10), not ten
; compares; the chain then tests one opcode a branch.
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 11 against case 12): melded
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 4 against the 8 ways after it)
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 3 against the 9 ways after it)
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 11 ways to two-way branches: 9 of the 9 between ways that hold code melded

; CHECK-LABEL: define ptx_kernel void @opcodes(
; CHECK:         %switch.offset = sub i32 %op, 3
; CHECK-NEXT:    %switch.range = icmp ult i32 %switch.offset, 10
; CHECK-NEXT:    br i1 %switch.range, label %switch.next, label %join
; CHECK:       switch.next:
; CHECK-NEXT:    %switch.case = icmp eq i32 %op, 3
; CHECK:         %r3 = fdiv float
; CHECK-NOT:     fdiv
define ptx_kernel void @opcodes(ptr addrspace(1) %code, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pc = getelementptr i32, ptr addrspace(1) %code, i32 %t
  %op = load i32, ptr addrspace(1) %pc
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %op, label %join [
    i32 3, label %o3
    i32 4, label %o4
    i32 5, label %o5
    i32 6, label %o6
    i32 7, label %o7
    i32 8, label %o8
    i32 9, label %o9
    i32 10, label %o10
    i32 11, label %o11
    i32 12, label %o12
  ]

o3:
  %a3 = fmul float %e, %e
  %b3 = fadd float %a3, 3.0
  %r3 = fdiv float %b3, %e
  br label %join
o4:
  %a4 = fmul float %e, %e
  %b4 = fadd float %a4, 4.0
  %r4 = fdiv float %b4, %e
  br label %join
o5:
  %a5 = fmul float %e, %e
  %b5 = fadd float %a5, 5.0
  %r5 = fdiv float %b5, %e
  br label %join
o6:
  %a6 = fmul float %e, %e
  %b6 = fadd float %a6, 6.0
  %r6 = fdiv float %b6, %e
  br label %join
o7:
  %a7 = fmul float %e, %e
  %b7 = fadd float %a7, 7.0
  %r7 = fdiv float %b7, %e
  br label %join
o8:
  %a8 = fmul float %e, %e
  %b8 = fadd float %a8, 8.0
  %r8 = fdiv float %b8, %e
  br label %join
o9:
  %a9 = fmul float %e, %e
  %b9 = fadd float %a9, 9.0
  %r9 = fdiv float %b9, %e
  br label %join
o10:
  %a10 = fmul float %e, %e
  %b10 = fadd float %a10, 10.0
  %r10 = fdiv float %b10, %e
  br label %join
o11:
  %a11 = fmul float %e, %e
  %b11 = fadd float %a11, 11.0
  %r11 = fdiv float %b11, %e
  br label %join
o12:
  %a12 = fmul float %e, %e
  %b12 = fadd float %a12, 12.0
  %r12 = fdiv float %b12, %e
  br label %join

join:
  %r = phi float [ %r3, %o3 ], [ %r4, %o4 ], [ %r5, %o5 ], [ %r6, %o6 ], [ %r7, %o7 ], [ %r8, %o8 ], [ %r9, %o9 ], [ %r10, %o10 ], [ %r11, %o11 ], [ %r12, %o12 ], [ 0.0, %entry ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %po
  ret void
}

; Two ways that store different values to one address, the default
; straight to the join: one store of a selected value, under the test that
; m is a case at all.
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 0 against case 1): melded 1 pairs of 1+1 instructions with 1 selects
; REMARK: remark: <unknown>:0:0: lowered divergent switch of 3 ways to two-way branches: 1 of the 1 between ways that hold code melded

; CHECK-LABEL: define ptx_kernel void @stores(
; CHECK:         br i1 {{%.*}}, label %switch.next, label %join
; CHECK:       switch.next:
; CHECK:         [[V:%.*]] = select i1 %switch.case{{[0-9]*}}, i32 1, i32 2
; CHECK-NEXT:    store i32 [[V]], ptr addrspace(1) %out
; CHECK-NOT:     store
; CHECK:         ret void
; The weights of @weighted's branch, among the module's metadata.
; CHECK:       [[W]] = !{!"branch_weights", i32 30, i32 70}
define ptx_kernel void @stores(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = and i32 %tid, 3
  switch i32 %s, label %join [ i32 0, label %a
                               i32 1, label %b ]
a:
  store i32 1, ptr addrspace(1) %out
  br label %join
b:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
