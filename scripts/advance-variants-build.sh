#!/usr/bin/env bash
# Builds, here (clang-22, the DivOpt plugin, ptxas; no GPU), one bench PTX
# folder per variant of the two-halves loop advance
# (-divopt-advance-variant, experimental) into
# .carry/advance-variants/<variant>/ (or $ADVANCE_VARIANTS_DIR), for
# scripts/advance-variants-gpu.sh:
#
#   1. scripts/bench-build.sh into build-bench/advance-variants-base (all
#      its checks; it also copies GoogleTest to .carry/googletest);
#   2. per variant, that build's loopadv and itdelay files, with the forced
#      advance (loopadv.divopt-advance.ptx, itdelay.divopt-advance.ptx)
#      rebuilt with the variant, as bench-build.sh builds it; every other
#      file is the default plugin's, the same in every folder;
#   3. ptxas -arch=sm_90 -v on each variant's PTX, and ptx-counts.txt:
#      per variant and kernel, the static PTX count of the delayed loop's
#      instructions outside the arms, its branches, predicate operations
#      and registers (bench/tools/advance_loop_ptx.py).
#
# ADVANCE_VARIANTS="exit-flag speculate-pre" builds only those. exit-flag
# (the default form) must give bench-build.sh's PTX byte for byte.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${ADVANCE_VARIANTS_DIR:-$root/.carry/advance-variants}
base=${BENCH_WORK_DIR:-$root/build-bench}/advance-variants-base
cuda=${CUDA_PATH:-/usr/local/cuda}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
clang=${CLANGXX:-clang++-22}
read -r -a variants <<<"${ADVANCE_VARIANTS:-exit-flag recompute-exit speculate-flag speculate-pre}"

die() { echo "advance-variants-build: $*" >&2; exit 1; }
[ -f "$plugin" ] || die "$plugin not found: build the plugin first (scripts/build.sh)"

echo "== scripts/bench-build.sh into $base"
BENCH_PTX_DIR=$base DIVOPT_PLUGIN=$plugin "$root/scripts/bench-build.sh" |
  sed 's/^/  /'

clang_flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
             -Wno-unknown-cuda-version -O3 --cuda-device-only
             -Xarch_device "-fpass-plugin=$plugin"
             -mllvm "-divopt-pipeline=function(iter-delay<advance;force>,divopt-cleanup)")
rm -rf "$out"
mkdir -p "$out"
counts=$out/ptx-counts.txt
: >"$counts"
for v in "${variants[@]}"; do
  d=$out/$v
  mkdir -p "$d"
  cp "$base"/loopadv* "$base"/itdelay* "$base/MANIFEST" "$d/"
  for b in loopadv itdelay; do
    "$clang" "${clang_flags[@]}" -mllvm "-divopt-advance-variant=$v" \
      -S "$root/bench/kernels/$b.cu" -o "$d/$b.divopt-advance.ptx" ||
      die "$b with variant $v did not build"
    "$cuda/bin/ptxas" -arch=sm_90 -v "$d/$b.divopt-advance.ptx" -o /dev/null \
      >"$d/$b.divopt-advance.ptxas.txt" 2>&1 ||
      { cat "$d/$b.divopt-advance.ptxas.txt" >&2; die "ptxas rejected $b, variant $v"; }
  done
  if [ "$v" = exit-flag ]; then
    for b in loopadv itdelay; do
      cmp -s "$base/$b.divopt-advance.ptx" "$d/$b.divopt-advance.ptx" ||
        die "exit-flag's $b PTX differs from the default form's"
    done
  fi
  echo "advance variant: $v" >>"$d/MANIFEST"
  {
    echo "== $v"
    python3 "$root/bench/tools/advance_loop_ptx.py" \
      --ptxas-log "$d/loopadv.divopt-advance.ptxas.txt" \
      "$d/loopadv.divopt-advance.ptx" loopadv_n8 loopadv_n32 loopadv_n128
    python3 "$root/bench/tools/advance_loop_ptx.py" \
      --ptxas-log "$d/itdelay.divopt-advance.ptxas.txt" \
      "$d/itdelay.divopt-advance.ptx" itdelay_n4 itdelay_n8 itdelay_n16 \
      itdelay_n32 itdelay_n128
  } >>"$counts"
done
"$cuda/bin/ptxas" -arch=sm_90 -v "$base/loopadv_hand.clang-O3.ptx" -o /dev/null \
  >"$out/loopadv_hand.ptxas.txt" 2>&1
{
  echo "== hand advance (loopadv_hand.cu)"
  python3 "$root/bench/tools/advance_loop_ptx.py" \
    --ptxas-log "$out/loopadv_hand.ptxas.txt" "$base/loopadv_hand.clang-O3.ptx" \
    loopadv_advance_n8 loopadv_advance_n32 loopadv_advance_n128
} >>"$counts"
rm -f "$out/loopadv_hand.ptxas.txt"
cat "$counts"
echo "== done: ${variants[*]} in $out ($(du -sh "$out" | cut -f1)); carry it and .carry/googletest"
