; bbv-profile samples the address of every load and store that may reach
; global memory (global pointers, and generic ones not derived from an
; alloca or from a variable of another space), in block order, for the
; runtime's coalescing model; private (alloca), shared and constant memory
; are not sampled, through a generic pointer (clang's addrspacecast of a
; __shared__ array) neither. The map lists each sampled access with its
; block, size in bytes and kind.
; RUN: %divopt-opt -passes=bbv-profile -S %s | FileCheck %s

; CHECK: block 1 body {{[0-9 ]+}}\0Aaccess 0 0 8 load\0Aaccess 1 1 1 load\0Aaccess 2 1 2 store\0Aaccess 3 1 4 load\0A\00"
; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_bbv"(
; CHECK: %divopt.addr = alloca [4 x i64], align 8
; CHECK: ptrtoint ptr addrspace(1) %in to i64
; CHECK: load double, ptr addrspace(1) %in
; CHECK: ptrtoint ptr %g to i64
; CHECK: load i8, ptr %g
; CHECK-NOT: ptrtoint ptr %priv
; CHECK-NOT: ptrtoint ptr addrspace(3)
; CHECK: ptrtoint ptr %gen to i64
; CHECK: store i16 %h, ptr %gen
; CHECK-NOT: ptrtoint ptr %tile.generic
; CHECK-NOT: ptrtoint ptr @table
; CHECK: ptrtoint ptr %glob to i64
; CHECK: load i32, ptr %glob

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x i32] undef
@table = internal addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

define ptx_kernel void @k(ptr addrspace(1) %in, ptr %g, ptr %gen) {
entry:
  %priv = alloca i32, align 4
  %d = load double, ptr addrspace(1) %in
  br label %body
body:
  %b = load i8, ptr %g
  store i32 7, ptr %priv
  %p = load i32, ptr %priv
  store i32 %p, ptr addrspace(3) @tile
  %h = zext i8 %b to i16
  store i16 %h, ptr %gen
  %tile.generic = addrspacecast ptr addrspace(3) @tile to ptr
  %s = load i32, ptr %tile.generic
  %c = load i32, ptr addrspacecast (ptr addrspace(4) @table to ptr)
  %glob = addrspacecast ptr addrspace(1) %in to ptr
  %v = load i32, ptr %glob
  ret void
}
