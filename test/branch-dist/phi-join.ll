; The join's PHIs are rewritten: a PHI of two melded values takes the
; melded value, a PHI of two values from a remaining diamond takes that
; diamond's PHI, a PHI of values from before the branch a select (made in
; the branch's block), and the
; join's other predecessors keep their incoming values.
; RUN: %divopt-opt -divopt-meld-speculate=false -passes='branch-dist<force>' -S %s -o - | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @phis(
; CHECK:       split:
; CHECK:         [[OUT:%.*]] = select i1 %c, i32 %x, i32 %y
; CHECK-NEXT:    br i1 %c, label %dist.then, label %dist.else
; CHECK:       join:
; CHECK-NEXT:    %melded = phi i32 [ 0, %entry ], [ %ta, %dist.join ]
; CHECK-NEXT:    %own = phi i32 [ 1, %entry ], [ [[OWN:%.*]], %dist.join ]
; CHECK-NEXT:    %outside = phi i32 [ 2, %entry ], [ [[OUT]], %dist.join ]
; CHECK:       dist.join:
; CHECK-NEXT:    [[OWN]] = phi i32 [ %tb, %dist.then ], [ %eb, %dist.else ]
; CHECK-NEXT:    br label %join
define ptx_kernel void @phis(ptr addrspace(1) %out, i32 %x, i32 %y, i1 %early) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %early, label %join, label %split

split:
  br i1 %c, label %then, label %else

then:
  %ta = mul i32 %tid, 3
  %tb = udiv i32 %ta, 7
  br label %join

else:
  %ea = mul i32 %tid, 3
  %eb = lshr i32 %ea, 2
  br label %join

join:
  %melded = phi i32 [ 0, %entry ], [ %ta, %then ], [ %ea, %else ]
  %own = phi i32 [ 1, %entry ], [ %tb, %then ], [ %eb, %else ]
  %outside = phi i32 [ 2, %entry ], [ %x, %then ], [ %y, %else ]
  %s1 = add i32 %melded, %own
  %s2 = add i32 %s1, %outside
  store i32 %s2, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
