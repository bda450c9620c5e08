; iter-delay's parameters: each is parsed, printed back, and a bad one is an
; error that names it and what is allowed.
; RUN: %divopt-opt -passes='iter-delay<majority;threshold=20;max-delay=4;min-speedup=1.2;force>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=MAJ
; RUN: %divopt-opt -passes='iter-delay<round-robin;cycle=25;idle-removal>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=RR
; RUN: %divopt-opt -passes='iter-delay' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=AUTO
; RUN: not %divopt-opt -passes='iter-delay<majority;round-robin>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BOTH
; RUN: not %divopt-opt -passes='iter-delay<threshold=33>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=THRESH
; RUN: not %divopt-opt -passes='iter-delay<threshold=0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=THRESH0
; RUN: not %divopt-opt -passes='iter-delay<round-robin;cycle=100>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CYCLE
; RUN: not %divopt-opt -passes='iter-delay<round-robin;zeros=0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ZEROS
; RUN: not %divopt-opt -passes='iter-delay<majority;idle-removal>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MIX
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=ADV
; RUN: not %divopt-opt -passes='iter-delay<advance;round-robin>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BOTH
; RUN: not %divopt-opt -passes='iter-delay<advance;cycle=50>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MIX
; RUN: not %divopt-opt -passes='iter-delay<advance;threshold=8>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ADVVOTE
; RUN: not %divopt-opt -passes='iter-delay<max-delay=4;advance>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ADVVOTE
; RUN: not %divopt-opt -passes='iter-delay<loop-advance>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %divopt-opt -passes='iter-delay<majority=yes>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=FLAG

; MAJ: iter-delay<majority;threshold=20;max-delay=4;min-speedup=1.2;force>
; RR: iter-delay<round-robin;ones=1;zeros=3;idle-removal;min-speedup=1.05>
; AUTO: iter-delay<threshold=16;max-delay=32;ones=1;zeros=1;min-speedup=1.05>
; ADV: iter-delay<advance;min-speedup=1.05;force>
; BOTH: invalid iter-delay parameter: choose one of majority, round-robin and advance
; ADVVOTE: invalid iter-delay parameter: threshold and max-delay belong to majority; advance has no vote
; THRESH: invalid iter-delay parameter: 'threshold=33' is out of range [1, 32]
; THRESH0: invalid iter-delay parameter: 'threshold=0' is out of range [1, 32]
; CYCLE: invalid iter-delay parameter: 'cycle=100' is out of range [1, 99]
; ZEROS: invalid iter-delay parameter: 'zeros=0' is out of range [1, 99]
; MIX: invalid iter-delay parameter: cycle, ones, zeros and idle-removal belong to round-robin
; UNKNOWN: invalid iter-delay parameter: unknown parameter 'loop-advance'; expected majority, round-robin, advance, threshold=<1..32>, max-delay=<n>, cycle=<1..99>, ones=<1..99>, zeros=<1..99>, idle-removal, min-speedup=<x> or force
; FLAG: invalid iter-delay parameter: 'majority' is a flag and takes no value

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
