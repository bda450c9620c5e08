#!/usr/bin/env bash
# Packs the compilers a differential campaign needs (clang-22 with its
# libraries and CUDA wrapper headers, and the DivOpt plugin) into
# .carry/llvm/llvm22.tar.xz, so that bench/fuzz/run-fp-campaigns.sh can
# build the kernel packs on the GPU machine, whose many cores compile
# thousands of kernels in minutes (this 2-core machine takes hours). The
# GPU machine has CUDA (ptxas) but no LLVM. About 50 MiB: carry nothing
# else big in the same call.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/.carry/llvm/llvm22.tar.xz}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
[ -f "$plugin" ] || { echo "carry-toolchain: build the plugin first" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/llvm22/bin" "$stage/llvm22/lib/clang" "$stage/llvm22/syslib"
cp -L /usr/lib/llvm-22/bin/clang "$stage/llvm22/bin/clang"
ln -s clang "$stage/llvm22/bin/clang++"
cp -L /usr/lib/x86_64-linux-gnu/libLLVM.so.22.1 \
  /usr/lib/x86_64-linux-gnu/libclang-cpp.so.22.1 "$stage/llvm22/lib/"
cp -rL /usr/lib/llvm-22/lib/clang/22 "$stage/llvm22/lib/clang/"
# What clang and libLLVM link that a CUDA machine may lack.
for l in libz3.so.4 libxml2.so.2 libicuuc.so.72 libicudata.so.72 \
  libedit.so.2 libbsd.so.0 libmd.so.0 libffi.so.8 libtinfo.so.6; do
  cp -L "/lib/x86_64-linux-gnu/$l" "$stage/llvm22/syslib/"
done
cp "$plugin" "$stage/llvm22/libDivOpt.so"
mkdir -p "$(dirname "$out")"
tar -C "$stage" -cf - llvm22 | xz -T0 -6 >"$out"
echo "carry-toolchain: $out ($(du -h "$out" | cut -f1))"
