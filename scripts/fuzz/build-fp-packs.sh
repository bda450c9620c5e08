#!/usr/bin/env bash
# Builds, here, the packs of the floating-point fuzzing campaign: for each
# FP mode (scripts/fuzz/variants.py FP_MODES, default all seven), the
# kernels of `gen_kernel.py --fp natural --meld-shapes` compiled with clang
# -O3 and with the forced pipeline, the automatic pipeline and the
# contraction pinner alone, PTX only (build_pack.py --no-cubins; the GPU
# machine assembles it). The packs go into .carry/fp-packs/callN/, each
# folder at most 60 MiB (one device call carries 64 MiB), and the script
# prints the GPU command for each folder.
#
#   scripts/fuzz/build-fp-packs.sh [--seeds 1-1000] [-j 2] [MODE ...]
#
# Measured (2026-11-25, 2 shared cores): 20 seeds of one mode, 4 compiles
# each, take 23 CPU-seconds and pack to 0.5 MiB; 1000 seeds of 7 modes are
# about 2.2 CPU-hours and 7 packs of about 22 MiB.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seeds=1-1000 jobs=2 modes=()
while [ $# -gt 0 ]; do
  case $1 in
  --seeds) seeds=$2; shift 2 ;;
  -j) jobs=$2; shift 2 ;;
  *) modes+=("$1"); shift ;;
  esac
done
[ ${#modes[@]} -gt 0 ] || mapfile -t modes < <(python3 -c "
import sys; sys.path.insert(0, '$root/scripts/fuzz'); import variants
print('\n'.join(variants.FP_MODES))")
dest=$root/.carry/fp-packs
rm -rf "$dest" && mkdir -p "$dest"
start=$(date +%s)
for m in "${modes[@]}"; do
  echo "== $m ($(($(date +%s) - start)) s so far)"
  python3 "$root/scripts/fuzz/build_pack.py" --seeds "$seeds" --fp natural \
    --meld-shapes --fp-mode "$m" --variants divopt,auto,pin --no-cubins \
    -j "$jobs" -o "$dest/$m.tar.xz" --work "$root/build/fuzz/fp-pack-$m" |
    grep -E "packed|FAILED" || true
done
echo "== built in $(($(date +%s) - start)) s"
# Greedily into folders of at most 60 MiB, one device call each.
call=1 size=0
for m in "${modes[@]}"; do
  s=$(stat -c %s "$dest/$m.tar.xz")
  if [ $size -gt 0 ] && [ $((size + s)) -gt $((60 << 20)) ]; then
    call=$((call + 1)) size=0
  fi
  mkdir -p "$dest/call$call"
  mv "$dest/$m.tar.xz" "$dest/call$call/"
  size=$((size + s))
done
for d in "$dest"/call*; do
  echo "GPU (carry [\".carry/fp-packs/$(basename "$d")\"], $(du -sm "$d" | cut -f1) MiB):" \
    "bench/fuzz/run-fp-packs.sh .carry/fp-packs/$(basename "$d")/*.tar.xz"
done
