#!/usr/bin/env python3
"""Tells DivOpt's mismatches from those of references that ptxas's
optimization level alone changes.

    ref_stability.py pack --pack DIR --results TSV --out CHECKDIR
    # the runner: divopt-fuzz-runner --pack CHECKDIR --results CHECK.tsv
    ref_stability.py merge --pack DIR --results TSV --check-results CHECK.tsv
                           --summary SUMMARYDIR [--only NAMES]

A campaign trusts clang -O3 + ptxas -O3 as the reference. Issue 15 counts a
mismatch as DivOpt's only where that reference is stable under ptxas -O0:
some generated kernels (seeds 220 and 477 of the natural-FP campaigns)
compute other results when only ptxas's optimization level changes, and
DivOpt's rewrite of them is then measured against a reference that is not
one program's result.

`pack` writes, for the mismatching pairs of a finished run, a follow-up pack
(the runner's format, cubins next to their PTX, which the runner loads) with
one pair per distinct clang -O3 PTX: that PTX assembled by ptxas -O3 (left,
run twice) against the same PTX assembled by ptxas -O0 (right).

`merge` reads the follow-up's verdicts and appends to the run's
fuzz-summary.txt one line per mismatch, `reference-unstable` (the reference
differs from itself at -O0) or `divopt` (it does not, or the check did not
say), then `DivOpt-caused: N (M more with a reference unstable under ptxas
-O0)` and `DivOpt verdict: CLEAN` when the run would be CLEAN but for those
M. fuzz-summary.json gains the same. The lines already there are kept as
they are. Standard library only: it runs on the GPU machine.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summarize  # noqa: E402

# Header lines of the campaign's manifest the follow-up pack keeps.
HEADER_KEYS = ("divopt-fuzz-pack", "generator", "commit", "plugin", "abi")
MARKER = "reference check (clang -O3's PTX, ptxas -O0 against -O3):"
UNSTABLE, DIVOPT = "reference-unstable", "divopt"


def ptxas_path(given):
    if given:
        return given
    if os.environ.get("PTXAS"):
        return os.environ["PTXAS"]
    return shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"


def read_kernel_lines(pack):
    """name -> (seed, edits, base PTX path relative to the pack)."""
    m = summarize.read_manifest(os.path.join(pack, "manifest.txt"))
    return {n: (k["seed"], k["edits"], k["base"])
            for n, k in m["kernels"].items()}


def stem_of(base):
    """ptx/s220.base.ptx -> s220 (the follow-up pair's name)."""
    name = os.path.basename(base)
    for ext in (".base.ptx", ".ptx"):
        if name.endswith(ext):
            return name[:-len(ext)]
    return name


def check_name(base):
    return stem_of(base) + "-ptxas-O0"


def mismatches(pack, results):
    """The mismatching pairs, each with its seed, edits and base PTX."""
    kernels = read_kernel_lines(pack)
    verdicts, _ = summarize.read_results(results)
    return {n: kernels[n] for n, v in sorted(verdicts.items())
            if v["status"] == "mismatch" and n in kernels}


def assemble(ptxas, arch, ptx, level):
    cubin = ptx[:-len(".ptx")] + ".cubin"
    p = subprocess.run([ptxas, f"-arch={arch}", f"-O{level}", ptx, "-o",
                        cubin], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if p.returncode:
        raise RuntimeError(f"{ptxas} -O{level} {ptx} failed:\n"
                           f"{p.stdout[-2000:]}")


def build_check_pack(pack, results, out, ptxas, arch):
    """Writes the follow-up pack to `out`; returns how many pairs it has."""
    bad = mismatches(pack, results)
    with open(os.path.join(pack, "manifest.txt")) as f:
        header = [l.rstrip("\n") for l in f
                  if l.split()[:1] and l.split()[0] in HEADER_KEYS]
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "ptx"))
    checks = {}
    for name, (seed, edits, base) in bad.items():
        checks.setdefault(base, (seed, edits, []))[2].append(name)
    lines = list(header)
    for base, (seed, edits, names) in sorted(checks.items()):
        stem = stem_of(base)
        o3 = os.path.join(out, "ptx", f"{stem}.base.ptx")
        o0 = os.path.join(out, "ptx", f"{stem}.ptxas-O0.ptx")
        shutil.copy(os.path.join(pack, base), o3)
        shutil.copy(o3, o0)
        assemble(ptxas, arch, o3, 3)
        assemble(ptxas, arch, o0, 0)
        lines.append(f"kernel {check_name(base)} {seed} {edits} "
                     f"ptx/{stem}.base.ptx ptx/{stem}.ptxas-O0.ptx "
                     f"distributed=0 delayed=0 same-ptx=0 "
                     f"checks={','.join(names)}")
    with open(os.path.join(out, "manifest.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return len(checks)


def classify(pack, results, check_results):
    """One entry per mismatching pair: its class and the check's verdict."""
    checked, _ = summarize.read_results(check_results)
    out = []
    for name, (seed, _, base) in mismatches(pack, results).items():
        v = checked.get(check_name(base))
        status = v["status"] if v else "not run"
        # Only a reference that ran and disagreed with itself excuses the
        # mismatch; a check that faulted or did not run leaves it DivOpt's.
        out.append({"name": name, "seed": seed, "check": check_name(base),
                    "class": UNSTABLE if status == "mismatch" else DIVOPT,
                    "check_status": status,
                    "check_detail": v["detail"] if v else ""})
    return out


def judge(pack, results, classes, only=None):
    """(DivOpt-caused count, reference-unstable count, clean for DivOpt)."""
    manifest = summarize.read_manifest(os.path.join(pack, "manifest.txt"))
    if only:
        keep = set(only.split(","))
        manifest["kernels"] = {n: k for n, k in manifest["kernels"].items()
                               if n in keep}
        manifest["failures"] = [f for f in manifest["failures"]
                                if f["name"] in keep]
    verdicts, notes = summarize.read_results(results)
    verdicts = {n: v for n, v in verdicts.items() if n in manifest["kernels"]}
    unstable = {c["name"] for c in classes
                if c["class"] == UNSTABLE and c["name"] in verdicts}
    caused = sum(1 for n, v in verdicts.items()
                 if v["status"] in summarize.DIVOPT_BUGS and n not in unstable)
    # The run's own verdict, with the excused mismatches counted as agreed.
    for n in unstable:
        verdicts[n] = dict(verdicts[n], status="ok")
    clean = summarize.summarize(manifest, verdicts, notes)["clean"]
    return caused, len(unstable), clean


def describe(c):
    if c["class"] == UNSTABLE:
        why = f"the reference differs from itself ({c['check_detail']})"
    elif c["check_status"] == "ok":
        why = "the reference agrees with itself"
    else:
        why = f"the reference check did not say ({c['check_status']})"
    return (f"  {c['class']} seed {c['seed']} ({c['name']}, check "
            f"{c['check']}): {why}")


def merge(pack, results, check_results, summary_dir, only=None):
    classes = classify(pack, results, check_results)
    if only:
        classes = [c for c in classes if c["name"] in only.split(",")]
    caused, unstable, clean = judge(pack, results, classes, only)
    block = [MARKER] + [describe(c)[:300] for c in classes] + [
        f"DivOpt-caused: {caused} ({unstable} more with a reference "
        f"unstable under ptxas -O0)",
        "DivOpt verdict: " + ("CLEAN" if clean else "NOT CLEAN")]
    txt = os.path.join(summary_dir, "fuzz-summary.txt")
    with open(txt) as f:
        kept = f.read().split(MARKER + "\n")[0]
    with open(txt, "w") as f:
        f.write(kept + "\n".join(block) + "\n")
    js = os.path.join(summary_dir, "fuzz-summary.json")
    if os.path.exists(js):
        with open(js) as f:
            s = json.load(f)
        s.update(reference_check=classes, divopt_caused=caused,
                 reference_unstable=unstable, clean_for_divopt=clean)
        with open(js, "w") as f:
            json.dump(s, f, indent=1)
    sys.stdout.write("\n".join(block) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack", help="the follow-up pack of a run's mismatches")
    p.add_argument("--pack", required=True, help="the run's unpacked pack")
    p.add_argument("--results", required=True, help="the run's verdicts")
    p.add_argument("--out", required=True, help="where the follow-up goes")
    p.add_argument("--ptxas", help="default: $PTXAS, ptxas on PATH, CUDA's")
    p.add_argument("--arch", default="sm_90")
    m = sub.add_parser("merge", help="classify and append to the summary")
    m.add_argument("--pack", required=True)
    m.add_argument("--results", required=True)
    m.add_argument("--check-results", required=True,
                   help="the follow-up's verdicts (may be missing)")
    m.add_argument("--summary", required=True,
                   help="the folder of fuzz-summary.txt and .json")
    m.add_argument("--only", help="the kernels the run was limited to")
    args = ap.parse_args(argv)
    if args.cmd == "pack":
        try:
            n = build_check_pack(args.pack, args.results, args.out,
                                 ptxas_path(args.ptxas), args.arch)
        except (OSError, RuntimeError) as e:
            sys.exit(f"ref_stability: {e}")
        print(f"ref_stability: {n} reference(s) to check under ptxas -O0")
        return 0
    # The verdict is in the summary; the run's exit status stays
    # summarize.py's.
    merge(args.pack, args.results, args.check_results, args.summary,
          args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
