#!/usr/bin/env python3
"""Loop advance's two halves against clang -O3, in cycles and in slots.

  advance_n8_model.py BENCH.csv [--clock-ghz 1.98]

BENCH.csv: a bench run with clang-O3 and DivOpt-advance rows of
SYN-ITDELAY (f = 0.5) and LOOP-ADVANCE (2026-11-26-h200-pgo-run6.csv).

1. Cycles. Every bench launch runs 4 waves of 2048 threads an SM (16
   warps a scheduler, all resident), 16384 operation pairs a thread, so a
   kernel's time gives its cycles per warp and iteration:
   ms * clock / (64 * iterations). Against the arms' SASS instructions
   (straight-line: 16 FP32 instructions an arm at N=8; inner loops of
   16 FP32 + 3 and 32 FP32 + 3 a trip at N >= 16, ptxas's clang -O3 and
   advance loops alike), a least-squares line over N >= 16 gives the
   cycles an arm instruction takes (slope) and the cycles of everything
   else: per iteration for clang -O3 (X), per trip for the advance (Y,
   after its 2 - s trips an iteration and its stragglers). N=8 is shown
   apart, against the same slope.
2. Slots. The cost model's prediction of every row with three pricings
   of the same IR, each with its per-trip constant O fitted by least
   squares on log(predicted / measured): over all rows, and over the rows
   without N=8 (then predicting N=8):
   - "IR slots": today's (InstructionCost.cpp): INT32 2 slots, 64-bit
     integer 4, conditional branch 3;
   - "dispatch": one slot a warp instruction (INT32 1, 64-bit 2: the
     instructions the scheduler dispatches, one a cycle, whatever pipe);
   - "dispatch, uniform branch 1": also a loop latch's branch, whose
     condition is uniform, as the one BRA it is.
   The IR's instruction classes per part are those of clang -O3's loops
   (bench/kernels/itdelay.cu, loopadv.cu; see the analysis).
"""
import argparse
import csv
import math
import sys

WARPS = 64  # 4 waves x 16 warps a scheduler.
PAIRS = 16384
MAX_DEVIATE = 2.0427


def straggler(s, iters):
    m = 2 - s
    var = max(0.0, (m - 1) * (2 - m))
    return 1 + MAX_DEVIATE * math.sqrt(var / iters) / m


def load(path):
    rows = {}
    for r in csv.DictReader(open(path)):
        if r["variant"] not in ("clang-O3", "DivOpt-advance"):
            continue
        rows[(r["benchmark"], r["config"], r["variant"])] = float(r["median_ms"])
    out = []
    for n in (8, 16, 32, 64, 128, 256):
        out.append(("itdelay", n, 0.5, f"N={n} f=0.50"))
    for n, p in ((8, 1.0), (32, 1.0), (128, 1.0), (32, 0.5), (32, 0.75),
                 (32, 0.25), (32, 0.0)):
        out.append(("loopadv", n, p, f"N={n} p={p:.2f}"))
    got = []
    for bench, n, s, config in out:
        o3 = rows.get((bench, config, "clang-O3"))
        adv = rows.get((bench, config, "DivOpt-advance"))
        if o3 is None or adv is None:
            sys.exit(f"advance_n8_model: no clang-O3 and DivOpt-advance rows "
                     f"for {bench} {config}")
        got.append(dict(bench=bench, n=n, s=s, config=config, o3=o3, adv=adv))
    return got


def sass_arms(n):
    """SASS instructions of the fused and the rounded arm."""
    if n == 8:
        return 16.0, 16.0
    fused = n / 8 * 19
    rounded = 32.0 if n == 16 else n / 16 * 35
    return fused, rounded


def linefit(xs, ys):
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    k = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum(
        (x - mx) ** 2 for x in xs)
    return k, my - k * mx


def cycles(rows, ghz):
    print(f"== 1. cycles per warp, clock {ghz} GHz "
          "(SYN-ITDELAY f=0.5 and LOOP-ADVANCE p=1)")
    print("config               O3/iter  arms  adv/trip  arm")
    pts = []
    for r in rows:
        if not (r["bench"] == "itdelay" or r["s"] == 1.0):
            continue
        iters = PAIRS // r["n"]
        o3 = r["o3"] * 1e-3 * ghz * 1e9 / (WARPS * iters)
        adv = r["adv"] * 1e-3 * ghz * 1e9 / (WARPS * iters)
        trip = adv / ((2 - r["s"]) * straggler(r["s"], iters))
        a, b = sass_arms(r["n"])
        pts.append((r, a + b, o3, (a + b) / 2, trip))
        print(f"{r['bench']:8s} {r['config']:11s} {o3:7.1f} {a + b:6.0f} "
              f"{trip:8.1f} {(a + b) / 2:5.0f}")
    for bench in ("itdelay", "loopadv"):
        big = [p for p in pts if p[0]["bench"] == bench and p[0]["n"] >= 16]
        small = [p for p in pts if p[0]["bench"] == bench and p[0]["n"] == 8]
        k, x = linefit([p[1] for p in big], [p[2] for p in big])
        ka, y = linefit([p[3] for p in big], [p[4] for p in big])
        line = (f"{bench}: N>=16 fit: clang -O3 {k:.4f} cycles an arm "
                f"instruction, X = {x:.1f}; advance {ka:.4f}, Y = {y:.1f}")
        if small:
            p = small[0]
            x8, y8 = p[2] - k * p[1], p[4] - ka * p[3]
            line += f"; N=8: X = {x8:.1f}, Y = {y8:.1f}"
        print(line)


# The IR of the loops, per part, as instruction classes:
# (FP32, INT32, INT64, divergent branches, uniform branches, jumps).
# Draw (both): zext, mul, add, lshr (64-bit); trunc, icmp (32-bit); the
# branch. LOOP-ADVANCE's draw also xors the direction. Post: the
# counter's add and compare, the latch's branch. Inner loop trips: the
# fused arm's 16 FP32 + add, icmp, branch; the rounded arm's 32 + or,
# add, icmp, branch. A straight-line arm: its FP32 and one jump half the
# time (one arm jumps to the join).
PARTS = {
    "pre.itdelay": (0, 2, 4, 1, 0, 0),
    "pre.loopadv": (0, 3, 4, 1, 0, 0),
    "post": (0, 2, 0, 0, 1, 0),
    "fused.trip": (16, 2, 0, 0, 1, 0),
    "rounded.trip": (32, 3, 0, 0, 1, 0),
    "line16": (16, 0, 0, 0, 0, 1),
    "line32": (32, 0, 0, 0, 0, 1),
}
PRICINGS = {
    "IR slots (today)": (1, 2, 4, 3, 3, 0.5),
    "dispatch": (1, 1, 2, 3, 3, 0.5),
    "dispatch, uniform branch 1": (1, 1, 2, 3, 1, 0.5),
}


def price(part, pricing):
    return sum(c * w for c, w in zip(PARTS[part], pricing))


def model_parts(r, pricing):
    n = r["n"]
    x = price("pre." + r["bench"], pricing) + price("post", pricing)
    if n == 8:
        fused = rounded = price("line16", pricing)
    else:
        fused = n / 8 * price("fused.trip", pricing)
        rounded = (price("line32", pricing) if n == 16 else
                   n / 16 * price("rounded.trip", pricing))
    return x, fused, rounded


def predict(r, pricing, o):
    x, a, b = model_parts(r, pricing)
    iters = PAIRS // r["n"]
    trip = (a + b) / 2 + max(0.0, o + x)
    return (x + a + b) / (trip * (2 - r["s"]) * straggler(r["s"], iters))


def fit_o(rows, pricing):
    best = None
    for i in range(-200, 101):
        o = i / 10
        e = sum(math.log(predict(r, pricing, o) * r["adv"] / r["o3"]) ** 2
                for r in rows)
        if best is None or e < best[0]:
            best = (e, o)
    return best[1], math.sqrt(best[0] / len(rows))


def slots(rows):
    print("\n== 2. the cost model's prediction, per pricing "
          "(measured: clang-O3 / DivOpt-advance)")
    without8 = [r for r in rows if r["n"] != 8]
    for name, pricing in PRICINGS.items():
        o_all, rms_all = fit_o(rows, pricing)
        o_cut, rms_cut = fit_o(without8, pricing)
        x = model_parts(rows[0], pricing)[0]
        print(f"{name}: SYN-ITDELAY pre+post {x:.1f}; O fitted to all rows "
              f"{o_all:+.1f} (RMS {100 * rms_all:.1f}%), without N=8 "
              f"{o_cut:+.1f} (RMS {100 * rms_cut:.1f}%)")
        print("  config                 measured   O=-2.5  O(all)  O(no N=8)")
        for r in rows:
            m = r["o3"] / r["adv"]
            print(f"  {r['bench']:8s} {r['config']:12s}  {m:6.3f}  "
                  f"{predict(r, pricing, -2.5):7.3f} "
                  f"{predict(r, pricing, o_all):7.3f} "
                  f"{predict(r, pricing, o_cut):8.3f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--clock-ghz", type=float, default=1.98)
    args = ap.parse_args()
    rows = load(args.csv)
    cycles(rows, args.clock_ghz)
    slots(rows)


if __name__ == "__main__":
    main()
