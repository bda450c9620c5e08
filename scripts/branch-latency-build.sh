#!/usr/bin/env bash
# Builds the PTX scripts/branch-latency-gpu.sh runs, into
# .carry/branch-latency: bench/latency/branch.cu at clang-22 -O3, and the
# melding bench's kernels at clang -O3 and with DivOpt's melding forced
# (for the N-Queens search's SASS). Needs the plugin built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${BRANCH_LATENCY_DIR:-$root/.carry/branch-latency}
cuda=${CUDA_PATH:-/usr/local/cuda}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
clang=${CLANGXX:-clang++-22}
flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
       -Wno-unknown-cuda-version -O3 --cuda-device-only -S)
rm -rf "$out"
mkdir -p "$out"
"$clang" "${flags[@]}" "$root/bench/latency/branch.cu" -o "$out/branch.ptx"
"$clang" "${flags[@]}" "$root/bench/kernels/meld.cu" -o "$out/meld.clang-O3.ptx"
"$clang" "${flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
  -Xarch_device -mllvm=-divopt-pipeline='function(branch-dist<force>,divopt-cleanup)' \
  "$root/bench/kernels/meld.cu" -o "$out/meld.forced.ptx"
for p in "$out"/*.ptx; do "$cuda/bin/ptxas" -arch=sm_90 "$p" -o /dev/null; done
du -sh "$out"
