#!/usr/bin/env bash
# Packs the compilers a differential campaign needs (clang-22 with its
# libraries, CUDA wrapper headers and clang-linker-wrapper, opt, and the
# DivOpt plugin) into
# .carry/llvm/llvm22.tar, so that bench/fuzz/run-fp-campaigns.sh can
# build the kernel packs on the GPU machine, whose many cores compile
# thousands of kernels in minutes (this 2-core machine takes hours). The
# GPU machine (Ubuntu 24.04) has CUDA (ptxas) and the system libraries
# clang links, but no LLVM and no libz3. About 52 MiB: carry nothing else
# big in the same call. Each big file is compressed by itself (xz -9, the
# slow part: run it once; XZ_CACHE keeps them between runs).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/.carry/llvm/llvm22.tar}
cache=${XZ_CACHE:-$root/build/toolchain-xz}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
[ -f "$plugin" ] || { echo "carry-toolchain: build the plugin first" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/llvm22/bin" "$stage/llvm22/lib/clang" "$stage/llvm22/syslib" "$cache"
# file to pack | where it goes
big=(
  "/usr/lib/x86_64-linux-gnu/libLLVM.so.22.1|lib/libLLVM.so.22.1"
  "/usr/lib/x86_64-linux-gnu/libclang-cpp.so.22.1|lib/libclang-cpp.so.22.1"
  "/lib/x86_64-linux-gnu/libz3.so.4|syslib/libz3.so.4"
)
for entry in "${big[@]}"; do
  src=${entry%%|*} dst=${entry#*|}
  cached=$cache/$(basename "$src").xz
  [ "$cached" -nt "$src" ] || xz -T0 -9 -c "$src" >"$cached"
  cp "$cached" "$stage/llvm22/$dst.xz"
done
cp -L /usr/lib/llvm-22/bin/clang "$stage/llvm22/bin/clang"
ln -s clang "$stage/llvm22/bin/clang++"
# opt (260 KiB) for the compile-time benchmark's generated IR
# (scripts/compile-time-gpu.sh).
cp -L /usr/lib/llvm-22/bin/opt "$stage/llvm22/bin/opt"
# What a CUDA compile that also links runs (CMake's compiler check does).
cp -L /usr/lib/llvm-22/bin/clang-linker-wrapper "$stage/llvm22/bin/"
mkdir -p "$stage/llvm22/lib/clang/22"
tar -C /usr/lib/llvm-22/lib/clang/22 -cJf "$stage/llvm22/lib/clang/22/include.tar.xz" include
cp "$plugin" "$stage/llvm22/libDivOpt.so"
mkdir -p "$(dirname "$out")"
tar -C "$stage" -cf "$out" llvm22
echo "carry-toolchain: $out ($(du -h "$out" | cut -f1))"
