; Mirrored arms compare with negated constants (`-x > c` in one arm, which
; clang writes `x < -c`, and `x > c` in the other): negating both operands
; keeps a compare's result exactly (fneg flips only the sign bit: NaN stays
; NaN, -0.0 == 0.0, the order reverses), so the two compares meld into one
; compare of the selected `-x` or `x`, reusing the arm's fneg. (The
; products `sqrt * -x` and `x * sqrt` still run both, their results
; selected: the score shares the select of `-x`/`x` among the pairs that
; read `-x`, here the product alone; shared-sign-select.ll.) Constants
; that are not each other's negation, and arms without an fneg to reuse,
; keep both compares.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: distributed divergent branch: melded 5 pairs of 7+6 instructions with 3 selects, 0 divergent blocks remain
; REMARK: distributed divergent branch: melded 1 pairs of 3+2 instructions with 2 selects
; REMARK-NOT: distributed

; CHECK-LABEL: define ptx_kernel void @mirrored_constants(
; CHECK:         %neg = fneg float %uz
; CHECK:         %[[CA:.*]] = select i1 %down, float %neg, float %uz
; CHECK:         fcmp ogt float %[[CA]], 0x3FEFFFEB00000000
; CHECK-NOT:     fcmp olt float %uz
; CHECK:         fcmp olt float %[[CA]], 0x3EB0C6F7A0000000
; CHECK-NOT:     fcmp ogt float %uz
; CHECK:         call float @llvm.sqrt.f32
; CHECK-NOT:     call float @llvm.sqrt.f32
; CHECK:         fmul float %{{.*}}, %neg
; CHECK:         fmul float %uz, %{{.*}}
; CHECK:         ret void
define ptx_kernel void @mirrored_constants(ptr %out, ptr %in, float %a, float %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pin = getelementptr float, ptr %in, i32 %tid
  %uz = load float, ptr %pin
  %down = fcmp olt float %uz, 0.0
  br i1 %down, label %then, label %else

then:
  %neg = fneg float %uz
  %big.t = fcmp olt float %uz, 0xBFEFFFEB00000000
  %tiny.t = fcmp ogt float %uz, 0xBEB0C6F7A0000000
  %sq.t = call float @llvm.sqrt.f32(float %a)
  %m.t = fmul float %sq.t, %neg
  %k.t = select i1 %big.t, float %m.t, float 0.0
  %r.t = select i1 %tiny.t, float 1.0, float %k.t
  br label %join

else:
  %big.e = fcmp ogt float %uz, 0x3FEFFFEB00000000
  %tiny.e = fcmp olt float %uz, 0x3EB0C6F7A0000000
  %sq.e = call float @llvm.sqrt.f32(float %b)
  %m.e = fmul float %uz, %sq.e
  %k.e = select i1 %big.e, float %m.e, float 0.0
  %r.e = select i1 %tiny.e, float 1.0, float %k.e
  br label %join

join:
  %r = phi float [ %r.t, %then ], [ %r.e, %else ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %r, ptr %p
  ret void
}

; 0.99999 is not the negation of -0.5: both compares stay.
; CHECK-LABEL: define ptx_kernel void @not_negated(
; CHECK-DAG:     fcmp olt float %uz, -5.000000e-01
; CHECK-DAG:     fcmp ogt float %uz, 0x3FEFFFEB00000000
; CHECK:         ret void
define ptx_kernel void @not_negated(ptr %out, ptr %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pin = getelementptr float, ptr %in, i32 %tid
  %uz = load float, ptr %pin
  %down = fcmp olt float %uz, 0.0
  br i1 %down, label %then, label %else

then:
  %neg = fneg float %uz
  %big.t = fcmp olt float %uz, -0.5
  %r.t = select i1 %big.t, float %neg, float 0.0
  br label %join

else:
  %big.e = fcmp ogt float %uz, 0x3FEFFFEB00000000
  %r.e = select i1 %big.e, float %uz, float 0.0
  br label %join

join:
  %r = phi float [ %r.t, %then ], [ %r.e, %else ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %r, ptr %p
  ret void
}

; No fneg of %uz to reuse in either arm: both compares stay.
; CHECK-LABEL: define ptx_kernel void @no_fneg(
; CHECK-DAG:     fcmp ult float %uz, 0xBFEFFFEB00000000
; CHECK-DAG:     fcmp ugt float %uz, 0x3FEFFFEB00000000
; CHECK:         ret void
define ptx_kernel void @no_fneg(ptr %out, ptr %in, float %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pin = getelementptr float, ptr %in, i32 %tid
  %uz = load float, ptr %pin
  %down = fcmp olt float %uz, 0.0
  br i1 %down, label %then, label %else

then:
  %big.t = fcmp ult float %uz, 0xBFEFFFEB00000000
  %r.t = select i1 %big.t, float %uz, float %c
  br label %join

else:
  %big.e = fcmp ugt float %uz, 0x3FEFFFEB00000000
  %r.e = select i1 %big.e, float %c, float %uz
  br label %join

join:
  %r = phi float [ %r.t, %then ], [ %r.e, %else ]
  %p = getelementptr float, ptr %out, i32 %tid
  store float %r, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.sqrt.f32(float)
