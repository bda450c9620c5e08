; Unknown, malformed and out-of-range pass parameters are errors that name
; the pass and the parameter; none crashes, and none runs a pass with a
; value it did not ask for. (test/branch-dist/parameters.ll has the
; ordinary cases; these are the hostile ones.)
; RUN: not %divopt-opt -passes='branch-dist<threshold=nan>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=NAN
; RUN: not %divopt-opt -passes='branch-dist<threshold=inf>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=INF
; RUN: not %divopt-opt -passes='branch-dist<threshold=1e400>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=HUGE
; RUN: not %divopt-opt -passes='branch-dist<threshold=-0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=NEGZERO
; RUN: not %divopt-opt -passes='branch-dist<max-arm-insts=4294967296>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=WRAP
; RUN: not %divopt-opt -passes='branch-dist<max-arm-insts=0x10>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=HEX
; RUN: not %divopt-opt -passes='branch-dist<max-arm-insts=0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ZERO
; RUN: not %divopt-opt -passes='branch-dist< >' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BLANK
; RUN: not %divopt-opt -passes='branch-dist<=5>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=NONAME
; RUN: not %divopt-opt -passes='branch-dist<threshold>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
; RUN: not %divopt-opt -passes='branch-dist<threshold=<1>>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=NESTED
; RUN: not %divopt-opt -passes='iter-delay<majority;round-robin>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TWOVOTES
; RUN: not %divopt-opt -passes='iter-delay<majority;idle-removal>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=RRONLY
; RUN: not %divopt-opt -passes='iter-delay<cycle=100>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CYCLE
; RUN: not %divopt-opt -passes='iter-delay<majority;threshold=33>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=THRESH
; RUN: not %divopt-opt -passes='iter-delay<round-robin;zeros=0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ZEROS
; RUN: not %divopt-opt -passes='iter-delay<max-delay=0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DELAY
; RUN: not %divopt-opt -passes='iter-delay<min-speedup=nan>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SPEEDUP
; A parameter given twice is an error, whichever was meant, also when both
; agree: no value silently wins.
; RUN: not %divopt-opt -passes='branch-dist<threshold=2;threshold=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TWICE
; RUN: not %divopt-opt -passes='branch-dist<force; force>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TWOFLAGS
; RUN: not %divopt-opt -passes='iter-delay<round-robin;cycle=50;cycle=50>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SAME
; RUN: not %divopt-opt -passes='iter-delay<majority;majority>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TWOMAJ
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=function(branch-dist<max-arm-insts=9;max-arm-insts=99>)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=OPTION
; Parameters on passes that take none, and DivOpt's passes where opt
; expects another kind of pass, are opt's errors.
; RUN: not %divopt-opt -passes='divopt<force>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MODPARAM
; RUN: not %divopt-opt -passes='divopt-remarks<x>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMPARAM
; RUN: not %divopt-opt -passes='print<divopt-divergence<x>>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINTPARAM
; RUN: not %divopt-opt -passes='loop(branch-dist)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=LOOP
; RUN: not %divopt-opt -passes='cgscc(iter-delay)' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CGSCC
; RUN: not %divopt-opt -passes='function(branch-dist' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNBALANCED
; An empty parameter list is the defaults.
; RUN: %divopt-opt -passes='branch-dist<>,iter-delay<>' -disable-output %s

; NAN: error: invalid branch-dist parameter: 'threshold' needs a decimal number
; INF: error: invalid branch-dist parameter: 'threshold' needs a decimal number
; HUGE: error: invalid branch-dist parameter: 'threshold' needs a decimal number
; NEGZERO: error: invalid branch-dist parameter: 'threshold' needs a decimal number
; WRAP: error: invalid branch-dist parameter: 'max-arm-insts=4294967296' is out of range [1, 16384]
; HEX: error: invalid branch-dist parameter: 'max-arm-insts' needs a whole number
; ZERO: error: invalid branch-dist parameter: 'max-arm-insts=0' is out of range [1, 16384]
; BLANK: error: invalid branch-dist parameter: ' ' holds white space
; NONAME: error: invalid branch-dist parameter: '=5' has no name
; NOVALUE: error: invalid branch-dist parameter: 'threshold' needs a decimal number
; NESTED: error: invalid branch-dist parameter: 'threshold' needs a decimal number
; TWOVOTES: error: invalid iter-delay parameter: choose one of majority, round-robin and advance
; RRONLY: error: invalid iter-delay parameter: cycle, ones, zeros and idle-removal belong to round-robin
; CYCLE: error: invalid iter-delay parameter: 'cycle=100' is out of range [1, 99]
; THRESH: error: invalid iter-delay parameter: 'threshold=33' is out of range [1, 32]
; ZEROS: error: invalid iter-delay parameter: 'zeros=0' is out of range [1, 99]
; DELAY: error: invalid iter-delay parameter: 'max-delay=0' is out of range
; SPEEDUP: error: invalid iter-delay parameter: 'min-speedup' needs a decimal number
; TWICE: error: invalid branch-dist parameter: 'threshold' is given twice ('threshold=2' and 'threshold=3'); give it once
; TWOFLAGS: error: invalid branch-dist parameter: ' force' holds white space
; SAME: error: invalid iter-delay parameter: 'cycle' is given twice ('cycle=50' and 'cycle=50'); give it once
; TWOMAJ: error: invalid iter-delay parameter: 'majority' is given twice ('majority' and 'majority'); give it once
; OPTION: error: invalid branch-dist parameter: 'max-arm-insts' is given twice ('max-arm-insts=9' and 'max-arm-insts=99'); give it once
; MODPARAM: unknown pass name 'divopt<force>'
; REMPARAM: unknown pass name 'divopt-remarks<x>'
; PRINTPARAM: unknown pass name 'print<divopt-divergence<x>>'
; LOOP: unknown loop pass 'branch-dist'
; CGSCC: unknown cgscc pass 'iter-delay'
; UNBALANCED: invalid pipeline 'function(branch-dist'

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
