; Functions with bodies and nothing in them.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @empty_kernel() {
  ret void
}

define void @empty_device() {
  ret void
}

define ptx_kernel void @only_unreachable() {
  unreachable
}

define i32 @only_return(i32 %x) {
  ret i32 %x
}
