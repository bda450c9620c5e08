#!/usr/bin/env python3
"""Builds the PTX pack the GPU differential harness (bench/fuzz) runs.

    scripts/fuzz/build_pack.py --seeds 1-1000 -j2

For each seed: generate the kernel (gen_kernel.py), compile it with clang -O3
and with clang -O3 + DivOpt with every transform forced (variants.py), check
both PTX files with `ptxas -arch=sm_90` (keeping its cubins), then pack the
pairs with a manifest into .carry/fuzz-ptx/pack.tar.xz (git-ignored;
carried to the GPU machine).
A compile that fails is not packed: it is listed in the manifest, with the
variant and the stage, and its log is kept under
build/fuzz/pack-<name>/failures/. A failure of the DivOpt variant alone (a
crash, a verifier error, PTX that ptxas rejects) is a DivOpt bug; a failure
of both is a generator bug.

Exit status: 0 when every seed compiled both ways, 1 otherwise (the pack is
written either way, so the GPU run still covers the rest).
"""

import argparse
import concurrent.futures
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import gen_kernel  # noqa: E402
import variants  # noqa: E402
from progress import Progress  # noqa: E402

PACK_FORMAT = 1
PACK_LIMIT_BYTES = 40 << 20


def parse_seeds(text):
    """'1-100,200,300-310' -> [1..100, 200, 300..310]."""
    seeds = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        seeds += range(int(lo), int(hi or lo) + 1)
    return seeds


def ptxas():
    return os.environ.get("PTXAS",
                          os.path.join(variants.cuda_path(), "bin", "ptxas"))


class Job:
    """One kernel to build: a seed and, for reduction candidates, edits."""

    def __init__(self, name, seed, edits="", fp="explicit",
                 fp_mode=variants.DEFAULT_FP_MODE, kinds=("divopt",),
                 meld_shapes=False, meld_families=(), cubins=True,
                 limit=None, split_shapes=False):
        self.name, self.seed, self.edits = name, seed, edits
        self.limit = limit  # rewrites the DivOpt variants commit (None: all)
        self.meld_families = tuple(meld_families)
        self.fp, self.fp_mode, self.kinds = fp, fp_mode, tuple(kinds)
        self.meld_shapes = meld_shapes
        self.split_shapes = split_shapes
        self.cubins = cubins
        self.transforms = {}  # per DivOpt variant
        self.same = {}  # per DivOpt variant: PTX identical to the base's
        self.failure = None  # (variant, stage, log)

    def entry(self, kind):
        """The pack's name of the pair (base, kind): the forced variant
        keeps the seed's plain name."""
        return self.name if kind == "divopt" else f"{self.name}-{kind}"


def build_one(job, work, pch):
    src = os.path.join(work, f"{job.name}.cu")
    with open(src, "w") as f:
        f.write(gen_kernel.generate(job.seed,
                                    gen_kernel.parse_edits(job.edits), job.fp,
                                    job.meld_shapes, job.meld_families,
                                    job.split_shapes))
    ptx = {}
    for variant in ("base",) + job.kinds:
        out = os.path.join(work, f"{job.name}.{variant}.ptx")
        rc, err = variants.compile_ptx(src, out, variant, job.seed, pch,
                                       fp_mode=job.fp_mode, limit=job.limit)
        if rc != 0:
            job.failure = (variant, "clang", err)
            return job
        # The check's cubin is packed too: the GPU runner loads it instead
        # of JIT-compiling the PTX (the same ptxas, minutes saved there).
        # Without cubins the GPU machine assembles the pack
        # (bench/fuzz/run-fp-packs.sh), on its 16 cores.
        if job.cubins:
            p = subprocess.run([ptxas(), "-arch=sm_90", out, "-o",
                                out[:-len(".ptx")] + ".cubin"],
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            if p.returncode != 0:
                job.failure = (variant, "ptxas", p.stdout)
                return job
        if variant != "base":
            job.transforms[variant] = variants.count_transforms(err)
        ptx[variant] = out
    for kind in job.kinds:
        with open(ptx["base"], "rb") as a, open(ptx[kind], "rb") as b:
            job.same[kind] = a.read() == b.read()
    return job


def git_commit():
    p = subprocess.run(["git", "-C", variants.ROOT, "rev-parse", "HEAD"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       text=True)
    dirty = subprocess.run(["git", "-C", variants.ROOT, "diff", "--quiet",
                            "HEAD", "--", "passes", "analysis"]).returncode
    return p.stdout.strip() + ("-dirty" if dirty else "") or "unknown"


def manifest(jobs, commit=None):
    abi = " ".join(f"{k}={v}" for k, v in gen_kernel.ABI.items())
    try:
        with open(variants.plugin_path(), "rb") as f:
            plugin_sha = hashlib.sha256(f.read()).hexdigest()[:16]
    except OSError:
        plugin_sha = "none"
    lines = [f"divopt-fuzz-pack {PACK_FORMAT}",
             f"generator {gen_kernel.GENERATOR_VERSION}"
             + (" --split-shapes" if any(j.split_shapes for j in jobs)
                else ""),
             f"commit {commit or git_commit()}",
             f"plugin {plugin_sha}",
             f"abi {abi}"]
    lines += [f"pipeline {i} {p}"
              for i, p in enumerate(variants.forced_pipelines())]
    if variants.extra_options():
        lines.append("options " + " ".join(variants.extra_options()))
    for j in jobs:
        edits = j.edits or "-"
        if j.failure:
            variant, stage, log = j.failure
            first = next((l for l in log.splitlines() if "error" in l.lower()),
                         log.strip().splitlines()[0] if log.strip() else "")
            lines.append(f"failure {j.name} {j.seed} {edits} {variant} {stage} "
                         f"{first.strip()[:200]}")
        else:
            for kind in j.kinds:
                t = j.transforms.get(kind, {})
                lines.append(f"kernel {j.entry(kind)} {j.seed} {edits} "
                             f"ptx/{j.name}.base.ptx ptx/{j.name}.{kind}.ptx "
                             f"distributed={t.get('distributed', 0)} "
                             f"delayed={t.get('delayed', 0)} "
                             f"same-ptx={int(j.same.get(kind, False))} "
                             f"split={t.get('split', 0)}")
    return "\n".join(lines) + "\n"


def write_pack(path, jobs, work, commit):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    # PTX alone compresses well across the variants of a seed, which are
    # neighbours in the archive: the largest window.
    cubins = any(j.cubins for j in jobs)
    with tarfile.open(tmp, "w:xz", preset=6 if cubins else 9) as tar:
        data = manifest(jobs, commit).encode()
        info = tarfile.TarInfo("manifest.txt")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
        for j in jobs:
            if j.failure:
                continue
            for v in ("base",) + j.kinds:
                for ext in ("ptx", "cubin") if j.cubins else ("ptx",):
                    tar.add(os.path.join(work, f"{j.name}.{v}.{ext}"),
                            arcname=f"ptx/{j.name}.{v}.{ext}")
    os.replace(tmp, path)
    return os.path.getsize(path)


def build(jobs, out, work, jobs_n, fp_mode=variants.DEFAULT_FP_MODE):
    """Builds jobs into the pack `out`; returns the jobs, finished."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    # A snapshot: the plugin may be rebuilt while the pack is built, and
    # the commit it was built from is the one at the start.
    commit = git_commit()
    plugin = os.path.join(work, "libDivOpt.so")
    shutil.copy(variants.plugin_path(), plugin)
    os.environ["DIVOPT_PLUGIN"] = plugin
    pch = variants.build_pch(os.path.join(work, "cuda.pch"), fp_mode)
    done = []
    with concurrent.futures.ThreadPoolExecutor(jobs_n) as pool:
        futures = [pool.submit(build_one, j, work, pch) for j in jobs]
        progress = Progress(len(jobs), "kernels built")
        for f in concurrent.futures.as_completed(futures):
            done.append(f.result())
            progress.tick()
    done.sort(key=lambda j: (j.seed, j.name))
    failures = os.path.join(work, "failures")
    for j in done:
        if j.failure:
            os.makedirs(failures, exist_ok=True)
            variant, stage, log = j.failure
            with open(os.path.join(failures, f"{j.name}.{variant}.{stage}.log"),
                      "w") as f:
                f.write(log)
    size = write_pack(out, done, work, commit)
    if size > PACK_LIMIT_BYTES:
        raise SystemExit(f"error: {out} is {size >> 20} MiB, over the "
                         f"{PACK_LIMIT_BYTES >> 20} MiB carry budget; pack "
                         f"fewer seeds")
    return done, size


def parse_families(ap, args):
    """The melding families of --meld-family (an argparse error for an
    unknown one, or for one beside --split-shapes)."""
    try:
        families = gen_kernel.parse_meld_family(args.meld_family)
    except ValueError as e:
        ap.error(str(e))
    if families and args.split_shapes:
        ap.error("--split-shapes does not take --meld-family")
    return families


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1-1000",
                    help="seeds, e.g. 1-1000 or 5,17,200-210")
    ap.add_argument("--edits", default="",
                    help="reduction edits applied to every seed (a reduced "
                         "kernel, see reduce.py)")
    ap.add_argument("--fp", choices=gen_kernel.FP_STYLES, default="explicit",
                    help="how the kernels write floating point")
    ap.add_argument("--fp-mode", choices=sorted(variants.FP_MODES),
                    default=variants.DEFAULT_FP_MODE,
                    help="clang's floating-point flags, the same for both "
                         "compiles of a pair (default %(default)s)")
    ap.add_argument("--variants", default="divopt",
                    help="DivOpt variants each paired with clang -O3, comma "
                         f"separated, of {', '.join(variants.VARIANTS)} "
                         "(default divopt: every transform forced)")
    ap.add_argument("--meld-shapes", action="store_true",
                    help="generate the kernels with gen_kernel.py "
                         "--meld-shapes (control-flow melding's shapes)")
    ap.add_argument("--meld-family", default="",
                    help="gen_kernel.py --meld-family: one statement of each "
                         "melding shape family named (all, or a comma list "
                         "of " + ", ".join(gen_kernel.MELD_FAMILIES) + ") in "
                         "every kernel")
    ap.add_argument("--split-shapes", action="store_true",
                    help="generate the kernels with gen_kernel.py "
                         "--split-shapes (kernels kernel splitting's "
                         "legality accepts); the manifest's split=N says "
                         "into how many parts each was split")
    ap.add_argument("--no-cubins", action="store_true",
                    help="pack PTX only, smaller and faster to build; the "
                         "GPU machine assembles it (bench/fuzz/"
                         "run-fp-packs.sh)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    ap.add_argument("-o", "--output",
                    default=os.path.join(variants.ROOT, ".carry", "fuzz-ptx",
                                         "pack.tar.xz"))
    ap.add_argument("--work",
                    help="where sources, PTX and failure logs stay (default "
                         "build/fuzz/pack-<name>: packs built at the same "
                         "time do not share it)")
    args = ap.parse_args(argv)
    if not args.work:
        name = os.path.basename(args.output).split(".")[0]
        args.work = os.path.join(variants.ROOT, "build", "fuzz",
                                 f"pack-{name}")
    if not os.path.exists(variants.plugin_path()):
        ap.error(f"no plugin at {variants.plugin_path()}: build it first "
                 f"(make -C build) or set DIVOPT_PLUGIN")

    gen_kernel.parse_edits(args.edits)  # An error now, not per seed.
    families = parse_families(ap, args)
    suffix = "-" + args.edits.replace(",", "_").replace(":", ".") \
        if args.edits else ""
    kinds = tuple(filter(None, args.variants.split(",")))
    if not kinds or any(k not in variants.VARIANTS for k in kinds):
        ap.error(f"--variants takes {', '.join(variants.VARIANTS)}")
    jobs = [Job(f"s{s}{suffix}", s, args.edits, args.fp, args.fp_mode, kinds,
                args.meld_shapes, families, not args.no_cubins,
                split_shapes=args.split_shapes)
            for s in parse_seeds(args.seeds)]
    start = time.time()
    done, size = build(jobs, args.output, args.work, args.jobs, args.fp_mode)
    took = time.time() - start

    failed = [j for j in done if j.failure]
    ok = [j for j in done if not j.failure]
    print(f"{len(ok)} kernels packed into {args.output} ({size / 2**20:.1f} "
          f"MiB) in {took:.0f} s with {args.jobs} jobs")
    print(f"  float style {args.fp}, mode {args.fp_mode} "
          f"({' '.join(variants.FP_MODES[args.fp_mode]) or 'no flags'})")
    for kind in kinds:
        for what in ("distributed", "delayed"):
            print(f"  DivOpt ({kind}) {what} "
                  f"{sum(j.transforms[kind][what] for j in ok)} "
                  f"branches/loops in "
                  f"{sum(1 for j in ok if j.transforms[kind][what])} kernels")
        split = [j for j in ok if j.transforms[kind]["split"]]
        print(f"  DivOpt ({kind}) split {len(split)} of {len(ok)} kernels "
              f"into {sum(j.transforms[kind]['split'] for j in split)} "
              f"parts")
        print(f"  {sum(1 for j in ok if j.same[kind])} kernels have identical "
              f"PTX both ways ({kind}: nothing to compare)")
    for j in failed:
        variant, stage, _ = j.failure
        print(f"  FAILED seed {j.seed}: {variant} variant, {stage} "
              f"(log: {args.work}/failures/{j.name}.{variant}.{stage}.log)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
