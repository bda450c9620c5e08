#!/usr/bin/env bash
# Builds the PTX of the control-flow melding benchmark (bench/kernels/meld.cu
# and meld_hand.cu) here (clang-22, the DivOpt plugin, ptxas; no GPU needed)
# into .carry/meld-ptx (or $MELD_PTX_DIR), for scripts/meld-gpu.sh (no nvcc
# variant: the kernels contract `a * b + c` as applications do, so nvcc's
# outputs need not match clang's bit for bit):
#
#   meld.clang-O3.ptx         clang-22 -O3
#   meld.clang-O3-divopt.ptx  clang-22 -O3 with libDivOpt.so
#   meld_hand.clang-O3.ptx    the kernels melded by hand, clang-22 -O3
#   meld.clang-O3-divopt-forced.ptx  DivOpt with branch-dist<force>: the
#                             melds its cost model refused (the N-Queens
#                             search rows time it, to weigh the refusal)
#   meld.divopt-remarks.txt   what DivOpt melded and refused, and why
#   predictions.txt           the cost model's predicted speedup per branch
#                             and loop it decided (to compare with the run)
#   ptxas-sm_90.txt           registers of every kernel
#   MANIFEST                  commit, date, compilers
#
# Then checks that ptxas -arch=sm_90 accepts every PTX. Needs the plugin
# built (scripts/build.sh, or cmake --build build --target DivOpt).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${MELD_PTX_DIR:-$root/.carry/meld-ptx}
cuda=${CUDA_PATH:-/usr/local/cuda}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
clang=${CLANGXX:-clang++-22}
src=$root/bench/kernels

die() { echo "meld-build: $*" >&2; exit 1; }
[ -f "$plugin" ] || die "$plugin not found: build the plugin first"
[ -x "$cuda/bin/ptxas" ] || die "ptxas not found under $cuda"

flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
       -Wno-unknown-cuda-version -O3 --cuda-device-only -S)
rm -rf "$out"
mkdir -p "$out"
"$clang" "${flags[@]}" "$src/meld.cu" -o "$out/meld.clang-O3.ptx"
"$clang" "${flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
  -Rpass=divopt -Rpass-missed=divopt "$src/meld.cu" \
  -o "$out/meld.clang-O3-divopt.ptx" 2>"$out/meld.divopt-remarks.txt"
"$clang" "${flags[@]}" "$src/meld_hand.cu" -o "$out/meld_hand.clang-O3.ptx"
"$clang" "${flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
  -Xarch_device -mllvm=-divopt-pipeline='kernel-split,function(branch-dist<force>,iter-delay,divopt-cleanup,divopt-remarks)' \
  "$src/meld.cu" -o "$out/meld.clang-O3-divopt-forced.ptx"

: >"$out/ptxas-sm_90.txt"
for ptx in "$out"/*.ptx; do
  "$cuda/bin/ptxas" -arch=sm_90 -v "$ptx" -o /dev/null >"$out/ptxas.log" 2>&1 ||
    { cat "$out/ptxas.log" >&2; die "ptxas rejected $ptx"; }
  awk -v f="$(basename "$ptx")" '
    /Compiling entry function/ { k = $7; gsub(/\047/, "", k) }
    /Used [0-9]+ registers/ && k != "" { printf "%-28s %-22s %4d regs\n", f, k, $5; k = "" }
  ' "$out/ptxas.log" >>"$out/ptxas-sm_90.txt"
done
rm -f "$out/ptxas.log"

commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)
git -C "$root" diff --quiet HEAD -- bench passes analysis 2>/dev/null ||
  commit="$commit+dirty"
{
  echo "commit: $commit"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "clang: $("$clang" --version | head -1)"
    echo "plugin: $plugin sha256=$(sha256sum "$plugin" | cut -d' ' -f1)"
} >"$out/MANIFEST"
# Per decided branch or loop: where, what, and the predicted speedup.
grep -E 'remark: (distributed|divergent branch not distributed: unprofitable|delayed|loop not delayed: unprofitable)' \
  "$out/meld.divopt-remarks.txt" |
  sed -E 's|^.*/(meld\.cu:[0-9]+):[0-9]+: remark: ([a-z ]+)[^a-z ].*predicted speedup ([0-9.]+x).*|\1 \2 predicted \3|' \
  >"$out/predictions.txt"
echo "DivOpt's decisions:"
grep -o 'remark: .*' "$out/meld.divopt-remarks.txt" | sort | uniq -c | sort -rn | cut -c1-220
echo "cost model predictions ($out/predictions.txt):"
cat "$out/predictions.txt"
echo "ptxas accepted $(ls "$out"/*.ptx | wc -l) PTX files in $out"
