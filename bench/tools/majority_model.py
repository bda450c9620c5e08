#!/usr/bin/env python3
"""Majority voting's cost per trip, fitted to SYN-ITDELAY runs, and its
lanes' trips per iteration, simulated.

    majority_model.py fit BENCH.csv [--min-n 16]
        fits the slots a trip of majority's vote and bookkeeping (O) to the
        forced DivOpt-majority rows of a bench CSV (bench-gpu.sh), by least
        squares on log(predicted / measured), with the cost model's
        formulas (analysis/CostModel.cpp): clang -O3's loop costs
        pre + post + (both arms where the warp's lanes disagree); the
        delayed loop (arm + O + pre + post) / advance per trip, the advance
        flat at the vote's chain at p = 0.5 and the arm each side's by the
        chain's share of trips, times the stragglers' factor of the bench's
        iterations per lane (getStragglerFactor); the loop's pre, arms and
        post are the issue slots the cost model prints for SYN-ITDELAY
        (SHAPES). Prints the fit, then every row at O and at 12 (the old
        constant).
    majority_model.py simulate [--warps 200]
        runs the vote as DelayedLoop.cpp builds it (a forced trip every 33rd,
        the then-side where popc(taken) * 32 >= 16 * popc(live), lanes
        leaving after their last iteration) on one warp of 32 lanes with
        independent draws, and prints the warp's trips per iteration against
        the model's (1 / advance, times the stragglers' factor).
"""
import argparse
import csv
import math
import random
import statistics
from functools import lru_cache

# SYN-ITDELAY's loop as the cost model sees it (its remarks): pre, post,
# then-arm, else-arm in issue slots, by N; natural arithmetic's arms.
SHAPES = {4: (23, 47, 8.5, 8.5), 8: (23, 7, 16.5, 16.5), 16: (23, 7, 46, 32.5),
          32: (23, 7, 92, 82), 64: (23, 7, 184, 164), 128: (23, 7, 368, 328),
          256: (23, 7, 736, 656)}
NATURAL = {32: (23, 7, 92, 92), 64: (23, 7, 184, 184), 128: (23, 7, 368, 368),
           256: (23, 7, 736, 736)}
STARVATION = 1 / 33  # one trip in max-delay + 1 (32)
WARP_MAX_DEVIATE = 2.0427  # E[max] of 32 standard normal deviates


def binomial(n, p):
    q = 1 - p
    pr = [0.0] * (n + 1)
    pr[0] = q ** n
    for k in range(1, n + 1):
        pr[k] = pr[k - 1] * (n + 1 - k) / k * p / q if q > 0 else float(k == n)
    return pr


@lru_cache(None)
def chain(p):
    """(advance per trip, share of trips serving then) of the vote's Markov
    chain on the lanes wanting then (computeMajorityChain)."""
    pi, adv, then, last = binomial(32, p), 0.0, 0.0, -1.0
    for _ in range(200):
        if abs(adv - last) <= 1e-12:
            break
        last, nxt, adv, then = adv, [0.0] * 33, 0.0, 0.0
        for n in range(33):
            if pi[n] == 0:
                continue
            majority, minority = 2 * n >= 32, 0 < n < 32
            for serve in (True, False):
                pr = ((1 - STARVATION if minority else 1.0) if serve == majority
                      else (STARVATION if minority else 0.0))
                if pr == 0:
                    continue
                served = n if serve else 32 - n
                waiting = 0 if serve else n
                adv += pi[n] * pr * served / 32
                then += pi[n] * pr if serve else 0
                for k, d in enumerate(binomial(served, p)):
                    nxt[waiting + k] += pi[n] * pr * d
        pi = nxt
    return adv, then


def stragglers(trips_per_iteration, iterations):
    m = trips_per_iteration
    return 1 + WARP_MAX_DEVIATE * math.sqrt(max(0.0, (m - 1) * (2 - m)) /
                                            iterations) / m


def predict(shape, p, overhead, iterations=None):
    pre, post, then_arm, else_arm = shape
    all_then, all_else = p ** 32, (1 - p) ** 32
    before = (pre + post + (1 - all_then - all_else) * (then_arm + else_arm) +
              all_then * then_arm + all_else * else_arm)
    adv, share = chain(0.5)[0], chain(p)[1]
    arm = share * then_arm + (1 - share) * else_arm
    after = (arm + max(0.0, overhead + pre + post)) / adv
    if iterations:
        after *= stragglers(1 / adv, iterations)
    return before / after


def rows_of(path):
    out = []
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["benchmark"] != "itdelay" or r["variant"] != "DivOpt-majority":
                continue
            p = dict(kv.split("=") for kv in r["params"].split(";"))
            natural = p["arith"] == "natural"
            shape = (NATURAL if natural else SHAPES)[int(p["N"])]
            out.append((int(p["N"]), float(p["f"]), natural, int(p["iters"]),
                        shape, float(r["speedup"])))
    return sorted(out)


def fit(args):
    rows = [r for r in rows_of(args.bench) if r[0] >= args.min_n]

    def squares(o):
        return sum(math.log(predict(s, f, o, i) / m) ** 2
                   for _, f, _, i, s, m in rows)
    best = min((o / 10 for o in range(0, 400)), key=squares)
    print(f"{len(rows)} rows (N >= {args.min_n}): O = {best:.1f} slots a trip, "
          f"RMS {100 * math.sqrt(squares(best) / len(rows)):.2f}%; at 12: "
          f"RMS {100 * math.sqrt(squares(12) / len(rows)):.2f}%")
    print("| config | iterations/lane | stragglers | measured | "
          f"O={best:.1f} | resid | O=12 | resid |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n, f, natural, i, s, m in rows_of(args.bench):
        new, old = predict(s, f, best, i), predict(s, f, 12, i)
        print(f"| N={n} f={f:.2f}{' natural' if natural else ''} | {i} | "
              f"{stragglers(1 / chain(0.5)[0], i):.4f} | {m:.3f} | {new:.3f} | "
              f"{new / m - 1:+.1%} | {old:.3f} | {old / m - 1:+.1%} |")
    return 0


def simulate_warp(rng, iterations, p, max_delay=32, threshold=16):
    left = [iterations] * 32
    want = [rng.random() < p for _ in range(32)]
    phase = trips = 0
    while True:
        live = [lane for lane in range(32) if left[lane]]
        if not live:
            return trips
        taken = sum(want[lane] for lane in live)
        force = phase == max_delay
        phase = 0 if force else phase + 1
        then = (taken * 32 >= threshold * len(live)) != force
        trips += 1
        for lane in live:
            if want[lane] == then:
                left[lane] -= 1
                want[lane] = rng.random() < p


def simulate(args):
    rng = random.Random(1)
    model = 1 / chain(0.5)[0]
    print("| p | iterations/lane | simulated trips/iteration | model | "
          "model with stragglers | simulated / model with stragglers |")
    print("| --- | --- | --- | --- | --- | --- |")
    for p, i in [(0.5, i) for i in (64, 128, 256, 512, 1024, 2048)] + \
                [(p, 512) for p in (0.05, 0.1, 0.25, 0.75, 0.9, 0.95)]:
        sim = statistics.mean(simulate_warp(rng, i, p)
                              for _ in range(args.warps)) / i
        with_tail = model * stragglers(model, i)
        print(f"| {p:.2f} | {i} | {sim:.4f} | {model:.4f} | {with_tail:.4f} | "
              f"{sim / with_tail:.4f} |")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("bench")
    f.add_argument("--min-n", type=int, default=16)
    s = sub.add_parser("simulate")
    s.add_argument("--warps", type=int, default=200)
    args = ap.parse_args()
    return fit(args) if args.cmd == "fit" else simulate(args)


if __name__ == "__main__":
    raise SystemExit(main())
