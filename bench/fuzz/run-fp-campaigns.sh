#!/usr/bin/env bash
# Differential campaigns over floating-point modes, built and run on the GPU
# machine with the toolchain scripts/fuzz/carry-toolchain.sh packed (carry
# .carry/llvm): for each mode, build_pack.py compiles every seed with clang
# -O3 and with each DivOpt variant, under the mode's flags, then
# run-campaign.sh runs the pairs. From the repository root:
#
#   bench/fuzz/run-fp-campaigns.sh [--seeds 1-1000] [--fp natural]
#       [--variants divopt,auto] [--meld-family all] MODE...
#       (MODE: variants.py's FP_MODES; --meld-family: gen_kernel.py's, one
#       statement of each named melding shape family in every kernel)
#
# Writes $OUT/fp-campaigns.txt (one line per mode, then each mode's
# summary), $OUT/MODE-results.tsv (each pair's verdict, as soon as the mode
# is done) and $OUT/fp-campaigns.tar.xz (every summary, results table and
# build log). Each mode's line also gives run-campaign.sh's reference check:
# "DivOpt-caused: N (M more with a reference unstable under ptxas -O0)"
# and "DivOpt verdict: CLEAN" when N is 0. Exit status 0 when every mode is
# CLEAN (the run's own verdict, as before).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seeds=1-1000 fp=natural kinds=divopt,auto family= modes=()
while [ $# -gt 0 ]; do
  case $1 in
  --seeds) seeds=$2; shift 2 ;;
  --fp) fp=$2; shift 2 ;;
  --variants) kinds=$2; shift 2 ;;
  --meld-family) family=$2; shift 2 ;;
  *) modes+=("$1"); shift ;;
  esac
done
[ ${#modes[@]} -gt 0 ] || { echo "usage: $0 [options] MODE..." >&2; exit 2; }
out=${OUT:-$root/build-fuzz/fp-out}
work=${FP_CAMPAIGN_WORK:-/tmp/divopt-fp}
mkdir -p "$out" "$work"

tc=$work/toolchain
if [ ! -x "$tc/llvm22/bin/clang" ]; then
  mkdir -p "$tc"
  tar xf "$root/.carry/llvm/llvm22.tar" -C "$tc"
  tar xJf "$tc/llvm22/lib/clang/22/include.tar.xz" -C "$tc/llvm22/lib/clang/22"
  rm "$tc/llvm22/lib/clang/22/include.tar.xz"
  find "$tc" -name '*.xz' -print0 | xargs -0 -P4 -n1 xz -d
fi
export LD_LIBRARY_PATH=$tc/llvm22/syslib:$tc/llvm22/lib:${LD_LIBRARY_PATH:-}
export CLANG=$tc/llvm22/bin/clang++ DIVOPT_PLUGIN=$tc/llvm22/libDivOpt.so
"$CLANG" --version | head -1

logs=$work/logs
rm -rf "$logs" && mkdir -p "$logs"
summary=$out/fp-campaigns.txt
: >"$summary"
status=0
start=$(date +%s)
for i in "${!modes[@]}"; do
  m=${modes[$i]}
  echo "== mode $m ($((i + 1))/${#modes[@]}, $(($(date +%s) - start)) s so far)"
  pack=$work/pack-$m.tar.xz
  python3 "$root/scripts/fuzz/build_pack.py" --seeds "$seeds" --fp "$fp" \
    --fp-mode "$m" --variants "$kinds" ${family:+--meld-family "$family"} \
    -j "$(nproc)" -o "$pack" \
    --work "$work/build-$m" >"$logs/$m-build.log" 2>&1 || true
  tail -n +1 "$logs/$m-build.log" | grep -E "packed|DivOpt|FAILED" | head -20
  mkdir -p "$logs/$m"
  rc=0
  OUT=$logs/$m FUZZ_BUILD_DIR=$work/runner \
    "$root/bench/fuzz/run-campaign.sh" "$pack" >"$logs/$m/run.log" 2>&1 || rc=$?
  [ -z "${FUZZ_RUNNER:-}" ] && [ -x "$work/runner/divopt-fuzz-runner" ] &&
    export FUZZ_RUNNER=$work/runner/divopt-fuzz-runner
  verdict=$(grep -E '^(verdicts|result|DivOpt-caused|DivOpt verdict):' \
    "$logs/$m/fuzz-summary.txt" 2>/dev/null |
    tr '\n' ' ')
  echo "$m: rc=$rc $verdict" | tee -a "$summary"
  # Each mode's verdicts come back at once, whatever happens later.
  cp "$logs/$m/fuzz-results.tsv" "$out/$m-results.tsv" 2>/dev/null || true
  [ "$rc" -eq 0 ] || status=1
  elapsed=$(($(date +%s) - start))
  left=$((elapsed * (${#modes[@]} - i - 1) / (i + 1)))
  echo "   $((i + 1))/${#modes[@]} modes done in $elapsed s, about $left s left"
done
for m in "${modes[@]}"; do
  { echo; echo "=== $m"; cat "$logs/$m/fuzz-summary.txt" 2>/dev/null || echo "(no summary)"; } >>"$summary"
done
tar -C "$work" -cJf "$out/fp-campaigns.tar.xz" logs
exit $status
