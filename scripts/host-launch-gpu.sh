#!/usr/bin/env bash
# On the GPU machine: runs what scripts/host-launch-build.sh built (carried
# as .carry/host-launch), logs into $OUT (or ./host-launch-out), prints a
# short table last. Needs the CUDA runtime (libcudart.so.13) under
# $CUDA_PATH/lib64 or on the loader's path, and the NVIDIA driver. Takes
# about a minute on an H100.
#
#  1. bench/hostlaunch/example.cu: the split kernel launched with <<<>>>
#     runs its parts (DIVOPT_VERBOSE says so) and writes the same bytes as
#     the program built without DivOpt and as the DivOpt build linked
#     without the hook (the original kernel).
#  2. KERNEL-SPLIT H=104 and H=224: <<<>>> against DivOpt's driver-API
#     runtime launching the same parts from the same cubin, and the
#     original kernel; median of RUNS (default 200) event-timed runs,
#     variants interleaved; outputs compared bit for bit.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${HOST_LAUNCH_DIR:-$root/.carry/host-launch}
out=${OUT:-$PWD/host-launch-out}
runs=${RUNS:-200}
cuda=${CUDA_PATH:-/usr/local/cuda}
export LD_LIBRARY_PATH="$cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$out"
[ -x "$dir/hostlaunch" ] || { echo "host-launch-gpu: $dir/hostlaunch missing: run scripts/host-launch-build.sh and carry .carry/host-launch" >&2; exit 2; }
cp "$dir/MANIFEST" "$out/" 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/gpu.txt" 2>&1

status=0
verdict() { # name ok?
  printf '%-52s %s\n' "$1" "$2" >>"$out/summary.txt"
  [ "$2" = ok ] || status=1
}
: >"$out/summary.txt"

echo "== 1. example (<<<>>> launch of a split kernel)"
for v in plain nohook divopt; do
  DIVOPT_VERBOSE=1 timeout 120 "$dir/example-$v" "$out/example-$v.bin" \
    >"$out/example-$v.log" 2>&1
  echo "example-$v: exit $?" | tee -a "$out/example-$v.log"
done
cat "$out/example-divopt.log"
grep -q "divopt: _Z5shadePKjPKfS0_S2_Pji launched as its parts _Z5shadePKjPKfS0_S2_Pji_\$_divopt_\$_then, _Z5shadePKjPKfS0_S2_Pji_\$_divopt_\$_else" \
  "$out/example-divopt.log" && r=ok || r=FAILED
verdict "example: <<<>>> launched the parts (DIVOPT_VERBOSE)" $r
[ "$(grep -c '^divopt:' "$out/example-divopt.log")" = 1 ] && r=ok || r=FAILED
verdict "example: said once for two launches" $r
cmp -s "$out/example-plain.bin" "$out/example-divopt.bin" && r=ok || r=FAILED
verdict "example: split output == clang -O3 output" $r
cmp -s "$out/example-plain.bin" "$out/example-nohook.bin" && r=ok || r=FAILED
verdict "example: no hook linked: original kernel, same output" $r
grep -q '^divopt:' "$out/example-nohook.log" && r=FAILED || r=ok
verdict "example: no hook linked: nothing said" $r

echo "== 2. KERNEL-SPLIT through <<<>>> vs the driver-API runtime ($runs runs)"
DIVOPT_VERBOSE=1 timeout 300 "$dir/hostlaunch" "$dir/split.cubin" "$runs" \
  >"$out/hostlaunch.log" 2>&1
rc=$?
[ $rc = 0 ] && r=ok || r="FAILED (exit $rc)"
verdict "bench: ran, every output identical" "$r"
grep -q '^ratio target: met' "$out/hostlaunch.log" && r=ok || r=FAILED
verdict "bench: <<<>>> >= 0.97 of the driver-API runtime" $r

echo
cat "$out/hostlaunch.log"
echo
echo "device: $(cat "$out/gpu.txt")"
cat "$out/summary.txt"
exit $status
