#!/usr/bin/env python3
"""Checks DivOpt's register estimate against ptxas.

For every kernel in the given .cu and .ll files: the estimate from
`print<divopt-cost>` on the IR, and the count `ptxas -arch=sm_90 -v` reports
for the PTX llc makes of the same IR. Prints one row per kernel and the
Spearman rank correlation; exits 1 when it is below --min-rho.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "lib"))
from registers import (device_ir, estimates, is_nvptx_kernel_file,  # noqa: E402
                       ptxas_counts, spearman)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--tools", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--min-rho", type=float, default=0.9)
    ap.add_argument("--csv")
    args = ap.parse_args()
    files = []
    for f in args.files:
        if os.path.isdir(f):
            files += sorted(os.path.join(f, n) for n in os.listdir(f)
                            if n.endswith(".ll"))
        else:
            files.append(f)
    tools = {"opt": f"{args.tools}/opt", "llc": f"{args.tools}/llc",
             "clang": f"{args.tools}/clang++", "plugin": args.plugin,
             "ptxas": f"{args.cuda}/bin/ptxas", "cuda": args.cuda}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, path in enumerate(files):
            if not is_nvptx_kernel_file(path):
                continue
            try:
                ir = device_ir(path, tools, f"{tmp}/{i}.ll")
                est = estimates(ir, tools)
                act = ptxas_counts(ir, tools, f"{tmp}/{i}.ptx")
            except subprocess.CalledProcessError as e:
                print(f"skipped {path}: {e.stderr.strip()[:200]}", file=sys.stderr)
                continue
            for name, regs in act.items():
                if name in est:
                    rows.append((os.path.basename(path), name, est[name], regs))
    if len(rows) < 3:
        print("too few kernels to correlate", file=sys.stderr)
        return 1
    print(f"{'file':32} {'kernel':32} {'estimate':>8} {'ptxas':>6}")
    for r in rows:
        print(f"{r[0][:32]:32} {r[1][:32]:32} {r[2]:8} {r[3]:6}")
    rho = spearman([r[2] for r in rows], [r[3] for r in rows])
    print(f"kernels: {len(rows)}  spearman rho: {rho:.3f}  (required >= {args.min_rho})")
    if args.csv:
        with open(args.csv, "w") as f:
            f.write("file,kernel,estimate,ptxas\n")
            for r in rows:
                f.write(",".join(map(str, r)) + "\n")
    return 0 if rho >= args.min_rho else 1


if __name__ == "__main__":
    sys.exit(main())
