#!/usr/bin/env bash
# Runs the whole test suite: builds DivOpt, then the lit suite (transforms,
# analysis, clang end to end, ptxas) and the unit tests (ctest).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
"$root/scripts/build.sh" "$@"

lit=$(command -v lit-22 || command -v lit || echo /usr/lib/llvm-22/bin/lit)
status=0
echo "== lit"
"$lit" -sv "$build/test" || status=1
echo "== unit tests"
ctest --test-dir "$build" --output-on-failure || status=1
exit $status
