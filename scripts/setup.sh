#!/usr/bin/env bash
# Installs with apt-get what DivOpt's build and whole test suite need on
# Debian 12, when it is missing: LLVM 22 (opt, clang, lit, FileCheck,
# headers), clang-linker-wrapper (clang-tools-22: clang needs it to link a
# CUDA program, and for -fgpu-rdc), clang's sanitizer runtimes, CMake, a C++
# compiler and GoogleTest. CUDA is expected at /usr/local/cuda (or
# $CUDA_PATH); it is not installed here.
#
#   scripts/setup.sh            install what is missing
#   scripts/setup.sh --list     print the packages, one a line
#
# PACKAGES is the one list: each package with a file or command that shows
# it is there. scripts/check-setup.sh (run by CI) checks that every file the
# suite uses belongs to a package of this list, and that setup installs
# again what is removed.
set -euo pipefail

asan_runtime() {
  clang++-22 -print-file-name=libclang_rt.asan-x86_64.so 2>/dev/null || true
}

# package | probe: a command name, or an absolute file path, or @function
PACKAGES=(
  "llvm-22-dev|/usr/lib/llvm-22/lib/cmake/llvm/LLVMConfig.cmake"
  "llvm-22-tools|/usr/lib/llvm-22/bin/FileCheck"
  "llvm-22|opt-22"
  "llvm-22-runtime|/usr/lib/llvm-22/bin/lli"
  "clang-22|clang++-22"
  "clang-tools-22|/usr/lib/llvm-22/bin/clang-linker-wrapper"
  "libclang-rt-22-dev|@asan_runtime"
  "cmake|cmake"
  "g++|g++"
  "binutils|c++filt"
  "make|make"
  "libgtest-dev|/usr/include/gtest/gtest.h"
  "python3|python3"
)

present() {
  local probe=$1
  case $probe in
  @*)
    local f
    f=$("${probe#@}")
    [ -n "$f" ] && [ -f "$f" ]
    ;;
  /*) [ -e "$probe" ] ;;
  *) command -v "$probe" >/dev/null ;;
  esac
}

if [ "${1:-}" = --list ]; then
  for entry in "${PACKAGES[@]}"; do echo "${entry%%|*}"; done
  exit 0
fi
# Accepted for the scripts that asked for the sanitizer runtimes alone;
# they are always installed now (the suite's UB check links with them).
[ "${1:-}" = --sanitizers ] && shift
[ $# -eq 0 ] || { echo "usage: $0 [--list]" >&2; exit 2; }

need=()
for entry in "${PACKAGES[@]}"; do
  present "${entry#*|}" || need+=("${entry%%|*}")
done

if [ ${#need[@]} -eq 0 ]; then
  echo "setup: all dependencies present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root to install: ${need[*]}" >&2; exit 1; }
  sudo=sudo
fi
echo "setup: installing ${need[*]}"
# On a shared machine another apt may hold dpkg's lock for a while: wait
# for it (up to 10 minutes) rather than fail at once; a download that
# fails is tried again.
wait_lock=(-o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
$sudo apt-get "${wait_lock[@]}" update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get "${wait_lock[@]}" install -y -qq \
  --no-install-recommends "${need[@]}" >/dev/null
for entry in "${PACKAGES[@]}"; do
  present "${entry#*|}" || { echo "setup: ${entry%%|*} installed, but ${entry#*|} is still missing" >&2; exit 1; }
done
echo "setup: done"
