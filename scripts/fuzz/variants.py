"""The two compiles the differential fuzzing compares, in one place.

Both variants are clang -O3 device compiles of the same source with the same
flags; the DivOpt variant adds the plugin and replaces its automatic
pipeline with one of FORCED_PIPELINES, which run every DivOpt transform with
its cost model bypassed (`force`), so every legal rewrite happens and is
checked. Legality checks are not bypassed: a region DivOpt must refuse stays
refused.

FORCED_PIPELINES is the one place to change when a transform lands
(kernel-split, loop-advance): add it, forced, where the default pipeline
(passes/Pipeline.cpp) runs it, in every entry. A transform with several
strategies gets one entry per strategy; seed N uses entry N mod the count,
so a campaign covers them all. build_pack.py, reduce.py and repro.sh read it
from here.
"""

import os
import re
import subprocess

_CLEANUP = "divopt-cleanup,divopt-remarks"
_ITER_DELAY_STRATEGIES = [
    "majority",
    "round-robin",
    "round-robin;idle-removal",
    "majority;threshold=8;max-delay=2",
    "round-robin;ones=3;zeros=1",
    "advance",
]
# The module passes run first, as in the default pipeline: kernel-split's
# parts, bbv-profile's counting copies and thread-remap's redirected copies
# go through ptxas with the rest, and the function passes see the parts.
# The campaign launches what a launch of the kernel by name runs: its
# launch plan's parts where kernel-split split it (the runner reads the
# plan), else the kernel, which bbv-profile and thread-remap keep.
_MODULE_PASSES = "kernel-split<force>,bbv-profile,thread-remap"
FORCED_PIPELINES = [
    f"{_MODULE_PASSES},function(branch-dist<force>,loop-split<force>,"
    f"iter-delay<{s};force>,{_CLEANUP})"
    for s in _ITER_DELAY_STRATEGIES
]


def forced_pipelines():
    """The forced pipelines a campaign runs, seed N the (N mod count)-th:
    FORCED_PIPELINES, or DIVOPT_FUZZ_PIPELINE alone when it is set (to
    bisect a mismatch by pass, or to aim a campaign at one transform)."""
    override = os.environ.get("DIVOPT_FUZZ_PIPELINE")
    return [override] if override else FORCED_PIPELINES


def extra_options():
    """LLVM options every DivOpt variant passes, from DIVOPT_FUZZ_OPTIONS
    (whitespace-separated, e.g. "-divopt-split-share-min-instructions=4"):
    a campaign aimed at a hidden option's form of a transform."""
    return os.environ.get("DIVOPT_FUZZ_OPTIONS", "").split()


def forced_pipeline(seed):
    """The forced pipeline seed's DivOpt variant runs."""
    pipelines = forced_pipelines()
    return pipelines[seed % len(pipelines)]


COMMON_FLAGS = [
    "-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-device-only", "-O3",
    "-Wno-unknown-cuda-version",
]

# The floating-point modes a CUDA user compiles with; both variants of a
# campaign get the same. "contract-off" is the historical campaigns' mode
# (with the explicit-rounding generator every result is exact there); the
# others check that DivOpt keeps every fusion clang makes
# (passes/ContractionPinning.h).
FP_MODES = {
    "default": [],  # CUDA's own: -ffp-contract=fast
    "contract-on": ["-ffp-contract=on"],
    "contract-off": ["-ffp-contract=off"],
    "fast-math": ["-ffast-math"],
    "ftz": ["-fgpu-flush-denormals-to-zero"],
    "approx": ["-fgpu-approx-transcendentals"],
    "fast-math-ftz": ["-ffast-math", "-fgpu-flush-denormals-to-zero"],
}
DEFAULT_FP_MODE = "contract-off"

# What a DivOpt variant runs: every transform forced (the pipeline seed's
# number picks), the automatic pipeline (the cost model decides), the
# contraction pinner alone (which must change no result), or the
# divergence-profile instrumentation (-divopt-profile-generate: counters,
# copied bodies, permuted block indices; it must change no result either).
VARIANTS = ("divopt", "auto", "pin", "profile")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


def clang():
    return os.environ.get("CLANG", "clang++-22")


def cuda_path():
    return os.environ.get("CUDA_PATH", "/usr/local/cuda")


def plugin_path():
    return os.environ.get(
        "DIVOPT_PLUGIN", os.path.join(ROOT, "build", "passes", "libDivOpt.so"))


def base_command(pch=None, fp_mode=DEFAULT_FP_MODE):
    cmd = [clang()] + COMMON_FLAGS + FP_MODES[fp_mode] + [
        f"--cuda-path={cuda_path()}"]
    if pch:
        cmd += ["-include-pch", pch]
    return cmd


def variant_flags(variant, seed):
    """Extra flags of a variant: 'base' (clang -O3) or one of VARIANTS."""
    if variant == "base":
        return []
    plugin = ["-Xarch_device", f"-fpass-plugin={plugin_path()}",
              # The verifier checks the IR DivOpt's pipeline leaves.
              "-fverify-intermediate-code",
              # What was transformed, counted by build_pack.py.
              "-Rpass=divopt"]
    for option in extra_options():
        plugin += ["-mllvm", option]
    if variant == "divopt":
        return plugin + ["-mllvm", f"-divopt-pipeline={forced_pipeline(seed)}"]
    if variant == "auto":
        return plugin
    if variant == "pin":
        return plugin + ["-mllvm", "-divopt-pipeline=function(pin-contraction)"]
    if variant == "profile":
        # One block in 4 counted, and two trips in 4: at the default rates
        # (64, 64) the runner's grids of at most 9 blocks count block 0
        # alone and trade it with none (BlockSpread.h), and loops of at
        # most 9 trips seldom meet a counting window; at 4 the front
        # blocks count, two trade places on the grids of 7 and 9 blocks,
        # and short loops enter windows.
        return plugin + ["-mllvm", "-divopt-profile-generate",
                         "-mllvm", "-divopt-profile-sample=4",
                         "-mllvm", "-divopt-profile-sample-trips=4"]
    raise ValueError(f"unknown variant {variant}")


def transform_limit_flags(limit):
    """Flags that let a DivOpt compile commit only its first `limit` rewrites
    (passes/TransformCounter.h), to find the one a mismatch comes from."""
    if limit is None:
        return []
    if limit < 0:
        raise ValueError("a transform limit is a count of rewrites, >= 0")
    # 0: a chunk the counter never reaches, so that no rewrite is committed.
    chunk = {0: "1000000", 1: "0"}.get(limit, f"0-{limit - 1}")
    return ["-mllvm", f"-debug-counter=divopt-transform={chunk}"]


def count_transforms(stderr):
    """{remark name: count} of the transforms a compile's remarks report;
    "split": the parts kernel splitting made of the kernels it split (the
    runner launches them in the launch plan's order)."""
    parts = 0
    for m in re.finditer(r"remark: kernel \S+ split into (.*?) \(launched",
                         stderr):
        parts += len(m.group(1).split(", "))
    return {
        "distributed": stderr.count("remark: distributed divergent branch"),
        "delayed": stderr.count("remark: delayed iterations"),
        "split": parts,
    }


def build_pch(path, fp_mode=DEFAULT_FP_MODE):
    """Precompiles the CUDA wrapper header clang includes into every device
    compile (it is 80% of a compile's time). The PTX is the same with and
    without it (test/fuzz/pch-same-ptx.test checks). A PCH holds the float
    mode it was built with: one per mode."""
    header = path + ".h"
    with open(header, "w") as f:
        f.write("// Empty: the PCH holds what clang includes implicitly.\n")
    subprocess.run(base_command(fp_mode=fp_mode) +
                   ["-S", "-Xclang", "-emit-pch", header, "-o", path],
                   check=True)
    return path


def compile_ptx(source, output, variant, seed, pch=None, emit_llvm=False,
                fp_mode=DEFAULT_FP_MODE, limit=None, extra=()):
    """Runs one compile; returns (returncode, stderr). limit: how many
    rewrites a DivOpt variant commits (None: all); extra: more clang
    flags."""
    cmd = base_command(pch, fp_mode) + ["-S", source, "-o", output]
    if emit_llvm:
        cmd.append("-emit-llvm")
    cmd += extra
    cmd += variant_flags(variant, seed)
    if variant != "base":
        cmd += transform_limit_flags(limit)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stderr
