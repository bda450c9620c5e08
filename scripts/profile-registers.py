#!/usr/bin/env python3
"""Registers and occupancy of the bench kernels, instrumented or not.

For every kernel of the given .cu files: the registers `ptxas -arch=sm_90
-v` gives clang -O3's PTX, the instrumented PTX (-divopt-profile-generate
at --sample) from --plugin and, with --before-plugin, from another build
of the plugin; and the blocks an SM holds at the kernel's bench block
sizes (H100/H200: 65536 registers, 64 warps, 32 blocks, 228 KiB of shared
memory an SM). The uncounted blocks of a sampled build run at the
instrumented count, so a kernel whose blocks per SM drop loses occupancy
in every block. Prints a Markdown table; with --check, exits 1 where the
instrumented kernel (--plugin) holds fewer blocks per SM than clang -O3's
at any of its block sizes.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "lib"))
import registers as check_registers  # noqa: E402

# The bench's block sizes (bench/host/*Bench.cpp): 256 threads, but for
# the bitonic sort (one run per size) and N-Queens (meld.cu's
# MeldQueensBlock; the N-Queens search, MeldSearchBlock).
BLOCKS = {"meld_bitonic": [32, 64, 128, 256], "meld_nqueens": [64],
          "meld_queens": [96], "meld_queens_rowmajor": [96]}
DEFAULT_BLOCK = 256

# sm_90 limits an SM.
REGISTERS, WARPS, BLOCKS_PER_SM = 65536, 64, 32
REGISTER_UNIT, WARP_UNIT = 256, 4
SHARED, SHARED_RESERVED = 233472, 1024


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def ptx(args, src, out, plugin=None, sample=None):
    cmd = [args.clang, "-x", "cuda", "--cuda-gpu-arch=sm_90",
           f"--cuda-path={args.cuda}", "-Wno-unknown-cuda-version", "-O3",
           "--cuda-device-only", "-S", src, "-o", out]
    if plugin:
        cmd += ["-Xarch_device", f"-fpass-plugin={plugin}", "-mllvm",
                "-divopt-profile-generate", "-mllvm",
                f"-divopt-profile-sample={sample}", "-gline-tables-only"]
    run(cmd)
    return out


def resources(args, path):
    """{kernel: (registers, static shared bytes)} from ptxas -v."""
    text = run([args.ptxas, "-arch=sm_90", "-v", path, "-o",
                os.devnull]).stderr
    return check_registers.parse_ptxas_resources(text)


def blocks_per_sm(registers, shared, threads):
    warps = math.ceil(threads / 32)
    per_warp = math.ceil(registers * 32 / REGISTER_UNIT) * REGISTER_UNIT
    warps_by_registers = REGISTERS // per_warp // WARP_UNIT * WARP_UNIT
    limits = [BLOCKS_PER_SM, WARPS // warps, warps_by_registers // warps]
    if shared:
        limits.append(SHARED // (shared + SHARED_RESERVED))
    return min(limits)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("sources", nargs="+", help="CUDA files (bench/kernels)")
    p.add_argument("--plugin", required=True, help="libDivOpt.so")
    p.add_argument("--before-plugin", help="another libDivOpt.so to compare")
    p.add_argument("--sample", type=int, default=64)
    p.add_argument("--clang", default="clang++-22")
    p.add_argument("--cuda", default="/usr/local/cuda")
    p.add_argument("--ptxas", default=None)
    p.add_argument("--kernels", help="only these kernels, comma-separated")
    p.add_argument("--check", action="store_true",
                   help="exit 1 where the instrumented kernel holds fewer "
                   "blocks per SM than clang -O3's")
    args = p.parse_args()
    args.ptxas = args.ptxas or os.path.join(args.cuda, "bin", "ptxas")
    only = set(args.kernels.split(",")) if args.kernels else None

    variants = [("plain", None)]
    if args.before_plugin:
        variants.append(("before", args.before_plugin))
    variants.append(("after", args.plugin))
    rows, lost = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for src in args.sources:
            stem = os.path.splitext(os.path.basename(src))[0]
            counts = {}
            for name, plugin in variants:
                out = os.path.join(tmp, f"{stem}.{name}.ptx")
                counts[name] = resources(
                    args, ptx(args, src, out, plugin, args.sample))
            for kernel in counts["plain"]:
                if only and kernel not in only:
                    continue
                for threads in BLOCKS.get(kernel, [DEFAULT_BLOCK]):
                    row = {"kernel": kernel, "threads": threads}
                    for name, _ in variants:
                        regs, shared = counts[name][kernel]
                        row[name] = (regs, blocks_per_sm(regs, shared, threads))
                    if row["after"][1] < row["plain"][1]:
                        lost.append(f"{kernel} ({threads} threads)")
                    rows.append(row)

    names = [n for n, _ in variants]
    print("| kernel | block | registers " + " / ".join(names) +
          " | blocks per SM " + " / ".join(names) + " |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        regs = " / ".join(str(r[n][0]) for n in names)
        occ = " / ".join(str(r[n][1]) for n in names)
        mark = " **(lower)**" if r["after"][1] < r["plain"][1] else ""
        print(f"| {r['kernel']} | {r['threads']} | {regs} | {occ}{mark} |")
    print(f"\n{len(rows)} rows; instrumented (sample={args.sample}) below "
          f"clang -O3's occupancy: {len(lost)}"
          + (": " + ", ".join(lost) if lost else ""))
    return 1 if args.check and lost else 0


if __name__ == "__main__":
    sys.exit(main())
