; Branches whose arms must first be brought to single-entry, single-exit form
; (or to one shape) are tried on a copy of the whole function; past
; -divopt-max-copy-trials of them per function (64 by default), a branch is
; refused with a remark, so a function of thousands of such branches costs
; that many copies, not one per branch. Each rewrite tried counts; the count
; is per function.
; RUN: %divopt-opt -passes=branch-dist -divopt-max-copy-trials=0 -pass-remarks=divopt -pass-remarks-missed=divopt -S %S/region-simplify.ll -o %t0.ll 2>%t0.remarks
; RUN: FileCheck %s --check-prefix=NONE < %t0.remarks
; RUN: FileCheck %s --check-prefix=NONE-IR < %t0.ll
; RUN: %divopt-opt -passes=branch-dist -divopt-max-copy-trials=1 -pass-remarks=divopt -pass-remarks-missed=divopt -S %S/region-simplify.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE

; NONE: remark: <unknown>:0:0: divergent branch not distributed: the arms are not single-entry, single-exit regions that rejoin; duplicating the blocks both arms share not tried: branch distribution makes at most 0 trial copies of a function
; NONE-NOT: distributed divergent branch after
; NONE: remark: <unknown>:0:0: divergent branch not distributed: the arms are not single-entry, single-exit regions that rejoin; duplicating the blocks both arms share not tried: branch distribution makes at most 0 trial copies of a function
; NONE-NOT: distributed divergent branch after

; The functions are as they were: no arm was melded.
; NONE-IR-LABEL: define ptx_kernel void @bitonic(
; NONE-IR-NOT:   dist.join
; NONE-IR-LABEL: define ptx_kernel void @merge(
; NONE-IR-NOT:   cond.join

; One try per function: @bitonic's branch is tried and distributed; @merge's
; first try (duplicating shared blocks) finds nothing to meld and takes the
; one try, so the rewrite that would have melded it is not tried.
; ONE: remark: <unknown>:0:0: distributed divergent branch after duplicating the blocks both arms share
; ONE: remark: <unknown>:0:0: divergent branch not distributed: the arms are not single-entry, single-exit regions that rejoin; after duplicating the blocks both arms share: the arms' control flow differs; routing the exits of the short-circuit condition through one block not tried: branch distribution makes at most 1 trial copies of a function
