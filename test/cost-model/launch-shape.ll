; The launch shape the cost model assumes, from what the IR states:
; "nvvm.reqntid" fixes the block size (it wins over "nvvm.maxntid");
; "nvvm.maxntid" (__launch_bounds__) bounds a range from one warp up;
; nothing states a range up to the architecture's 1024, named as an
; assumption. A range is modelled at its worst block size, which the
; printer names. A malformed or impossible reqntid is ignored.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s --check-prefix=INFO
; RUN: %divopt-opt -passes='print<divopt-cost>' -disable-output %s | FileCheck %s --check-prefix=COST

target triple = "nvptx64-nvidia-cuda"

; INFO: function 'required' (kernel target=sm_90 reqntid=256)
; COST: function 'required' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=100% (warps, at 256 threads/block (reqntid) on sm_90)
define ptx_kernel void @required(ptr addrspace(1) %out) #0 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

; reqntid wins over maxntid.
; INFO: function 'both' (kernel target=sm_90 maxntid=512 reqntid=64)
; COST: function 'both' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=100% (warps, at 64 threads/block (reqntid) on sm_90)
define ptx_kernel void @both(ptr addrspace(1) %out) #1 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

; A range: one warp per block fills the SM's 32 block slots with 32 warps.
; INFO: function 'bounded' (kernel target=sm_90 maxntid=512)
; COST: function 'bounded' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=50% (blocks, at 32 threads/block, the worst of 32-512 threads/block (launch bounds), on sm_90)
define ptx_kernel void @bounded(ptr addrspace(1) %out) #2 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

; INFO: function 'free' (kernel target=sm_90)
; COST: function 'free' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=50% (blocks, at 32 threads/block, the worst of 32-1024 threads/block (assumed: no launch bounds), on sm_90)
define ptx_kernel void @free(ptr addrspace(1) %out) #3 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

; reqntid 0 and 2048 cannot be launched: ignored, maxntid bounds the range.
; INFO: function 'zero' (kernel target=sm_90 maxntid=128)
; COST: function 'zero' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=50% (blocks, at 32 threads/block, the worst of 32-128 threads/block (launch bounds), on sm_90)
define ptx_kernel void @zero(ptr addrspace(1) %out) #4 {
  store i32 0, ptr addrspace(1) %out
  ret void
}
; INFO: function 'huge' (kernel target=sm_90 reqntid=2048)
; COST: function 'huge' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=50% (blocks, at 32 threads/block, the worst of 32-1024 threads/block (assumed: no launch bounds), on sm_90)
define ptx_kernel void @huge(ptr addrspace(1) %out) #5 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

; Three dimensions multiply out.
; INFO: function 'cube' (kernel target=sm_90 reqntid=512)
; COST: function 'cube' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=100% (warps, at 512 threads/block (reqntid) on sm_90)
define ptx_kernel void @cube(ptr addrspace(1) %out) #6 {
  store i32 0, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="sm_90" "nvvm.reqntid"="256" }
attributes #1 = { "target-cpu"="sm_90" "nvvm.reqntid"="64" "nvvm.maxntid"="512" }
attributes #2 = { "target-cpu"="sm_90" "nvvm.maxntid"="512" }
attributes #3 = { "target-cpu"="sm_90" }
attributes #4 = { "target-cpu"="sm_90" "nvvm.reqntid"="0" "nvvm.maxntid"="128" }
attributes #5 = { "target-cpu"="sm_90" "nvvm.reqntid"="2048" }
attributes #6 = { "target-cpu"="sm_90" "nvvm.reqntid"="8,8,8" }
