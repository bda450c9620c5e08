#!/usr/bin/env bash
# Builds every PTX variant of the GPU benchmarks, here (clang-22, the DivOpt
# plugin, nvcc; no GPU needed), into .carry/bench-ptx (or $BENCH_PTX_DIR),
# which scripts/bench-gpu.sh reads on the GPU machine:
#
#   <bench>.clang-O3.ptx          clang-22 -O3
#   <bench>.clang-O3-divopt.ptx   clang-22 -O3 with libDivOpt.so
#   <bench>.nvcc-O3.ptx           nvcc -O3
#   <bench>_hand.clang-O3.ptx     the hand-transformed kernels, clang-22 -O3
#   <bench>.divopt-remarks.txt    what DivOpt did and refused, and why
#   loopsplit.divopt-loop-split*.ptx  loop-split decided / forced
#   ptxas-sm_90.txt               registers and spills of every kernel
#   MANIFEST                      commit, date, compilers, flags
#
# Then checks: ptxas -arch=sm_90 accepts every PTX, clang -O3 left each
# benchmark the divergent branch it measures (bench/tools/check_kernels.py),
# and every DivOpt build of the ordinary-arithmetic kernels (*_nat_*) kept
# the multiply-adds clang -O3 fused (bench/tools/check_contraction.py).
# Also copies GoogleTest's sources to .carry/googletest, for a GPU machine
# that has none. Needs the plugin built (scripts/build.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${BENCH_PTX_DIR:-$root/.carry/bench-ptx}
work=${BENCH_WORK_DIR:-$root/build-bench}
cuda=${CUDA_PATH:-/usr/local/cuda}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
clang=${CLANGXX:-clang++-22}
opt=${OPT:-opt-22}
kernels=$root/bench/kernels
benches=(itdelay brdis split loopadv loopsplit meld)

die() { echo "bench-build: $*" >&2; exit 1; }
[ -f "$plugin" ] || die "$plugin not found: build the plugin first (scripts/build.sh)"
command -v "$clang" >/dev/null || die "$clang not found"
[ -x "$cuda/bin/nvcc" ] || die "nvcc not found under $cuda"

clang_flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
             -Wno-unknown-cuda-version -O3 --cuda-device-only)
divopt_flags=(-Xarch_device "-fpass-plugin=$plugin"
              -Rpass=divopt -Rpass-missed=divopt -Rpass-analysis=divopt)
# BENCH_DIVOPT_OPTIONS: LLVM options for the automatic DivOpt builds (a
# hidden option's effect, timed against the default in another folder).
for o in ${BENCH_DIVOPT_OPTIONS:-}; do divopt_flags+=(-mllvm "$o"); done
nvcc_flags=(-O3 -arch=sm_90 -ptx)

rm -rf "$out" "$work/ir"
mkdir -p "$out" "$work/ir"

echo "== PTX into $out"
for b in "${benches[@]}"; do
  "$clang" "${clang_flags[@]}" -S "$kernels/$b.cu" -o "$out/$b.clang-O3.ptx"
  "$clang" "${clang_flags[@]}" "${divopt_flags[@]}" -S "$kernels/$b.cu" \
    -o "$out/$b.clang-O3-divopt.ptx" 2>"$out/$b.divopt-remarks.txt"
  "$cuda/bin/nvcc" "${nvcc_flags[@]}" "$kernels/$b.cu" -o "$out/$b.nvcc-O3.ptx"
  "$clang" "${clang_flags[@]}" -S "$kernels/${b}_hand.cu" \
    -o "$out/${b}_hand.clang-O3.ptx"
  if cmp -s "$out/$b.clang-O3.ptx" "$out/$b.clang-O3-divopt.ptx"; then
    echo "  $b: DivOpt left the PTX unchanged"
  else
    echo "  $b: DivOpt changed the PTX ($(grep -c 'remark:' \
      "$out/$b.divopt-remarks.txt" || true) remarks)"
  fi
done

# Iteration delaying forced, one strategy each (the cost model would refuse
# the small arms): the curves of the transform itself, next to the hand
# versions.
for s in "majority:iter-delay<majority;force>" \
         "rr:iter-delay<round-robin;force>" \
         "rr-idle:iter-delay<round-robin;idle-removal;force>" \
         "advance:iter-delay<advance;force>"; do
  "$clang" "${clang_flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
    -mllvm "-divopt-pipeline=function(${s#*:},divopt-cleanup)" \
    -S "$kernels/itdelay.cu" -o "$out/itdelay.divopt-${s%%:*}.ptx"
done
# Loop advance forced on LOOP-ADVANCE: DivOpt's version of the hand one.
# And both benchmarks with the function passes of the default pipeline
# (iteration delaying left to the cost model) and no kernel splitting:
# DivOpt-auto.
auto_pipeline="function(branch-dist,iter-delay,loop-split,divopt-cleanup,switch-dispatch,divopt-remarks)"
for s in "advance:function(iter-delay<advance;force>,divopt-cleanup)" \
         "auto:$auto_pipeline"; do
  "$clang" "${clang_flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
    -mllvm "-divopt-pipeline=${s#*:}" -Rpass=divopt -Rpass-missed=divopt \
    -S "$kernels/loopadv.cu" -o "$out/loopadv.divopt-${s%%:*}.ptx" \
    2>"$out/loopadv.divopt-${s%%:*}-remarks.txt"
done
"$clang" "${clang_flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
  -mllvm "-divopt-pipeline=$auto_pipeline" -Rpass=divopt -Rpass-missed=divopt \
  -S "$kernels/itdelay.cu" -o "$out/itdelay.divopt-auto.ptx" \
  2>"$out/itdelay.divopt-auto-remarks.txt"
# The default pipeline with the branch's probability known, as profile
# data would give it (!prof from __builtin_expect_with_probability): one
# build per taken frequency SYN-ITDELAY sweeps, DivOpt-auto-prof.
for f in 0.05 0.10 0.25 0.50 0.75 0.90; do
  "$clang" "${clang_flags[@]}" "${divopt_flags[@]}" \
    -DDIVOPT_FUSED_PROBABILITY="$f" \
    -S "$kernels/itdelay.cu" -o "$out/itdelay.divopt-auto-f$f.ptx" \
    2>"$out/itdelay.divopt-auto-f$f-remarks.txt"
done

# Loop splitting alone: once as its cost model decides (as the default
# pipeline does), once forced.
for s in "loop-split:loop-split" "loop-split-forced:loop-split<force>"; do
  "$clang" "${clang_flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
    -mllvm "-divopt-pipeline=function(${s#*:},divopt-cleanup)" \
    -Rpass=divopt-loop-split -Rpass-missed=divopt-loop-split \
    -S "$kernels/loopsplit.cu" -o "$out/loopsplit.divopt-${s%%:*}.ptx" \
    2>"$out/loopsplit.divopt-${s%%:*}-remarks.txt"
done

# Branch distribution with plain selects for the melded loops' constants,
# to measure what its constant tables are worth.
"$clang" "${clang_flags[@]}" "${divopt_flags[@]}" -mllvm -divopt-select-tables=false \
  -S "$kernels/brdis.cu" -o "$out/brdis.divopt-selects.ptx" 2>/dev/null

# Branch distribution with the cost model bypassed, for the configuration
# it refuses (brdis_wide_k128): what melding would have cost there.
"$clang" "${clang_flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
  -mllvm "-divopt-pipeline=function(branch-dist<force>,divopt-cleanup)" \
  -S "$kernels/brdis.cu" -o "$out/brdis.divopt-forced.ptx"

# The melding bench's N-Queens search rows time DivOpt's melding forced
# where its cost model refuses it (meld-build.sh builds the same file).
"$clang" "${clang_flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
  -mllvm "-divopt-pipeline=kernel-split,function(branch-dist<force>,iter-delay,divopt-cleanup,divopt-remarks)" \
  -S "$kernels/meld.cu" -o "$out/meld.clang-O3-divopt-forced.ptx"

echo "== ptxas -arch=sm_90"
ptxas_log=$out/ptxas-sm_90.txt
: >"$ptxas_log"
for ptx in "$out"/*.ptx; do
  if ! "$cuda/bin/ptxas" -arch=sm_90 -v "$ptx" -o /dev/null \
       >"$work/ptxas.log" 2>&1; then
    cat "$work/ptxas.log" >&2
    die "ptxas rejected $ptx"
  fi
  # One line per kernel: file, kernel, registers, spill stores.
  awk -v f="$(basename "$ptx")" '
    /Compiling entry function/ { k = $7; gsub(/\047/, "", k) }
    /spill stores/ { spill = $5 }
    /Used [0-9]+ registers/ && k != "" {
      printf "%-32s %-28s %4d regs %5d spill bytes\n", f, k, $5, spill
      k = ""
    }
  ' "$work/ptxas.log" >>"$ptxas_log"
done
echo "  every PTX accepted; $(wc -l <"$ptxas_log") kernels, registers in $ptxas_log"

echo "== divergence left by clang -O3"
for b in "${benches[@]}"; do
  "$clang" "${clang_flags[@]}" -S -emit-llvm "$kernels/$b.cu" \
    -o "$work/ir/$b.clang-O3.ll"
  "$clang" "${clang_flags[@]}" -S -emit-llvm "$kernels/${b}_hand.cu" \
    -o "$work/ir/${b}_hand.clang-O3.ll"
done
python3 "$root/bench/tools/check_kernels.py" --opt "$opt" --plugin "$plugin" \
  "$work/ir"

echo "== contractions kept in the ordinary-arithmetic kernels"
contraction_log=$out/contraction-check.txt
: >"$contraction_log"
for b in itdelay brdis; do
  transformed=("$out/$b.clang-O3-divopt.ptx")
  for f in "$out/$b".divopt-*.ptx; do transformed+=("$f"); done
  python3 "$root/bench/tools/check_contraction.py" --kernels _nat_ \
    --reference "$out/$b.clang-O3.ptx" "${transformed[@]}" \
    >>"$contraction_log" 2>&1 || {
      grep -E 'FAIL|check_contraction' "$contraction_log" >&2
      die "a DivOpt build of $b split a multiply-add clang fused ($contraction_log)"
    }
done
echo "  $(grep -c '^  ok' "$contraction_log") kernel builds checked, every fused multiply-add kept ($contraction_log)"

if [ -d /usr/src/googletest ]; then
  rm -rf "$root/.carry/googletest"
  mkdir -p "$root/.carry"
  cp -r /usr/src/googletest "$root/.carry/googletest"
fi

commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)
git -C "$root" diff --quiet HEAD -- bench runtime 2>/dev/null || commit="$commit+dirty"
{
  echo "commit: $commit"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "clang: $("$clang" --version | head -1)"
  echo "nvcc: $("$cuda/bin/nvcc" --version | tail -1)"
  echo "plugin: $plugin sha256=$(sha256sum "$plugin" | cut -d' ' -f1)"
  echo "clang flags: ${clang_flags[*]}"
  echo "divopt flags: -Xarch_device -fpass-plugin=libDivOpt.so"
  echo "nvcc flags: ${nvcc_flags[*]}"
} >"$out/MANIFEST"
echo "== done: $(ls "$out"/*.ptx | wc -l) PTX files, $(du -sh "$out" | cut -f1) in $out"
