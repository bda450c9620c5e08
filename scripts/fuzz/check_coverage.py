#!/usr/bin/env python3
"""Checks that the fuzzing lists run every pass the plugin registers.

    check_coverage.py [--plugin-source passes/Plugin.cpp]

The pass names come from passes/Plugin.cpp (each `matchParams(Name, "x")`),
so a pass registered there and missing from scripts/fuzz/divopt-passes.txt
(the hostile-input and random-pipeline lists) or from every entry of
variants.FORCED_PIPELINES (the GPU campaign) is reported. Iteration
delaying's strategies are passes of their own here: each must appear, forced.
Prints what is missing and exits 1, or prints "covered: N passes".
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import every_pass  # noqa: E402
import variants  # noqa: E402

STRATEGIES = ["majority", "round-robin", "advance"]


def registered_passes(source):
    with open(source) as f:
        return sorted(set(re.findall(r'matchParams\(Name, "([a-z-]+)"\)',
                                     f.read())))


def names_in(pipeline):
    """The pass names of one pipeline text, parameters dropped."""
    return set(re.findall(r"([a-z][a-z-]*)(?:<[^>]*>)?(?=,|\)|$)",
                          pipeline))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin-source",
                    default=os.path.join(variants.ROOT, "passes",
                                         "Plugin.cpp"))
    args = ap.parse_args()
    passes = registered_passes(args.plugin_source)
    if not passes:
        sys.exit(f"error: no passes found in {args.plugin_source}")
    missing = []
    listed = [p for p, _ in every_pass.read_passes()]
    for name in passes:
        if not any(names_in(p) & {name} for p in listed):
            missing.append(f"divopt-passes.txt lacks {name}")
    for s in STRATEGIES:
        if f"iter-delay<{s};force>" not in listed:
            missing.append(f"divopt-passes.txt lacks iter-delay<{s};force>")
    for i, p in enumerate(variants.FORCED_PIPELINES):
        for name in passes:
            if name not in names_in(p):
                missing.append(f"FORCED_PIPELINES[{i}] lacks {name}")
    for s in STRATEGIES:
        if not any(re.search(rf"iter-delay<{s}[;>].*force", p)
                   for p in variants.FORCED_PIPELINES):
            missing.append(f"FORCED_PIPELINES lack iter-delay<{s};...;force>")
    for m in missing:
        print(m)
    if missing:
        sys.exit(1)
    print(f"covered: {len(passes)} passes: {' '.join(passes)}")


if __name__ == "__main__":
    main()
