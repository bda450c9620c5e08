#!/usr/bin/env bash
# The lit suite and the unit tests once more, with libDivOpt.so and the
# tests built with AddressSanitizer and UndefinedBehaviorSanitizer
# (clang++-22, -DDIVOPT_ENABLE_SANITIZERS=ON) into
# ${SANITIZED_BUILD_DIR:-build-asan}. The tests are the same; lit runs opt
# and clang through wrappers that preload the ASan runtime (opt and clang
# are not instrumented) and make any sanitizer report a crash, which fails
# the test (test/sanitized_tools.py). The CUDA runtime and its tests are
# left to scripts/test.sh (without a GPU they only check the driver's
# absence). Extra arguments go to lit (e.g. --filter branch-dist).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SANITIZED_BUILD_DIR:-$root/build-asan}
"$root/scripts/setup.sh" --sanitizers

# clang, because its ASan runtime is the one lit preloads into clang and opt
# alike; RelWithDebInfo for reports with source lines, and NDEBUG as the
# LLVM it is loaded into.
cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++-22 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDIVOPT_ENABLE_SANITIZERS=ON \
  -DDIVOPT_BUILD_RUNTIME=OFF -DDIVOPT_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j"$(nproc)"

lit=$(command -v lit-22 || command -v lit || echo /usr/lib/llvm-22/bin/lit)
status=0
echo "== lit (sanitized plugin)"
"$lit" -sv "$build/test" "$@" || status=1
echo "== unit tests (sanitized)"
# The executables are instrumented themselves: no preload, and leaks are
# checked too, as the process is ours. A report ends the test with a failure.
ASAN_OPTIONS=abort_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1 \
  ctest --test-dir "$build" --output-on-failure || status=1
exit $status
