#!/usr/bin/env python3
"""Probe kernels for ptxas's register policy (sm_90), against DivOpt's
estimate.

    bench/tools/register_probes.py [--plugin build/passes/libDivOpt.so]

Three families, each compiled as clang -O3 gives it to ptxas (llc -O3,
ptxas -arch=sm_90 -v):
  ldN     N independent loads, each times a coefficient, summed: straight
          line (ptxas fills the occupancy step, 32 registers, from N = 12);
  accK_L  K accumulators carried around a loop whose body loads L values
          (K values live across the loop: ptxas takes the top of their
          occupancy step, a multiple of 8);
  ldN_lbT ldN under __launch_bounds__(T) (ptxas fills the step of T's
          block: 40 registers at 768 threads, where 2 blocks fit either
          way);
  stF_K   K running values stored every iteration of a loop to K
          loop-invariant addresses, which LICM computes before the loop:
          F = cnt, p[j * cnt + i], or ptr, K pointers p_j[i], cost 2
          registers each (ptxas keeps every address); F = fam, p[i * K + j],
          one base for all K;
  convR_E convolve1d's shape: 2R + 1 guarded loads (`if (j >= 0 && j <
          n) sum += w[k] * in[j]`), each arm with E more multiply-adds
          (_st: and a store): ptxas if-converts the arms and issues all the
          loads early (32 registers) up to E = 8, not from E = 16.
  pipeN_E a loop LLVM leaves rolled, `for (i = tid; i < n; i += 32)`,
          summing N loads an iteration with E multiply-adds: ptxas unrolls
          and pipelines it (6 to 16 registers above the body's count) while
          the body is small (E up to 40 at N = 1, 24 at N = 4); the
          variants _at (an atomicAdd in the body), _dep (a data-dependent
          exit), _bdx (stride blockDim.x) and _nou (#pragma nounroll) are
          not pipelined.
Prints `kernel ptxas estimate` lines (bench/results/2026-11-26-register-
model.md).
"""
import argparse
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
import registers as cr  # noqa: E402


def loads(n, bounds=0):
    body = " + ".join(f"a[i * {n} + {k}] * b[{k}]" for k in range(n))
    lb = f"__launch_bounds__({bounds}) " if bounds else ""
    name = f"ld{n}" + (f"_lb{bounds}" if bounds else "")
    return (f'extern "C" __global__ void {lb}{name}(const float *__restrict__ a,'
            f" const float *__restrict__ b, float *o) {{\n"
            f"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            f"  o[i] = {body};\n}}\n")


def accumulators(k, l):
    decl = " ".join(f"float s{j} = 0.0f;" for j in range(k))
    load = " ".join(f"float x{j} = a[(i + t) * {l} + {j}];" for j in range(l))
    upd = " ".join(f"s{j} = s{j} * {1 + j / 100:.2f}f + " +
                   (f"x{j % l};" if l else "(float)t;") for j in range(k))
    store = " ".join(f"o[i * {k} + {j}] = s{j};" for j in range(k))
    return (f'extern "C" __global__ void acc{k}_{l}(const float *__restrict__ a,'
            f" float *o, int m) {{\n"
            f"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  {decl}\n"
            f"  for (int t = 0; t < m; ++t) {{ {load} {upd} }}\n  {store}\n}}\n")


def invariant_stores(form, k):
    decl = " ".join(f"float s{j} = 0.0f;" for j in range(k))
    upd = " ".join(f"s{j} = s{(j + 1) % k} * 0.5f + a[(t * {k} + {j}) * 32 + "
                   f"(threadIdx.x & 31)];" for j in range(k))
    addr = {"cnt": lambda j: f"p[{j} * cnt + i]",
            "ptr": lambda j: f"p{j}[i]",
            "fam": lambda j: f"p[i * {k} + {j}]"}[form]
    ptrs = (", ".join(f"float *__restrict__ p{j}" for j in range(k))
            if form == "ptr" else "float *__restrict__ p")
    store = " ".join(f"{addr(j)} = s{j};" for j in range(k))
    # The barrier keeps LICM from moving the stores out of the loop.
    return (f'extern "C" __global__ void st{form}_{k}(const float *__restrict__ a,'
            f" {ptrs}, int cnt, int m) {{\n"
            f"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            f"  if (i >= cnt) return;\n  {decl}\n"
            f"  for (int t = 0; t < m; ++t) {{ {upd} {store} __syncthreads(); }}\n}}\n")


def guarded(r, e, store=False):
    body = []
    for k in range(-r, r + 1):
        more = "".join(f" x = x * 1.01f + {j}.5f;" for j in range(e))
        st = " out[j + n] = x;" if store else ""
        body.append(f"  {{ int j = i + {k};\n    if (j >= 0 && j < n) {{ "
                    f"float x = w[{k + r}] * in[j];{more}{st} sum += x; }} }}")
    name = f"conv{r}_{e}" + ("_st" if store else "")
    return (f'extern "C" __global__ void {name}(const float *in, const float *w,'
            f" float *out, int n) {{\n"
            f"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            f"  if (i >= n) return;\n  float sum = 0.0f;\n" + "\n".join(body) +
            "\n  out[i] = sum;\n}\n")


def pipelined(n, e, variant=""):
    """pipeN_E[_variant]: see the module's docstring."""
    ld = " + ".join(f"a[i + {j} * n]" for j in range(n))
    more = "".join(f" x = x * 1.01f + {j}.5f;" for j in range(e))
    step = "blockDim.x" if variant == "bdx" else "32"
    cond = "i < n && a[i] > 0.0f" if variant == "dep" else "i < n"
    pragma = "#pragma nounroll\n  " if variant == "nou" else ""
    at = " atomicAdd(o + 1, x);" if variant == "at" else ""
    name = f"pipe{n}_{e}" + (f"_{variant}" if variant else "")
    return (f'extern "C" __global__ void {name}(const float *a, float *o,'
            f" int n) {{\n  float s = 0.0f;\n  {pragma}"
            f"for (int i = threadIdx.x; {cond}; i += {step}) {{\n"
            f"    float x = {ld};{more}{at}\n    s += x;\n  }}\n"
            f"  o[threadIdx.x] = s;\n}}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "passes",
                                                     "libDivOpt.so"))
    ap.add_argument("--tools", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--cuda", default="/usr/local/cuda")
    args = ap.parse_args()
    tools = {"opt": f"{args.tools}/opt", "llc": f"{args.tools}/llc",
             "clang": f"{args.tools}/clang++", "plugin": args.plugin,
             "ptxas": f"{args.cuda}/bin/ptxas", "cuda": args.cuda}
    src = [loads(n) for n in (1, 2, 4, 6, 8, 10, 12, 16, 24, 32, 48)]
    src += [accumulators(k, l) for k in (8, 16, 24, 28, 32, 36, 40, 48, 56)
            for l in (0, 4, 16)]
    src += [loads(n, t) for n in (8, 16, 32) for t in (256, 640, 768, 1024)]
    src += [invariant_stores(f, k) for f in ("cnt", "ptr", "fam")
            for k in (8, 16, 24)]
    src += [guarded(3, e) for e in (0, 4, 8, 16, 32)] + [guarded(3, 0, True),
                                                          guarded(8, 0)]
    src += [pipelined(n, e) for n in (1, 2, 4) for e in (0, 8, 24, 32, 40, 48)]
    src += [pipelined(1, 0, v) for v in ("at", "dep", "bdx", "nou")]
    with tempfile.TemporaryDirectory() as tmp:
        cu = os.path.join(tmp, "probes.cu")
        with open(cu, "w") as f:
            f.write("\n".join(src))
        ir = cr.device_ir(cu, tools, os.path.join(tmp, "probes.ll"))
        act = cr.ptxas_counts(ir, tools, os.path.join(tmp, "probes.ptx"))
        est = cr.estimates(ir, tools)
    order = [re.search(r"void (?:__launch_bounds__\(\d+\) )?(\w+)\(", s).group(1)
             for s in src]
    print(f"{'kernel':12} {'ptxas':>5} {'estimate':>8}")
    for k in order:
        print(f"{k:12} {act[k]:5} {est[k]:8}")


if __name__ == "__main__":
    main()
