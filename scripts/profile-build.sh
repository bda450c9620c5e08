#!/usr/bin/env bash
# Builds, here (clang-22, the plugin, nvcc; no GPU), what
# scripts/profile-gpu.sh runs on the GPU machine, into .carry/profile (or
# $PROFILE_CARRY_DIR):
#
#   divprof-plain, divprof-whole, divprof-rdc, divprof-sampled
#       examples/profile/divprof.cu: clang -O3; instrumented whole program;
#       instrumented -fgpu-rdc (README's command lines), both counting
#       every block (-divopt-profile-sample=1: exact counts to check);
#       instrumented at the default rate (one block in 64), with
#       libdivopt-launch.so beside them (rpath $ORIGIN)
#   divopt-profdata                 the profile tool (no LLVM, no CUDA)
#   bench/<b>.clang-O3.ptx, <b>.nvcc-O3.ptx, <b>_hand.clang-O3.ptx and
#   bench/<b>.clang-O3-divopt.ptx   the bench kernels, the last one
#       instrumented (-divopt-profile-generate), so that divopt-bench's
#       "clang-O3+DivOpt" rows time the instrumented kernels against
#       clang -O3 in the same run (b: itdelay brdis split loopadv meld),
#       at PROFILE_SAMPLE (default 64, the plugin's default), the counted
#       blocks drawn from the first quarter of the grid (PROFILE_FRONT,
#       default 4, the plugin's default) and run as blocks spread over the
#       grid (PROFILE_SPREAD, default 1, the plugin's default; BlockSpread.h);
#       bench-whole/ the same with them
#       drawn from the whole grid (-divopt-profile-sample-front=1); bench-exact/
#       the same with every block counted (PROFILE_EXACT_OVERHEAD=1 in
#       profile-gpu.sh times it); all at the plugin's default trip
#       period (-divopt-profile-sample-trips: in a counted block, two
#       trips in 64 of each top-level loop; exact where every block counts)
#   bench-trips<P>/ meld only, at the default block sampling, the trips
#       counted two in P, for P in PROFILE_TRIP_SWEEP (default "1 16
#       256"; 1: every trip, as run 9 did): profile-gpu.sh times the
#       one-wave N-Queens search at each P next to the default 64
#   MANIFEST
# Needs the plugin, libdivopt-launch and divopt-profdata built (BUILD_DIR,
# default build/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
out=${PROFILE_CARRY_DIR:-$root/.carry/profile}
cuda=${CUDA_PATH:-/usr/local/cuda}
clang=${CLANGXX:-clang++-22}
# The bench kernels' sampling rate (one block in N; the plugin's default).
rate=${PROFILE_SAMPLE:-64}
# bench's -divopt-profile-sample-front (bench-whole's is 1).
front=${PROFILE_FRONT:-4}
# bench's -divopt-profile-spread (BlockSpread.h: the front's counted
# blocks run indices spread over the grid; the plugin's default, 1).
spread=${PROFILE_SPREAD:-1}
# The trip periods bench-trips<P>/ sweep (the default, 64, is bench/'s:
# the plugin counts every trip where every block counts).
trip_sweep=${PROFILE_TRIP_SWEEP:-1 16 256}
trips=64
[ "$rate" = 1 ] && trips=1
plugin=$build/passes/libDivOpt.so
hook=$build/runtime/libdivopt-launch.so
profdata=$build/tools/divopt-profdata/divopt-profdata
for f in "$plugin" "$hook" "$profdata"; do
  [ -f "$f" ] || { echo "profile-build: $f missing: build first" >&2; exit 1; }
done
rm -rf "$out" && mkdir -p "$out/bench" "$out/bench-whole" "$out/bench-exact"
for p in $trip_sweep; do mkdir -p "$out/bench-trips$p"; done
cuda_flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
            -Wno-unknown-cuda-version -O3)
# -gline-tables-only: line tables only (no variables, no cost at run
# time, the same control flow and so the same profile identities), so
# that the profile's records name their source lines.
gen=(-fpass-plugin="$plugin" -mllvm -divopt-profile-generate -gline-tables-only
     -mllvm -divopt-profile-sample=1)
link=(-L"$cuda/lib64" -lcudart -L"$out" -Wl,--no-as-needed -ldivopt-launch
      -Wl,-rpath,'$ORIGIN')
src=$root/examples/profile/divprof.cu
cp "$hook" "$profdata" "$out/"

"$clang" "${cuda_flags[@]}" "$src" -o "$out/divprof-plain" -L"$cuda/lib64" -lcudart
"$clang" "${cuda_flags[@]}" "${gen[@]}" -c "$src" -o "$out/whole.o"
"$clang" "$out/whole.o" -o "$out/divprof-whole" "${link[@]}"
"$clang" "${cuda_flags[@]}" -fgpu-rdc "${gen[@]}" -c "$src" -o "$out/rdc.o"
# --offload-new-driver: only then does clang link through
# clang-linker-wrapper, which links the device code and registers the
# kernels; without it ld links the host objects alone (run 3: no kernel
# registered, every launch failed).
"$clang" -fgpu-rdc --offload-new-driver --cuda-path="$cuda" "$out/rdc.o" -o "$out/divprof-rdc" "${link[@]}"
"$clang" "${cuda_flags[@]}" "${gen[@]::${#gen[@]}-2}" -c "$src" -o "$out/sampled.o"
"$clang" "$out/sampled.o" -o "$out/divprof-sampled" "${link[@]}"
rm -f "$out"/*.o

dev=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda" -Wno-unknown-cuda-version
     -O3 --cuda-device-only -S)
for b in itdelay brdis split loopadv meld; do
  k=$root/bench/kernels
  "$clang" "${dev[@]}" "$k/$b.cu" -o "$out/bench/$b.clang-O3.ptx"
  "$clang" "${dev[@]}" -Xarch_device -fpass-plugin="$plugin" \
    -mllvm -divopt-profile-generate -mllvm -divopt-profile-sample="$rate" \
    -mllvm -divopt-profile-sample-front="$front" \
    -mllvm -divopt-profile-spread="$spread" \
    -gline-tables-only "$k/$b.cu" -o "$out/bench/$b.clang-O3-divopt.ptx"
  "$clang" "${dev[@]}" -Xarch_device -fpass-plugin="$plugin" \
    -mllvm -divopt-profile-generate -mllvm -divopt-profile-sample="$rate" \
    -mllvm -divopt-profile-sample-front=1 \
    -gline-tables-only "$k/$b.cu" -o "$out/bench-whole/$b.clang-O3-divopt.ptx"
  "$clang" "${dev[@]}" -Xarch_device -fpass-plugin="$plugin" \
    -mllvm -divopt-profile-generate -mllvm -divopt-profile-sample=1 \
    -gline-tables-only "$k/$b.cu" -o "$out/bench-exact/$b.clang-O3-divopt.ptx"
  "$clang" "${dev[@]}" "$k/${b}_hand.cu" -o "$out/bench/${b}_hand.clang-O3.ptx"
  "$cuda/bin/nvcc" -O3 -arch=sm_90 -ptx "$k/$b.cu" -o "$out/bench/$b.nvcc-O3.ptx"
done
for p in $trip_sweep; do
  "$clang" "${dev[@]}" -Xarch_device -fpass-plugin="$plugin" \
    -mllvm -divopt-profile-generate -mllvm -divopt-profile-sample="$rate" \
    -mllvm -divopt-profile-sample-front="$front" \
    -mllvm -divopt-profile-spread="$spread" \
    -mllvm -divopt-profile-sample-trips="$p" \
    -gline-tables-only "$root/bench/kernels/meld.cu" \
    -o "$out/bench-trips$p/meld.clang-O3-divopt.ptx"
done
for b in itdelay brdis split loopadv meld; do
  for d in bench-exact bench-whole; do
    for v in clang-O3 nvcc-O3; do cp "$out/bench/$b.$v.ptx" "$out/$d/"; done
    cp "$out/bench/${b}_hand.clang-O3.ptx" "$out/$d/"
  done
done
for p in $trip_sweep; do
  for v in clang-O3 nvcc-O3; do cp "$out/bench/meld.$v.ptx" "$out/bench-trips$p/"; done
  cp "$out/bench/meld_hand.clang-O3.ptx" "$out/bench-trips$p/"
done
for p in "$out"/bench/*.ptx "$out"/bench-exact/*-divopt.ptx \
         "$out"/bench-whole/*-divopt.ptx "$out"/bench-trips*/*-divopt.ptx; do
  "$cuda/bin/ptxas" -arch=sm_90 "$p" -o /dev/null || { echo "ptxas rejected $p" >&2; exit 1; }
done
{
  echo "commit: $(git -C "$root" rev-parse HEAD)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "clang: $("$clang" --version | head -1)"
  echo "sample: $rate"
} >"$out/MANIFEST"
{ cat "$out/MANIFEST"; echo "front: $front"; echo "spread: $spread"; echo "trips: $trips"; } >"$out/bench/MANIFEST"
{ sed 's/^sample: .*/sample: 1/' "$out/MANIFEST"; echo "trips: 1"; } >"$out/bench-exact/MANIFEST"
{ cat "$out/MANIFEST"; echo "front: 1"; echo "trips: $trips"; } >"$out/bench-whole/MANIFEST"
for p in $trip_sweep; do
  { cat "$out/MANIFEST"; echo "front: $front"; echo "trips: $p"; } >"$out/bench-trips$p/MANIFEST"
done
du -sh "$out"
