; The contraction pinner writes down what NVPTX code generation and ptxas
; would fuse: a product that flows straight into a contractable sum becomes
; an fma with it, and every product left is rounded on its own
; (llvm.nvvm.mul.rn.*), so that no later move of either changes the result.
; RUN: %divopt-opt -passes=pin-contraction -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; One-use product in another block: NVPTX's IR peephole fuses it.
; CHECK-LABEL: @cross_block_one_use(
; CHECK: then:
; CHECK-NEXT: %s = call float @llvm.fma.f32(float %a, float %b, float %c)
define ptx_kernel void @cross_block_one_use(ptr %p, float %a, float %b, float %c, i1 %cc) {
entry:
  %m = fmul contract float %a, %b
  br i1 %cc, label %then, label %join
then:
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  br label %join
join:
  ret void
}

; A product used in both arms: ptxas fuses it into each sum.
; CHECK-LABEL: @two_arms(
; CHECK-NOT: fmul
; CHECK: %s = call float @llvm.fma.f32(float %a, float %b, float %c)
; CHECK: [[N:%.*]] = fneg contract float %c
; CHECK-NEXT: %d = call float @llvm.fma.f32(float %a, float %b, float [[N]])
define ptx_kernel void @two_arms(ptr %p, float %a, float %b, float %c, i1 %cc) {
entry:
  %m = fmul contract float %a, %b
  br i1 %cc, label %then, label %else
then:
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  br label %join
else:
  %d = fsub contract float %m, %c
  store float %d, ptr %p
  br label %join
join:
  ret void
}

; Products that meet the sum through a PHI are not fused by anyone: each is
; rounded on its own, and melding the arms cannot fuse them later.
; CHECK-LABEL: @phi_of_products(
; CHECK: %m1 = call float @llvm.nvvm.mul.rn.f(float %a, float %b)
; CHECK: %m2 = call float @llvm.nvvm.mul.rn.f(float %a, float %c)
; CHECK: %s = fadd contract float %m, %c
define ptx_kernel void @phi_of_products(ptr %p, float %a, float %b, float %c, i1 %cc) {
entry:
  br i1 %cc, label %then, label %else
then:
  %m1 = fmul contract float %a, %b
  br label %join
else:
  %m2 = fmul contract float %a, %c
  br label %join
join:
  %m = phi float [ %m1, %then ], [ %m2, %else ]
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  ret void
}

; A product stored and added: fused into the sum, and kept for the store.
; z - x*y negates the multiplicand.
; CHECK-LABEL: @stored_and_subtracted(
; CHECK: %m = call float @llvm.nvvm.mul.rn.f(float %a, float %b)
; CHECK: [[N:%.*]] = fneg contract float %a
; CHECK-NEXT: %s = call float @llvm.fma.f32(float [[N]], float %b, float %c)
; CHECK: store float %m
define ptx_kernel void @stored_and_subtracted(ptr %p, float %a, float %b, float %c) {
  %m = fmul contract float %a, %b
  %s = fsub contract float %c, %m
  store float %s, ptr %p
  store float %m, ptr %p
  ret void
}

; z - x*K with a constant K: the constant takes the sign, as the DAG
; combiner folds fma(-x, K, z) (the PTX has fma.rn.f32 with -K, no neg).
; CHECK-LABEL: @subtract_constant_product(
; CHECK-NOT: fneg
; CHECK: %s = call float @llvm.fma.f32(float %a, float -7.500000e-01, float %c)
; CHECK: %t = call float @llvm.fma.f32(float -2.500000e-01, float %b, float %c)
define ptx_kernel void @subtract_constant_product(ptr %p, float %a, float %b, float %c) {
  %m = fmul contract float %a, 0.75
  %s = fsub contract float %c, %m
  store float %s, ptr %p
  %n = fmul contract float 0.25, %b
  %t = fsub contract float %c, %n
  store float %t, ptr %p
  ret void
}

; Two one-use products: the first operand is fused, the second stays a
; product (rounded) as the addend.
; CHECK-LABEL: @two_products(
; CHECK: %m2 = call float @llvm.nvvm.mul.rn.f(float %c, float %d)
; CHECK: %s = call float @llvm.fma.f32(float %a, float %b, float %m2)
define ptx_kernel void @two_products(ptr %p, float %a, float %b, float %c, float %d) {
  %m1 = fmul contract float %a, %b
  %m2 = fmul contract float %c, %d
  %s = fadd contract float %m1, %m2
  store float %s, ptr %p
  ret void
}

; Two multi-use products in the sum's block: the DAG fuses the one with
; fewer uses.
; CHECK-LABEL: @fewer_uses(
; CHECK: %s = call float @llvm.fma.f32(float %c, float %d, float %m1)
define ptx_kernel void @fewer_uses(ptr %p, float %a, float %b, float %c, float %d) {
  %m1 = fmul contract float %a, %b
  %m2 = fmul contract float %c, %d
  %s = fadd contract float %m1, %m2
  store float %s, ptr %p
  store float %m1, ptr %p
  store float %m1, ptr %p
  store float %m2, ptr %p
  ret void
}

; With reassociation (fast-math) the DAG nests the second product:
; (x*y + u*v) + z is fma(x, y, fma(u, v, z)).
; CHECK-LABEL: @reassociated(
; CHECK: [[I:%.*]] = call float @llvm.fma.f32(float %c, float %d, float %e)
; CHECK-NEXT: %s2 = call float @llvm.fma.f32(float %a, float %b, float [[I]])
; CHECK-NOT: fmul
define ptx_kernel void @reassociated(ptr %p, float %a, float %b, float %c, float %d, float %e) {
  %m1 = fmul fast float %a, %b
  %m2 = fmul fast float %c, %d
  %s1 = fadd fast float %m1, %m2
  %s2 = fadd fast float %s1, %e
  store float %s2, ptr %p
  ret void
}

; Flush-to-zero functions round with .ftz; double has no ftz.
; CHECK-LABEL: @ftz(
; CHECK: call float @llvm.nvvm.mul.rn.ftz.f(float %a, float %b)
; CHECK: call double @llvm.nvvm.mul.rn.d(double %x, double %y)
define ptx_kernel void @ftz(ptr %p, float %a, float %b, double %x, double %y) #0 {
  %m = fmul contract float %a, %b
  %d = fmul contract double %x, %y
  store float %m, ptr %p
  store double %d, ptr %p
  ret void
}

; Without contract nothing is fused, and nothing changes.
; CHECK-LABEL: @no_contract(
; CHECK-NEXT: %m = fmul float %a, %b
; CHECK-NEXT: %s = fadd float %m, %c
define ptx_kernel void @no_contract(ptr %p, float %a, float %b, float %c) {
  %m = fmul float %a, %b
  %s = fadd float %m, %c
  store float %s, ptr %p
  ret void
}

attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
