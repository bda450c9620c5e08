#!/usr/bin/env bash
# The main job on a bundled example: builds the plugin, compiles
# bench/examples/divergent_loop.cu for sm_90 with clang -O3, with and without
# DivOpt, and shows what DivOpt found and did, and why.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
example=${1:-$root/bench/examples/divergent_loop.cu}
cuda=${CUDA_PATH:-/usr/local/cuda}
out=${DEMO_OUT:-$build/demo}
read -r -a DIVOPT_CMAKE_ARGS <<<"${DIVOPT_CMAKE_ARGS:-}"

"$root/scripts/build.sh" "${DIVOPT_CMAKE_ARGS[@]}" >/dev/null
mkdir -p "$out"
plugin="$build/passes/libDivOpt.so"
cc=(clang++-22 -x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda"
    -Wno-unknown-cuda-version -O3 --cuda-device-only -S)
name=$(basename "$example" .cu)

echo "== DivOpt on $example"
echo
echo "-- What DivOpt found (print<divopt-divergence> on the clang -O3 IR):"
"${cc[@]}" -emit-llvm "$example" -o "$out/$name.ll"
opt-22 -load-pass-plugin "$plugin" -passes='print<divopt-divergence>' \
  -disable-output "$out/$name.ll"
echo
echo "-- What it did and why (remarks of the clang -O3 + DivOpt compile):"
"${cc[@]}" "$example" -o "$out/$name.divopt.ptx" \
  -Xarch_device -fpass-plugin="$plugin" \
  -Rpass=divopt -Rpass-missed=divopt -Rpass-analysis=divopt 2>&1 |
  grep 'remark:' | sed "s|$root/||"
"${cc[@]}" "$example" -o "$out/$name.clang.ptx"
echo
echo "-- PTX, clang -O3 vs clang -O3 + DivOpt:"
count() { grep -cE "$2" "$1" || true; }
printf '%-28s %10s %10s\n' "" "clang" "+DivOpt"
printf '%-28s %10s %10s\n' "instructions" \
  "$(count "$out/$name.clang.ptx" '^\s+[a-z@].*;$')" \
  "$(count "$out/$name.divopt.ptx" '^\s+[a-z@].*;$')"
printf '%-28s %10s %10s\n' "branches (bra)" \
  "$(count "$out/$name.clang.ptx" '\bbra')" \
  "$(count "$out/$name.divopt.ptx" '\bbra')"
printf '%-28s %10s %10s\n' "selects (selp)" \
  "$(count "$out/$name.clang.ptx" '\bselp')" \
  "$(count "$out/$name.divopt.ptx" '\bselp')"
if [ -x "$cuda/bin/ptxas" ]; then
  for v in clang divopt; do
    regs=$("$cuda/bin/ptxas" -arch=sm_90 -v "$out/$name.$v.ptx" -o /dev/null 2>&1 |
      sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
    echo "ptxas -arch=sm_90 accepts the $v PTX: $regs registers"
  done
fi
echo
echo "Outputs are in $out (diff -u $name.clang.ptx $name.divopt.ptx)."
