; Syntactically valid IR that the verifier rejects: %a is used in %else,
; which %then (its definition) does not dominate.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %tid, 3
  br label %join

else:
  store i32 %a, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
