; Kernel splitting and the kernel's linkage. A weak or linkonce kernel may
; be replaced at link time by another definition (-fgpu-rdc), which would
; not replace its parts: it is not split, and the remark says why. A
; weak_odr or linkonce_odr kernel (a template's) is split; its parts have
; its linkage and its comdat, so the linker keeps or drops them with it.
; A user function named like a part does not stop the split: the part
; takes a free name, which the launch plan gives.
; RUN: %divopt-opt -passes='kernel-split<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK-DAG: remark: <unknown>:0:0: kernel weak_k not split at this divergent branch: the kernel's weak linkage lets another definition replace it at link time, but not its parts
; REMARK-DAG: remark: <unknown>:0:0: kernel linkonce_k not split at this divergent branch: the kernel's linkonce linkage lets another definition replace it at link time, but not its parts
; REMARK-DAG: remark: <unknown>:0:0: kernel odr_k split into odr_k_$_divopt_$_then, odr_k_$_divopt_$_else
; REMARK-DAG: remark: <unknown>:0:0: kernel once_k split into once_k_$_divopt_$_then, once_k_$_divopt_$_else
; REMARK-DAG: remark: <unknown>:0:0: kernel c split into c_$_divopt_$_then_$_1, c_$_divopt_$_else

; CHECK: $odr_k = comdat any
; CHECK-DAG: @"__divopt_launch_plan_$_odr_k" = weak_odr {{.*}}c"divopt-launch-plan 2\0Aodr_k odr_k_$_divopt_$_then odr_k_$_divopt_$_else\0A\00"
; CHECK-DAG: @"__divopt_launch_plan_$_once_k" = weak_odr {{.*}}c"divopt-launch-plan 2\0Aonce_k once_k_$_divopt_$_then once_k_$_divopt_$_else\0A\00"
; CHECK-DAG: @"__divopt_launch_plan_$_c" = addrspace(1) constant {{.*}}c"divopt-launch-plan 2\0Ac c_$_divopt_$_then_$_1 c_$_divopt_$_else\0A\00"
; CHECK: define weak ptx_kernel void @weak_k(
; CHECK: define linkonce ptx_kernel void @linkonce_k(
; CHECK: define weak_odr ptx_kernel void @odr_k({{.*}} comdat {
; CHECK: define linkonce_odr ptx_kernel void @once_k(
; CHECK: define ptx_kernel void @c(
; CHECK: define void @"c_$_divopt_$_then"(
; CHECK-NEXT: ret void
; CHECK-DAG: define weak_odr ptx_kernel void @"odr_k_$_divopt_$_then"({{.*}} comdat($odr_k) {
; CHECK-DAG: define weak_odr ptx_kernel void @"odr_k_$_divopt_$_else"({{.*}} comdat($odr_k) {
; CHECK-DAG: define linkonce_odr ptx_kernel void @"once_k_$_divopt_$_then"(
; CHECK-DAG: define linkonce_odr ptx_kernel void @"once_k_$_divopt_$_else"(
; CHECK-DAG: define ptx_kernel void @"c_$_divopt_$_then_$_1"(
; CHECK-DAG: define ptx_kernel void @"c_$_divopt_$_else"(
; CHECK-NOT: weak_k_$_divopt
; CHECK-NOT: linkonce_k_$_divopt

target triple = "nvptx64-nvidia-cuda"

$odr_k = comdat any

define weak ptx_kernel void @weak_k(ptr addrspace(1) noalias %out) {
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

define linkonce ptx_kernel void @linkonce_k(ptr addrspace(1) noalias %out) {
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

define weak_odr ptx_kernel void @odr_k(ptr addrspace(1) noalias %out) comdat {
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

define linkonce_odr ptx_kernel void @once_k(ptr addrspace(1) noalias %out) {
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

define ptx_kernel void @c(ptr addrspace(1) noalias %out) {
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

; A user's function that happens to have a part's name.
define void @"c_$_divopt_$_then"() {
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
