#!/usr/bin/env python3
"""The divergence profile's overhead tables, from divopt-bench CSVs.

scripts/profile-gpu.sh times the bench kernels with their
"clang-O3+DivOpt" PTX instrumented (-divopt-profile-generate); a
configuration's overhead is that variant's median time over clang -O3's,
from rows whose output check passed.

  profile-overhead.py CSV
      per bench: configurations, geometric mean, worst; then every
      one-wave configuration (grid=sm in its parameters: a block per SM,
      where the counted block sets the kernel's time) by name; then
      "worst X (<= 1.3: met)" or "(> 1.3: NOT met)".
  profile-overhead.py --one-wave-at-most X CSV
      exit 1 unless every one-wave configuration is at most X (and there
      is one); the last line says why.
  profile-overhead.py --by-trips [--csv OUT] P=CSV ...
      the one-wave configurations at each trip period P (the
      -divopt-profile-sample-trips its instrumented PTX was built with),
      a row per period; --csv writes their rows, each with its period.
"""
import argparse
import collections
import csv
import math
import sys

LIMIT = 1.3


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def overheads(rows):
    """{(benchmark, config): (instrumented / clang -O3, params)}."""
    times = collections.defaultdict(dict)
    params = {}
    for r in rows:
        if r.get("median_ms") and r.get("check_ok") == "1":
            key = (r["benchmark"], r["config"])
            times[key][r["variant"]] = float(r["median_ms"])
            params[key] = r.get("params", "")
    return {k: (v["clang-O3+DivOpt"] / v["clang-O3"], params[k])
            for k, v in sorted(times.items())
            if "clang-O3" in v and "clang-O3+DivOpt" in v}


def is_one_wave(params):
    return "grid=sm" in params.split(";")


def table(path):
    ratios = overheads(read_rows(path))
    per = collections.defaultdict(list)
    for (bench, _), (ratio, _) in ratios.items():
        per[bench].append(ratio)
    print(f"{'bench':10} {'configs':>7} {'geomean':>8} {'max':>6}  "
          "(instrumented / clang -O3 time)")
    worst = 0.0
    for bench, xs in sorted(per.items()):
        geomean = math.exp(sum(map(math.log, xs)) / len(xs))
        worst = max(worst, max(xs))
        print(f"{bench:10} {len(xs):7d} {geomean:8.3f} {max(xs):6.3f}")
    for (bench, config), (ratio, params) in ratios.items():
        if is_one_wave(params):
            print(f"one wave: {bench} / {config}: {ratio:.3f}")
    verdict = f"<= {LIMIT}: met" if worst <= LIMIT else f"> {LIMIT}: NOT met"
    print(f"worst {worst:.3f} ({verdict})")
    return 0


def one_wave_at_most(path, limit):
    rows = [(k, r) for k, (r, p) in overheads(read_rows(path)).items()
            if is_one_wave(p)]
    for (bench, config), ratio in rows:
        print(f"{bench} / {config}: {ratio:.3f}")
    if not rows:
        print("no one-wave configuration timed")
        return 1
    over = [r for _, r in rows if r > limit]
    if over:
        print(f"{len(over)} above {limit}: worst {max(over):.3f}")
        return 1
    return 0


def by_trips(specs, out):
    runs = []
    for spec in specs:
        period, sep, path = spec.partition("=")
        if not sep or not period.isdigit() or int(period) < 1:
            sys.exit(f"profile-overhead: {spec}: not PERIOD=CSV")
        runs.append((int(period), read_rows(path)))
    runs.sort(key=lambda r: r[0])
    if out:
        fields = None
        with open(out, "w", newline="") as f:
            for period, rows in runs:
                for r in rows:
                    if not is_one_wave(r.get("params", "")):
                        continue
                    if fields is None:
                        fields = ["trips"] + list(r.keys())
                        writer = csv.DictWriter(f, fields)
                        writer.writeheader()
                    writer.writerow({"trips": period, **r})
    print("one wave, by trip period (two trips in P of a counted block's "
          "top-level loops counted; 1: every trip)")
    print(f"{'trips':>6}  instrumented / clang -O3")
    for period, rows in runs:
        cells = [f"{config}: {ratio:.3f}" for (_, config), (ratio, p)
                 in overheads(rows).items() if is_one_wave(p)]
        print(f"{period:6d}  {'; '.join(cells) if cells else '-'}")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csvs", nargs="+")
    p.add_argument("--one-wave-at-most", type=float)
    p.add_argument("--by-trips", action="store_true")
    p.add_argument("--csv", help="--by-trips: write the rows here")
    args = p.parse_args()
    if args.by_trips:
        return by_trips(args.csvs, args.csv)
    if len(args.csvs) != 1:
        p.error("one CSV")
    if args.one_wave_at_most is not None:
        return one_wave_at_most(args.csvs[0], args.one_wave_at_most)
    return table(args.csvs[0])


if __name__ == "__main__":
    sys.exit(main())
