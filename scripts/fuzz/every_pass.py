#!/usr/bin/env python3
"""Runs every DivOpt pass, and the O3 pipeline with the plugin, over a module.

    every_pass.py --opt opt-22 --plugin build/passes/libDivOpt.so IN.ll
    every_pass.py ... --expect-error BAD.ll   # malformed input
    every_pass.py ... --refused IN.ll         # DivOpt must change nothing

Each pass of divopt-passes.txt runs alone under -verify-each. A pass fails
when opt crashes, hangs, or exits other than expected: 0, or with
--expect-error 1 with an "error:" line. Analysis passes (marked '!') must
leave the IR exactly as `opt -S` without the plugin prints it; with
--refused every pass must, and `default<O3>` with the plugin must give what
it gives without. Prints one line per pass and exits 1 if any failed.
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CRASH_SIGNS = ("PLEASE submit a bug report", "Stack dump:",
               "LLVM ERROR: Broken module", "UNREACHABLE executed",
               "Assertion `")
TIMEOUT_S = 120


def read_passes(path=os.path.join(HERE, "divopt-passes.txt")):
    """[(pipeline element, kind)]: kind '!' never changes the IR, '~' ends
    in a cleanup, '+' changes what the transforms refuse (an instrumented
    copy, a switch dispatched by compares), '' transforms (see the list's
    header)."""
    passes = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                kind = line[0] if line[0] in "!~+" else ""
                passes.append((line[len(kind):], kind))
    if not passes:
        raise SystemExit(f"error: no passes in {path}")
    return passes


def run(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT_S)
        return p.returncode, p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, f"timed out after {TIMEOUT_S} s"


def verdict(rc, err, expect_error):
    """Why this run is wrong, or None."""
    if rc is None:
        return err
    if rc < 0:
        return f"killed by signal {-rc}"
    sign = next((s for s in CRASH_SIGNS if s in err), None)
    if sign:
        return f"crash ({sign})"
    if expect_error:
        if rc != 1 or "error" not in err:
            return f"exit status {rc}, expected a clean error (1)"
    elif rc != 0:
        return f"exit status {rc}"
    return None


def first_diff(a, b):
    with open(a) as fa, open(b) as fb:
        for n, (x, y) in enumerate(zip(fa, fb), 1):
            if x != y:
                return f"line {n}: {x.strip()!r} became {y.strip()!r}"
    return "the lengths differ"


def same(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opt", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--expect-error", action="store_true")
    ap.add_argument("--refused", action="store_true")
    ap.add_argument("input")
    args = ap.parse_args(argv)

    divopt = [args.opt, "-load-pass-plugin", args.plugin]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "ref.ll")
        if not args.expect_error:
            rc, err = run([args.opt, "-S", args.input, "-o", ref])
            if rc != 0:
                raise SystemExit(f"error: opt cannot read {args.input} "
                                 f"without the plugin:\n{err}")
        jobs = [(p, kind == "!" or (args.refused and kind == ""))
                for p, kind in read_passes()]
        jobs.append(("default<O3>", False))
        for n, (pipeline, unchanged) in enumerate(jobs):
            out = os.path.join(tmp, f"out{n}.ll")
            rc, err = run(divopt + [f"-passes={pipeline}", "-verify-each",
                                    "-S", args.input, "-o", out])
            why = verdict(rc, err, args.expect_error)
            if not why and unchanged and not args.expect_error:
                if not same(ref, out):
                    why = "changed the IR: " + first_diff(ref, out)
            if not why and pipeline == "default<O3>" and args.refused \
                    and not args.expect_error:
                plain = os.path.join(tmp, "o3.ll")
                run([args.opt, f"-passes={pipeline}", "-S", args.input, "-o",
                     plain])
                if not same(plain, out):
                    why = ("the plugin changed what default<O3> gives: "
                           + first_diff(plain, out))
            if why:
                failures += 1
                tail = "\n".join(err.strip().splitlines()[-12:])
                print(f"FAIL {pipeline}: {why}\n{tail}")
            else:
                print(f"ok   {pipeline}")
    if failures:
        print(f"every-pass: {failures} of {len(jobs)} runs failed on "
              f"{args.input}")
        return 1
    print(f"every-pass: {len(jobs)} runs clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
