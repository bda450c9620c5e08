#!/usr/bin/env python3
"""Random branch conditions on the thread's index, and a check that every
one print<divopt-divergence> marks "warp index" is one on which the lanes
of every warp agree, in launches whose blocks are whole warps wide.

    warp_index_property.py --seed S --count N            # writes the IR
    warp_index_property.py --seed S --count N --check R  # checks report R

Each kernel @k<i> branches on one condition: a compare of a random
expression (add, sub, mul, and, or, xor, shifts, divisions and
remainders, selects, casts, loads of a global table) over threadIdx.x,
the grid index, blockIdx.x, a uniform parameter and constants, against
another. In about a third of them the condition reads what a loop of
three trips left in an accumulator, itself a random expression of its
last value (a PHI that reads itself). The check evaluates
every condition the report marks in every warp of blocks of 32 to 1024
threads (blockIdx.x 0, 1, 7 and 70000; the parameter -7, 0, 5, 64, 1000),
or of the block shape the kernel's reqntid states, in 32-bit two's
complement as LLVM does, and fails on the first warp whose lanes differ.
It also fails if too few conditions are marked, or too few left unmarked,
for the run to test anything.
"""
import argparse
import random
import re
import sys

MASK = 0xFFFFFFFF
# The contents of the kernels' table: distinct at every address.
TABLE = random.Random(12345).sample(range(1 << 32), 1024)
SHAPES = [None, "64,4,1", "48,2,1", "48", "16,16,1", "96"]


def s32(v):
    v &= MASK
    return v - (1 << 32) if v & 0x80000000 else v


class Gen:
    """Builds one kernel's expression as IR lines and as a Python closure
    over (tid, gid, ctaid, n)."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.count = 0
        # Extra leaves: a loop's accumulator, or its value after the loop.
        self.extra = []

    def fresh(self):
        self.count += 1
        return f"%v{self.count}"

    def leaf(self):
        r = self.rng
        kind = r.choice(["tid", "tid", "gid", "gid", "ctaid", "n", "const",
                         "warp", "warp"] + self.extra * 3)
        if kind == "warp":
            # A warp's index, as code that gives warps roles computes it.
            src = r.choice(["tid", "gid"])
            op, c = r.choice([("lshr", 5), ("udiv", 32), ("sdiv", 32),
                              ("and", -32), ("lshr", 6), ("udiv", 64)])
            name = self.fresh()
            self.lines.append(f"{name} = {op} i32 %{src}, {c}")
            return name, self._binop(op, lambda e, k=src: e[k] & MASK,
                                     lambda e, c=c: c & MASK)
        if kind == "const":
            # Multiples of 32 (and one less) most, where warps are told
            # apart; others where lanes are.
            c = r.choice([0, 32, 64, 96, 128, 256, -32, -64, -128, 0x7FFFFFE0,
                          31, 63, 95, 127, 1, 3, 5, 16, 33, -1, 1000])
            return str(c), (lambda e, c=c: c & MASK)
        return f"%{kind}", (lambda e, k=kind: e[k] & MASK)

    def expr(self, depth):
        r = self.rng
        if depth <= 0 or r.random() < 0.25:
            return self.leaf()
        op = r.choice(["add", "sub", "mul", "and", "or", "xor", "shl",
                       "lshr", "lshr", "ashr", "udiv", "udiv", "sdiv", "urem",
                       "srem", "select", "sext", "zext", "load", "load"])
        a, fa = self.expr(depth - 1)
        name = self.fresh()
        if op == "load":
            # A global table read at the expression (its low 10 bits):
            # lanes that read one address read one value.
            m, g = self.fresh(), self.fresh()
            self.lines.append(f"{m} = and i32 {a}, 1023")
            self.lines.append(
                f"{g} = getelementptr inbounds i32, ptr addrspace(1) %tab, i32 {m}")
            self.lines.append(f"{name} = load i32, ptr addrspace(1) {g}")
            return name, (lambda e: TABLE[fa(e) & 1023])
        if op in ("shl", "lshr", "ashr", "udiv", "sdiv", "urem", "srem"):
            if op in ("shl", "lshr", "ashr"):
                c = r.choice([5, 5, 6, 7, 1, 2, 4, 31])
            else:
                c = r.choice([2, 3, 16, 32, 64, 96, 128, -32])
            self.lines.append(f"{name} = {op} i32 {a}, {c}")
            return name, self._binop(op, fa, lambda e, c=c: c & MASK)
        if op == "select":
            c, fc = self.cond(depth - 1)
            b, fb = self.expr(depth - 1)
            self.lines.append(f"{name} = select i1 {c}, i32 {a}, i32 {b}")
            return name, (lambda e: fa(e) if fc(e) else fb(e))
        if op in ("sext", "zext"):
            # Through i16 and back: trunc, then the extension.
            t = self.fresh()
            self.lines.append(f"{t} = trunc i32 {a} to i16")
            self.lines.append(f"{name} = {op} i16 {t} to i32")
            if op == "zext":
                return name, (lambda e: fa(e) & 0xFFFF)
            return name, (lambda e: (fa(e) & 0xFFFF) - (0x10000 if fa(e) & 0x8000 else 0) & MASK)
        b, fb = self.expr(depth - 1)
        self.lines.append(f"{name} = {op} i32 {a}, {b}")
        return name, self._binop(op, fa, fb)

    @staticmethod
    def _binop(op, fa, fb):
        def f(e):
            x, y = fa(e), fb(e)
            if op == "add":
                return (x + y) & MASK
            if op == "sub":
                return (x - y) & MASK
            if op == "mul":
                return (x * y) & MASK
            if op == "and":
                return x & y
            if op == "or":
                return x | y
            if op == "xor":
                return x ^ y
            if op == "shl":
                return (x << y) & MASK
            if op == "lshr":
                return x >> y
            if op == "ashr":
                return (s32(x) >> y) & MASK
            if op == "udiv":
                return x // y
            if op == "urem":
                return x % y
            sx, sy = s32(x), s32(y)
            q = abs(sx) // abs(sy) * (1 if (sx < 0) == (sy < 0) else -1)
            if op == "sdiv":
                return q & MASK
            return (sx - q * sy) & MASK  # srem
        return f

    def cond(self, depth):
        r = self.rng
        pred = r.choice(["eq", "ne", "ult", "ule", "ugt", "uge", "slt",
                         "sle", "sgt", "sge"])
        a, fa = self.expr(depth)
        b, fb = self.expr(depth - 1) if r.random() < 0.4 else self.leaf()
        name = self.fresh()
        self.lines.append(f"{name} = icmp {pred} i32 {a}, {b}")

        def f(e):
            x, y = fa(e), fb(e)
            if pred.startswith("s"):
                x, y = s32(x), s32(y)
            return {"eq": x == y, "ne": x != y, "ult": x < y, "ule": x <= y,
                    "ugt": x > y, "uge": x >= y, "slt": x < y, "sle": x <= y,
                    "sgt": x > y, "sge": x >= y}[pred]
        return name, f


TRIPS = 3


def loop_kernel(g, rng):
    """A condition on what a loop of TRIPS trips leaves in an accumulator
    (a PHI that reads itself): its initial value, its step and the
    condition are random expressions; the IR's blocks, as line lists."""
    a0, f0 = g.expr(rng.choice([1, 2]))
    n0 = len(g.lines)
    g.extra = ["acc"]
    st, fst = g.expr(rng.choice([1, 2, 3]))
    n1 = len(g.lines)
    g.extra = ["accout"]
    c, f = g.cond(rng.choice([1, 2, 3]))
    loop = ([f"%k = phi i32 [ 0, %entry ], [ %k.next, %loop ]",
             f"%acc = phi i32 [ {a0}, %entry ], [ {st}, %loop ]"] +
            g.lines[n0:n1] +
            ["%k.next = add i32 %k, 1",
             f"%more = icmp ult i32 %k.next, {TRIPS}"])
    after = [f"%accout = add i32 {st}, 0"] + g.lines[n1:]

    def fc(e):
        e = dict(e)
        acc = f0(e)
        for _ in range(TRIPS):
            e["acc"] = acc
            acc = fst(e)
        e["accout"] = acc
        return f(e)
    return (g.lines[:n0], loop, after), c, fc


def kernels(seed, count):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        g = Gen(rng)
        if rng.random() < 0.3:
            blocks, c, f = loop_kernel(g, rng)
        else:
            c, f = g.cond(rng.choice([1, 2, 3, 4]))
            blocks = (g.lines, None, None)
        shape = rng.choice(SHAPES)
        out.append((i, blocks, c, f, shape))
    return out


def write_ir(ks):
    print('target triple = "nvptx64-nvidia-cuda"\n')
    for i, (lines, loop, after), c, _, shape in ks:
        attrs = f" #{SHAPES.index(shape)}" if shape else ""
        body = "".join(f"  {l}\n" for l in lines)
        if loop is not None:
            body += "  br label %loop\n\nloop:\n" + "".join(
                f"  {l}\n" for l in loop)
            body += "  br i1 %more, label %loop, label %after\n\nafter:\n"
            body += "".join(f"  {l}\n" for l in after)
        print(f"""define ptx_kernel void @k{i}(ptr addrspace(1) %out, ptr addrspace(1) %tab, i32 %n){attrs} {{
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
{body}  br i1 {c}, label %then, label %else

then:
  store i32 1, ptr addrspace(1) %out
  br label %join

else:
  store i32 2, ptr addrspace(1) %out
  br label %join

join:
  ret void
}}
""")
    print("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()")
    print("declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()")
    print("declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n")
    for j, shape in enumerate(SHAPES):
        if shape:
            print(f'attributes #{j} = {{ "nvvm.reqntid"="{shape}" }}')


def blocks(shape):
    """(x, y, z) block shapes to evaluate a kernel in."""
    if shape is None:
        return [(x, 1, 1) for x in (32, 64, 96, 128, 256, 1024)] + \
            [(64, 4, 1), (32, 8, 1), (16, 16, 1)]
    dims = [int(d) for d in shape.split(",")] + [1, 1]
    return [tuple(dims[:3])]


def warps_agree(f, shape):
    for x, y, z in blocks(shape):
        threads = x * y * z
        for ctaid in (0, 1, 7, 70000):
            for n in (-7, 0, 5, 64, 1000):
                for w in range((threads + 31) // 32):
                    seen = set()
                    for lin in range(32 * w, min(32 * w + 32, threads)):
                        tid = lin % x
                        e = {"tid": tid, "gid": (ctaid * x + tid) & MASK,
                             "ctaid": ctaid, "n": n & MASK}
                        seen.add(f(e))
                    if len(seen) > 1:
                        return f"block {x}x{y}x{z} ctaid {ctaid} n {n} warp {w}"
    return None


def check(ks, report):
    marked = {}
    fn = None
    for line in open(report):
        m = re.match(r"divopt-divergence: function '(k\d+)'", line)
        if m:
            fn = int(m.group(1)[1:])
        elif "divergent" in line and ("branch %entry" in line or
                                      "branch %after" in line):
            marked[fn] = "(warp index" in line
    ok = True
    for i, lines, c, f, shape in ks:
        if not marked.get(i):
            continue
        where = warps_agree(f, shape)
        if where:
            ok = False
            text = [l for part in lines if part for l in part]
            print(f"k{i} (reqntid {shape}) is marked warp index, but lanes "
                  f"differ at {where}:\n  " + "\n  ".join(text))
    n_marked = sum(1 for v in marked.values() if v)
    # How many of the unmarked ones a warp's lanes agree on all the same
    # (what the analysis could still learn).
    missed = sum(1 for i, _, _, f, shape in ks
                 if i in marked and not marked[i] and not warps_agree(f, shape))
    print(f"{n_marked} of {len(marked)} divergent conditions marked warp "
          f"index; {missed} unmarked ones on which warps agree too")
    if n_marked < 50 or len(marked) - n_marked - missed < 50:
        print("too few conditions on one side to test anything")
        ok = False
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--check", metavar="REPORT")
    a = ap.parse_args()
    ks = kernels(a.seed, a.count)
    if not a.check:
        write_ir(ks)
        return 0
    return 0 if check(ks, a.check) else 1


if __name__ == "__main__":
    sys.exit(main())
