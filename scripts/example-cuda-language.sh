#!/usr/bin/env bash
# The example project (examples/) built through CMake's CUDA language with
# clang 22 as the CUDA compiler (CMake 3.28 or newer; Debian 12's 3.25
# cannot identify clang 22, so CI builds the CXX route instead), then run
# with <<<>>> on the GPU: the split kernel must run as its parts, and the
# checksum must equal the build without DivOpt's.
#
#   scripts/example-gpu.sh --build          here: also installs DivOpt into
#                                           .carry/example/prefix
#   scripts/fuzz/carry-toolchain.sh         here: clang 22 -> .carry/llvm
#   scripts/example-cuda-language.sh        GPU machine (a newer CMake, no
#                                           LLVM): carry .carry/llvm and
#                                           .carry/example
# Logs go to $OUT/cuda-language.log.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_PATH:-/usr/local/cuda}
out=${OUT:-$root/build-gpu/example}
work=${EXAMPLE_WORK:-/tmp/divopt-example-cuda}
prefix=$root/.carry/example/prefix
mkdir -p "$out" "$work"
log=$out/cuda-language.log
. "$root/scripts/lib/toolchain.sh"
toolchain_unpack "$work/toolchain"
[ -f "$prefix/lib/cmake/DivOpt/DivOptConfig.cmake" ] ||
  { echo "example-cuda-language: no DivOpt in $prefix: run scripts/example-gpu.sh --build and carry .carry/example" >&2; exit 1; }
{
  cmake --version | head -1
  "$CLANG" --version | head -1
} | tee "$log"
# The installed plugin must be the one built with the carried clang's LLVM:
# the carried plugin is that one.
cp "$DIVOPT_PLUGIN" "$prefix/lib/libDivOpt.so"
rm -rf "$work/build"
cmake -S "$root/examples" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_COMPILER="$CLANG" -DCMAKE_CXX_COMPILER="$CLANG" \
  -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_PREFIX_PATH="$prefix" \
  -DCUDAToolkit_ROOT="$cuda" \
  -DCMAKE_CUDA_FLAGS="--cuda-path=$cuda -Wno-unknown-cuda-version" >>"$log" 2>&1 ||
  { tail -40 "$log"; echo "example-cuda-language: configure failed" >&2; exit 1; }
grep -E "CUDA compiler identification" "$log" || true
cmake --build "$work/build" -v -j"$(nproc)" >>"$log" 2>&1 ||
  { tail -40 "$log"; echo "example-cuda-language: build failed" >&2; exit 1; }
status=0
# The <<<>>> hook needs the program on the shared CUDA runtime, where
# divopt_enable puts a CUDA-language target (CMake's default is static).
grep -E "particles(\.dir/link\.d)? .*-o particles " "$log" | grep -q cudart_static &&
  { echo "example-cuda-language: particles links the static CUDA runtime" >&2; status=1; }
for want in "kernel step(.*) split into" "distributed divergent branch"; do
  grep -q "remark: $want" "$log" ||
    { echo "example-cuda-language: no '$want' remark" >&2; status=1; }
done
export LD_LIBRARY_PATH=$prefix/lib:$cuda/lib64:$LD_LIBRARY_PATH
DIVOPT_VERBOSE=1 "$work/build/particles" 5 >"$work/particles.out" 2>&1 ||
  { cat "$work/particles.out"; exit 1; }
"$work/build/particles-plain" 5 >"$work/plain.out" 2>&1 || { cat "$work/plain.out"; exit 1; }
cat "$work/particles.out" "$work/plain.out" >>"$log"
sum() { sed -n 's/^checksum \([0-9a-f]*\),.*/\1/p' "$1"; }
parts=$(grep -c 'launched as its parts' "$work/particles.out" || true)
[ "$parts" -ge 1 ] || { echo "example-cuda-language: step did not run as its parts" >&2; status=1; }
[ "$(sum "$work/particles.out")" = "$(sum "$work/plain.out")" ] ||
  { echo "example-cuda-language: checksums differ" >&2; status=1; }
echo "CUDA language route: particles $(sum "$work/particles.out"), plain $(sum "$work/plain.out"), split launches run as parts: $parts, status $status" | tee -a "$log"
exit $status
