; A refusal names each instruction by its source line. A store LLVM sank
; out of both arms into the join has line 0 (merged from two lines); the
; remark names it by the line of an operand (here, through the PHI, the
; value one arm computed), never by its IR.
; RUN: %divopt-opt -passes='kernel-split<force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: k.cu:8:3: kernel merged not split at this divergent branch: the code before the branch may read what another part writes (the load at k.cu:5:11 may alias the store without a source line (its operand from k.cu:9:13))
; CHECK-NOT: store float
define ptx_kernel void @merged(ptr addrspace(1) %in, ptr addrspace(1) %out) !dbg !4 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !10
  %i = zext i32 %tid to i64, !dbg !10
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i, !dbg !11
  %x = load float, ptr addrspace(1) %src, align 4, !dbg !11
  %c = fcmp ogt float %x, 0.0, !dbg !12
  br i1 %c, label %then, label %else, !dbg !12
then:
  %a = fmul float %x, 2.0, !dbg !13
  br label %join, !dbg !13
else:
  %b = fadd float %x, 1.0, !dbg !14
  br label %join, !dbg !14
join:
  %v = phi float [ %a, %then ], [ %b, %else ]
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i, !dbg !15
  store float %v, ptr addrspace(1) %dst, align 4, !dbg !15
  ret void, !dbg !16
}

; The same without debug locations: the IR is the only name there is.
; CHECK: kernel bare not split at this divergent branch: the code before the branch may read what another part writes (%x = load float, ptr addrspace(1) %src, align 4 may alias store float %v, ptr addrspace(1) %dst, align 4)
define ptx_kernel void @bare(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %x = load float, ptr addrspace(1) %src, align 4
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %else
then:
  %a = fmul float %x, 2.0
  br label %join
else:
  %b = fadd float %x, 1.0
  br label %join
join:
  %v = phi float [ %a, %then ], [ %b, %else ]
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %v, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = distinct !DISubprogram(name: "merged", scope: !1, file: !1, line: 3, type: !5, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!10 = !DILocation(line: 4, column: 3, scope: !4)
!11 = !DILocation(line: 5, column: 11, scope: !4)
!12 = !DILocation(line: 8, column: 3, scope: !4)
!13 = !DILocation(line: 9, column: 13, scope: !4)
!14 = !DILocation(line: 11, column: 13, scope: !4)
!15 = !DILocation(line: 0, scope: !4)
!16 = !DILocation(line: 13, column: 1, scope: !4)
