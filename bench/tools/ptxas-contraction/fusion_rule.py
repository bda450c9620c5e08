#!/usr/bin/env python3
"""Which plain mul/add pairs ptxas -O3 (--fmad=true) fuses, probed without
a GPU: each probe is a tiny PTX kernel; ptxas assembles them all and
scripts/fuzz/sass_ops.py counts FFMA/FMUL/FADD in each kernel's machine
code. The pinner (passes/ContractionPinning.cpp) follows what this prints;
bench/results/2026-11-25-ptxas-fusion-rule.txt is its output.

    bench/tools/ptxas-contraction/fusion_rule.py [--ptxas PATH]

Operands: rr = two registers (loaded), ri = register and immediate,
rp = register and kernel parameter (constant bank), pp = two parameters.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "scripts", "fuzz"))
import sass_ops  # noqa: E402

HEADER = ".version 8.8\n.target sm_90\n.address_size 64\n"


def kernel(name, body):
    return f""".visible .entry {name}(.param .u64 P, .param .u32 T, .param .f32 A, .param .f32 B, .param .f32 C)
{{ .reg .pred %p<8>; .reg .f32 %f<40>; .reg .f64 %d<20>; .reg .b64 %rd<4>; .reg .b32 %r<8>;
  ld.param.u64 %rd1, [P]; cvta.to.global.u64 %rd2, %rd1; ld.param.u32 %r1, [T];
  ld.global.f32 %f1, [%rd2]; ld.global.f32 %f2, [%rd2+4]; ld.global.f32 %f3, [%rd2+8]; ld.global.f32 %f9, [%rd2+12];
  ld.param.f32 %f11, [A]; ld.param.f32 %f12, [B]; ld.param.f32 %f13, [C];
  and.b32 %r2, %r1, 1; setp.ne.u32 %p1, %r2, 0; and.b32 %r3, %r1, 2; setp.ne.u32 %p2, %r3, 0;
{body}
  ret; }}
"""


def S(reg, off=0):
    return f"st.global.f32 [%rd2+{off}], {reg};\n"


def loop(body, after=""):
    return (f"mov.u32 %r4, 0;\nL1:\n{body} add.u32 %r4,%r4,1;\n"
            f" setp.lt.u32 %p3,%r4,%r1;\n @%p3 bra L1;\n{after}")


def probes():
    ops = {"rr": "%f1,%f2", "ri": "%f1,0f3F400001", "rp": "%f1,%f12",
           "pp": "%f11,%f12"}
    uses = {
        "same block": "add.f32 %f5,%f4,%f3;\n" + S("%f5"),
        "in an arm": "@%p1 bra L1;\n add.f32 %f5,%f4,%f3;\n" + S("%f5") +
                     "L1:\n",
        "after the join": "@%p1 bra L1;\n" + S("%f9", 16) +
                          "L1:\n add.f32 %f5,%f4,%f3;\n" + S("%f5"),
        "in both arms": "@%p1 bra L1;\n add.f32 %f5,%f4,%f3;\n" + S("%f5") +
                        "bra.uni L2;\nL1:\n add.f32 %f7,%f4,%f9;\n" +
                        S("%f7", 4) + "L2:\n",
        "in an arm, and stored": S("%f4", 20) + "@%p1 bra L1;\n add.f32 "
                                 "%f5,%f4,%f3;\n" + S("%f5") + "L1:\n",
        "in an arm, and an fma's addend": "@%p1 bra L1;\n add.f32 %f5,%f4,"
                                          "%f3;\n" + S("%f5") + "bra.uni L2;"
                                          "\nL1:\n fma.rn.f32 %f7,%f9,%f3,"
                                          "%f4;\n" + S("%f7", 4) + "L2:\n",
        "same block, and stored": "add.f32 %f5,%f4,%f3;\n" + S("%f5") +
                                  S("%f4", 4),
        "in a loop (product before it)": "mov.f32 %f5, %f3;\n" + loop(
            "add.f32 %f5,%f4,%f5;\n") + S("%f5"),
        "through a selp": "@%p1 bra L1;\n selp.f32 %f6,%f4,%f9,%p2;\n "
                          "add.f32 %f5,%f6,%f3;\n" + S("%f5") + "L1:\n",
    }
    rows = []
    for use, text in uses.items():
        for op, o in ops.items():
            rows.append((f"x*y {op}, sum {use}", f"mul.f32 %f4,{o};\n" + text))
    # A product made in a loop, added in it and after it.
    rows.append(("x*c made in a loop, summed in it and after it", loop(
        "mul.f32 %f4,%f1,0f3F400001;\n @%p1 bra L2;\n add.f32 %f9,%f4,%f9;\n"
        "L2:\n add.f32 %f1,%f1,0f3F800000;\n",
        "add.f32 %f5,%f4,%f3;\n" + S("%f5") + S("%f9", 4))))
    rows.append(("abs(x*x) + y, same block",
                 "mul.f32 %f4,%f1,%f1;\n abs.f32 %f6,%f4;\n add.f32 %f5,%f6,%f3;\n"
                 + S("%f5")))
    rows.append(("abs(x*y) + y, same block",
                 "mul.f32 %f4,%f1,%f2;\n abs.f32 %f6,%f4;\n add.f32 %f5,%f6,%f3;\n"
                 + S("%f5")))
    rows.append(("x*2.0 in an arm (LLVM leaves x + x instead)",
                 "add.f32 %f4,%f1,%f1;\n@%p1 bra L1;\n add.f32 %f5,%f4,%f3;\n"
                 + S("%f5") + "L1:\n"))
    # Values ptxas computes itself.
    for name, f in [("sqrt.approx(0.75)", "sqrt.approx.f32 %f20, 0f3F400000;"),
                    ("sin.approx(0.75)", "sin.approx.f32 %f20, 0f3F400000;"),
                    ("ex2.approx(0.75)", "ex2.approx.f32 %f20, 0f3F400000;"),
                    ("sqrt.rn(0.75)", "sqrt.rn.f32 %f20, 0f3F400000;"),
                    ("tanh.approx(0.75)", "tanh.approx.f32 %f20, 0f3F400000;")]:
        rows.append((f"{name} * 0.25, summed in an arm", f + "\nmul.f32 %f4,"
                     "%f20,0f3E800000;\n @%p1 bra L1;\n add.f32 %f5,%f4,%f3;\n"
                     + S("%f5") + "L1:\n"))
    # Selects ptxas decides from a value's range.
    for f in ("sin.approx.f32", "abs.f32", "ex2.approx.f32", "sqrt.approx.f32"):
        for cmp, c in (("gt", "0f44800000"), ("lt", "0fC4800000"),
                       ("le", "0f44800000"), ("lt", "0f00000000")):
            rows.append((f"selp(setp.{cmp} {f.split('.')[0]}(x), {c}; K, "
                         f"it*7) + y", f"{f} %f7, %f1;\n setp.{cmp}.f32 %p5, "
                         f"%f7, {c};\n mul.f32 %f4,%f7,0f40E00000;\n selp.f32 "
                         f"%f6,0f45E00000,%f4,%p5;\n add.f32 %f5,%f6,%f3;\n" +
                         S("%f5")))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ptxas", default=os.path.join(
        os.environ.get("CUDA_PATH", "/usr/local/cuda"), "bin", "ptxas"))
    args = ap.parse_args(argv)
    rows = probes()
    with tempfile.TemporaryDirectory() as d:
        ptx = os.path.join(d, "probes.ptx")
        with open(ptx, "w") as f:
            f.write(HEADER + "".join(kernel(f"p{i}", b)
                                     for i, (_, b) in enumerate(rows)))
        subprocess.run([args.ptxas, "-arch=sm_90", "-O3", ptx, "-o",
                        os.path.join(d, "p.cubin")], check=True)
        counts = sass_ops.count_cubin(os.path.join(d, "p.cubin"))
        version = subprocess.run([args.ptxas, "--version"],
                                 stdout=subprocess.PIPE, text=True).stdout
    print("# " + version.strip().splitlines()[-1])
    for i, (what, _) in enumerate(rows):
        print(f"{what:58s} {sass_ops.format_counts(counts[f'p{i}']) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
