; Mirrored arms (MCML's crossing up or down): one arm computes `-uz` in its
; entry block and uses it wherever the other arm uses `uz`. The select of
; the two is made once, in the branch's block, and serves every pair that
; reads them, so its cost is shared among those pairs as for two values
; from before the branch: the fmas whose factors pair crosswise around it
; meld, one select for all (before, each fma paid a whole select, ran on
; both sides and its results were selected: 6 fmas and 3 selects). A value
; computed later in an arm (below, `%late`) is selected where it is used:
; its pairs still pay a select each.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: distributed divergent branch: melded 6 pairs of 7+6 instructions with 1 selects, 0 divergent blocks remain
; REMARK: distributed divergent branch: melded 1 pairs of 3+2 instructions in 2 blocks with 1 selects, 0 divergent blocks remain

; CHECK-LABEL: define ptx_kernel void @mirrored_sign(
; CHECK:         %neg = fneg float %uz
; CHECK:         %[[CA:.*]] = select i1 %up, float %neg, float %uz
; CHECK-NOT:     select
; CHECK:         call float @llvm.fma.f32(float %{{.*}}, float %[[CA]], float %x)
; CHECK-NEXT:    call float @llvm.fma.f32(float %{{.*}}, float %[[CA]], float %y)
; CHECK-NEXT:    call float @llvm.fma.f32(float %{{.*}}, float %[[CA]], float %z)
; CHECK-NOT:     call float @llvm.fma.f32
; CHECK:         ret void
define ptx_kernel void @mirrored_sign(ptr %out, ptr %in, float %x, float %y, float %z) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pin = getelementptr float, ptr %in, i32 %tid
  %uz = load float, ptr %pin
  %up = fcmp olt float %uz, 0.0
  br i1 %up, label %then, label %else

then:
  %neg = fneg float %uz
  %c.t = call float @llvm.nvvm.sqrt.approx.f(float %x)
  %a.t = call float @llvm.fma.f32(float %c.t, float %neg, float %x)
  %b.t = call float @llvm.fma.f32(float %c.t, float %neg, float %y)
  %d.t = call float @llvm.fma.f32(float %c.t, float %neg, float %z)
  %ab.t = call float @llvm.nvvm.mul.rn.f(float %a.t, float %b.t)
  %r.t = call float @llvm.nvvm.mul.rn.f(float %ab.t, float %d.t)
  br label %join

else:
  %c.e = call float @llvm.nvvm.sqrt.approx.f(float %x)
  %a.e = call float @llvm.fma.f32(float %uz, float %c.e, float %x)
  %b.e = call float @llvm.fma.f32(float %uz, float %c.e, float %y)
  %d.e = call float @llvm.fma.f32(float %uz, float %c.e, float %z)
  %ab.e = call float @llvm.nvvm.mul.rn.f(float %a.e, float %b.e)
  %r.e = call float @llvm.nvvm.mul.rn.f(float %ab.e, float %d.e)
  br label %join

join:
  %r = phi float [ %r.t, %then ], [ %r.e, %else ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %r, ptr %p
  ret void
}

; `%late` is computed in a block of the arm after its entry: its select is
; made there, for that block's pairs alone.
; CHECK-LABEL: define ptx_kernel void @late_value(
; CHECK:         call float @llvm.fma.f32(float %c.t, float %late, float %x)
; CHECK:         call float @llvm.fma.f32(float %uz, float %{{.*}}, float %x)
; CHECK-NEXT:    select i1 %up, float %a.t, float %a.e
define ptx_kernel void @late_value(ptr %out, ptr %in, float %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pin = getelementptr float, ptr %in, i32 %tid
  %uz = load float, ptr %pin
  %up = fcmp olt float %uz, 0.0
  br i1 %up, label %then, label %else

then:
  br label %then.body

then.body:
  %late = fneg float %uz
  %c.t = call float @llvm.nvvm.sqrt.approx.f(float %x)
  %a.t = call float @llvm.fma.f32(float %c.t, float %late, float %x)
  br label %join

else:
  br label %else.body

else.body:
  %c.e = call float @llvm.nvvm.sqrt.approx.f(float %x)
  %a.e = call float @llvm.fma.f32(float %uz, float %c.e, float %x)
  br label %join

join:
  %r = phi float [ %a.t, %then.body ], [ %a.e, %else.body ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %r, ptr %p
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.mul.rn.f(float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
