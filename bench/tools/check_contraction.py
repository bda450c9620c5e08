#!/usr/bin/env python3
"""Checks that DivOpt kept clang -O3's contractions in the PTX of the
ordinary-arithmetic benchmark kernels (issue 15).

clang contracts `a * b + c` into one fma.rn.f32. If a transform separates
the multiply from its add (a select between them, the two in different
blocks, a melded copy that lost its contract flag), the PTX holds a plain
mul.f32 whose result reaches an add.f32 or sub.f32: the product is rounded
on its own (or ptxas, --fmad=true, fuses it its own way), and the outputs
are no longer clang -O3's.

For every kernel whose name matches --kernels (a regular expression) in
the reference PTX, and every other PTX file given, counts:

  fma      fma.rn.f32 instructions
  split    plain mul.f32 results that reach a plain add.f32 / sub.f32,
           directly or through selp.f32 / mov.f32 (a multiply-add left
           unfused)

and fails when a transformed kernel has more split pairs than the
reference kernel (which has none: clang fuses them all). Prints one line
per kernel and file; exits 1 on a failure.

usage: check_contraction.py --reference REF.ptx [--kernels REGEX] PTX...
"""
import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

ENTRY_RE = re.compile(r"^\.visible \.entry (\w+)\(")
INST_RE = re.compile(r"^\s+(?:@!?%\w+\s+)?([a-z][\w.]*)\s+(.*);")
REG_RE = re.compile(r"%[a-z]+\d+")

PLAIN_MUL = {"mul.f32", "mul.ftz.f32"}
PLAIN_ADD = {"add.f32", "add.ftz.f32", "sub.f32", "sub.ftz.f32"}
PASS_THROUGH = {"selp.f32", "selp.b32", "mov.f32", "mov.b32"}
FMA = {"fma.rn.f32", "fma.rn.ftz.f32"}


def read_kernels(path):
    """{kernel: [(opcode, dest, [sources])]}"""
    kernels, current = {}, None
    for line in Path(path).read_text().splitlines():
        if m := ENTRY_RE.match(line):
            current = kernels.setdefault(m.group(1), [])
        elif line.startswith("}"):
            current = None
        elif current is not None and (m := INST_RE.match(line)):
            operands = [o.strip() for o in m.group(2).split(",")]
            dest = operands[0] if REG_RE.fullmatch(operands[0] or "") else None
            sources = [r for o in operands[1:] for r in REG_RE.findall(o)]
            current.append((m.group(1), dest, sources))
    return kernels


def count(insts):
    """(fma instructions, plain multiplies whose result reaches an add)."""
    users = defaultdict(list)
    for op, _, sources in insts:
        for s in sources:
            users[s].append(op)
    # Registers a pass-through (selp, mov) copies from: follow the copies.
    copies = defaultdict(list)
    for op, dest, sources in insts:
        if op in PASS_THROUGH and dest:
            for s in sources:
                copies[s].append(dest)

    def reaches_add(reg, seen):
        if reg in seen:
            return False
        seen.add(reg)
        if any(op in PLAIN_ADD for op in users[reg]):
            return True
        return any(reaches_add(d, seen) for d in copies[reg])

    fma = sum(op in FMA for op, _, _ in insts)
    split = sum(1 for op, dest, _ in insts
                if op in PLAIN_MUL and dest and reaches_add(dest, set()))
    return fma, split


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", required=True,
                        help="clang -O3 PTX of the same source")
    parser.add_argument("--kernels", default=r"_nat_",
                        help="regular expression of the kernels to check")
    parser.add_argument("ptx", nargs="+", help="transformed PTX files")
    args = parser.parse_args()
    pattern = re.compile(args.kernels)
    reference = read_kernels(args.reference)
    names = sorted(k for k in reference if pattern.search(k))
    if not names:
        print(f"check_contraction: no kernel of {args.reference} matches "
              f"'{args.kernels}'", file=sys.stderr)
        return 1
    failures = 0
    ref_counts = {k: count(reference[k]) for k in names}
    print(f"contractions kept (fma, multiply-adds left unfused) against "
          f"{Path(args.reference).name}:")
    for path in args.ptx:
        kernels = read_kernels(path)
        for name in names:
            if name not in kernels:
                print(f"  FAIL {Path(path).name} {name}: kernel missing")
                failures += 1
                continue
            fma, split = count(kernels[name])
            ref_fma, ref_split = ref_counts[name]
            ok = split <= ref_split
            failures += not ok
            print(f"  {'ok  ' if ok else 'FAIL'} {Path(path).name} {name}: "
                  f"{fma} fma (clang {ref_fma}), {split} unfused "
                  f"(clang {ref_split})")
    if failures:
        sys.stdout.flush()
        print(f"check_contraction: {failures} FAILED", file=sys.stderr)
        return 1
    print("check_contraction: every multiply-add clang fused stays fused")
    return 0


if __name__ == "__main__":
    sys.exit(main())
