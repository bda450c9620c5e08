#!/usr/bin/env bash
# On the GPU machine (no LLVM): runs what scripts/profile-build.sh built
# (carried as .carry/profile), logs into $OUT (or ./profile-out), prints a
# short table last. About 2.5 minutes on an H100 (most of it building and
# running divopt-bench). $OUT gets at most 8 files: summary.txt (the
# verdicts), overhead.txt (the tables), the overhead CSVs (default build,
# whole-grid build, trip sweep, and the exact build if asked),
# divprof.tar.gz (divprof's profiles, show output, logs) and logs.tar.gz
# (device, build and bench logs).
#
#  1. examples/profile/divprof.cu built instrumented (whole program and
#     -fgpu-rdc) writes its profile at exit; divopt-profdata reads it back;
#     the counts match what the inputs imply: parity's branch on (i & 1)
#     diverges in every warp execution with 16 lanes each way, byblock's
#     branch on per-block data never diverges (half its executions all
#     then, half all else), walk's loop has a spread of 3 in every entry;
#     launch shapes as launched, each with the device's SM count (sms=,
#     checked against the driver's own answer by scripts/lib/check-sms.py);
#     output equal to the uninstrumented
#     build's; -fgpu-rdc's profile equals the whole program's; %p names a
#     file per process; a second run merges into the file (runs 2).
#     The default-rate build (one block in 64) gives the same output and
#     the same fractions on the blocks it counted.
#  2. Instrumentation overhead: divopt-bench (built here without LLVM) on
#     the bench kernels, whose "clang-O3+DivOpt" PTX is the instrumented
#     build: instrumented / clang -O3 time per configuration (median of
#     the bench's timed runs, same process), outputs compared bit for bit
#     by the bench. The table names the sampling rate that ran (bench/
#     MANIFEST: by default from the first quarter of the grid); a second
#     table, for comparison and without a verdict, times the counted
#     blocks drawn from the whole grid (bench-whole/); PROFILE_EXACT_OVERHEAD=1
#     adds a table with every block counted (bench-exact/, about 1 more
#     minute). Each table also lists the one-wave configurations (grid=sm:
#     the N-Queens search launched with one block per SM, where the counted
#     block sets the kernel's time; run 9: 4.78x), and the default build's
#     must be at most 1.25x there.
#  3. The one-wave N-Queens search at other trip periods (bench-trips<P>/:
#     two trips in P of a counted block's top-level loops; 1 counts every
#     trip, as run 9 did), next to the default 64: the overhead should
#     fall as about 1 + 2 (c - 1) / P, c the cost of a counted trip.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${PROFILE_CARRY_DIR:-$root/.carry/profile}
out=${OUT:-$PWD/profile-out}
cuda=${CUDA_PATH:-/usr/local/cuda}
export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
[ -x "$dir/divprof-whole" ] || { echo "profile-gpu: $dir missing: run scripts/profile-build.sh and carry .carry/profile" >&2; exit 2; }
work=$(mktemp -d)
# What goes back in the two archives.
keep=$work/divprof logs=$work/logs
mkdir -p "$keep" "$logs"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$logs/gpu.txt" 2>&1
status=0
: >"$work/summary.txt"
verdict() { printf '%-60s %s\n' "$1" "$2" >>"$work/summary.txt"; [ "$2" = ok ] || status=1; }
pd=$dir/divopt-profdata

echo "== 1. divprof: instrumented runs"
"$dir/divprof-plain" >"$work/plain.txt" 2>&1 || echo "plain failed" >>"$work/plain.txt"
for v in whole rdc; do
  (cd "$work" && DIVOPT_VERBOSE=1 DIVOPT_PROFILE_FILE="$work/$v.profile" \
     "$dir/divprof-$v" >"$work/$v.txt" 2>&1); rc=$?
  cat "$work/$v.txt" >>"$keep/divprof.log"
  [ $rc = 0 ] && [ -s "$work/$v.profile" ] && r=ok || r="FAILED (exit $rc)"
  verdict "$v: ran and wrote its profile" "$r"
  grep '^checksum' "$work/$v.txt" >"$work/$v.sum"
  grep '^checksum' "$work/plain.txt" | cmp -s - "$work/$v.sum" && r=ok || r=FAILED
  verdict "$v: output == uninstrumented output" "$r"
  "$pd" show "$work/$v.profile" >"$keep/show-$v.txt" 2>&1 && r=ok || r=FAILED
  verdict "$v: divopt-profdata show reads it" "$r"
  cp "$work/$v.profile" "$keep/$v.profile"
done
p=$work/whole.profile
# The records of one function: "branch ..." lines after its function line.
records() { awk -v f="$2" '/^function /{on=($2==f)} on && /^(branch|loop) /' "$1"; }
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
par=$(records "$p" _Z6parityPfPKfi | awk '{split($0,a," "); for(i in a) if(a[i] ~ /^(execs|divergent)=/) {split(a[i],kv,"="); v[kv[1]]=kv[2]}} v["execs"]==2048 && v["divergent"]==2048 {print}')
echo "$par" | grep -q 'lanes=32768,32768' && r=ok || r=FAILED
verdict "parity: (i & 1) diverged in all 2048 warp executions" "$r"
# The guard's ways are as clang left the branch: clang 22 -O3 emits
# "br (i < n), body, return", so way 0 is the body; accept either order.
records "$p" _Z6parityPfPKfi | grep -Eq 'execs=2048 divergent=0 lanes=(0,65536 warps=0,2048 uniform=0,2048|65536,0 warps=2048,0 uniform=2048,0) ' && r=ok || r=FAILED
verdict "parity: the bounds guard never diverged, all lanes one way" "$r"
# Built with -gline-tables-only: (i & 1) is on line 17 of divprof.cu.
records "$p" _Z6parityPfPKfi | grep -q ' at=[^ ]*divprof\.cu:17:' && r=ok || r=FAILED
verdict "records name their source lines (-gline-tables-only)" "$r"
records "$p" _Z7byblockPfPKfi | grep -q 'execs=2048 divergent=0 lanes=32768,32768 warps=1024,1024 uniform=1024,1024' && r=ok || r=FAILED
verdict "byblock: per-block branch never diverged, 1024 each way" "$r"
records "$p" _Z4walkPfPKii | grep '^loop ' | field spread | grep -q ',3$' && r=ok || r=FAILED
verdict "walk: a loop's largest trip spread is 3" "$r"
grep -Eq '^launch _Z6parityPfPKfi grid=256,1,1 block=256,1,1 shared=0 count=1 sms=[0-9]+$' "$p" &&
  grep -Eq '^launch _Z4walkPfPKii grid=512,1,1 block=128,1,1 shared=0 count=2 sms=[0-9]+$' "$p" && r=ok || r=FAILED
verdict "launch records: shapes and counts as launched" "$r"
# The device's SM count, asked of the driver apart from DivOpt's query.
python3 "$root/scripts/lib/check-sms.py" "$work/whole.profile" "$work/rdc.profile" >"$work/sms.txt" 2>&1 && r=ok || r="FAILED ($(cat "$work/sms.txt"))"
cat "$work/sms.txt" >>"$keep/divprof.log"
verdict "launch records: sms= is the device's SM count" "$r"
diff <(grep -v '^#' "$work/whole.profile") <(grep -v '^#' "$work/rdc.profile") >"$keep/whole-vs-rdc.diff" && r=ok || r=FAILED
verdict "-fgpu-rdc profile == whole-program profile" "$r"
(cd "$work" && DIVOPT_PROFILE_FILE="$work/run-%p.profile" "$dir/divprof-whole" >/dev/null 2>&1)
ls "$work"/run-[0-9]*.profile >/dev/null 2>&1 && r=ok || r=FAILED
verdict "DIVOPT_PROFILE_FILE=run-%p.profile: a file per process" "$r"
(cd "$work" && DIVOPT_PROFILE_FILE="$work/whole.profile" "$dir/divprof-whole" >/dev/null 2>&1)
grep -q '^runs 2$' "$work/whole.profile" && records "$work/whole.profile" _Z7byblockPfPKfi | grep -q 'execs=4096 divergent=0' && r=ok || r=FAILED
verdict "a second run merges into the file (runs 2, counts doubled)" "$r"
(cd "$work" && "$dir/divprof-whole" >/dev/null 2>&1)
[ -s "$work/divopt.profile" ] && r=ok || r=FAILED
verdict "no DIVOPT_PROFILE_FILE: ./divopt.profile" "$r"

# The default rate (one block in 64): the same outputs, the counted
# blocks' fractions as exact: parity diverges in every counted execution,
# byblock in none, and fewer executions were counted than exist.
(cd "$work" && DIVOPT_PROFILE_FILE="$work/sampled.profile" "$dir/divprof-sampled" >"$work/sampled.txt" 2>&1)
grep '^checksum' "$work/plain.txt" | cmp -s - <(grep '^checksum' "$work/sampled.txt") && r=ok || r=FAILED
verdict "sampled: output == uninstrumented output" "$r"
cp "$work/sampled.profile" "$keep/sampled.profile" 2>/dev/null
grep -q '^function _Z6parityPfPKfi cfg=[^ ]* sample=64$' "$work/sampled.profile" &&
  records "$work/sampled.profile" _Z6parityPfPKfi | awk '/lanes=/ && $0 ~ /:17:/ {split($0,a," "); for(i in a){split(a[i],kv,"="); v[kv[1]]=kv[2]}} END{exit !(v["execs"]>0 && v["execs"]<2048 && v["execs"]==v["divergent"])}' && r=ok || r=FAILED
verdict "sampled: sample=64; parity diverged in every counted execution" "$r"
records "$work/sampled.profile" _Z7byblockPfPKfi | grep -q 'divergent=0 ' && r=ok || r=FAILED
verdict "sampled: byblock never diverged" "$r"

echo "== 2. overhead: divopt-bench, instrumented vs clang -O3"
build=$work/build
cmake_args=(-DDIVOPT_BUILD_PLUGIN=OFF -DDIVOPT_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release)
[ -d "$cuda" ] && cmake_args+=(-DCUDAToolkit_ROOT="$cuda")
command -v ninja >/dev/null && cmake_args+=(-G Ninja)
if cmake -S "$root" -B "$build" "${cmake_args[@]}" >"$logs/build.log" 2>&1 &&
   cmake --build "$build" -j"$(nproc)" --target divopt-bench >>"$logs/build.log" 2>&1; then
  bench=$(find "$build" -name divopt-bench -type f -perm -u+x | head -1)
  dirs=(bench)
  [ -f "$dir/bench-whole/MANIFEST" ] && dirs+=(bench-whole)
  [ "${PROFILE_EXACT_OVERHEAD:-0}" = 1 ] && dirs+=(bench-exact)
  for d in "${dirs[@]}"; do
  rate=$(sed -n 's/^sample: //p' "$dir/$d/MANIFEST")
  front=$(sed -n 's/^front: //p' "$dir/$d/MANIFEST")
  case $front in
  ''|1) rate="$rate, from the whole grid" ;;
  *) rate="$rate, from the first 1/$front of the grid" ;;
  esac
  [ "$(sed -n 's/^spread: //p' "$dir/$d/MANIFEST")" = 1 ] &&
    rate="$rate, run as blocks spread over the grid"
  trips=$(sed -n 's/^trips: //p' "$dir/$d/MANIFEST")
  [ -n "$trips" ] && rate="$rate; trips two in $trips"
  timeout 240 "$bench" --ptx-dir "$dir/$d" --only itdelay,brdis,split,loopadv,meld \
    --quick --csv "$out/overhead-$d.csv" >>"$logs/bench.log" 2>&1
  echo "sampling: one block in $rate counted ($d)" >>"$out/overhead.txt"
  python3 "$root/scripts/lib/profile-overhead.py" "$out/overhead-$d.csv" >>"$out/overhead.txt"
  done
  # The verdicts are the default build's (the first table); the others
  # are there to compare with.
  label=$(grep -m1 '^sampling: ' "$out/overhead.txt" | sed 's/^sampling: //')
  grep -m1 '^worst' "$out/overhead.txt" | grep -q ': met)$' && r=ok || r=FAILED
  verdict "overhead ($label): every configuration <= 1.3x clang -O3" "$r"
  python3 "$root/scripts/lib/profile-overhead.py" --one-wave-at-most 1.25 "$out/overhead-bench.csv" >"$work/onewave.txt" 2>&1 && r=ok || r="FAILED ($(tail -1 "$work/onewave.txt"))"
  verdict "overhead: one-wave configurations (grid=sm) <= 1.25x clang -O3" "$r"

  echo "== 3. one-wave N-Queens search: the trip period"
  # The default build's period (bench/) next to the sweep's.
  sweep=("$(sed -n 's/^trips: //p' "$dir/bench/MANIFEST")=$out/overhead-bench.csv")
  for d in $(cd "$dir" && ls -d bench-trips* 2>/dev/null); do
    timeout 120 "$bench" --ptx-dir "$dir/$d" --only meld --configs "a block per SM" \
      --quick --csv "$work/$d.csv" >>"$logs/bench.log" 2>&1
    sweep+=("$(sed -n 's/^trips: //p' "$dir/$d/MANIFEST")=$work/$d.csv")
  done
  python3 "$root/scripts/lib/profile-overhead.py" --by-trips \
    --csv "$out/overhead-trips.csv" "${sweep[@]}" >>"$out/overhead.txt"
  cat "$out/overhead.txt"
else
  tail -20 "$logs/build.log"
  verdict "divopt-bench built" FAILED
fi
tar -czf "$out/divprof.tar.gz" -C "$work" divprof
tar -czf "$out/logs.tar.gz" -C "$work" logs
{ echo "device: $(cat "$logs/gpu.txt")"; cat "$work/summary.txt"; } >"$out/summary.txt"
rm -rf "$work"
echo
cat "$out/summary.txt"
exit $status
