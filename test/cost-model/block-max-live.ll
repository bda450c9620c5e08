; print<divopt-cost> gives each block's live maximum, so that a function's
; maximum can be traced to the block it comes from: the entry keeps four
; loaded doubles (two registers each) live at once and holds the most; the
; function's max-live is the entry's. The block that stores the sum holds
; the sum, its address and no more; the exit block nothing.
; RUN: %divopt-opt -passes='print<divopt-cost>' -disable-output %s | FileCheck %s

; CHECK:      divopt-cost: function 'k' registers={{[0-9]+}} max-live=[[MAX:[0-9]+]] occupancy=
; CHECK-NEXT: block %entry: cost={{[0-9.]+}} latency={{[0-9.]+}} max-live=[[MAX]]{{$}}
; CHECK-NEXT: block %store: cost={{[0-9.]+}} latency={{[0-9.]+}} max-live=4{{$}}
; CHECK-NEXT: block %done: cost={{[0-9.]+}} latency={{[0-9.]+}} max-live=0{{$}}

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %p0 = getelementptr double, ptr addrspace(1) %in, i64 %i
  %a = load double, ptr addrspace(1) %p0
  %i1 = add i64 %i, 1024
  %p1 = getelementptr double, ptr addrspace(1) %in, i64 %i1
  %b = load double, ptr addrspace(1) %p1
  %i2 = add i64 %i, 2048
  %p2 = getelementptr double, ptr addrspace(1) %in, i64 %i2
  %c = load double, ptr addrspace(1) %p2
  %i3 = add i64 %i, 3072
  %p3 = getelementptr double, ptr addrspace(1) %in, i64 %i3
  %d = load double, ptr addrspace(1) %p3
  %ab = fmul double %a, %b
  %cd = fmul double %c, %d
  %s = fadd double %ab, %cd
  %q = getelementptr double, ptr addrspace(1) %out, i64 %i
  %big = fcmp ogt double %s, 1.0
  br i1 %big, label %store, label %done

store:
  store double %s, ptr addrspace(1) %q
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
