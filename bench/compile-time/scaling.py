#!/usr/bin/env python3
"""How DivOpt's own time grows with the divergent branches of a function:
its automatic pipeline alone (opt -passes=divopt) on the -O3 output of the
generated kernels (generate.py), for one or more builds of the plugin.

    bench/compile-time/scaling.py --plugin after=build/passes/libDivOpt.so
        [--plugin before=OLD.so] [--kinds straight,loop]
        [--sizes 250,500,1000,2000] [--repeats 3] [--callgrind] [--csv F]

For each case and plugin: the median user+system CPU seconds of --repeats
runs (the plugins interleaved), and with --callgrind the instructions
executed (valgrind; load does not change them), each also per branch. A
pipeline linear in the branches keeps the per-branch column flat. The
cleanup it runs (LLVM's instcombine and simplifycfg) is included: it is
part of what DivOpt adds to a compile; -O3 alone is not.
"""

import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generate  # noqa: E402
import measure  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin", action="append", required=True,
                    help="NAME=PATH; repeat to compare builds")
    ap.add_argument("--opt", default=os.environ.get("OPT", "opt-22"))
    ap.add_argument("--kinds", default="straight,loop")
    ap.add_argument("--sizes", default="250,500,1000,2000")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--csv")
    args = ap.parse_args()
    plugins = [p.split("=", 1) for p in args.plugin]

    rows = []
    with tempfile.TemporaryDirectory() as work:
        print(f"{'case':18} {'plugin':10} {'CPU s':>8} {'ms/branch':>10}"
              + (f" {'instructions':>15} {'per branch':>11}"
                 if args.callgrind else ""), flush=True)
        for kind in args.kinds.split(","):
            for n in [int(s) for s in args.sizes.split(",")]:
                src = os.path.join(work, f"{kind}-{n}.ll")
                o3 = os.path.join(work, f"{kind}-{n}.O3.ll")
                with open(src, "w") as f:
                    f.write(generate.generate(kind, n))
                subprocess.run([args.opt, "-passes=default<O3>", "-S", src,
                                "-o", o3], check=True)
                times = {name: [] for name, _ in plugins}

                def divopt(path):
                    return [args.opt, "-load-pass-plugin", path,
                            "-passes=divopt", "-o", os.devnull, o3]

                for r in range(args.repeats):
                    order = plugins if r % 2 == 0 else plugins[::-1]
                    for name, path in order:
                        t, why = measure.run_timed(divopt(path),
                                                   args.timeout)
                        if t is None:
                            sys.exit(f"{kind}-{n} {name}: {why}")
                        times[name].append(t)
                for name, path in plugins:
                    t = statistics.median(times[name])
                    line = f"{kind + '-' + str(n):18} {name:10} {t:8.2f} " \
                           f"{1000 * t / n:10.3f}"
                    count = None
                    if args.callgrind:
                        count, why = measure.run_counted(divopt(path),
                                                         args.timeout)
                        if count is None:
                            sys.exit(f"{kind}-{n} {name}: {why}")
                        line += f" {count:15.0f} {count / n:11.0f}"
                    print(line, flush=True)
                    rows.append((kind, n, name, t, count))
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["kind", "branches", "plugin", "cpu_s", "instructions"])
            for row in rows:
                w.writerow(row)


if __name__ == "__main__":
    main()
