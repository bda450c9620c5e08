#!/usr/bin/env bash
# On the GPU machine (it needs ptxas and cuobjdump, not the GPU itself),
# from the repository root: the SASS of the PTX that
# scripts/advance-sass-build.sh left in .carry/advance-sass (or
# $ADVANCE_SASS_DIR), and the instructions of each kernel's loop per block
# and per pipe (bench/tools/sass_loop_mix.py). Expected: under a minute.
#
# Into $OUT (else build-gpu/advance-sass): one <ptx name>.sass per PTX
# file (cuobjdump -sass of ptxas -arch=sm_90's cubin) and
# sass-loop-mix.txt, the counts of SYN-ITDELAY N=8, 16, 32 and
# LOOP-ADVANCE N=8, 32 for clang -O3, the forced advance and the hand
# advance, printed last.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dir=${ADVANCE_SASS_DIR:-$root/.carry/advance-sass}
out=${OUT:-$root/build-gpu/advance-sass}
cuda=${CUDA_PATH:-/usr/local/cuda}
die() { echo "advance-sass-gpu: $*" >&2; exit 1; }
[ -f "$dir/itdelay.divopt-advance.ptx" ] ||
  die "no $dir: run scripts/advance-sass-build.sh and carry .carry/advance-sass"
command -v "$cuda/bin/cuobjdump" >/dev/null || die "no cuobjdump under $cuda/bin"
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for p in "$dir"/*.ptx; do
  n=$(basename "$p" .ptx)
  "$cuda/bin/ptxas" -arch=sm_90 "$p" -o "$scratch/$n.cubin" || die "ptxas rejected $p"
  "$cuda/bin/cuobjdump" -sass "$scratch/$n.cubin" >"$out/$n.sass" ||
    die "cuobjdump failed on $n"
done
mix=$out/sass-loop-mix.txt
{
  for v in clang-O3 divopt-advance; do
    echo "== itdelay.$v"
    python3 bench/tools/sass_loop_mix.py "$out/itdelay.$v.sass" itdelay_n8 itdelay_n16 itdelay_n32
    echo "== loopadv.$v"
    python3 bench/tools/sass_loop_mix.py "$out/loopadv.$v.sass" loopadv_n8 loopadv_n32
  done
  echo "== loopadv_hand.clang-O3"
  python3 bench/tools/sass_loop_mix.py "$out/loopadv_hand.clang-O3.sass" \
    loopadv_advance_n8 loopadv_advance_n32
} >"$mix"
cat "$mix"
echo "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1)"
echo "outputs in $out"
