; One lexical rule for every DivOpt parameter: parameters are separated by
; single ';' and hold no white space; a number is decimal digits with at
; most one '.' (no sign, exponent, hex, inf or nan). Anything else is an
; error that says so, whichever pass and parameter it is.
; RUN: not %divopt-opt -passes='iter-delay<;;>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EMPTY
; RUN: not %divopt-opt -passes='iter-delay<;force>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EMPTY
; RUN: not %divopt-opt -passes='branch-dist<force;>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EMPTY-BD
; RUN: not %divopt-opt -passes='kernel-split<threshold=2;;force>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EMPTY-KS
; RUN: not %divopt-opt -passes='iter-delay<threshold= 5>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SPACE
; RUN: not %divopt-opt -passes='branch-dist< >' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BLANK
; RUN: not %divopt-opt -passes='loop-split<force >' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TRAIL
; RUN: not %divopt-opt -passes='branch-dist<threshold=0x1p1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=HEXFLOAT
; RUN: not %divopt-opt -passes='branch-dist<max-arm-insts=0x10>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=HEXINT
; RUN: not %divopt-opt -passes='kernel-split<threshold=1e1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EXP
; RUN: not %divopt-opt -passes='iter-delay<min-speedup=+2>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SIGN
; RUN: not %divopt-opt -passes='iter-delay<min-speedup=.5>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DOT
; RUN: not %divopt-opt -passes='iter-delay<min-speedup=2.>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DOT2
; RUN: not %divopt-opt -passes='bbv-profile<block=+1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=INTSIGN
; RUN: not %divopt-opt -passes='iter-delay<threshold=1.0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=INTDOT
; RUN: not %divopt-opt -passes='branch-dist<max-arm-insts=99999999999999999999>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=HUGE
; Conflicting parameters: cycle= sets ones= and zeros=.
; RUN: not %divopt-opt -passes='iter-delay<round-robin;cycle=75;ones=2>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CYCLE
; RUN: not %divopt-opt -passes='iter-delay<zeros=3;cycle=75>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CYCLE
; Leading zeros are digits: they read, and print without.
; RUN: %divopt-opt -passes='iter-delay<round-robin;ones=007;zeros=01>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=ZEROS

; EMPTY: error: invalid iter-delay parameter: empty parameter in '{{;*force|;;}}'; separate parameters by a single ';'
; EMPTY-BD: error: invalid branch-dist parameter: empty parameter in 'force;'
; EMPTY-KS: error: invalid kernel-split parameter: empty parameter in 'threshold=2;;force'
; SPACE: error: invalid iter-delay parameter: 'threshold= 5' holds white space; write parameters without spaces
; BLANK: error: invalid branch-dist parameter: ' ' holds white space
; TRAIL: error: invalid loop-split parameter: 'force ' holds white space
; HEXFLOAT: error: invalid branch-dist parameter: 'threshold' needs a decimal number (digits, at most one '.'), as in threshold=0.01
; HEXINT: error: invalid branch-dist parameter: 'max-arm-insts' needs a whole number (decimal digits), as in max-arm-insts=1
; EXP: error: invalid kernel-split parameter: 'threshold' needs a decimal number
; SIGN: error: invalid iter-delay parameter: 'min-speedup' needs a decimal number
; DOT: error: invalid iter-delay parameter: 'min-speedup' needs a decimal number
; DOT2: error: invalid iter-delay parameter: 'min-speedup' needs a decimal number
; INTSIGN: error: invalid bbv-profile parameter: 'block' needs a whole number
; INTDOT: error: invalid iter-delay parameter: 'threshold' needs a whole number
; HUGE: error: invalid branch-dist parameter: 'max-arm-insts=99999999999999999999' is out of range [1, 16384]
; CYCLE: error: invalid iter-delay parameter: give either cycle=<percent> or ones=<n>;zeros=<n>, not both
; ZEROS: iter-delay<round-robin;ones=7;zeros=1;min-speedup=1.05>

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
