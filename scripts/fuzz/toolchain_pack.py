#!/usr/bin/env python3
"""Packs one fuzz kernel against several references, to tell a DivOpt bug
from a toolchain that miscompiles the reference itself.

    scripts/fuzz/toolchain_pack.py --seed 220 [--edits E] [--fp natural
        --fp-mode default] [--split-shapes | --meld-family all]
        [--variant auto]
    # GPU (carry .carry/fuzz-ptx):
    bench/fuzz/run-campaign.sh .carry/fuzz-ptx/toolchain-s220.tar.xz

The campaign trusts clang -O3 + ptxas -O3 as the reference. When a
mismatch is not a DivOpt bug, that trust is what failed: seed 220 (bench/
results/2026-11-22-h200-seed220-toolchain.txt) computed different results
with ptxas -O0 and -O3 from the same base PTX. This packs pairs the runner
compares as usual (left run twice, right once), all of the same seed:

    sN             base (clang -O3, ptxas -O3)  vs  DivOpt (the campaign's pair)
    sN-px0         base                         vs  the same PTX, ptxas -O0
    sN-clang0      base                         vs  clang -O0, ptxas -O3
    sN-div-px0     DivOpt                       vs  DivOpt's PTX, ptxas -O0
    sN-div-clang0  DivOpt                       vs  clang -O0, ptxas -O3

Reading: when sN-px0 or sN-clang0 mismatch, the reference is not stable
under the toolchain's optimizations, and sN's mismatch says nothing about
DivOpt (the summary still files every mismatch under "DivOpt bugs": read
the names). A DivOpt bug shows as DivOpt disagreeing with references that
agree among themselves. The host's one-lane execution of both IRs
(host_diff.py) is a further reference for what each thread computes.
"""

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_pack  # noqa: E402
import gen_kernel  # noqa: E402
import variants  # noqa: E402


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode:
        raise SystemExit(f"error: {' '.join(cmd)} failed:\n{p.stdout}")


def compile_clang_o0(src, out, fp_mode):
    """clang -O0 instead of -O3, otherwise the campaign's base compile."""
    cmd = [variants.clang()] + [
        "-O0" if f == "-O3" else f for f in variants.COMMON_FLAGS] + \
        variants.FP_MODES[fp_mode] + [
        f"--cuda-path={variants.cuda_path()}", "-S", src, "-o", out]
    run(cmd)


def cubin(ptx, out, level):
    run([build_pack.ptxas(), "-arch=sm_90", f"-O{level}", ptx, "-o", out])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--edits", default="")
    # The kernel as the campaign that found the mismatch generated and
    # compiled it (build_pack.py's options of the same names).
    ap.add_argument("--fp", choices=gen_kernel.FP_STYLES, default="explicit")
    ap.add_argument("--fp-mode", choices=sorted(variants.FP_MODES),
                    default=variants.DEFAULT_FP_MODE)
    ap.add_argument("--split-shapes", action="store_true",
                    help="the kernel of gen_kernel.py --split-shapes")
    ap.add_argument("--meld-family", default="",
                    help="the melding shape families the kernel holds "
                         "(gen_kernel.py's, 'all' for every one)")
    ap.add_argument("--variant", choices=("divopt", "auto"), default="divopt",
                    help="DivOpt's side: the forced pipeline or the "
                         "automatic one")
    ap.add_argument("-o", "--output")
    ap.add_argument("--work")
    args = ap.parse_args(argv)
    families = build_pack.parse_families(ap, args)
    name = f"s{args.seed}"
    if args.edits:
        name += "-" + args.edits.replace(",", "_").replace(":", ".")
    out = args.output or os.path.join(variants.ROOT, ".carry", "fuzz-ptx",
                                      f"toolchain-{name}.tar.xz")
    work = args.work or os.path.join(variants.ROOT, "build", "fuzz",
                                     f"toolchain-{name}")
    if not os.path.exists(variants.plugin_path()):
        ap.error(f"no plugin at {variants.plugin_path()}: build it first "
                 f"(make -C build) or set DIVOPT_PLUGIN")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    src = os.path.join(work, "k.cu")
    with open(src, "w") as f:
        f.write(gen_kernel.generate(args.seed,
                                    gen_kernel.parse_edits(args.edits),
                                    args.fp, meld_families=families,
                                    split_shapes=args.split_shapes))
    ptx = {}
    for side, variant in (("base", "base"), ("divopt", args.variant)):
        ptx[side] = os.path.join(work, f"{side}.ptx")
        rc, err = variants.compile_ptx(src, ptx[side], variant, args.seed,
                                       fp_mode=args.fp_mode)
        if rc:
            raise SystemExit(f"error: the {variant} compile failed:\n{err}")
    ptx["clang0"] = os.path.join(work, "clang0.ptx")
    compile_clang_o0(src, ptx["clang0"], args.fp_mode)
    # (PTX, ptxas -O level) of each side of each pair.
    sides = {"base": ("base", 3), "divopt": ("divopt", 3),
             "base-px0": ("base", 0), "divopt-px0": ("divopt", 0),
             "clang0": ("clang0", 3)}
    pairs = [("", "base", "divopt"), ("-px0", "base", "base-px0"),
             ("-clang0", "base", "clang0"),
             ("-div-px0", "divopt", "divopt-px0"),
             ("-div-clang0", "divopt", "clang0")]
    jobs = []
    for suffix, left, right in pairs:
        job = build_pack.Job(name + suffix, args.seed, args.edits, args.fp,
                             args.fp_mode, meld_families=families,
                             split_shapes=args.split_shapes)
        # write_pack() takes each pair's files as NAME.base.* and
        # NAME.divopt.*.
        for slot, side in (("base", left), ("divopt", right)):
            source, level = sides[side]
            stem = os.path.join(work, f"{job.name}.{slot}")
            shutil.copy(ptx[source], stem + ".ptx")
            cubin(stem + ".ptx", stem + ".cubin", level)
        job.same = {"divopt": sides[left] == sides[right]}
        jobs.append(job)
    size = build_pack.write_pack(out, jobs, work, build_pack.git_commit())
    print(f"{len(jobs)} pairs of seed {args.seed} packed into {out} "
          f"({size >> 10} KiB)")
    for job in jobs:
        print(f"  {job.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
