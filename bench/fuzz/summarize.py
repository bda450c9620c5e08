#!/usr/bin/env python3
"""Writes the summary of a fuzzing campaign from its pack and results.

    summarize.py --pack DIR --results fuzz-results.tsv --out DIR

DIR/manifest.txt says what was built (and what failed to compile); the
results file (bench/fuzz/ResultLog.h) says what the GPU found. Writes
fuzz-summary.txt (for people, committed with the campaign) and
fuzz-summary.json, and exits 1 unless every packed kernel ran and agreed
and every seed compiled. Standard library only: it runs on the GPU machine.
"""

import argparse
import datetime
import json
import os
import re
import sys

# Verdicts that are DivOpt's problem, the generator's, or the harness's.
DIVOPT_BUGS = ("mismatch", "divopt-fault", "hang")
GENERATOR_BUGS = ("base-fault", "base-hang", "nondeterministic")
# A kernel the manifest says was split whose DivOpt side the runner did not
# run as that many parts: the campaign did not test what it claims.
HARNESS_BUGS = ("jit-failure", "split-not-run")
SHAPES = 8  # bench/fuzz/FuzzInputs.cpp: getLaunchShapes().
RUNS_PER_SHAPE = 3  # Base twice, DivOpt once.


def read_manifest(path):
    m = {"kernels": {}, "failures": [], "pipelines": {}, "commit": "?",
         "generator": "?"}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "kernel":
                name, seed, edits = parts[1], int(parts[2]), parts[3]
                info = dict(p.split("=", 1) for p in parts[6:] if "=" in p)
                m["kernels"][name] = {"seed": seed, "edits": edits,
                                      "base": parts[4], "info": info}
            elif parts[0] == "failure":
                m["failures"].append({
                    "name": parts[1], "seed": int(parts[2]),
                    "edits": parts[3], "variant": parts[4],
                    "stage": parts[5], "error": " ".join(parts[6:])})
            elif parts[0] == "pipeline":
                m["pipelines"][int(parts[1])] = " ".join(parts[2:])
            elif parts[0] in ("commit", "generator"):
                m[parts[0]] = parts[1]
                if parts[0] == "generator":
                    # The generator's flags (--split-shapes) a seed's
                    # reproducer needs.
                    m["generator_flags"] = " ".join(parts[2:])
    return m


def read_results(path):
    verdicts, notes = {}, []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.rstrip("\n")
                if line.startswith("# "):
                    notes.append(line[2:])
                elif line:
                    name, seed, edits, status, detail = (
                        line.split("\t", 4) + [""] * 5)[:5]
                    verdicts[name] = {"seed": int(seed), "edits": edits,
                                      "status": status, "detail": detail}
    return verdicts, notes


def pipeline_of(manifest, seed, name=""):
    """What the pair's DivOpt side ran: the seed's forced pipeline, or for
    the other variants' pairs (s12-auto, s12-pin) what that variant runs."""
    if name.endswith("-auto"):
        return "the automatic pipeline (the plugin's default)"
    if name.endswith("-pin"):
        return "function(pin-contraction)"
    p = manifest["pipelines"]
    return p.get(seed % len(p), "?") if p else "?"


def repro(name, seed, edits, flags=""):
    e = f" {edits}" if edits not in ("", "-") else ""
    f = f"{flags} " if flags else ""
    return (f"GPU: bench/fuzz/run-campaign.sh --only {name}; here: "
            f"scripts/fuzz/repro.py {f}{seed}{e}")


def parts_run(detail):
    """How many kernels the runner launched for the DivOpt side (the
    parts of a split kernel: "parts-run=N"), 1 where it does not say."""
    m = re.search(r"\bparts-run=(\d+)", detail)
    return int(m.group(1)) if m else 1


def check_split_runs(kernels, verdicts):
    """Kernels packed split (split=N parts) whose verdict does not say the
    runner ran N parts become split-not-run verdicts: a runner that
    launched the original kernel by name would compare nothing split."""
    for name, k in kernels.items():
        parts = int(k["info"].get("split", 0))
        v = verdicts.get(name)
        if not parts or v is None or v["status"] not in ("ok", "mismatch"):
            continue
        if parts_run(v["detail"]) != parts:
            v["status"] = "split-not-run"
            v["detail"] = (f"packed split into {parts} parts, the runner "
                           f"ran {parts_run(v['detail'])}: {v['detail']}")


def summarize(manifest, verdicts, notes):
    kernels = manifest["kernels"]
    check_split_runs(kernels, verdicts)
    counts = {}
    for v in verdicts.values():
        counts[v["status"]] = counts.get(v["status"], 0) + 1
    not_run = sorted(set(kernels) - set(verdicts))
    transformed = {}
    for k in kernels.values():
        for what in ("distributed", "delayed"):
            n = int(k["info"].get(what, 0))
            t = transformed.setdefault(what, [0, 0])
            t[0] += n
            t[1] += n > 0
    same = sum(1 for k in kernels.values()
               if k["info"].get("same-ptx") == "1")
    split = {n: int(k["info"].get("split", 0)) for n, k in kernels.items()
             if int(k["info"].get("split", 0))}
    # Those the runner ran as their parts (ok, mismatch, divopt-fault).
    split_run = {n: verdicts[n]["status"] for n in split
                 if n in verdicts and verdicts[n]["status"] != "split-not-run"
                 and parts_run(verdicts[n]["detail"]) == split[n]}
    problems = [dict(name=n, **v) for n, v in sorted(verdicts.items())
                if v["status"] != "ok"]
    for p in problems:
        p["pipeline"] = pipeline_of(manifest, p["seed"], p["name"])
        p["reproduce"] = repro(p["name"], p["seed"], p["edits"],
                               manifest.get("generator_flags", ""))
    devices = [n for n in notes if n.startswith("runner: ") and " sm_" in n]
    timings = [n[len("runner: "):] for n in notes if " kernels in " in n]
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M UTC"),
        "device": devices[0][len("runner: "):].split(", pack")[0]
        if devices else "?",
        "commit": manifest["commit"],
        "generator": manifest["generator"],
        "pipelines": [manifest["pipelines"][i]
                      for i in sorted(manifest["pipelines"])],
        "kernels_packed": len(kernels),
        "kernels_run": len(verdicts),
        "launches": len(verdicts) * SHAPES * RUNS_PER_SHAPE,
        "verdicts": counts,
        "not_run": not_run,
        "compile_failures": manifest["failures"],
        "transformed": {k: {"count": v[0], "kernels": v[1]}
                        for k, v in transformed.items()},
        "identical_ptx": same,
        # Kernels kernel splitting split, their parts, and those whose parts
        # the GPU ran and compared (by verdict).
        "split": {"kernels": len(split), "parts": sum(split.values()),
                  "run": len(split_run),
                  "ok": sum(1 for v in split_run.values() if v == "ok")},
        "problems": problems,
        "runner_notes": timings,
        "clean": (not problems and not not_run
                  and not manifest["failures"] and bool(kernels)),
    }


def text(s):
    v = s["verdicts"]
    lines = [
        "DivOpt differential fuzzing campaign",
        f"date: {s['date']}",
        f"device: {s['device']}",
        f"commit: {s['commit']} (generator {s['generator']})",
        "DivOpt variant: clang -O3 + one of these forced pipelines "
        "(seed mod count):"]
    lines += [f"  {i}: {p}" for i, p in enumerate(s["pipelines"])]
    lines += [
        f"kernels packed: {s['kernels_packed']}; compile failures: "
        f"{len(s['compile_failures'])}",
        f"kernels run: {s['kernels_run']} ({s['launches']} launches: "
        f"{SHAPES} shapes x base twice + DivOpt once)",
        "DivOpt transformed: " + ", ".join(
            f"{k} {t['count']} in {t['kernels']} kernels"
            for k, t in s["transformed"].items())
        + f"; identical PTX both ways: {s['identical_ptx']} kernels",
        f"kernel splitting: {s['split']['kernels']} kernels split into "
        f"{s['split']['parts']} parts; {s['split']['run']} run as their "
        f"parts and compared, {s['split']['ok']} agreeing",
        "verdicts: " + ", ".join(f"{k} {n}" for k, n in sorted(v.items()))
        + (f", not run {len(s['not_run'])}" if s["not_run"] else ""),
    ]
    lines += [f"runner: {n}" for n in s["runner_notes"]]
    for kind, statuses in (("DivOpt bugs", DIVOPT_BUGS),
                           ("generator or harness bugs",
                            GENERATOR_BUGS + HARNESS_BUGS)):
        ps = [p for p in s["problems"] if p["status"] in statuses]
        lines.append(f"{kind}: {len(ps)}")
        for p in ps:
            lines.append(f"  {p['status']} seed {p['seed']} ({p['name']}, "
                         f"edits {p['edits']}): {p['detail']}")
            lines.append(f"    pipeline: {p['pipeline']}")
            lines.append(f"    reproduce: {p['reproduce']}")
    for f in s["compile_failures"]:
        lines.append(f"compile failure seed {f['seed']}: {f['variant']} "
                     f"variant, {f['stage']}: {f['error']}")
    if s["not_run"]:
        lines.append("not run: " + " ".join(s["not_run"][:50]))
    lines.append("result: " + ("CLEAN" if s["clean"] else "NOT CLEAN"))
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", required=True, help="the unpacked pack")
    ap.add_argument("--results", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", help="the kernels the run was limited to")
    args = ap.parse_args(argv)
    manifest = read_manifest(os.path.join(args.pack, "manifest.txt"))
    if args.only:
        keep = set(args.only.split(","))
        manifest["kernels"] = {n: k for n, k in manifest["kernels"].items()
                               if n in keep}
        manifest["failures"] = [f for f in manifest["failures"]
                                if f["name"] in keep]
    verdicts, notes = read_results(args.results)
    s = summarize(manifest, verdicts, notes)
    os.makedirs(args.out, exist_ok=True)
    report = text(s)
    with open(os.path.join(args.out, "fuzz-summary.txt"), "w") as f:
        f.write(report)
    with open(os.path.join(args.out, "fuzz-summary.json"), "w") as f:
        json.dump(s, f, indent=1)
    sys.stdout.write(report)
    return 0 if s["clean"] else 1


if __name__ == "__main__":
    sys.exit(main())
