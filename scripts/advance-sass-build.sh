#!/usr/bin/env bash
# Builds, here (clang-22, the DivOpt plugin, ptxas; no GPU), the PTX whose
# SASS scripts/advance-sass-gpu.sh reads on the GPU machine, into
# .carry/advance-sass (or $ADVANCE_SASS_DIR):
#
#   itdelay.clang-O3.ptx, loopadv.clang-O3.ptx   clang-22 -O3
#   itdelay.divopt-advance.ptx, loopadv.divopt-advance.ptx
#       the forced loop advance, `iter-delay<advance;force>`, in the
#       plugin's default form (speculate-pre), as bench-build.sh builds it
#   loopadv_hand.clang-O3.ptx                    the hand advance
#   ptxas-sm_90.txt                              registers, ptxas -v
#
# The question it serves: how many instructions, of which pipe, one trip
# of the two-halves advance issues outside its arm, against one
# iteration of clang -O3's loop (bench/results/2026-11-26-advance-n8-model.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${ADVANCE_SASS_DIR:-$root/.carry/advance-sass}
cuda=${CUDA_PATH:-/usr/local/cuda}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
clang=${CLANGXX:-clang++-22}
kernels=$root/bench/kernels

die() { echo "advance-sass-build: $*" >&2; exit 1; }
[ -f "$plugin" ] || die "$plugin not found: build the plugin first (scripts/build.sh)"

flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
       -Wno-unknown-cuda-version -O3 --cuda-device-only)
forced=(-Xarch_device "-fpass-plugin=$plugin"
        -mllvm "-divopt-pipeline=function(iter-delay<advance;force>,divopt-cleanup)")
rm -rf "$out"
mkdir -p "$out"
for b in itdelay loopadv; do
  "$clang" "${flags[@]}" -S "$kernels/$b.cu" -o "$out/$b.clang-O3.ptx"
  "$clang" "${flags[@]}" "${forced[@]}" -S "$kernels/$b.cu" \
    -o "$out/$b.divopt-advance.ptx"
done
"$clang" "${flags[@]}" -S "$kernels/loopadv_hand.cu" -o "$out/loopadv_hand.clang-O3.ptx"
: >"$out/ptxas-sm_90.txt"
for p in "$out"/*.ptx; do
  "$cuda/bin/ptxas" -arch=sm_90 -v "$p" -o /dev/null >>"$out/ptxas-sm_90.txt" 2>&1 ||
    die "ptxas rejected $p"
done
{
  echo "commit: $(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "clang: $("$clang" --version | head -1)"
} >"$out/MANIFEST"
echo "== done: $(ls "$out" | wc -l) files in $out ($(du -sh "$out" | cut -f1)); carry it"
