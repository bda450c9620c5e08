#!/usr/bin/env bash
# The GPU half of the floating-point fuzzing campaign, for packs built here
# without cubins (scripts/fuzz/build-fp-packs.sh -> .carry/fp-packs/). On
# the GPU machine, from the repository root:
#
#   bench/fuzz/run-fp-packs.sh [--shards N] [PACK.tar.xz ...]
#
# PACKs default to .carry/fp-packs/*.tar.xz (one per FP mode). It builds
# the runner once, unpacks every pack, assembles all its PTX with ptxas on
# every core, splits each pack's kernel pairs into N shards (default: the
# core count) and runs all shards of all packs at once, a runner per shard
# (each restarts after a kernel fault, as run-campaign.sh does), then merges
# each pack's verdicts and summarizes them (summarize.py), then checks the
# reference of every mismatch under ptxas -O0 (check-references.sh: the
# summary's "DivOpt-caused" and "DivOpt verdict" lines). Writes to $OUT:
#   fp-packs.txt          one line per pack, then each pack's summary
#   fp-packs.tar.xz       every pack's merged results TSV and summary, logs
# Exit status: 0 when every pack is CLEAN.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
shards=$(nproc)
packs=()
while [ $# -gt 0 ]; do
  case $1 in
  --shards) shards=$2; shift 2 ;;
  *) packs+=("$1"); shift ;;
  esac
done
[ ${#packs[@]} -gt 0 ] || packs=("$root"/.carry/fp-packs/*.tar.xz)
[ -e "${packs[0]}" ] || { echo "run-fp-packs: no pack (${packs[0]})" >&2; exit 2; }
out=${OUT:-$root/build-fuzz/fp-packs-out}
work=${FP_PACKS_WORK:-/tmp/divopt-fp-packs}
ptxas=${PTXAS:-ptxas}
rm -rf "$work" && mkdir -p "$out" "$work/logs"
start=$(date +%s)
stamp() { echo "== $(($(date +%s) - start)) s: $*"; }

# The runner is built once per machine (a warm machine keeps it).
runner=${FUZZ_RUNNER:-}
if [ -z "$runner" ]; then
  rdir=${FP_PACKS_RUNNER_DIR:-/tmp/divopt-fuzz-runner}
  runner=$rdir/divopt-fuzz-runner
  if [ ! -x "$runner" ]; then
    stamp "building the runner"
    { cmake -S "$root/bench/fuzz" -B "$rdir" -DCMAKE_BUILD_TYPE=Release &&
      cmake --build "$rdir" -j"$(nproc)"; } >"$work/logs/build.log" 2>&1 ||
      { tail -30 "$work/logs/build.log" >&2; exit 2; }
  fi
fi
export FUZZ_RUNNER=$runner

names=()
for p in "${packs[@]}"; do
  n=$(basename "$p" .tar.xz)
  names+=("$n")
  mkdir -p "$work/$n"
  tar xJf "$p" -C "$work/$n"
done
stamp "unpacked ${#names[@]} packs; assembling their PTX on $(nproc) cores"
find "$work" -name '*.ptx' -print0 |
  xargs -0 -P "$(nproc)" -n 8 sh -c \
    'for f; do "$0" -arch=sm_90 "$f" -o "${f%.ptx}.cubin" || echo "ptxas failed: $f"; done' \
    "$ptxas" >"$work/logs/ptxas.log" 2>&1
if grep -q 'ptxas failed' "$work/logs/ptxas.log"; then
  grep 'ptxas failed' "$work/logs/ptxas.log" | head >&2
fi

# Shard k of a pack: its header, every shards-th kernel pair from k, and
# (shard 0) the compile failures; the PTX is the pack's own.
for n in "${names[@]}"; do
  for k in $(seq 0 $((shards - 1))); do
    d=$work/shards/$n.$k
    mkdir -p "$d"
    ln -s "$work/$n/ptx" "$d/ptx"
    awk -v k="$k" -v n="$shards" -v first="$([ "$k" -eq 0 ] && echo 1 || echo 0)" '
      /^kernel / { if (i++ % n == k) print; next }
      /^failure / { if (first) print; next }
      { print }' "$work/$n/manifest.txt" >"$d/manifest.txt"
  done
done
pairs=$(cat "$work"/*/manifest.txt | grep -c '^kernel ' || true)
stamp "running $pairs kernel pairs in $((shards * ${#names[@]})) shards, $shards at a time"
ls -d "$work"/shards/*.* | xargs -P "$shards" -I{} sh -c \
  'OUT="$1/out" FUZZ_BUILD_DIR="$1/build" FUZZ_REFCHECK=0 "$2/bench/fuzz/run-campaign.sh" "$1" >"$1/run.log" 2>&1 || true' \
  _ {} "$root"
stamp "merging"

summary=$out/fp-packs.txt
: >"$summary"
status=0
mkdir -p "$work/results"
for n in "${names[@]}"; do
  merged=$work/results/$n-results.tsv
  cat "$work"/shards/"$n".*/out/fuzz-results.tsv 2>/dev/null |
    awk '/^#/ { if (!seen[$0]++) print; next } { print }' >"$merged"
  rc=0
  python3 "$root/bench/fuzz/summarize.py" --pack "$work/$n" --results "$merged" \
    --out "$work/results/$n" >"$work/results/$n.log" 2>&1 || rc=$?
  # The merged run's mismatches, each reference against itself at ptxas
  # -O0: "DivOpt-caused" and "DivOpt verdict" lines in the summary.
  REFCHECK_WORK=$work/refcheck/$n "$root/bench/fuzz/check-references.sh" \
    "$runner" "$work/$n" "$merged" "$work/results/$n" \
    >>"$work/results/$n.log" 2>&1 ||
    echo "run-fp-packs: $n: the reference check failed; its summary stands" >&2
  cp "$work/results/$n/fuzz-summary.txt" "$work/results/$n-summary.txt" 2>/dev/null || true
  verdict=$(grep -E '^(verdicts|result|DivOpt-caused|DivOpt verdict):' "$work/results/$n-summary.txt" 2>/dev/null | tr '\n' ' ')
  echo "$n: $(grep -c '^kernel ' "$work/$n/manifest.txt") pairs; $verdict" | tee -a "$summary"
  [ "$rc" -eq 0 ] || status=1
done
for n in "${names[@]}"; do
  { echo; echo "=== $n"; cat "$work/results/$n-summary.txt" 2>/dev/null || echo "(no summary)"; } >>"$summary"
done
tar -C "$work" -cJf "$out/fp-packs.tar.xz" results logs
stamp "done: $([ $status -eq 0 ] && echo CLEAN || echo NOT CLEAN)"
exit $status
