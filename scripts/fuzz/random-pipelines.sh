#!/usr/bin/env bash
# Runs random pipelines of DivOpt's passes, mixed with standard passes that
# reshape the IR they see (critical edges broken, switches lowered, loops
# rotated, values sunk to memory), over every .ll under test/, under
# -verify-each; fails on any crash, hang, verifier error or error exit.
#
#   scripts/fuzz/random-pipelines.sh [--seed S] [--count N] [--length L]
#                                    [--opt OPT] [--plugin SO] [--root DIR]
#                                    [--per-file K] [--divopt-only]
#
# By default N pipelines each go to a file drawn at random; with --per-file K
# every input gets K pipelines (so no file is missed, which CI wants), and
# --count is ignored. --divopt-only draws DivOpt's passes alone, without the
# standard ones, so that what each DivOpt pass leaves is what the next one
# reads. The same seed gives the same pipelines over the same files. Each
# failure prints the command that reproduces it; one that the pipeline's
# standard passes alone reproduce on the same input (an LLVM bug, such as
# unify-loop-exits on some switches) is listed apart and not counted.
# Tests marked XFAIL (known DivOpt
# crashes, kept as reproducers) are skipped and listed, as are inputs opt
# cannot read without the plugin (the malformed-input tests' own inputs).
# DivOpt's passes come from divopt-passes.txt, so a new pass is fuzzed as
# soon as it is listed there.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seed=1
count=200
length=6
opt=${OPT:-opt-22}
plugin=${DIVOPT_PLUGIN:-$root/build/passes/libDivOpt.so}
tests=$root/test
timeout_s=60
per_file=0
divopt_only=0
while [ $# -gt 0 ]; do
  case $1 in
  --seed) seed=$2; shift 2 ;;
  --count) count=$2; shift 2 ;;
  --per-file) per_file=$2; shift 2 ;;
  --divopt-only) divopt_only=1; shift ;;
  --length) length=$2; shift 2 ;;
  --opt) opt=$2; shift 2 ;;
  --plugin) plugin=$2; shift 2 ;;
  --root) tests=$2; shift 2 ;;
  *) echo "random-pipelines: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -f "$plugin" ] || { echo "random-pipelines: no plugin at $plugin" >&2; exit 2; }

# DivOpt's passes, without the list's markers; the divopt pipeline and
# kernel-split, bbv-profile and thread-remap are module passes, the rest
# function passes.
mapfile -t divopt < <(sed -e '/^#/d' -e '/^$/d' -e 's/^[!~+]//' \
  "$here/divopt-passes.txt")
# Standard passes, each as a module-level pipeline element.
standard=(
  'function(instcombine<no-verify-fixpoint>)' 'function(simplifycfg)'
  'function(simplifycfg<hoist-common-insts;sink-common-insts>)'
  'function(gvn)' 'function(loop(loop-rotate))' 'function(sroa)'
  'function(early-cse)' 'function(loop-mssa(licm))' 'function(sink)'
  'function(jump-threading)' 'function(break-crit-edges)'
  'function(lower-switch)' 'function(reg2mem)' 'function(mem2reg)'
  'function(structurizecfg)' 'function(fix-irreducible)'
  'function(unify-loop-exits)' 'function(gvn-sink)' 'function(mldst-motion)'
  'function(loop-unroll<O2>)' 'function(lcssa)'
)

element() {
  local p=$1
  case $p in
  divopt | kernel-split* | bbv-profile* | thread-remap*) echo "$p" ;;
  *) echo "function($p)" ;;
  esac
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A misspelt pass name would make every run that draws it fail for nothing.
printf 'target triple = "nvptx64-nvidia-cuda"\n' >"$tmp/empty.ll"
for e in "${standard[@]}"; do
  "$opt" "-passes=$e" -disable-output "$tmp/empty.ll" ||
    { echo "random-pipelines: opt does not run $e" >&2; exit 2; }
done

# Inputs: every readable .ll that is not a known crash.
inputs=()
skipped=()
while IFS= read -r f; do
  if grep -q 'XFAIL:' "$f"; then
    skipped+=("$f (XFAIL)")
  elif ! "$opt" -disable-output "$f" 2>/dev/null; then
    skipped+=("$f (opt cannot read it)")
  else
    inputs+=("$f")
  fi
done < <(find "$tests" -name '*.ll' -not -path '*/Output/*' | LC_ALL=C sort)
[ ${#inputs[@]} -gt 0 ] || { echo "random-pipelines: no inputs under $tests" >&2; exit 2; }

[[ $per_file =~ ^[0-9]+$ ]] ||
  { echo "random-pipelines: --per-file takes a count" >&2; exit 2; }
if [ "$per_file" -gt 0 ]; then
  count=$((per_file * ${#inputs[@]}))
fi

RANDOM=$seed
failures=0
llvm_failures=0
. "$(dirname "$0")/../lib/progress.sh"
progress_start "$count"
for ((run = 1; run <= count; run++)); do
  [ "$run" -gt 1 ] && progress_tick $((run - 1)) "pipelines, $failures failed"
  if [ "$per_file" -gt 0 ]; then
    f=${inputs[(run - 1) / per_file]}
  else
    f=${inputs[RANDOM % ${#inputs[@]}]}
  fi
  n=$((RANDOM % length + 1))
  pipeline=
  standard_only=
  for ((i = 0; i < n; i++)); do
    # The first element is DivOpt's, and about half of the others (all of
    # them with --divopt-only).
    if [ $i -eq 0 ] || [ $divopt_only -eq 1 ] || [ $((RANDOM % 2)) -eq 0 ]; then
      e=$(element "${divopt[RANDOM % ${#divopt[@]}]}")
    else
      e=${standard[RANDOM % ${#standard[@]}]}
      standard_only+=${standard_only:+,}$e
    fi
    pipeline+=${pipeline:+,}$e
  done
  cmd=("$opt" -load-pass-plugin "$plugin" "-passes=$pipeline" -verify-each
       -disable-output "$f")
  timeout "$timeout_s" "${cmd[@]}" >"$tmp/out" 2>&1
  rc=$?
  if [ $rc -ne 0 ] && [ -n "$standard_only" ] &&
    ! (timeout "$timeout_s" "$opt" "-passes=$standard_only" -verify-each \
      -disable-output "$f") >/dev/null 2>&1; then
    llvm_failures=$((llvm_failures + 1))
    echo "LLVM run $run: fails without DivOpt's passes too: $opt -passes='$standard_only' $f"
  elif [ $rc -ne 0 ]; then
    failures=$((failures + 1))
    why="exit status $rc"
    [ $rc -eq 124 ] && why="timed out after $timeout_s s"
    [ $rc -gt 128 ] && [ $rc -ne 124 ] && why="killed by signal $((rc - 128))"
    echo "FAIL run $run ($why): ${cmd[*]@Q}"
    grep -v '^ *#[0-9]' "$tmp/out" | head -5 | sed 's/^/  /'
  fi
done
progress_tick "$count" "pipelines, $failures failed"
for s in "${skipped[@]}"; do
  echo "skipped: ${s#"$root"/}"
done
what=
[ $divopt_only -eq 1 ] && what=" of DivOpt's passes alone"
llvm=
[ $llvm_failures -gt 0 ] && llvm=" ($llvm_failures more fail without DivOpt's passes)"
echo "random-pipelines: seed $seed, $count pipelines$what over ${#inputs[@]} files, $failures failed$llvm"
[ $failures -eq 0 ]
