#!/usr/bin/env bash
# The GPU half of scripts/fuzz/undef_probe.py (about 2 minutes: the runner's
# build, then 14 kernel pairs at 8 launch shapes). From the repository root
# on the GPU machine:
#
#   scripts/fuzz/undef-probe-gpu.sh .carry/undef-probe/probe.tar.xz
#
# Runs every pair of the pack with the cubins packed in it and prints one
# line per entry: ok or mismatch, and where. Writes to $OUT: probe.tsv (the
# runner's verdicts) and probe.log.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pack=${1:-$root/.carry/undef-probe/probe.tar.xz}
out=${OUT:-$root/build-fuzz/undef-probe-out}
work=$(mktemp -d /tmp/undef-probe.XXXXXX)
mkdir -p "$out" "$work/pack"
exec > >(tee "$out/probe.log") 2>&1
tar xJf "$pack" -C "$work/pack"
runner=${FUZZ_RUNNER:-/tmp/divopt-fuzz-runner/divopt-fuzz-runner}
if [ ! -x "$runner" ]; then
  echo "== building the runner"
  cmake -S "$root/bench/fuzz" -B "$(dirname "$runner")" \
    -DCMAKE_BUILD_TYPE=Release >"$work/build.log" 2>&1 &&
    cmake --build "$(dirname "$runner")" -j"$(nproc)" >>"$work/build.log" 2>&1 ||
    { tail -30 "$work/build.log"; exit 2; }
fi
# A fault leaves the context unusable: the runner exits 75 and a new one
# goes on from the next pair.
for attempt in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
  rc=0
  "$runner" --pack "$work/pack" --results "$out/probe.tsv" --timeout-s 20 || rc=$?
  [ "$rc" -eq 75 ] || break
done
echo
echo "entry                 verdict   detail"
grep -v '^#' "$out/probe.tsv" | sort |
  awk -F'\t' '{ printf "%-21s %-9s %s\n", $1, $4, substr($5, 1, 100) }'
