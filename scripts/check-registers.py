#!/usr/bin/env python3
"""Checks DivOpt's register estimate against ptxas.

For every kernel in the given .cu and .ll files: the estimate from
`print<divopt-cost>` on the IR, and the count `ptxas -arch=sm_90 -v` reports
for the PTX llc makes of the same IR. Prints one row per kernel and the
Spearman rank correlation; exits 1 when it is below --min-rho.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def device_ir(path, tools, out):
    # The estimate is made where DivOpt runs, at the end of the -O3
    # pipeline: hand-written test IR goes through that pipeline first.
    if path.endswith(".ll"):
        run([tools["opt"], "-passes=default<O3>", path, "-o", out])
        return out
    run([tools["clang"], "-x", "cuda", "--cuda-gpu-arch=sm_90",
         f"--cuda-path={tools['cuda']}", "-Wno-unknown-cuda-version", "-O3",
         "--cuda-device-only", "-S", "-emit-llvm", path, "-o", out])
    return out


def estimates(ir, tools):
    text = run([tools["opt"], "-load-pass-plugin", tools["plugin"],
                "-passes=print<divopt-cost>", "-disable-output", ir] +
               tools.get("opt_args", [])).stdout
    return {m.group(1): int(m.group(2)) for m in re.finditer(
        r"function '([^']+)' registers=(\d+)", text)}


def ptxas_counts(ir, tools, ptx):
    # Code generation at -O3, as clang -O3 runs it (llc's default is -O2,
    # which gives ptxas different code and counts for some kernels).
    run([tools["llc"], "-O3", "-mtriple=nvptx64", "-mcpu=sm_90", ir, "-o", ptx])
    err = run([tools["ptxas"], "-arch=sm_90", "-v", ptx, "-o", os.devnull]).stderr
    return {k: regs for k, (regs, _) in parse_ptxas_resources(err).items()}


def parse_ptxas_resources(text):
    """{kernel: (registers, static shared bytes)} from `ptxas -v`'s report."""
    found, kernel = {}, None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            kernel = m.group(1)
            continue
        m = re.search(r"Used (\d+) registers(?:.*?(\d+) bytes smem)?", line)
        if m and kernel:
            found[kernel] = (int(m.group(1)), int(m.group(2) or 0))
            kernel = None
    return found


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1  # ties share the mean rank
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else 0.0


def is_nvptx_kernel_file(path):
    if path.endswith(".cu"):
        return True
    with open(path) as f:
        text = f.read()
    return "nvptx" in text and "ptx_kernel" in text and "RUN: not" not in text


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
