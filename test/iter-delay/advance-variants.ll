; The variants of the two-halves loop advance (-divopt-advance-variant,
; hidden; for timing them against each other, scripts/advance-variants-*.sh), on the kernels of advance-halves.ll.
; advance-variants-run.ll runs them all and compares the results bit for
; bit.
;
; speculate-pre, the default, is the same IR as no option.
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -S %S/advance-halves.ll -o %t.default.ll
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=speculate-pre -S %S/advance-halves.ll -o %t.spec-opt.ll
; RUN: diff %t.default.ll %t.spec-opt.ll
;
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=recompute-exit -S %S/advance-halves.ll -o %t.recompute.ll
; RUN: FileCheck %s --check-prefix=RECOMPUTE < %t.recompute.ll
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=speculate-flag -S %S/advance-halves.ll -o %t.specflag.ll
; RUN: FileCheck %s --check-prefix=SPECFLAG < %t.specflag.ll
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=speculate-pre -S %S/advance-halves.ll -o %t.spec.ll
; RUN: FileCheck %s --check-prefix=SPEC < %t.spec.ll
; Each variant, after divopt-cleanup too, through ptxas.
; RUN: for v in exit-flag recompute-exit speculate-flag speculate-pre; do \
; RUN:   %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=$v -verify-each -disable-output %S/advance-halves.ll || exit 1; \
; RUN:   %divopt-opt -passes='iter-delay<advance;force>,divopt-cleanup' -divopt-advance-variant=$v -S %S/advance-halves.ll -o %t.$v.clean.ll || exit 1; \
; RUN: done
; RUN: %if ptxas %{ for v in exit-flag recompute-exit speculate-flag speculate-pre; do llc -mtriple=nvptx64 -mcpu=sm_90 %t.$v.clean.ll -o %t.$v.ptx && %ptxas -arch=sm_90 %t.$v.ptx -o /dev/null || exit 1; done %}
; An unknown variant is an error.
; RUN: not %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=bogus -disable-output %S/advance-halves.ll 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: -divopt-advance-variant{{.*}}bogus

; recompute-exit: the trip's end tests the counter both halves carry; a
; lane that leaves in half 1 carries the counter's next value too.
; RECOMPUTE-LABEL: define ptx_kernel void @alternate(
; RECOMPUTE-NOT:   delay.exited
; RECOMPUTE:       latch:
; RECOMPUTE:         br i1 %more, label %body.pre.h1, label %delay.half2
; RECOMPUTE:       delay.half2:
; RECOMPUTE-NEXT:    %i.h2 = phi i32 [ %i.h1, %delay.header ], [ %i.next, %latch ], [ %i.next, %body.pre.h1 ]
; RECOMPUTE:       delay.latch:
; RECOMPUTE-NEXT:    %i.end = phi i32 [ %i.h2, %delay.half2 ], [ %i.next.h2, %latch.h2 ], [ %i.next.h2, %body.pre.h2 ]
; RECOMPUTE:         %more.end = icmp slt i32 %i.end, %n
; RECOMPUTE-NEXT:    br i1 %more.end, label %delay.header, label %delay.exit
; The exit test on the other polarity.
; RECOMPUTE-LABEL: define ptx_kernel void @then_only(
; RECOMPUTE-NOT:   delay.exited
; RECOMPUTE:         %done.end = icmp eq i32 %i.end, %n
; RECOMPUTE-NEXT:    br i1 %done.end, label %delay.exit, label %delay.header
; The counter is read after the loop: a leaving lane must keep it, so the
; flag stays.
; RECOMPUTE-LABEL: define ptx_kernel void @carried_direction(
; RECOMPUTE:         %delay.exited.h1 = phi i1 [ false, %delay.header ], [ true, %latch ], [ false, %body.pre.h1 ]
; RECOMPUTE:         br i1 %delay.exited, label %delay.exit, label %delay.header

; speculate-flag: each half's next pre runs for a leaving lane too; what a
; leaving lane must keep (a value read after the loop; in half 1 the
; condition, which keeps it out of half 2) is selected by the half's exit
; test, which is also the flag.
; SPECFLAG-LABEL: define ptx_kernel void @alternate(
; SPECFLAG:       latch:
; SPECFLAG:          %delay.leaves = xor i1 %more, true
; SPECFLAG-NEXT:     br label %body.pre.h1
; SPECFLAG:          %rng.next.kept = select i1 %delay.leaves, i32 %rng.next.h1, i32 %rng.next.pre.h1
; SPECFLAG-NEXT:     %fused.kept = select i1 %delay.leaves, i1 %fused.h1, i1 %fused.pre.h1
; SPECFLAG-NEXT:     br label %delay.half2
; SPECFLAG:       delay.half2:
; SPECFLAG:          %delay.exited.h1 = phi i1 [ false, %delay.header ], [ %delay.leaves, %body.pre.h1 ]
; SPECFLAG:       delay.latch:
; SPECFLAG:          %delay.exited = phi i1 [ %delay.exited.h1, %delay.half2 ], [ %delay.leaves1, %body.pre.h2 ]
; SPECFLAG:          br i1 %delay.exited, label %delay.exit, label %delay.header
; Pre loads: not speculated, the exit branches stay.
; SPECFLAG-LABEL: define ptx_kernel void @then_only(
; SPECFLAG:          br i1 %done, label %delay.half2, label %body.pre.h1
; SPECFLAG:          %delay.exited.h1 = phi i1 [ false, %delay.header ], [ true, %latch ], [ false, %body.pre.h1 ]

; speculate-pre: both; a header phi nothing reads after the loop takes
; its next value unselected.
; SPEC-LABEL: define ptx_kernel void @alternate(
; SPEC-NOT:   delay.exited
; SPEC:          %delay.leaves = xor i1 %more, true
; SPEC-NEXT:     br label %body.pre.h1
; SPEC:       delay.half2:
; SPEC-NEXT:     %i.h2 = phi i32 [ %i.h1, %delay.header ], [ %i.next, %body.pre.h1 ]
; SPEC-NEXT:     %rng.h2 = phi i32 [ %rng.h1, %delay.header ], [ %rng.next.h1, %body.pre.h1 ]
; SPEC:          %more.end = icmp slt i32 %i.end, %n
; SPEC-NEXT:     br i1 %more.end, label %delay.header, label %delay.exit
; SPEC-LABEL: define ptx_kernel void @then_only(
; SPEC-NOT:   delay.exited
; SPEC:          br i1 %done, label %delay.half2, label %body.pre.h1
; SPEC:          %done.end = icmp eq i32 %i.end, %n
; The counter read after the loop: kept by a select, and the flag.
; SPEC-LABEL: define ptx_kernel void @carried_direction(
; SPEC:          %i.kept = select i1 %delay.leaves, i32 %i.h1, i32 %i.next
; SPEC-NEXT:     %dir.kept = select i1 %delay.leaves, i1 %dir.h1, i1 %dir.next
; SPEC:          br i1 %delay.exited, label %delay.exit, label %delay.header
