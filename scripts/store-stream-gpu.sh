#!/usr/bin/env bash
# On the GPU machine: how fast an SM's global stores drain to DRAM
# (bench/latency/store_stream.cu), the floor analysis/model/StoreBandwidth
# puts under a loop's time. Needs only CUDA (nvcc); ~15 s on an H100.
# Output to $OUT (else ./out): store-stream.csv, store-stream.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
cuda=${CUDA_PATH:-/usr/local/cuda}
mkdir -p "$out"
work=$(mktemp -d)
"$cuda/bin/nvcc" -O3 -arch=sm_90 "$root/bench/latency/store_stream.cu" \
  -o "$work/store_stream"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm \
  --format=csv,noheader | tee "$out/store-stream.txt"
"$work/store_stream" "$out/store-stream.csv" | tee -a "$out/store-stream.txt"
