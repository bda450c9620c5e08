; Calls to the same callee meld with selected arguments; calls to
; different callees do not. The order of calls on each lane is unchanged.
; RUN: %divopt-opt -passes='branch-dist<force>' -S %s -o - | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @calls(
; CHECK:         [[X:%.*]] = select i1 %c, i32 %a, i32 %b
; CHECK-NEXT:    %r1 = call i32 @work(i32 [[X]], i32 7)
; CHECK-NEXT:    br i1 %c, label %dist.then, label %dist.else
; CHECK:       dist.then:
; CHECK-NEXT:    call void @left(i32 %r1)
; CHECK:       dist.else:
; CHECK-NEXT:    call void @right(i32 %r1)
define ptx_kernel void @calls(i32 %a, i32 %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %else

then:
  %r1 = call i32 @work(i32 %a, i32 7)
  call void @left(i32 %r1)
  br label %join

else:
  %r2 = call i32 @work(i32 %b, i32 7)
  call void @right(i32 %r2)
  br label %join

join:
  ret void
}

declare i32 @work(i32, i32)
declare void @left(i32)
declare void @right(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
