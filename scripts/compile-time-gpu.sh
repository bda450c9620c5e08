#!/usr/bin/env bash
# The compile-time benchmark (bench/compile-time/measure.py) on the GPU
# machine, whose 16 cores are idle: clang -O3 device-only and opt -O3 with
# and without the plugin, on every bench and test kernel and the generated
# large kernels, median of 3, the two variants of a case interleaved. Uses
# the toolchain scripts/compile-time-build.sh packed (carry .carry/llvm).
# From the repository root:
#
#   scripts/compile-time-gpu.sh [-j 6] [measure.py options]
#
# Writes $OUT/compile-time.txt (the table and the targets of issue 20) and
# $OUT/compile-time.csv. About 3 minutes, most of it the 2000-branch
# cases; exit status 0 when every target is met.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/build/compile-time-out}
work=${COMPILE_TIME_WORK:-/tmp/divopt-compile-time}
jobs=6
if [ "${1:-}" = "-j" ]; then jobs=$2; shift 2; fi
mkdir -p "$out" "$work"

tc=$work/toolchain
if [ ! -x "$tc/llvm22/bin/opt" ]; then
  rm -rf "$tc" && mkdir -p "$tc"
  tar xf "$root/.carry/llvm/llvm22.tar" -C "$tc"
  tar xJf "$tc/llvm22/lib/clang/22/include.tar.xz" -C "$tc/llvm22/lib/clang/22"
  rm "$tc/llvm22/lib/clang/22/include.tar.xz"
  find "$tc" -name '*.xz' -print0 | xargs -0 -P4 -n1 xz -d
fi
export LD_LIBRARY_PATH=$tc/llvm22/syslib:$tc/llvm22/lib:${LD_LIBRARY_PATH:-}
export OPT=$tc/llvm22/bin/opt CLANGXX=$tc/llvm22/bin/clang++
export CUDA_PATH=${CUDA_PATH:-/usr/local/cuda}
{
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "toolchain: $("$CLANGXX" --version | head -1); plugin $(sha256sum "$tc/llvm22/libDivOpt.so" | cut -c1-12)"
  echo "plugin built from: $(cat "$root/.carry/llvm/plugin-commit.txt" 2>/dev/null || echo unknown)"
} | tee "$out/compile-time.txt"
status=0
python3 "$root/bench/compile-time/measure.py" -j "$jobs" \
  --plugin "$tc/llvm22/libDivOpt.so" --csv "$out/compile-time.csv" "$@" \
  2>&1 | tee -a "$out/compile-time.txt" || status=$?
grep -q "^targets: all met" "$out/compile-time.txt" || status=1
exit $status
