#!/usr/bin/env bash
# The cost model's calibration on the GPU machine, from the repository root
# (about 4 minutes on an H100): builds divopt-bench and runs the benchmarks
# the calibration covers (scripts/bench-gpu.sh --only, on the PTX
# scripts/bench-build.sh left in .carry/bench-ptx), 11 timed runs each, then
# prints every configuration's predicted speedup for every transform
# (bench/results/calibration-predictions.csv, made where the plugin builds
# by `scripts/calibrate.py predict`) against the measured one, the error
# distribution and the automatic decisions last. Writes $OUT/calibration.md
# besides bench-gpu.sh's logs (env.txt, build.log, bench.log, bench.csv,
# summary.txt).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build-gpu/out}
mkdir -p "$out"
benches=itdelay,brdis,split,loopadv,loopsplit,meld
BENCH_RUNS=${BENCH_RUNS:-11} OUT=$out timeout 270 \
  "$root/scripts/bench-gpu.sh" --only "$benches" >"$out/bench-gpu.log" 2>&1
status=$?
[ $status -eq 124 ] && echo "calibrate-gpu: the benchmarks ran past 270 s" >&2
tail -5 "$out/bench-gpu.log"
python3 "$root/scripts/calibrate.py" report --bench "$out/bench.csv" \
  --predictions "$root/bench/results/calibration-predictions.csv" \
  --md "$out/calibration.md" | tail -14 || status=1
exit $status
