#!/usr/bin/env bash
# Runs the GPU part of the benchmarks, on the GPU machine, from the
# repository root, in one go:
#   1. builds the runtime, the unit tests and the bench host programs
#      (cmake -DDIVOPT_BUILD_PLUGIN=OFF: CUDA and a C++ compiler, no LLVM),
#      GoogleTest from .carry/googletest when the machine has none;
#   2. runs the unit tests, the GPU ones included;
#   3. runs divopt-bench on the PTX scripts/bench-build.sh left in
#      .carry/bench-ptx (or $BENCH_PTX_DIR);
#   4. runs divopt-occupancy-sweep;
#   5. prints a short table last.
# Logs and CSVs go to $OUT when it is set (else build-gpu/out): env.txt,
# build.log, unit.log, bench.log, bench.csv, summary.txt, occupancy.log,
# occupancy.csv. Turn them into a report with scripts/bench-report.py.
# Exit status 0 only if every step passed and every output check passed.
#
#   scripts/bench-gpu.sh --only itdelay,brdis
# builds only divopt-bench and runs only those benchmarks: no unit tests,
# no occupancy sweep (a short run, about 3 minutes on an H100).
# BENCH_RUNS=N times N runs of each variant instead of 25.
# BENCH_CONFIGS="N=8 p=1.00,N=16 f=0.50" runs only the configurations
# whose name contains one of those texts (divopt-bench --configs).
set -uo pipefail
only=""
while [ $# -gt 0 ]; do
  case $1 in
    --only) [ $# -ge 2 ] || { echo "bench-gpu: --only needs a list" >&2; exit 2; }
            only=$2; shift 2 ;;
    --only=*) only=${1#--only=}; shift ;;
    *) echo "usage: bench-gpu.sh [--only BENCH,...]" >&2; exit 2 ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ptx=${BENCH_PTX_DIR:-$root/.carry/bench-ptx}
build=${BUILD_DIR:-$root/build-gpu}
out=${OUT:-$build/out}
cuda=${CUDA_PATH:-/usr/local/cuda}
mkdir -p "$out" "$build"
status=0
started=$SECONDS

step() { echo "== $* ($((SECONDS - started)) s)"; }
fail() { echo "bench-gpu: $*" >&2; status=1; }

[ -f "$ptx/MANIFEST" ] || { echo "bench-gpu: no PTX in $ptx: run scripts/bench-build.sh where clang-22 is, and carry .carry" >&2; exit 1; }
commit=$(sed -n 's/^commit: //p' "$ptx/MANIFEST")

step "environment"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm \
    --format=csv 2>&1
  "$cuda/bin/nvcc" --version 2>&1 | tail -1
  cmake --version | head -1
  c++ --version 2>&1 | head -1
  echo "--- PTX manifest"
  cat "$ptx/MANIFEST"
} >"$out/env.txt" 2>&1
head -4 "$out/env.txt"

step "build (log: build.log)"
cmake_args=(-DDIVOPT_BUILD_PLUGIN=OFF -DCMAKE_BUILD_TYPE=Release)
[ -d "$cuda" ] && cmake_args+=(-DCUDAToolkit_ROOT="$cuda")
command -v ninja >/dev/null && cmake_args+=(-G Ninja)
tests=ON
if [ -n "$only" ]; then
  tests=OFF
elif [ ! -f /usr/include/gtest/gtest.h ] && [ ! -f /usr/local/include/gtest/gtest.h ]; then
  if [ -d "$root/.carry/googletest" ]; then
    {
      cmake -S "$root/.carry/googletest" -B "$build/googletest" \
        -DCMAKE_BUILD_TYPE=Release -DBUILD_GMOCK=OFF -DINSTALL_GTEST=ON \
        -DCMAKE_INSTALL_PREFIX="$build/gtest-install" &&
        cmake --build "$build/googletest" -j"$(nproc)" &&
        cmake --install "$build/googletest"
    } >>"$out/build.log" 2>&1 || fail "GoogleTest did not build (build.log)"
    cmake_args+=(-DCMAKE_PREFIX_PATH="$build/gtest-install")
  else
    echo "no GoogleTest here and none carried: unit tests not built" | tee -a "$out/build.log"
    tests=OFF
  fi
fi
cmake_args+=(-DDIVOPT_BUILD_TESTS=$tests)
# Only what this script runs: other benches in the tree cannot stop it.
targets=(divopt-bench divopt-occupancy-sweep)
[ -n "$only" ] && targets=(divopt-bench)
test_dirs=()
if [ "$tests" = ON ]; then
  targets+=(DivOptRuntimeTests DivOptBenchHarnessTests DivOptBenchKernelTests
            DivOptModelTests)
  test_dirs=(runtime bench model)
fi
if ! cmake -S "$root" -B "$build/cmake" "${cmake_args[@]}" >>"$out/build.log" 2>&1 ||
   ! cmake --build "$build/cmake" -j"$(nproc)" --target "${targets[@]}" \
       >>"$out/build.log" 2>&1; then
  tail -30 "$out/build.log"
  echo "bench-gpu: the build failed; see build.log" >&2
  exit 1
fi

unit_line="unit tests: not built"
[ -n "$only" ] && unit_line="unit tests: not run (--only)"
if [ "$tests" = ON ]; then
  step "unit tests (log: unit.log)"
  : >"$out/unit.log"
  for d in "${test_dirs[@]}"; do
    timeout 300 ctest --test-dir "$build/cmake/test/unit/$d" \
      --output-on-failure --timeout 120 >>"$out/unit.log" 2>&1 ||
      fail "unit tests in test/unit/$d failed (unit.log)"
  done
  unit_line="unit tests: $(grep -E 'tests passed' "$out/unit.log" | tr '\n' ' ')"
  echo "  $(grep -cE '\*\*\*Skipped' "$out/unit.log") skipped"
fi

step "benchmarks (log: bench.log)"
bench_args=(--ptx-dir "$ptx" --csv "$out/bench.csv" --summary "$out/summary.txt"
            --commit "$commit")
[ -n "$only" ] && bench_args+=(--only "$only")
# Fewer timed runs for a shorter pass (scripts/calibrate-gpu.sh).
[ -n "${BENCH_RUNS:-}" ] && bench_args+=(--runs "$BENCH_RUNS")
[ -n "${BENCH_CONFIGS:-}" ] && bench_args+=(--configs "$BENCH_CONFIGS")
timeout 420 "$build/cmake/bench/host/divopt-bench" "${bench_args[@]}" \
  2>&1 | tee "$out/bench.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || fail "divopt-bench failed or an output check failed (bench.log)"

if [ -z "$only" ]; then
  step "occupancy sweep (log: occupancy.log)"
  timeout 300 "$build/cmake/bench/host/divopt-occupancy-sweep" \
    --csv "$out/occupancy.csv" >"$out/occupancy.log" 2>&1 ||
    fail "the occupancy sweep failed or found mismatches (occupancy.log)"
  grep -A12 '^mismatches' "$out/occupancy.log" | head -14
fi

step "done"
echo "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
echo "commit: $commit"
echo "$unit_line"
if [ -z "$only" ]; then
  echo "$(grep '^occupancy sweep:' "$out/occupancy.log" || echo 'occupancy sweep: no summary (see occupancy.log)')"
fi
echo "benchmarks, speedups over clang -O3 (median of timed runs):"
cat "$out/summary.txt" 2>/dev/null || echo "  no summary (see bench.log)"
if [ -f "$out/bench.csv" ] && grep -q 'arith=natural' "$out/bench.csv"; then
  echo "ordinary against explicit arithmetic (issue 15: DivOpt cells >= 0.97):"
  python3 "$root/bench/tools/natural_ratio.py" "$out/bench.csv" |
    tee "$out/natural-ratio.md" || fail "natural_ratio.py failed"
fi
echo "outputs in $out; status $status"
exit $status
