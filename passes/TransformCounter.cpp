//===- TransformCounter.cpp - Bisecting DivOpt's rewrites -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "TransformCounter.h"

#include "llvm/Support/DebugCounter.h"

using namespace llvm;

DEBUG_COUNTER(TransformCounter, "divopt-transform",
              "Controls which DivOpt rewrites (distributed branches, delayed "
              "loops, split loops and kernels) are committed");

bool divopt::shouldApplyTransform() {
  return DebugCounter::shouldExecute(TransformCounter);
}
