#!/usr/bin/env bash
# The cost model's calibration on the GPU machine, from the repository root:
# runs the benchmarks (scripts/bench-gpu.sh, on the PTX scripts/bench-build.sh
# left in .carry/bench-ptx) and prints every bench configuration's predicted
# speedup (bench/results/calibration-predictions.csv, made where the plugin
# builds by `scripts/calibrate.py predict`) against the measured one, with
# the error distribution last. Writes $OUT/calibration.md besides the bench
# logs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build-gpu/out}
mkdir -p "$out"
OUT=$out "$root/scripts/bench-gpu.sh" > "$out/bench-gpu.log" 2>&1
status=$?
tail -5 "$out/bench-gpu.log"
python3 "$root/scripts/calibrate.py" report --bench "$out/bench.csv" \
  --predictions "$root/bench/results/calibration-predictions.csv" \
  --md "$out/calibration.md" || status=1
exit $status
