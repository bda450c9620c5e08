#!/usr/bin/env python3
"""Rebuilds one fuzz kernel here, both ways, to see what DivOpt did to it.

    scripts/fuzz/repro.py [--split-shapes] SEED [EDITS]

Writes build/fuzz/repro/s<SEED>[-<EDITS>]/: k.cu (the kernel), base.ll (clang
-O3's IR, which is DivOpt's input at the end of the pipeline), divopt.ll,
base.ptx, divopt.ptx and remarks.txt (what DivOpt did and refused), then
prints the opt command that turns base.ll into divopt.ll (the start of a
lit reproducer) and the commands that rerun the pair on the GPU.
--split-shapes: the kernel of gen_kernel.py --split-shapes (its folder is
s<SEED>-split).
"""

import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_kernel  # noqa: E402
import variants  # noqa: E402


def main(argv):
    split = "--split-shapes" in argv
    argv = [a for a in argv if a != "--split-shapes"]
    if len(argv) not in (1, 2) or not argv[0].isdigit():
        sys.exit(__doc__)
    seed, edits = int(argv[0]), argv[1] if len(argv) == 2 else ""
    tag = f"s{seed}" + ("-split" if split else "") + (
        f"-{edits.replace(',', '_').replace(':', '.')}" if edits else "")
    out = os.path.join(variants.ROOT, "build", "fuzz", "repro", tag)
    os.makedirs(out, exist_ok=True)
    src = os.path.join(out, "k.cu")
    with open(src, "w") as f:
        f.write(gen_kernel.generate(seed, gen_kernel.parse_edits(edits),
                                    split_shapes=split))
    remarks = []
    for variant in ("base", "divopt"):
        for ext, ir in (("ll", True), ("ptx", False)):
            dst = os.path.join(out, f"{variant}.{ext}")
            rc, err = variants.compile_ptx(src, dst, variant, seed,
                                           emit_llvm=ir)
            if rc != 0:
                sys.stderr.write(err)
                sys.exit(f"repro: the {variant} compile failed "
                             f"({'IR' if ir else 'PTX'})")
            if variant == "divopt" and not ir:
                remarks.append(err)
    # The remarks of the DivOpt compile, refusals included.
    cmd = variants.base_command() + ["-S", src, "-o", os.devnull] + [
        f for f in variants.variant_flags("divopt", seed)
        if not f.startswith("-Rpass")] + ["-Rpass=divopt",
                                          "-Rpass-missed=divopt",
                                          "-Rpass-analysis=divopt"]
    p = subprocess.run(cmd, stderr=subprocess.PIPE, text=True)
    with open(os.path.join(out, "remarks.txt"), "w") as f:
        f.write(p.stderr)
    pipeline = variants.forced_pipeline(seed)
    rel = os.path.relpath(out, variants.ROOT)
    print(f"kernel, IR, PTX and remarks in {rel}/")
    print("DivOpt's rewrite, under opt:")
    print(f"  opt-22 -load-pass-plugin {variants.plugin_path()} "
          f"-passes={shlex.quote(pipeline)} {rel}/base.ll -S -o -")
    pack = ".carry/fuzz-ptx/repro.tar.xz"
    e = (" --split-shapes" if split else "") + (
        f" --edits {edits}" if edits else "")
    print("on the GPU (the campaign's pack has it):")
    print(f"  bench/fuzz/run-campaign.sh --only s{seed}"
          if not edits and not split else
          "  (pack it first, below)")
    print("or alone: here")
    print(f"  scripts/fuzz/build_pack.py --seeds {seed}{e} -o {pack}")
    print(f"then on the GPU: bench/fuzz/run-campaign.sh {pack}")


if __name__ == "__main__":
    main(sys.argv[1:])
