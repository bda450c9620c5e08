"""Plays the GPU for reduce.py's rounds in tests: reads a pack manifest and
writes the runner's results file (bench/fuzz/ResultLog.h), with "mismatch"
for each kernel whose regenerated source contains TEXT and "ok" otherwise.

    fake-gpu.py MANIFEST TEXT > fuzz-results.tsv
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "scripts", "fuzz"))
import gen_kernel  # noqa: E402

manifest, text = sys.argv[1], sys.argv[2]
with open(manifest) as f:
    for line in f:
        parts = line.split()
        if not parts or parts[0] != "kernel":
            continue
        name, seed, edits = parts[1], int(parts[2]), parts[3]
        src = gen_kernel.generate(
            seed, gen_kernel.parse_edits("" if edits == "-" else edits))
        status = "mismatch" if text in src else "ok"
        print(f"{name}\t{seed}\t{edits}\t{status}\tfake")
