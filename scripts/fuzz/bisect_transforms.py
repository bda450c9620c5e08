#!/usr/bin/env python3
"""Packs one fuzz kernel once per prefix of DivOpt's rewrites, to find the
one rewrite a GPU mismatch comes from.

    scripts/fuzz/bisect_transforms.py --seed 34 --fp natural \\
        --fp-mode fast-math --meld-family all --variant auto \\
        -o .carry/bisect/s34.tar.xz
    # GPU: bench/fuzz/run-fp-packs.sh --shards 4 .carry/bisect/s34.tar.xz
    scripts/fuzz/bisect_transforms.py --verdicts RESULTS.tsv \\
        --transforms .carry/bisect/s34.transforms.txt

--split-shapes bisects a kernel of gen_kernel.py --split-shapes (a
campaign of build_pack.py --split-shapes): kernel-split's rewrite counts
as one, and the runner runs each prefix's launch plan.

The first form compiles the kernel with every rewrite to count them (the
remarks of committed rewrites, in order), then packs the pair (clang -O3,
DivOpt) once per count N = 1..T, entry s<SEED>-t<N>, where the DivOpt side
commits only its first N rewrites (-debug-counter=divopt-transform, see
passes/TransformCounter.h); it writes the remarks, numbered, next to the
pack. The second form reads the GPU verdicts and names the first rewrite
whose prefix mismatches: that rewrite, with the ones before it, makes the
difference (DIVOPT_FUZZ_PIPELINE narrows the pipeline further).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_pack  # noqa: E402
import gen_kernel  # noqa: E402
import variants  # noqa: E402

# The remarks of committed rewrites, one per -debug-counter=divopt-transform
# query that said yes.
COMMITTED = re.compile(r"remark: (distributed divergent branch|delayed "
                       r"iterations|loop split into|kernel \S+ split into)")


def committed_remarks(stderr):
    return [l.split("remark: ", 1)[1] for l in stderr.splitlines()
            if COMMITTED.search(l)]


def count(args, families):
    """The committed rewrites of the full DivOpt compile, in order."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "k.cu")
        with open(src, "w") as f:
            f.write(gen_kernel.generate(args.seed, {}, args.fp, False,
                                        families, args.split_shapes))
        rc, err = variants.compile_ptx(src, os.path.join(tmp, "k.ptx"),
                                       args.variant, args.seed,
                                       fp_mode=args.fp_mode)
    if rc != 0:
        sys.exit(f"bisect_transforms: the DivOpt compile failed:\n{err}")
    return committed_remarks(err)


def pack(args):
    families = gen_kernel.parse_meld_family(args.meld_family)
    remarks = count(args, families)
    if not remarks:
        sys.exit(f"bisect_transforms: DivOpt commits no rewrite in seed "
                 f"{args.seed}: nothing to bisect")
    jobs = [build_pack.Job(f"s{args.seed}-t{n}", args.seed, "", args.fp,
                           args.fp_mode, (args.variant,), False, families,
                           False, limit=n, split_shapes=args.split_shapes)
            for n in range(1, len(remarks) + 1)]
    work = args.work or os.path.join(variants.ROOT, "build", "fuzz",
                                     f"bisect-s{args.seed}")
    done, size = build_pack.build(jobs, args.output, work, args.jobs,
                                  args.fp_mode)
    listing = os.path.splitext(os.path.splitext(args.output)[0])[0] + \
        ".transforms.txt"
    with open(listing, "w") as f:
        for n, r in enumerate(remarks, 1):
            f.write(f"{n}\t{r}\n")
    failed = [j for j in done if j.failure]
    print(f"{len(done) - len(failed)} prefixes of {len(remarks)} rewrites of "
          f"seed {args.seed} packed into {args.output} "
          f"({size / 2**20:.1f} MiB); rewrites listed in {listing}")
    for j in failed:
        print(f"  FAILED {j.name}: {j.failure[0]} variant, {j.failure[1]}")
    return 1 if failed else 0


def first_mismatch(args):
    """Reads the runner's verdicts (name, seed, edits, verdict, detail)."""
    verdicts = {}
    with open(args.verdicts) as f:
        for line in f:
            if line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            m = re.fullmatch(r"s\d+-t(\d+)(-\w+)?", cols[0])
            if m and len(cols) >= 4:
                verdicts[int(m.group(1))] = cols[3]
    if not verdicts:
        sys.exit(f"bisect_transforms: no s<SEED>-t<N> verdict in "
                 f"{args.verdicts}")
    with open(args.transforms) as f:
        remarks = dict(l.rstrip("\n").split("\t", 1) for l in f)
    bad = sorted(n for n, v in verdicts.items() if v == "mismatch")
    if not bad:
        print(f"no prefix mismatches ({len(verdicts)} run)")
        return 0
    n = bad[0]
    print(f"first mismatching prefix: {n} rewrites; rewrite {n}: "
          f"{remarks.get(str(n), '?')}")
    later_ok = [m for m in verdicts if m > n and verdicts[m] == "ok"]
    if later_ok:
        print(f"  (prefixes {', '.join(map(str, sorted(later_ok)))} match "
              f"again: later rewrites undo or mask it)")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int)
    ap.add_argument("--fp", choices=gen_kernel.FP_STYLES, default="explicit")
    ap.add_argument("--fp-mode", choices=sorted(variants.FP_MODES),
                    default=variants.DEFAULT_FP_MODE)
    ap.add_argument("--meld-family", default="")
    ap.add_argument("--split-shapes", action="store_true",
                    help="the kernel of gen_kernel.py --split-shapes")
    ap.add_argument("--variant", choices=("divopt", "auto"), default="divopt",
                    help="forced pipeline (DIVOPT_FUZZ_PIPELINE overrides "
                         "it) or the automatic one")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    ap.add_argument("-o", "--output")
    ap.add_argument("--work")
    ap.add_argument("--verdicts", help="the GPU run's results TSV")
    ap.add_argument("--transforms", help="the rewrites listed by the pack")
    args = ap.parse_args(argv)
    if args.verdicts:
        if not args.transforms:
            ap.error("--verdicts needs --transforms")
        return first_mismatch(args)
    if args.seed is None or not args.output:
        ap.error("packing needs --seed and -o")
    build_pack.parse_families(ap, args)  # An error here, before packing.
    return pack(args)


if __name__ == "__main__":
    sys.exit(main())
