#!/usr/bin/env bash
# Configures and builds DivOpt (plugin, runtime when CUDA is there, unit
# tests) into ${BUILD_DIR:-build}. Extra arguments go to cmake.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"

runtime=OFF
cuda=${CUDA_PATH:-/usr/local/cuda}
[ -f "$cuda/include/cuda.h" ] && runtime=ON

cmake -S "$root" -B "$build" -DDIVOPT_BUILD_RUNTIME=$runtime "$@" >/dev/null
cmake --build "$build" -j"$(nproc)"
