; Arms of different control flow: aligned as sequences of instructions and
; sub-regions on a copy, a lone sub-region getting an empty copy in the
; other arm, then melded if the cost model takes the result.
; RUN: %divopt-opt -divopt-meld-speculate=false -passes=branch-dist -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; What is refused stays exactly as it was.
; RUN: %opt -S %s -o %t.orig.ll
; RUN: %python -c "import sys; t=open(sys.argv[1]).read(); print(t[t.index('define ptx_kernel void @loop_alone'):t.index('declare ')])" %t.orig.ll > %t.orig.tail
; RUN: %python -c "import sys; t=open(sys.argv[1]).read(); print(t[t.index('define ptx_kernel void @loop_alone'):t.index('declare ')])" %t.ll > %t.out.tail
; RUN: diff %t.orig.tail %t.out.tail

target triple = "nvptx64-nvidia-cuda"

; A Monte Carlo step: the then-arm updates the weight through a nested
; if/else, the else-arm in straight line; both then turn by the same
; computation and store. The nested if/else gets an empty copy in the
; else-arm; what follows melds. The heavy way's code needs no diamond:
; the else-lanes' empty copy never goes there.
; REMARK: remark: <unknown>:0:0: distributed divergent branch after aligning the arms' sub-regions (a lone one gets an empty copy in the other arm) (3 blocks), then melded 10 pairs of 15+12 instructions in 4 blocks with 2 selects, 3 divergent blocks remain; cost 82.0 -> 54.5
; The melded nested branch: the light way keeps its store under the outer
; condition (a diamond, a sub-region the heavy way lacks); the heavy way's
; code would run in the empty copy of that diamond's store, but the cost
; model refuses: the meld pays only where most warps split.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable after aligning the arms' sub-regions (a lone one gets an empty copy in the other arm) (2 blocks), then melded 1 pairs of 2+1 instructions in 3 blocks with 3 selects, 1 divergent blocks remain; cost 18.5 -> 17.0{{.*}}a warp whose lanes all take one way would take 6.5 longer
; CHECK-LABEL: define ptx_kernel void @different_shapes(
; CHECK:         br i1 %c, label %dist.then, label %dist.else
; The nested branch runs on the then-lanes' condition, the else-lanes go
; the empty way.
; CHECK:         %[[P:.*]] = select i1 %c, i1 %p.dist, i1 false
; CHECK:         br i1 %[[P]], label %heavy.dist, label %light.dist
; The turn, once for every lane, its input selected.
; CHECK:         call float @llvm.nvvm.sin.approx.f(
; CHECK-NOT:     call float @llvm.nvvm.sin.approx.f(
; CHECK:         store float %t4, ptr addrspace(1) %g1
; CHECK-NOT:     store float %e4
; CHECK:         ret void
define ptx_kernel void @different_shapes(ptr addrspace(1) %out, float %x, float %y, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %w = fmul float %x, 0x3FECCCCCC0000000
  %p = icmp sgt i32 %n, %tid
  br i1 %p, label %heavy, label %light
heavy:
  %h = fmul float %w, 4.000000e+00
  store float %h, ptr addrspace(1) %out
  br label %then.tail
light:
  store float 0.000000e+00, ptr addrspace(1) %out
  br label %then.tail
then.tail:
  %wt = phi float [ %h, %heavy ], [ 0.000000e+00, %light ]
  %t1 = fmul float %wt, %y
  %t2 = fadd float %t1, 1.000000e+00
  %t3 = call float @llvm.nvvm.sin.approx.f(float %t2)
  %c3 = call float @llvm.nvvm.cos.approx.f(float %t2)
  %q1 = fmul float %t3, %c3
  %q2 = fadd float %q1, %y
  %q3 = fmul float %q2, %q2
  %t4 = fmul float %q3, %t3
  %g1 = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %t4, ptr addrspace(1) %g1
  br label %join
else:
  %we = fmul float %x, 7.500000e-01
  %e0 = fadd float %we, 0x3F947AE140000000
  %e1 = fmul float %e0, %y
  %e2 = fadd float %e1, 1.000000e+00
  %e3 = call float @llvm.nvvm.sin.approx.f(float %e2)
  %ce = call float @llvm.nvvm.cos.approx.f(float %e2)
  %r1 = fmul float %e3, %ce
  %r2 = fadd float %r1, %y
  %r3 = fmul float %r2, %r2
  %e4 = fmul float %r3, %e3
  %g2 = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %e4, ptr addrspace(1) %g2
  br label %join
join:
  ret void
}

; A loop in one arm and none in the other: an empty copy of a loop would
; need a way out, so the arms stay divergent.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: the arms' control flow differs; after aligning the arms' sub-regions (a lone one gets an empty copy in the other arm): a loop of one arm has no loop of the same shape in the other
define ptx_kernel void @loop_alone(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %a = mul i32 %tid, 3
  br label %loop
loop:
  %i = phi i32 [ 0, %then ], [ %i.next, %loop ]
  %s = phi i32 [ %a, %then ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %then.end
then.end:
  store i32 %s.next, ptr addrspace(1) %out
  br label %join
else:
  %b = mul i32 %tid, 5
  store i32 %b, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; Little in common: the else-arm's code runs in the empty copy of the
; block that stores to shared memory too (the stores meld), but the rest
; stays divergent and the cost model refuses: the meld pays only where
; most warps split.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable after aligning the arms' sub-regions (a lone one gets an empty copy in the other arm) (3 blocks), then melded 1 pairs of 3+3 instructions in 4 blocks with 2 selects, 2 divergent blocks remain; cost 48.0 -> 44.5{{.*}}a warp whose lanes all take one way would take 23.0 longer{{.*}}(tried on a copy: the function is unchanged)
define ptx_kernel void @nothing_in_common(ptr addrspace(1) %out, ptr addrspace(3) %sh, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %p = icmp sgt i32 %n, %tid
  br i1 %p, label %t1, label %t2
t1:
  store i32 1, ptr addrspace(1) %out
  br label %then.end
t2:
  store i32 2, ptr addrspace(3) %sh
  br label %then.end
then.end:
  br label %join
else:
  %v = load i32, ptr addrspace(3) %sh
  %w = udiv i32 %v, %n
  store i32 %w, ptr addrspace(3) %sh
  br label %join
join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.sin.approx.f(float)
declare float @llvm.nvvm.cos.approx.f(float)
