#!/usr/bin/env bash
# Compiles the MCML kernel (bench/mcml/mcml.cu) for sm_90 into
# ${MCML_PTX_DIR:-.carry/mcml-ptx}, for scripts/mcml-gpu.sh on a GPU machine:
#   mcml.clang.ptx   clang -O3
#   mcml.divopt.ptx  clang -O3 + DivOpt (remarks in mcml.divopt.remarks.txt)
#   mcml.nvcc.ptx    nvcc -O3
#   mcml.count.ptx   clang -O3 with MCML_COUNT_BOUNDARY (measures the share
#                    of the boundary branch on the GPU; not timed)
#   mcml.gen.ptx     clang -O3 + DivOpt instrumented (-divopt-profile-generate)
#                    for MCML_PROFILE_COLLECT=1 scripts/mcml-gpu.sh
#   mcml.pgo.<input>.ptx  with MCML_PROFILES=<profiles.tar or folder>: the
#                    default pipeline guided by each input's profile
#                    (-divopt-profile-use; remarks beside), timed by
#                    scripts/mcml-gpu.sh as DivOpt-pgo on its own input
#   mcml.delay-<s>-pgo.<input>.ptx  likewise, iteration delaying alone
#                    forced with strategy s (majority, round-robin) on
#                    clang -O3's code, its costs from the input's profile:
#                    what scripts/calibrate.py predicts for MCML
# All are built without FMA contraction and with IEEE sqrt, so that they
# compute the same per-thread float operations and their tallies can be
# compared bit for bit (bench/mcml/README.md says why); the script checks
# the PTX for contractible operations and runs ptxas -arch=sm_90 on each.
# Needs the plugin (scripts/build.sh), clang-22 and CUDA 13.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_PATH:-/usr/local/cuda}
out=${MCML_PTX_DIR:-$root/.carry/mcml-ptx}
plugin=${DIVOPT_PLUGIN:-${BUILD_DIR:-$root/build}/passes/libDivOpt.so}
src=$root/bench/mcml/mcml.cu

if [ ! -f "$plugin" ]; then
  echo "mcml-build: no plugin at $plugin (run scripts/build.sh)" >&2
  exit 1
fi

# clang contracts a*b+c into FMAs by default in CUDA and nvcc lets ptxas
# fuse them, each in its own places: both are turned off. libdevice's sqrtf
# is approximate under clang unless __CUDA_PREC_SQRT is set, IEEE under
# nvcc: both IEEE.
clang=(clang++-22 -x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
       -Wno-unknown-cuda-version -O3 --cuda-device-only -S
       -ffp-contract=off -mllvm -nvvm-reflect-add=__CUDA_PREC_SQRT=1)
nvcc=("$cuda/bin/nvcc" -O3 -arch=sm_90 -ptx -fmad=false -prec-sqrt=true
      -prec-div=true -ftz=false)

mkdir -p "$out"
rm -f "$out"/mcml.*
"${clang[@]}" "$src" -o "$out/mcml.clang.ptx"
"${clang[@]}" "$src" -o "$out/mcml.divopt.ptx" \
  -Xarch_device -fpass-plugin="$plugin" \
  -Rpass=divopt -Rpass-missed=divopt -Rpass-analysis=divopt \
  2>"$out/mcml.divopt.remarks.txt"
"${nvcc[@]}" "$src" -o "$out/mcml.nvcc.ptx"
"${clang[@]}" -DMCML_COUNT_BOUNDARY "$src" -o "$out/mcml.count.ptx"
# Iteration delaying forced on the step loop (the cost model refuses it):
# what the transform itself does to MCML, majority vote and round robin.
for s in majority round-robin; do
  "${clang[@]}" "$src" -o "$out/mcml.delay-$s.ptx" \
    -Xarch_device -fpass-plugin="$plugin" \
    -mllvm "-divopt-pipeline=function(branch-dist,iter-delay<$s;force>,divopt-cleanup)" \
    -Rpass=divopt 2>"$out/mcml.delay-$s.remarks.txt"
done

"${clang[@]}" "$src" -o "$out/mcml.gen.ptx" \
  -Xarch_device -fpass-plugin="$plugin" -mllvm -divopt-profile-generate
variants=(clang divopt nvcc count delay-majority delay-round-robin gen)
if [ -n "${MCML_PROFILES:-}" ]; then
  profiles=$(mktemp -d)
  trap 'rm -rf "$profiles"' EXIT
  if [ -d "$MCML_PROFILES" ]; then
    cp "$MCML_PROFILES"/*.profile "$profiles/"
  else
    tar xf "$MCML_PROFILES" -C "$profiles"
  fi
  for p in "$profiles"/*.profile; do
    [ -f "$p" ] || { echo "mcml-build: no *.profile in $MCML_PROFILES" >&2; exit 1; }
    input=$(basename "$p" .profile)
    cp "$p" "$out/mcml.$input.profile"
    "${clang[@]}" "$src" -o "$out/mcml.pgo.$input.ptx" \
      -Xarch_device -fpass-plugin="$plugin" \
      -mllvm -divopt-profile-use="$out/mcml.$input.profile" \
      -Rpass=divopt -Rpass-missed=divopt 2>"$out/mcml.pgo.$input.remarks.txt"
    variants+=("pgo.$input")
    for s in majority round-robin; do
      "${clang[@]}" "$src" -o "$out/mcml.delay-$s-pgo.$input.ptx" \
        -Xarch_device -fpass-plugin="$plugin" \
        -mllvm "-divopt-pipeline=function(iter-delay<$s;force>,divopt-cleanup)" \
        -mllvm -divopt-profile-use="$out/mcml.$input.profile" \
        -Rpass=divopt 2>"$out/mcml.delay-$s-pgo.$input.remarks.txt"
      variants+=("delay-$s-pgo.$input")
    done
  done
fi

status=0
for v in "${variants[@]}"; do
  ptx=$out/mcml.$v.ptx
  # A float multiply, add or subtract without .rn may be fused by ptxas.
  if grep -qE '^\s*(mul|add|sub)\.f32\b' "$ptx"; then
    echo "mcml-build: $ptx has contractible float operations" >&2
    status=1
  fi
  info=$("$cuda/bin/ptxas" -arch=sm_90 -v "$ptx" -o /dev/null 2>&1) || {
    echo "$info" >&2
    echo "mcml-build: ptxas -arch=sm_90 rejects $ptx" >&2
    status=1
    continue
  }
  regs=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' <<<"$info" | head -1)
  printf '%-7s ptxas -arch=sm_90 ok: %3s registers, %5s PTX instructions, ' \
    "$v" "$regs" "$(grep -cE '^\s+[a-z@].*;$' "$ptx")"
  printf '%3s branches, %3s selects\n' \
    "$(grep -cE '\bbra' "$ptx")" "$(grep -cE '\bselp' "$ptx")"
done

{
  echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(
    git -C "$root" diff --quiet HEAD -- bench/mcml passes analysis 2>/dev/null ||
      echo '+local changes')"
  echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
  echo "clang: $(clang++-22 --version | head -1)"
  echo "nvcc: $("$cuda/bin/nvcc" --version | tail -1)"
  echo "clang flags: ${clang[*]:1}"
  echo "nvcc flags: ${nvcc[*]:1}"
  echo "plugin: $plugin"
} >"$out/BUILD_INFO"

echo
echo "DivOpt remarks on the kernel ($out/mcml.divopt.remarks.txt):"
grep 'remark:' "$out/mcml.divopt.remarks.txt" | sed "s|$root/||" || true
echo
echo "PTX in $out; on the GPU machine: scripts/mcml-gpu.sh (carry .carry/mcml-ptx)"
exit $status
