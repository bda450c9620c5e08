; bbv-profile counts the blocks of the functions a kernel calls: the
; counting copy inlines each call to a function the module defines (a
; noinline helper, the device function kernel splitting moves a large way
; into), and the calls those bring, so that their blocks are the copy's,
; in its map and counted. Without it, a thread that runs a helper looked
; idle there. A callee is inlined with its contractions pinned as it
; compiles alone (the copy's launch is a useful one: it must compute what
; the kernel does). A call that would recurse, or to a callee under
; fast-math flags, stays a call, with a missed remark that says its blocks
; go uncounted and why. The kernel keeps its calls.
; RUN: %divopt-opt -passes=bbv-profile -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %if ptxas %{ llc -O3 -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

; REMARK: kernel k instrumented as k_$_divopt_$_bbv: 6 basic-block counters per thread (4 calls inlined to count their blocks), all threads; map in k_$_divopt_$_bbv_$_map
; REMARK-DAG: kernel k: the blocks of countdown are not counted: a call to it recurses, and its calls stay calls
; REMARK-DAG: kernel k: the blocks of fast are not counted: it computes in floating point under fast-math flags, which inlined code generation would fold otherwise, and its calls stay calls

; The map names the helpers' blocks (leaf's one block joins even.i) and
; the recursion's first level; the stores are now in block 5.
; CHECK: @"k_$_divopt_$_bbv_$_map" = {{.*}}\0Ablock 0 entry {{[0-9 ]+}}\0Ablock 1 even.i 0 0 0 0 0 1 {{[0-9 ]+}}\0Ablock 2 helper.exit {{[0-9 ]+}}\0Ablock 3 step.i 0 0 0 0 2 0 0 0 0 0 0 0 0 1 1\0Ablock 4 base.i {{[0-9 ]+}}\0Ablock 5 countdown.exit {{[0-9 ]+}}\0Aaccess 0 5 4 store\0Aaccess 1 5 4 store\0A\00"

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: call i32 @helper(
; CHECK: call i32 @countdown(
; CHECK: call float @scale(
; CHECK: call float @fast(
; scale itself keeps its contractable pair.
; CHECK-LABEL: define internal float @scale(
; CHECK-NEXT: %m = fmul contract float %x, %x
; The copy: the helpers inlined, scale's product and sum as the fma they
; compile to alone; the recursion and the fast-math callee still called.
; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_bbv"(
; CHECK: call void @llvm.memset.p0.i64(ptr align 4 %divopt.bbv, i8 0, i64 24, i1 false)
; CHECK-NOT: call i32 @helper(
; CHECK-NOT: call i32 @leaf(
; CHECK: step.i:
; CHECK: call i32 @countdown(
; CHECK: call float @llvm.fma.f32(float %{{.*}}, float %{{.*}}, float 1.000000e+00)
; CHECK: call float @fast(
; CHECK-NOT: call {{.*}} @{{[a-z]}}
; CHECK: ret void
; No pinned copy of scale is left.
; CHECK-NOT: define {{.*}}@scale

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call i32 @helper(i32 %t)
  %r = call i32 @countdown(i32 %n)
  %s = add i32 %v, %r
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %p
  %f = sitofp i32 %s to float
  %g = call float @scale(float %f)
  %h = call float @fast(float %g)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %n
  store float %h, ptr addrspace(1) %q
  ret void
}

define internal float @scale(float %x) noinline {
  %m = fmul contract float %x, %x
  %s = fadd contract float %m, 1.0
  ret float %s
}

define internal float @fast(float %x) noinline {
  %m = fmul fast float %x, 3.0
  %s = fadd fast float %m, 1.0
  ret float %s
}

define internal i32 @helper(i32 %x) noinline {
entry:
  %odd = and i32 %x, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %even, label %done
even:
  %y = call i32 @leaf(i32 %x)
  br label %done
done:
  %z = phi i32 [ %y, %even ], [ %x, %entry ]
  ret i32 %z
}

define internal i32 @leaf(i32 %x) noinline {
  %m = mul i32 %x, 3
  ret i32 %m
}

define internal i32 @countdown(i32 %n) noinline {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %step
step:
  %m = sub i32 %n, 1
  %r = call i32 @countdown(i32 %m)
  %r1 = add i32 %r, 1
  ret i32 %r1
base:
  ret i32 0
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
