#!/usr/bin/env bash
# The bench run profile-guided (issue #17), split in two GPU calls because
# the GPU machine has no LLVM; this script builds, here, what each one
# carries:
#
#   scripts/pgo-bench-build.sh gen
#       .carry/pgo/gen: <b>.clang-O3.ptx and <b>.clang-O3-divopt.ptx, the
#       latter instrumented (-divopt-profile-generate), b in itdelay
#       loopadv split brdis. GPU call 1 (scripts/pgo-bench-gpu.sh collect)
#       runs each configuration once on other inputs (another seed and
#       size) and returns $OUT/profiles.tar, a profile per configuration.
#   scripts/pgo-bench-build.sh use PROFILES   (profiles.tar or a folder)
#       .carry/pgo/ptx: every variant bench-build.sh builds, plus, per
#       profile <b>.<config>.profile, <b>.<config>.clang-O3-pgo.ptx (the
#       default pipeline with -divopt-profile-use) and its remarks
#       <b>.<config>.pgo-remarks.txt, and the profiles themselves. GPU call
#       2 (scripts/pgo-bench-gpu.sh time) times DivOpt-pgo against clang -O3
#       and the forced and hand variants.
# PGO_CARRY_DIR moves .carry/pgo (to compare profiles collected two ways);
# PGO_GEN_FLAGS adds clang flags to the instrumented build, e.g.
# "-mllvm -divopt-profile-sample-front=4"; BENCH_DIVOPT_OPTIONS adds LLVM
# options to every DivOpt build of `use`. PGO_BENCH_ONLY=meld (a comma
# list) builds those benchmarks instead of the four above; meld, the
# control-flow melding bench (issue #16), is one of them.
# Needs the plugin built (BUILD_DIR, default build/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
plugin=${DIVOPT_PLUGIN:-$build/passes/libDivOpt.so}
cuda=${CUDA_PATH:-/usr/local/cuda}
clang=${CLANGXX:-clang++-22}
carry=${PGO_CARRY_DIR:-$root/.carry/pgo}
IFS=, read -r -a benches <<<"${PGO_BENCH_ONLY:-itdelay,loopadv,split,brdis}"
die() { echo "pgo-bench-build: $*" >&2; exit 1; }
[ -f "$plugin" ] || die "$plugin missing: build the plugin first"
dev=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda" -Wno-unknown-cuda-version
     -O3 --cuda-device-only -S)
k=$root/bench/kernels

case ${1:-} in
gen)
  out=$carry/gen
  rm -rf "$out" && mkdir -p "$out"
  for b in "${benches[@]}"; do
    "$clang" "${dev[@]}" "$k/$b.cu" -o "$out/$b.clang-O3.ptx"
    "$clang" "${dev[@]}" -Xarch_device -fpass-plugin="$plugin" \
      -mllvm -divopt-profile-generate ${PGO_GEN_FLAGS:-} "$k/$b.cu" \
      -o "$out/$b.clang-O3-divopt.ptx"
  done
  ;;
use)
  src=${2:?usage: pgo-bench-build.sh use PROFILES.tar|DIR}
  out=$carry/ptx
  profiles=$(mktemp -d)
  trap 'rm -rf "$profiles"' EXIT
  if [ -d "$src" ]; then cp "$src"/*.profile "$profiles/"; else tar xf "$src" -C "$profiles"; fi
  ls "$profiles"/*.profile >/dev/null 2>&1 || die "no *.profile in $src"
  pgo_options=""
  for o in ${BENCH_DIVOPT_OPTIONS:-}; do pgo_options+=" -mllvm $o"; done
  rm -rf "$out"
  BENCH_PTX_DIR=$out DIVOPT_PLUGIN=$plugin "$root/scripts/bench-build.sh" >/dev/null
  for p in "$profiles"/*.profile; do
    stem=$(basename "$p" .profile)
    b=${stem%%.*}
    cp "$p" "$out/"
    "$clang" "${dev[@]}" -Xarch_device -fpass-plugin="$plugin" \
      -mllvm -divopt-profile-use="$out/$stem.profile" $pgo_options \
      -Rpass=divopt -Rpass-missed=divopt -Rpass-analysis=divopt \
      "$k/$b.cu" -o "$out/$stem.clang-O3-pgo.ptx" 2>"$out/$stem.pgo-remarks.txt"
    "$cuda/bin/ptxas" -arch=sm_90 "$out/$stem.clang-O3-pgo.ptx" -o /dev/null ||
      die "ptxas rejected $stem.clang-O3-pgo.ptx"
  done
  ;;
*) die "usage: pgo-bench-build.sh gen | use PROFILES.tar|DIR" ;;
esac
echo "commit: $(git -C "$root" rev-parse HEAD)" >"$carry/MANIFEST"
du -sh "$carry"
