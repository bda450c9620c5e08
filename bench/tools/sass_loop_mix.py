#!/usr/bin/env python3
"""SASS instructions of a kernel's outermost loop, per block and per pipe.

Reads `cuobjdump -sass` output and, for each kernel named (all, if none),
splits the outermost loop (the backward branch that spans the most code)
into basic blocks and counts each block's instructions by the unit that
issues them on sm_90:

  fp32   FFMA, FMUL, FADD, FMNMX, FSETP, FSEL, HFMA2 (the FP32 pipes)
  imad   IMAD* (integer multiply-add, also moves: the FMA-heavy pipe)
  alu    IADD3, ISETP, LOP3, SHF, SEL, PLOP3, MOV, P2R, R2P, ... (INT32 ALU)
  unif   U* (the uniform datapath: no vector issue slot for the ALU pipes)
  branch BRA, BSSY, BSYNC, EXIT, WARPSYNC, ... (the branch unit)
  other  loads, stores, conversions, special functions

Every instruction, of any class, takes one dispatch slot of its warp
scheduler (one a cycle); the INT32 ALU takes two cycles a warp
instruction (16 lanes), the FP32 pipes one (two pipes of 16). A loop
whose time is its dispatch count issues about one instruction a cycle;
one whose ALU share passes a half is ALU-bound.

  sass_loop_mix.py FILE.sass [KERNEL...]

Blocks deeper than the outermost loop (an arm's own loop) are marked
with their loop's depth; a static count: each block once.
"""
import re
import sys
from collections import Counter

INSN = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);")
FUNC = re.compile(r"Function : (\S+)")
CLASSES = ("fp32", "imad", "alu", "unif", "branch", "other")
FP32 = ("FFMA", "FMUL", "FADD", "FMNMX", "FSETP", "FSEL", "HFMA2", "FSET")
ALU = ("IADD3", "ISETP", "LOP3", "SHF", "SEL", "PLOP3", "MOV", "P2R", "R2P",
       "IABS", "IMNMX", "LEA", "PRMT", "FLO", "POPC", "BREV", "VOTE", "IADD")
BRANCH = ("BRA", "BSSY", "BSYNC", "EXIT", "WARPSYNC", "BREAK", "RET", "CALL",
          "JMP", "YIELD", "NANOSLEEP", "BPT")


def classify(op):
    base = op.split(".")[0]
    if base in FP32:
        return "fp32"
    if base.startswith("IMAD"):
        return "imad"
    if base in BRANCH:
        return "branch"
    if base.startswith("U") or base in ("S2UR", "R2UR"):
        return "unif"
    if base in ALU:
        return "alu"
    return "other"


def parse(text):
    """{kernel: [(address, op, operands)]}, NOPs dropped."""
    kernels, name = {}, None
    for line in text.splitlines():
        m = FUNC.search(line)
        if m:
            name = m.group(1)
            kernels[name] = []
            continue
        m = INSN.match(line)
        if m and name and m.group(3) != "NOP":
            kernels[name].append((int(m.group(1), 16), m.group(3), m.group(4)))
    return kernels


def target(op, operands):
    if op.split(".")[0] != "BRA":
        return None
    m = re.search(r"0x([0-9a-f]+)", operands)
    return int(m.group(1), 16) if m else None


def loops(insns):
    """Backward branches as (head, latch address), widest first."""
    found = []
    for addr, op, operands in insns:
        t = target(op, operands)
        if t is not None and t <= addr:
            found.append((t, addr))
    return sorted(found, key=lambda l: l[0] - l[1])


def blocks(insns, head, latch):
    """The outermost loop's blocks: [(start, [insns])]."""
    body = [i for i in insns if head <= i[0] <= latch]
    leaders = {head}
    for addr, op, operands in body:
        t = target(op, operands)
        if t is not None and head <= t <= latch:
            leaders.add(t)
        if op.split(".")[0] in ("BRA", "BSYNC", "EXIT"):
            leaders.add(addr + 0x10)
    out = []
    for insn in body:
        if insn[0] in leaders or not out:
            out.append((insn[0], []))
        out[-1][1].append(insn)
    return out


def report(name, insns):
    found = loops(insns)
    if not found:
        print(f"{name}: no loop")
        return
    head, latch = found[0]
    inner = found[1:]
    print(f"{name}: loop 0x{head:04x}-0x{latch:04x}")
    total = Counter()
    for start, body in blocks(insns, head, latch):
        depth = 1 + sum(1 for h, l in inner if h <= start <= l)
        c = Counter(classify(op) for _, op, _ in body)
        total.update(c)
        cells = " ".join(f"{k} {c[k]:3d}" for k in CLASSES)
        mark = f" depth {depth}" if depth > 1 else ""
        print(f"  0x{start:04x} {len(body):4d} insts: {cells}{mark}")
    cells = " ".join(f"{k} {total[k]:3d}" for k in CLASSES)
    print(f"  all    {sum(total.values()):4d} insts: {cells}")


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    kernels = parse(open(argv[1]).read())
    names = argv[2:] or sorted(kernels)
    for name in names:
        if name not in kernels:
            sys.exit(f"sass_loop_mix: no kernel {name} in {argv[1]}")
        report(name, kernels[name])


if __name__ == "__main__":
    main(sys.argv)
