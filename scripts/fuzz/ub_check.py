#!/usr/bin/env python3
"""Checks that generated kernels have defined behaviour, on the host.

    scripts/fuzz/ub_check.py --seeds 1-200 -j2

Compiles each seed's kernel as C++ (host/CudaShim.h) with AddressSanitizer
and UndefinedBehaviorSanitizer and runs every thread of every launch shape of
the GPU harness, with the harness's own inputs (bench/fuzz/FuzzInputs.cpp).
A kernel with undefined behaviour would make the GPU comparison report
differences that are nobody's miscompile; this finds them without a GPU.
Exit status 1 when any seed fails, with its output.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build_pack  # noqa: E402
import gen_kernel  # noqa: E402
import variants  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(variants.ROOT, "bench", "fuzz")
SANITIZE = ["-fsanitize=address,undefined,float-cast-overflow",
            "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]


def host_cxx():
    return os.environ.get("HOST_CXX", "clang++-22")


def cxx_flags():
    abi = {"FUZZ_IN_WORDS": gen_kernel.IN_WORDS,
           "FUZZ_OUT_PER_THREAD": gen_kernel.OUT_PER_THREAD,
           "FUZZ_FOUT_PER_THREAD": gen_kernel.FOUT_PER_THREAD,
           "FUZZ_COUNTERS": gen_kernel.COUNTERS}
    return (["-std=c++17", "-O1", "-g", "-w", "-I", os.path.join(HERE, "host"),
             "-I", HARNESS] + SANITIZE
            + [f"-D{k}={v}" for k, v in abi.items()])


def build_main(work):
    """The seed-independent objects, once."""
    objs = []
    for src in (os.path.join(HERE, "host", "HostCheck.cpp"),
                os.path.join(HARNESS, "FuzzInputs.cpp")):
        obj = os.path.join(work, os.path.basename(src) + ".o")
        subprocess.run([host_cxx()] + cxx_flags() + ["-c", src, "-o", obj],
                       check=True)
        objs.append(obj)
    return objs


def check_seed(seed, edits, work, objs, families=(), split_shapes=False,
               fp="explicit"):
    """(seed, ok, output)."""
    src = os.path.join(work, f"s{seed}.cu")
    with open(src, "w") as f:
        f.write(gen_kernel.generate(seed, gen_kernel.parse_edits(edits), fp,
                                    meld_families=families,
                                    split_shapes=split_shapes))
    return check_source(src, seed, work, objs)


def check_source(src, seed, work, objs):
    """Runs the kernel in src with seed's inputs: (seed, ok, output)."""
    exe = os.path.join(work, f"s{seed}-{os.path.basename(src)}.exe")
    p = subprocess.run([host_cxx()] + cxx_flags() + ["-include", "CudaShim.h",
                                                     "-x", "c++", src,
                                                     "-x", "none"] + objs
                       + ["-o", exe], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        return seed, False, "host compile failed:\n" + p.stdout
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0",
               UBSAN_OPTIONS="print_stacktrace=1")
    p = subprocess.run([exe, str(seed)], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=env)
    os.remove(exe)
    return seed, p.returncode == 0, p.stdout


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1-100")
    ap.add_argument("--edits", default="", help="edits applied to every seed")
    ap.add_argument("--source", help="check this kernel file instead, with "
                                     "the inputs of the (first) seed")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--meld-family", default="",
                    help="gen_kernel.py --meld-family: all, or a comma list "
                         "of " + ", ".join(gen_kernel.MELD_FAMILIES))
    ap.add_argument("--split-shapes", action="store_true",
                    help="gen_kernel.py --split-shapes kernels")
    ap.add_argument("--fp", choices=gen_kernel.FP_STYLES, default="explicit",
                    help="gen_kernel.py's float style")
    args = ap.parse_args(argv)
    try:
        families = gen_kernel.parse_meld_family(args.meld_family)
    except ValueError as e:
        ap.error(str(e))
    failed = []
    with tempfile.TemporaryDirectory() as work:
        objs = build_main(work)
        seeds = build_pack.parse_seeds(args.seeds)
        if args.source:
            seeds = seeds[:1]
            check = lambda s: check_source(  # noqa: E731
                os.path.abspath(args.source), s, work, objs)
        else:
            check = lambda s: check_seed(  # noqa: E731
                s, args.edits, work, objs, families, args.split_shapes,
                args.fp)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for seed, ok, out in pool.map(check, seeds):
                if not ok:
                    failed.append(seed)
                    print(f"seed {seed}: FAILED\n{out}")
    print(f"{len(seeds) - len(failed)} of {len(seeds)} seeds ran clean under "
          f"ASan+UBSan on the host")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
