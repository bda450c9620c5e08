#!/usr/bin/env bash
# The example program (examples/particles.cu) on a GPU, launched with
# <<<>>>: built with DivOpt through the installed CMake package
# (particles), without it (particles-plain), and with the README's
# whole-program clang commands (app). Checks that all three print the same
# checksum of their outputs and times them.
#
#   scripts/example-gpu.sh --build   here (clang-22, no GPU): builds the
#                                    three programs into .carry/example
#   scripts/example-gpu.sh           on the GPU machine: runs them, 5 rounds
#                                    of 20 timed runs each, programs
#                                    interleaved; logs to $OUT; a table last
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
carry=$root/.carry/example
cuda=${CUDA_PATH:-/usr/local/cuda}

if [ "${1:-}" = --build ]; then
  build=${BUILD_DIR:-$root/build}
  [ -f "$build/passes/libDivOpt.so" ] || "$root/scripts/build.sh" >/dev/null
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/divopt-example.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
  cmake -S "$root/examples" -B "$tmp/example" -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
  cmake --build "$tmp/example" -j2 2>&1 | grep 'remark: .*\(split into\|distributed\)' || true
  # The README's commands (test/clang/readme-commands.test runs the same).
  cp "$root/examples/particles.cu" "$tmp/app.cu"
  python3 "$root/test/clang/Inputs/readme_commands.py" "$root/README.md" \
    "$build/passes/libDivOpt.so" "$cuda" clang++-22 >"$tmp/run.sh"
  (cd "$tmp" && bash run.sh 2>/dev/null)
  rm -rf "$carry" && mkdir -p "$carry/lib"
  cp "$tmp/example/particles" "$tmp/example/particles-plain" "$tmp/app" "$carry/"
  # The programs find libdivopt-launch through a run path into the
  # temporary prefix, which the GPU machine does not have: carry the
  # library, found there through LD_LIBRARY_PATH.
  cp -P "$tmp"/prefix/lib/libdivopt-launch.so* "$carry/lib/"
  # The installed package, for scripts/example-cuda-language.sh.
  cp -a "$tmp/prefix" "$carry/prefix"
  echo "built into $carry: particles particles-plain app, lib/libdivopt-launch.so, prefix/"
  exit 0
fi

out=${OUT:-$root/build-gpu/example}
mkdir -p "$out"
export LD_LIBRARY_PATH=$carry/lib:$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
programs=(particles-plain particles app)
declare -A parts
for p in "${programs[@]}"; do
  [ -x "$carry/$p" ] || { echo "example-gpu: no $carry/$p: run scripts/example-gpu.sh --build where clang-22 is, and carry .carry" >&2; exit 1; }
done
# One verbose run each: the hook says which launches ran as parts. The
# DivOpt builds must launch the split kernel `step` as its parts (the
# whole-program build too, as the README's commands link the hook).
status=0
for p in "${programs[@]}"; do
  DIVOPT_VERBOSE=1 "$carry/$p" 1 >"$out/$p.verbose.log" 2>&1 ||
    { cat "$out/$p.verbose.log" >&2; exit 1; }
  parts[$p]=$(grep -c 'launched as its parts' "$out/$p.verbose.log" || true)
done
for p in particles app; do
  [ "${parts[$p]}" -ge 1 ] || { echo "example-gpu: $p did not launch the split kernel as its parts" >&2; status=1; }
done
. "$root/scripts/lib/progress.sh"
rounds=5
progress_start $((rounds * ${#programs[@]}))
done_runs=0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/env.txt" 2>&1 || true
for ((r = 1; r <= rounds; r++)); do
  for p in "${programs[@]}"; do
    "$carry/$p" 20 >>"$out/$p.log" 2>&1 || { cat "$out/$p.log" >&2; exit 1; }
    done_runs=$((done_runs + 1))
    PROGRESS_EVERY=0 progress_tick "$done_runs" "round $r, $p"
  done
done 2> >(tee "$out/progress.log" >&2)
sums=$(for p in "${programs[@]}"; do sed -n 's/^checksum \([0-9a-f]*\),.*/\1/p' "$out/$p.log"; done | sort -u)
same=identical
if [ "$(echo "$sums" | wc -l)" -ne 1 ]; then
  echo "example-gpu: OUTPUTS DIFFER: $(echo $sums)" >&2
  same=DIFFERENT
  status=1
fi
median() { sed -n 's/.*median \([0-9.]*\) ms.*/\1/p' "$1" | sort -n | sed -n 3p; }
base=$(median "$out/particles-plain.log")
{
  echo "device: $(cat "$out/env.txt")"
  echo "checksums: $(echo $sums) ($same)"
  printf '%-16s %12s %9s  %s\n' program "median ms" speedup "launches run as parts"
  for p in "${programs[@]}"; do
    m=$(median "$out/$p.log")
    awk -v p="$p" -v b="$base" -v m="$m" -v k="${parts[$p]}" \
      'BEGIN { printf "%-16s %12s %8.3fx  %s\n", p, m, b / m, k }'
  done
  grep -h 'divopt:' "$out"/*.verbose.log | sort -u
} | tee "$out/summary.txt"
exit $status
