#!/usr/bin/env python3
"""Plays divopt-fuzz-runner for ref-stability.test. Each side of a pair
loads its cubin when one sits next to its PTX, as the runner does. An
image "computes" B when it says divopt-differs, or when it was assembled
at -O0 (fake-ptxas-levels.sh) from PTX that says unstable; else A."""
import os
import sys

args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
pack = args["--pack"]
if "FAKE_RUNNER_LOG" in os.environ:
    with open(os.environ["FAKE_RUNNER_LOG"], "a") as log:
        log.write(" ".join(sys.argv[1:]) + "\n")


def image(rel):
    path = os.path.join(pack, rel)
    cubin = path[:-len(".ptx")] + ".cubin"
    with open(cubin if os.path.exists(cubin) else path) as f:
        return f.read()


def result(text):
    if "divopt-differs" in text:
        return "B"
    return "B" if text.startswith("ptxas -O0") and "unstable" in text else "A"


with open(args["--results"], "a") as out:
    out.write("# runner: FakeGPU sm_90, driver 13000, pack commit x, fake\n")
    for line in open(os.path.join(pack, "manifest.txt")):
        p = line.split()
        if p[:1] != ["kernel"]:
            continue
        same = result(image(p[4])) == result(image(p[5]))
        out.write(f"{p[1]}\t{p[2]}\t{p[3]}\t"
                  + ("ok\t\n" if same else
                     "mismatch\t1 of 8 shapes differ: counters[3]\n"))
