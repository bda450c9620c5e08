#!/usr/bin/env python3
"""What a register estimate built on NVPTX code generation would reach.

    bench/tools/ptx_register_model.py WORKDIR

WORKDIR is a register corpus that scripts/register-corpus.py --workdir
left: for each source, the PTX llc -O3 made of it (TAG.ptx) and ptxas -v's
counts (TAG.ptxas.json). For every function this reads the PTX's virtual
registers and counts the most 32-bit units live at once (64-bit values 2,
predicates none), after three corrections ptxas makes visible:
  - rematerialised values hold no register: kernel parameters (ld.param,
    and their cvta.to.global), immediates, special registers read from the
    constant bank (%ntid), local-memory addresses (%SPL + offset);
  - a greedy pressure-first schedule of each block may need fewer
    registers than LLVM's order (ptxas reschedules);
  - around a call, what the caller keeps live adds to the callee's count;
    around a slow-path operation (IEEE division and square root, 64-bit
    division), its temporaries add to what is live; an atomic's result
    waits long.
A model `count = min(max of those + constants, the launch bounds' cap)`,
rounded up towards the top of its occupancy step by a fitted amount, is fit
by coordinate descent on half the kernels (a CRC of the kernel's name) and
checked on the other half. Prints Spearman's rho and the mean absolute
error per subset (fuzz, ours, apps), for both halves and the whole.

This is an analysis, not DivOpt's estimate: code generation costs a third
of a kernel's compile time per estimate, more than DivOpt's compile-time
budget allows (bench/results/2026-11-25-register-model.md).
"""
import glob
import json
import os
import re
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "lib"))
import registers as cr  # noqa: E402

REG = re.compile(r"%[a-z]+[0-9]+|%SPL|%SP\b")
UNITS = {"p": 0, "rs": 1, "r": 1, "rd": 2, "f": 1, "fd": 2, "h": 1, "hh": 1,
         "rq": 4}
NO_RESULT = ("st.", "red.", "bar.", "bra", "ret", "exit", "membar", "fence",
             "prefetch", "trap", "barrier", "cp.async", "griddepcontrol",
             "brkpt", "pmevent", "nanosleep", "stmatrix")
SLOW = [("fdiv", re.compile(r"^(div|rcp)\.rn\.f32")),
        ("fsqrt", re.compile(r"^sqrt\.rn\.f32")),
        ("ddiv", re.compile(r"^(div|rcp)\.rn\.f64")),
        ("dsqrt", re.compile(r"^sqrt\.rn\.f64")),
        ("idiv", re.compile(r"^(div|rem)\.[us](32|16)")),
        ("ldiv", re.compile(r"^(div|rem)\.[us]64")),
        ("atom", re.compile(r"^atom\."))]


def units(reg):
    return UNITS.get(re.match(r"%([a-z]+)", reg).group(1), 1)


class Inst:
    __slots__ = ("op", "defs", "uses", "pred", "callee", "kind", "text")


def kind_of(op):
    if op.startswith(("ld.", "ldu.")):
        return "ldparam" if ".param" in op else "ldlocal" if ".local" in op else "load"
    if op.startswith(("st.", "red.", "atom.")):
        return "store"
    if op.startswith(("bar", "membar", "fence", "vote", "shfl", "activemask",
                      "redux", "match")):
        return "fence"
    if op.startswith("call"):
        return "call"
    if op.startswith(("bra", "ret", "exit", "trap", "brx")):
        return "term"
    return "alu"


def functions(ptx):
    """name -> (kind, lines of the body, braces included)."""
    out, lines, i = {}, ptx.split("\n"), 0
    while i < len(lines):
        m = re.match(r"\s*(?:\.visible\s+|\.extern\s+|\.weak\s+)*\.(entry|func)"
                     r"\s+(?:\([^)]*\)\s*)?([\w$.]+)", lines[i])
        if not m:
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].strip() != "{":
            j += 1
        depth, body = 0, []
        for k in range(j, len(lines)):
            depth += lines[k].count("{") - lines[k].count("}")
            body.append(lines[k])
            if depth == 0:
                break
        out[m.group(2)] = (m.group(1), body)
        i = j + len(body)
    return out


def statements(body):
    text = re.sub(r"//[^\n]*", "", "\n".join(body[1:-1]))
    out = []
    for stmt in text.split(";"):
        s = stmt.strip()
        while True:
            m = re.match(r"^([\w$]+):\s*(.*)$", s, re.S)
            if not m:
                break
            out.append(("label", m.group(1)))
            s = m.group(2).strip()
        s = s.strip("{} \n\t")
        if s:
            out.append(("stmt", s))
    return out


def parse(body):
    """Blocks [{label, insts, targets, fall}] and their successors."""
    stmts = statements(body)
    jump_tables = {s: re.findall(r"\$L__\w+", stmts[i + 1][1])
                   for i, (k, s) in enumerate(stmts)
                   if k == "label" and i + 1 < len(stmts)
                   and stmts[i + 1][1].startswith(".branchtargets")}
    blocks = [{"label": None, "insts": [], "targets": [], "fall": True}]
    for k, s in stmts:
        if k == "label":
            if s not in jump_tables:
                blocks.append({"label": s, "insts": [], "targets": [], "fall": True})
            continue
        if s.startswith("."):
            continue
        guard = None
        m = re.match(r"^@(!?)(%\w+)\s+(.*)$", s, re.S)
        if m:
            guard, s = m.group(2), m.group(3)
        op, _, args = s.partition(" ")
        args = args.strip()
        I = Inst()
        I.op, I.pred, I.callee, I.kind, I.text = op, bool(guard), None, kind_of(op), s
        if op.startswith("call"):
            m = re.match(r"^\(([^)]*)\)\s*,", args)
            I.defs = REG.findall(m.group(1)) if m else []
            rest = args[m.end():] if m else args
            cm = re.match(r"\s*([A-Za-z_$][\w$]*)", rest)
            I.callee = cm.group(1) if cm else None
            I.uses = REG.findall(rest)
        elif op.startswith(NO_RESULT) or I.kind == "term":
            I.defs, I.uses = [], REG.findall(args)
        else:
            if args.startswith("{"):
                e = args.index("}") + 1
            else:
                e = args.find(",")
                e = len(args) if e < 0 else e
            I.defs, I.uses = REG.findall(args[:e]), REG.findall(args[e:])
        if guard:
            I.uses.append(guard)
        blocks[-1]["insts"].append(I)
        if I.kind == "term":
            if op.startswith("bra"):
                blocks[-1]["targets"].append(args)
            elif op.startswith("brx"):
                blocks[-1]["targets"] += jump_tables.get(args.split(",")[-1].strip(), [])
            if not guard:
                blocks[-1]["fall"] = False
            blocks.append({"label": None, "insts": [], "targets": [], "fall": True})
    drop_rematerialised(blocks)
    index = {b["label"]: i for i, b in enumerate(blocks) if b["label"]}
    succ = []
    for i, b in enumerate(blocks):
        s = [index[t] for t in b["targets"] if t in index]
        if b["fall"] and i + 1 < len(blocks):
            s.append(i + 1)
        succ.append(s)
    return blocks, succ


def drop_rematerialised(blocks):
    """Values ptxas recomputes where they are used take no register."""
    defs = {}
    for b in blocks:
        for I in b["insts"]:
            for d in I.defs:
                defs.setdefault(d, []).append(I)
    remat, changed = set(), True
    while changed:
        changed = False
        for reg, insts in defs.items():
            if reg in remat or len(insts) != 1 or insts[0].pred:
                continue
            I = insts[0]
            from_remat = all(u in remat for u in I.uses)
            ok = (I.op.startswith("ld.param") and not I.uses) or \
                (I.op.startswith("mov") and from_remat and
                 not re.search(r"%(tid|ctaid|laneid|clock)", I.text)) or \
                (I.op.startswith("cvta.to") and from_remat) or \
                (I.op.startswith("add.u64") and from_remat and "%SP" in I.text)
            if ok:
                remat.add(reg)
                changed = True
    for b in blocks:
        for I in b["insts"]:
            I.uses = [u for u in I.uses if u not in remat and not u.startswith("%SP")]
            I.defs = [d for d in I.defs if d not in remat and not d.startswith("%SP")]


def liveness(blocks, succ):
    gen, kill = [], []
    for b in blocks:
        g, k = set(), set()
        for I in b["insts"]:
            g.update(u for u in I.uses if u not in k)
            if not I.pred:
                k.update(I.defs)
        gen.append(g)
        kill.append(k)
    live_in = [set() for _ in blocks]
    live_out = [set() for _ in blocks]
    changed = True
    while changed:
        changed = False
        for i in reversed(range(len(blocks))):
            out = set().union(*(live_in[s] for s in succ[i])) if succ[i] else set()
            inn = gen[i] | (out - kill[i])
            if out != live_out[i] or inn != live_in[i]:
                live_out[i], live_in[i], changed = out, inn, True
    return live_out


def walk(insts, live_out):
    """Backwards: (inst, live after, live with its results, live before,
    the set live after)."""
    live = set(live_out)
    count = sum(units(r) for r in live)
    for I in reversed(insts):
        after, after_set = count, set(live)
        for d in I.defs:
            if d not in live:
                live.add(d)
                count += units(d)
        with_defs = count
        if not I.pred:
            for d in I.defs:
                if d in live:
                    live.discard(d)
                    count -= units(d)
        for u in I.uses:
            if u not in live:
                live.add(u)
                count += units(u)
        yield I, after, with_defs, count, after_set


def pressure_first(insts, live_out):
    """A block rescheduled greedily: the ready instruction that adds the
    fewest units goes first (memory order and fences kept)."""
    term = insts[-1] if insts and insts[-1].kind == "term" else None
    body = insts[:-1] if term else list(insts)
    n = len(body)
    if n <= 2:
        return list(insts)
    preds = [set() for _ in range(n)]
    def_at, uses_at = {}, {}
    last_mem = last_fence = None
    loads = []
    for i, I in enumerate(body):
        preds[i].update(def_at[u] for u in I.uses if u in def_at)
        for d in I.defs:
            if d in def_at:
                preds[i].add(def_at[d])
            preds[i].update(uses_at.get(d, []))
        if I.kind in ("store", "fence", "call", "ldparam", "ldlocal") or I.pred:
            preds[i].update(x for x in (last_fence, last_mem) if x is not None)
            preds[i].update(loads)
            if I.kind in ("fence", "call") or I.pred:
                last_fence = i
            last_mem, loads = i, []
        elif I.kind == "load":
            preds[i].update(x for x in (last_fence, last_mem) if x is not None)
            loads.append(i)
        for d in I.defs:
            def_at[d] = i
            uses_at[d] = []
        for u in I.uses:
            uses_at.setdefault(u, []).append(i)
    succs = [[] for _ in range(n)]
    for i in range(n):
        for j in preds[i]:
            succs[j].append(i)
    remaining = {}
    for I in insts:
        for u in I.uses:
            remaining[u] = remaining.get(u, 0) + 1
    waiting = [len(p) for p in preds]
    ready = [i for i in range(n) if waiting[i] == 0]
    order = []
    while ready:
        def growth(i):
            I = body[i]
            freed = sum(units(u) for u in set(I.uses)
                        if remaining.get(u, 0) == I.uses.count(u) and u not in live_out)
            return (sum(units(d) for d in I.defs) - freed, i)
        best = min(ready, key=growth)
        ready.remove(best)
        order.append(body[best])
        for u in body[best].uses:
            remaining[u] -= 1
        for j in succs[best]:
            waiting[j] -= 1
            if waiting[j] == 0:
                ready.append(j)
    return order + ([term] if term else [])


def features(body):
    blocks, succ = parse(body)
    live_out = liveness(blocks, succ)
    f = {"base": 0, "sched": 0, "calls": set()}
    f.update({name: -1 for name, _ in SLOW})
    for i, b in enumerate(blocks):
        for I, after, with_defs, before, after_set in walk(b["insts"], live_out[i]):
            f["base"] = max(f["base"], with_defs, before)
            for name, rx in SLOW:
                if rx.match(I.op):
                    f[name] = max(f[name], after, before)
            if I.kind == "call":
                f["calls"].add((I.callee, sum(units(r) for r in after_set
                                              if r not in I.defs)))
        for _, _, with_defs, before, _ in walk(pressure_first(b["insts"], live_out[i]),
                                               live_out[i]):
            f["sched"] = max(f["sched"], with_defs, before)
    f["calls"] = sorted(f["calls"], key=lambda c: (c[0] or "", c[1]))
    return f


def launch_cap(ptx, name):
    """The most registers launch bounds let ptxas give kernel name."""
    m = re.search(r"\.entry\s+" + re.escape(name) + r"\s*\(([^)]*)\)([^{]*)\{", ptx, re.S)
    cap = 255
    if not m:
        return cap
    bounds = {}
    for key in ("maxntid", "reqntid", "minnctapersm", "maxnreg"):
        b = re.search(r"\." + key + r"\s+([\d, ]+)", m.group(2))
        if b:
            v = 1
            for x in b.group(1).split(","):
                v *= int(x) if x.strip() else 1
            bounds[key] = v
    threads = bounds.get("maxntid") or bounds.get("reqntid")
    if threads:
        warps = (threads + 31) // 32 * max(1, bounds.get("minnctapersm", 1))
        cap = min(cap, 65536 // warps // 256 * 256 // 32)
    return min(cap, bounds.get("maxnreg", 255))


def occupancy_top(r):
    """The largest count with the same warps per SM as r (sm_90)."""
    def warps(x):
        return min(64, 65536 // ((max(x, 1) * 32 + 255) // 256 * 256))
    t = r
    while t < 255 and warps(t + 1) == warps(r):
        t += 1
    return t


def predict(funcs, name, P, memo=None):
    memo = {} if memo is None else memo
    if name in memo:
        return memo[name]
    memo[name] = 0
    f = funcs[name]
    p = min(f["base"], f["sched"])
    for slow, _ in SLOW:
        if f[slow] >= 0:
            p = max(p, f[slow] + P[slow])
    for callee, across in f["calls"]:
        if callee in funcs:
            p = max(p, across + predict(funcs, callee, P, memo) + P["abi"])
    memo[name] = p
    return p


def count(file, name, P):
    p = predict(file["funcs"], name, P) + P["c"]
    p = min(p + P["expand"], max(p, occupancy_top(p)))
    return min(p, file["caps"][name])


def load(workdir):
    files = []
    for path in sorted(glob.glob(os.path.join(workdir, "*.ptxas.json"))):
        tag = os.path.basename(path)[:-len(".ptxas.json")]
        ptx_path = os.path.join(workdir, tag + ".ptx")
        if not os.path.exists(ptx_path):
            continue
        with open(path) as f:
            counts = json.load(f)
        with open(ptx_path) as f:
            ptx = f.read()
        funcs = {n: features(b) for n, (_, b) in functions(ptx).items()}
        subset = "fuzz" if re.match(r"f\d", tag) else tag.split("-")[0]
        files.append({"tag": tag, "subset": subset, "counts": counts,
                      "funcs": funcs,
                      "caps": {k: launch_cap(ptx, k) for k in counts}})
    return files


def half(file, kernel):
    return zlib.crc32((file["tag"] + kernel).encode()) % 2


def evaluate(files, P, which=None):
    out = {}
    for sub in ("fuzz", "ours", "apps"):
        est, act = [], []
        for file in files:
            if file["subset"] != sub:
                continue
            for k, n in file["counts"].items():
                if k in file["funcs"] and (which is None or half(file, k) == which):
                    est.append(count(file, k, P))
                    act.append(n)
        if len(est) > 2:
            out[sub] = (cr.spearman(est, act),
                        sum(abs(a - b) for a, b in zip(est, act)) / len(est),
                        len(est))
    return out


def show(result):
    return "  ".join(f"{s} {r:.3f}/{m:.2f} ({n})" for s, (r, m, n) in result.items())


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    files = load(sys.argv[1])
    P = dict(c=2, fdiv=8, fsqrt=4, ddiv=14, dsqrt=10, idiv=2, ldiv=5, atom=2,
             abi=6, expand=0)

    def loss(P):
        return sum(m + 10 * (1 - r) for r, m, _ in evaluate(files, P, 0).values())

    best = loss(P)
    for rnd in range(3):
        for key in P:
            for delta in (-2, -1, 1, 2):
                Q = dict(P, **{key: P[key] + delta})
                if key == "expand" and Q[key] < 0:
                    continue
                q = loss(Q)
                if q < best:
                    best, P = q, Q
    print("fitted:", P)
    print("rho/mean error   fitting half:", show(evaluate(files, P, 0)))
    print("                 held-out half:", show(evaluate(files, P, 1)))
    print("                 all:          ", show(evaluate(files, P)))


if __name__ == "__main__":
    main()
