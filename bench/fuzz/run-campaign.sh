#!/usr/bin/env bash
# The GPU half of DivOpt's differential fuzzing. On the GPU machine, from the
# repository root:
#
#   bench/fuzz/run-campaign.sh [PACK.tar.xz | PACKDIR] [--only s17,s42] [--jobs N]
#
# PACKDIR is a pack already unpacked (manifest.txt and the PTX it names);
# bench/fuzz/run-fp-packs.sh runs shards of packs that way.
# PACK defaults to .carry/fuzz-ptx/pack.tar.xz, built here by
# scripts/fuzz/build_pack.py (which needs LLVM; this needs only CUDA, CMake
# and python3). Builds bench/fuzz's runner on the runtime, unpacks the pack,
# runs every kernel pair at every launch shape (restarting the runner after
# a kernel fault or hang, which leave the CUDA context unusable) and writes
# to $OUT (default build-fuzz/out): fuzz-summary.txt, fuzz-summary.json,
# fuzz-results.tsv (one verdict per kernel), build.log. FUZZ_RUNNER names
# a runner already built (the build is then skipped). Then
# check-references.sh runs each mismatch's reference against itself at
# ptxas -O0 and appends "DivOpt-caused: N ..." and "DivOpt verdict:" to the
# summary (refcheck-results.tsv; FUZZ_REFCHECK=0 skips it).
# Exit status: 0 when every kernel ran and agreed, 1 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pack=$root/.carry/fuzz-ptx/pack.tar.xz
runner_args=()
summary_args=()
refcheck_args=()
prev=
for a in "$@"; do
  case $a in
  *.tar.xz) pack=$a ;;
  *)
    case $prev in
    --only | --jobs | --timeout-s) runner_args+=("$a") ;;
    *) if [ -d "$a" ]; then pack=$a; else runner_args+=("$a"); fi ;;
    esac
    ;;
  esac
  [ "$prev" = --only ] && summary_args=(--only "$a")
  [ "$prev" = --timeout-s ] && refcheck_args=(--timeout-s "$a")
  prev=$a
done
out=${OUT:-$root/build-fuzz/out}
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
mkdir -p "$out" "$build"
[ -e "$pack" ] || { echo "run-campaign: no pack at $pack" >&2; exit 2; }

runner=${FUZZ_RUNNER:-}
if [ -z "$runner" ]; then
  echo "== building the runner (log: $out/build.log)"
  { cmake -S "$root/bench/fuzz" -B "$build" -DCMAKE_BUILD_TYPE=Release &&
    cmake --build "$build" -j"$(nproc)"; } >"$out/build.log" 2>&1 ||
    { tail -30 "$out/build.log" >&2; exit 2; }
  runner=$build/divopt-fuzz-runner
fi

if [ -d "$pack" ]; then
  dir=$pack
else
  dir=$build/pack
  rm -rf "$dir" && mkdir -p "$dir"
  tar xJf "$pack" -C "$dir"
fi

results=$out/fuzz-results.tsv
rm -f "$results"
start=$(date +%s)
pairs=$(grep -c '^kernel ' "$dir/manifest.txt" || true)
echo "== running $pairs kernel pairs"
verdicts() {
  local n=
  [ -f "$results" ] && n=$(grep -vc '^#' "$results" || true)
  echo "${n:-0}"
}
# A progress line, with the time left, every 30 s while the runner runs.
. "$root/scripts/lib/progress.sh"
watcher=$(progress_watch "$pairs" verdicts)
trap 'kill "$watcher" 2>/dev/null' EXIT
while true; do
  before=$(verdicts)
  rc=0
  "$runner" --pack "$dir" --results "$results" \
    "${runner_args[@]}" || rc=$?
  [ "$rc" -eq 75 ] || break
  # A fault or a hang: the verdict is recorded; a new runner goes on.
  if [ "$(verdicts)" -le "$before" ]; then
    echo "run-campaign: the runner stopped without recording a verdict" >&2
    break
  fi
  echo "== the runner restarted after: $(grep -v '^#' "$results" | tail -1 | cut -f1,4)"
done
kill "$watcher" 2>/dev/null
progress_line "$(verdicts)" "$pairs" "$start" "kernel pairs"
echo "== $(($(date +%s) - start)) s on the GPU (runner exit status $rc)"
[ "$rc" -eq 0 ] || [ "$rc" -eq 75 ] || exit "$rc"
status=0
python3 "$root/bench/fuzz/summarize.py" --pack "$dir" --results "$results" \
  --out "$out" "${summary_args[@]}" || status=$?
# Which mismatches have a reference that ptxas -O0 alone changes; appended
# to the summary, the exit status stays summarize.py's.
if [ "${FUZZ_REFCHECK:-1}" != 0 ]; then
  REFCHECK_WORK=$build/refcheck "$root/bench/fuzz/check-references.sh" \
    "$runner" "$dir" "$results" "$out" "${summary_args[@]}" \
    "${refcheck_args[@]}" ||
    echo "run-campaign: the reference check failed; the summary stands" >&2
fi
exit "$status"
