#!/usr/bin/env bash
# Runs the bench kernels, DivOpt's transformed ones included, under
# compute-sanitizer on the GPU machine: memcheck over every configuration
# (one wave, one timed run), racecheck over the quick set. Needs the bench
# built by scripts/bench-gpu.sh and the PTX of scripts/bench-build.sh.
# Logs go to $OUT (sanitize-memcheck.log, sanitize-racecheck.log); exits
# non-zero when a tool reports an error.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ptx=${BENCH_PTX_DIR:-$root/.carry/bench-ptx}
build=${BUILD_DIR:-$root/build-gpu}
out=${OUT:-$build/out}
cuda=${CUDA_PATH:-/usr/local/cuda}
bench=$build/cmake/bench/host/divopt-bench
sanitizer=$(command -v compute-sanitizer || echo "$cuda/bin/compute-sanitizer")
[ -x "$bench" ] || { echo "sanitize-gpu: $bench not built: run scripts/bench-gpu.sh first" >&2; exit 1; }
[ -x "$sanitizer" ] || { echo "sanitize-gpu: compute-sanitizer not found" >&2; exit 1; }
mkdir -p "$out"
status=0
run() {
  local tool=$1; shift
  # The runtime probes kernel parameters until the driver answers
  # CUDA_ERROR_INVALID_VALUE: an expected API error, not a kernel fault.
  timeout 300 "$sanitizer" --tool "$tool" --error-exitcode 3 --report-api-errors no \
    "$bench" --ptx-dir "$ptx" --runs 1 --warmup 1 --waves 1 "$@" \
    >"$out/sanitize-$tool.log" 2>&1
  local rc=$?
  local summary
  summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$out/sanitize-$tool.log" | tail -1)
  echo "compute-sanitizer $tool: exit $rc; ${summary:-no summary}"
  [ "$rc" -eq 0 ] || status=1
}
run memcheck
run racecheck --quick
exit $status
