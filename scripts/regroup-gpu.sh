#!/usr/bin/env bash
# Runs the thread regrouping benchmark on the GPU machine from what
# scripts/regroup-build.sh left in the carried folder (this script's
# ../..): the prebuilt divopt-regroup-bench, or, when it does not start
# there, one built from the carried sources (cmake, CUDA, no LLVM).
# Output to $OUT (else ./regroup-out): env.txt, regroup.log, regroup.csv,
# summary.txt, clocks.csv (SM clock, power and throttle reasons every
# 200 ms during the run: the model counts cycles, the speedups are times),
# and calibration.sass (the calibration kernels' SASS, to check that they
# time what they mean to). The bench stops after ${REGROUP_TIMEOUT_S:-300} s.
# Exit status 0 only if the run passed and every output was identical to
# the original kernel's.
set -uo pipefail
carry=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$PWD/regroup-out}
cuda=${CUDA_PATH:-/usr/local/cuda}
mkdir -p "$out"
commit=$(sed -n 's/^commit: //p' "$carry/MANIFEST")
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm \
    --format=csv 2>&1
  cat "$carry/MANIFEST"
} >"$out/env.txt"
cat "$out/env.txt"

bin=$carry/bin/divopt-regroup-bench
"$bin" --no-such-option >/dev/null 2>&1
if [ $? -ne 2 ]; then
  echo "prebuilt binary does not start here: building from the carried sources"
  build=/tmp/regroup-build
  cmake -S "$carry/src" -B "$build" -DDIVOPT_BUILD_PLUGIN=OFF \
    -DDIVOPT_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
    -DCUDAToolkit_ROOT="$cuda" >"$out/build.log" 2>&1 &&
    timeout 300 cmake --build "$build" -j"$(nproc)" --target divopt-regroup-bench \
      >>"$out/build.log" 2>&1 || { tail -20 "$out/build.log"; exit 1; }
  bin=$build/bench/regroup/divopt-regroup-bench
fi
for m in transactions dispatch; do
  timeout 60 "$cuda/bin/ptxas" -arch=sm_90 "$carry/ptx/$m.ptx" -o "/tmp/$m.cubin" &&
    timeout 60 "$cuda/bin/cuobjdump" -sass "/tmp/$m.cubin"
done >"$out/calibration.sass" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active \
  --format=csv -lms 200 >"$out/clocks.csv" 2>&1 &
smi=$!
timeout "${REGROUP_TIMEOUT_S:-300}" "$bin" --ptx-dir "$carry/ptx" --csv "$out/regroup.csv" \
  --summary "$out/summary.txt" --commit "$commit" "$@" 2>&1 | tee "$out/regroup.log"
status=${PIPESTATUS[0]}
kill "$smi" 2>/dev/null
exit "$status"
