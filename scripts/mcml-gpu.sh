#!/usr/bin/env bash
# The MCML benchmark on a GPU machine, in one go, from the repository root:
# builds the runtime and mcml_host (no LLVM needed: -DDIVOPT_BUILD_PLUGIN=OFF),
# then runs the three skin inputs and the validation slab with the PTX that
# scripts/mcml-build.sh left in ${MCML_PTX_DIR:-.carry/mcml-ptx} (carry that
# folder to the GPU machine). Every variant is checked (bit-identical to
# clang -O3, repeatable, statistically equal to the CPU reference, the slab
# equal to its published values) and timed (median of 10 runs after one
# untimed run). Writes mcml.log, mcml.csv and the tallies of each input to
# $OUT when it is set (else build-gpu-mcml/mcml-results), and prints the
# table last. Exits non-zero when a check fails. Extra arguments go to
# mcml_host (--photon-scale 0.5 halves every photon count, and the time).
# MCML_PROFILE_COLLECT=1 runs the instrumented build (mcml.gen.ptx) once
# per input instead, on other seeds and a quarter of the photons, and
# writes $OUT/mcml-profiles.tar for MCML_PROFILES=... scripts/mcml-build.sh;
# the per-input builds that makes (mcml.pgo.<input>.ptx) are then timed as
# DivOpt-pgo, and its forced delays guided by the same profiles
# (mcml.delay-<s>-pgo.<input>.ptx) as DivOpt-delay-majority-pgo and
# DivOpt-delay-rr-pgo: the rows scripts/calibrate.py predicts.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
ptx=${MCML_PTX_DIR:-$root/.carry/mcml-ptx}
# Its own build folder: scripts/bench-gpu.sh configures build-gpu with other
# options, and the two may run in one session.
build=${MCML_BUILD_DIR:-$root/build-gpu-mcml}
out=${OUT:-$build/mcml-results}
mkdir -p "$out"
log=$out/mcml.log

for f in mcml.clang.ptx mcml.divopt.ptx mcml.nvcc.ptx mcml.count.ptx; do
  if [ ! -f "$ptx/$f" ]; then
    echo "mcml-gpu: no $ptx/$f: run scripts/mcml-build.sh where clang-22 and" \
      "the plugin are, and carry .carry/mcml-ptx" >&2
    exit 1
  fi
done
if ! grep -qE '^\s*add_subdirectory\(mcml\)' bench/CMakeLists.txt 2>/dev/null; then
  echo "mcml-gpu: bench/mcml is not in the build: bench/CMakeLists.txt needs" \
    "the line 'add_subdirectory(mcml)'" >&2
  exit 1
fi

start=$SECONDS
{
  echo "== build info of the PTX"
  cat "$ptx/BUILD_INFO"
  echo "== building mcml_host into $build"
  generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  # Tests need GoogleTest, which the GPU machine may lack; the bench does not.
  cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DDIVOPT_BUILD_PLUGIN=OFF -DDIVOPT_BUILD_RUNTIME=ON \
    -DDIVOPT_BUILD_TESTS=OFF >/dev/null
  cmake --build "$build" --target mcml_host -j"$(nproc)" >/dev/null
  echo "built in $((SECONDS - start)) s"
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total \
      --format=csv,noheader
  fi
} 2>&1 | tee "$log"

commit=$(sed -n 's/^commit //p' "$ptx/BUILD_INFO")
inputs=(bench/mcml/inputs/skin-04.mci bench/mcml/inputs/skin-30.mci
        bench/mcml/inputs/skin-70.mci bench/mcml/inputs/slab.mci)
if [ "${MCML_PROFILE_COLLECT:-0}" = 1 ]; then
  mkdir -p "$out/profiles"
  "$build/bench/mcml/mcml_host" --profile-collect "$out/profiles" \
    --profile-ptx "$ptx/mcml.gen.ptx" --photon-scale 0.25 --commit "$commit" "$@" \
    "${inputs[@]}" 2>&1 | tee -a "$log"
  status=${PIPESTATUS[0]}
  tar cf "$out/mcml-profiles.tar" -C "$out/profiles" . && rm -rf "$out/profiles"
  exit "$status"
fi
pgo=()
if ls "$ptx"/mcml.pgo.*.ptx >/dev/null 2>&1; then
  pgo=(--ptx "DivOpt-pgo=$ptx/mcml.pgo.{input}.ptx")
  for s in majority round-robin; do
    v=$s
    [ "$s" = round-robin ] && v=rr
    if ls "$ptx"/mcml.delay-$s-pgo.*.ptx >/dev/null 2>&1; then
      pgo+=(--ptx "DivOpt-delay-$v-pgo=$ptx/mcml.delay-$s-pgo.{input}.ptx")
    fi
  done
fi
set +e
"$build/bench/mcml/mcml_host" \
  --ptx "clang-O3=$ptx/mcml.clang.ptx" \
  --ptx "clang-O3+DivOpt=$ptx/mcml.divopt.ptx" \
  --ptx "nvcc-O3=$ptx/mcml.nvcc.ptx" \
  --ptx "DivOpt-delay-majority=$ptx/mcml.delay-majority.ptx" \
  --ptx "DivOpt-delay-rr=$ptx/mcml.delay-round-robin.ptx" \
  "${pgo[@]}" --count-ptx "$ptx/mcml.count.ptx" \
  --csv "$out/mcml.csv" --out "$out" --commit "$commit" "$@" \
  "${inputs[@]}" 2>&1 | tee -a "$log"
status=${PIPESTATUS[0]}
exit "$status"
