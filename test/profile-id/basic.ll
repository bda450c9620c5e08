; Each conditional branch and switch gets an index, each loop too, in the
; depth-first preorder of the blocks from the entry (not their layout);
; a switch's ways are its distinct successors, the default first.
; RUN: %divopt-opt -passes='print<divopt-profile-id>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; Blocks in preorder: entry, loop, latch, exit, a, b, inner (unreach is
; not reachable: not counted, not hashed).
; The hash is pinned: a profile written by one build of DivOpt must match
; the same code compiled by the next. Change it only with the format's
; version (docs/PROFILE-FORMAT.md).
; CHECK-LABEL: divopt-profile-id: function 'k' cfg=0x5d324cc63e575735 blocks=7
; CHECK-NEXT:  branch 0 %entry at k.cu:5:7: br, 2 ways: %loop %exit
; CHECK-NEXT:  branch 1 %loop at k.cu:9:5: switch, 3 ways: %latch %a %b
; CHECK-NEXT:  branch 2 %latch at k.cu:7:3: br, 2 ways: %loop %exit
; CHECK-NEXT:  branch 3 %inner: br, 2 ways: %inner %latch
; CHECK-NEXT:  loop 0 header %loop at k.cu:9:5: depth 1
; CHECK-NEXT:  loop 1 header %inner: depth 2
; CHECK-NOT:   branch
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) !dbg !5 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %loop, label %exit, !dbg !8

exit:
  ret void

unreach:
  br i1 %c, label %exit, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ 0, %unreach ], [ %i.next, %latch ]
  %sel = and i32 %tid, 3
  switch i32 %sel, label %latch [
    i32 0, label %a
    i32 1, label %a
    i32 2, label %b
  ], !dbg !9

a:
  store i32 %i, ptr addrspace(1) %out
  br label %latch

b:
  br label %inner

inner:
  %j = phi i32 [ 0, %b ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %ic = icmp ult i32 %j.next, %tid
  br i1 %ic, label %inner, label %latch

latch:
  %i.next = add i32 %i, 1
  %lc = icmp ult i32 %i.next, %n
  br i1 %lc, label %loop, label %exit, !dbg !10
}

; A function with no conditional branch: a key, no records.
; CHECK-LABEL: divopt-profile-id: function 'straight' cfg=0x6475f38d69574584 blocks=1
; CHECK-NOT:   branch
; CHECK-NOT:   loop
define void @straight(ptr %p) {
  store i32 1, ptr %p
  ret void
}

; Declarations have no identity.
; CHECK-NOT: function 'llvm.nvvm
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 5, column: 7, scope: !5)
!9 = !DILocation(line: 9, column: 5, scope: !5)
!10 = !DILocation(line: 7, column: 3, scope: !5)
