; A kernel named k, for the parameter tests that name one.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
