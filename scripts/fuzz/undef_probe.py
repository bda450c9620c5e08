#!/usr/bin/env python3
"""Packs the GPU experiment that asks where a one-rewrite mismatch comes from
when the rewritten IR computes, thread by thread, what the IR before it does.

    scripts/fuzz/undef_probe.py -o .carry/undef-probe/probe.tar.xz
    # GPU: scripts/fuzz/undef-probe-gpu.sh .carry/undef-probe/probe.tar.xz

For each case (seed, FP mode, pipeline, rewrite N that the GPU bisection
blamed) it packs the clang -O3 PTX as the base of every entry and, as the
DivOpt side, the same kernel built several ways:

  pre          the first N-1 rewrites (the last prefix that matched)
  bad          the first N rewrites, as the bisection built them
  bad-llc      the same IR through llc-22 (checks that llc is a stand-in)
  bad-defined  that IR with every `phi [poison, ...]` operand made zero:
               no register is left undefined on any path
  bad-ptxas-O0 / -O1, pre-ptxas-O0  the PTX of bad / pre assembled by
               ptxas at a lower optimization level

bad-defined matching says the IR's undefined values are what the code
generator or ptxas turns into the difference; bad-ptxas-O0 matching says
ptxas's optimizations make it. Cubins are assembled here (the runner loads
them instead of the PTX). Needs -debug-counter=divopt-transform
(passes/TransformCounter.h).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_kernel  # noqa: E402
import variants  # noqa: E402

# The automatic pipeline as clang runs it (passes/Pipeline.cpp).
AUTO_PIPELINE = ("kernel-split,function(branch-dist,iter-delay,loop-split,"
                 "divopt-cleanup,divopt-remarks)")

# The forced pipeline seeds 399 and 477 ran in their campaigns (seed mod 6
# of the six forced pipelines then): written out, so that a change to
# variants.FORCED_PIPELINES does not change what this probe replays.
MAJORITY_FORCED = (
    "kernel-split<force>,bbv-profile,thread-remap,function(branch-dist<force>,"
    "loop-split<force>,iter-delay<majority;threshold=8;max-delay=2;force>,"
    "divopt-cleanup,divopt-remarks)")

# (seed, FP mode, the DivOpt pipeline, the rewrite the bisection blamed,
# whether the kernel holds every melding family).
CASES = [
    (34, "contract-off", "function(branch-dist<force>)", 4, True),
    (399, "default", MAJORITY_FORCED, 13, True),
    (220, "default", AUTO_PIPELINE, 10, False),
    (477, "default", MAJORITY_FORCED, 1, False),
]


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, **kw)
    if p.returncode:
        sys.exit(f"undef_probe: {' '.join(cmd)[:300]} failed:\n"
                 f"{p.stderr[-3000:]}")
    return p.stderr


def compile_variant(src, out, seed, mode, pipeline, limit, emit_llvm):
    """clang -O3 (limit None), or with DivOpt's pipeline committing its
    first `limit` rewrites; returns the compile's stderr."""
    os.environ["DIVOPT_FUZZ_PIPELINE"] = pipeline
    variant = "base" if limit is None else "divopt"
    rc, err = variants.compile_ptx(
        src, out, variant, seed, emit_llvm=emit_llvm, fp_mode=mode,
        limit=limit, extra=["-fno-discard-value-names"] if emit_llvm else [])
    if rc:
        sys.exit(f"undef_probe: {variant} compile of {src} failed:\n"
                 f"{err[-3000:]}")
    return err


def define_phi_operands(ir):
    """Every poison operand of a PHI becomes the type's zero."""
    return re.sub(r"^.*= phi .*$",
                  lambda m: m.group(0).replace("[ poison,",
                                               "[ zeroinitializer,"),
                  ir, flags=re.M)


def llc(ll, ptx):
    run(["llc-22", "-O3", "-mcpu=sm_90", "-mattr=+ptx88", ll, "-o", ptx])


def ptxas(ptx, level):
    run([os.path.join(variants.cuda_path(), "bin", "ptxas"), "-arch=sm_90",
         f"-O{level}", ptx, "-o", ptx[:-len(".ptx")] + ".cubin"])


def build_case(seed, mode, pipeline, n, melds, work, ptxdir, lines):
    src = os.path.join(work, f"s{seed}.cu")
    with open(src, "w") as f:
        f.write(gen_kernel.generate(seed, {}, "natural", False,
                                    gen_kernel.MELD_FAMILIES if melds else ()))
    base = os.path.join(ptxdir, f"s{seed}.base.ptx")
    compile_variant(src, base, seed, mode, pipeline, None, False)
    ptxas(base, 3)
    # Whether the reference itself survives ptxas -O0.
    entries = {"base-ptxas-O0": (base, 0)}
    for name, limit in (("pre", n - 1), ("bad", n)):
        ptx = os.path.join(work, f"s{seed}-{name}.ptx")
        err = compile_variant(src, ptx, seed, mode, pipeline, limit, False)
        entries[name] = (ptx, 3)
        entries[name + "-ptxas-O0"] = (ptx, 0)
        ll = os.path.join(work, f"s{seed}-{name}.ll")
        compile_variant(src, ll, seed, mode, pipeline, limit, True)
        if name == "bad":
            remarks = [l for l in err.splitlines() if "remark:" in l]
            print(f"s{seed}: {len(remarks)} remarks at prefix {n}; last: "
                  f"{remarks[-1].split('remark: ', 1)[-1][:100] if remarks else '-'}")
            entries["bad-ptxas-O1"] = (ptx, 1)
            llc(ll, os.path.join(work, f"s{seed}-bad-llc.ptx"))
            entries["bad-llc"] = (os.path.join(work, f"s{seed}-bad-llc.ptx"), 3)
            with open(ll) as f:
                defined = define_phi_operands(f.read())
            dll = os.path.join(work, f"s{seed}-bad-defined.ll")
            with open(dll, "w") as f:
                f.write(defined)
            llc(dll, os.path.join(work, f"s{seed}-bad-defined.ptx"))
            entries["bad-defined"] = (
                os.path.join(work, f"s{seed}-bad-defined.ptx"), 3)
    for name, (ptx, level) in sorted(entries.items()):
        entry = f"s{seed}-{name}"
        dst = os.path.join(ptxdir, f"{entry}.divopt.ptx")
        shutil.copy(ptx, dst)
        ptxas(dst, level)
        lines.append(f"kernel {entry} {seed} - ptx/s{seed}.base.ptx "
                     f"ptx/{entry}.divopt.ptx distributed=0 delayed=0 "
                     f"same-ptx=0")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--seed", type=int,
                    help="probe this case instead of the recorded ones: a "
                         "natural-float seed whose rewrite --rewrite the "
                         "bisection blamed")
    ap.add_argument("--rewrite", type=int, help="with --seed")
    ap.add_argument("--fp-mode", choices=sorted(variants.FP_MODES),
                    default="default", help="with --seed")
    ap.add_argument("--pipeline", help="with --seed (default: the seed's "
                                       "forced pipeline, variants.py)")
    ap.add_argument("--meld-family-all", action="store_true",
                    help="with --seed: the kernel holds every melding family")
    args = ap.parse_args(argv)
    cases = CASES
    if args.seed is not None:
        if not args.rewrite:
            ap.error("--seed needs --rewrite")
        cases = [(args.seed, args.fp_mode,
                  args.pipeline or variants.forced_pipeline(args.seed),
                  args.rewrite, args.meld_family_all)]
    with tempfile.TemporaryDirectory() as work:
        pack = os.path.join(work, "pack")
        ptxdir = os.path.join(pack, "ptx")
        os.makedirs(ptxdir)
        lines = [
            "divopt-fuzz-pack 1", "generator 3", "commit undef-probe",
            f"abi kernel=k in_words={gen_kernel.IN_WORDS} "
            f"out_per_thread={gen_kernel.OUT_PER_THREAD} "
            f"fout_per_thread={gen_kernel.FOUT_PER_THREAD} "
            f"counters={gen_kernel.COUNTERS} max_block=256"]
        for case in cases:
            build_case(*case, work, ptxdir, lines)
        with open(os.path.join(pack, "manifest.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        os.makedirs(os.path.dirname(os.path.abspath(args.output)),
                    exist_ok=True)
        with tarfile.open(args.output, "w:xz") as t:
            for name in sorted(os.listdir(pack)):
                t.add(os.path.join(pack, name), arcname=name)
    print(f"{sum(l.startswith('kernel ') for l in lines)} entries packed "
          f"into {args.output} ({os.path.getsize(args.output) >> 10} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
