; trips.ll: a loop whose latch is an indirect branch cannot be split and
; copied as trip sampling does; its trips are all counted.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @indirect(ptr %out, ptr %in) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %latch ]
  %p = getelementptr inbounds i32, ptr %in, i32 %t
  %v = load i32, ptr %p, align 4
  %big = icmp sgt i32 %v, %tid
  br i1 %big, label %bump, label %latch

bump:
  store i32 %t, ptr %out, align 4
  br label %latch

latch:
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp slt i32 %t.next, 64
  %to = select i1 %more, ptr blockaddress(@indirect, %loop), ptr blockaddress(@indirect, %exit)
  indirectbr ptr %to, [label %loop, label %exit]

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }
