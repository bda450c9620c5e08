; A join block of PHIs, one sum or product and an unconditional branch is
; copied into its predecessors by early tail duplication, after instruction
; selection and before ptxas: `phi(a * 1.5, b * c) + 2.0` becomes
; `a * 1.5 + 2.0` and `b * c + 2.0`, and ptxas fuses both. The pinner
; makes the copies itself and pins what ptxas does with them. Before, it
; read the PHI as a wall and rounded both products: two fmas fewer than
; clang -O3 on fuzz seed 4528, a last-bit difference.
; RUN: %divopt-opt -passes=pin-contraction -S %s | FileCheck %s
; Both compiles' machine code: the same fused multiply-adds, kernel by
; kernel (a pinned `x * 2.0` stays a multiply where clang's is `x + x`,
; the same value).
; RUN: %if ptxas %{ llc -O3 -mtriple=nvptx64 -mcpu=sm_90 %s -o %t.ref.ptx && %ptxas -arch=sm_90 %t.ref.ptx -o %t.ref.cubin %}
; RUN: %if ptxas %{ %divopt-opt -passes=pin-contraction %s | llc -O3 -mtriple=nvptx64 -mcpu=sm_90 -o %t.pin.ptx && %ptxas -arch=sm_90 %t.pin.ptx -o %t.pin.cubin %}
; RUN: %if ptxas %{ %python %divopt_src/scripts/fuzz/sass_ops.py %t.ref.cubin | cut -d' ' -f2- > %t.ref.txt %}
; RUN: %if ptxas %{ %python %divopt_src/scripts/fuzz/sass_ops.py %t.pin.cubin | cut -d' ' -f2- > %t.pin.txt %}
; RUN: %if ptxas %{ sed -E 's/ [DF](MUL|ADD)=[0-9]+//g' %t.ref.txt > %t.ref.fma.txt %}
; RUN: %if ptxas %{ sed -E 's/ [DF](MUL|ADD)=[0-9]+//g' %t.pin.txt > %t.pin.fma.txt %}
; RUN: %if ptxas %{ diff %t.ref.fma.txt %t.pin.fma.txt %}
; The reference's counts are written down with each kernel: fused where
; the block is copied, not where it is not.
; RUN: %if ptxas %{ FileCheck %s --check-prefix=SASS < %t.ref.txt %}

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The sum is copied into both arms and fused with each product.
; CHECK-LABEL: @arms(
; CHECK: l:
; CHECK-NEXT: [[L:%.*]] = call float @llvm.fma.f32(float %a, float 1.500000e+00, float 2.000000e+00)
; CHECK-NEXT: br label %j
; CHECK: r:
; CHECK-NEXT: [[R:%.*]] = call float @llvm.fma.f32(float %b, float %c, float 2.000000e+00)
; CHECK-NEXT: br label %j
; CHECK: j:
; CHECK-NEXT: %s = phi float [ [[L]], %l ], [ [[R]], %r ]
; CHECK-NEXT: br label %e
; SASS-DAG: arms FFMA=2
define ptx_kernel void @arms(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %t, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 1.5
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br label %j
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fadd contract float %p, 2.0
  br label %e
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ]
  store float %s2, ptr addrspace(1) %out
  ret void
}

; Three predecessors, and a sum of two PHIs: each copy adds what flows in
; from its own predecessor. The product computed above the branch is fused
; too, in the arm that only stores: its operand 1.5 is an immediate.
; CHECK-LABEL: @three(
; CHECK: l:
; CHECK: call float @llvm.fma.f32(float %a, float 1.500000e+00, float %a)
; CHECK: l2:
; CHECK-NEXT: call float @llvm.fma.f32(float %a, float %a, float %b)
; CHECK: r:
; CHECK-NEXT: call float @llvm.fma.f32(float %b, float %c, float %c)
; SASS-DAG: three FFMA=3
define ptx_kernel void @three(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  %m1 = fmul contract float %a, 1.5
  br i1 %c0, label %o, label %top
top:
  switch i32 %n, label %r [ i32 1, label %l
                            i32 2, label %l2 ]
l:
  store volatile i32 1, ptr addrspace(1) %out
  br label %j
l2:
  %m3 = fmul contract float %a, %a
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br label %j
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ], [ %m3, %l2 ]
  %p2 = phi float [ %a, %l ], [ %c, %r ], [ %b, %l2 ]
  %s = fadd contract float %p2, %p
  br label %e
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ]
  store float %s2, ptr addrspace(1) %out
  ret void
}

; A copy next to `x * 2.0` is not fused: the DAG has made the product
; `x + x` by then (fuzz seed 520).
; CHECK-LABEL: @doubled(
; CHECK: l:
; CHECK-NEXT: [[D:%.*]] = call float @llvm.nvvm.mul.rn.f(float %a, float 2.000000e+00)
; CHECK-NEXT: %s.dup = fadd contract float [[D]], %c
; CHECK: r:
; CHECK-NEXT: %s.dup1 = call float @llvm.fma.f32(float %b, float %c, float %c)
; SASS-DAG: doubled FFMA=1 FADD=2
define ptx_kernel void @doubled(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %t, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 2.0
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br label %j
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fadd contract float %p, %c
  br label %e
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ]
  store float %s2, ptr addrspace(1) %out
  ret void
}

; A product alone in the join block: its copies reach the sums in the loop
; through a new PHI, and ptxas fuses neither. Read in its own block, it
; would have been fused across blocks (an immediate operand).
; CHECK-LABEL: @product(
; CHECK: l:
; CHECK: call float @llvm.nvvm.mul.rn.f(float %m1, float 3.000000e+00)
; CHECK: r:
; CHECK: call float @llvm.nvvm.mul.rn.f(float %m2, float 3.000000e+00)
; CHECK: loop:
; CHECK: %acc1 = fadd contract float %s, %acc
; CHECK: %bcc1 = fadd contract float %bcc, %s
; SASS-DAG: product FMUL=2 FADD=2
define ptx_kernel void @product(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cc = icmp slt i32 %t, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = load volatile float, ptr addrspace(1) %out
  br label %j
r:
  %m2 = load float, ptr addrspace(1) %out
  br label %j
loop:
  %i = phi i32 [ %n, %j ], [ %i1, %loop ]
  %acc = phi float [ %a, %j ], [ %acc1, %loop ]
  %bcc = phi float [ %b, %j ], [ %bcc1, %loop ]
  %acc1 = fadd contract float %s, %acc
  %bcc1 = fadd contract float %bcc, %s
  %i1 = add i32 %i, -1
  %more = icmp sgt i32 %i1, 0
  br i1 %more, label %loop, label %done
done:
  store float %acc1, ptr addrspace(1) %out
  store volatile float %bcc1, ptr addrspace(1) %out
  ret void
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fmul contract float %p, 3.0
  br label %loop
}

; Not copied, and so not fused: the join block falls into its successor
; (laid out next), ...
; CHECK-LABEL: @falls_through(
; CHECK: j:
; CHECK-NEXT: %p = phi float
; CHECK-NEXT: %s = fadd contract float %p, 2.000000e+00
; SASS-DAG: falls_through FMUL=2 FADD=1
define ptx_kernel void @falls_through(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %t, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 1.5
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br label %j
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fadd contract float %p, 2.0
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ]
  store float %s2, ptr addrspace(1) %out
  ret void
}

; ... a predecessor branches to it conditionally, ...
; CHECK-LABEL: @conditional_pred(
; CHECK: j:
; CHECK-NEXT: %p = phi float
; CHECK-NEXT: %s = fadd contract float %p, 2.000000e+00
; SASS-DAG: conditional_pred FMUL=2 FADD=1
define ptx_kernel void @conditional_pred(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %t, %n
  %c3 = icmp eq i32 %t, 3
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 1.5
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br i1 %c3, label %j, label %e2
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fadd contract float %p, 2.0
  br label %e
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
e2:
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ], [ %m2, %e2 ]
  store float %s2, ptr addrspace(1) %out
  ret void
}

; ... it holds a second instruction, ...
; CHECK-LABEL: @two_instructions(
; CHECK: j:
; CHECK-NEXT: %p = phi float
; CHECK-NEXT: %s = fadd contract float %p, 2.000000e+00
; SASS-DAG: two_instructions FMUL=2 FADD=2
define ptx_kernel void @two_instructions(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %t, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 1.5
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br label %j
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fadd contract float %p, 2.0
  %s9 = fadd float %s, %a
  br label %e
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
e:
  %s2 = phi float [ %s9, %j ], [ %q, %o ]
  store float %s2, ptr addrspace(1) %out
  ret void
}

; ... its sum subtracts from a constant, which takes a move of its own, ...
; CHECK-LABEL: @constant_minus(
; CHECK: j:
; CHECK-NEXT: %p = phi float
; CHECK-NEXT: %s = fsub contract float 2.000000e+00, %p
; SASS-DAG: constant_minus FMUL=2 FADD=1
define ptx_kernel void @constant_minus(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %t, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 1.5
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br label %j
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fsub contract float 2.0, %p
  br label %e
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ]
  store float %s2, ptr addrspace(1) %out
  ret void
}

; ... or the successor's PHIs take a constant from it (a move, again).
; CHECK-LABEL: @constant_incoming(
; CHECK: j:
; CHECK-NEXT: %p = phi float
; CHECK-NEXT: %s = fadd contract float %p, 2.000000e+00
; SASS-DAG: constant_incoming FMUL=2 FADD=1
define ptx_kernel void @constant_incoming(ptr addrspace(1) %out, float %a, float %b, float %c, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %t, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %t, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 1.5
  br label %j
r:
  %m2 = fmul contract float %b, %c
  br label %j
j:
  %p = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fadd contract float %p, 2.0
  br label %e
o:
  %q = load volatile float, ptr addrspace(1) %out
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ]
  %k = phi i32 [ 9, %j ], [ %t, %o ]
  store volatile float %s2, ptr addrspace(1) %out
  store volatile i32 %k, ptr addrspace(1) %out
  ret void
}
