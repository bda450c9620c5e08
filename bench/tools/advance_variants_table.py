#!/usr/bin/env python3
"""The table of scripts/advance-variants-gpu.sh.

Reads its advance-variants.csv (divopt-bench rows with a leading `form`
column, one form per run, in run order) and prints, per configuration,
DivOpt-advance over hand-advance (LOOP-ADVANCE) or over clang -O3
(SYN-ITDELAY, whose speedup column already is over clang -O3), one column
per run. Rows whose output check failed are marked `!`; the exit status
is 1 if any was.

  advance_variants_table.py advance-variants.csv
"""
import csv
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1])))
    forms, configs = [], []
    speed, bad = {}, False
    for r in rows:
        if r["form"] not in forms:
            forms.append(r["form"])
        key = (r["benchmark"], r["config"])
        if key not in configs and r["benchmark"] in ("loopadv", "itdelay"):
            configs.append(key)
        speed[(r["form"], key, r["variant"])] = (float(r["speedup"]),
                                                 r["check_ok"] == "1")
        bad |= r["check_ok"] != "1"
    width = max(12, *(len(f) for f in forms))
    print("DivOpt-advance / hand-advance (loopadv), over clang -O3 (itdelay)")
    print(f"{'config':28}" + "".join(f" {f:>{width}}" for f in forms))
    for bench, config in configs:
        cells = []
        for f in forms:
            adv = speed.get((f, (bench, config), "DivOpt-advance"))
            ref = (speed.get((f, (bench, config), "hand-advance"))
                   if bench == "loopadv" else (1.0, True))
            if adv is None or ref is None:
                cells.append("-")
                continue
            mark = "" if adv[1] and ref[1] else "!"
            unit = "" if bench == "loopadv" else "x"
            cells.append(f"{adv[0] / ref[0]:.3f}{unit}{mark}")
        print(f"{bench + ' ' + config:28}" +
              "".join(f" {c:>{width}}" for c in cells))
    if bad:
        print("! an output check failed in that run: see runs.log")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
