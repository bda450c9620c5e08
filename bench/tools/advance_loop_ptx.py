#!/usr/bin/env python3
"""Static PTX counts of a delayed loop's bookkeeping, per kernel.

For each kernel, counts the instructions of the blocks llc marks as the
outer loop (`Depth=1`) that are not the arms' arithmetic: not fma.rn,
mul.rn or add.rn (explicit arms), fma/mul/add .f32 (ordinary arms), nor
the mov.b32 of an FP immediate an arm reads. Deeper blocks (the arms'
own loops at N >= 32) are not counted. Also counts, among those, the
branches and the predicate moves (mov.pred, not.pred, selp/or/and on
predicates), and reads registers from `ptxas -v` when given its log.

  advance_loop_ptx.py --ptxas-log LOG FILE.ptx KERNEL...

A static count: each block once, whichever lanes run it. What one trip
issues depends on the path; see the PTX for that.
"""
import argparse
import re
import sys

ARM = re.compile(r"^(fma\.rn|mul\.rn|add\.rn)\.f32\b|^(fma|mul|add)\.rn\.ftz\.f32\b")
FP_IMM = re.compile(r"^mov\.b32\s+%r\d+,\s*0f[0-9A-Fa-f]{8};")
PRED_OP = re.compile(r"^(mov\.pred|not\.pred|and\.pred|or\.pred|xor\.pred|selp\.b32\s+%p)")


def kernel_body(text, kernel):
    m = re.search(r"\.entry\s+%s\s*\(" % re.escape(kernel), text)
    if not m:
        raise SystemExit(f"advance_loop_ptx: no kernel {kernel}")
    end = text.find("\n}", m.end())
    return text[m.end():end].splitlines()


def count(lines):
    in_loop = False
    n = branches = preds = 0
    for raw in lines:
        line = raw.strip()
        if line.startswith("$L__") or line.startswith("// %bb"):
            in_loop = "Depth=1" in line
            continue
        if not in_loop or not line or line.startswith("//"):
            continue
        if ARM.match(line) or FP_IMM.match(line):
            continue
        n += 1
        if re.match(r"^(@%!?p\d+\s+)?bra", line):
            branches += 1
        if PRED_OP.match(line):
            preds += 1
    return n, branches, preds


def registers(log):
    regs, kernel = {}, None
    for line in open(log):
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            kernel = m.group(1)
        m = re.search(r"Used (\d+) registers", line)
        if m and kernel:
            regs[kernel] = int(m.group(1))
            kernel = None
    return regs


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ptxas-log")
    p.add_argument("ptx")
    p.add_argument("kernels", nargs="+")
    a = p.parse_args()
    text = open(a.ptx).read()
    regs = registers(a.ptxas_log) if a.ptxas_log else {}
    for k in a.kernels:
        n, b, pr = count(kernel_body(text, k))
        print(f"{k:16} loop-insts {n:3} branches {b:2} pred-ops {pr:2} "
              f"regs {regs.get(k, '?')}")


if __name__ == "__main__":
    sys.exit(main())
