#!/usr/bin/env python3
"""Natural-arithmetic speedups over explicit-arithmetic speedups (issue 15).

SYN-ITDELAY and SYN-BRDIS run each shape twice: kernels written with
explicit fmaf/__fmul_rn/__fadd_rn, and the same kernels written with
ordinary operators (configurations labelled "natural", params
arith=natural). Each variant's speedup is over clang -O3 of its own
source. For every natural configuration and every variant measured in
both, this prints

    ratio = natural speedup / explicit speedup

which issue 15 wants >= 0.97 for DivOpt's variants (below it is marked
'<'), and whether every output check of the natural rows passed.

usage: natural_ratio.py OUT/bench.csv      (a table, markdown)
Also imported by scripts/bench-report.py.
"""
import csv
import sys

REFERENCE = "clang-O3"
NATURAL_SUFFIX = " natural"
THRESHOLD = 0.97


def is_divopt(variant):
    return "DivOpt" in variant


def natural_pairs(rows):
    """[(benchmark, natural config, explicit config)] in run order, for
    every natural configuration whose explicit twin was measured."""
    configs = []
    for r in rows:
        key = (r["benchmark"], r["config"])
        if key not in configs:
            configs.append(key)
    return [(b, c, c[:-len(NATURAL_SUFFIX)]) for b, c in configs
            if c.endswith(NATURAL_SUFFIX)
            and (b, c[:-len(NATURAL_SUFFIX)]) in configs]


def speedup(row):
    value = row.get("speedup")
    if value in (None, ""):
        return None
    return float(value)


def ratio_table(rows):
    """Markdown lines: one row per natural configuration, one column per
    variant (DivOpt's first), cells natural/explicit speedup ratios."""
    pairs = natural_pairs(rows)
    if not pairs:
        return []
    by_key = {(r["benchmark"], r["config"], r["variant"]): r for r in rows}
    lines = []
    for bench in dict.fromkeys(b for b, _, _ in pairs):
        bench_pairs = [p for p in pairs if p[0] == bench]
        variants = []
        for _, nat, exp in bench_pairs:
            for r in rows:
                v = r["variant"]
                if (r["benchmark"] == bench and r["config"] == nat
                        and v != REFERENCE and (bench, exp, v) in by_key
                        and v not in variants):
                    variants.append(v)
        variants.sort(key=lambda v: not is_divopt(v))  # Stable: DivOpt first.
        lines += [f"{bench}: natural speedup / explicit speedup, each over "
                  f"clang -O3 of its own source ('<': below {THRESHOLD})", "",
                  "| config | checks | " + " | ".join(variants) + " |",
                  "|---" * (len(variants) + 2) + "|"]
        for _, nat, exp in bench_pairs:
            nat_rows = [r for r in rows
                        if r["benchmark"] == bench and r["config"] == nat]
            checks = ("ok" if all(str(r["check_ok"]) in ("1", "True")
                                  for r in nat_rows) else "FAIL")
            cells = []
            for v in variants:
                n = by_key.get((bench, nat, v))
                e = by_key.get((bench, exp, v))
                sn = speedup(n) if n else None
                se = speedup(e) if e else None
                if sn is None or se is None or se == 0:
                    cells.append("-")
                    continue
                ratio = sn / se
                mark = "<" if ratio < THRESHOLD and is_divopt(v) else ""
                cells.append(f"{mark}{ratio:.3f} ({sn:.2f}/{se:.2f})")
            lines.append(f"| {nat} | {checks} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-3])
    with open(sys.argv[1], newline="") as f:
        rows = list(csv.DictReader(f))
    lines = ratio_table(rows)
    if not lines:
        print("natural_ratio: no natural configuration with its explicit "
              "twin in " + sys.argv[1])
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
