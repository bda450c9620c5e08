"""Checks that every DivOpt pipeline opt prints parses back to itself.

    round_trip.py --opt OPT --plugin PLUGIN --module M.ll SPEC

SPEC lists, per pass, its parameters at their boundary values and its
flags, one pass a line:

    pass-name  key=min key=max ... flag flag ...
    ! pass-name<a;b>        a parameter list that must be refused

For each pass this runs the pass bare, with each key=value alone, with
every key=value together with every flag, and with every pair of flags;
each must either parse, print (-print-pipeline-passes) as a text that
parses and prints as itself, or be listed with '!' and then fail with an
"error:" line, no crash. Prints one line per pipeline that failed and a
count, and exits 1 if any did.
"""

import argparse
import itertools
import subprocess
import sys


def opt_print(args, pipeline):
    p = subprocess.run([args.opt, "-load-pass-plugin", args.plugin,
                        f"-passes={pipeline}", "-print-pipeline-passes", "-disable-verify",
                        "-disable-output", args.module],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120)
    return p.returncode, p.stdout.decode().strip(), p.stderr.decode()


def pipelines(name, values, flags):
    yield name
    for v in values:
        yield f"{name}<{v}>"
        for f in flags:
            yield f"{name}<{v};{f}>"
    for f in flags:
        yield f"{name}<{f}>"
    for a, b in itertools.combinations(flags, 2):
        yield f"{name}<{a};{b}>"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--module", required=True)
    ap.add_argument("spec")
    args = ap.parse_args()
    refused, todo = set(), []
    for line in open(args.spec):
        line = line.split("#")[0].strip()
        if not line:
            continue
        if line.startswith("!"):
            refused.add(line[1:].strip())
            continue
        name, *params = line.split()
        values = [p for p in params if "=" in p]
        flags = [p for p in params if "=" not in p]
        todo += list(pipelines(name, values, flags))
    failed = checked = 0
    for p in todo:
        checked += 1
        rc, printed, err = opt_print(args, p)
        if p in refused:
            if rc != 1 or "error:" not in err or "Stack dump" in err:
                print(f"FAIL {p}: should be refused, got exit {rc}: {err}")
                failed += 1
            continue
        if rc != 0:
            print(f"FAIL {p}: exit {rc}: {err.strip()}")
            failed += 1
            continue
        rc2, again, err2 = opt_print(args, printed)
        if rc2 != 0 or again != printed:
            print(f"FAIL {p}: printed {printed!r}, which "
                  + (f"fails: {err2.strip()}" if rc2 else
                     f"prints as {again!r}"))
            failed += 1
    missing = refused - set(todo)
    for m in sorted(missing):
        print(f"FAIL {m}: listed as refused but never tried")
        failed += 1
    print(f"round-trip: {checked} pipelines, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
