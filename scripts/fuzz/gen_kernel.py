#!/usr/bin/env python3
"""Random CUDA kernels rich in divergence, for DivOpt's differential fuzzing.

    gen_kernel.py --seed 42                 # the kernel of seed 42 on stdout
    gen_kernel.py --seed 42 --edits d12,t5  # the same kernel, reduced
    gen_kernel.py --seed 42 --list-nodes    # what the reducer can edit

The same seed gives the same kernel on every machine (Python's `random` with
an explicit seed; no hash randomisation, no clock). Every kernel has the ABI
below, so one host program runs any of them, and has defined behaviour for
every input of that ABI: no out-of-bounds access (indices are masked or are
the thread's own slots), no signed overflow (signed arithmetic only on
15-bit values), no division by zero, no uninitialised read (every variable
and slot is written before it is read, or by the host), no data race (a
thread writes only its own slots; shared counters change only through
atomics whose results nobody reads and whose effect does not depend on
their order), no NaN or infinity (float variables stay within +-1024, so
expressions of depth 3 over them stay finite; the math library sees
clamped, scaled arguments) and, in the default explicit style, float
arithmetic without contraction. Two compilers that keep each thread's
operations therefore produce the same outputs bit for bit; DivOpt must, in
the natural style too (--fp natural), where it must keep every fusion clang
makes.

What makes the kernels worth running through DivOpt: divergent if/else,
if-only and switch statements on thread- and data-dependent conditions,
loops with divergent trip counts and divergent bodies, break and continue,
nesting, arms that are the same code with different constants and operands
(what branch distribution melds) next to arms that differ, loads, stores and
atomics inside arms, calls to __forceinline__, __noinline__ and recursive
__device__ functions, and warp votes at the top level (where every live lane
of the warp reaches them, so the mask is exact).

Reduction works on the generator's own tree: every statement has an id, and
an edit drops it (dN), keeps only the then-arm (tN) or else-arm (eN) of an
if, runs a loop's body once (uN) or keeps one case of a switch (cN:K). Any
set of edits still gives a kernel with defined behaviour (every variable is
declared and initialised before the first statement, and no statement relies
on another for its safety), so the reducer (reduce.py) needs no checks of
its own.
"""

import argparse
import random
import re
import sys

# Bumped whenever the same seed starts producing a different kernel, so a
# seed recorded in a report says which generator it belongs to.
GENERATOR_VERSION = 3

# How the kernels write floating point: "explicit" (the __f*_rn intrinsics:
# no contraction, every compiler rounds alike) or "natural" (what
# application code writes: `a * b + c`, the math library, double; clang
# contracts it, and DivOpt must keep every fusion: ContractionPinning.h).
FP_STYLES = ("explicit", "natural")

# The shape families of control-flow melding (Generator.meld_if). With
# --meld-family NAME (or all), every kernel holds one statement of each
# family named, so a campaign of N kernels covers N kernels per family; the
# guarded family then sits in a loop, the shape iteration delaying folds
# the guard of.
MELD_FAMILIES = ("different-shape", "shared-tail", "short-circuit", "guarded")
# Shapes named the same way, not in `all` (which keeps the kernels of past
# melding campaigns): counter-ring keeps a lane's state in a ring of its
# shared slots indexed by the counter, with the counter's next value
# computed before the loop's divergent branch (Generator.counter_ring_loop);
# escape is the escape-time loop, a product summed in the loop's test and
# again in its body (Generator.escape_loop); opcode-switch is an
# interpreter's loop, a switch of 9 to 16 ways on a lane's opcode, the ways
# alike up to leaves, runs of consecutive case values, one way in five a
# loop (Generator.opcode_switch_loop); join-sum is a value each arm makes
# by a product, summed where the arms join (Generator.join_sum).
NAMED_FAMILIES = ("counter-ring", "escape", "opcode-switch", "join-sum")

# The ABI every kernel shares with the host harness (bench/fuzz). The build
# script writes it into the pack's manifest; the harness reads it from there.
KERNEL_NAME = "k"
IN_WORDS = 4096  # in[]: read-only input words; a power of two (masking).
OUT_PER_THREAD = 16  # out[gid*16 ..]: 0-5 variables, 6-9 shared, 10-15 scratch.
FOUT_PER_THREAD = 8  # fout[gid*8 ..]: 0-3 variables, 4-7 scratch.
SHARED_PER_THREAD = 4  # sh[tid*4 ..], the thread's own shared-memory slots.
COUNTERS = 16  # counters[]: changed only by atomics, one operation each.
MAX_BLOCK = 256  # Largest block the harness may launch (shared array size).
FLOAT_BOUND = 1024.0  # |float variable| <= this, always.

ABI = {
    "kernel": KERNEL_NAME,
    "in_words": IN_WORDS,
    "out_per_thread": OUT_PER_THREAD,
    "fout_per_thread": FOUT_PER_THREAD,
    "counters": COUNTERS,
    "max_block": MAX_BLOCK,
}

NUM_U = 6
NUM_F = 4
OUT_SCRATCH = range(10, 16)
FOUT_SCRATCH = range(4, 8)
IN_MASK = IN_WORDS - 1

# Each counter has one atomic operation, so its final value does not depend
# on the order in which threads reach it: (first counter, how many, op).
COUNTER_OPS = [
    (0, 4, "atomicAdd"),
    (4, 4, "atomicXor"),
    (8, 2, "atomicOr"),
    (10, 2, "atomicAnd"),
    (12, 2, "atomicMin"),
    (14, 2, "atomicMax"),
]

MAX_DEPTH = 4  # Nesting of control flow.
MAX_LOOP_DEPTH = 2  # Loops nest at most this deep (bounded run time).
EXPR_DEPTH = 3  # Float bounds above rely on this.


# --- The tree -------------------------------------------------------------


class Node:
    """A statement; `id` is what reduction edits name."""

    def __init__(self, node_id):
        self.id = node_id


class Simple(Node):
    def __init__(self, node_id, text):
        super().__init__(node_id)
        self.text = text


class Decl(Simple):
    """Declarations the statements after them read: not a node the reducer
    edits (they go with the block that holds them)."""

    def __init__(self, text):
        super().__init__(None, text)


class Jump(Node):
    """`if (cond) break;` or `continue;` of the innermost loop `loop`."""

    def __init__(self, node_id, cond, kind, loop):
        super().__init__(node_id)
        self.cond, self.kind, self.loop = cond, kind, loop


class If(Node):
    def __init__(self, node_id, cond, then, els):
        super().__init__(node_id)
        self.cond, self.then, self.els = cond, then, els


class Loop(Node):
    """`for (head) {body}`, or with `test` set, `do {body} while (test);`
    with `var` declared before it. `var` is the read-only trip counter."""

    def __init__(self, node_id, var, head, test, body):
        super().__init__(node_id)
        self.var, self.head, self.test, self.body = var, head, test, body


class Switch(Node):
    """cases: list of (label list, body, ends with break); the default case
    has the label None."""

    def __init__(self, node_id, expr, cases):
        super().__init__(node_id)
        self.expr, self.cases = expr, cases


class Helper:
    def __init__(self, name, qualifier, body, ret, template=None,
                 split=False):
        self.name, self.qualifier = name, qualifier
        self.body, self.ret, self.template = body, ret, template
        # A --split-shapes helper: values in, a value out, no pointers but
        # `in`, inlined (kernel splitting refuses calls).
        self.split = split


class Scope:
    """What a statement may read, write and jump to where it is generated."""

    def __init__(self, kernel, uvars, fvars, ro, helpers):
        self.kernel = kernel  # False inside a helper.
        self.uvars = uvars  # Unsigned variables it may assign.
        self.fvars = fvars
        self.ro = ro  # Read-only unsigned values (ids, parameters).
        self.helpers = helpers  # Names it may call.
        self.loop = None  # Innermost loop that break/continue leave.
        self.loop_vars = []
        self.depth = 0
        self.loop_depth = 0
        self.top = kernel  # At the kernel's top level: votes are legal.
        # Straight-line code only: no ternaries, no && or ||, no calls.
        self.plain = False
        # Kernel splitting's legality (--split-shapes): memory is read only
        # from `in`; no shared memory, atomics, votes or calls that stay
        # calls. `stores`: the statement may write the thread's own out and
        # fout slots (not in the code every part of a split kernel runs).
        self.split = False
        self.stores = True

    def nested(self, loop=None, new_loop=False, no_jumps=False, plain=False):
        s = Scope(self.kernel, self.uvars, self.fvars, self.ro, self.helpers)
        s.loop, s.loop_vars = self.loop, list(self.loop_vars)
        s.depth, s.loop_depth, s.top = self.depth + 1, self.loop_depth, False
        s.plain = plain
        s.split, s.stores = self.split, self.stores
        if new_loop:
            s.loop, s.loop_depth = loop, self.loop_depth + 1
            s.loop_vars.append(loop.var)
        if no_jumps:
            # In a switch `break` would leave the switch, not the loop; in
            # a delay-shaped loop it would give the loop a second exit.
            s.loop = None
        return s

    def out(self, slot):
        return f"out[ob + {slot}u]" if self.kernel else f"o[{slot}u]"

    def fout(self, slot):
        return f"fout[fb + {slot}u]" if self.kernel else f"fo[{slot}u]"

    @property
    def tid(self):
        return "tid" if self.kernel else "threadIdx.x"

    @property
    def lane(self):
        return "lane" if self.kernel else "(threadIdx.x & 31u)"


# --- Generation -----------------------------------------------------------


class Generator:
    """Two random streams: `rs` decides structure (which statement, which
    operator, how deep), `rl` decides leaves (variables, constants, slots).
    Arms made from the same structure stream and different leaf streams
    are the same code with different operands: what branch distribution
    melds."""

    def __init__(self, seed, fp="explicit", meld_shapes=False,
                 meld_families=(), split_shapes=False):
        if fp not in FP_STYLES:
            raise ValueError(f"unknown float style '{fp}' ({', '.join(FP_STYLES)})")
        self.natural = fp == "natural"
        # With meld_shapes, some if statements take one of the shapes
        # control-flow melding brings to single-entry, single-exit form
        # (meld_if); without it, the kernels are those of earlier versions.
        self.meld_shapes = meld_shapes
        self.meld_families = tuple(meld_families)
        # With split_shapes, kernels kernel splitting's legality accepts
        # (split_kernel); the other kernels are unchanged by it.
        self.split_shapes = split_shapes
        self.rs = random.Random(seed)
        self.rl = random.Random(seed * 0x9E3779B97F4A7C15 + 1)
        # A third stream for what --fp natural adds to some statements
        # (half precision, sincosf): the rest of a seed's kernel stays what
        # it was without them.
        self.rx = random.Random(seed * 0x2545F4914F6CDD1D + 7)
        self.next_id = 0
        self.budget = 0

    def new_id(self):
        self.next_id += 1
        return self.next_id

    # Leaves ---------------------------------------------------------------

    def const(self):
        r = self.rl.random()
        if r < 0.5:
            return f"{self.rl.randrange(0, 64)}u"
        if r < 0.8:
            return f"{self.rl.randrange(0, 1 << 16)}u"
        return f"0x{self.rl.getrandbits(32):08x}u"

    def fconst(self):
        return self.rl.choice(
            ["0.5f", "0.25f", "1.5f", "-0.75f", "2.0f", "-3.0f", "0.125f",
             "7.0f", "-1.0f", "0.0f", "1.0f", "-0.5f"])

    def uleaf(self, sc):
        r = self.rl.random()
        if r < 0.45:
            return self.rl.choice(sc.uvars)
        if r < 0.6:
            return self.rl.choice(sc.ro + sc.loop_vars)
        if r < 0.8:
            return self.const()
        if sc.split:
            # Only `in` is read: nothing writes it, so every part of a
            # split kernel reads the same.
            return (f"in[({self.rl.choice(sc.uvars)} + "
                    f"{self.rl.randrange(IN_WORDS)}u) & {IN_MASK}u]")
        if r < 0.9 or not sc.kernel:
            return f"{sc.out(self.rl.choice(OUT_SCRATCH))}"
        return f"sh[sb + {self.rl.randrange(SHARED_PER_THREAD)}u]"

    def fleaf(self, sc):
        r = self.rl.random()
        if r < 0.5:
            return self.rl.choice(sc.fvars)
        if r < 0.7:
            return self.fconst()
        if r < 0.85 or sc.split:
            return f"(float)({self.uleaf(sc)} & 1023u)"
        return sc.fout(self.rl.choice(FOUT_SCRATCH))

    # Expressions ----------------------------------------------------------

    def uexpr(self, sc, depth=EXPR_DEPTH):
        if depth <= 0 or self.rs.random() < 0.25:
            return self.uleaf(sc)
        d = depth - 1
        k = self.rs.randrange(14)
        a = self.uexpr(sc, d)
        if k <= 3:
            op = ["+", "-", "*", "^"][k]
            return f"({a} {op} {self.uexpr(sc, d)})"
        if k == 4:
            return f"({a} {self.rs.choice(['&', '|'])} {self.uexpr(sc, d)})"
        if k == 5:
            op = self.rs.choice(["<<", ">>"])
            return f"({a} {op} ({self.uexpr(sc, d)} & 31u))"
        if k == 6:
            op = self.rs.choice(["/", "%"])
            return f"({a} {op} ({self.uexpr(sc, d)} | 1u))"
        if k == 7:
            return f"in[({a}) & {IN_MASK}u]"
        if k == 8:
            fn = self.rs.choice(["__popc", "__clz", "__brev", "__ffs"])
            if sc.split and fn == "__ffs":
                # libdevice's __ffs is inline asm (bfind), which kernel
                # splitting refuses.
                fn = "__clz"
            cast = "" if fn == "__brev" else "(unsigned)"
            arg = a if fn in ("__popc", "__brev") else f"(int){a}"
            return f"{cast}{fn}({arg})"
        if k == 9:
            b = self.uexpr(sc, d)
            if self.rs.random() < 0.5:
                return f"__umulhi({a}, {b})"
            return f"__byte_perm({a}, {b}, {self.rl.getrandbits(16)}u)"
        if k == 10:
            if sc.plain:
                return f"({a} ^ {self.uexpr(sc, d)})"
            return f"({self.cond(sc, 1)} ? {a} : {self.uexpr(sc, d)})"
        if k == 11:
            # Signed arithmetic on 15-bit values cannot overflow; clang
            # marks it nsw, which melding must not misuse.
            b = self.uexpr(sc, d)
            op = self.rs.choice(["+", "-", "*"])
            return (f"(unsigned)((int)({a} & 32767u) {op} "
                    f"(int)({b} & 32767u))")
        if k == 12:
            b = self.uexpr(sc, d)
            if self.rs.random() < 0.5:
                op = self.rs.choice(["/", "%"])
                return (f"(unsigned)(((int)({a} & 32767u) - 16384) {op} "
                        f"((int)({b} & 255u) + 1))")
            return (f"(unsigned)(((int)({a} & 65535u) - 32768) >> "
                    f"({b} & 15u))")
        f = self.rl.choice(sc.fvars)
        return f"((unsigned)(int){f} + {a})"

    def fexpr(self, sc, depth=EXPR_DEPTH):
        if depth <= 0 or self.rs.random() < 0.25:
            return self.fleaf(sc)
        if self.natural:
            return self.natural_fexpr(sc, depth - 1)
        d = depth - 1
        k = self.rs.randrange(9)
        a = self.fexpr(sc, d)
        if k <= 2:
            fn = ["__fadd_rn", "__fmul_rn", "__fsub_rn"][k]
            if sc.split and k == 2:
                # CUDA's __fsub_rn is inline asm (sub.rn.f32), which kernel
                # splitting refuses; a - b is a + -b, rounded alike.
                return f"__fadd_rn({a}, -({self.fexpr(sc, d)}))"
            return f"{fn}({a}, {self.fexpr(sc, d)})"
        if k == 3:
            return (f"__fmaf_rn({a}, {self.fexpr(sc, d)}, "
                    f"{self.fexpr(sc, d)})")
        if k == 4:
            op = self.rs.choice(["+", "-", "*"])
            return f"({a} {op} {self.fexpr(sc, d)})"
        if k == 5:
            return f"__fsqrt_rn(fabsf({a}))"
        if k == 6:
            div = self.rl.choice(["2.0f", "-4.0f", "0.75f", "3.0f", "-0.5f"])
            return f"__fdiv_rn({a}, {div})"
        if k == 7:
            if sc.plain:
                return f"__fadd_rn({a}, {self.fexpr(sc, d)})"
            return f"({self.cond(sc, 1)} ? {a} : {self.fexpr(sc, d)})"
        return f"fabsf({a})"

    def natural_fexpr(self, sc, d):
        """Float as application code writes it: plain operators (which
        clang contracts into fma), the math library, conversions, double
        precision. Every result stays finite for operands within the bound
        (exp and pow-like growth only on clamped, scaled arguments)."""
        k = self.rs.randrange(12)
        a = self.fexpr(sc, d)
        if k <= 2:
            return f"({a} {['+', '-', '*'][k]} {self.fexpr(sc, d)})"
        if k == 3:
            return f"({a} * {self.fexpr(sc, d)} + {self.fexpr(sc, d)})"
        if k == 4:
            return f"({self.fexpr(sc, d)} - {a} * {self.fconst()})"
        if k == 5:
            fn = self.rs.choice(["fminf", "fmaxf"])
            return f"{fn}({a}, {self.fexpr(sc, d)})"
        if k == 6:
            if self.rs.random() < 0.5:
                return f"sqrtf(fabsf({a}))"
            return f"rsqrtf(fabsf({a}) + 1.0f)"
        if k == 7:
            if self.rs.random() < 0.5:
                return f"({a} / (fabsf({self.fexpr(sc, d)}) + 1.0f))"
            return f"({a} / {self.rl.choice(['3.0f', '-7.0f', '0.3f'])})"
        if k == 8:
            fn = self.rs.choice(["expf", "__expf", "sinf", "cosf", "__sinf"])
            if sc.split and not sc.stores:
                # sinf's and cosf's slow path keeps an array in local
                # memory: stores, which code every part runs may not hold.
                fn = {"sinf": "__sinf", "cosf": "__cosf"}.get(fn, fn)
            return f"{fn}(clampf({a}) * 0.005f)"
        if k == 9:
            return f"((float)(int)({self.uleaf(sc)} & 1023u) * {self.fconst()})"
        if k == 10:
            b, c = self.fexpr(sc, d), self.fexpr(sc, d)
            return (f"(float)((double)clampf({a}) * (double)clampf({b}) * 0.3 "
                    f"+ (double){c})")
        if sc.plain:
            return f"({a} + {self.fexpr(sc, d)})"
        return f"({self.cond(sc, 1)} ? {a} : {self.fexpr(sc, d)})"

    def natural_fstmt(self, sc):
        """Products and sums across statements and arm boundaries: a product
        before a branch used in one arm, products of both arms summed after
        the join, a product used twice."""
        text = self.natural_fstmt_core(sc)
        extra = "" if sc.plain or sc.split else self.natural_extra(sc)
        return f"{text} {extra}" if extra else text

    def natural_extra(self, sc):
        """Now and then, after a statement: __half arithmetic (cuda_fp16.h
        writes it as inline asm mul.f16/add.f16, which ptxas fuses and
        DivOpt must leave where it is) or sincosf. Operands are scaled so
        the half values stay far from its range's end (65504)."""
        r = self.rx.random()
        f, g, h = (self.rx.choice(sc.fvars) for _ in range(3))
        k = self.rx.choice(["0.5f", "-0.75f", "1.5f", "0.25f"])
        if r < 0.2:
            return (f"{{ __half h = __float2half(clampf({g}) * 0.0625f); "
                    f"h = h * __float2half({k}) + __float2half(clampf({h}) * "
                    f"0.0625f); {f} = clampf(__half2float(h) * 16.0f); }}")
        if r < 0.35:
            return (f"{{ float s, c; sincosf(clampf({g}) * 0.005f, &s, &c); "
                    f"{f} = clampf(s * {k} + c); }}")
        return ""

    def natural_fstmt_core(self, sc):
        f = lambda: self.rl.choice(sc.fvars)  # noqa: E731
        x = lambda: self.fexpr(sc, 1)  # noqa: E731
        k = self.rs.randrange(4 if sc.plain else 6)
        if k == 0:
            return f"{{ float t = {x()} * {x()}; {f()} = clampf(t + {x()}); }}"
        if k == 1:
            if not sc.stores:
                return (f"{{ float m = clampf({x()}) * {self.fconst()}; "
                        f"{f()} = clampf(m + {x()}); "
                        f"{f()} = clampf(m - {x()}); }}")
            # Threads past n write nothing in --split-shapes kernels.
            guard = "if (active) " if sc.split else ""
            return (f"{{ float m = clampf({x()}) * {self.fconst()}; "
                    f"{f()} = clampf(m + {x()}); "
                    f"{guard}{sc.fout(self.rl.choice(FOUT_SCRATCH))} = "
                    f"clampf(m - {x()}); }}")
        if k == 2:
            return (f"{{ double t = (double){x()} * {self.fconst()}; "
                    f"{f()} = clampf((float)(t + (double){x()})); }}")
        if k == 3:
            return (f"{f()} = clampf({f()} * {self.fconst()} + {x()} * "
                    f"{self.fconst()});")
        c = self.cond(sc, 1)
        if k == 4:
            return (f"{{ float p = {x()} * {x()}; if {c} {f()} = clampf(p + "
                    f"{x()}); else {f()} = clampf(p - {x()} * "
                    f"{self.fconst()}); }}")
        return (f"{{ float q; if {c} q = {x()} * {self.fconst()}; else q = "
                f"{x()} * {x()}; {f()} = clampf(q + {x()}); }}")

    def cond(self, sc, depth=2):
        k = self.rs.randrange(12 if depth > 0 and not sc.plain else 10)
        u = lambda: self.rl.choice(sc.uvars)  # noqa: E731
        if k == 0:
            m = self.rl.choice([1, 3, 7, 15, 31, 63])
            return f"(({sc.tid} & {m}u) == {self.rl.randrange(m + 1)}u)"
        if k == 1:
            return f"({sc.lane} < {self.rl.randrange(1, 32)}u)"
        if k == 2:
            p = self.rl.choice([2, 3, 5, 7])
            ids = "gid" if sc.kernel else "threadIdx.x"
            return f"(({ids} % {p}u) == {self.rl.randrange(p)}u)"
        if k == 3:
            return f"({u()} > {self.uleaf(sc)})"
        if k == 4:
            return f"(({u()} & {self.rl.choice([1, 2, 4, 8, 16])}u) != 0u)"
        if k == 5:
            return (f"(in[({self.uleaf(sc)}) & {IN_MASK}u] < "
                    f"0x{self.rl.getrandbits(32):08x}u)")
        if k == 6:
            return (f"({self.rl.choice(sc.fvars)} < "
                    f"{self.fleaf(sc)})")
        if k == 7:
            if sc.loop_vars:
                i = self.rl.choice(sc.loop_vars)
                if self.rs.random() < 0.5:
                    return f"({i} < ({u()} & 7u))"
                return f"((({i} + {sc.lane}) & 1u) != 0u)"
            return f"({u()} <= {self.const()})"
        if k == 8:
            # Uniform across the grid or the block: not divergent.
            if sc.kernel and self.rs.random() < 0.5:
                return f"(n > {self.rl.randrange(1, 600)})"
            return f"((blockIdx.x & 1u) == {self.rl.randrange(2)}u)"
        if k == 9:
            return f"({u()} == {self.uexpr(sc, 1)})"
        a, b = self.cond(sc, depth - 1), self.cond(sc, depth - 1)
        if k == 10:
            return f"({a} {self.rs.choice(['&&', '||'])} {b})"
        return f"(!{a})"

    # Statements -----------------------------------------------------------

    def atomic(self, sc):
        first, count, fn = self.rs.choice(COUNTER_OPS)
        idx = f"{first}u + ({self.uleaf(sc)} & {count - 1}u)"
        if count == 1:
            idx = f"{first}u"
        return f"{fn}(&counters[{idx}], {self.uexpr(sc, 2)});"

    def call_args(self, sc):
        o = "out + ob, fout + fb" if sc.kernel else "o, fo"
        return f"in, {o}, counters, {self.uexpr(sc, 2)}, {self.uexpr(sc, 2)}"

    def simple(self, sc):
        if sc.split:
            return self.split_simple(sc)
        k = self.rs.randrange(100)
        v = lambda: self.rl.choice(sc.uvars)  # noqa: E731
        if k < 24:
            op = self.rs.choice(["=", "=", "+=", "^=", "*="])
            return f"{v()} {op} {self.uexpr(sc)};"
        if k < 38:
            f = self.rl.choice(sc.fvars)
            if self.natural and self.rs.random() < 0.5:
                return self.natural_fstmt(sc)
            return f"{f} = clampf({self.fexpr(sc)});"
        if k < 52:
            op = self.rs.choice(["=", "+=", "^="])
            return (f"{sc.out(self.rl.choice(OUT_SCRATCH))} {op} "
                    f"{self.uexpr(sc)};")
        if k < 60:
            return (f"{sc.fout(self.rl.choice(FOUT_SCRATCH))} = "
                    f"clampf({self.fexpr(sc)});")
        if k < 66 and sc.kernel:
            s = self.rl.randrange(SHARED_PER_THREAD)
            return f"sh[sb + {s}u] {self.rs.choice(['=', '+='])} " \
                   f"{self.uexpr(sc)};"
        if k < 76:
            return self.atomic(sc)
        if k < 80:
            # An atomic on the thread's own slot: its result is exact.
            fn = self.rs.choice(["atomicAdd", "atomicExch", "atomicMax"])
            slot = self.rl.choice(OUT_SCRATCH)
            return (f"{v()} ^= {fn}(&{sc.out(slot)}, "
                    f"{self.uexpr(sc, 2)});")
        if k < 92 and sc.helpers and not sc.plain:
            h = self.rs.choice(sc.helpers)  # Similar arms call the same.
            if h.startswith("r"):
                return (f"{v()} += {h}(in, {self.uexpr(sc, 2)}, "
                        f"{self.uexpr(sc, 1)} & 3u);")
            if self.rs.random() < 0.3:
                return f"(void){h}({self.call_args(sc)});"
            return f"{v()} {self.rs.choice(['=', '^='])} " \
                   f"{h}({self.call_args(sc)});"
        return f"{v()} = {self.uexpr(sc)};"

    def vote(self, sc):
        v = self.rl.choice(sc.uvars)
        k = self.rs.randrange(6)
        if k == 0:
            return f"{v} ^= __ballot_sync(lmask, {self.cond(sc)});"
        if k == 1:
            return f"{v} += __popc(__ballot_sync(lmask, {self.cond(sc)}));"
        if k == 2:
            fn = self.rs.choice(["__any_sync", "__all_sync"])
            return f"{v} += (unsigned){fn}(lmask, {self.cond(sc)});"
        if k == 3:
            return (f"{v} = __shfl_sync(lmask, {self.rl.choice(sc.uvars)}, "
                    f"__ffs(lmask) - 1);")
        if k == 4:
            return (f"{v} += __reduce_add_sync(lmask, "
                    f"{self.rl.choice(sc.uvars)} & 255u);")
        return "__syncwarp(lmask);"

    def split_simple(self, sc):
        """simple() within kernel splitting's legality: variables computed
        from `in` and each other, the thread's own out and fout slots
        written (only where sc.stores), inlined helpers called."""
        k = self.rs.randrange(100)
        v = lambda: self.rl.choice(sc.uvars)  # noqa: E731
        if k < 30:
            op = self.rs.choice(["=", "=", "+=", "^=", "*="])
            return f"{v()} {op} {self.uexpr(sc)};"
        if k < 50:
            if self.natural and self.rs.random() < 0.5:
                return self.natural_fstmt(sc)
            return f"{self.rl.choice(sc.fvars)} = clampf({self.fexpr(sc)});"
        if k < 65 and sc.stores:
            # Slots 6-15: the epilogue writes 0-5 itself.
            return (f"if (active) {sc.out(self.rl.randrange(6, 16))} = "
                    f"{self.uexpr(sc)};")
        if k < 75 and sc.stores:
            return (f"if (active) {sc.fout(self.rl.choice(FOUT_SCRATCH))} = "
                    f"clampf({self.fexpr(sc)});")
        if k < 88 and sc.helpers and not sc.plain:
            h = self.rs.choice(sc.helpers)
            return (f"{v()} {self.rs.choice(['=', '^=', '+='])} "
                    f"{h}(in, {self.uexpr(sc, 2)}, {self.uexpr(sc, 2)});")
        return f"{v()} = {self.uexpr(sc)};"

    def stmts(self, sc, lo, hi):
        n = self.rs.randint(lo, hi)
        out = []
        for _ in range(n):
            if self.budget <= 0:
                break
            out.append(self.stmt(sc))
        return out

    def stmt(self, sc):
        self.budget -= 1
        r = self.rs.random()
        nest = sc.depth < MAX_DEPTH and self.budget > 2
        if sc.top and r < 0.2:
            # Convergent operations among divergent regions: DivOpt must
            # not move them, nor put them under a condition.
            return Simple(self.new_id(), self.vote(sc))
        if sc.loop is not None and r < 0.14:
            kind = self.rs.choice(["break", "continue"])
            return Jump(self.new_id(), self.cond(sc), kind, sc.loop)
        if nest and r < 0.42:
            return self.if_stmt(sc)
        if nest and r < 0.52 and sc.loop_depth < MAX_LOOP_DEPTH:
            return self.loop_stmt(sc)
        if nest and r < 0.58:
            return self.switch_stmt(sc)
        return Simple(self.new_id(), self.simple(sc))

    def arms_similar(self, sc):
        """Arms of the same structure with different leaves, sometimes one
        statement apart: shapes the aligner matches."""
        arms = self.ways_similar(sc, 2, 5)
        if self.rs.random() < 0.3 and self.budget > 0:
            arm = arms[self.rs.randrange(2)]
            arm.insert(self.rs.randrange(len(arm) + 1), self.stmt(sc))
        return arms

    def ways_similar(self, sc, n, most):
        """n arms of the same structure (1 to most statements) with
        different leaves: a switch's ways, an interpreter's opcodes."""
        shape = self.rs.getrandbits(64)
        seeds = [self.rl.getrandbits(64) for _ in range(n)]
        saved, budget = (self.rs, self.rl), self.budget
        ways, used = [], 0
        for leaf_seed in seeds:
            self.rs, self.rl = random.Random(shape), random.Random(leaf_seed)
            self.budget = budget
            ways.append(self.stmts(sc, 1, most))
            used = max(used, budget - self.budget)
        self.rs, self.rl = saved
        self.budget = budget - used
        return ways

    def same_code(self, sc, lo, hi):
        """The same statements twice (same structure, same leaves): code
        SimplifyCFG merges into one block both arms reach."""
        shape, leaf = self.rs.getrandbits(64), self.rl.getrandbits(64)
        saved, budget = (self.rs, self.rl), self.budget
        copies = []
        for _ in range(2):
            self.rs, self.rl = random.Random(shape), random.Random(leaf)
            self.budget = budget
            copies.append(self.stmts(sc, lo, hi))
        used = budget - self.budget
        self.rs, self.rl = saved
        self.budget = budget - used
        return copies

    def meld_if(self, sc, family=None):
        """One of the shape families of control-flow melding, named in a
        comment in the condition: arms of different control flow with a
        common tail, a block both arms share, a short-circuit condition,
        an inner branch under a guard. family: an index in MELD_FAMILIES,
        else a random one."""
        node_id = self.new_id()
        inner = sc.nested()
        if family is None:
            family = self.rs.randrange(4)
        c = self.cond(sc)
        if family == 0:
            tail_t, tail_e = self.same_code(inner, 1, 3)
            nested = If(self.new_id(), self.cond(inner),
                        self.stmts(inner.nested(), 1, 3),
                        self.stmts(inner.nested(), 1, 3))
            return If(node_id, "/* meld: different-shape arms */ " + c,
                      [nested] + tail_t, self.stmts(inner, 1, 3) + tail_e)
        if family == 1:
            s_t, s_e = self.same_code(inner.nested(), 1, 3)
            then = [If(self.new_id(), self.cond(inner), s_t, None)]
            els = [If(self.new_id(), self.cond(inner), s_e, None)]
            return If(node_id, "/* meld: shared tail */ " + c, then, els)
        if family == 2:
            c = (f"({self.cond(sc, 0)} && ({self.cond(sc, 0)} || "
                 f"{self.cond(sc, 0)}))")
            then, els = self.arms_similar(inner)
            return If(node_id, "/* meld: short-circuit */ " + c, then, els)
        then, els = self.arms_similar(inner.nested())
        guarded = self.stmts(inner, 0, 2) + [
            If(self.new_id(), self.cond(inner), then, els)]
        return If(node_id, "/* meld: guarded inner branch */ " + c, guarded,
                  None)

    def short_loop(self, sc):
        """A loop of 2 to 9 trips, the count the lane's, with no body yet;
        and the scopes of its body: (loop, body, plain code of the body)."""
        node_id = self.new_id()
        var = f"i{sc.loop_depth}"
        u = self.rl.choice(sc.uvars)
        head = f"{var} = 0u; {var} < ({u} & 7u) + 2u; ++{var}"
        loop = Loop(node_id, var, head, None, [])
        body = sc.nested(loop, new_loop=True, no_jumps=True)
        return loop, body, body.nested(plain=True, no_jumps=True)

    def guarded_loop(self, sc):
        """`for (...) { if (guard) { pre; if (hit) A else B } }`: the lanes
        whose guard is false have no work this trip (the guard iteration
        delaying folds into its vote), the inner arms alike up to operands
        (what melding under the guard melds)."""
        loop, body, plain = self.short_loop(sc)
        guard = self.cond(plain, 0)
        hit = self.cond(plain, 0)
        arms = body.nested(no_jumps=True).nested(no_jumps=True)
        then, els = self.arms_similar(arms)
        pre = [Simple(self.new_id(), self.simple(plain))
               for _ in range(self.rs.randint(0, 2))]
        inner = If(self.new_id(), hit, then, els)
        loop.body = [If(self.new_id(),
                        "/* meld: guarded inner branch */ " + guard,
                        pre + [inner], None)]
        return loop

    def counter_ring_loop(self, sc):
        """`for (i ...) { v ^= sh[ring(i)]; w += (i + 1) * K; pre;
        if (c) { A; sh[ring(i + 1)] = x; } else { B; sh[ring(i + 1)] = y; }
        post }`: a lane's state in a ring of its shared slots, the counter's
        next value computed before the branch, so that the exit test reads
        it there (LOOP-ADVANCE's shared ring, where loop advance's halves
        once tested the exit on the wrong copy of it)."""
        loop, body, plain = self.short_loop(sc)
        var = loop.var
        arms = body.nested(no_jumps=True)
        v, w = self.rl.choice(sc.uvars), self.rl.choice(sc.uvars)
        pre = [Simple(self.new_id(), f"{v} ^= sh[sb + ({var} & 3u)];"),
               Simple(self.new_id(), f"{w} += ({var} + 1u) * {self.const()};")]
        pre += [Simple(self.new_id(), self.simple(plain))
                for _ in range(self.rs.randint(0, 1))]

        def arm():
            return self.stmts(arms, 1, 2) + [Simple(
                self.new_id(),
                f"sh[sb + (({var} + 1u) & 3u)] = {self.uexpr(arms)};")]

        branch = If(self.new_id(), self.cond(plain, 0), arm(), arm())
        post = [Simple(self.new_id(), self.simple(plain))
                for _ in range(self.rs.randint(0, 1))]
        loop.body = pre + [branch] + post
        return loop

    def escape_loop(self, sc):
        """`while (k < n && zr * zr + zi * zi < 4) { t = zr * zr - zi * zi +
        cr; zi = 2 * zr * zi + ci; zr = t; ++k; }`, in plain arithmetic: the
        escape-time (Mandelbrot) loop, whose zr * zr code generation fuses
        into the test's sum and, moved into the body by MachineSink, ptxas
        into the body's (the shape the contraction pinner once pinned
        unfused). The lane's trips diverge with its constant."""
        f, g, h = (self.rl.choice(sc.fvars) for _ in range(3))
        u, v = self.rl.choice(sc.uvars), self.rl.choice(sc.uvars)
        return Simple(self.new_id(), (
            f"{{ float zr = 0.0f, zi = 0.0f, cr = clampf({f}) * "
            f"{self.rl.choice(['0.002f', '0.001f'])} - 0.75f, ci = clampf({g})"
            f" * 0.002f; unsigned k = 0u; while (k < ({u} & 31u) + 1u && "
            f"zr * zr + zi * zi < 4.0f) {{ float t = zr * zr - zi * zi + cr; "
            f"zi = 2.0f * zr * zi + ci; zr = t; ++k; }} {h} = clampf(zr + zi);"
            f" {v} ^= k; }}"))

    def opcode_switch_loop(self, sc):
        """`for (...) switch ((v + i * K) % M + B) { case B: A0; ... }`: an
        interpreter's loop, a lane's opcode each trip. 9 to 16 ways alike up
        to leaves (what the switch's chain of two-way branches melds), each
        of one to three consecutive values (ranges the lowering tests with
        one compare; B = 2^32 - 3 puts a run across -1 and 0 as signed),
        one way in five a loop instead (a way that melds with none, which
        the lowering tests first), the values past the ways' straight to
        the join or to a default."""
        loop, body, plain = self.short_loop(sc)
        ways_scope = body.nested(no_jumps=True)
        num_ways = self.rs.randint(9, 16)
        ways = self.ways_similar(ways_scope, num_ways, 3)
        for k in range(num_ways):
            if self.rs.random() < 0.2 and ways_scope.loop_depth < MAX_LOOP_DEPTH:
                ways[k] = [self.loop_stmt(ways_scope)]
        base = self.rl.choice([0, 100, 2**32 - 3])
        cases, value = [], base
        for way in ways:
            take = self.rs.randint(1, 3)
            labels = [(value + j) % 2**32 for j in range(take)]
            value += take
            cases.append((labels, way, True))
        span = value - base + self.rs.randint(0, 3)
        if self.rs.random() < 0.5:
            cases.append((None, self.stmts(ways_scope, 1, 2), True))
        v = self.rl.choice(sc.uvars + [sc.lane])
        expr = (f"(({v} + {loop.var} * {self.rl.randrange(1, 8)}u) % {span}u"
                f" + {base}u)")
        loop.body = [Switch(self.new_id(), expr, cases)]
        return loop

    def join_sum(self, sc):
        """`if (c) { if (d) { A; x = y * K; } else { B; x = z * w; }
        v = x + K2; } else { C }`: a value each arm makes by a product,
        summed last in the outer arm. The block of the sum is then its
        PHIs, the sum and a branch, which early tail duplication copies
        into both inner arms, where ptxas fuses each product (the shape
        the contraction pinner once pinned unfused: fuzz seed 4528)."""
        inner = sc.nested()
        arms = inner.nested()
        x, y, z, w, v = (self.rl.choice(sc.fvars) for _ in range(5))
        mul, add = ("{} * {}", "{} + {}") if self.natural else (
            "__fmul_rn({}, {})", "__fadd_rn({}, {})")
        then = self.stmts(arms, 1, 2) + [Simple(
            self.new_id(), f"{x} = {mul.format(y, self.fconst())};")]
        els = self.stmts(arms, 1, 2) + [Simple(
            self.new_id(), f"{x} = {mul.format(z, w)};")]
        join = [If(self.new_id(), self.cond(inner), then, els),
                Simple(self.new_id(), f"{v} = {add.format(x, self.fconst())};")]
        return If(self.new_id(), self.cond(sc), join, self.stmts(inner, 1, 2))

    def meld_family_stmt(self, sc, name):
        """A statement of the family called name, with its own budget."""
        saved = self.budget
        self.budget = self.rs.randint(6, 14)
        if name == "counter-ring":
            stmt = self.counter_ring_loop(sc)
        elif name == "escape":
            stmt = self.escape_loop(sc)
        elif name == "join-sum":
            stmt = self.join_sum(sc)
        elif name == "opcode-switch" and sc.loop_depth < MAX_LOOP_DEPTH:
            stmt = self.opcode_switch_loop(sc)
        elif name == "guarded" and sc.loop_depth < MAX_LOOP_DEPTH:
            stmt = self.guarded_loop(sc)
        else:
            stmt = self.meld_if(sc, MELD_FAMILIES.index(name))
        self.budget = saved
        return stmt

    def if_stmt(self, sc):
        if self.meld_shapes and not sc.plain and self.rs.random() < 0.5:
            return self.meld_if(sc)
        node_id = self.new_id()
        inner = sc.nested()
        c = self.cond(sc)
        r = self.rs.random()
        if r < 0.45:
            then, els = self.arms_similar(inner)
        elif r < 0.75:
            then, els = self.stmts(inner, 1, 4), self.stmts(inner, 1, 4)
        else:
            then, els = self.stmts(inner, 1, 4), None
        return If(node_id, c, then, els)

    def loop_stmt(self, sc):
        node_id = self.new_id()
        var = f"i{sc.loop_depth}"
        u = self.rl.choice(sc.uvars)
        k = self.rs.randrange(5)
        head = test = None
        if k == 0:  # Divergent trip count, re-read every trip, <= 8.
            head = f"{var} = 0u; {var} < ({u} & 7u) + 1u; ++{var}"
        elif k == 1:  # Uniform trip count.
            head = f"{var} = 0u; {var} < {self.rl.randint(2, 6)}u; ++{var}"
        elif k == 2:  # Divergent start.
            head = f"{var} = {sc.lane} & 3u; {var} < 6u; ++{var}"
        elif k == 3:  # Counting down from a data-dependent value.
            head = f"{var} = {u} & 7u; {var} != 0u; --{var}"
        else:  # do-while; `continue` goes to the increment in the test.
            test = f"++{var} < ({u} & 3u) + 1u"
        loop = Loop(node_id, var, head, test, [])
        inner = sc.nested(loop, new_loop=True)
        if self.rs.random() < 0.4:
            loop.body = self.delay_shaped_body(inner)
        else:
            loop.body = self.stmts(inner, 1, 5)
        return loop

    def delay_shaped_body(self, sc):
        """Straight-line code, one divergent if/else, straight-line code, no
        break: the loops iteration delaying rewrites."""
        plain = sc.nested(plain=True, no_jumps=True)
        plain.depth = sc.depth  # Not deeper: the same body.
        body = [Simple(self.new_id(), self.simple(plain))
                for _ in range(self.rs.randint(0, 2))]
        node_id = self.new_id()
        c = self.cond(plain, 0)
        arms = sc.nested(no_jumps=True)
        if self.rs.random() < 0.5:
            then, els = self.arms_similar(arms)
        else:
            then, els = self.stmts(arms, 1, 3), self.stmts(arms, 1, 3)
        body.append(If(node_id, c, then, els))
        body += [Simple(self.new_id(), self.simple(plain))
                 for _ in range(self.rs.randint(0, 2))]
        return body

    def switch_stmt(self, sc):
        node_id = self.new_id()
        inner = sc.nested(no_jumps=True)
        expr = f"{self.rl.choice(sc.uvars + [sc.lane])} & 7u"
        labels = list(range(8))
        self.rl.shuffle(labels)
        cases = []
        pos = 0
        for _ in range(self.rs.randint(2, 4)):
            take = self.rs.randint(1, 2)
            cases.append((labels[pos:pos + take], self.stmts(inner, 1, 3),
                          self.rs.random() < 0.8))
            pos += take
        if self.rs.random() < 0.6:
            cases.append((None, self.stmts(inner, 1, 3), True))
        return Switch(node_id, expr, cases)

    # Helpers and the kernel ---------------------------------------------

    def helper(self, index, callable_names):
        kind = self.rs.random()
        if kind < 0.2:
            # Divergent recursion, at most 4 deep.
            c1, c2 = self.const(), self.rl.randrange(1, 8)
            name = f"r{index}"
            text = (
                f"__device__ __noinline__ unsigned {name}(const unsigned *in, "
                f"unsigned x, unsigned d) {{\n"
                f"  if (d == 0u || (x & 3u) == 0u)\n"
                f"    return x * 3u + {c1};\n"
                f"  return {name}(in, x >> 1, d - 1u) ^ in[(x + d * {c2}u) & "
                f"{IN_MASK}u];\n}}\n")
            return Helper(name, None, None, None, template=text)
        qualifier = self.rs.choice(["__forceinline__", "__noinline__",
                                    "__noinline__", ""])
        sc = Scope(False, ["t0", "t1", "t2"], ["g0", "g1"], ["a", "b"],
                   callable_names)
        self.budget = self.rs.randint(3, 10)
        body = self.stmts(sc, 2, 5)
        ret = "t0 ^ (t1 * 3u) ^ t2 ^ (unsigned)(int)g0 ^ (unsigned)(int)g1"
        return Helper(f"h{index}", qualifier, body, ret)

    # Kernels to split (--split-shapes) ----------------------------------

    def split_helper(self, index, callable_names):
        """A __forceinline__ helper with an early return: inlined, so the
        kernel holds no call kernel splitting would refuse."""
        sc = Scope(False, ["t0", "t1", "t2"], ["g0", "g1"], ["a", "b"],
                   callable_names)
        sc.top, sc.split, sc.stores = False, True, False
        self.budget = self.rs.randint(3, 8)
        body = self.stmts(sc, 1, 4)
        early = If(self.new_id(), self.cond(sc),
                   [Simple(self.new_id(),
                           f"return t1 ^ ({self.uexpr(sc, 2)});")], None)
        body.insert(self.rs.randrange(len(body) + 1), early)
        ret = "t0 ^ (t1 * 3u) ^ t2 ^ (unsigned)(int)g0 ^ (unsigned)(int)g1"
        return Helper(f"h{index}", "__forceinline__", body, ret, split=True)

    def split_cond(self, sc):
        """A condition that diverges (threads of one warp disagree) and
        that every part of a split kernel computes alike: thread ids and
        values loaded from `in`, sometimes two joined by &&."""
        k = self.rs.randrange(7)
        u = lambda: self.rl.choice(sc.uvars)  # noqa: E731
        if k == 0:
            m = self.rl.choice([1, 3, 7, 15, 31])
            return f"((tid & {m}u) == {self.rl.randrange(m + 1)}u)"
        if k == 1:
            return f"(lane < {self.rl.randrange(1, 32)}u)"
        if k == 2:
            p = self.rl.choice([2, 3, 5, 7])
            return f"((gid % {p}u) == {self.rl.randrange(p)}u)"
        if k == 3:
            return f"(({u()} & {self.rl.choice([1, 2, 4, 8, 16])}u) != 0u)"
        if k == 4:
            return (f"(in[({u()} + {self.rl.randrange(IN_WORDS)}u) & "
                    f"{IN_MASK}u] < 0x{self.rl.getrandbits(32):08x}u)")
        if k == 5:
            return f"({u()} > {u()})"
        return f"({self.split_cond(sc)} && {self.split_cond(sc)})"

    def heavy_arm(self, sc):
        """Loops and many live values: locals loaded from `in`, a loop
        first, more statements, the locals folded into a variable."""
        n = self.rs.randint(3, 6)
        names = [f"l{self.next_id + 1}_{i}" for i in range(n)]
        inits = ", ".join(
            f"{x} = in[(gid * {self.rl.randrange(3, 97, 2)}u + "
            f"{self.rl.randrange(IN_WORDS)}u) & {IN_MASK}u]" for x in names)
        arm = sc.nested()
        arm.uvars = sc.uvars + names
        self.budget = self.rs.randint(8, 20)
        body = [Decl(f"unsigned {inits};")]
        if arm.loop_depth < MAX_LOOP_DEPTH:
            body.append(self.loop_stmt(arm))
        body += self.stmts(arm, 2, 7)
        fold = " ^ ".join(f"({x} * {2 * i + 1}u)" for i, x in enumerate(names))
        body.append(Simple(self.new_id(),
                           f"{self.rl.choice(sc.uvars)} += {fold};"))
        if sc.stores and self.rs.random() < 0.35:
            body.insert(self.rs.randrange(1, len(body) + 1),
                        self.early_return(arm))
        return body

    def light_arm(self, sc):
        self.budget = 2
        return self.stmts(sc.nested(), 1, 2)

    def early_return(self, sc):
        """`if (c) { write some results; return; }`: the thread leaves the
        kernel in its arm, skipping the code after the join."""
        inner = sc.nested()
        stores = [Simple(self.new_id(),
                         f"if (active) out[ob + {self.rl.randrange(NUM_U)}u] "
                         f"= {self.uexpr(inner, 2)};"),
                  Simple(self.new_id(),
                         f"if (active) fout[fb + {self.rl.randrange(NUM_F)}u] "
                         f"= clampf({self.fexpr(inner, 2)});")]
        return If(self.new_id(), self.cond(inner),
                  stores + [Simple(self.new_id(), "return;")], None)

    def split_branch(self, sc):
        """A top-level divergent branch with arms of very different weight:
        if/else, if alone, else-if chains and switch statements."""
        node_id = self.new_id()
        c = self.split_cond(sc)
        r = self.rs.random()
        if r < 0.4:
            heavy, light = self.heavy_arm(sc), self.light_arm(sc)
            if self.rs.random() < 0.5:
                return If(node_id, c, heavy, light)
            return If(node_id, c, light, heavy)
        if r < 0.5:
            return If(node_id, c, self.heavy_arm(sc), None)
        if r < 0.7:
            chain = If(self.new_id(), self.split_cond(sc), self.light_arm(sc),
                       self.heavy_arm(sc))
            return If(node_id, c, self.heavy_arm(sc), [chain])
        expr = self.rl.choice([f"{self.rl.choice(sc.uvars)} & 3u",
                               "lane & 3u", "(gid >> 2) & 3u",
                               f"in[gid & {IN_MASK}u] & 3u"])
        labels = list(range(4))
        self.rl.shuffle(labels)
        cases = []
        for i in range(self.rs.randint(2, 4)):
            body = self.heavy_arm(sc) if i == 0 else self.light_arm(sc)
            cases.append(([labels[i]], body, True))
        if self.rs.random() < 0.5:
            cases.append((None, self.light_arm(sc), True))
        return Switch(node_id, expr, cases)

    def split_kernel(self):
        """Code every part runs (loads from `in`, computing, no stores),
        one to three top-level divergent branches, code after the join
        that writes the results. Arms of branches before the last one
        kernel splitting may take compute only: their stores would be
        code every part of a later branch's split runs."""
        helpers = []
        for i in range(self.rs.randint(0, 2)):
            helpers.append(self.split_helper(i, [h.name for h in helpers]))
        sc = Scope(True, [f"u{i}" for i in range(NUM_U)],
                   [f"f{i}" for i in range(NUM_F)],
                   ["tid", "lane", "gid", "wid"], [h.name for h in helpers])
        sc.top, sc.split, sc.stores = False, True, False
        self.budget = self.rs.randint(3, 8)
        body = self.stmts(sc, 2, 5)
        count = self.rs.randint(1, 3)
        storing = self.rs.randrange(count)
        for b in range(count):
            sc.stores = b >= storing
            body.append(self.split_branch(sc))
            if b + 1 < count:
                self.budget = self.rs.randint(0, 2)
                body += self.stmts(sc, 0, 2)
        sc.stores = True
        self.budget = self.rs.randint(2, 6)
        body += self.stmts(sc, 1, 4)
        for i in range(NUM_U):
            body.append(Simple(self.new_id(),
                               f"if (active) out[ob + {i}u] = u{i};"))
        for i in range(NUM_F):
            body.append(Simple(self.new_id(),
                               f"if (active) fout[fb + {i}u] = f{i};"))
        return helpers, body

    def kernel(self):
        if self.split_shapes:
            return self.split_kernel()
        helpers = []
        for i in range(self.rs.randint(0, 3)):
            helpers.append(self.helper(i, [h.name for h in helpers]))
        sc = Scope(True, [f"u{i}" for i in range(NUM_U)],
                   [f"f{i}" for i in range(NUM_F)],
                   ["tid", "lane", "gid", "wid"], [h.name for h in helpers])
        self.budget = self.rs.randint(15, 60)
        body = self.stmts(sc, 4, 10)
        for name in self.meld_families:
            stmt = self.meld_family_stmt(sc, name)
            body.insert(self.rs.randrange(len(body) + 1), stmt)
        # The results every thread writes, last: each is a node, so the
        # reducer can drop those a mismatch does not need.
        for i in range(NUM_U):
            body.append(Simple(self.new_id(), f"out[ob + {i}u] = u{i};"))
        for s in range(SHARED_PER_THREAD):
            body.append(Simple(self.new_id(),
                               f"out[ob + {6 + s}u] = sh[sb + {s}u];"))
        for i in range(NUM_F):
            body.append(Simple(self.new_id(), f"fout[fb + {i}u] = f{i};"))
        return helpers, body


# --- Printing, with edits -------------------------------------------------


def parse_edits(text):
    """'d3,t5,c9:1' -> {3: ('d', None), 5: ('t', None), 9: ('c', 1)}."""
    edits = {}
    for item in filter(None, (text or "").split(",")):
        m = re.fullmatch(r"([dteuc])(\d+)(?::(\d+))?", item.strip())
        if not m or (m.group(1) == "c") != (m.group(3) is not None):
            raise ValueError(f"bad edit '{item}' (dN, tN, eN, uN or cN:K)")
        edits[int(m.group(2))] = (m.group(1),
                                  int(m.group(3)) if m.group(3) else None)
    return edits


def format_edits(edits):
    return ",".join(f"{k}{i}" + (f":{a}" if a is not None else "")
                    for i, (k, a) in sorted(edits.items()))


class Printer:
    def __init__(self, edits):
        self.edits = edits
        self.unlooped = set()
        self.lines = []

    def emit(self, indent, text):
        for line in text.split("\n"):
            self.lines.append("  " * indent + line if line else "")

    def block(self, stmts, indent):
        for s in stmts:
            self.stmt(s, indent)

    def stmt(self, s, indent):
        if isinstance(s, Decl):
            self.emit(indent, s.text)
            return
        kind, arg = self.edits.get(s.id, (None, None))
        if kind == "d":
            return
        if isinstance(s, Simple):
            self.emit(indent, f"{s.text} // #{s.id}")
        elif isinstance(s, Jump):
            if s.loop.id not in self.unlooped:
                self.emit(indent, f"if {s.cond} {s.kind}; // #{s.id}")
        elif isinstance(s, If):
            if kind == "t" or (kind == "e" and s.els is None):
                self.braced(s.then, indent, s.id)
            elif kind == "e":
                self.braced(s.els, indent, s.id)
            else:
                self.emit(indent, f"if {s.cond} {{ // #{s.id}")
                self.block(s.then, indent + 1)
                if s.els is not None:
                    self.emit(indent, "} else {")
                    self.block(s.els, indent + 1)
                self.emit(indent, "}")
        elif isinstance(s, Loop):
            if kind == "u":
                # One trip with the counter at 0; jumps to this loop vanish.
                self.unlooped.add(s.id)
                self.emit(indent, f"{{ // #{s.id} (one trip)")
                self.emit(indent + 1, f"const unsigned {s.var} = 0u;")
                self.block(s.body, indent + 1)
                self.emit(indent, "}")
            elif s.test is None:
                self.emit(indent, f"for (unsigned {s.head}) {{ // #{s.id}")
                self.block(s.body, indent + 1)
                self.emit(indent, "}")
            else:
                self.emit(indent, f"{{ // #{s.id}")
                self.emit(indent + 1, f"unsigned {s.var} = 0u;")
                self.emit(indent + 1, "do {")
                self.block(s.body, indent + 2)
                self.emit(indent + 1, f"}} while ({s.test});")
                self.emit(indent, "}")
        elif isinstance(s, Switch):
            if kind == "c":
                body = s.cases[arg][1] if arg < len(s.cases) else []
                self.braced(body, indent, s.id)
                return
            self.emit(indent, f"switch ({s.expr}) {{ // #{s.id}")
            for labels, body, ends in s.cases:
                heads = ["default:"] if labels is None else \
                    [f"case {v}u:" for v in labels]
                for h in heads:
                    self.emit(indent, h)
                self.emit(indent + 1, "{")
                self.block(body, indent + 2)
                self.emit(indent + 1, "}")
                if ends:
                    self.emit(indent + 1, "break;")
            self.emit(indent, "}")

    def braced(self, stmts, indent, node_id):
        self.emit(indent, f"{{ // #{node_id} (edited)")
        self.block(stmts, indent + 1)
        self.emit(indent, "}")


PRELUDE = f"""\
// The ABI shared with bench/fuzz: in[{IN_WORDS}], out[n*{OUT_PER_THREAD}], \
fout[n*{FOUT_PER_THREAD}],
// counters[{COUNTERS}], blocks of at most {MAX_BLOCK} threads (1-D).

// Float variables stay within +-{FLOAT_BOUND:g}: expressions of depth \
{EXPR_DEPTH} over
// them cannot overflow, so there is no infinity and no NaN whose payload
// two compilers might treat differently.
static __device__ __forceinline__ float clampf(float x) {{
  return x > {FLOAT_BOUND:.1f}f ? {FLOAT_BOUND:.1f}f : \
(x < -{FLOAT_BOUND:.1f}f ? -{FLOAT_BOUND:.1f}f : x);
}}
"""

KERNEL_HEAD = f"""\
extern "C" __global__ void {KERNEL_NAME}(const unsigned *__restrict__ in,
    unsigned *__restrict__ out, float *__restrict__ fout,
    unsigned *counters, int n) {{
  __shared__ unsigned sh[{MAX_BLOCK}u * {SHARED_PER_THREAD}u];
  const unsigned tid = threadIdx.x, lane = tid & 31u, wid = tid >> 5;
  const unsigned gid = blockIdx.x * blockDim.x + tid;
  if (gid >= (unsigned)n)
    return;
  // The lanes of this warp that are still here: the warp may be the
  // partial last one of its block, and lanes past n have returned.
  const unsigned live = min(min(32u, blockDim.x - (tid - lane)),
                            (unsigned)n - (gid - lane));
  const unsigned lmask = live >= 32u ? 0xffffffffu : (1u << live) - 1u;
  (void)lmask; // Read only by the votes, when there are any.
  const unsigned ob = gid * {OUT_PER_THREAD}u, fb = gid * \
{FOUT_PER_THREAD}u, sb = tid * {SHARED_PER_THREAD}u;
"""


SPLIT_KERNEL_HEAD = f"""\
extern "C" __global__ void {KERNEL_NAME}(const unsigned *__restrict__ in,
    unsigned *__restrict__ out, float *__restrict__ fout,
    unsigned *counters, int n) {{
  const unsigned tid = threadIdx.x, lane = tid & 31u, wid = tid >> 5;
  const unsigned gid = blockIdx.x * blockDim.x + tid;
  // Threads past n compute too and write nothing: an early return here
  // would be the divergent branch kernel splitting takes most often.
  const bool active = gid < (unsigned)n;
  // No atomics, no shared memory: kernel splitting would refuse them.
  (void)counters;
  (void)wid;
  const unsigned ob = gid * {OUT_PER_THREAD}u, fb = gid * {FOUT_PER_THREAD}u;
"""


def _init_lines(seed, third_float):
    """The first values of every variable: the same random draws, in the
    same order, for every kind of kernel (third_float(r) writes f2)."""
    r = random.Random(seed ^ 0x5EED)
    us = [
        f"in[gid & {IN_MASK}u]",
        f"in[(gid * {r.randrange(3, 97, 2)}u + {r.randrange(IN_WORDS)}u) & "
        f"{IN_MASK}u] ^ tid",
        f"lane * 0x9e3779b9u",
        f"in[(in[gid & {IN_MASK}u] + 1u) & {IN_MASK}u]",
        "gid",
        f"in[(lane * 3u + {r.randrange(IN_WORDS)}u) & {IN_MASK}u] & 255u",
    ]
    fs = [
        f"(float)(in[(gid + 7u) & {IN_MASK}u] & 1023u) * 0.25f",
        f"(float)(lane & 15u) - {r.randrange(1, 9)}.0f",
    ]
    fs.append(third_float(r))
    fs.append(f"{r.choice(['0.5f', '-2.0f', '3.25f'])}")
    lines = [f"  unsigned u{i} = {e};" for i, e in enumerate(us)]
    lines += [f"  float f{i} = clampf({e});" for i, e in enumerate(fs)]
    return lines


def split_kernel_init(seed):
    """kernel_init for --split-shapes: every value from `in` and the
    thread's ids; out, fout and shared memory are not read."""
    lines = _init_lines(
        seed, lambda r: f"(float)(in[(gid * 3u + {r.randrange(IN_WORDS)}u) & "
        f"{IN_MASK}u] & 511u) * 0.5f - 64.0f")
    return "\n".join(lines) + "\n"


def kernel_init(seed):
    """Initial values: every variable and shared slot is written before any
    statement reads it."""
    lines = _init_lines(seed, lambda r: "fout[fb + 4u]")
    for s in range(SHARED_PER_THREAD):
        lines.append(f"  sh[sb + {s}u] = in[(gid + {s * 1024 + 5}u) & "
                     f"{IN_MASK}u];")
    return "\n".join(lines) + "\n"


def helper_text(h, edits):
    if h.template is not None:
        return h.template
    p = Printer(edits)
    p.block(h.body, 1)
    if h.split:
        return (f"static __device__ {h.qualifier} unsigned {h.name}("
                f"const unsigned *in, unsigned a, unsigned b) {{\n"
                f"  unsigned t0 = a, t1 = b, t2 = a ^ (b << 3);\n"
                f"  float g0 = clampf((float)(a & 1023u) * 0.5f);\n"
                f"  float g1 = clampf((float)(b & 511u) - 256.0f);\n"
                + "\n".join(p.lines) + ("\n" if p.lines else "")
                + f"  return {h.ret};\n}}\n")
    q = f"{h.qualifier} " if h.qualifier else ""
    return (f"__device__ {q}unsigned {h.name}(const unsigned *in, "
            f"unsigned *o, float *fo, unsigned *counters, unsigned a, "
            f"unsigned b) {{\n"
            f"  unsigned t0 = a, t1 = b, t2 = a ^ (b << 3);\n"
            f"  float g0 = clampf((float)(a & 1023u) * 0.5f);\n"
            f"  float g1 = clampf((float)(b & 511u) - 256.0f);\n"
            + "\n".join(p.lines) + ("\n" if p.lines else "")
            + f"  return {h.ret};\n}}\n")


def called(text, names):
    return {n for n in names if re.search(rf"\b{n}\(", text)}


def parse_meld_family(text):
    """'all' (MELD_FAMILIES), names of MELD_FAMILIES or NAMED_FAMILIES, or ''
    -> the families named, in order."""
    if not text:
        return ()
    if text == "all":
        return MELD_FAMILIES
    names = tuple(filter(None, text.split(",")))
    for n in names:
        if n not in MELD_FAMILIES + NAMED_FAMILIES:
            raise ValueError(f"unknown meld family '{n}' (all, "
                             f"{', '.join(MELD_FAMILIES + NAMED_FAMILIES)})")
    return names


def meld_family_flag(families):
    if not families:
        return ""
    if tuple(families) == MELD_FAMILIES:
        return " --meld-family all"
    return " --meld-family " + ",".join(families)


def generate(seed, edits=None, fp="explicit", meld_shapes=False,
             meld_families=(), split_shapes=False):
    """The CUDA source of seed's kernel with edits (dict) applied; fp is the
    float style (FP_STYLES); meld_families (MELD_FAMILIES) each add one
    statement of that shape; split_shapes: a kernel kernel splitting may
    split (Generator.split_kernel)."""
    edits = edits or {}
    helpers, body = Generator(seed, fp, meld_shapes, meld_families,
                              split_shapes).kernel()
    p = Printer(edits)
    p.block(body, 1)
    head, init = ((SPLIT_KERNEL_HEAD, split_kernel_init) if split_shapes
                  else (KERNEL_HEAD, kernel_init))
    kernel_text = head + init(seed) + "\n".join(p.lines) + "\n}\n"
    # Only the helpers the (edited) kernel still calls, transitively.
    texts = {h.name: helper_text(h, edits) for h in helpers}
    names = list(texts)
    need = called(kernel_text, names)
    for h in reversed(helpers):  # A helper calls only earlier ones.
        if h.name in need:
            need |= called(texts[h.name], names) - {h.name}
    parts = [f"// DivOpt fuzz kernel: scripts/fuzz/gen_kernel.py --seed {seed}"
             + (f" --fp {fp}" if fp != "explicit" else "")
             + (" --meld-shapes" if meld_shapes else "")
             + meld_family_flag(meld_families)
             + (" --split-shapes" if split_shapes else "")
             + (f" --edits {format_edits(edits)}" if edits else "")
             + f" (generator {GENERATOR_VERSION})\n", PRELUDE]
    if "__half" in "".join([kernel_text] + list(texts.values())):
        parts.insert(1, "#include <cuda_fp16.h>\n")
    parts += [texts[h.name] for h in helpers if h.name in need]
    parts.append(kernel_text)
    return "\n".join(parts)


def list_nodes(seed, fp="explicit", meld_shapes=False, meld_families=(),
               split_shapes=False):
    """(id, kind, edit choices) of every statement, in source order."""
    helpers, body = Generator(seed, fp, meld_shapes, meld_families,
                              split_shapes).kernel()
    rows = []

    def walk(stmts):
        for s in stmts:
            if isinstance(s, Decl):
                continue
            if isinstance(s, If):
                rows.append((s.id, "if", ["d", "t"] + (["e"] if s.els else [])))
                walk(s.then)
                walk(s.els or [])
            elif isinstance(s, Loop):
                rows.append((s.id, "loop", ["d", "u"]))
                walk(s.body)
            elif isinstance(s, Switch):
                rows.append((s.id, "switch",
                             ["d"] + [f"c:{i}" for i in range(len(s.cases))]))
                for _, b, _ in s.cases:
                    walk(b)
            else:
                rows.append((s.id, type(s).__name__.lower(), ["d"]))

    for h in helpers:
        walk(h.body or [])
    walk(body)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--edits", default="",
                    help="reduction edits: dN (drop), tN/eN (keep the then/"
                         "else arm), uN (one loop trip), cN:K (case K)")
    ap.add_argument("--list-nodes", action="store_true",
                    help="print the editable statements instead")
    ap.add_argument("--fp", choices=FP_STYLES, default="explicit",
                    help="how the kernel writes floating point (default "
                         "explicit: __f*_rn intrinsics, no contraction)")
    ap.add_argument("--meld-shapes", action="store_true",
                    help="also generate the shapes control-flow melding "
                         "simplifies: different-shape arms, shared tails, "
                         "short-circuit conditions, guarded inner branches")
    ap.add_argument("--meld-family", default="",
                    help="put one statement of each named shape family "
                         "into the kernel: all (the melding families), or a "
                         "comma list of "
                         + ", ".join(MELD_FAMILIES + NAMED_FAMILIES))
    ap.add_argument("--split-shapes", action="store_true",
                    help="kernels kernel splitting's legality accepts: a "
                         "prologue that only loads from `in` and computes, "
                         "top-level divergent branches with a heavy and a "
                         "light arm, results written after the join")
    ap.add_argument("-o", "--output", help="file to write (default stdout)")
    args = ap.parse_args(argv)
    try:
        families = parse_meld_family(args.meld_family)
    except ValueError as e:
        ap.error(str(e))
    if families and args.split_shapes:
        ap.error("--split-shapes does not take --meld-family (its families "
                 "hold what kernel splitting refuses)")
    if args.list_nodes:
        text = "".join(f"{i} {k} {','.join(c)}\n"
                       for i, k, c in list_nodes(args.seed, args.fp,
                                                 args.meld_shapes, families,
                                                 args.split_shapes))
    else:
        try:
            text = generate(args.seed, parse_edits(args.edits), args.fp,
                            args.meld_shapes, families, args.split_shapes)
        except ValueError as e:
            ap.error(str(e))
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
