#!/usr/bin/env bash
# Prepares the thread regrouping GPU run, where clang-22 and the plugin are:
#   1. PTX of bench/regroup/kernels.cu through clang -O3 with the
#      bbv-profile and thread-remap passes (originals, counting and remapped
#      copies, block maps), and of bench/regroup/latency.cu and
#      transactions.cu (calibration); ptxas checks them all;
#   2. divopt-regroup-bench and DivOptRegroupGpuTests (the device's orders
#      and model against the host's) built here with nvcc for the CUDA part
#      (libstdc++ linked statically, so they run on the GPU machine's older
#      or newer system);
#   3. the sources (git archive of HEAD), for building there when the
#      binary does not start.
# Everything goes to ${REGROUP_CARRY:-.carry/regroup} (gitignored); run
# scripts/regroup-gpu.sh there (see bench/regroup/README.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
carry=${REGROUP_CARRY:-$root/.carry/regroup}
cuda=${CUDA_PATH:-/usr/local/cuda}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
clang=${CLANGXX:-clang++-22}

die() { echo "regroup-build: $*" >&2; exit 1; }
[ -f "$plugin" ] || die "$plugin not found: build the plugin first (scripts/build.sh)"
[ -z "$(git -C "$root" status --porcelain --untracked-files=no)" ] ||
  die "commit first: the results name the commit they were built from"

rm -rf "$carry"
mkdir -p "$carry/ptx" "$carry/bin" "$carry/src"
flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
       -Wno-unknown-cuda-version -O3 --cuda-device-only -S)
"$clang" "${flags[@]}" -Xarch_device "-fpass-plugin=$plugin" \
  -mllvm "-divopt-pipeline=bbv-profile,thread-remap" -Rpass=divopt \
  -Rpass-missed=divopt "$root/bench/regroup/kernels.cu" \
  -o "$carry/ptx/kernels.regroup.ptx" 2>"$carry/ptx/remarks.txt"
for m in latency transactions dispatch; do
  "$clang" "${flags[@]}" "$root/bench/regroup/$m.cu" -o "$carry/ptx/$m.ptx"
done
for p in "$carry"/ptx/*.ptx; do
  "$cuda/bin/ptxas" -arch=sm_90 -v "$p" -o /dev/null >>"$carry/ptx/ptxas.txt" 2>&1 ||
    die "ptxas rejected $p"
done
{
  echo "commit: $(git -C "$root" rev-parse HEAD)"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) with $("$clang" --version | head -1)"
} >"$carry/MANIFEST"

build=$root/build-carry
cmake -S "$root" -B "$build" -DDIVOPT_BUILD_PLUGIN=OFF -DDIVOPT_BUILD_TESTS=ON \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$cuda/bin/nvcc" \
  -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" >/dev/null
cmake --build "$build" -j2 --target divopt-regroup-bench DivOptRegroupGpuTests >/dev/null
cp "$build/bench/regroup/divopt-regroup-bench" \
  "$build/test/unit/regroup-gpu/DivOptRegroupGpuTests" "$carry/bin/"
git -C "$root" archive HEAD | tar -x -C "$carry/src"
echo "regroup-build: $(du -sh "$carry" | cut -f1) in $carry ($(grep -c remark "$carry/ptx/remarks.txt") remarks)"
