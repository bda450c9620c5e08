#!/usr/bin/env python3
"""The cost model's calibration: predicted against measured speedups.

    calibrate.py predict --plugin build/passes/libDivOpt.so -o PRED.csv
        (where clang-22 and the plugin are) compiles every bench kernel with
        every pipeline a bench variant was built with (the forced transforms
        and the default pipeline), and records, per kernel, the speedup the
        cost model predicted in its remarks (1.0 where it left the kernel
        alone). bench/results/calibration-predictions.csv is its committed
        output.
    calibrate.py report --bench bench.csv --predictions PRED.csv [--md F]
        (anywhere, on the bench CSV of scripts/bench-gpu.sh) joins the
        predictions with the measured speedups over clang -O3, per
        configuration, and prints the error distribution: the sign right
        where the measured effect exceeds 5% either way, and the median of
        |predicted / measured - 1|.

A kernel whose variant took several transforms (branch distribution of
several branches) is predicted the product of their speedups. The split
benchmark has no forced DivOpt variant: kernel-split<force>'s prediction is
compared with the hand split (the same two kernels, written by hand).
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# benchmark -> [(variant in bench.csv, opt pipeline)]
CLEANUP = "instcombine<no-verify-fixpoint>,simplifycfg"
VARIANTS = {
    "itdelay": [
        ("clang-O3+DivOpt", "divopt"),
        ("DivOpt-majority", f"function(iter-delay<majority;force>,{CLEANUP})"),
        ("DivOpt-rr", f"function(iter-delay<round-robin;force>,{CLEANUP})"),
        ("DivOpt-rr-idle",
         f"function(iter-delay<round-robin;idle-removal;force>,{CLEANUP})"),
        ("DivOpt-advance", f"function(iter-delay<advance;force>,{CLEANUP})"),
    ],
    "loopadv": [
        ("clang-O3+DivOpt", "divopt"),
        ("DivOpt-advance", f"function(iter-delay<advance;force>,{CLEANUP})"),
        ("DivOpt-auto", f"function(branch-dist,iter-delay,{CLEANUP})"),
    ],
    "brdis": [
        ("clang-O3+DivOpt", "divopt"),
        ("DivOpt-forced", f"function(branch-dist<force>,{CLEANUP})"),
    ],
    "split": [
        ("clang-O3+DivOpt", "divopt"),
        ("hand-split", "kernel-split<force>"),
    ],
    "loopsplit": [
        ("clang-O3+DivOpt", "divopt"),
        ("loop-split", f"function(loop-split,{CLEANUP})"),
        ("loop-split-forced", f"function(loop-split<force>,{CLEANUP})"),
    ],
}

SPEEDUP = re.compile(r"predicted speedup ([0-9.]+)x")


def parse_remarks(path):
    """kernel -> [predicted speedups] of the Passed remarks of a YAML file."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path) as f:
        text = f.read()
    for doc in text.split("\n--- ")[0:]:
        if not doc.lstrip("- ").startswith("!Passed"):
            continue
        fn = re.search(r"^Function:\s+(\S+)", doc, re.M)
        strings = "".join(re.findall(r"String:\s+'((?:[^']|'')*)'", doc))
        m = SPEEDUP.search(strings.replace("''", "'"))
        if fn and m:
            out.setdefault(fn.group(1).strip("'\""), []).append(float(m.group(1)))
    return out


def kernels_of(ir):
    with open(ir) as f:
        return re.findall(r"^define .*ptx_kernel .*@\"?([\w.$]+)\"?\(", f.read(), re.M)


def predict(args):
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for bench, variants in VARIANTS.items():
            src = os.path.join(ROOT, "bench/kernels", f"{bench}.cu")
            ir = os.path.join(tmp, f"{bench}.ll")
            subprocess.run([args.clang, "-x", "cuda", "--cuda-gpu-arch=sm_90",
                            f"--cuda-path={args.cuda}", "-Wno-unknown-cuda-version",
                            "-O3", "--cuda-device-only", "-S", "-emit-llvm", src,
                            "-o", ir], check=True)
            kernels = kernels_of(ir)
            for variant, pipeline in variants:
                yaml = os.path.join(tmp, f"{bench}.{variant}.yaml")
                subprocess.run([args.opt, "-load-pass-plugin", args.plugin,
                                f"-passes={pipeline}", "-disable-output",
                                "-pass-remarks-output=" + yaml,
                                "-pass-remarks-filter=divopt", ir], check=True)
                got = parse_remarks(yaml)
                for k in kernels:
                    speedups = got.get(k, [])
                    pred = 1.0
                    for s in speedups:
                        pred *= s
                    rows.append((bench, variant, k, f"{pred:.4f}", len(speedups)))
    with open(args.output, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["benchmark", "variant", "kernel", "predicted", "transforms"])
        w.writerows(rows)
    print(f"{len(rows)} predictions in {args.output}")
    return 0


def report(args):
    pred = {}
    with open(args.predictions) as f:
        for r in csv.DictReader(f):
            pred[(r["benchmark"], r["variant"], r["kernel"])] = float(r["predicted"])
    base = {}  # (benchmark, config) -> the original kernel's name
    rows = []
    with open(args.bench) as f:
        measured = list(csv.DictReader(f))
    for r in measured:
        if r["variant"] == "clang-O3":
            base[(r["benchmark"], r["config"])] = r["kernels"]
    for r in measured:
        kernel = base.get((r["benchmark"], r["config"]))
        p = pred.get((r["benchmark"], r["variant"], kernel))
        if p is None or not r["speedup"]:
            continue
        m = float(r["speedup"])
        rows.append((r["benchmark"], r["config"], r["variant"], p, m))
    if not rows:
        print("no bench row matches a prediction", file=sys.stderr)
        return 1
    lines = [f"| benchmark | config | variant | predicted | measured | |p/m-1| | sign |",
             "|---|---|---|---|---|---|---|"]
    errors, decisive, right = [], 0, 0
    for b, c, v, p, m in rows:
        err = abs(p / m - 1)
        errors.append(err)
        sign = ""
        if abs(m - 1) > 0.05:
            decisive += 1
            ok = (p > 1) == (m > 1)
            right += ok
            sign = "right" if ok else "WRONG"
        lines.append(f"| {b} | {c} | {v} | {p:.3f}x | {m:.3f}x | {err:.1%} | {sign} |")
    device = measured[0].get("device", "?")
    commit = measured[0].get("commit", "?")[:12]
    summary = [
        f"device: {device}, bench commit {commit}",
        f"rows: {len(rows)}; median |predicted/measured - 1|: "
        f"{statistics.median(errors):.1%} (goal <= 10%)",
        f"sign right where the measured effect exceeds 5%: {right}/{decisive}",
    ]
    for b in VARIANTS:
        e = [abs(p / m - 1) for bb, _, _, p, m in rows if bb == b]
        if e:
            summary.append(f"  {b}: {len(e)} rows, median error {statistics.median(e):.1%}")
    text = "\n".join(lines + [""] + summary) + "\n"
    if args.md:
        with open(args.md, "w") as f:
            f.write("# Cost model calibration\n\n" + text)
    print(text)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("predict")
    p.add_argument("--plugin", required=True)
    p.add_argument("--clang", default="clang++-22")
    p.add_argument("--opt", default="opt-22")
    p.add_argument("--cuda", default="/usr/local/cuda")
    p.add_argument("-o", "--output", required=True)
    r = sub.add_parser("report")
    r.add_argument("--bench", required=True, help="bench.csv of bench-gpu.sh")
    r.add_argument("--predictions", required=True)
    r.add_argument("--md", help="also write the table here (markdown)")
    args = ap.parse_args()
    return predict(args) if args.cmd == "predict" else report(args)


if __name__ == "__main__":
    sys.exit(main())
