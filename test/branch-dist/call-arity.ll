; Arms calling functions of different arity: the pair scorer pairs
; operands by position, so a call of five arguments scored against a call
; of one must not read past the shorter call's operands (the sanitized
; suite runs this under AddressSanitizer; fuzz seed 477 found it). The
; calls stay apart (different callees); the products after them meld.
; RUN: %divopt-opt -passes='function(branch-dist<force>)' -pass-remarks=divopt -S %s -o - 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

target triple = "nvptx64-nvidia-cuda"

; REMARK: distributed divergent branch

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: ret void
; CHECK-DAG: call float @five(float %x, float %y, float %x, float %y, float %x)
; CHECK-DAG: call float @one(float %x)
; CHECK: fmul float
; CHECK-NOT: fmul float
; CHECK: {{^}}}
define ptx_kernel void @k(ptr %out, float %x, float %y) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = call float @five(float %x, float %y, float %x, float %y, float %x)
  %a2 = fmul float %a, %y
  br label %join

else:
  %b = call float @one(float %x)
  %b2 = fmul float %b, %x
  br label %join

join:
  %v = phi float [ %a2, %then ], [ %b2, %else ]
  store float %v, ptr %out, align 4
  ret void
}

declare float @five(float, float, float, float, float) nounwind memory(none)
declare float @one(float) nounwind memory(none)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
