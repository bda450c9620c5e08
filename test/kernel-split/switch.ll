; A divergent switch splits into one kernel per distinct successor, named
; arm<N> in successor order; a successor that is the join itself is a way
; too (its threads run only the code after the join). Two kernels split in
; one module get a launch plan each. ptxas accepts it.
; RUN: %divopt-opt -passes='kernel-split<force>' -pass-remarks=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: @"__divopt_launch_plan_$_sw" = addrspace(1) constant [{{[0-9]+}} x i8] c"divopt-launch-plan 2\0Asw sw_$_divopt_$_arm0 sw_$_divopt_$_arm1 sw_$_divopt_$_arm2\0A\00"
; CHECK-DAG: @"__divopt_launch_plan_$_if_only" = addrspace(1) constant [{{[0-9]+}} x i8] c"divopt-launch-plan 2\0Aif_only if_only_$_divopt_$_then if_only_$_divopt_$_else\0A\00"

; REMARK: remark: <unknown>:0:0: kernel sw split into sw_$_divopt_$_arm0, sw_$_divopt_$_arm1, sw_$_divopt_$_arm2 (launched in this order for sw): registers {{.*}} (arm0), {{.*}} (arm1), {{.*}} (arm2); {{.*}} (forced)
; REMARK: remark: <unknown>:0:0: kernel if_only split into if_only_$_divopt_$_then, if_only_$_divopt_$_else

; The default way goes straight to the join; the folded single-entry PHI
; leaves 0 stored.
; CHECK-LABEL: define ptx_kernel void @"sw_$_divopt_$_arm0"(
; CHECK: switch i32 %m, label %join [
; CHECK-NEXT: i32 1, label %divopt.other.way
; CHECK-NEXT: i32 2, label %divopt.other.way
; CHECK-NEXT: i32 3, label %divopt.other.way
; CHECK: join:
; CHECK: store i32 0,
; One case left: the switch folds to a branch.
; CHECK-LABEL: define ptx_kernel void @"sw_$_divopt_$_arm1"(
; CHECK: %cond = icmp eq i32 %m, 1
; CHECK-NEXT: br i1 %cond, label %one, label %divopt.other.way
; CHECK: store i32 %a,
; Cases 2 and 3 share their arm: one way.
; CHECK-LABEL: define ptx_kernel void @"sw_$_divopt_$_arm2"(
; CHECK: switch i32 %m, label %divopt.other.way [
; CHECK-DAG: i32 2, label %two
; CHECK-DAG: i32 3, label %two
; CHECK: store i32 %b,
define ptx_kernel void @sw(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = and i32 %tid, 3
  switch i32 %m, label %join [
    i32 1, label %one
    i32 2, label %two
    i32 3, label %two
  ]
one:
  %a = mul i32 %tid, 7
  br label %join
two:
  %b = mul i32 %tid, 9
  br label %join
join:
  %v = phi i32 [ 0, %entry ], [ %a, %one ], [ %b, %two ]
  %op = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %op, align 4
  ret void
}

; An if-only branch: the else way runs only the code after the join.
; CHECK-LABEL: define ptx_kernel void @"if_only_$_divopt_$_then"(
; CHECK: br i1 %c, label %arm, label %divopt.other.way
; CHECK-LABEL: define ptx_kernel void @"if_only_$_divopt_$_else"(
; CHECK: br i1 %c, label %divopt.other.way, label %join
define ptx_kernel void @if_only(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %arm, label %join
arm:
  %a = mul i32 %tid, 7
  br label %join
join:
  %v = phi i32 [ 0, %entry ], [ %a, %arm ]
  %op = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %op, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
