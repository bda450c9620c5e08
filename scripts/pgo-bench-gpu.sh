#!/usr/bin/env bash
# On the GPU machine (no LLVM): the bench run profile-guided, in two calls
# (scripts/pgo-bench-build.sh builds what each carries). Logs into $OUT
# (or ./pgo-out); a short table last.
#
#   scripts/pgo-bench-gpu.sh collect     carries .carry/pgo/gen; ~1 minute
#       divopt-bench --profile-collect: every configuration of SYN-ITDELAY,
#       LOOP-ADVANCE, KERNEL-SPLIT and SYN-BRDIS runs once with the
#       instrumented kernels on other inputs than the timed run (seed salt
#       7, 2 waves instead of 4); $OUT/profiles.tar holds a profile per
#       configuration, every launch line with the device's SM count
#       (sms=, checked against the driver by scripts/lib/check-sms.py).
#       Then, here: pgo-bench-build.sh use profiles.tar.
#   scripts/pgo-bench-gpu.sh time        carries .carry/pgo/ptx; ~3 minutes
#       divopt-bench --pgo: each configuration's DivOpt-pgo kernel (rebuilt
#       with its profile) timed against clang -O3, the forced and the hand
#       variants in the same run, outputs compared bit for bit; the table
#       gives per configuration what the remarks predicted and decided, the
#       measured speedups, and the targets (pgo >= 0.97 of the best forced
#       or hand variant where that gains >= 5%; pgo >= 0.99 of clang -O3).
#   PGO_CARRY_DIR=DIR (either call): DIR instead of .carry/pgo, as given
#       to pgo-bench-build.sh.
#   PGO_BENCH_ONLY=split (either call): only those benchmarks (a
#       divopt-bench --only list; default itdelay,loopadv,split,brdis).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
carry=${PGO_CARRY_DIR:-$root/.carry/pgo}
out=${OUT:-$PWD/pgo-out}
cuda=${CUDA_PATH:-/usr/local/cuda}
export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
case $mode in
collect) dir=$carry/gen ;;
time) dir=$carry/ptx ;;
*) echo "usage: pgo-bench-gpu.sh collect|time" >&2; exit 2 ;;
esac
[ -d "$dir" ] || { echo "pgo-bench-gpu: $dir missing: run scripts/pgo-bench-build.sh and carry it" >&2; exit 2; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/gpu.txt" 2>&1
work=$(mktemp -d)
build=$work/build
cmake_args=(-DDIVOPT_BUILD_PLUGIN=OFF -DDIVOPT_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release)
[ -d "$cuda" ] && cmake_args+=(-DCUDAToolkit_ROOT="$cuda")
command -v ninja >/dev/null && cmake_args+=(-G Ninja)
if ! { cmake -S "$root" -B "$build" "${cmake_args[@]}" >"$out/build.log" 2>&1 &&
       cmake --build "$build" -j"$(nproc)" --target divopt-bench >>"$out/build.log" 2>&1; }; then
  tail -20 "$out/build.log"; echo "divopt-bench did not build"; exit 1
fi
bench=$(find "$build" -name divopt-bench -type f -perm -u+x | head -1)
only=${PGO_BENCH_ONLY:-itdelay,loopadv,split,brdis}
configs=()
[ -n "${PGO_BENCH_CONFIGS:-}" ] && configs=(--configs "$PGO_BENCH_CONFIGS")

if [ "$mode" = collect ]; then
  mkdir -p "$work/profiles"
  timeout 300 "$bench" --ptx-dir "$dir" --only $only "${configs[@]}" --profile-collect "$work/profiles" \
    --seed-salt 7 --waves 2 >"$out/collect.log" 2>&1; rc=$?
  tar cf "$out/profiles.tar" -C "$work/profiles" .
  n=$(ls "$work/profiles" | grep -c '\.profile$')
  grep -i warning "$out/collect.log" | head -20
  # Driver-API collection (ModuleProfile) records the device's SM count.
  python3 "$root/scripts/lib/check-sms.py" "$work/profiles"/*.profile; sms=$?
  echo "device: $(cat "$out/gpu.txt")"
  echo "divopt-bench exit $rc; $n profiles in \$OUT/profiles.tar"
  echo "next, where LLVM is: scripts/pgo-bench-build.sh use <files_at>/profiles.tar"
  rm -rf "$work"
  [ $rc = 0 ] && [ "$n" -gt 0 ] && [ $sms = 0 ]; exit $?
fi

timeout 480 "$bench" --ptx-dir "$dir" --only $only "${configs[@]}" --pgo --csv "$out/pgo.csv" \
  --summary "$out/summary.txt" >"$out/bench.log" 2>&1; rc=$?
python3 "$root/scripts/pgo-table.py" "$out/pgo.csv" "$dir" | tee "$out/table.txt"
ok=$?
rm -rf "$work"
echo "device: $(cat "$out/gpu.txt"); divopt-bench exit $rc"
[ $rc = 0 ] && [ $ok = 0 ]
