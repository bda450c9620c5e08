; Declarations and globals only: no function has a body.
target triple = "nvptx64-nvidia-cuda"

@g = addrspace(1) global i32 0
@s = internal addrspace(3) global [64 x i32] poison

declare ptx_kernel void @k(ptr addrspace(1))
declare i32 @f(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
