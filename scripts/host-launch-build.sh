#!/usr/bin/env bash
# Builds, here (clang-22, the DivOpt plugin, the CUDA toolkit; no GPU),
# what scripts/host-launch-gpu.sh runs on the GPU machine, into
# .carry/host-launch (or $HOST_LAUNCH_DIR):
#
#   example-divopt     bench/hostlaunch/example.cu, plugin on both sides,
#                      linked with libdivopt-launch: <<<>>> launches parts
#   example-nohook     the same objects linked without libdivopt-launch:
#                      the original kernel runs (the extern_weak fallback)
#   example-plain      clang -O3 without DivOpt: the reference output
#   hostlaunch         bench/hostlaunch/hostlaunch.cu, plugin on both sides:
#                      KERNEL-SPLIT H=104/224, <<<>>> vs the driver API
#   split.cubin        the device code hostlaunch embeds, for its
#                      driver-API variants
#   libdivopt-launch.so  the hook (found through the binaries' $ORIGIN rpath)
#   MANIFEST           commit, compilers, flags
#
# and checks what can be checked without a GPU: the host side of the DivOpt
# builds calls the hook, the plain build does not, the binaries link.
# Needs scripts/build.sh (or the DivOpt, divopt-launch and divopt-runtime
# targets) built first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${HOST_LAUNCH_DIR:-$root/.carry/host-launch}
build=${BUILD_DIR:-$root/build}
cuda=${CUDA_PATH:-/usr/local/cuda}
clang=${CLANGXX:-clang++-22}
plugin=$build/passes/libDivOpt.so
hook=$build/runtime/libdivopt-launch.so
src=$root/bench/hostlaunch

die() { echo "host-launch-build: $*" >&2; exit 1; }
for f in "$plugin" "$hook" "$build/runtime/libdivopt-runtime.a"; do
  [ -f "$f" ] || die "$f not found: build DivOpt first (scripts/build.sh)"
done

cuda_flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
            -Wno-unknown-cuda-version -O3 -I"$root")
# The plugin on both sides: the device side splits, the host side sends
# the launches of split kernels to the hook.
divopt_flags=(-fpass-plugin="$plugin" '-Rpass=divopt-(kernel-split|host-launch)')
link_flags=(-L"$cuda/lib64" -lcudart -Wl,-rpath,'$ORIGIN')

rm -rf "$out"
mkdir -p "$out/obj"
cp "$hook" "$out/"

echo "== example"
"$clang" "${cuda_flags[@]}" -c "$src/example.cu" -o "$out/obj/example-plain.o"
"$clang" "${cuda_flags[@]}" "${divopt_flags[@]}" -c "$src/example.cu" \
  -o "$out/obj/example-divopt.o" 2>"$out/example-remarks.txt"
grep -q "kernel shade(.*) split into" "$out/example-remarks.txt" ||
  die "the device side did not split shade: $(cat "$out/example-remarks.txt")"
grep -q "launch of kernel shade(.*) goes through DivOpt's launch hook" \
  "$out/example-remarks.txt" || die "the host side did not hook shade's launch"
"$clang" "$out/obj/example-plain.o" "${link_flags[@]}" -o "$out/example-plain"
"$clang" "$out/obj/example-divopt.o" "${link_flags[@]}" -L"$out" -Wl,--no-as-needed -ldivopt-launch -Wl,--as-needed \
  -o "$out/example-divopt"
"$clang" "$out/obj/example-divopt.o" "${link_flags[@]}" -o "$out/example-nohook"
readelf -d "$out/example-divopt" | grep -q 'NEEDED.*libdivopt-launch.so' ||
  die "example-divopt does not load libdivopt-launch.so"
nm "$out/example-nohook" | grep -q ' w __divopt_launch_kernel$' ||
  die "example-nohook: the hook is not a weak undefined symbol"
if nm "$out/example-plain" | grep -q __divopt; then
  die "example-plain refers to DivOpt"
fi

echo "== hostlaunch (KERNEL-SPLIT H=104, H=224)"
"$clang" "${cuda_flags[@]}" "${divopt_flags[@]}" -I"$cuda/include" \
  -c "$src/hostlaunch.cu" -o "$out/obj/hostlaunch.o" 2>"$out/hostlaunch-remarks.txt"
for h in 104 224; do
  grep -q "launch of kernel split_h$h goes through DivOpt's launch hook" \
    "$out/hostlaunch-remarks.txt" || die "the host side did not hook split_h$h"
done
# The device code the <<<>>> build embeds, for the driver-API variants.
"$clang" "${cuda_flags[@]}" -fpass-plugin="$plugin" --cuda-device-only \
  -c "$src/hostlaunch.cu" -o "$out/split.cubin" 2>/dev/null
"$clang" -O2 -std=c++17 -I"$root" -c "$root/bench/host/Inputs.cpp" \
  -o "$out/obj/Inputs.o"
"$clang" "$out/obj/hostlaunch.o" "$out/obj/Inputs.o" \
  "$build/runtime/libdivopt-runtime.a" "$build/runtime/libdivopt-regroup.a" \
  "$build/runtime/libdivopt-launch-plan.a" \
  $(find "$build/analysis/model" -name '*.a') \
  "${link_flags[@]}" -L"$out" -Wl,--no-as-needed -ldivopt-launch -Wl,--as-needed \
  -L"$cuda/lib64/stubs" -lcuda -o "$out/hostlaunch"
readelf -d "$out/hostlaunch" | grep -q 'NEEDED.*libdivopt-launch.so' ||
  die "hostlaunch does not load libdivopt-launch.so"

{
  echo "commit: $(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "clang: $("$clang" --version | head -1)"
  echo "cuda: $("$cuda/bin/nvcc" --version | tail -1)"
  echo "flags: ${cuda_flags[*]} -fpass-plugin=libDivOpt.so"
} >"$out/MANIFEST"
rm -rf "$out/obj"
du -sh "$out"
echo "host-launch-build: ok"
