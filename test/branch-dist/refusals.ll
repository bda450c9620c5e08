; What branch-dist leaves alone, each with a missed remark that says why,
; and the IR unchanged.
; RUN: %divopt-opt -divopt-meld-speculate=false -passes=branch-dist -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: the arm holds a convergent operation (llvm.nvvm.shfl.sync.idx.i32), which is never melded
define ptx_kernel void @convergent(ptr addrspace(1) %out, i32 %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %else
then:
  %s = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 0, i32 31)
  store i32 %s, ptr addrspace(1) %out
  br label %join
else:
  store i32 %v, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: the arm holds a convergent operation (helper), which is never melded
define ptx_kernel void @convergent_call(ptr addrspace(1) %out, i32 %v) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %else
then:
  call void @helper(i32 %v)
  br label %join
else:
  call void @helper(i32 %tid)
  br label %join
join:
  ret void
}

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: if-only branch: there is no second arm to meld with
define ptx_kernel void @if_only(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %join
then:
  store i32 %tid, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; An if-only branch nested in one arm: the else-arm's store runs in the
; empty copy of the inner store and melds with it, but the result costs
; more than the divergent branch (the else-arm's value, 9 instructions,
; stays a divergent block too long for ptxas to predicate).
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable after aligning the arms' sub-regions (a lone one gets an empty copy in the other arm) (2 blocks), then melded 1 pairs of 2+10 instructions in 3 blocks{{.*}}(tried on a copy: the function is unchanged)
define ptx_kernel void @nested(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %else
then:
  %d = icmp ult i32 %tid, %n
  br i1 %d, label %inner, label %join
inner:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  %v0 = xor i32 %tid, %n
  %v1 = mul i32 %v0, %v0
  %v2 = mul i32 %v1, %v1
  %v3 = mul i32 %v2, %v2
  %v4 = mul i32 %v3, %v3
  %v5 = mul i32 %v4, %v4
  %v6 = mul i32 %v5, %v5
  %v7 = mul i32 %v6, %v6
  %v8 = mul i32 %v7, %v7
  store i32 %v8, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; Arms with nothing in common: neither the same operations nor a pairing
; that pays for its selects.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: no instruction of one arm matches one of the other (1+1 instructions)
define ptx_kernel void @nothing_common(ptr addrspace(1) %out, i32 %a, i32 %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %else
then:
  %x = shl i32 %a, 3
  br label %join
else:
  %y = udiv i32 %b, 3
  br label %join
join:
  %v = phi i32 [ %x, %then ], [ %y, %else ]
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; Two short arms whose one common operation needs a select: the melded
; region would cost more than the divergent one.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable: melded 1 pairs of 2+2 instructions with 1 selects, 2 divergent blocks remain; cost {{.*}}, predicted speedup 0.{{[0-9]+}}x (threshold 1.05x)
define ptx_kernel void @unprofitable(ptr addrspace(1) %out, i32 %a, i32 %b) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %else
then:
  %x = mul i32 %tid, %a
  %x1 = shl i32 %x, 2
  br label %join
else:
  %y = mul i32 %tid, %b
  %y1 = udiv i32 %y, 7
  br label %join
join:
  %v = phi i32 [ %x1, %then ], [ %y1, %else ]
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare void @helper(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
