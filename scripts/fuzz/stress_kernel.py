#!/usr/bin/env python3
"""An NVPTX kernel of random IR: llvm-stress's function, made divergent.

    stress_kernel.py --llvm-stress llvm-stress-22 --seed 7 --size 200 -o k.ll

llvm-stress writes one function of random IR (vectors, odd integer widths,
loops of several latches, branches on loaded values) for a target it does
not know. This names its triple, makes it a kernel and mixes the thread
index into every parameter, so that its branches are divergent and
DivOpt's passes meet them: a pointer moves by tid.x bytes, an integer or a
float adds tid.x, anything else is frozen as it is. The hostile-input tests
run every DivOpt pass over such kernels (test/hostile/llvm-stress.test);
no pass may crash or leave broken IR, whatever it makes of them.
"""

import argparse
import re
import subprocess
import sys

HEADER = ('target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-'
          'v32:32-n16:32:64"\ntarget triple = "nvptx64-nvidia-cuda"\n')


def divergent_copy(index, ty):
    """IR that defines %<index>, the parameter %a<index> of type ty with the
    thread index mixed in."""
    arg, tid = f"%a{index}", "%divopt.tid"
    if ty == "ptr":
        return [f"%{index} = getelementptr i8, ptr {arg}, i32 {tid}"]
    m = re.fullmatch(r"i(\d+)", ty)
    if m:
        bits = int(m.group(1))
        if bits == 32:
            return [f"%{index} = add i32 {arg}, {tid}"]
        cast = "zext" if bits > 32 else "trunc"
        return [f"%divopt.t{index} = {cast} i32 {tid} to {ty}",
                f"%{index} = add {ty} {arg}, %divopt.t{index}"]
    if ty in ("half", "float", "double"):
        return [f"%divopt.t{index} = uitofp i32 {tid} to {ty}",
                f"%{index} = fadd {ty} {arg}, %divopt.t{index}"]
    return [f"%{index} = freeze {ty} {arg}"]


def make_kernel(ir):
    m = re.search(r"define void @(\w+)\((.*?)\) \{\nBB:\n", ir)
    if not m:
        raise ValueError("no llvm-stress function found")
    params = [p.strip() for p in m.group(2).split(",")] if m.group(2) else []
    types = [p.rsplit(" ", 1)[0] for p in params]
    # The parameters are named, and their divergent copies take the numbers
    # the body refers to (%0, %1, ...), so the body is unchanged.
    body = ["%divopt.tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()"]
    for i, ty in enumerate(types):
        body += divergent_copy(i, ty)
    signature = ", ".join(f"{ty} %a{i}" for i, ty in enumerate(types))
    entry = (f"define ptx_kernel void @{m.group(1)}({signature}) {{\nBB:\n" +
             "".join(f"  {line}\n" for line in body))
    return (HEADER + ir[:m.start()] + entry + ir[m.end():] +
            "\ndeclare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llvm-stress", default="llvm-stress-22")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--size", type=int, default=200)
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    ir = subprocess.run([args.llvm_stress, "-seed", str(args.seed), "-size",
                         str(args.size), "-o", "-"], check=True,
                        capture_output=True, text=True).stdout
    kernel = make_kernel(ir)
    if args.output == "-":
        sys.stdout.write(kernel)
    else:
        with open(args.output, "w") as f:
            f.write(kernel)


if __name__ == "__main__":
    main()
