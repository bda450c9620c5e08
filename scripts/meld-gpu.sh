#!/usr/bin/env bash
# The control-flow melding benchmark on the GPU machine, from the
# repository root, with .carry/meld-ptx (scripts/meld-build.sh) carried:
# builds divopt-bench (CUDA and a C++ compiler, no LLVM), runs
# `divopt-bench --only meld` (clang -O3, clang -O3 + DivOpt and the
# hand-melded kernels; outputs checked bit for bit, CUDA events, warm-up,
# median of the timed runs, variants interleaved) and prints the summary
# last. Logs go to $OUT (else build-gpu/meld-out): env.txt, build.log,
# bench.log, bench.csv, summary.txt. Exit status 0 only if every output
# check passed. About a minute of build and one to two minutes of runs on an H100
# (thirteen configurations, three variants each; the N-Queens search rows
# add DivOpt forced). MELD_CONFIGS=TEXT[,TEXT] runs only the
# configurations whose name contains one of them (`divopt-bench
# --configs`): MELD_CONFIGS=N-Queens, the four N-Queens rows, takes about
# a minute of build and under a minute of runs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ptx=${MELD_PTX_DIR:-$root/.carry/meld-ptx}
build=${BUILD_DIR:-$root/build-gpu}
out=${OUT:-$build/meld-out}
cuda=${CUDA_PATH:-/usr/local/cuda}
mkdir -p "$out" "$build"

[ -f "$ptx/MANIFEST" ] || { echo "meld-gpu: no PTX in $ptx: run scripts/meld-build.sh where clang-22 is, and carry .carry/meld-ptx" >&2; exit 1; }
commit=$(sed -n 's/^commit: //p' "$ptx/MANIFEST")
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm \
    --format=csv 2>&1
  echo "--- PTX manifest"
  cat "$ptx/MANIFEST"
} >"$out/env.txt" 2>&1
head -3 "$out/env.txt"

cmake_args=(-DDIVOPT_BUILD_PLUGIN=OFF -DDIVOPT_BUILD_TESTS=OFF
            -DCMAKE_BUILD_TYPE=Release)
[ -d "$cuda" ] && cmake_args+=(-DCUDAToolkit_ROOT="$cuda")
command -v ninja >/dev/null && cmake_args+=(-G Ninja)
if ! cmake -S "$root" -B "$build/cmake" "${cmake_args[@]}" >"$out/build.log" 2>&1 ||
   ! cmake --build "$build/cmake" -j"$(nproc)" --target divopt-bench \
       >>"$out/build.log" 2>&1; then
  tail -30 "$out/build.log"
  echo "meld-gpu: the build failed; see build.log" >&2
  exit 1
fi

configs=()
[ -n "${MELD_CONFIGS:-}" ] && configs=(--configs "$MELD_CONFIGS")
timeout 400 "$build/cmake/bench/host/divopt-bench" --only meld "${configs[@]}" \
  --ptx-dir "$ptx" --csv "$out/bench.csv" --summary "$out/summary.txt" \
  --commit "$commit" >"$out/bench.log" 2>&1
status=$?
tail -40 "$out/bench.log"
echo "== DivOpt's decisions (meld.divopt-remarks.txt)"
grep -o 'remark: .*' "$ptx/meld.divopt-remarks.txt" | cut -c1-160 | sort | uniq -c
echo "== the cost model's predictions (predictions.txt)"
cat "$ptx/predictions.txt" 2>/dev/null
cp "$ptx/predictions.txt" "$out/" 2>/dev/null
echo "== speedups over clang -O3 (median of timed runs), status $status"
cat "$out/summary.txt" 2>/dev/null || echo "  no summary (see bench.log)"
exit $status
