#!/usr/bin/env python3
"""Differential check of DivOpt without a GPU: both variants' IR, on the host.

    scripts/fuzz/host_diff.py --seeds 1-200 -j2

For each seed, compiles the kernel to LLVM IR with clang -O3 and with clang
-O3 + the forced DivOpt pipeline (variants.py), rewrites both for the host
(x86 triple, address spaces dropped, NVVM intrinsics renamed to
host/NvvmShim.cpp's functions), runs every thread of every launch shape of
the GPU harness with the harness's inputs (each thread alone, as a one-lane
warp; host/HostRun.cpp) and compares all outputs bit for bit. It catches
changes to what a thread computes; what needs several lanes of a real warp
at once is left to the GPU campaign. Exit status 1 on any difference.
Where kernel splitting split the kernel, the DivOpt side runs its launch
plan's parts one after another, each over every thread, as the GPU runner
does (--split-shapes makes such kernels).
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_pack  # noqa: E402
import gen_kernel  # noqa: E402
import variants  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(variants.ROOT, "bench", "fuzz")


# `call [return attributes] type asm [sideeffect] "template", "constraints"(args)`;
# the type may be a struct (an asm with two outputs).
ASM_CALL = re.compile(
    r'call ((?:[a-z]+ )*)(\{[^}]*\}|\S+) asm (?:sideeffect )?"([^"]*)", '
    r'"[^"]*"\(([^)]*)\)')

def half_shim(helper, ret, args):
    """IR of the shim of a cuda_fp16.h asm on halves (i16, `h` registers)
    returning ret: host/NvvmShim.cpp's helper takes and gives a half's bits
    as i32."""
    def wide(t):
        return "i32" if t == "i16" else t
    body = [f"  %w{i} = zext i16 %a{i} to i32"
            for i, t in enumerate(args) if t == "i16"]
    operands = ", ".join(f"i32 %w{i}" if t == "i16" else f"{t} %a{i}"
                         for i, t in enumerate(args))
    body.append(f"  %r = call {wide(ret)} @{helper}({operands})")
    body += (["  %h = trunc i32 %r to i16", "  ret i16 %h"] if ret == "i16"
             else [f"  ret {ret} %r"])
    params = ", ".join(f"{t} %a{i}" for i, t in enumerate(args))
    return (f"define internal {ret} @{{name}}({params}) {{\n" +
            "\n".join(body) + f"\n}}\ndeclare {wide(ret)} @{helper}(" +
            ", ".join(wide(t) for t in args) + ")")


# Asm whose result is a struct, which a C++ shim cannot return with the
# same calling convention: defined here in IR. CUDA's sinf/cosf reduce
# their argument with a 64-bit multiply-add written as a carry chain.
IR_SHIMS = {
    "shim_asm_cvt_rn_f16_f32_0_1": half_shim("shim_f16_from_f32", "i16", ["float"]),
    "shim_asm_cvt_f32_f16_0_1": half_shim("shim_f16_to_f32", "float", ["i16"]),
    "shim_asm_add_f16_0_1_2": half_shim("shim_f16_add", "i16", ["i16", "i16"]),
    "shim_asm_sub_f16_0_1_2": half_shim("shim_f16_sub", "i16", ["i16", "i16"]),
    "shim_asm_mul_f16_0_1_2": half_shim("shim_f16_mul", "i16", ["i16", "i16"]),
    "shim_asm_mad_lo_cc_u32_0_2_3_4_madc_hi_u32_1_2_3_0":
        """define internal { i32, i32 } @{name}(i32 %a, i32 %b, i32 %c) {
  %a64 = zext i32 %a to i64
  %b64 = zext i32 %b to i64
  %c64 = zext i32 %c to i64
  %p = mul i64 %a64, %b64
  %s = add i64 %p, %c64
  %lo = trunc i64 %s to i32
  %s.hi = lshr i64 %s, 32
  %hi = trunc i64 %s.hi to i32
  %r0 = insertvalue { i32, i32 } poison, i32 %lo, 0
  %r1 = insertvalue { i32, i32 } %r0, i32 %hi, 1
  ret { i32, i32 } %r1
}""",
}


def asm_to_calls(text):
    """PTX inline asm (CUDA's headers implement a few operations with it)
    becomes calls of host/NvvmShim.cpp's shim_asm_* functions; an asm it has
    no shim for fails the link, naming it."""
    decls = {}

    def rewrite(m):
        attrs, ret, template, args = m.groups()
        # LLVM's string escapes (\0A, \09) are separators, not name.
        words = re.sub(r"\\[0-9A-Fa-f]{2}", " ", template)
        name = "shim_asm_" + re.sub(r"[^A-Za-z0-9]+", "_", words).strip("_")
        types = [a.split()[0] for a in args.split(", ")] if args else []
        decls[name] = f"declare {ret} @{name}({', '.join(types)})"
        return f"call {attrs}{ret} @{name}({args})"

    text = ASM_CALL.sub(rewrite, text)
    defs = [IR_SHIMS[n].replace("{name}", n) if n in IR_SHIMS else d
            for n, d in decls.items()]
    return text + "\n" + "\n".join(defs) + "\n"


def host_ir(text):
    """NVPTX IR -> IR the host compiler takes, with the same meaning for one
    thread."""
    text = asm_to_calls(text)
    text = re.sub(r"^target (datalayout|triple) = .*$", "", text, flags=re.M)
    text = text.replace("ptx_kernel ", "")
    text = re.sub(r" addrspace\(\d+\)", "", text)
    text = text.replace("addrspacecast", "bitcast")
    text = re.sub(r"@llvm\.nvvm\.([A-Za-z0-9_.]+)",
                  lambda m: "@shim_nvvm_" + m.group(1).replace(".", "_"), text)
    text = re.sub(r'"target-(cpu|features)"="[^"]*"', "", text)
    return text


# kernel-split's launch plan for the kernel k (runtime/LaunchPlanFormat.h):
# `@"__divopt_launch_plan_$_k" = ... c"divopt-launch-plan 2\0Ak P1 P2\0A\00"`.
PLAN = re.compile(r'^@"__divopt_launch_plan_\$_' + gen_kernel.KERNEL_NAME +
                  r'" = .*? c"divopt-launch-plan 2\\0A([^"]*?)\\0A', re.M)


def launch_steps(ir):
    """The kernels a launch of k runs: its launch plan's parts, else k."""
    m = PLAN.search(ir)
    if not m:
        return [gen_kernel.KERNEL_NAME]
    name, *steps = m.group(1).split(" ")
    if name != gen_kernel.KERNEL_NAME or not steps:
        raise RuntimeError(f"unexpected launch plan '{m.group(1)}'")
    return steps


def steps_table(steps):
    """IR of the table host/HostRun.cpp launches from, in order."""
    ptrs = ", ".join(f'ptr @"{s}"' for s in steps)
    return (f"\n@fuzz_steps = constant [{len(steps)} x ptr] [{ptrs}]\n"
            f"@fuzz_step_count = constant i32 {len(steps)}\n")


def cxx():
    return os.environ.get("HOST_CXX", "clang++-22")


def abi_flags():
    return [f"-DFUZZ_IN_WORDS={gen_kernel.IN_WORDS}",
            f"-DFUZZ_OUT_PER_THREAD={gen_kernel.OUT_PER_THREAD}",
            f"-DFUZZ_FOUT_PER_THREAD={gen_kernel.FOUT_PER_THREAD}",
            f"-DFUZZ_COUNTERS={gen_kernel.COUNTERS}"]


def build_objects(work):
    objs = []
    for src in (os.path.join(HERE, "host", "HostRun.cpp"),
                os.path.join(HERE, "host", "NvvmShim.cpp"),
                os.path.join(HARNESS, "FuzzInputs.cpp")):
        obj = os.path.join(work, os.path.basename(src) + ".o")
        subprocess.run([cxx(), "-std=c++17", "-O1", "-I", HARNESS, "-c", src,
                        "-o", obj] + abi_flags(), check=True)
        objs.append(obj)
    return objs


def corrupt(ir, kernel):
    """Changes the first `add i32 %x, C` of the function kernel (one the
    launch runs: a split kernel's original is not) to add C + 1: for
    --self-test, which shows the comparison sees a one-instruction
    change."""
    m = re.search(r"^define [^@]*@\"?" + re.escape(kernel) + r"\"?\(", ir,
                  re.M)
    start = m.start() if m else 0
    return ir[:start] + re.sub(
        r"(= add (?:nuw |nsw )*i32 %\w+, )(-?\d+)",
        lambda m: m.group(1) + str(int(m.group(2)) + 1), ir[start:],
        count=1)


def run_variant(seed, src, variant, work, objs, pch, self_test=False):
    """Path of the variant's output dump, or raises with why."""
    base = os.path.join(work, f"s{seed}.{variant}")
    rc, err = variants.compile_ptx(src, base + ".ll", variant, seed, pch,
                                   emit_llvm=True)
    if rc:
        raise RuntimeError(f"{variant} compile failed:\n{err[-2000:]}")
    with open(base + ".ll") as f:
        text = f.read()
    steps = launch_steps(text)
    ir = host_ir(text) + steps_table(steps)
    if self_test and variant == "divopt":
        ir = corrupt(ir, steps[0])
    with open(base + ".host.ll", "w") as f:
        f.write(ir)
    p = subprocess.run([cxx(), "-O1", "-w", "-x", "ir", base + ".host.ll",
                        "-x", "none"] + objs + ["-lm", "-o", base + ".exe"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode:
        raise RuntimeError(f"{variant} host build failed:\n{p.stdout[-2000:]}")
    p = subprocess.run([base + ".exe", str(seed), base + ".out"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=120)
    if p.returncode:
        raise RuntimeError(f"{variant} run failed ({p.returncode}):\n"
                           f"{p.stdout[-2000:]}")
    return base + ".out", len(steps)


def first_difference(a, b):
    """Where two dumps differ, in the harness's terms."""
    shapes = [(1, 32, 32), (1, 45, 45), (4, 96, 300), (3, 100, 293),
              (2, 256, 509), (1, 1, 1), (7, 160, 1111), (9, 64, 500)]
    guard = 64
    pos = next(i for i in range(0, min(len(a), len(b)), 4)
               if a[i:i + 4] != b[i:i + 4]) // 4
    for s, (_, _, n) in enumerate(shapes):
        for name, words in (("out", n * gen_kernel.OUT_PER_THREAD + guard),
                            ("fout", n * gen_kernel.FOUT_PER_THREAD + guard),
                            ("counters", gen_kernel.COUNTERS)):
            if pos < words:
                per = {"out": gen_kernel.OUT_PER_THREAD,
                       "fout": gen_kernel.FOUT_PER_THREAD}.get(name)
                where = f" (thread {pos // per}, slot {pos % per})" if per \
                    else ""
                return f"shape {s} (n {n}): {name}[{pos}]{where}"
            pos -= words
    return "the sizes differ"


def check_seed(seed, work, objs, pch, self_test=False, families=(),
               fp="explicit", split_shapes=False):
    """(seed, verdict, detail, parts): verdict ok, mismatch or error; parts:
    the kernels the DivOpt side ran (its launch plan's parts, or 1)."""
    sub = os.path.join(work, f"s{seed}")
    os.makedirs(sub)
    src = os.path.join(sub, "k.cu")
    with open(src, "w") as f:
        f.write(gen_kernel.generate(seed, fp=fp, meld_families=families,
                                    split_shapes=split_shapes))
    try:
        (a_out, _), (b_out, parts) = [
            run_variant(seed, src, v, sub, objs, pch, self_test)
            for v in ("base", "divopt")]
        outs = [a_out, b_out]
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        return seed, "error", str(e), 0
    with open(outs[0], "rb") as f:
        a = f.read()
    with open(outs[1], "rb") as f:
        b = f.read()
    if a == b:
        shutil.rmtree(sub)
        return seed, "ok", "", parts
    return seed, "mismatch", first_difference(a, b), parts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1-100")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--keep", help="keep the work files of failing seeds here")
    ap.add_argument("--self-test", action="store_true",
                    help="change one add in the DivOpt variant: every seed "
                         "must then be reported")
    ap.add_argument("--meld-family", default="",
                    help="gen_kernel.py --meld-family: all, or a comma list "
                         "of " + ", ".join(gen_kernel.MELD_FAMILIES))
    ap.add_argument("--fp", choices=gen_kernel.FP_STYLES, default="explicit",
                    help="gen_kernel.py --fp: the kernels' float style")
    ap.add_argument("--split-shapes", action="store_true",
                    help="gen_kernel.py --split-shapes: kernels kernel "
                         "splitting splits, run as their parts")
    args = ap.parse_args(argv)
    try:
        families = gen_kernel.parse_meld_family(args.meld_family)
    except ValueError as e:
        ap.error(str(e))
    seeds = build_pack.parse_seeds(args.seeds)
    bad, split = [], 0
    with tempfile.TemporaryDirectory() as work:
        objs = build_objects(work)
        plugin = os.path.join(work, "libDivOpt.so")
        shutil.copy(variants.plugin_path(), plugin)
        os.environ["DIVOPT_PLUGIN"] = plugin
        pch = variants.build_pch(os.path.join(work, "cuda.pch"))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for seed, verdict, detail, parts in pool.map(
                    lambda s: check_seed(s, work, objs, pch, args.self_test,
                                         families, args.fp,
                                         args.split_shapes),
                    seeds):
                split += parts > 1
                if verdict != "ok":
                    bad.append(seed)
                    print(f"seed {seed}: {verdict}: {detail}")
                    if args.keep:
                        shutil.copytree(os.path.join(work, f"s{seed}"),
                                        os.path.join(args.keep, f"s{seed}"),
                                        dirs_exist_ok=True)
    print(f"{len(seeds) - len(bad)} of {len(seeds)} seeds agree on the host "
          f"(one-lane warps); {split} ran split, as their launch plans' parts")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
