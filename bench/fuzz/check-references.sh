#!/usr/bin/env bash
# After a campaign's summary: checks the clang -O3 reference of every
# mismatching pair under ptxas -O0 (bench/fuzz/ref_stability.py) and appends
# the DivOpt-caused count and verdict to the summary. On the GPU machine:
#
#   bench/fuzz/check-references.sh RUNNER PACKDIR RESULTS SUMMARYDIR
#       [--only NAMES] [--timeout-s S]
#
# --timeout-s goes to the runner (a kernel's limit, as in the campaign).
# Seconds per mismatching seed. The follow-up pack goes to $REFCHECK_WORK
# (default: a new temporary folder), its verdicts to
# SUMMARYDIR/refcheck-results.tsv. Run after summarize.py: when this fails,
# the summary is left as summarize.py wrote it (exit status 1).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 4 ] || { echo "usage: $0 RUNNER PACKDIR RESULTS SUMMARYDIR [--only NAMES] [--timeout-s S]" >&2; exit 2; }
runner=$1 pack=$2 results=$3 summary=$4
shift 4
merge_args=()
runner_args=()
while [ $# -gt 0 ]; do
  case $1 in
  --only) merge_args+=("$1" "${2:?--only needs names}"); shift 2 ;;
  --timeout-s) runner_args+=("$1" "${2:?--timeout-s needs seconds}"); shift 2 ;;
  *) echo "check-references: unknown argument $1" >&2; exit 2 ;;
  esac
done
work=${REFCHECK_WORK:-}
if [ -z "$work" ]; then
  work=$(mktemp -d /tmp/divopt-refcheck.XXXXXX) || exit 1
  trap 'rm -rf "$work"' EXIT
fi
py=$root/bench/fuzz/ref_stability.py
python3 "$py" pack --pack "$pack" --results "$results" --out "$work/pack" ||
  exit 1
tsv=$summary/refcheck-results.tsv
rm -f "$tsv"
if grep -q '^kernel ' "$work/pack/manifest.txt"; then
  echo "== checking $(grep -c '^kernel ' "$work/pack/manifest.txt") references under ptxas -O0"
  # A fault ends a runner (75); a new one goes on from the next pair.
  for _ in 1 2 3 4 5 6 7 8; do
    rc=0
    "$runner" --pack "$work/pack" --results "$tsv" "${runner_args[@]}" || rc=$?
    [ "$rc" -eq 75 ] || break
  done
fi
python3 "$py" merge --pack "$pack" --results "$results" --check-results "$tsv" \
  --summary "$summary" "${merge_args[@]}"
