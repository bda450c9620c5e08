; Regression test for a DivOpt bug found by the fuzzer (seeds 46, 61, 110,
; ... of generator 2; 17 of 1000 kernels), now fixed: paired blocks whose
; PHIs differ in type are refused. Reduced from seed 46 with
; scripts/fuzz/reduce.py, then llvm-reduce. Both arms of the divergent
; branch hold an inner if with a join PHI, the same control flow, so
; branch-dist melds them block by block (7b00e2d), and pairs the inner
; joins' PHIs although one is a float and the other an i32: the result has
; `select i1 %c, float .., i32 ..` and a float PHI with i32 operands, which
; the verifier rejects. Without the verifier (clang's default), codegen
; crashes: "Copy one register into another with a different width" (seed
; 110, default pipeline, no force), or a SIGSEGV in InferAddressSpaces (seed
; 1000). Melding must pair only PHIs (and other instructions) of the same
; type.
; RUN: %divopt-opt -passes='branch-dist<force>' -verify-each -S %s -o - | FileCheck %s
; CHECK: define ptx_kernel void @k(

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(float %f) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %x, 7
  br i1 %c, label %then, label %else

then:
  %ct = icmp eq i32 %x, 3
  br i1 %ct, label %then.inner, label %then.join

then.inner:
  %a = or i32 %x, 1
  br label %then.join

then.join:
  %pf = phi float [ %f, %then.inner ], [ 0.000000e+00, %then ]
  br label %join

else:
  %ce = icmp eq i32 %x, 5
  br i1 %ce, label %else.inner, label %else.join

else.inner:
  %b = or i32 %x, 2
  br label %else.join

else.join:
  %pi = phi i32 [ %b, %else.inner ], [ 0, %else ]
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
