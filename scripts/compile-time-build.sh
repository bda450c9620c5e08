#!/usr/bin/env bash
# Packs what scripts/compile-time-gpu.sh needs on the GPU machine, which has
# no LLVM: clang-22, opt-22, their libraries and the plugin this checkout
# built (scripts/fuzz/carry-toolchain.sh), into .carry/llvm/llvm22.tar
# (about 48 MiB; carry .carry/llvm). The first run compresses libLLVM and
# libclang-cpp (xz -9, some minutes here); later runs reuse them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmake --build "${BUILD_DIR:-$root/build}" --target DivOpt
DIVOPT_PLUGIN=${BUILD_DIR:-$root/build}/passes/libDivOpt.so \
  "$root/scripts/fuzz/carry-toolchain.sh" "$root/.carry/llvm/llvm22.tar"
# The results name the commit the plugin was built from (the GPU machine's
# copy of the tree may have no git history).
{ git -C "$root" rev-parse --short HEAD
  git -C "$root" status --porcelain --untracked-files=no | grep -q . &&
    echo "(with uncommitted changes)" || true; } | paste -sd' ' \
  >"$root/.carry/llvm/plugin-commit.txt"
