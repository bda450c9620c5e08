; Mirrored arms subtract a product whose factors trade places: `z - s*(-uz)`
; in one arm, `z - uz*s` in the other, which the contraction pinner writes
; fma(-s, -uz, z) and fma(-uz, s, z). An fma's (or a correctly rounded
; multiply's) product has the same magnitude and sign whichever factor
; carries a negation, so the pair melds as fma(-s', u', z), s' the melded s
; and u' the select of -uz and uz that the arms' other pairs share: no
; select of s and uz, no select of -s and -uz. The pinned fnegs are read by
; nothing then and are erased. Products whose negations differ in parity
; (`-a*b` against `c*d`) keep their operands as they are.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: distributed divergent branch: melded 7 pairs of 9+8 instructions with 1 selects, 0 divergent blocks remain
; REMARK: distributed divergent branch: melded 1 pairs of 3+2 instructions with 1 selects, 0 divergent blocks remain

; CHECK-LABEL: define ptx_kernel void @mirrored_product(
; CHECK:         %neg = fneg float %uz
; CHECK-NEXT:    %[[S:.*]] = fdiv float %x, %y
; CHECK-NEXT:    %[[U:.*]] = select i1 %up, float %neg, float %uz
; CHECK-NEXT:    %a.t = call float @llvm.fma.f32(float %[[S]], float %[[U]], float %z)
; CHECK-NEXT:    %b.t = call float @llvm.fma.f32(float %[[S]], float %[[U]], float %x)
; CHECK-NEXT:    %c.t = call float @llvm.nvvm.mul.rn.f(float %[[S]], float %[[U]])
; CHECK-NEXT:    %[[NS:.*]] = fneg float %[[S]]
; CHECK-NEXT:    %m.t = call float @llvm.fma.f32(float %[[NS]], float %[[U]], float %z)
; CHECK-NOT:     fneg
; CHECK-NOT:     select
; CHECK:         ret void
define ptx_kernel void @mirrored_product(ptr %out, ptr %in, float %x, float %y, float %z) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pin = getelementptr float, ptr %in, i32 %tid
  %uz = load float, ptr %pin
  %up = fcmp olt float %uz, 0.0
  br i1 %up, label %then, label %else

then:
  %neg = fneg float %uz
  %s.t = fdiv float %x, %y
  %a.t = call float @llvm.fma.f32(float %s.t, float %neg, float %z)
  %b.t = call float @llvm.fma.f32(float %s.t, float %neg, float %x)
  %c.t = call float @llvm.nvvm.mul.rn.f(float %s.t, float %neg)
  %n.t = fneg float %s.t
  %m.t = call float @llvm.fma.f32(float %n.t, float %neg, float %z)
  %ab.t = call float @llvm.nvvm.mul.rn.f(float %a.t, float %b.t)
  %r.t = call float @llvm.fma.f32(float %ab.t, float %c.t, float %m.t)
  br label %join

else:
  %s.e = fdiv float %x, %y
  %a.e = call float @llvm.fma.f32(float %uz, float %s.e, float %z)
  %b.e = call float @llvm.fma.f32(float %uz, float %s.e, float %x)
  %c.e = call float @llvm.nvvm.mul.rn.f(float %uz, float %s.e)
  %n.e = fneg float %uz
  %m.e = call float @llvm.fma.f32(float %n.e, float %s.e, float %z)
  %ab.e = call float @llvm.nvvm.mul.rn.f(float %a.e, float %b.e)
  %r.e = call float @llvm.fma.f32(float %ab.e, float %c.e, float %m.e)
  br label %join

join:
  %r = phi float [ %r.t, %then ], [ %r.e, %else ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %r, ptr %p
  ret void
}

; One negation against none: the sign cannot move, each arm's fma keeps
; its own operands.
; CHECK-LABEL: define ptx_kernel void @odd_parity(
; CHECK:         %n.t = fneg float %a
; CHECK:         %m.t = call float @llvm.fma.f32(float %n.t, float %b, float %z)
; CHECK:         %m.e = call float @llvm.fma.f32(float %a, float %b, float %z)
; CHECK:         select i1 %c, float %m.t, float %m.e
define ptx_kernel void @odd_parity(ptr %out, float %a, float %b, float %z) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %then, label %else

then:
  %n.t = fneg float %a
  %m.t = call float @llvm.fma.f32(float %n.t, float %b, float %z)
  %q.t = call float @llvm.nvvm.mul.rn.f(float %m.t, float %z)
  br label %join

else:
  %m.e = call float @llvm.fma.f32(float %a, float %b, float %z)
  %q.e = call float @llvm.nvvm.mul.rn.f(float %m.e, float %z)
  br label %join

join:
  %r = phi float [ %q.t, %then ], [ %q.e, %else ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %r, ptr %p
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare float @llvm.nvvm.mul.rn.f(float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
