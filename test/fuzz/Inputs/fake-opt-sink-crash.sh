#!/usr/bin/env bash
# Plays opt for random-pipelines-llvm.test: every pipeline passes, except
# that one with LLVM's sink pass "crashes" (signal 11), whether DivOpt's
# passes run with it or not, and one with iter-delay<majority;force> fails, as a
# DivOpt bug would; an input without a function (the script's check that
# opt runs each standard pass) always passes.
passes=
for a in "$@"; do
  case $a in -passes=*) passes=${a#-passes=} ;; esac
done
last=${!#}
grep -q define "$last" 2>/dev/null || exit 0
case $passes in *'function(sink)'*) kill -SEGV $$ ;; esac
case $passes in *'iter-delay<majority;force>'*) exit 1 ;; esac
exit 0
