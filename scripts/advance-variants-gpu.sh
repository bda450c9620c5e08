#!/usr/bin/env bash
# On the GPU machine, from the repository root: times the variants of the
# two-halves loop advance that scripts/advance-variants-build.sh left in
# .carry/advance-variants (or $ADVANCE_VARIANTS_DIR) against each other,
# in one go: `scripts/bench-gpu.sh --only loopadv,itdelay` once per
# variant folder, the default form (exit-flag) first and again last, the
# others between. Each run times clang -O3, the hand and every forced
# variant and compares every output with clang -O3's bit for bit.
#
# Only the configurations that judge the variants run (BENCH_CONFIGS to
# change them): LOOP-ADVANCE N=8 p=1, N=32 p=0.5 and 1, N=128 p=1;
# SYN-ITDELAY N=16, 32, 128 at f=0.5 (and the natural-arithmetic rows
# whose name contains those). BENCH_RUNS (default 11) timed runs each.
# Expected: about 2-3 minutes on an H100 (one build of divopt-bench, then
# five runs of some 20 s).
#
# Into $OUT (else build-gpu/advance-variants): advance-variants.csv (every
# row of every run, with a form column), runs.log, env.txt and
# advance-variants.txt, the table printed last: per configuration and
# run, DivOpt-advance over hand-advance (LOOP-ADVANCE) or over clang -O3
# (SYN-ITDELAY). Also sass-counts.txt: SASS instructions per kernel of
# each variant's forced advance (cuobjdump), for reading next to the PTX
# counts. Exit status 0 only if every run passed every output check.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
dir=${ADVANCE_VARIANTS_DIR:-$root/.carry/advance-variants}
out=${OUT:-$root/build-gpu/advance-variants}
scratch=$root/build-gpu/advance-variants-runs
cuda=${CUDA_PATH:-/usr/local/cuda}
export BENCH_RUNS=${BENCH_RUNS:-11}
export BENCH_CONFIGS=${BENCH_CONFIGS:-"N=8 p=1.00,N=32 p=0.50,N=32 p=1.00,N=128 p=1.00,N=16 f=0.50,N=32 f=0.50,N=128 f=0.50"}
mkdir -p "$out"
rm -rf "$scratch"
mkdir -p "$scratch"
status=0
started=$SECONDS

[ -d "$dir/exit-flag" ] || { echo "advance-variants-gpu: no $dir/exit-flag: run scripts/advance-variants-build.sh and carry $dir" >&2; exit 1; }
others=()
for d in "$dir"/*/; do
  v=$(basename "$d")
  [ "$v" = exit-flag ] || others+=("$v")
done
order=(exit-flag "${others[@]}" exit-flag)

: >"$out/runs.log"
csv=$out/advance-variants.csv
rm -f "$csv"
for i in "${!order[@]}"; do
  v=${order[$i]}
  form=$v
  [ "$i" -gt 0 ] && [ "$v" = exit-flag ] && form=exit-flag-rerun
  echo "== run $((i + 1))/${#order[@]}: $form ($((SECONDS - started)) s)"
  run_out=$scratch/$form
  OUT=$run_out BENCH_PTX_DIR=$dir/$v "$root/scripts/bench-gpu.sh" \
    --only loopadv,itdelay >>"$out/runs.log" 2>&1 ||
    { echo "  run $form failed or an output check failed (runs.log)"; status=1; }
  [ "$i" -eq 0 ] && cp "$run_out/env.txt" "$out/env.txt" 2>/dev/null
  if [ -f "$run_out/bench.csv" ]; then
    if [ ! -f "$csv" ]; then
      { printf 'form,'; head -1 "$run_out/bench.csv"; } >"$csv"
    fi
    tail -n +2 "$run_out/bench.csv" | sed "s/^/$form,/" >>"$csv"
  fi
done

echo "== SASS of each variant's forced advance ($((SECONDS - started)) s)"
{
  for v in exit-flag "${others[@]}"; do
    for b in loopadv itdelay; do
      cubin=$scratch/$v.$b.cubin
      "$cuda/bin/ptxas" -arch=sm_90 "$dir/$v/$b.divopt-advance.ptx" -o "$cubin" &&
        "$cuda/bin/cuobjdump" -sass "$cubin" | awk -v v="$v" '
          /Function :/ { k = $3 }
          /^ +\/\*[0-9a-f]+\*\/ / && k != "" { n[k]++ }
          END { for (k in n) printf "%-16s %-16s %5d SASS instructions\n", v, k, n[k] }' |
        sort -k2
    done
  done
} >"$out/sass-counts.txt" 2>&1

echo "== done ($((SECONDS - started)) s); device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
python3 "$root/bench/tools/advance_variants_table.py" "$csv" |
  tee "$out/advance-variants.txt" || status=1
echo "outputs in $out; status $status"
exit $status
