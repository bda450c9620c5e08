#!/usr/bin/env bash
# The main job on a bundled example: builds the plugin, compiles
# bench/examples/divergent_loop.cu for sm_90 with clang -O3, with and without
# DivOpt, and shows what DivOpt found and did, and why (scripts/explain.sh,
# installed as divopt-explain).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
example=${1:-$root/bench/examples/divergent_loop.cu}
read -r -a DIVOPT_CMAKE_ARGS <<<"${DIVOPT_CMAKE_ARGS:-}"

"$root/scripts/build.sh" "${DIVOPT_CMAKE_ARGS[@]}" >/dev/null
exec "$root/scripts/explain.sh" --plugin "$build/passes/libDivOpt.so" \
  --out "${DEMO_OUT:-$build/demo}" "$example"
