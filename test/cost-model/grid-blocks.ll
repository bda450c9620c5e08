; The grid a kernel is launched with, where a profile (or the option)
; states it: occupancy counts only the blocks the grid supplies each SM.
; 96-thread blocks of a small kernel fit 21 to an SM (63 warps of 64); a
; grid of one block per SM leaves 3 (5%), and the grid is what limits.
; RUN: %divopt-opt -passes='print<divopt-cost>' -disable-output %s | FileCheck %s --check-prefix=FULL
; RUN: %divopt-opt -passes='print<divopt-cost>' -divopt-assume-grid-blocks-per-sm=1 -disable-output %s | FileCheck %s --check-prefix=ONE
; RUN: not %divopt-opt -passes='print<divopt-cost>' -divopt-assume-grid-blocks-per-sm=0 -disable-output %s 2>&1 | FileCheck %s --check-prefix=ZERO
; RUN: not %divopt-opt -passes='print<divopt-cost>' -divopt-assume-grid-blocks-per-sm=many -disable-output %s 2>&1 | FileCheck %s --check-prefix=WORD

; FULL: divopt-cost: function 'k' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=98% (warps, at 96 threads/block (reqntid) on sm_90)
; ONE:  divopt-cost: function 'k' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=5% (grid, at 96 threads/block (reqntid), a grid of 1.00 blocks/SM (-divopt-assume-grid-blocks-per-sm), on sm_90)
; ONE-NEXT: block %entry: cost={{[0-9.]+}} latency={{[0-9.]+}}
; ZERO: '0' is not a number of blocks per SM (> 0)
; WORD: 'many' value invalid

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(float %x, ptr addrspace(1) %out) #0 {
entry:
  %y = fmul float %x, 2.0
  store float %y, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "nvvm.reqntid"="96" }
