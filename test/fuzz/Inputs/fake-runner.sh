#!/usr/bin/env bash
# Plays divopt-fuzz-runner for run-campaign.test: the first kernel of the
# pack "faults" (verdict recorded, exit 75, as after a lost context); a
# restarted runner finds it recorded and passes the rest.
set -eu
while [ $# -gt 0 ]; do
  case $1 in
  --pack) pack=$2; shift 2 ;;
  --results) results=$2; shift 2 ;;
  *) shift ;;
  esac
done
echo "# runner: FakeGPU sm_90, driver 13000, pack commit x, fake" >>"$results"
first=1
grep '^kernel ' "$pack/manifest.txt" | while read -r _ name seed edits _; do
  if grep -q "^$name	" "$results"; then first=0; continue; fi
  if [ $first -eq 1 ]; then
    printf '%s\t%s\t%s\tdivopt-fault\tillegal address\n' "$name" "$seed" "$edits" >>"$results"
    exit 75
  fi
  printf '%s\t%s\t%s\tok\t\n' "$name" "$seed" "$edits" >>"$results"
done
