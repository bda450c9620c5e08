#!/usr/bin/env bash
# Shows what DivOpt does to one CUDA file: the divergent branches it finds,
# what it did or refused and why (its remarks), and the PTX with and without
# it. Installed as bin/divopt-explain; scripts/demo.sh runs it on the
# bundled example.
#
#   divopt-explain [--plugin libDivOpt.so] [--arch sm_90] [--out DIR] k.cu
#
# The plugin defaults to $DIVOPT_PLUGIN, else the one installed next to this
# script (../lib/libDivOpt.so), else, in the source tree, build/'s.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
plugin=${DIVOPT_PLUGIN:-}
if [ -z "$plugin" ]; then
  for p in "$here"/../lib/libDivOpt.so "$here"/../lib/*/libDivOpt.so \
    "$here"/../build/passes/libDivOpt.so; do
    [ -f "$p" ] && { plugin=$p; break; }
  done
fi
arch=sm_90
out=
cuda=${CUDA_PATH:-/usr/local/cuda}
usage() { echo "usage: $(basename "$0") [--plugin P] [--arch sm_XX] [--out DIR] file.cu" >&2; exit 2; }
while [ $# -gt 1 ]; do
  case $1 in
    --plugin) plugin=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) usage ;;
  esac
done
[ $# -eq 1 ] || usage
example=$1
[ -f "$example" ] || { echo "$(basename "$0"): no file $example" >&2; exit 1; }
[ -f "$plugin" ] || { echo "$(basename "$0"): no plugin (set DIVOPT_PLUGIN or pass --plugin)" >&2; exit 1; }
name=$(basename "$example" .cu)
out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/divopt-explain.XXXXXX")}
mkdir -p "$out"
cc=(clang++-22 -x cuda --cuda-gpu-arch="$arch" --cuda-path="$cuda"
    -Wno-unknown-cuda-version -O3 --cuda-device-only -S)
case $arch in sm_88* | sm_110*) cc+=(--cuda-feature=+ptx90) ;; esac

echo "== DivOpt on $example ($arch)"
echo
echo "-- What DivOpt found (print<divopt-divergence> on the clang -O3 IR):"
"${cc[@]}" -emit-llvm "$example" -o "$out/$name.ll"
opt-22 -load-pass-plugin "$plugin" -passes='print<divopt-divergence>' \
  -disable-output "$out/$name.ll"
echo
echo "-- What it did and why (remarks of the clang -O3 + DivOpt compile):"
"${cc[@]}" "$example" -o "$out/$name.divopt.ptx" -fpass-plugin="$plugin" \
  -Rpass=divopt -Rpass-missed=divopt -Rpass-analysis=divopt 2>&1 |
  grep 'remark:' | sed "s|$(dirname "$example")/||"
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
    regs=$("$cuda/bin/ptxas" -arch="$arch" -v "$out/$name.$v.ptx" -o /dev/null 2>&1 |
      sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
    echo "ptxas -arch=$arch accepts the $v PTX: $regs registers"
  done
fi
echo
echo "Outputs are in $out (diff -u $name.clang.ptx $name.divopt.ptx)."
