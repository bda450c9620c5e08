#!/usr/bin/env bash
# Checks that scripts/setup.sh installs everything the test suite uses, as a
# fresh machine needs it (CI's machine keeps what earlier runs installed, so
# a package setup forgets would pass there and fail a new user):
#   1. every file below, which the suite runs, links or includes, belongs to
#      a Debian package that setup.sh lists;
#   2. with --reinstall PKG..., each PKG is removed and setup.sh must bring
#      it back (CI does it for the leaf packages the suite alone needs).
# A new tool or library in a test goes into SUITE_FILES and, its package,
# into setup.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --reinstall ]; then
  shift
  echo "check-setup: removing $* and running setup.sh"
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
    remove -y -qq "$@" >/dev/null
  "$root/scripts/setup.sh"
  for p in "$@"; do
    dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' ||
      { echo "check-setup: setup.sh did not install $p again" >&2; exit 1; }
  done
fi

asan=$(clang++-22 -print-file-name=libclang_rt.asan-x86_64.so)
ubsan=$(clang++-22 -print-file-name=libclang_rt.ubsan_standalone-x86_64.so)
SUITE_FILES=(
  /usr/lib/llvm-22/lib/cmake/llvm/LLVMConfig.cmake # the build
  /usr/lib/llvm-22/bin/clang++ /usr/lib/llvm-22/bin/opt /usr/lib/llvm-22/bin/llc
  /usr/lib/llvm-22/bin/FileCheck /usr/lib/llvm-22/bin/not
  /usr/lib/llvm-22/bin/count /usr/lib/llvm-22/bin/lit
  /usr/lib/llvm-22/bin/clang-linker-wrapper # whole-program and -fgpu-rdc tests
  "$asan" "$ubsan" # scripts/test-sanitized.sh, test/fuzz/ub-check.test
  /usr/include/gtest/gtest.h
  /usr/bin/c++filt # test/bench-tools/ncu-compare.test
)

status=0
mapfile -t listed < <("$root/scripts/setup.sh" --list)
for f in "${SUITE_FILES[@]}"; do
  if [ ! -e "$f" ]; then
    echo "check-setup: $f is missing after setup" >&2
    status=1
    continue
  fi
  # The package that owns the path itself (c++filt's link is binutils'),
  # else the one that owns what it links to.
  pkg=$(dpkg -S "$f" 2>/dev/null | head -1 | cut -d: -f1)
  [ -n "$pkg" ] ||
    pkg=$(dpkg -S "$(readlink -f "$f")" 2>/dev/null | head -1 | cut -d: -f1)
  if [ -z "$pkg" ]; then
    echo "check-setup: no package owns $f" >&2
    status=1
  elif ! printf '%s\n' "${listed[@]}" | grep -qx "$pkg"; then
    echo "check-setup: $f comes from $pkg, which scripts/setup.sh does not install" >&2
    status=1
  fi
done

[ $status -eq 0 ] && echo "check-setup: every package the suite needs is in setup.sh"
exit $status
