#!/usr/bin/env python3
"""Checks that two builds of the plugin decide and emit the same: every
case of the compile-time benchmark (measure.py's generated IR and CUDA
kernels) compiled with each, the outputs diffed.

    bench/compile-time/compare.py --before OLD.so --after NEW.so
        [--sizes 100,250,500,1000] [--switch-sizes 2000] [--only REGEX]
        [-j 2] [--keep DIR]

For each case: the output (PTX of the .cu files, IR of the generated
cases) with remarks off, and with every DivOpt remark on, from both
plugins, and the remarks themselves. A change is any difference between
the four outputs (the constant tables' names aside: they are numbered by
first appearance), or between the two remark streams: a plugin may skip
work whose only use is a remark's numbers when remarks are off, never
decide otherwise. Prints one line per case and exits 1 on any change.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generate  # noqa: E402
import measure  # noqa: E402

REMARKS_CLANG = ["-Rpass=divopt", "-Rpass-missed=divopt",
                 "-Rpass-analysis=divopt"]
REMARKS_OPT = ["-pass-remarks=divopt", "-pass-remarks-missed=divopt",
               "-pass-remarks-analysis=divopt"]


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, errors="replace")
    if p.returncode:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: "
                           f"{p.stderr.strip()[-400:]}")
    return p.stderr


def remark_lines(stderr):
    """The remarks, in order (other diagnostics, like the CUDA version
    warning, are not the plugin's)."""
    return [l for l in stderr.splitlines() if "remark:" in l]


def compile_case(case, plugin, remarks, out):
    kind, arg = case
    if kind == "ir":
        cmd = [os.environ.get("OPT", "opt-22"), "-load-pass-plugin", plugin,
               "-passes=default<O3>", "-S", "-o", out, arg]
        cmd += REMARKS_OPT if remarks else []
    else:
        cmd = [os.environ.get("CLANGXX", "clang++-22"), "-x", "cuda",
               "--cuda-gpu-arch=sm_90",
               f"--cuda-path={os.environ.get('CUDA_PATH', '/usr/local/cuda')}",
               "-Wno-unknown-cuda-version", "-O3", "--cuda-device-only", "-S",
               "-I", measure.ROOT, "-Xarch_device", f"-fpass-plugin={plugin}",
               "-o", out, arg]
        cmd += REMARKS_CLANG if remarks else []
    return remark_lines(run(cmd))


# Branch distribution's constant tables: LLVM numbered them by the names
# the module had taken before, trials' copies included; they are numbered
# here by first appearance.
TABLE_NAME = re.compile(r"divopt(?:\.|_\$_)select(?:(?:\.|_\$_)?[0-9]+)?\b")


def canonical(text):
    names = {}
    return TABLE_NAME.sub(
        lambda m: names.setdefault(m.group(0), f"divopt.select#{len(names)}"),
        text)


def check(name, case, before, after, work):
    outs, rems = {}, {}
    for label, plugin, remarks in (("before", before, False),
                                   ("before-r", before, True),
                                   ("after", after, False),
                                   ("after-r", after, True)):
        path = os.path.join(work, f"{name.replace('/', '_')}.{label}.out")
        rems[label] = compile_case(case, plugin, remarks, path)
        with open(path) as f:
            outs[label] = canonical(f.read())
    problems = []
    for label in ("before-r", "after", "after-r"):
        if outs[label] != outs["before"]:
            problems.append(f"output {label} differs from before")
    if rems["after-r"] != rems["before-r"]:
        problems.append("remarks differ")
    return len(rems["before-r"]), len(outs["before"]), problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--sizes", default="100,250,500,1000")
    ap.add_argument("--switch-sizes", default="2000")
    ap.add_argument("--only")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--keep", help="keep the outputs in this folder")
    args = ap.parse_args()

    work = args.keep or tempfile.mkdtemp(prefix="divopt-compare-")
    os.makedirs(work, exist_ok=True)
    cases = []
    for kind, sizes in (("straight", args.sizes), ("loop", args.sizes),
                        ("switch", args.switch_sizes)):
        for n in [int(s) for s in sizes.split(",") if s]:
            path = os.path.join(work, f"{kind}-{n}.ll")
            with open(path, "w") as f:
                f.write(generate.generate(kind, n))
            cases.append((f"ir/{kind}-{n}", ("ir", path)))
    for path in measure.cuda_kernels():
        cases.append((f"cu/{os.path.relpath(path, measure.ROOT)}",
                      ("cu", path)))
    if args.only:
        cases = [c for c in cases if re.search(args.only, c[0])]

    changed = 0
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futures = {pool.submit(check, name, case, args.before, args.after,
                               work): name for name, case in cases}
        results = {}
        for fut in concurrent.futures.as_completed(futures):
            results[futures[fut]] = fut
    for name, _ in cases:
        try:
            n_remarks, size, problems = results[name].result()
        except RuntimeError as e:
            print(f"{name:48} error: {e}")
            changed += 1
            continue
        verdict = "same" if not problems else "CHANGED: " + "; ".join(problems)
        print(f"{name:48} {n_remarks:5} remarks {size:9} bytes  {verdict}")
        changed += bool(problems)
    print(f"{len(cases) - changed} of {len(cases)} cases identical "
          f"(outputs with and without remarks, and remarks)"
          + (f"; outputs in {work}" if args.keep else ""))
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
