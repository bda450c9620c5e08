"""DivOpt's register estimate against ptxas: the pieces every register
script shares (scripts/check-registers.py, register-corpus.py,
profile-registers.py, bench/tools/ptx_register_model.py).

tools: {"opt", "llc", "clang", "plugin", "ptxas", "cuda"} paths, and
optionally "opt_args" for print<divopt-cost>.
"""
import os
import re
import subprocess


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def device_ir(path, tools, out):
    # The estimate is made where DivOpt runs, at the end of the -O3
    # pipeline: hand-written test IR goes through that pipeline first.
    if path.endswith(".ll"):
        run([tools["opt"], "-passes=default<O3>", path, "-o", out])
        return out
    run([tools["clang"], "-x", "cuda", "--cuda-gpu-arch=sm_90",
         f"--cuda-path={tools['cuda']}", "-Wno-unknown-cuda-version", "-O3",
         "--cuda-device-only", "-S", "-emit-llvm", path, "-o", out])
    return out


def estimates(ir, tools):
    text = run([tools["opt"], "-load-pass-plugin", tools["plugin"],
                "-passes=print<divopt-cost>", "-disable-output", ir] +
               tools.get("opt_args", [])).stdout
    return {m.group(1): int(m.group(2)) for m in re.finditer(
        r"function '([^']+)' registers=(\d+)", text)}


def ptxas_counts(ir, tools, ptx):
    # Code generation at -O3, as clang -O3 runs it (llc's default is -O2,
    # which gives ptxas different code and counts for some kernels).
    run([tools["llc"], "-O3", "-mtriple=nvptx64", "-mcpu=sm_90", ir, "-o", ptx])
    err = run([tools["ptxas"], "-arch=sm_90", "-v", ptx, "-o", os.devnull]).stderr
    return {k: regs for k, (regs, _) in parse_ptxas_resources(err).items()}


# The least -maxrregcount ptxas keeps for sm_90 (it raises any lower one).
SM90_LEAST_LIMIT = 24


def ptxas_minimum(ptx, kernel, count, tools):
    """The fewest registers ptxas compiles `kernel` of `ptx` with, spilling
    nothing: the least count it reports under a -maxrregcount that leaves it
    no spills (a binary search below its own `count`). ptxas raises a limit
    under 24 to 24 on sm_90 and ignores it for a kernel with launch bounds;
    the count it reports is what counts. The ceiling of any estimate of a
    kernel's register need: what ptxas uses above it is its choice."""
    def compile_at(limit):
        err = run([tools["ptxas"], "-arch=sm_90", "-v", "-e", kernel,
                   f"-maxrregcount={limit}", ptx, "-o", os.devnull]).stderr
        spilled = any(int(n) for n in
                      re.findall(r"(\d+) bytes spill (?:stores|loads)", err))
        return spilled, parse_ptxas_resources(err)[kernel][0]
    best, lo, hi = count, min(SM90_LEAST_LIMIT, count), count
    while lo < hi:
        mid = (lo + hi) // 2
        spilled, used = compile_at(mid)
        if spilled:
            lo = mid + 1
        else:
            best = min(best, used)
            hi = mid
    return best


def parse_ptxas_resources(text):
    """{kernel: (registers, static shared bytes)} from `ptxas -v`'s report."""
    found, kernel = {}, None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            kernel = m.group(1)
            continue
        m = re.search(r"Used (\d+) registers(?:.*?(\d+) bytes smem)?", line)
        if m and kernel:
            found[kernel] = (int(m.group(1)), int(m.group(2) or 0))
            kernel = None
    return found


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1  # ties share the mean rank
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else 0.0


def is_nvptx_kernel_file(path):
    if path.endswith(".cu"):
        return True
    with open(path) as f:
        text = f.read()
    return "nvptx" in text and "ptx_kernel" in text and "RUN: not" not in text
