# The clang-22 toolchain scripts/fuzz/carry-toolchain.sh packs, unpacked on
# a machine without LLVM (the GPU machine). Source it, then:
#   toolchain_unpack DIR     # unpacks .carry/llvm/llvm22.tar into DIR once,
#                            # exports LD_LIBRARY_PATH, CLANG (clang++) and
#                            # DIVOPT_PLUGIN (the plugin packed with it)
toolchain_unpack() {
  local tc=$1 tar=${TOOLCHAIN_TAR:-$root/.carry/llvm/llvm22.tar}
  if [ ! -x "$tc/llvm22/bin/clang" ]; then
    [ -f "$tar" ] || { echo "toolchain: no $tar: run scripts/fuzz/carry-toolchain.sh where LLVM 22 is, and carry .carry/llvm" >&2; return 1; }
    mkdir -p "$tc"
    tar xf "$tar" -C "$tc"
    tar xJf "$tc/llvm22/lib/clang/22/include.tar.xz" -C "$tc/llvm22/lib/clang/22"
    rm "$tc/llvm22/lib/clang/22/include.tar.xz"
    find "$tc" -name '*.xz' -print0 | xargs -0 -P4 -n1 xz -d
  fi
  export LD_LIBRARY_PATH=$tc/llvm22/syslib:$tc/llvm22/lib:${LD_LIBRARY_PATH:-}
  export CLANG=$tc/llvm22/bin/clang++ DIVOPT_PLUGIN=$tc/llvm22/libDivOpt.so
}

# clang 22 where it is installed, else the carried one:
#   toolchain_find DIR   # exports CLANG: $CLANGXX, clang++-22 on PATH, or
#                        # toolchain_unpack DIR (which also exports
#                        # DIVOPT_PLUGIN and LD_LIBRARY_PATH)
toolchain_find() {
  if [ -n "${CLANGXX:-}" ]; then
    export CLANG=$CLANGXX
  elif command -v clang++-22 >/dev/null; then
    export CLANG=$(command -v clang++-22)
  else
    toolchain_unpack "$1"
  fi
}
