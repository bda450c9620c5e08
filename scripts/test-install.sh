#!/usr/bin/env bash
# What a user of the installed DivOpt does, checked without a GPU:
#   1. cmake --install of build/ into a temporary prefix;
#   2. examples/ configured and built against it (find_package(DivOpt),
#      divopt_enable) with clang++-22 as the C++ compiler, the route that
#      Debian 12's CMake 3.25 supports; the compile must report the kernel
#      split and the branch distributed;
#   3. the Debian package (cpack -G DEB) built; as root, installed with
#      dpkg -i, the example built again against /usr, and the package
#      removed (dpkg -r) so the machine is left as it was.
# Builds DivOpt first when build/ has no plugin.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/divopt-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
[ -f "$build/passes/libDivOpt.so" ] || "$root/scripts/build.sh" >/dev/null

step() { echo "== test-install: $*"; }
# Configures and builds examples/ into $tmp/$1; the rest goes to cmake.
build_example() {
  local dir=$tmp/$1
  shift
  cmake -S "$root/examples" -B "$dir" -DCMAKE_CXX_COMPILER=clang++-22 "$@" >"$dir.log" 2>&1 ||
    { cat "$dir.log"; return 1; }
  cmake --build "$dir" -j2 >>"$dir.log" 2>&1 || { cat "$dir.log"; return 1; }
  local want
  for want in "kernel step(.*) split into" "distributed divergent branch"; do
    grep -q "remark: $want" "$dir.log" ||
      { cat "$dir.log"; echo "test-install: no '$want' remark" >&2; return 1; }
  done
  [ -x "$dir/particles" ] && [ -x "$dir/particles-plain" ]
  echo "built $dir/particles and particles-plain: kernel split, branch distributed"
}

step "cmake --install into $tmp/prefix"
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in lib/libDivOpt.so lib/libdivopt-runtime.a include/divopt/runtime/Launch.h \
         bin/divopt-explain bin/divopt-profdata include/divopt/profile/ProfileText.h \
         lib/cmake/DivOpt/DivOptConfig.cmake lib/cmake/DivOpt/DivOptEnable.cmake; do
  [ -e "$tmp/prefix/$f" ] || { echo "test-install: $f not installed" >&2; exit 1; }
done
opt-22 -load-pass-plugin "$tmp/prefix/lib/libDivOpt.so" --version | grep "DivOpt version"
"$tmp/prefix/bin/divopt-profdata" --help | grep -q "divopt-profdata merge"

step "examples/ against the prefix"
build_example example-prefix -DCMAKE_PREFIX_PATH="$tmp/prefix"

step "Debian package"
(cd "$build" && cpack -G DEB -B "$tmp/deb" >/dev/null)
deb=$(ls "$tmp"/deb/divopt_*.deb)
dpkg-deb -f "$deb" Package Version Depends
contents=$(dpkg-deb -c "$deb")
for f in /usr/lib/libDivOpt.so /usr/lib/cmake/DivOpt/DivOptConfig.cmake \
         /usr/include/divopt/runtime/Launch.h /usr/bin/divopt-explain \
         /usr/bin/divopt-profdata; do
  grep -q " \.$f\$" <<<"$contents" ||
    { echo "test-install: $f not in $(basename "$deb")" >&2; exit 1; }
done
if [ "$(id -u)" -ne 0 ]; then
  echo "test-install: not root: dpkg -i of $(basename "$deb") skipped"
  exit 0
fi
if dpkg -s divopt >/dev/null 2>&1; then
  echo "test-install: a divopt package is installed already: dpkg -i skipped" >&2
  exit 1
fi
dpkg -i "$deb" >/dev/null
trap 'dpkg -r divopt >/dev/null; rm -rf "$tmp"' EXIT
step "examples/ against the installed package"
build_example example-deb
