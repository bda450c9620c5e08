#!/usr/bin/env bash
# The profile-guided workflow (issue #17) on an ordinary CUDA program that
# launches with <<<>>> (default: examples/profile/walkers.cu, whose
# profile changes a DivOpt decision), each step printed with its commands:
#
#   1. build it instrumented: the plugin on host and device,
#      -divopt-profile-generate, linked with libdivopt-launch
#   2. run it with DIVOPT_PROFILE_FILE set, then divopt-profdata show
#   3. rebuild it with -divopt-profile-use, remarks saved: the decisions
#      that came from the profile next to what DivOpt decided without it,
#      and divopt-report's table
#   4. run clang -O3, DivOpt without the profile and DivOpt with it, and
#      compare their outputs bit for bit (the program's `checksum` lines,
#      else all it prints)
#
# usage: scripts/profile-workflow.sh [options] [SOURCE.cu]
#   --build-dir DIR     DivOpt's build (passes/libDivOpt.so,
#                       runtime/libdivopt-launch.so,
#                       tools/divopt-profdata/divopt-profdata; default
#                       $BUILD_DIR or build/)
#   --profile FILE      use this profile instead of running step 2
#   --out DIR           logs, profile, remarks, report (default
#                       ./profile-workflow); programs in DIR/bin
#   --run               a run is required: without a GPU, exit 1
#   --profile-args "A"  the instrumented run's arguments (walkers: "1 7",
#                       another seed than the timed run's)
#   --run-args "A"      step 4's arguments (walkers: "20 1")
#   --pack [DIR]        copy the plugin, libdivopt-launch and divopt-profdata
#                       of --build-dir into DIR (default .carry/workflow),
#                       laid out as a build directory, and exit
#
# Without a GPU (cudaGetDeviceCount fails) steps 2 and 4 cannot run: with
# --profile the script goes on without them and says so; without, it stops
# after step 1 (exit 0, or 1 with --run). clang is clang++-22 ($CLANGXX),
# or the toolchain carried in .carry/llvm (scripts/fuzz/carry-toolchain.sh)
# on a machine without LLVM; see scripts/lib/toolchain.sh.
#
# On the GPU machine (no LLVM), after, here:
#   scripts/fuzz/carry-toolchain.sh && scripts/profile-workflow.sh --pack
# carry .carry/llvm and .carry/workflow and run
#   scripts/profile-workflow.sh --run --build-dir .carry/workflow --out "$OUT/workflow"
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_PATH:-/usr/local/cuda}
build=${BUILD_DIR:-$root/build}
out=$PWD/profile-workflow
profile= require_run=0 pack= src=
profile_args= run_args= args_given=0
usage() { sed -n '/^# usage:/,/^#   --pack/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
  --build-dir) build=$2; shift 2 ;;
  --profile) profile=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --run) require_run=1; shift ;;
  --profile-args) profile_args=$2; args_given=1; shift 2 ;;
  --run-args) run_args=$2; args_given=1; shift 2 ;;
  --pack)
    pack=$root/.carry/workflow
    if [ $# -gt 1 ] && [ "${2#-}" = "$2" ]; then pack=$2; shift; fi
    shift ;;
  -h | --help) usage ;;
  -*) echo "profile-workflow: unknown option $1" >&2; usage ;;
  *) [ -z "$src" ] || usage; src=$1; shift ;;
  esac
done
build=$(cd "$build" 2>/dev/null && pwd) || { echo "profile-workflow: no build directory $build" >&2; exit 2; }
plugin=$build/passes/libDivOpt.so
hook=$build/runtime/libdivopt-launch.so
profdata=$build/tools/divopt-profdata/divopt-profdata

if [ -n "$pack" ]; then
  for f in "$plugin" "$hook" "$profdata"; do
    [ -f "$f" ] || { echo "profile-workflow: $f missing: build first (scripts/build.sh)" >&2; exit 1; }
  done
  rm -rf "$pack" && mkdir -p "$pack/passes" "$pack/runtime" "$pack/tools/divopt-profdata"
  cp "$plugin" "$pack/passes/" && cp "$hook" "$pack/runtime/" &&
    cp "$profdata" "$pack/tools/divopt-profdata/"
  echo "profile-workflow: packed into $pack ($(du -sh "$pack" | cut -f1)); carry it with .carry/llvm"
  exit 0
fi

if [ -z "$src" ]; then
  src=$root/examples/profile/walkers.cu
  [ $args_given = 1 ] || { profile_args="1 7"; run_args="20 1"; }
fi
[ -f "$src" ] || { echo "profile-workflow: no source $src" >&2; exit 2; }
src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
name=$(basename "$src" .cu)
[ -z "$profile" ] || profile=$(cd "$(dirname "$profile")" && pwd)/$(basename "$profile")
mkdir -p "$out/bin"
out=$(cd "$out" && pwd)
bin=$out/bin
log=$out/workflow.log
: >"$log"
exec > >(tee -a "$log") 2>&1
tee_pid=$!
# bash does not wait for a process substitution: without this, whoever
# reads our output once we exit (a lit test, under load) can find tee
# still writing it, the log cut after step 1.
trap 'status=$?; exec >&- 2>&-; wait "$tee_pid"; exit $status' EXIT

. "$root/scripts/lib/toolchain.sh"
toolchain_find "${TOOLCHAIN_DIR:-${TMPDIR:-/tmp}/divopt-toolchain}"
# The build's plugin, else the one carried with the toolchain (both built
# against LLVM 22; the build's is this commit's).
[ -f "$plugin" ] || plugin=${DIVOPT_PLUGIN:-$plugin}
for f in "$plugin" "$hook" "$profdata"; do
  [ -f "$f" ] || { echo "profile-workflow: $f missing: build DivOpt first (scripts/build.sh), or give --build-dir" >&2; exit 1; }
done
report=(python3 "$root/tools/divopt-report/divopt-report.py")

# Commands are printed as they run, ready to paste.
show() {
  local a s='$'
  for a in "$@"; do
    case $a in
    *[!A-Za-z0-9_./=,:+@%-]* | '') s+=" '${a//\'/\'\\\'\'}'" ;;
    *) s+=" $a" ;;
    esac
  done
  printf '%s\n' "$s"
}
run() { show "$@"; "$@"; }
step() { printf '\n== step %s\n' "$*"; }

cuda_flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda" -Wno-unknown-cuda-version
            -O3 -gline-tables-only)
link_cuda=(-L"$cuda/lib64" -lcudart)
link_hook=(-L"$(dirname "$hook")" -Wl,--no-as-needed -ldivopt-launch
           -Wl,-rpath,"$(dirname "$hook")")
# DivOpt's decisions as remarks, the device side's only (the host side has
# its own about launches).
remarks=(-Xarch_device -Rpass=divopt -Xarch_device -Rpass-missed=divopt)
echo "source: $src"
echo "clang: $CLANG ($("$CLANG" --version | head -1))"
echo "plugin: $plugin"

step "1: build instrumented (the plugin on both sides, -divopt-profile-generate)"
run "$CLANG" "${cuda_flags[@]}" -fpass-plugin="$plugin" -mllvm -divopt-profile-generate \
  -c "$src" -o "$bin/$name-instrumented.o"
run "$CLANG" "$bin/$name-instrumented.o" -o "$bin/$name-instrumented" "${link_cuda[@]}" "${link_hook[@]}"

# A GPU is there when cudaGetDeviceCount finds one (CUDA_VISIBLE_DEVICES
# counts); the probe prints why not.
gpu_probe() {
  cat >"$bin/gpu-probe.cpp" <<'CPP'
#include <cstdio>
#include <cuda_runtime_api.h>
int main() {
  int N = 0;
  cudaError_t E = cudaGetDeviceCount(&N);
  if (E != cudaSuccess) {
    std::printf("cudaGetDeviceCount: %s\n", cudaGetErrorString(E));
    return 1;
  }
  if (N == 0) {
    std::printf("cudaGetDeviceCount: no device\n");
    return 1;
  }
  cudaDeviceProp P;
  if (cudaGetDeviceProperties(&P, 0) == cudaSuccess)
    std::printf("%s\n", P.name);
  return 0;
}
CPP
  "$CLANG" -x c++ -O1 -I"$cuda/include" "$bin/gpu-probe.cpp" -o "$bin/gpu-probe" \
    "${link_cuda[@]}" -Wl,-rpath,"$cuda/lib64" && "$bin/gpu-probe"
}
if gpu=$(gpu_probe 2>&1); then has_gpu=1; else has_gpu=0; fi
gpu=$(printf '%s' "$gpu" | tail -1)

step "2: run it, the profile written at exit"
if [ -n "$profile" ]; then
  echo "skipped the run: using the profile given with --profile ($profile)"
  [ $has_gpu = 1 ] || echo "(no GPU here: $gpu)"
elif [ $has_gpu = 0 ]; then
  echo "no GPU here ($gpu): cannot run $bin/$name-instrumented."
  echo "Stopped after step 1: run this script where a GPU is, or give a profile with --profile FILE."
  [ $require_run = 0 ] || { echo "profile-workflow: --run asked for a run" >&2; exit 1; }
  exit 0
else
  echo "GPU: $gpu"
  profile=$out/$name.profile
  # An existing profile is merged into: start afresh.
  rm -f "$profile"
  show env DIVOPT_PROFILE_FILE="$profile" "$bin/$name-instrumented" $profile_args
  (cd "$bin" && DIVOPT_PROFILE_FILE="$profile" "$bin/$name-instrumented" $profile_args)
  [ -s "$profile" ] || { echo "profile-workflow: the run wrote no profile ($profile)" >&2; exit 1; }
fi
run "$profdata" show "$profile" | tee "$out/profile.txt"

step "3: rebuild with the profile, remarks saved"
yaml=$out/$name.device.yaml
run "$CLANG" "${cuda_flags[@]}" -fpass-plugin="$plugin" -mllvm -divopt-profile-use="$profile" \
  "${remarks[@]}" -Xarch_device -fsave-optimization-record \
  -Xarch_device -foptimization-record-file="$yaml" \
  -c "$src" -o "$bin/$name-pgo.o" 2>"$bin/pgo.remarks" ||
  { cat "$bin/pgo.remarks"; exit 1; }
# Stale records and other warnings are the user's to see.
grep -E 'warning|error' "$bin/pgo.remarks" || true
echo "# and, to compare, without the profile:"
run "$CLANG" "${cuda_flags[@]}" -fpass-plugin="$plugin" "${remarks[@]}" \
  -c "$src" -o "$bin/$name-divopt.o" 2>"$bin/divopt.remarks" ||
  { cat "$bin/divopt.remarks"; exit 1; }
echo
echo "Decisions that came from the profile (remarks naming its numbers):"
python3 "$root/scripts/lib/profile-decisions.py" "$bin/divopt.remarks" "$bin/pgo.remarks"
echo
run "${report[@]}" "$profile" -r "$yaml" -s "$(dirname "$src")" --html "$out/report.html" |
  tee "$out/report.txt"

step "4: clang -O3, DivOpt without and with the profile: outputs compared bit for bit"
run "$CLANG" "${cuda_flags[@]}" "$src" -o "$bin/$name-plain" "${link_cuda[@]}"
run "$CLANG" "$bin/$name-divopt.o" -o "$bin/$name-divopt" "${link_cuda[@]}" "${link_hook[@]}"
run "$CLANG" "$bin/$name-pgo.o" -o "$bin/$name-pgo" "${link_cuda[@]}" "${link_hook[@]}"
if [ $has_gpu = 0 ]; then
  echo "no GPU here ($gpu): built $bin/$name-{plain,divopt,pgo}, not run."
  [ $require_run = 0 ] || { echo "profile-workflow: --run asked for a run" >&2; exit 1; }
  exit 0
fi
status=0
variants=(plain divopt pgo)
for v in "${variants[@]}"; do
  show "$bin/$name-$v" $run_args
  "$bin/$name-$v" $run_args >"$bin/$v.out" || { cat "$bin/$v.out"; echo "profile-workflow: $name-$v failed" >&2; exit 1; }
  cat "$bin/$v.out"
done
# What is compared: the checksum lines where the program prints them (its
# timings differ from run to run), else everything it prints.
compared() { if grep -q '^checksum' "$bin/plain.out"; then grep '^checksum' "$1"; else cat "$1"; fi; }
{
  echo
  printf '%-8s %-10s %s\n' build output "what it printed besides"
  for v in "${variants[@]}"; do
    if compared "$bin/$v.out" | cmp -s - <(compared "$bin/plain.out"); then same=identical; else same=DIFFERENT; status=1; fi
    [ $v = plain ] && same=baseline
    printf '%-8s %-10s %s\n' "$v" "$same" "$(grep -v '^checksum' "$bin/$v.out" | tr '\n' ' ')"
  done
  echo "device: $gpu"
} | tee "$out/summary.txt"
[ $status = 0 ] || echo "profile-workflow: OUTPUTS DIFFER from clang -O3's" >&2
exit $status
