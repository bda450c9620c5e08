#!/usr/bin/env bash
# Installs what DivOpt needs on Debian 12 when it is missing: LLVM 22 (opt,
# clang, lit, FileCheck, headers), clang-linker-wrapper (clang-tools-22:
# clang needs it to link a CUDA program it compiles in the same command, and
# for -fgpu-rdc), CMake, a C++ compiler and GoogleTest.
# CUDA is expected at /usr/local/cuda (or $CUDA_PATH); it is not installed here.
# With --sanitizers also clang's sanitizer runtimes (libclang-rt-22-dev), which
# scripts/test-sanitized.sh builds the plugin against.
set -euo pipefail

need=()
if [ "${1:-}" = --sanitizers ]; then
  rt=$(clang++-22 -print-file-name=libclang_rt.asan-x86_64.so 2>/dev/null || true)
  [ -f "$rt" ] || need+=(libclang-rt-22-dev)
fi
command -v opt-22 >/dev/null || need+=(llvm-22-dev llvm-22-tools)
command -v clang++-22 >/dev/null || need+=(clang-22)
[ -x /usr/lib/llvm-22/bin/clang-linker-wrapper ] || need+=(clang-tools-22)
[ -f /usr/lib/llvm-22/lib/cmake/llvm/LLVMConfig.cmake ] || need+=(llvm-22-dev)
command -v cmake >/dev/null || need+=(cmake)
command -v g++ >/dev/null || need+=(g++)
command -v make >/dev/null || need+=(make)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
python3 -c 'import sys' 2>/dev/null || need+=(python3)

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
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "setup: done"
