; Regression test for a DivOpt bug, now fixed: -divopt-pipeline=default<O3>
; made
; the optimizer-last callback (passes/Pipeline.cpp) parse default<O3>, whose
; optimizer-last extension point called the same callback again: unbounded
; recursion through DivOptPipelinePass::create and
; PassBuilder::buildPerModuleDefaultPipeline until the stack overflows
; (SIGSEGV). Any default pipeline does it (thinlto<O2> too), and so does
; clang with -mllvm -divopt-pipeline=default<O3>. Now: an error that names
; the option, like every other bad -divopt-pipeline.
; RUN: not %divopt-opt -passes='default<O3>' '-divopt-pipeline=default<O3>' -disable-output %s 2>&1 | FileCheck %s
; CHECK: invalid -divopt-pipeline 'default<O3>'

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
