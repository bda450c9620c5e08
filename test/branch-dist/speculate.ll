; Unmatched runs that neither touch memory nor trap run on every lane, their
; results selected, where the cost model predicts that cheaper than a
; divergent diamond; mirrored compares (`-x <= c` and `x <= d`: ult with
; the operands swapped) and commuted fma factors pair crosswise. A run with
; a load stays in a diamond; -divopt-meld-speculate=false keeps diamonds.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %divopt-opt -divopt-meld-speculate=false -passes='branch-dist<force>' -S %s -o - | FileCheck %s --check-prefix=NOSPEC
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: distributed divergent branch: melded 3 pairs of 5+4 instructions with 2 selects, 0 divergent blocks remain
; REMARK: distributed divergent branch: melded 1 pairs of 2+1 instructions with 1 selects, 1 divergent blocks remain

; The fneg of the up-arm runs on every lane, no diamond; `c0 < uz` and
; `uz > c0` pair crosswise (one fcmp), so do the fmas with their factors
; commuted.
; CHECK-LABEL: define ptx_kernel void @mirrored(
; CHECK:         %neg = fneg float %uz
; CHECK-NOT:     br i1 %up
; CHECK:         fcmp ult float %c0, %uz
; CHECK-NOT:     fcmp ugt
; CHECK:         call float @llvm.fma.f32(float %w, float %uz, float %c0)
; CHECK-NOT:     call float @llvm.fma.f32
; CHECK:         ret void
; NOSPEC-LABEL: define ptx_kernel void @mirrored(
; NOSPEC:        br i1 %up, label %dist.then, label %dist.join
define ptx_kernel void @mirrored(ptr %out, ptr %in, float %c0, float %w) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pin = getelementptr float, ptr %in, i32 %tid
  %uz = load float, ptr %pin
  %up = fcmp olt float %uz, 0.0
  br i1 %up, label %then, label %else

then:
  %neg = fneg float %uz
  %tir.t = fcmp ult float %c0, %uz
  %f.t = call float @llvm.fma.f32(float %w, float %uz, float %c0)
  %r.t = select i1 %tir.t, float %f.t, float %neg
  %s.t = fadd float %r.t, 1.0
  br label %join

else:
  %tir.e = fcmp ugt float %uz, %c0
  %f.e = call float @llvm.fma.f32(float %uz, float %w, float %c0)
  %r.e = select i1 %tir.e, float %f.e, float 1.0
  %s.e = fadd float %r.e, 2.0
  br label %join

join:
  %s = phi float [ %s.t, %then ], [ %s.e, %else ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %s, ptr %p
  ret void
}

; A load of one arm is not run by the other arm's lanes: it stays under
; the condition.
; CHECK-LABEL: define ptx_kernel void @load_stays(
; CHECK:         br i1 %c, label %dist.then, label %dist.join
; CHECK:       dist.then:
; CHECK-NEXT:    %v = load i32, ptr %q
define ptx_kernel void @load_stays(ptr %out, ptr %q, i32 %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %then, label %else

then:
  %v = load i32, ptr %q
  %x.t = add i32 %v, %a
  br label %join

else:
  %x.e = add i32 %a, 3
  br label %join

join:
  %x = phi i32 [ %x.t, %then ], [ %x.e, %else ]
  %p = getelementptr i32, ptr %out, i32 %tid
  store i32 %x, ptr %p
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
