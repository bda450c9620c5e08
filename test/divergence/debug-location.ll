; With debug info, each branch names its source location.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: branch %entry at kernel.cu:12:7: divergent if-only on %c
define ptx_kernel void @k(ptr addrspace(1) %out) !dbg !5 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %then, label %join, !dbg !8

then:
  store i32 %tid, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 12, column: 7, scope: !5)
