; Launch bounds and the target reach the analysis from clang's attributes;
; a three-dimensional bound multiplies out, a malformed one is ignored.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: function 'bounded' (kernel target=sm_90 maxntid=256 minctasm=2 maxnreg=64)
define ptx_kernel void @bounded() #0 {
  ret void
}

; CHECK: function 'cube' (kernel target=sm_80 maxntid=512)
define ptx_kernel void @cube() #1 {
  ret void
}

; CHECK: function 'bad' (kernel target=sm_75)
define ptx_kernel void @bad() #2 {
  ret void
}

; CHECK: function 'dev' (device function target=unknown)
define void @dev() {
  ret void
}

attributes #0 = { "target-cpu"="sm_90" "nvvm.maxntid"="256" "nvvm.minctasm"="2" "nvvm.maxnreg"="64" }
attributes #1 = { "target-cpu"="sm_80" "nvvm.maxntid"="8,8,8" }
attributes #2 = { "target-cpu"="sm_75" "nvvm.maxntid"="lots" "nvvm.minctasm"="-1" }
