; host-launch on the host module of a -fgpu-rdc compile through clang 22's
; new offload driver: kernels are named by offload entries (stub, device
; name) in section llvm_offload_entries, the device object is
; @llvm.embedded.object in .llvm.offloading, and an internal kernel's
; device name carries the compile's CUID. Compiled with
; -fgpu-default-stream=per-thread, the stubs call cudaLaunchKernel_ptsz,
; whose hook is __divopt_launch_kernel_ptsz. a and s have plans; b has none
; and keeps its launch.
; RUN: %divopt-opt -passes=host-launch -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll

target triple = "x86_64-pc-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

; CHECK-DAG: @divopt.kernel.name = private unnamed_addr constant [7 x i8] c"_Z1aPi\00"
; CHECK-DAG: @divopt.kernel.name.1 = private unnamed_addr constant [34 x i8] c"_ZL1sPi__intern__e5025b837a2e7465\00"

@.offloading.entry_name = internal unnamed_addr constant [7 x i8] c"_Z1aPi\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry._Z1aPi = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z16__device_stub__aPi, ptr @.offloading.entry_name, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry_name.1 = internal unnamed_addr constant [34 x i8] c"_ZL1sPi__intern__e5025b837a2e7465\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry.s = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_ZL16__device_stub__sPi, ptr @.offloading.entry_name.1, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry_name.2 = internal unnamed_addr constant [7 x i8] c"_Z1bPi\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry._Z1bPi = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z16__device_stub__bPi, ptr @.offloading.entry_name.2, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@llvm.embedded.object = private constant [198 x i8] c"\10\FF\10\AD\01\00\00\00\7FELF\00_Z1aPi\00_Z1aPi_$_divopt_$_then\00_Z1aPi_$_divopt_$_else\00__divopt_launch_plan_$__Z1aPi\00_ZL1sPi__intern__e5025b837a2e7465\00__divopt_launch_plan_$__ZL1sPi__intern__e5025b837a2e7465\00_Z1bPi\00\00\00\00\00", section ".llvm.offloading", align 8
@llvm.compiler.used = appending global [1 x ptr] [ptr @llvm.embedded.object], section "llvm.metadata"

; CHECK-LABEL: define void @_Z16__device_stub__aPi(
; CHECK: icmp ne ptr @__divopt_launch_kernel_ptsz, null
; CHECK: call i32 @__divopt_launch_kernel_ptsz(ptr @divopt.kernel.name, ptr @_Z16__device_stub__aPi,
; CHECK: call i32 @cudaLaunchKernel_ptsz(ptr @_Z16__device_stub__aPi,
define void @_Z16__device_stub__aPi(ptr %p, ptr %args, ptr %stream) {
entry:
  %r = call i32 @cudaLaunchKernel_ptsz(ptr @_Z16__device_stub__aPi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr %stream)
  ret void
}

; CHECK-LABEL: define internal void @_ZL16__device_stub__sPi(
; CHECK: call i32 @__divopt_launch_kernel_ptsz(ptr @divopt.kernel.name.1, ptr @_ZL16__device_stub__sPi,
define internal void @_ZL16__device_stub__sPi(ptr %p, ptr %args) {
entry:
  %r = call i32 @cudaLaunchKernel_ptsz(ptr @_ZL16__device_stub__sPi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

; CHECK-LABEL: define void @_Z16__device_stub__bPi(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call i32 @cudaLaunchKernel_ptsz(ptr @_Z16__device_stub__bPi,
; CHECK-NEXT:   call void @keep(
; CHECK-NEXT:   ret void
define void @_Z16__device_stub__bPi(ptr %p, ptr %args) {
entry:
  %r = call i32 @cudaLaunchKernel_ptsz(ptr @_Z16__device_stub__bPi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  call void @keep(ptr @_ZL16__device_stub__sPi)
  ret void
}

declare void @keep(ptr)
declare i32 @cudaLaunchKernel_ptsz(ptr, i64, i32, i64, i32, ptr, i64, ptr)

; CHECK-NOT: @__divopt_launch_kernel(
; CHECK: declare extern_weak i32 @__divopt_launch_kernel_ptsz(ptr, ptr, i64, i32, i64, i32, ptr, i64, ptr)
; CHECK-NOT: @__divopt_launch_kernel(
