; An approximate operation on constants is folded by ptxas (rsqrt.approx,
; sin.approx, ex2.approx, div.full: to the exactly rounded value) or by
; code generation (constants reassociated under `reassoc`), which the GPU
; need not compute at run time; a select of its operands keeps it from
; being folded and changes its arm's result (found by the meld-family
; fuzzing campaign: rsqrtf(2.0f) gave 0x3f3504f3 in clang -O3's code and
; 0x3f3504f2 melded). Such a pair does not meld where an operand that
; differs is a constant in either arm; it melds where both arms compute
; at run time, and correctly rounded operations (fma, mul.rn, fdiv without
; flags) select constants as before.
; RUN: %divopt-opt -passes='branch-dist<force>' -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; rsqrt.approx of 2.0 against rsqrt.approx of a loaded value: each arm
; keeps its own call (run on every lane or under the condition), and the
; chain that follows melds, selecting the calls' results.
; CHECK-LABEL: define ptx_kernel void @rsqrt_const(
; CHECK-DAG:     call float @llvm.nvvm.rsqrt.approx.f(float 2.000000e+00)
; CHECK-DAG:     call float @llvm.nvvm.rsqrt.approx.f(float %y)
; CHECK-DAG:     phi float [ %tr, %dist.then ], [ %er, %dist.else ]
define ptx_kernel void @rsqrt_const(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %q = getelementptr float, ptr addrspace(1) %in, i32 64
  %y = load float, ptr addrspace(1) %q
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %tr = call float @llvm.nvvm.rsqrt.approx.f(float 2.0)
  %t1 = fmul float %tr, %x
  %t2 = fadd float %t1, %x
  %t3 = fmul float %t2, %x
  %t4 = fadd float %t3, %x
  %t5 = fmul float %t4, %x
  br label %join
else:
  %er = call float @llvm.nvvm.rsqrt.approx.f(float %y)
  %e1 = fmul float %er, %x
  %e2 = fadd float %e1, %x
  %e3 = fmul float %e2, %x
  %e4 = fadd float %e3, %x
  %e5 = fmul float %e4, %x
  br label %join
join:
  %r = phi float [ %t5, %then ], [ %e5, %else ]
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}

; Both arms' operands computed at run time: the calls meld, the operand is
; selected.
; CHECK-LABEL: define ptx_kernel void @rsqrt_runtime(
; CHECK:         %[[S:.*]] = select i1 %c, float %a, float %b
; CHECK:         call float @llvm.nvvm.sin.approx.f(float %[[S]])
; CHECK-NOT:     call float @llvm.nvvm.sin.approx.f
; CHECK:         ret void
define ptx_kernel void @rsqrt_runtime(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %a = fmul float %x, 2.0
  %b = fmul float %x, 4.0
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %ts = call float @llvm.nvvm.sin.approx.f(float %a)
  %tf = call float @llvm.fma.f32(float %ts, float 3.0, float %x)
  br label %join
else:
  %es = call float @llvm.nvvm.sin.approx.f(float %b)
  %ef = call float @llvm.fma.f32(float %es, float 5.0, float %x)
  br label %join
join:
  %r = phi float [ %tf, %then ], [ %ef, %else ]
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}

; An approximate division (arcp: div.full) by 3.0 in one arm and by a load
; in the other stays in its arm; the correctly rounded division beside it
; selects its constant divisor.
; CHECK-LABEL: define ptx_kernel void @div_flags(
; CHECK-DAG:     fdiv arcp float %x, 3.000000e+00
; CHECK-DAG:     fdiv arcp float %x, %y
; CHECK-DAG:     %[[D:.*]] = select i1 %c, float 7.000000e+00, float 9.000000e+00
; CHECK-DAG:     fdiv float %x, %[[D]]
define ptx_kernel void @div_flags(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %q = getelementptr float, ptr addrspace(1) %in, i32 64
  %y = load float, ptr addrspace(1) %q
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %ta = fdiv arcp float %x, 3.0
  %tb = fdiv float %x, 7.0
  %tf = call float @llvm.fma.f32(float %ta, float %tb, float 1.0)
  br label %join
else:
  %ea = fdiv arcp float %x, %y
  %eb = fdiv float %x, 9.0
  %ef = call float @llvm.fma.f32(float %ea, float %eb, float 1.0)
  br label %join
join:
  %r = phi float [ %tf, %then ], [ %ef, %else ]
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}

; A chain computed from constants alone is one number to ptxas, approximate
; steps included: sin.approx(sqrt.approx(877.0) * 0.01) is folded where
; the arm stands (found by the fuzzing campaign: clang -O3's kernel and the
; melded one differed in the last bits). Neither the approximate steps nor
; the correctly rounded multiply between them meld with the other arm's
; run-time chain, which would make the constant arm's chain a run-time
; one; the fma they feed melds, selecting the chains' results.
; CHECK-LABEL: define ptx_kernel void @constant_chain(
; CHECK-DAG:     %ts0 = call float @llvm.nvvm.sqrt.approx.f(float 8.770000e+02)
; CHECK-DAG:     %tm = call float @llvm.nvvm.mul.rn.f(float %ts0, float 0x3F847AE140000000)
; CHECK-DAG:     %tsin = call float @llvm.nvvm.sin.approx.f(float %tm)
; CHECK-DAG:     %esin = call float @llvm.nvvm.sin.approx.f(float %em)
; CHECK-DAG:     phi float [ %tsin, %dist.then ], [ %esin, %dist.else ]
; CHECK-COUNT-1: call float @llvm.fma.f32(
define ptx_kernel void @constant_chain(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %q = getelementptr float, ptr addrspace(1) %in, i32 64
  %y = load float, ptr addrspace(1) %q
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %ts0 = call float @llvm.nvvm.sqrt.approx.f(float 877.0)
  %tm = call float @llvm.nvvm.mul.rn.f(float %ts0, float 0x3F847AE140000000)
  %tsin = call float @llvm.nvvm.sin.approx.f(float %tm)
  %tf = call float @llvm.fma.f32(float %tsin, float 3.0, float %x)
  br label %join
else:
  %es0 = call float @llvm.nvvm.sqrt.approx.f(float %y)
  %em = call float @llvm.nvvm.mul.rn.f(float %es0, float 0x3F847AE140000000)
  %esin = call float @llvm.nvvm.sin.approx.f(float %em)
  %ef = call float @llvm.fma.f32(float %esin, float 3.0, float %x)
  br label %join
join:
  %r = phi float [ %tf, %then ], [ %ef, %else ]
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.mul.rn.f(float, float)
declare float @llvm.nvvm.rsqrt.approx.f(float)
declare float @llvm.nvvm.sin.approx.f(float)
declare float @llvm.fma.f32(float, float, float)
