#!/usr/bin/env python3
"""Shrinks a generated kernel while a failure persists.

Reduction works on the generator's tree (gen_kernel.py): each step tries
every single edit of the current kernel (drop a statement, keep one arm of an
if, run a loop's body once, keep one case of a switch) and keeps the
smallest kernel that still fails; edits that also failed on their own are
tried together next round. It stops when no edit keeps the failure. The
result is a seed and an edit list, e.g. `--seed 812 --edits d3,t9,u14`, that
gen_kernel.py turns back into the kernel.

Two ways to ask "does it still fail":

  With a predicate command (a machine that can compile and run, or a
  failure that needs no GPU, such as a DivOpt crash):

    reduce.py run --seed 812 --predicate 'CMD' [-j2]

  CMD runs under sh with FUZZ_SOURCE (the candidate's .cu), FUZZ_SEED and
  FUZZ_EDITS set; exit status 0 means "still fails".

  In rounds, when clang is here and the GPU elsewhere: each round writes a
  pack of candidates that bench/fuzz/run-campaign.sh runs on the GPU; its
  results file answers the round.

    reduce.py start --seed 812 --state R.json            # writes the pack
    (GPU)  bench/fuzz/run-campaign.sh .carry/fuzz-ptx/reduce.tar.xz
    reduce.py step --state R.json --results fuzz-results.tsv
    ... until `step` prints "reduced".

  A candidate counts as failing when its status is one of --interesting
  (default: mismatch, divopt-fault, hang).
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_kernel  # noqa: E402
import variants  # noqa: E402

MARKER = re.compile(r"// #(\d+)( \((?:edited|one trip)\))?")
# What a statement costs in the size the reducer minimises: control flow
# counts more than straight-line code, so turning an if into one of its arms
# or a loop into one trip is progress even when no line goes away; what an
# edit left of a statement (a block around an arm) costs nothing.
CONTROL_COST = 3


def kernel_cost(text, kinds):
    cost = 0
    for m in MARKER.finditer(text):
        if m.group(2) is not None:
            continue
        control = kinds.get(int(m.group(1))) in ("if", "loop", "switch")
        cost += CONTROL_COST if control else 1
    return (cost, len(text))


class Reduction:
    """The state of one reduction; JSON-serialisable for round mode."""

    def __init__(self, seed, edits=None, pending=None, rounds=0,
                 split_shapes=False):
        self.seed = seed
        self.edits = dict(edits or {})
        self.pending = list(pending or [])  # [(id, kind, arg)]
        self.rounds = rounds
        # gen_kernel.py --split-shapes: a kernel kernel splitting splits.
        self.split_shapes = split_shapes
        nodes = gen_kernel.list_nodes(seed, split_shapes=split_shapes)
        self.kinds = {i: k for i, k, _ in nodes}
        self.choices = {i: c for i, _, c in nodes}

    def text(self, edits=None):
        return gen_kernel.generate(self.seed,
                                   self.edits if edits is None else edits,
                                   split_shapes=self.split_shapes)

    def code(self, edits=None):
        """The kernel without its first line (which names the edits): equal
        code means equal kernels."""
        return self.text(edits).split("\n", 1)[1]

    def cost(self, edits=None):
        return kernel_cost(self.text(edits), self.kinds)

    def candidates(self):
        """Edit sets to try next, each different from the current kernel."""
        current = self.text()
        printed = [(int(m.group(1)), m.group(2) is not None)
                   for m in MARKER.finditer(current)]
        live = [i for i, edited in printed if not edited]
        out, seen = [], {self.code()}

        def add(edits):
            t = self.code(edits)
            if t not in seen:
                seen.add(t)
                out.append(edits)

        # What succeeded alone last round, together and by halves.
        pend = [(i, k, a) for i, k, a in self.pending
                if i in live and i not in self.edits]
        if len(pend) > 1:
            for part in (pend, pend[:len(pend) // 2], pend[len(pend) // 2:]):
                e = dict(self.edits)
                e.update({i: (k, a) for i, k, a in part})
                add(e)
        for i, edited in printed:
            # What an edit left (an arm, one trip) can still go entirely.
            for choice in ["d"] if edited else self.choices.get(i, []):
                k, _, a = choice.partition(":")
                e = dict(self.edits)
                e[i] = (k, int(a) if a else None)
                add(e)
        return out

    def advance(self, candidates, failing):
        """Takes the smallest failing candidate; False when none failed
        (the reduction is done)."""
        hits = [c for c, f in zip(candidates, failing) if f]
        self.rounds += 1
        if not hits:
            return False
        best = min(hits, key=self.cost)
        self.pending = [(i, k, a) for c in hits for i, (k, a) in c.items()
                        if i not in best and len(c) == len(self.edits) + 1]
        self.edits = self.prune(best)
        return True

    def prune(self, edits):
        """Drops the edits that change nothing (those inside a region that
        another edit removed), so the edit list stays readable."""
        code = self.code(edits)
        kept = dict(edits)
        for i in sorted(edits, reverse=True):
            trial = {k: v for k, v in kept.items() if k != i}
            if self.code(trial) == code:
                kept = trial
        return kept

    def to_json(self):
        return {"seed": self.seed,
                "edits": gen_kernel.format_edits(self.edits),
                "pending": self.pending, "rounds": self.rounds,
                "split_shapes": self.split_shapes}

    @staticmethod
    def from_json(d):
        return Reduction(d["seed"], gen_kernel.parse_edits(d["edits"]),
                         [tuple(p) for p in d["pending"]], d["rounds"],
                         d.get("split_shapes", False))

    def summary(self):
        cost, size = self.cost()
        return (f"seed {self.seed} --edits "
                f"{gen_kernel.format_edits(self.edits) or '(none)'}: "
                f"{cost} statement units, {size} bytes, after {self.rounds} "
                f"round(s)")


# --- With a predicate command ---------------------------------------------


def run_predicate(command, seed, edits, work, index, split_shapes=False):
    src = os.path.join(work, f"cand{index}.cu")
    with open(src, "w") as f:
        f.write(gen_kernel.generate(seed, edits, split_shapes=split_shapes))
    env = dict(os.environ, FUZZ_SOURCE=src, FUZZ_SEED=str(seed),
               FUZZ_EDITS=gen_kernel.format_edits(edits))
    p = subprocess.run(["sh", "-c", command], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return p.returncode == 0


def reduce_with_predicate(red, command, jobs, log=sys.stderr):
    with tempfile.TemporaryDirectory() as work:
        if not run_predicate(command, red.seed, red.edits, work, "start",
                             red.split_shapes):
            raise SystemExit(f"error: the predicate does not hold for the "
                             f"starting kernel ({red.summary()})")
        while True:
            cands = red.candidates()
            with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
                failing = list(pool.map(
                    lambda ie: run_predicate(command, red.seed, ie[1], work,
                                             ie[0], red.split_shapes),
                    enumerate(cands)))
            if not red.advance(cands, failing):
                return red
            print(f"  round {red.rounds}: {sum(failing)} of {len(cands)} "
                  f"candidates still fail; {red.summary()}", file=log)


# --- In rounds, with the GPU elsewhere -------------------------------------


def default_pack():
    return os.path.join(variants.ROOT, ".carry", "fuzz-ptx", "reduce.tar.xz")


def write_round(red, state_path, pack, jobs, compile_ptx=True):
    """Builds the candidates' pack and saves the state with their names."""
    import build_pack
    cands = red.candidates()
    names = [f"s{red.seed}-r{red.rounds}c{i}" for i in range(len(cands))]
    # The current kernel too: a control that it still fails.
    current = f"s{red.seed}-r{red.rounds}cur"
    job_list = [build_pack.Job(current, red.seed,
                               gen_kernel.format_edits(red.edits),
                               split_shapes=red.split_shapes)]
    job_list += [build_pack.Job(n, red.seed, gen_kernel.format_edits(c),
                                split_shapes=red.split_shapes)
                 for n, c in zip(names, cands)]
    work = os.path.join(variants.ROOT, "build", "fuzz-reduce")
    if compile_ptx:
        build_pack.build(job_list, pack, work, jobs)
    else:
        # Only the manifest: which candidates there are (for tests).
        os.makedirs(os.path.dirname(pack), exist_ok=True)
        with open(pack, "w") as f:
            f.write(build_pack.manifest(job_list))
    state = red.to_json()
    state["round"] = {"current": current, "candidates": [
        [n, gen_kernel.format_edits(c)] for n, c in zip(names, cands)]}
    with open(state_path, "w") as f:
        json.dump(state, f, indent=1)
    print(f"round {red.rounds}: {len(cands)} candidates in {pack}; run them "
          f"on the GPU, then: {sys.argv[0]} step --state {state_path} "
          f"--results FUZZ-RESULTS.tsv")


def read_statuses(results):
    statuses = {}
    with open(results) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 4:
                statuses[fields[0]] = fields[3]
    return statuses


def step(state_path, results, interesting, pack, jobs, compile_ptx=True):
    with open(state_path) as f:
        state = json.load(f)
    red = Reduction.from_json(state)
    rnd = state["round"]
    statuses = read_statuses(results)
    missing = [n for n, _ in rnd["candidates"] if n not in statuses]
    if rnd["current"] not in statuses or missing:
        raise SystemExit(f"error: {results} has no verdict for "
                         f"{len(missing) + (rnd['current'] not in statuses)} "
                         f"kernel(s) of round {red.rounds}, e.g. "
                         f"{(missing or [rnd['current']])[0]}")
    if statuses[rnd["current"]] not in interesting:
        raise SystemExit(f"error: the current kernel {rnd['current']} no "
                         f"longer fails ({statuses[rnd['current']]}): the "
                         f"failure is flaky; stopping at {red.summary()}")
    cands = [gen_kernel.parse_edits(e) for _, e in rnd["candidates"]]
    failing = [statuses[n] in interesting for n, _ in rnd["candidates"]]
    if not red.advance(cands, failing):
        state = red.to_json()
        with open(state_path, "w") as f:
            json.dump(state, f, indent=1)
        print(f"reduced: {red.summary()}")
        flag = " --split-shapes" if red.split_shapes else ""
        print(f"  the kernel: scripts/fuzz/gen_kernel.py --seed {red.seed}"
              f"{flag} --edits '{gen_kernel.format_edits(red.edits)}'")
        return True
    write_round(red, state_path, pack, jobs, compile_ptx)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1])
    sub = ap.add_subparsers(dest="mode", required=True)
    run = sub.add_parser("run", help="reduce with a predicate command")
    start = sub.add_parser("start", help="write the first round's pack")
    stp = sub.add_parser("step", help="answer a round with GPU results")
    for p in (run, start):
        p.add_argument("--seed", type=int, required=True)
        p.add_argument("--edits", default="", help="start from these edits")
        p.add_argument("--split-shapes", action="store_true",
                       help="the kernel of gen_kernel.py --split-shapes")
    run.add_argument("--predicate", required=True)
    run.add_argument("-o", "--output", help="write the reduced kernel here")
    for p in (start, stp):
        p.add_argument("--state", required=True, help="the round state file")
        p.add_argument("--pack", default=default_pack())
        p.add_argument("--manifest-only", action="store_true",
                       help="write the candidates' manifest, not their PTX "
                            "(to test the rounds without clang)")
    stp.add_argument("--results", required=True,
                     help="the GPU run's fuzz-results.tsv")
    stp.add_argument("--interesting", default="mismatch,divopt-fault,hang",
                     help="statuses that count as still failing")
    for p in (run, start, stp):
        p.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    args = ap.parse_args(argv)

    if args.mode == "step":
        step(args.state, args.results, set(args.interesting.split(",")),
             args.pack, args.jobs, not args.manifest_only)
        return 0
    red = Reduction(args.seed, gen_kernel.parse_edits(args.edits),
                    split_shapes=args.split_shapes)
    if args.mode == "start":
        write_round(red, args.state, args.pack, args.jobs,
                    not args.manifest_only)
        return 0
    red = reduce_with_predicate(red, args.predicate, args.jobs)
    print(f"reduced: {red.summary()}")
    if args.output:
        with open(args.output, "w") as f:
            f.write(red.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
