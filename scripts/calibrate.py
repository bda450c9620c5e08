#!/usr/bin/env python3
"""The cost model's calibration: predicted against measured speedups.

    calibrate.py predict --plugin build/passes/libDivOpt.so \\
            --configs bench/results/2026-11-22-h100-run11.csv \\
            --configs bench/results/2026-11-25-h100-meld.csv -o PRED.csv
        (where clang-22 and the plugin are) predicts, for every benchmark
        configuration of the given bench CSVs and every transform a bench
        variant measures (forced by DivOpt, or written by hand: the same
        transform), the speedup the cost model predicts in its remark
        (where a kernel took several, its regions' costs before over their
        sum after). The model gets the
        configuration's inputs as a profile would give them: the block size
        the bench launches (-divopt-assume-block-size: 256, or the params'
        block=), the grid where it is a block per SM (grid=sm:
        -divopt-assume-grid-blocks-per-sm=1), the branch's
        probability (!prof through the sources' DIVOPT_* macros), the switch
        rate of LOOP-ADVANCE (-divopt-assume-switch-rate) and the trip
        counts of KERNEL-SPLIT (test/kernel-split/Inputs/split-latency.cu,
        the bench's kernels with them written in). MCML's configurations
        (an mcml.csv of scripts/mcml-gpu.sh among the --configs) are its
        inputs, each predicted with the profile collected from it
        (--mcml-profiles), as the measured per-input builds were made
        (scripts/mcml-build.sh). It also records the
        automatic pipeline's decision for each configuration, with the
        block size stated in the code (reqntid) and no profile.
        bench/results/calibration-predictions.csv is its committed output.
    calibrate.py report --bench bench.csv [--bench ...] --predictions PRED.csv
            [--md F]
        (anywhere, on bench CSVs of scripts/bench-gpu.sh) joins predictions
        and measured speedups over clang -O3 and prints the error
        distribution: the sign right where the measured effect exceeds 5%
        either way, the median of |predicted / measured - 1|, per benchmark
        and overall; then each configuration's automatic decision against
        the measured transform (right: taken where it gains 5% or more,
        refused where it loses; where another of the pipeline's transforms
        took the kernel instead, right where the measured automatic build
        keeps 95% of what this one gains).
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
# The block size a bench launches where its params name none (bench/host).
BLOCK = 256
CLEANUP = "divopt-cleanup"
ITDELAY = {
    "majority": f"function(iter-delay<majority;force>,{CLEANUP})",
    "rr": f"function(iter-delay<round-robin;force>,{CLEANUP})",
    "rr-idle": f"function(iter-delay<round-robin;idle-removal;force>,{CLEANUP})",
    "advance": f"function(iter-delay<advance;force>,{CLEANUP})",
}
BRANCH_DIST = f"function(branch-dist<force>,{CLEANUP})"
# benchmark -> {bench variant: (transform, pipeline)}: the variants that
# measure a DivOpt transform (forced, or as the cost model decides where
# the bench has no forced build), and the hand-written equivalents, which
# the same transform predicts (reported apart: hand code is other code).
# KERNEL-SPLIT has no forced DivOpt build: its hand split stands for it.
TRANSFORMS = {
    "itdelay": {
        "DivOpt-majority": ("majority", ITDELAY["majority"]),
        "DivOpt-rr": ("rr", ITDELAY["rr"]),
        "DivOpt-rr-idle": ("rr-idle", ITDELAY["rr-idle"]),
        "DivOpt-advance": ("advance", ITDELAY["advance"]),
    },
    "loopadv": {
        "DivOpt-advance": ("advance", ITDELAY["advance"]),
    },
    "brdis": {
        "clang-O3+DivOpt": ("branch-dist", f"function(branch-dist,{CLEANUP})"),
        "DivOpt-forced": ("branch-dist", BRANCH_DIST),
    },
    "split": {
        "hand-split": ("kernel-split", "kernel-split<force>"),
    },
    "loopsplit": {
        "loop-split-forced": ("loop-split", f"function(loop-split<force>,{CLEANUP})"),
    },
    "meld": {
        "clang-O3+DivOpt": ("branch-dist", f"function(branch-dist,{CLEANUP})"),
        # The N-Queens searches' meld where the cost model refuses it.
        "divopt-forced": ("branch-dist", BRANCH_DIST),
    },
    # A real Monte Carlo code: iteration delaying forced on clang -O3's
    # code, guided by each input's profile (scripts/mcml-build.sh).
    "mcml": {
        "DivOpt-delay-majority-pgo": ("majority", ITDELAY["majority"]),
        "DivOpt-delay-rr-pgo": ("rr", ITDELAY["rr"]),
    },
}
HAND = {
    "itdelay": {
        "hand-majority": ("majority", ITDELAY["majority"]),
        "hand-rr": ("rr", ITDELAY["rr"]),
        "hand-rr-skip": ("rr-idle", ITDELAY["rr-idle"]),
    },
    "loopadv": {"hand-advance": ("advance", ITDELAY["advance"])},
    "brdis": {"hand-dist": ("branch-dist", BRANCH_DIST)},
    "split": {},
    "loopsplit": {
        "hand-split": ("loop-split", f"function(loop-split<force>,{CLEANUP})"),
    },
    "meld": {"hand-meld": ("branch-dist", BRANCH_DIST)},
    "mcml": {},
}
# The automatic pipeline, and the bench variant that measures it.
AUTO = {
    "itdelay": ("clang-O3+DivOpt", "divopt"),
    "loopadv": ("clang-O3+DivOpt", "divopt"),
    "brdis": ("clang-O3+DivOpt", "divopt"),
    "split": ("clang-O3+DivOpt", "divopt"),
    "loopsplit": ("loop-split", f"function(loop-split,{CLEANUP})"),
    "meld": ("clang-O3+DivOpt", "divopt"),
    "mcml": ("clang-O3+DivOpt", "divopt"),
}
# Where the profile-guided build is a variant of its own (measured per
# input), the automatic decision with a profile is judged by it.
AUTO_PROFILE_VARIANT = {"mcml": "DivOpt-pgo"}
# The flags every MCML build is compiled with (scripts/mcml-build.sh): no
# contraction, IEEE square roots.
MCML_FLAGS = ["-ffp-contract=off", "-mllvm",
              "-nvvm-reflect-add=__CUDA_PREC_SQRT=1"]
MCML_PROFILES = os.path.join(ROOT, "bench", "results",
                             "2026-11-26-h100-mcml-profiles.tar")
# The pass of each benchmark's transform: the automatic decision counts its
# remarks only (SYN-BRDIS's 128-constant kernel is delayed, not melded).
PASS = {"itdelay": "divopt-iter-delay", "loopadv": "divopt-iter-delay",
        "brdis": "divopt-branch-dist", "split": "divopt-kernel-split",
        "loopsplit": "divopt-loop-split", "meld": "divopt-branch-dist",
        "mcml": "divopt-iter-delay"}
SPEEDUP = re.compile(r"predicted speedup ([0-9.]+)x")
COST = re.compile(r"cost ([0-9.]+) -> ([0-9.]+)[,;]")


def params_of(text):
    out = {}
    for part in text.split(";"):
        k, _, v = part.partition("=")
        out[k] = v
    return out


GRID_OF_SM = "-divopt-assume-grid-blocks-per-sm=1"


def launch_block(params):
    return int(params.get("block", BLOCK))


def inputs(bench, params, profiles=None):
    """(source, compile flags, clang -D flags, opt flags) stating a
    configuration's inputs: the flags every build of the bench takes, and
    those of this configuration."""
    kernels = os.path.join(ROOT, "bench", "kernels")
    if bench == "mcml":
        # The profile collected from the input gives the launch and the
        # branches' behaviour.
        profile = os.path.join(profiles, f"{params['input']}.profile")
        return (os.path.join(ROOT, "bench", "mcml", "mcml.cu"), MCML_FLAGS,
                [], [f"-divopt-profile-use={profile}"])
    opt_flags = [f"-divopt-assume-block-size={launch_block(params)}"]
    if params.get("grid") == "sm":
        # A profile's launch record of a grid of a block per SM.
        opt_flags.append(GRID_OF_SM)
    if bench == "itdelay":
        return (os.path.join(kernels, "itdelay.cu"), [],
                [f"-DDIVOPT_FUSED_PROBABILITY={float(params['f'])}"], opt_flags)
    if bench == "loopadv":
        return (os.path.join(kernels, "loopadv.cu"), [], [],
                opt_flags + [f"-divopt-assume-switch-rate={float(params['p'])}"])
    if bench == "split":
        return (os.path.join(ROOT, "test", "kernel-split", "Inputs",
                             "split-latency.cu"), [],
                [f"-DDIVOPT_HEAVY_SHARE={float(params['share'])}"], opt_flags)
    return os.path.join(kernels, f"{bench}.cu"), [], [], opt_flags


def parse_remarks(path):
    """kernel -> [(predicted speedup, issue cost before)] of the Passed
    remarks of a YAML file."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path) as f:
        text = f.read()
    for doc in text.split("\n--- "):
        if not doc.lstrip("- ").startswith("!Passed"):
            continue
        fn = re.search(r"^Function:\s+(\S+)", doc, re.M)
        strings = "".join(re.findall(r"String:\s+'((?:[^']|'')*)'", doc))
        text = strings.replace("''", "'")
        m = SPEEDUP.search(text)
        c = COST.search(text)
        pas = re.search(r"^Pass:\s+(\S+)", doc, re.M)
        if fn and m:
            out.setdefault(fn.group(1).strip("'\""), []).append(
                (float(m.group(1)), float(c.group(1)) if c else 1.0,
                 pas.group(1).strip("'\"") if pas else ""))
    return out


def combine(predictions):
    """A kernel's speedup from its transformed regions' (speedup, cost
    before): the time after is the sum of each region's before / speedup,
    against the sum before (the regions taken as the kernel's time)."""
    if not predictions:
        return 1.0
    before = sum(c for _, c, _ in predictions)
    after = sum(c / s for s, c, _ in predictions if s > 0)
    return before / after if after > 0 else 0.0


class Predictor:
    def __init__(self, args, tmp):
        self.args, self.tmp = args, tmp
        self.ir, self.remarks = {}, {}

    def device_ir(self, source, defines, reqntid=None):
        key = (source, tuple(defines), reqntid)
        if key not in self.ir:
            path = os.path.join(self.tmp, f"ir{len(self.ir)}.ll")
            subprocess.run([self.args.clang, "-x", "cuda",
                            "--cuda-gpu-arch=sm_90",
                            f"--cuda-path={self.args.cuda}",
                            "-Wno-unknown-cuda-version", "-O3",
                            "--cuda-device-only", "-S", "-emit-llvm",
                            *defines, source, "-o", path], check=True)
            if reqntid:
                # The launch shape stated in the code (CUDA has no reqntid
                # attribute; NVVM IR from other front ends does).
                with open(path) as f:
                    text = f.read()
                with open(path, "w") as f:
                    f.write(text.replace('"target-cpu"="sm_90"',
                                         f'"target-cpu"="sm_90" "nvvm.reqntid"="{reqntid}"'))
            self.ir[key] = path
        return self.ir[key]

    def predict(self, ir, pipeline, opt_flags):
        if pipeline != "divopt" and any(
                f.startswith("-divopt-profile-use=") for f in opt_flags):
            # The default pipeline reads the profile itself; a pipeline
            # named pass by pass, as clang's -divopt-pipeline runs it,
            # reads it first.
            pipeline = f"divopt-profile-use,{pipeline}"
        key = (ir, pipeline, tuple(opt_flags))
        if key not in self.remarks:
            yaml = os.path.join(self.tmp, f"r{len(self.remarks)}.yaml")
            subprocess.run([self.args.opt, "-load-pass-plugin", self.args.plugin,
                            f"-passes={pipeline}", "-disable-output",
                            "-pass-remarks-output=" + yaml,
                            "-pass-remarks-filter=divopt", *opt_flags, ir],
                           check=True)
            self.remarks[key] = parse_remarks(yaml)
        return self.remarks[key]


def config_of(row):
    """A bench CSV row's configuration: mcml.csv names it its input."""
    return row.get("config") or row["input"]


def configs_of(paths):
    """(benchmark, config, params, kernel) of every configuration measured."""
    seen = {}
    for path in paths:
        with open(path) as f:
            for r in csv.DictReader(f):
                if r["variant"] == "clang-O3" and r["benchmark"] in TRANSFORMS:
                    c = config_of(r)
                    params = r.get("params") or f"input={c}"
                    seen[(r["benchmark"], c)] = (params, r.get("kernels") or
                                                 r["benchmark"])
    return [(b, c, p, k) for (b, c), (p, k) in seen.items()]


def predict(args):
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        P = Predictor(args, tmp)
        configs = configs_of(args.configs)
        profiles = os.path.join(tmp, "profiles")
        if any(b == "mcml" for b, *_ in configs):
            os.makedirs(profiles)
            subprocess.run(["tar", "xf", args.mcml_profiles, "-C", profiles],
                           check=True)
        for bench, config, params, kernel in configs:
            parsed = params_of(params)
            source, flags, defines, opt_flags = inputs(bench, parsed, profiles)
            ir = P.device_ir(source, flags + defines)
            for kind, table in (("transform", TRANSFORMS), ("hand", HAND)):
                for variant, (_, pipeline) in table[bench].items():
                    # A build the cost model decides was made without a
                    # profile: it knew no grid, and refused what the grid
                    # would have made pay.
                    given = (opt_flags if "force" in pipeline else
                             [f for f in opt_flags if f != GRID_OF_SM])
                    got = P.predict(ir, pipeline, given).get(kernel, [])
                    rows.append((bench, config, variant, kind, kernel,
                                 f"{combine(got):.4f}", len(got)))
            # The automatic decision where the code states the launch shape
            # (reqntid) and nothing else is known, and where a profile
            # gives the configuration's inputs.
            # What other passes of the pipeline took goes in a row of its
            # own (natural-float SYN-ITDELAY is melded, not delayed).
            variant, pipeline = AUTO[bench]
            plain = P.device_ir(source, flags, reqntid=launch_block(parsed))
            for kind, at, given, variant in (
                    ("auto", plain, [], variant),
                    ("auto-profile", ir, opt_flags,
                     AUTO_PROFILE_VARIANT.get(bench, variant))):
                everything = P.predict(at, pipeline, given).get(kernel, [])
                got = [g for g in everything if g[2] == PASS[bench]]
                rows.append((bench, config, variant, kind, kernel,
                             f"{combine(got):.4f}", len(got)))
                other = [g for g in everything if g[2] != PASS[bench]]
                if other:
                    passes = "+".join(sorted({g[2] for g in other}))
                    rows.append((bench, config, passes, kind + "-other",
                                 kernel, f"{combine(other):.4f}", len(other)))
    with open(args.output, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["benchmark", "config", "variant", "kind", "kernel",
                    "predicted", "transforms"])
        w.writerows(rows)
    print(f"{len(rows)} predictions in {args.output}")
    return 0


def error_table(rows):
    """Markdown rows and (errors, decisive, right) of (b, c, v, p, m) rows."""
    lines = ["| benchmark | config | variant | predicted | measured | |p/m-1| | sign |",
             "|---|---|---|---|---|---|---|"]
    errors, decisive, right = [], 0, 0
    for b, c, v, p, m in sorted(rows):
        err = abs(p / m - 1)
        errors.append(err)
        sign = ""
        if abs(m - 1) > 0.05:
            decisive += 1
            ok = (p > 1) == (m > 1)
            right += ok
            sign = "right" if ok else "WRONG"
        lines.append(f"| {b} | {c} | {v} | {p:.3f}x | {m:.3f}x | {err:.1%} | {sign} |")
    return lines, errors, decisive, right


def distribution(name, rows, errors, decisive, right):
    e = sorted(errors)
    return [f"{name}: {len(rows)} rows; median |predicted/measured - 1| "
            f"{statistics.median(e):.1%} (goal <= 10%), 75th percentile "
            f"{e[int(0.75 * len(e))]:.1%}, 90th {e[int(0.9 * len(e))]:.1%}, "
            f"largest {e[-1]:.1%}; sign right where the measured effect "
            f"exceeds 5%: {right}/{decisive}"]


def report(args):
    pred = {}
    with open(args.predictions) as f:
        for r in csv.DictReader(f):
            pred[(r["benchmark"], r["config"], r["variant"], r["kind"])] = r
    measured, source = {}, {}
    for path in args.bench:
        with open(path) as f:
            for r in csv.DictReader(f):
                if r["speedup"]:
                    measured[(r["benchmark"], config_of(r), r["variant"])] = float(r["speedup"])
                    source[r["benchmark"]] = (os.path.basename(path),
                                              r.get("device", "?"),
                                              r.get("commit", "?")[:12])

    def rows_of(kind):
        out = []
        for (b, c, v, k), p in pred.items():
            if k == kind and (b, c, v) in measured and int(p["transforms"]):
                out.append((b, c, v, float(p["predicted"]), measured[(b, c, v)]))
        return out

    rows, hand = rows_of("transform"), rows_of("hand")
    if not rows:
        print("no bench row matches a prediction", file=sys.stderr)
        return 1
    text = ["Measured: " + "; ".join(
        f"{b}: {s[0]} ({s[1]}, commit {s[2]})" for b, s in sorted(source.items())),
        "", "## DivOpt's transforms", ""]
    lines, errors, decisive, right = error_table(rows)
    summary = distribution("transforms", rows, errors, decisive, right)
    for b in TRANSFORMS:
        e = [abs(p / m - 1) for bb, _, _, p, m in rows if bb == b]
        if e:
            summary.append(f"  {b}: {len(e)} rows, median error "
                           f"{statistics.median(e):.1%}, largest {max(e):.1%}")
    text += lines
    if hand:
        hlines, herr, hdec, hright = error_table(hand)
        summary += distribution("hand-written equivalents", hand, herr, hdec,
                                hright)
        text += ["", "## Hand-written equivalents, predicted by the same "
                 "transform", ""] + hlines
    # Decisions: the automatic pipeline against what its transform measured
    # (DivOpt's own variant of it, else the hand one).
    def measured_transform(b, c, v):
        done = [measured[(b, c, tv)] for tv in TRANSFORMS[b]
                if (b, c, tv) in measured and tv != v]
        done = done or [measured[(b, c, tv)] for tv in TRANSFORMS[b]
                        if (b, c, tv) in measured]
        done = done or [measured[(b, c, hv)] for hv in HAND[b]
                        if (b, c, hv) in measured]
        return max(done) if done else None

    for kind, title in (("auto", "launch shape stated (reqntid, the block "
                                 "size the bench launches), no profile"),
                        ("auto-profile", "with the configuration's inputs, "
                                         "as a profile gives them")):
        text += ["", f"## Automatic decisions, {title}", "",
                 "| benchmark | config | decision | predicted | transform measured | right |",
                 "|---|---|---|---|---|---|"]
        by_bench = {}
        others = {(b, c): (v, p) for (b, c, v, k), p in pred.items()
                  if k == kind + "-other" and int(p["transforms"])}
        for (b, c, v, k), p in sorted(pred.items()):
            if k != kind:
                continue
            best = measured_transform(b, c, v)
            if best is None:
                continue
            taken = int(p["transforms"]) > 0
            decision = "taken" if taken else "refused"
            ok = (taken and best >= 1.05) or (not taken and best < 1.0) or \
                1.0 <= best < 1.05
            other = others.get((b, c))
            if not taken and other and (b, c, v) in measured:
                # Another transform took the kernel: right where the
                # automatic build keeps 95% of what this one would gain.
                decision = (f"{other[0]} instead "
                            f"({float(other[1]['predicted']):.2f}x predicted, "
                            f"{measured[(b, c, v)]:.3f}x measured)")
                ok = measured[(b, c, v)] >= 0.95 * max(1.0, best)
            n, r = by_bench.get(b, (0, 0))
            by_bench[b] = (n + 1, r + ok)
            text.append(f"| {b} | {c} | {decision} | "
                        f"{float(p['predicted']):.3f}x | {best:.3f}x | "
                        f"{'right' if ok else 'WRONG'} |")
        summary.append(f"automatic decisions, {title}, right (taken where the "
                       "transform gains 5% or more, refused where it loses; "
                       "where another transform took the kernel, the "
                       "automatic build within 5% of this one's gain): " +
                       ", ".join(f"{b} {r}/{n}" for b, (n, r) in by_bench.items()))
    out = "\n".join(text + [""] + summary) + "\n"
    if args.md:
        with open(args.md, "w") as f:
            f.write("# Cost model calibration\n\n" + out)
    print(out)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("predict")
    p.add_argument("--plugin", required=True)
    p.add_argument("--clang", default="clang++-22")
    p.add_argument("--opt", default="opt-22")
    p.add_argument("--cuda", default="/usr/local/cuda")
    p.add_argument("--configs", action="append", required=True,
                   help="a bench CSV whose configurations to predict")
    p.add_argument("--mcml-profiles", default=MCML_PROFILES,
                   help="the profiles MCML's per-input builds were made "
                   "with (a tar of <input>.profile)")
    p.add_argument("-o", "--output", required=True)
    r = sub.add_parser("report")
    r.add_argument("--bench", action="append", required=True,
                   help="bench.csv of bench-gpu.sh (repeatable)")
    r.add_argument("--predictions", required=True)
    r.add_argument("--md", help="also write the tables here (markdown)")
    args = ap.parse_args()
    return predict(args) if args.cmd == "predict" else report(args)


if __name__ == "__main__":
    sys.exit(main())
