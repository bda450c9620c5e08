#!/usr/bin/env bash
# Runs the thread regrouping GPU checks and benchmark on the GPU machine from
# what scripts/regroup-build.sh left in the carried folder (this script's
# ../..): the prebuilt binaries, or, when they do not start there, ones
# built from the carried sources (cmake, CUDA with nvcc, no LLVM).
#   1. DivOptRegroupGpuTests: the device's Sorting, Greedy and Greedy-Max
#      orders against the host's, element for element, and the device's
#      warp demands against the host's, bit for bit (gpu-test.log);
#   2. divopt-regroup-bench at the bench's sizes (2^20 threads, ~100 ms
#      launches): every variant, every algorithm's device pipeline and its
#      overheads, the orders against the host's, end-to-end speedups at 1,
#      10 and 100 reuses, the plan's decisions, the iterative case
#      (regroup.log; rows to regroup.csv, pipelines to pipelines.csv);
#   3. the same at 8x the threads, the pipelines' overheads only, the model
#      on a sample of the CTAs and its error against the whole launch's
#      (regroup-8x.log; appended to both CSVs).
# Output to $OUT (else ./regroup-out): the 8 files above with env.txt,
# clocks.csv (SM clock, power and throttle reasons every 200 ms) and
# calibration.sass. Prints the tables and verdicts last. About 2 minutes on
# an H100; the steps stop after ${REGROUP_TEST_TIMEOUT_S:-40} s (1),
# ${REGROUP_TIMEOUT_S:-130} s (2) and ${REGROUP_8X_TIMEOUT_S:-60} s (3), and
# start no workload past 90 s (2) and 40 s (3): under 4 minutes. A step
# that fails does not stop the others.
# Exit status 0 only if the GPU tests passed and both runs met every target
# with identical outputs (the bench exits 1 on a differing output, 2 on a
# failure, 3 on a missed target).
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
  echo "prebuilt binaries do not start here: building from the carried sources" |
    tee -a "$out/env.txt"
  build=/tmp/regroup-build
  { cmake -S "$carry/src" -B "$build" -DDIVOPT_BUILD_PLUGIN=OFF \
      -DDIVOPT_BUILD_TESTS=ON -DCMAKE_BUILD_TYPE=Release \
      -DCUDAToolkit_ROOT="$cuda" -DCMAKE_CUDA_COMPILER="$cuda/bin/nvcc" &&
      timeout 300 cmake --build "$build" -j"$(nproc)" --target \
        divopt-regroup-bench DivOptRegroupGpuTests; } >>"$out/env.txt" 2>&1 ||
    { tail -20 "$out/env.txt"; exit 1; }
  bin=$build/bench/regroup/divopt-regroup-bench
  tests=$build/test/unit/regroup-gpu/DivOptRegroupGpuTests
fi

timeout "${REGROUP_TEST_TIMEOUT_S:-40}" "$tests" >"$out/gpu-test.log" 2>&1
test_status=$?
tail -3 "$out/gpu-test.log"

for m in transactions dispatch; do
  timeout 60 "$cuda/bin/ptxas" -arch=sm_90 "$carry/ptx/$m.ptx" -o "/tmp/$m.cubin" &&
    timeout 60 "$cuda/bin/cuobjdump" -sass "/tmp/$m.cubin"
done >"$out/calibration.sass" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active \
  --format=csv -lms 200 >"$out/clocks.csv" 2>&1 &
smi=$!
rm -f "$out/regroup.csv" "$out/pipelines.csv"
timeout "${REGROUP_TIMEOUT_S:-130}" "$bin" --ptx-dir "$carry/ptx" \
  --csv "$out/regroup.csv" --pipelines-csv "$out/pipelines.csv" \
  --commit "$commit" --budget-s 90 "$@" >"$out/regroup.log" 2>&1
status=$?
timeout "${REGROUP_8X_TIMEOUT_S:-60}" "$bin" --ptx-dir "$carry/ptx" \
  --csv "$out/regroup.csv" --pipelines-csv "$out/pipelines.csv" --append \
  --commit "$commit" --threads 8388608 --target-ms 800 --overheads-only \
  --iterations 0 --budget-s 40 >"$out/regroup-8x.log" 2>&1
status_8x=$?
kill "$smi" 2>/dev/null

summary() { # The bench's summary, else the log's tail (it stopped early).
  if grep -q '^== summary' "$1"; then
    sed -n '/^== summary/,$p' "$1"
  else
    tail -25 "$1"
  fi
}
echo "== bench at the bench's sizes (exit $status; full log regroup.log)"
summary "$out/regroup.log"
echo "== pipelines at 8x the threads (exit $status_8x; regroup-8x.log)"
summary "$out/regroup-8x.log"
echo "== GPU tests (exit $test_status): $(grep -E '^\[  (PASSED|FAILED)' "$out/gpu-test.log" | tr '\n' ' ')"
[ "$test_status" -eq 0 ] && [ "$status" -eq 0 ] && [ "$status_8x" -eq 0 ]
