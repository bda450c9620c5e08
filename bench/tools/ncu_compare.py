#!/usr/bin/env python3
"""Per-kernel speedups of a program built with DivOpt, from ncu's CSVs.

    ncu --metrics gpu__time_duration.sum --csv ./app.base   > base.csv
    ncu --metrics gpu__time_duration.sum --csv ./app.divopt > divopt.csv
    ncu_compare.py base.csv divopt=divopt.csv [forced=forced.csv ...]

Launches are paired by their order: the builds run the same program on the
same input, so the i-th launch of a kernel is the same work in each. A
kernel that kernel splitting split shows up as its parts
(`K_$_divopt_$_then`, `K_$_divopt_$_else`, launched one after the other by
the launch runtime); a launch's time is then the sum of its parts'. ncu
runs the parts one at a time, so that sum bounds the speedup from below.
Prints, per kernel, the launches, the median base time and the median of
base / variant over the launches; exits 1 when the builds' launch
sequences differ (another input, or a program that is not the same).
"""
import argparse
import csv
import functools
import re
import statistics
import subprocess
import sys
from collections import OrderedDict

PART = re.compile(r"^(.*)_\$_divopt_\$_(then|else)$")
UNITS = {"ns": 1.0, "nsecond": 1.0, "us": 1e3, "usecond": 1e3, "ms": 1e6,
         "msecond": 1e6, "s": 1e9, "second": 1e9}


@functools.lru_cache(maxsize=None)
def demangle(name):
    """ncu demangles names it can read; a part's suffix stops it. Once per
    name: a program launches the same parts thousands of times."""
    try:
        out = subprocess.run(["c++filt", name], capture_output=True,
                             text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return name
    return out.split("(")[0]


def launches(path):
    """[(kernel, ns)], in launch order, a split launch's parts summed."""
    with open(path) as f:
        rows = csv.DictReader(line for line in f if line.startswith('"'))
        times = [(r["Kernel Name"].split("(")[0],
                  float(r["Metric Value"].replace(",", "")) *
                  UNITS[r["Metric Unit"]])
                 for r in rows if r["Metric Name"] == "gpu__time_duration.sum"]
    out = []  # [kernel, ns, parts seen]
    for name, ns in times:
        m = PART.match(name)
        if not m:
            out.append([name, ns, None])
            continue
        kernel, part = demangle(m.group(1)), m.group(2)
        if out and out[-1][0] == kernel and out[-1][2] is not None and \
                part not in out[-1][2]:
            out[-1][1] += ns
            out[-1][2].add(part)
        else:
            out.append([kernel, ns, {part}])
    return [(k, ns, parts is not None) for k, ns, parts in out]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", help="ncu CSV of the build without DivOpt")
    ap.add_argument("variants", nargs="+", metavar="NAME=CSV",
                    help="ncu CSVs of the builds to compare")
    args = ap.parse_args(argv)
    base = launches(args.base)
    variants = OrderedDict()
    for spec in args.variants:
        name, sep, path = spec.partition("=")
        if not sep:
            ap.error(f"'{spec}': expected NAME=CSV")
        variants[name] = launches(path)
        got = [k for k, _, _ in variants[name]]
        if got != [k for k, _, _ in base]:
            print(f"ncu_compare: {name}: launch sequence differs from base "
                  f"({len(got)} launches, base {len(base)})", file=sys.stderr)
            return 1
    per = OrderedDict()
    for i, (kernel, ns, _) in enumerate(base):
        k = per.setdefault(kernel, {"base": [], "ratio": {}, "split": set()})
        k["base"].append(ns)
        for name, seq in variants.items():
            k["ratio"].setdefault(name, []).append(ns / seq[i][1])
            if seq[i][2]:
                k["split"].add(name)
    head = f"{'kernel':32s} {'launches':>8s} {'base us':>9s}"
    print(head + "".join(f" {n:>10s}" for n in variants))
    for kernel, k in per.items():
        line = (f"{kernel[:32]:32s} {len(k['base']):8d} "
                f"{statistics.median(k['base']) / 1e3:9.2f}")
        for name in variants:
            mark = "*" if name in k["split"] else " "
            line += f" {statistics.median(k['ratio'][name]):8.3f}x{mark}"
        print(line)
    if any(k["split"] for k in per.values()):
        print("* split: the parts' times summed (ncu runs them one at a "
              "time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
