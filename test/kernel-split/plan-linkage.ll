; Each split kernel gets a plan global of its own, named after it, so that
; translation units linked together (-fgpu-rdc) never define one symbol
; twice: external for an external kernel, weak_odr for a kernel that
; several units may define (a template's linkonce_odr instance), whose
; parts keep the kernel's linkage too.
; RUN: %divopt-opt -passes='kernel-split<force>' -S %s -o - | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: @"__divopt_launch_plan_$_ext" = addrspace(1) constant [{{[0-9]+}} x i8] c"divopt-launch-plan 2\0Aext ext_$_divopt_$_then ext_$_divopt_$_else\0A\00", align 1
; CHECK-DAG: @"__divopt_launch_plan_$__Z4tmplIiEvPi" = weak_odr addrspace(1) constant [{{[0-9]+}} x i8] c"divopt-launch-plan 2\0A_Z4tmplIiEvPi _Z4tmplIiEvPi_$_divopt_$_then _Z4tmplIiEvPi_$_divopt_$_else\0A\00", align 1
; CHECK-DAG: define linkonce_odr ptx_kernel void @"_Z4tmplIiEvPi_$_divopt_$_then"(
; CHECK-DAG: define ptx_kernel void @"ext_$_divopt_$_then"(

define ptx_kernel void @ext(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %arm, label %join
arm:
  store i32 1, ptr addrspace(1) %out, align 4
  br label %join
join:
  ret void
}

define linkonce_odr ptx_kernel void @_Z4tmplIiEvPi(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 9
  br i1 %c, label %arm, label %join
arm:
  store i32 2, ptr addrspace(1) %out, align 4
  br label %join
join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
