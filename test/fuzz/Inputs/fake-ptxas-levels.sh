#!/usr/bin/env bash
# Plays ptxas for ref-stability.test: the "cubin" is the command line, then
# the PTX. fake-ptxas-levels.sh -arch=sm_90 -O0 IN.ptx -o OUT.cubin
set -eu
while [ $# -gt 0 ]; do
  case $1 in
  -o) out=$2; shift 2 ;;
  -O*) level=$1; shift ;;
  *.ptx) in=$1; shift ;;
  *) shift ;;
  esac
done
{ echo "ptxas $level"; cat "$in"; } >"$out"
