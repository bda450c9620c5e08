#!/usr/bin/env bash
# Runs the thread regrouping GPU checks and benchmark on the GPU machine from
# what scripts/regroup-build.sh left in the carried folder (this script's
# ../..): the prebuilt binaries, or, when they do not start there, ones
# built from the carried sources (cmake, CUDA with nvcc, no LLVM).
#   1. DivOptRegroupGpuTests: the device's Sorting order against the host's,
#      element for element, and the device's warp demands against the
#      host's, bit for bit (gpu-test.log);
#   2. divopt-regroup-bench at the bench's sizes (2^20 threads, ~100 ms
#      launches): every variant, overheads per step, end-to-end speedups at
#      1, 10 and 100 reuses, the iterative case (regroup.log, regroup.csv,
#      summary.txt);
#   3. the same at 8x the threads, the device pipeline's overheads only
#      (regroup-8x.log, regroup-8x.csv, summary-8x.txt).
# Output to $OUT (else ./regroup-out), with env.txt, clocks.csv (SM clock,
# power and throttle reasons every 200 ms) and calibration.sass. Prints a
# short table last. About 3 minutes on an H100; the steps stop after
# ${REGROUP_TIMEOUT_S:-170} s (2) and ${REGROUP_8X_TIMEOUT_S:-70} s (3).
# Exit status 0 only if the GPU tests passed, both runs passed and every
# output was identical to the original kernel's.
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
tests=$carry/bin/DivOptRegroupGpuTests
"$bin" --no-such-option >/dev/null 2>&1
if [ $? -ne 2 ] || ! "$tests" --gtest_list_tests >/dev/null 2>&1; then
  echo "prebuilt binaries do not start here: building from the carried sources"
  build=/tmp/regroup-build
  cmake -S "$carry/src" -B "$build" -DDIVOPT_BUILD_PLUGIN=OFF \
    -DDIVOPT_BUILD_TESTS=ON -DCMAKE_BUILD_TYPE=Release \
    -DCUDAToolkit_ROOT="$cuda" -DCMAKE_CUDA_COMPILER="$cuda/bin/nvcc" \
    >"$out/build.log" 2>&1 &&
    timeout 300 cmake --build "$build" -j"$(nproc)" --target \
      divopt-regroup-bench DivOptRegroupGpuTests >>"$out/build.log" 2>&1 ||
    { tail -20 "$out/build.log"; exit 1; }
  bin=$build/bench/regroup/divopt-regroup-bench
  tests=$build/test/unit/regroup-gpu/DivOptRegroupGpuTests
fi

timeout 60 "$tests" >"$out/gpu-test.log" 2>&1
test_status=$?
tail -3 "$out/gpu-test.log"

for m in transactions dispatch; do
  timeout 60 "$cuda/bin/ptxas" -arch=sm_90 "$carry/ptx/$m.ptx" -o "/tmp/$m.cubin" &&
    timeout 60 "$cuda/bin/cuobjdump" -sass "/tmp/$m.cubin"
done >"$out/calibration.sass" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active \
  --format=csv -lms 200 >"$out/clocks.csv" 2>&1 &
smi=$!
timeout "${REGROUP_TIMEOUT_S:-170}" "$bin" --ptx-dir "$carry/ptx" \
  --csv "$out/regroup.csv" --summary "$out/summary.txt" --commit "$commit" \
  --budget-s 120 "$@" >"$out/regroup.log" 2>&1
status=$?
timeout "${REGROUP_8X_TIMEOUT_S:-70}" "$bin" --ptx-dir "$carry/ptx" \
  --csv "$out/regroup-8x.csv" --summary "$out/summary-8x.txt" \
  --commit "$commit" --threads 8388608 --target-ms 800 --overheads-only \
  --iterations 0 --budget-s 45 >"$out/regroup-8x.log" 2>&1
status_8x=$?
kill "$smi" 2>/dev/null

echo "== bench at the bench's sizes (exit $status; full log regroup.log)"
cat "$out/summary.txt" 2>/dev/null || tail -20 "$out/regroup.log"
echo "== device pipeline at 8x the threads (exit $status_8x; regroup-8x.log)"
sed -n '/^device pipeline/,$p' "$out/summary-8x.txt" 2>/dev/null ||
  tail -20 "$out/regroup-8x.log"
echo "== GPU tests (exit $test_status): $(grep -E '^\[  (PASSED|FAILED)' "$out/gpu-test.log" | tr '\n' ' ')"
[ "$test_status" -eq 0 ] && [ "$status" -eq 0 ] && [ "$status_8x" -eq 0 ]
