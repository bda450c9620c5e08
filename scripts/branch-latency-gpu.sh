#!/usr/bin/env bash
# On the GPU machine: what a divergent branch costs a warp alone on its
# scheduler (bench/latency/branch.cu), and the SASS of the melding bench's
# N-Queens search before and after melding. Needs the PTX of
# scripts/branch-latency-build.sh (carry .carry/branch-latency). ~20 s.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
in=${BRANCH_LATENCY_DIR:-$root/.carry/branch-latency}
out=${OUT:-$root/out}
cuda=${CUDA_PATH:-/usr/local/cuda}
mkdir -p "$out"
work=$(mktemp -d)
"$cuda/bin/ptxas" -arch=sm_90 "$in/branch.ptx" -o "$work/branch.cubin"
g++ -O2 -std=c++17 -I"$cuda/include" "$root/bench/latency/branch_host.cpp" \
  -L"$cuda/lib64/stubs" -lcuda -o "$work/branch_host"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader \
  | tee "$out/branch-device.txt"
"$cuda/bin/cuobjdump" -sass "$work/branch.cubin" >"$out/branch.sass"
for ptx in "$in"/meld*.ptx; do
  [ -f "$ptx" ] || continue
  b=$(basename "$ptx" .ptx)
  "$cuda/bin/ptxas" -arch=sm_90 "$ptx" -o "$work/$b.cubin"
  "$cuda/bin/cuobjdump" -sass -fun meld_queens "$work/$b.cubin" >"$out/$b.queens.sass"
done
"$work/branch_host" "$work/branch.cubin" "$out/branch-latency.csv" |
  tee "$out/branch-latency.txt"
