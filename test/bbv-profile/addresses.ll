; bbv-profile samples the address of every load and store that may reach
; global memory (global pointers, and generic ones not derived from an
; alloca), in block order, for the runtime's coalescing model; private
; (alloca) and shared memory are not sampled. The map lists each sampled
; access with its block, size in bytes and kind.
; RUN: %divopt-opt -passes=bbv-profile -S %s | FileCheck %s

; CHECK: block 1 body {{[0-9 ]+}}\0Aaccess 0 0 8 load\0Aaccess 1 1 1 load\0Aaccess 2 1 2 store\0A\00"
; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_bbv"(
; CHECK: %divopt.addr = alloca [3 x i64], align 8
; CHECK: ptrtoint ptr addrspace(1) %in to i64
; CHECK: load double, ptr addrspace(1) %in
; CHECK: ptrtoint ptr %g to i64
; CHECK: load i8, ptr %g
; CHECK-NOT: ptrtoint ptr %priv
; CHECK-NOT: ptrtoint ptr addrspace(3)
; CHECK: ptrtoint ptr %gen to i64
; CHECK: store i16 %h, ptr %gen

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x i32] undef

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
  ret void
}
