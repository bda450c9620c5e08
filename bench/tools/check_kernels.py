#!/usr/bin/env python3
"""Checks that clang -O3 left each benchmark the divergence it is about.

The benchmarks only measure something if the standard pipeline did not
already remove their divergence (SimplifyCFG turning small arms into
selects, sinking or hoisting common code). This reads the clang -O3 IR of
the untransformed kernels (and of the hand-transformed ones), runs DivOpt's
vote-aware divergence printer over it, and checks per kernel:

  itdelay_n*, loopadv_n*, brdis_m*   a divergent if-else inside a loop
  (and itdelay_nat_n*, brdis_nat_m*)
  split_h*                           a divergent if-else outside any loop
  brdis_m* vs brdis_dist_m*          the original holds more fused
                                     multiply-adds than the distributed
                                     version: both middles survived -O3
  brdis_nat_m* vs brdis_nat_dist_m*  the same with multiplies (ordinary
                                     arithmetic: fmul contract, fused by
                                     the backend)
  itdelay_*_n* (hand)                warp votes (ballot or any) present

Prints one line per kernel and exits 1 if any check fails.

usage: check_kernels.py --opt OPT --plugin libDivOpt.so IR_DIR
"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

FUNCTION_RE = re.compile(r"^divopt-divergence: function '([^']+)'")
BRANCH_RE = re.compile(r"^  branch \S+: (divergent|uniform)(?: (\S+))?")
ARM_RE = re.compile(r"^    arm \S+: blocks=(\d+) insts=(\d+)")
LOOP_RE = re.compile(r"^    loop: (none|\S+ depth=\d+)")
DEFINE_RE = re.compile(r"^define .*@([A-Za-z_0-9]+)\(")


def read_branches(opt, plugin, ir):
    """{kernel: [dict(kind, arms=[insts], in_loop)]}, divergent branches
    only."""
    out = subprocess.run(
        [opt, "-load-pass-plugin", plugin,
         "-passes=print<divopt-divergence>", "-disable-output", str(ir)],
        check=True, capture_output=True, text=True)
    kernels, current, branch = {}, None, None
    for line in (out.stdout + out.stderr).splitlines():
        if m := FUNCTION_RE.match(line):
            current = kernels.setdefault(m.group(1), [])
            branch = None
        elif m := BRANCH_RE.match(line):
            branch = None
            if m.group(1) == "divergent" and current is not None:
                branch = {"kind": m.group(2), "arms": [], "in_loop": False}
                current.append(branch)
        elif branch is not None and (m := ARM_RE.match(line)):
            branch["arms"].append(int(m.group(2)))
        elif branch is not None and (m := LOOP_RE.match(line)):
            branch["in_loop"] = m.group(1) != "none"
    return kernels


def count_in_functions(ir, pattern):
    """{function: occurrences of pattern in its body}."""
    counts, current = {}, None
    for line in Path(ir).read_text().splitlines():
        if m := DEFINE_RE.match(line):
            current = m.group(1)
            counts[current] = 0
        elif line.startswith("}"):
            current = None
        elif current is not None:
            counts[current] += line.count(pattern)
    return counts


def largest_if_else(branches, where):
    candidates = [b for b in branches
                  if b["kind"] == "if-else" and where(b) and len(b["arms"]) == 2]
    return max(candidates, key=lambda b: min(b["arms"]), default=None)


def check_divergence(name, branches, failures):
    if name.startswith("split_h"):
        where, what = (lambda b: not b["in_loop"]), "outside any loop"
    else:
        where, what = (lambda b: b["in_loop"]), "inside a loop"
    best = largest_if_else(branches, where)
    if best is None:
        failures.append(f"{name}: no divergent if-else {what}")
        print(f"  FAIL {name}: no divergent if-else {what}")
        return
    print(f"  ok   {name}: divergent if-else {what}, "
          f"arms of {best['arms'][0]} and {best['arms'][1]} instructions")


def check_originals(args, failures):
    for stem in ("itdelay", "loopadv", "brdis", "split"):
        ir = Path(args.ir_dir) / f"{stem}.clang-O3.ll"
        print(f"{ir.name}:")
        kernels = read_branches(args.opt, args.plugin, ir)
        names = sorted(k for k in kernels if k.startswith(stem + "_"))
        if not names:
            failures.append(f"{ir.name}: no {stem}_* kernels")
        for name in names:
            check_divergence(name, kernels[name], failures)


def check_brdis_middles(args, failures):
    """Both middles survived -O3: the original computes more multiplies
    than its hand-distributed version, explicit (llvm.fma) and ordinary
    arithmetic (fmul contract) alike."""
    for prefix, what in (("brdis_m", "@llvm.fma.f32("),
                         ("brdis_nat_m", "fmul contract float")):
        orig = count_in_functions(Path(args.ir_dir) / "brdis.clang-O3.ll",
                                  what)
        hand = count_in_functions(
            Path(args.ir_dir) / "brdis_hand.clang-O3.ll", what)
        print(f"{prefix}* multiplies ({what.rstrip('(')}), "
              "original vs distributed:")
        names = sorted(k for k in orig if k.startswith(prefix))
        if not names:
            failures.append(f"brdis.clang-O3.ll: no {prefix}* kernels")
        for name in names:
            dist = hand.get(name.replace("brdis_", "brdis_dist_", 1)
                            if prefix == "brdis_m" else
                            name.replace("brdis_nat_", "brdis_nat_dist_", 1), 0)
            ok = orig[name] > dist > 0
            print(f"  {'ok  ' if ok else 'FAIL'} {name}: {orig[name]} vs {dist}")
            if not ok:
                failures.append(f"{name}: {orig[name]} vs {dist} distributed")


def check_votes(args, failures):
    votes = count_in_functions(Path(args.ir_dir) / "itdelay_hand.clang-O3.ll",
                               "@llvm.nvvm.vote.")
    print("itdelay hand-transformed kernels, warp votes:")
    for name in sorted(k for k in votes if k.startswith("itdelay_")):
        ok = votes[name] > 0
        print(f"  {'ok  ' if ok else 'FAIL'} {name}: {votes[name]} votes")
        if not ok:
            failures.append(f"{name}: no warp vote")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opt", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("ir_dir")
    args = parser.parse_args()
    failures = []
    check_originals(args, failures)
    check_brdis_middles(args, failures)
    check_votes(args, failures)
    if failures:
        print(f"check_kernels: {len(failures)} FAILED", file=sys.stderr)
        return 1
    print("check_kernels: every kernel keeps the divergence it measures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
