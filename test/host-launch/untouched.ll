; host-launch leaves a host module byte for byte as it was when no launch
; needs the hook: kernels whose device code carries no plan
; (Inputs/no-plan.ll), a module without kernels (Inputs/no-kernels.ll), a
; host module compiled without its device code (--cuda-host-only: this
; file's kernel stub), and an NVPTX module. The same holds for the
; automatic pipeline at -O3.
; RUN: %opt -S %S/Inputs/no-plan.ll -o %t.plan.orig.ll
; RUN: %divopt-opt -passes=host-launch -S %S/Inputs/no-plan.ll -o %t.plan.after.ll
; RUN: diff %t.plan.orig.ll %t.plan.after.ll
; RUN: %opt -S %S/Inputs/no-kernels.ll -o %t.none.orig.ll
; RUN: %divopt-opt -passes=host-launch -S %S/Inputs/no-kernels.ll -o %t.none.after.ll
; RUN: diff %t.none.orig.ll %t.none.after.ll
; RUN: %opt -S %s -o %t.orig.ll
; RUN: %divopt-opt -passes=host-launch -S %s -o %t.after.ll
; RUN: diff %t.orig.ll %t.after.ll
; RUN: %opt -O3 -S %S/Inputs/no-plan.ll -o %t.plan.o3.ll
; RUN: %divopt-opt -O3 -S %S/Inputs/no-plan.ll -o %t.plan.o3.divopt.ll
; RUN: diff %t.plan.o3.ll %t.plan.o3.divopt.ll
; RUN: sed 's/^; NVPTX: //;t;d' %s > %t.nvptx.ll
; RUN: %opt -S %t.nvptx.ll -o %t.nvptx.orig.ll
; RUN: %divopt-opt -passes=host-launch -S %t.nvptx.ll -o %t.nvptx.after.ll
; RUN: diff %t.nvptx.orig.ll %t.nvptx.after.ll

; NVPTX: target triple = "nvptx64-nvidia-cuda"
; NVPTX: @__cuda_fatbin_wrapper = constant [1 x i8] c"\00"
; NVPTX: declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
; NVPTX: define void @f(ptr %a) {
; NVPTX:   %r = call i32 @cudaLaunchKernel(ptr @f, i64 1, i32 1, i64 1, i32 1, ptr %a, i64 0, ptr null)
; NVPTX:   ret void
; NVPTX: }

target triple = "x86_64-pc-linux-gnu"

define void @_Z16__device_stub__kPi(ptr %args) {
entry:
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
