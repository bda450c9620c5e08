#!/usr/bin/env python3
"""Checks, without a GPU, that DivOpt fuses products into sums exactly as
clang -O3 + ptxas do.

    fusion_check.py --seeds 1-1000 --modes default,fast-math -j2 --out r.tsv

For each FP mode and seed, the kernel of `gen_kernel.py --fp natural` is
compiled with clang -O3 (the reference) and with each DivOpt variant, and
every PTX file is assembled by ptxas -arch=sm_90 -O3, the GPU campaign's
own step. The cubins' floating-point instructions are counted
(sass_ops.py). ptxas's own fusions are counted too: the same PTX with
every plain `mul` made `mul.rn` (which ptxas never fuses) is assembled
again, and the FFMA/DFMA difference is what ptxas fused.

Verdicts, per function of the module:
  pin      the contraction pinner alone: every function's counts must be
           the reference's (same fusions, same multiplies, same sums).
  clones   kernel-split, bbv-profile and thread-remap, forced, no function
           pass: `k` must keep the reference's counts, and ptxas must fuse
           nothing of its own in the copies and parts, which are pinned
           whole when they are made.
  divopt, auto  the forced and the automatic pipelines: ptxas must fuse
           no more products in any function than in the reference's
           (what the pinner leaves to ptxas is left where it was).
A mismatch prints the seed's reproduction: `repro.py SEED --fp natural`.

Output: one TSV line per (mode, seed, variant, function) with both counts;
a summary per mode and variant on stdout. Exit status 1 when any check
failed or any compile failed.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import build_pack  # noqa: E402
import gen_kernel  # noqa: E402
import sass_ops  # noqa: E402
import variants  # noqa: E402
from progress import Progress  # noqa: E402

CHECKS = ("pin", "pin-old", "clones", "divopt", "auto")
CLONES_PIPELINE = "kernel-split<force>,bbv-profile,thread-remap"
# Plain multiplies, which ptxas may fuse; `.rn` ones it never does.
PLAIN_MUL = re.compile(r"\bmul((?:\.ftz)?\.f(?:32|64))\b")


def ptxas():
    return os.environ.get("PTXAS",
                          os.path.join(variants.cuda_path(), "bin", "ptxas"))


def assemble(ptx, cubin):
    p = subprocess.run([ptxas(), "-arch=sm_90", "-O3", ptx, "-o", cubin],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode != 0:
        raise RuntimeError(f"ptxas {ptx}: {p.stdout.strip()[:300]}")
    return sass_ops.count_cubin(cubin)


def fused_by_ptxas(ptx, counts, work):
    """{function: number of products ptxas fused} of a PTX file whose
    cubin counts are `counts`."""
    with open(ptx) as f:
        text = f.read()
    # mul.f32 -> mul.rn.f32, mul.ftz.f32 -> mul.rn.ftz.f32.
    neutral = PLAIN_MUL.sub(lambda m: "mul.rn" + m.group(1), text)
    if neutral == text:
        return {f: 0 for f in counts}
    path = os.path.join(work, os.path.basename(ptx) + ".neutral.ptx")
    with open(path, "w") as f:
        f.write(neutral)
    plain = assemble(path, path[:-4] + ".cubin")
    return {f: (c["FFMA"] + c["DFMA"]) - (plain[f]["FFMA"] + plain[f]["DFMA"])
            for f, c in counts.items()}


def break_one_fusion(ptx):
    """--self-test: the first fma.rn.f32 of each kernel becomes a rounded
    multiply and add, one fusion fewer, which the check must notice."""
    with open(ptx) as f:
        parts = f.read().split("\n.visible .entry")
    fma = re.compile(
        r"fma\.rn\.f32\s+(%\w+),\s*([^,]+),\s*([^,]+),\s*([^;]+);")
    for i in range(1, len(parts)):
        m = fma.search(parts[i])
        if m:
            d, a, b, c = m.groups()
            parts[i] = (parts[i][:m.start()] + f"mul.rn.f32 {d}, {a}, {b};"
                        f"\n\tadd.rn.f32 {d}, {d}, {c};" + parts[i][m.end():])
    with open(ptx, "w") as f:
        f.write("\n.visible .entry".join(parts))


def compile_variant(src, out, variant, seed, pch, mode):
    """PTX of one variant; 'clones' is the module passes alone, 'pin-old'
    the pinner of the plugin --compare-plugin names."""
    flags = variants.variant_flags("pin" if variant == "pin-old" else
                                   "auto" if variant == "clones" else
                                   variant, seed)
    if variant == "clones":
        flags += ["-mllvm", f"-divopt-pipeline={CLONES_PIPELINE}"]
    if variant == "pin-old":
        flags = [f.replace(variants.plugin_path(), os.environ["PIN_OLD"])
                 for f in flags]
    cmd = variants.base_command(pch, mode) + ["-S", src, "-o", out] + flags
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stderr


class Result:
    def __init__(self, mode, seeds):
        self.mode, self.seeds = mode, seeds
        # (seed, variant, function, base counts, counts, ok, why)
        self.rows = []
        self.failure = None


def is_clone_of(name, kernel):
    return name.startswith(f"{kernel}_$_divopt_$_")


def batch_source(seeds, fp, meld_shapes, families=()):
    """One translation unit holding the kernels of `seeds`, each renamed
    with its seed (k_s12, h0_s12): one clang and one ptxas run for many
    kernels, whose code is each kernel's own."""
    parts = [gen_kernel.PRELUDE]
    for seed in seeds:
        text = gen_kernel.generate(seed, None, fp, meld_shapes, families)
        text = text.replace(gen_kernel.PRELUDE, "")
        text = re.sub(rf"\b({gen_kernel.KERNEL_NAME}|[hr]\d+)\(",
                      rf"\1_s{seed}(", text)
        parts.append(text)
    return "\n".join(parts)


def seed_of(function):
    m = re.search(r"_s(\d+)(?:_\$_|$)", function)
    return int(m.group(1)) if m else None


def check_batch(mode, seeds, kinds, work, pch, fp, meld_shapes, families=()):
    r = Result(mode, seeds)
    d = os.path.join(work, mode)
    name = f"s{seeds[0]}-{seeds[-1]}"
    src = os.path.join(d, f"{name}.cu")
    with open(src, "w") as f:
        f.write(batch_source(seeds, fp, meld_shapes, families))
    counts, fused = {}, {}
    for variant in ("base",) + kinds:
        ptx = os.path.join(d, f"{name}.{variant}.ptx")
        rc, err = compile_variant(src, ptx, variant, seeds[0], pch, mode)
        if rc != 0:
            r.failure = f"{variant}: clang: {err.strip().splitlines()[-1:]}"
            return r
        if variant != "base" and os.environ.get("FUSION_CHECK_SELF_TEST"):
            break_one_fusion(ptx)
        try:
            counts[variant] = assemble(ptx, ptx[:-4] + ".cubin")
            if set(kinds) & {"clones", "divopt", "auto"}:
                fused[variant] = fused_by_ptxas(ptx, counts[variant], d)
        except RuntimeError as e:
            r.failure = f"{variant}: {e}"
            return r
    base = counts["base"]
    for variant in kinds:
        for name, c in sorted(counts[variant].items()):
            seed = seed_of(name)
            kernel = f"{gen_kernel.KERNEL_NAME}_s{seed}"
            ref = base.get(name)
            if ref is None and is_clone_of(name, kernel):
                ref = base.get(kernel)
            why = ""
            if variant in ("pin", "pin-old") or (variant == "clones" and
                                                 name in base):
                ok = ref is not None and sass_ops.same_fusions(c, ref)
                why = "" if ok else "counts differ"
            elif variant == "clones":
                # A copy is pinned whole when it is made: every fusion in
                # it is explicit, ptxas makes none of its own. (Its counts
                # may differ: ptxas unrolls a loop with counters otherwise.)
                ok = fused[variant][name] == 0
                why = "" if ok else (f"ptxas fused {fused[variant][name]} "
                                     f"products in a pinned copy")
            else:
                # The pinner fixed every fusion of a function a transform
                # changed; ptxas may fuse no more than in the reference.
                limit = fused["base"].get(name, fused["base"].get(kernel, 0))
                ok = fused[variant][name] <= limit
                why = "" if ok else (f"ptxas fused {fused[variant][name]} "
                                     f"products, the reference {limit}")
            r.rows.append((seed, variant, name, ref, c, ok, why))
    return r


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1-100")
    ap.add_argument("--modes", default=",".join(variants.FP_MODES),
                    help="comma-separated FP modes of variants.FP_MODES "
                         "(default: all)")
    ap.add_argument("--variants", default="pin",
                    help=f"comma-separated, of {', '.join(CHECKS)} "
                         "(default pin)")
    ap.add_argument("--fp", choices=gen_kernel.FP_STYLES, default="natural")
    ap.add_argument("--meld-shapes", action="store_true")
    ap.add_argument("--meld-family", default="",
                    help="gen_kernel.py --meld-family: one statement of each "
                         "named shape family (or all) in every kernel")
    ap.add_argument("--batch", type=int, default=20,
                    help="kernels per compile (default %(default)s)")
    ap.add_argument("--self-test", action="store_true",
                    help="take one fusion out of every variant's PTX: "
                         "every kernel must then mismatch")
    ap.add_argument("--compare-plugin",
                    help="another plugin (e.g. main's) whose pinner the "
                         "variant pin-old runs, for before/after counts")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--work", default=os.path.join(variants.ROOT, "build",
                                                   "fuzz", "fusion-check"))
    ap.add_argument("--out", help="TSV of every function's counts")
    args = ap.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    kinds = tuple(k for k in args.variants.split(",") if k)
    bad = [m for m in modes if m not in variants.FP_MODES] + \
        [k for k in kinds if k not in CHECKS]
    if bad or not kinds:
        ap.error(f"unknown mode or variant: {', '.join(bad) or '(none)'}")
    if not os.path.exists(variants.plugin_path()):
        ap.error(f"no plugin at {variants.plugin_path()}: build it first")
    if "pin-old" in kinds:
        if not args.compare_plugin:
            ap.error("pin-old needs --compare-plugin")
        os.environ["PIN_OLD"] = os.path.abspath(args.compare_plugin)
    if args.self_test:
        os.environ["FUSION_CHECK_SELF_TEST"] = "1"
    families = gen_kernel.parse_meld_family(args.meld_family)
    seeds = build_pack.parse_seeds(args.seeds)
    batches = [seeds[i:i + args.batch]
               for i in range(0, len(seeds), max(1, args.batch))]
    start = time.time()
    pchs = {}
    for m in modes:
        os.makedirs(os.path.join(args.work, m), exist_ok=True)
        pchs[m] = variants.build_pch(os.path.join(args.work, m, "cuda.pch"),
                                     m)
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(check_batch, m, b, kinds, args.work, pchs[m],
                               args.fp, args.meld_shapes, families)
                   for m in modes for b in batches]
        progress = Progress(len(modes) * len(seeds), "kernels checked")
        for f in concurrent.futures.as_completed(futures):
            results.append(f.result())
            progress.tick(len(results[-1].seeds))
    results.sort(key=lambda r: (modes.index(r.mode), r.seeds[0]))
    if args.out:
        with open(args.out, "w") as f:
            f.write("# mode\tseed\tvariant\tfunction\tok\treference\t"
                    "variant counts\twhy\n")
            for r in results:
                if r.failure:
                    f.write(f"{r.mode}\t{r.seeds[0]}-{r.seeds[-1]}\t-\t-\t"
                            f"fail\t-\t-\t{r.failure}\n")
                for seed, v, name, ref, c, ok, why in r.rows:
                    f.write(f"{r.mode}\t{seed}\t{v}\t{name}\t"
                            f"{'ok' if ok else 'MISMATCH'}\t"
                            f"{sass_ops.format_counts(ref or {}) or '-'}\t"
                            f"{sass_ops.format_counts(c) or '-'}\t{why}\n")
    status = 0
    print(f"{len(seeds)} seeds x {len(modes)} modes in "
          f"{time.time() - start:.0f} s with {args.jobs} jobs "
          f"(fp {args.fp}{', meld shapes' if args.meld_shapes else ''})")
    for m in modes:
        rs = [r for r in results if r.mode == m]
        failed = [s for r in rs if r.failure for s in r.seeds]
        checked = sum(len(r.seeds) for r in rs) - len(failed)
        line = []
        for v in kinds:
            bad = sorted({row[0] for r in rs for row in r.rows
                          if row[1] == v and not row[5]})
            line.append(f"{v} {len(bad)}/{checked} mismatch" +
                        (f" (seeds {' '.join(map(str, bad[:12]))}"
                         f"{' ...' if len(bad) > 12 else ''})" if bad else ""))
            status |= bool(bad) and v != "pin-old"
        if failed:
            line.append(f"compile failures: {' '.join(map(str, failed[:12]))}")
            status = 1
        print(f"  {m}: " + "; ".join(line))
    return 1 if status else 0


if __name__ == "__main__":
    sys.exit(main())
