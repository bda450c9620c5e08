; bbv-profile<kernel=NAME;block=N>: one kernel, one CTA; a kernel the module
; does not hold and malformed parameters are errors that say why.
; RUN: %divopt-opt -passes='bbv-profile<kernel=b>' -S %s | FileCheck %s --check-prefix=ONE
; RUN: %divopt-opt -passes='bbv-profile<kernel=b;block=7>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: not %divopt-opt -passes='bbv-profile<kernel=zz>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-NONE
; RUN: not %divopt-opt -passes='bbv-profile<kernel=>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-EMPTY
; RUN: not %divopt-opt -passes='bbv-profile<block=-1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-INT
; RUN: not %divopt-opt -passes='bbv-profile<block=2147483647>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-RANGE
; RUN: not %divopt-opt -passes='bbv-profile<blocks=1>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-KEY

; ONE-NOT: a_$_divopt_$_bbv
; ONE: @"b_$_divopt_$_bbv_$_map" = addrspace(1) constant
; ONE-NOT: a_$_divopt_$_bbv
; ONE: define ptx_kernel void @"b_$_divopt_$_bbv"(ptr addrspace(1) %p, ptr %divopt.counters)
; PRINT: bbv-profile<kernel=b;block=7>
; ERR-NONE: error: bbv-profile: the module has no kernel named 'zz'
; ERR-EMPTY: invalid bbv-profile parameter: 'kernel' needs a kernel name, as in kernel=k
; ERR-INT: invalid bbv-profile parameter: 'block' needs a whole number
; ERR-RANGE: invalid bbv-profile parameter: 'block=2147483647' is out of range
; ERR-KEY: invalid bbv-profile parameter: unknown parameter 'blocks'; expected kernel=<name> or block=<n>

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a(ptr addrspace(1) %p) {
  store i32 0, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @b(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

; A device function is not a kernel: never instrumented.
; ONE-NOT: @"f_$_divopt_$_bbv"
define void @f(ptr addrspace(1) %p) {
  ret void
}
