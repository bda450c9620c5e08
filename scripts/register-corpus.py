#!/usr/bin/env python3
"""Checks DivOpt's register estimate against ptxas on the register corpus.

The corpus has three subsets, each checked on its own:
  fuzz  the differential fuzzer's random kernels (scripts/fuzz/gen_kernel.py,
        seeds 1..--fuzz-seeds), compiled together in one file, each in its
        own namespace;
  ours  every bench kernel and every lit input holding an NVPTX kernel;
  apps  application-style kernels of shapes none of the above has
        (test/cost-model/Inputs/corpus: photon transport, sorting, stencils,
        searches, reductions, launch bounds from 32 to 1024 threads, register
        tiles past 255 registers).
For every kernel: the estimate of `print<divopt-cost>` and the count
`ptxas -arch=sm_90 -v` reports for the PTX llc makes of the same IR. Per
subset: Spearman's rho and the mean absolute error; exits 1 when a subset
misses --min-rho or --max-mae.

--registers minimum checks, instead of an estimate, the fewest registers
ptxas compiles each kernel with, spilling nothing: what any estimate of a
kernel's register need reaches at best, since the count ptxas reports by
default is that need plus what its scheduling chooses to use above it.

--sample N checks N fuzz seeds and N files of each other subset, chosen
with a fixed seed (--sample-seed; the bench and lit files by a hash of
their paths, so that a new file takes at most one file's place), so that
the lit test stays fast; the committed report (--report) covers the whole
corpus.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

sys.path.insert(0, os.path.join(HERE, "lib"))
import registers as cr  # noqa: E402


def fuzz_source(seeds):
    """One .cu holding the fuzz kernels of the seeds, kernel k renamed k_SEED."""
    gen = os.path.join(HERE, "fuzz", "gen_kernel.py")
    parts = []
    for seed in seeds:
        src = subprocess.run([sys.executable, gen, "--seed", str(seed)],
                             check=True, capture_output=True, text=True).stdout
        src = src.replace('extern "C" __global__ void k(',
                          f'extern "C" __global__ void k_{seed}(')
        parts.append(f"namespace fuzz{seed} {{\n{src}\n}}\n")
    return "".join(parts)


def our_files():
    files = sorted(glob.glob(os.path.join(ROOT, "bench/kernels/*.cu")) +
                   glob.glob(os.path.join(ROOT, "bench/examples/*.cu")) +
                   glob.glob(os.path.join(ROOT, "bench/regroup/*.cu")))
    for path in sorted(glob.glob(os.path.join(ROOT, "test/**/*.ll"),
                                 recursive=True)):
        if "/Inputs/corpus/" not in path and cr.is_nvptx_kernel_file(path):
            files.append(path)
    for path in sorted(glob.glob(os.path.join(ROOT, "test/**/*.cu"),
                                 recursive=True)):
        if "/Inputs/corpus/" not in path:
            files.append(path)
    return files


def app_files():
    return sorted(glob.glob(os.path.join(ROOT, "test/cost-model/Inputs/corpus/*.cu")))


def measure(path, tools, tmp, tag, reuse=False):
    """(file, kernel, estimate, ptxas) rows of one source file. With reuse,
    the IR and ptxas counts of an earlier run in the same directory are
    taken as they are (for iterating on the estimate)."""
    try:
        ir = os.path.join(tmp, f"{tag}.ll")
        ptx = os.path.join(tmp, f"{tag}.ptx")

        def count():
            cr.device_ir(path, tools, ir)
            return cr.ptxas_counts(ir, tools, ptx)
        act = cached(os.path.join(tmp, f"{tag}.ptxas.json"), reuse, count)
        if tools["mode"] == "minimum":
            # ptxas's fewest registers without spills, for each kernel.
            est = cached(os.path.join(tmp, f"{tag}.minimum.json"), reuse,
                         lambda: {k: cr.ptxas_minimum(ptx, k, r, tools)
                                  for k, r in act.items()})
        else:
            est = cr.estimates(ir, tools)
    except subprocess.CalledProcessError as e:
        print(f"skipped {path}: {(e.stderr or '').strip()[:200]}",
              file=sys.stderr)
        return []
    name = os.path.relpath(path, ROOT) if path.startswith(ROOT) else os.path.basename(path)
    return [(name, k, est[k], r) for k, r in act.items() if k in est]


def cached(path, reuse, compute):
    """compute()'s JSON-able result, kept in path; with reuse, an earlier
    run's from there."""
    if reuse and os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    found = compute()
    with open(path, "w") as f:
        json.dump(found, f)
    return found


def thresholds(text, subsets):
    """{subset: value} from "0.95" (every subset) or "fuzz=0.8,ours=0.9"."""
    if "=" not in text:
        return {n: float(text) for n in subsets}
    out = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        out[name.strip()] = float(value)
    missing = [n for n in subsets if n not in out]
    if missing:
        sys.exit(f"error: no threshold for {', '.join(missing)} in '{text}'")
    return out


def summarize(rows):
    est = [r[2] for r in rows]
    act = [r[3] for r in rows]
    rho = cr.spearman(est, act) if len(rows) >= 3 else 0.0
    mae = sum(abs(a - b) for a, b in zip(est, act)) / max(1, len(rows))
    bias = sum(a - b for a, b in zip(est, act)) / max(1, len(rows))
    return rho, mae, bias


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--tools", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--fuzz-seeds", type=int, default=400)
    ap.add_argument("--sample", type=int, default=0,
                    help="check only this many fuzz seeds and files per subset")
    ap.add_argument("--fuzz-sample", type=int, default=0,
                    help="fuzz seeds to check with --sample (default: --sample)")
    ap.add_argument("--sample-seed", type=int, default=18)
    ap.add_argument("--min-rho", default="0.95",
                    help="the least Spearman rho, for every subset or per "
                    "subset (fuzz=0.8,ours=0.9,apps=0.6)")
    ap.add_argument("--max-mae", default="3.0",
                    help="the largest mean absolute error, likewise")
    ap.add_argument("--subsets", default="fuzz,ours,apps")
    ap.add_argument("--registers", choices=("estimate", "ptxas", "minimum"),
                    default="estimate",
                    help="check the static estimate (the default), the "
                    "exact mode's counts (-divopt-registers=ptxas), or "
                    "the fewest registers ptxas can compile each kernel "
                    "with (a -maxrregcount search: the most any estimate "
                    "of register need can reach)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--csv", help="write every kernel's row here")
    ap.add_argument("--report", help="write a markdown summary here")
    ap.add_argument("--workdir", help="keep the IR and counts here (default: "
                    "a temporary directory)")
    ap.add_argument("--reuse", action="store_true",
                    help="reuse the IR and ptxas counts found in --workdir")
    args = ap.parse_args()
    tools = {"opt": f"{args.tools}/opt", "llc": f"{args.tools}/llc",
             "clang": f"{args.tools}/clang++", "plugin": args.plugin,
             "ptxas": f"{args.cuda}/bin/ptxas", "cuda": args.cuda,
             "mode": args.registers,
             "opt_args": [] if args.registers != "ptxas" else
             ["-divopt-registers=ptxas", f"-divopt-ptxas={args.cuda}/bin/ptxas"]}
    rng = random.Random(args.sample_seed)
    subsets = args.subsets.split(",")
    seeds = list(range(1, args.fuzz_seeds + 1))
    ours, apps = our_files(), app_files()
    if args.sample:
        seeds = sorted(rng.sample(seeds, min(args.fuzz_sample or args.sample,
                                             len(seeds))))
        # By a hash of each path, not a draw from the list: a new test file
        # then takes at most one file's place in the sample, not reshuffle it.
        def rank(path):
            rel = os.path.relpath(path, ROOT)
            return zlib.crc32(f"{args.sample_seed}:{rel}".encode())
        ours = sorted(sorted(ours, key=rank)[:args.sample])
        apps = sorted(rng.sample(apps, min(args.sample, len(apps))))
    rows = {s: [] for s in subsets}
    with tempfile.TemporaryDirectory() as tmpdir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        tmp = args.workdir or tmpdir
        os.makedirs(tmp, exist_ok=True)
        jobs = []
        if "fuzz" in subsets:
            # Chunks of 50 seeds: one clang run each, two run at once.
            for c in range(0, len(seeds), 50):
                path = os.path.join(tmp, f"fuzz{c}.cu")
                if not (args.reuse and os.path.exists(path)):
                    with open(path, "w") as f:
                        f.write(fuzz_source(seeds[c:c + 50]))
                jobs.append(("fuzz", pool.submit(measure, path, tools, tmp,
                                                 f"f{c}", args.reuse)))
        for name, files in (("ours", ours), ("apps", apps)):
            if name in subsets:
                for path in files:
                    # Named after the file, so that --reuse finds its own.
                    tag = name + "-" + re.sub(r"[^A-Za-z0-9]+", "_",
                                              os.path.relpath(path, ROOT))
                    jobs.append((name, pool.submit(measure, path, tools, tmp,
                                                   tag, args.reuse)))
        for name, job in jobs:
            rows[name] += [(("fuzz" if name == "fuzz" else r[0]),) + r[1:]
                           for r in job.result()]
    min_rho = thresholds(args.min_rho, subsets)
    max_mae = thresholds(args.max_mae, subsets)
    ok = True
    lines = []
    print(f"{'subset':6} {'kernels':>7} {'rho':>6} {'mae':>6} {'bias':>6}")
    for name in subsets:
        rho, mae, bias = summarize(rows[name])
        good = (len(rows[name]) >= 3 and rho >= min_rho[name] and
                mae <= max_mae[name])
        ok &= good
        line = (f"{name:6} {len(rows[name]):7} {rho:6.3f} {mae:6.2f} {bias:+6.2f}"
                f"  {'ok' if good else 'FAIL'}")
        lines.append(line)
        print(line)
    allrows = [r for name in subsets for r in rows[name]]
    rho, mae, bias = summarize(allrows)
    print(f"{'all':6} {len(allrows):7} {rho:6.3f} {mae:6.2f} {bias:+6.2f}")
    print("required: " + ", ".join(
        f"{n} rho >= {min_rho[n]}, mae <= {max_mae[n]}" for n in subsets))
    if args.csv:
        with open(args.csv, "w") as f:
            f.write("subset,file,kernel,estimate,ptxas\n")
            for name in subsets:
                for r in rows[name]:
                    f.write(",".join([name] + [str(x) for x in r]) + "\n")
    if args.report:
        with open(args.report, "w") as f:
            f.write("| subset | kernels | Spearman rho | mean abs error | mean bias |\n")
            f.write("|---|---|---|---|---|\n")
            for name in subsets:
                r, m, b = summarize(rows[name])
                f.write(f"| {name} | {len(rows[name])} | {r:.3f} | {m:.2f} | {b:+.2f} |\n")
            f.write(f"| all | {len(allrows)} | {rho:.3f} | {mae:.2f} | {bias:+.2f} |\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
