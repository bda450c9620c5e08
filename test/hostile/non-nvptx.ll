; A module for another target goes through every DivOpt pass, and through
; default<O3> with the plugin, exactly as it goes without the plugin: the
; passes check the triple themselves. The code below would be distributed
; (similar arms on a thread-dependent condition) and delayed (an if/else at
; the top of a loop body) in an NVPTX module. AMDGPU, which also has
; divergent branches, and a module without a triple are left alone too.
; RUN: %every-divopt-pass --refused %s | FileCheck %s
; RUN: sed -e 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/' %s > %t.amdgpu.ll
; RUN: %every-divopt-pass --refused %t.amdgpu.ll | FileCheck %s
; RUN: sed -e '/^target triple = /d' %s > %t.notriple.ll
; RUN: %every-divopt-pass --refused %t.notriple.ll | FileCheck %s
;
; The same code for NVPTX is transformed: the refusals above are the
; triple's doing, not the code's.
; RUN: sed -e 's/^target triple = .*/target triple = "nvptx64-nvidia-cuda"/' %s > %t.nvptx.ll
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -disable-output %t.nvptx.ll 2>&1 | FileCheck %s --check-prefix=MELD
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks=divopt -disable-output %t.nvptx.ll 2>&1 | FileCheck %s --check-prefix=DELAY
; MELD: remark: {{.*}}distributed divergent branch
; DELAY: remark: {{.*}}delayed iterations of the loop

; CHECK-NOT: FAIL
; CHECK: every-pass: {{[0-9]+}} runs clean

target triple = "x86_64-unknown-linux-gnu"

define void @arms(ptr %out, i32 %tid) {
entry:
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %tid, 3
  %pa = getelementptr i32, ptr %out, i32 %a
  store i32 %a, ptr %pa
  br label %join

else:
  %b = mul i32 %tid, 5
  %pb = getelementptr i32, ptr %out, i32 %b
  store i32 %b, ptr %pb
  br label %join

join:
  ret void
}

define void @loop(ptr %out, i32 %tid, i32 %n) {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = add i32 %i, %tid
  %c = icmp ult i32 %x, 7
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %x, 3
  store i32 %a, ptr %out
  br label %latch

else:
  %b = mul i32 %x, 5
  store i32 %b, ptr %out
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}
