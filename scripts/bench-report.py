#!/usr/bin/env python3
"""Turns the CSVs of a GPU bench run into bench/results/<date>-<device>.md,
.csv and PNG plots.

  scripts/bench-report.py --bench-csv OUT/bench.csv \
      [--occupancy-csv OUT/occupancy.csv] [--env OUT/env.txt] \
      [--out-dir bench/results] [--date YYYY-MM-DD]

bench.csv comes from divopt-bench, occupancy.csv from divopt-occupancy-sweep
and env.txt from scripts/bench-gpu.sh (all written to $OUT on the GPU
machine). The plots follow the seeds' figures: speedup over clang -O3
against the arm size N and the taken frequency f (SYN-ITDELAY), against R
with the ideal 2(1+R)/(2+R) (SYN-BRDIS), against the heavy arm's registers
(KERNEL-SPLIT) and against the switch rate p (LOOP-ADVANCE); the plots
show the explicit-arithmetic configurations, and the report adds, per
ordinary-arithmetic ("natural") configuration, each variant's natural
speedup over its explicit one (bench/tools/natural_ratio.py).
"""
import argparse
import csv
import datetime
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "bench", "tools"))
import natural_ratio  # noqa: E402


def import_pyplot():
    """matplotlib.pyplot with a file-only backend; re-runs this script with
    the system python3 when the one on PATH lacks matplotlib (pyenv)."""
    try:
        import matplotlib
    except ImportError:
        system = "/usr/bin/python3"
        if os.path.exists(system) and os.path.realpath(sys.executable) != \
                os.path.realpath(system):
            os.execv(system, [system] + sys.argv)
        sys.exit("bench-report: needs matplotlib (apt-get install "
                 "python3-matplotlib)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


REFERENCE = "clang-O3"
BENCH_TITLES = {
    "itdelay": "SYN-ITDELAY (iteration delaying)",
    "brdis": "SYN-BRDIS (branch distribution)",
    "split": "KERNEL-SPLIT (kernel splitting)",
    "loopadv": "LOOP-ADVANCE (loop advancing)",
}


def parse_params(text):
    params = {}
    for item in filter(None, text.split(";")):
        key, _, value = item.partition("=")
        try:
            params[key] = float(value)
        except ValueError:
            params[key] = value
    return params


def read_bench(path):
    rows = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            row["p"] = parse_params(row["params"])
            row["speedup"] = float(row["speedup"]) if row["speedup"] else None
            row["median_ms"] = (float(row["median_ms"]) if row["median_ms"]
                                else None)
            row["check_ok"] = row["check_ok"] == "1"
            rows.append(row)
    return rows


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")


def variants_of(rows):
    seen = []
    for r in rows:
        if r["variant"] not in seen:
            seen.append(r["variant"])
    return seen


def configs_of(rows):
    seen = []
    for r in rows:
        if r["config"] not in seen:
            seen.append(r["config"])
    return seen


def series(rows, bench, x_key, where, variant, x_of=None):
    """(x, speedup) points of one variant, sorted by x."""
    points = []
    for r in rows:
        if (r["benchmark"] == bench and r["variant"] == variant and where(r)
                and r["speedup"] is not None):
            x = x_of(r) if x_of else r["p"][x_key]
            points.append((x, r["speedup"]))
    return sorted(points)


def save_plot(plt, fig, ax, path, title):
    """The plots' common finish: the clang -O3 line, labels, legend, file."""
    ax.axhline(1.0, color="grey", linewidth=0.8, linestyle=":")
    ax.set_ylabel("speedup over clang -O3")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_lines(plt, rows, bench, x_key, where, path, xlabel, title,
               log_x=False, x_of=None, extra=None):
    variants = [v for v in variants_of([r for r in rows
                                        if r["benchmark"] == bench])
                if v != REFERENCE]
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    drawn = False
    # Hand-transformed variants dashed with hollow markers: with more than
    # ten variants the colour cycle repeats.
    for v in variants:
        pts = series(rows, bench, x_key, where, v, x_of)
        if pts:
            hand = v.startswith("hand")
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o",
                    linestyle="--" if hand else "-",
                    fillstyle="none" if hand else "full", label=v)
            drawn = True
    if extra:
        extra(ax)
    if not drawn:
        plt.close(fig)
        return False
    if log_x:
        ax.set_xscale("log", base=2)
    ax.set_xlabel(xlabel)
    ax.grid(True, alpha=0.3)
    save_plot(plt, fig, ax, path, title)
    return True


def plot_bars(plt, rows, bench, path, title):
    """One group of bars per configuration, one bar per variant (the
    melding kernels have no common x axis)."""
    rows = [r for r in rows if r["benchmark"] == bench
            and r["variant"] != REFERENCE and r["speedup"] is not None]
    if not rows:
        return False
    configs = list(dict.fromkeys(r["config"] for r in rows))
    # Every hand variant in one bar: each kernel has one hand version.
    kind = lambda v: "hand" if v.startswith("hand") else v
    kinds = list(dict.fromkeys(kind(r["variant"]) for r in rows))
    width = 0.8 / len(kinds)
    fig, ax = plt.subplots(figsize=(8.0, 4.6))
    for i, k in enumerate(kinds):
        xs, ys = [], []
        for j, c in enumerate(configs):
            for r in rows:
                if r["config"] == c and kind(r["variant"]) == k:
                    xs.append(j + (i - (len(kinds) - 1) / 2) * width)
                    ys.append(r["speedup"])
        ax.bar(xs, ys, width, label=k, hatch="//" if k == "hand" else None)
    ax.set_xticks(range(len(configs)))
    ax.set_xticklabels(configs, rotation=30, ha="right", fontsize=7)
    ax.grid(True, axis="y", alpha=0.3)
    save_plot(plt, fig, ax, path, title)
    return True


def brdis_ideal(ax):
    rs = [1 + i * 0.25 for i in range(0, 197)]
    ax.plot(rs, [2 * (1 + r) / (2 + r) for r in rs], color="black",
            linestyle="--", linewidth=1, label="ideal 2(1+R)/(2+R)")


def reference_registers(rows, bench, config):
    for r in rows:
        if (r["benchmark"] == bench and r["config"] == config
                and r["variant"] == REFERENCE and r["registers"] not in
                ("", "?")):
            return int(r["registers"].split("+")[0])
    return None


def make_plots(plt, rows, stem):
    """{benchmark: [png file names]}; explicit-arithmetic rows only (the
    natural ones have a table of their own)."""
    rows = [r for r in rows if r["p"].get("arith") != "natural"]
    p = lambda r: r["p"]
    made = {}

    def add(bench, name, ok):
        if ok:
            made.setdefault(bench, []).append(name)

    name = f"{stem}-itdelay-N.png"
    add("itdelay", name, plot_lines(
        plt, rows, "itdelay", "N", lambda r: p(r).get("f") == 0.5, name,
        "arm size N (operation pairs)", "SYN-ITDELAY, f = 0.5", log_x=True))
    name = f"{stem}-itdelay-f.png"
    add("itdelay", name, plot_lines(
        plt, rows, "itdelay", "f", lambda r: p(r).get("N") == 32, name,
        "taken frequency f", "SYN-ITDELAY, N = 32"))
    name = f"{stem}-brdis-R.png"
    add("brdis", name, plot_lines(
        plt, rows, "brdis", "R", lambda r: p(r).get("M") == 4, name,
        "R = NM/20", "SYN-BRDIS, M = 4", log_x=True, extra=brdis_ideal))
    name = f"{stem}-split-registers.png"
    add("split", name, plot_lines(
        plt, rows, "split", "H", lambda r: p(r).get("share") == 0.25, name,
        "heavy arm: registers of the clang -O3 kernel",
        "KERNEL-SPLIT, heavy share 0.25",
        x_of=lambda r: reference_registers(rows, "split", r["config"]) or 0))
    name = f"{stem}-loopadv-p.png"
    add("loopadv", name, plot_lines(
        plt, rows, "loopadv", "p", lambda r: p(r).get("N") == 32, name,
        "switch rate p", "LOOP-ADVANCE, N = 32"))
    name = f"{stem}-meld.png"
    add("meld", name, plot_bars(
        plt, rows, "meld", name,
        "Control-flow melding: DivOpt automatic and hand-melded"))
    return made


def format_cell(r):
    if r is None:
        return "-"
    mark = "" if r["check_ok"] else " **FAIL**"
    if r["variant"] == REFERENCE:
        ms = f"{r['median_ms']:.3f} ms" if r["median_ms"] else "-"
        return ms + mark
    sp = f"{r['speedup']:.3f}x" if r["speedup"] else "-"
    return sp + mark


def bench_table(rows, bench):
    brows = [r for r in rows if r["benchmark"] == bench]
    variants = variants_of(brows)
    lines = ["| config | regs (clang) | " + " | ".join(variants) + " |",
             "|---" * (len(variants) + 2) + "|"]
    for config in configs_of(brows):
        by_variant = {r["variant"]: r for r in brows if r["config"] == config}
        ref = by_variant.get(REFERENCE)
        regs = ref["registers"] if ref else "-"
        lines.append(f"| {config} | {regs} | " + " | ".join(
            format_cell(by_variant.get(v)) for v in variants) + " |")
    return lines


def failures(rows):
    return [r for r in rows if not r["check_ok"]]


def occupancy_section(path):
    with open(path, newline="") as f:
        points = list(csv.DictReader(f))
    bad = [p for p in points if p["match"] != "1"]
    resident = sum(1 for p in points if int(p["driver_blocks"]) > 0)
    lines = ["## Occupancy model against the driver", "",
             f"{len(points) - len(bad)} of {len(points)} points match "
             f"({resident} with resident blocks): registers "
             f"{min(int(p['registers']) for p in points)}.."
             f"{max(int(p['registers']) for p in points)} (as the JIT "
             "allocated them), block sizes, dynamic shared memory, with and "
             "without the opt-in.", ""]
    if bad:
        lines += ["| regs | threads | shared | opt-in | driver | model | "
                  "limiter |", "|---|---|---|---|---|---|---|"]
        for p in bad[:30]:
            lines.append(f"| {p['registers']} | {p['threads_per_block']} | "
                         f"{p['dynamic_shared']} | {p['opt_in']} | "
                         f"{p['driver_blocks']} {p['driver_error']} | "
                         f"{p['model_blocks']} | {p['model_limiter']} |")
        if len(bad) > 30:
            lines.append(f"| ... {len(bad) - 30} more in the CSV |")
    return lines


def write_report(args, rows, stem, plots):
    device = rows[0]["device"] if rows else "unknown device"
    commit = rows[0]["commit"] if rows else "unknown"
    failed = failures(rows)
    md = [f"# GPU benchmarks, {args.date}, {device}", "",
          f"Commit {commit}. Produced by scripts/bench-gpu.sh (divopt-bench "
          "and divopt-occupancy-sweep) and scripts/bench-report.py.", "",
          "Method: every variant runs on the same fresh random inputs "
          "(fixed seeds); its output is checked bit for bit against clang "
          "-O3 (two runs with different poison words, so unwritten elements "
          "show; the last timed run must repeat the checked output); times "
          "are the median of the timed runs, each between two CUDA events "
          "around the launch, after warm-up runs, variants interleaved "
          "round by round. Speedup = clang -O3 median / variant median. "
          "Hand-transformed variants (hand-*) are compiled by clang -O3.", ""]
    md.append("**Output checks: all passed.**" if not failed else
              f"**Output checks: {len(failed)} FAILED** "
              "(marked **FAIL** below).")
    md.append("")
    if args.env and os.path.exists(args.env):
        with open(args.env) as f:
            md += ["```", f.read().rstrip(), "```", ""]
    for bench, title in BENCH_TITLES.items():
        if not any(r["benchmark"] == bench for r in rows):
            continue
        md += [f"## {title}", "",
               "clang-O3 column: median time; others: speedup over it.", ""]
        md += bench_table(rows, bench) + [""]
        for png in plots.get(bench, []):
            md += [f"![{png}]({png})", ""]
    ratios = natural_ratio.ratio_table(rows)
    if ratios:
        md += ["## Ordinary arithmetic against explicit arithmetic", "",
               "The same shapes written with plain operators (clang "
               "contracts them into fma) instead of fmaf/__fmul_rn/__fadd_rn; "
               "each speedup is over clang -O3 of its own source. Cells: "
               "natural speedup / explicit speedup (natural/explicit).", ""]
        md += ratios
    if failed:
        md += ["## Failed checks", ""]
        md += [f"- {r['benchmark']} {r['config']} {r['variant']}: "
               f"{r['check']}" for r in failed] + [""]
    if args.occupancy_csv:
        md += occupancy_section(args.occupancy_csv) + [""]
    path = os.path.join(args.out_dir, f"{stem}.md")
    with open(path, "w") as f:
        f.write("\n".join(md))
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-csv", required=True)
    parser.add_argument("--occupancy-csv")
    parser.add_argument("--env")
    parser.add_argument("--out-dir", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "bench", "results"))
    parser.add_argument("--date", default=datetime.datetime.now(
        datetime.timezone.utc).strftime("%Y-%m-%d"))
    args = parser.parse_args()
    plt = import_pyplot()
    rows = read_bench(args.bench_csv)
    if not rows:
        sys.exit("bench-report: no rows in " + args.bench_csv)
    os.makedirs(args.out_dir, exist_ok=True)
    stem = f"{args.date}-{slug(rows[0]['device'])}"
    cwd = os.getcwd()
    os.chdir(args.out_dir)  # Plots are written next to the report.
    try:
        plots = make_plots(plt, rows, stem)
    finally:
        os.chdir(cwd)
    shutil.copyfile(args.bench_csv, os.path.join(args.out_dir, stem + ".csv"))
    if args.occupancy_csv:
        shutil.copyfile(args.occupancy_csv,
                        os.path.join(args.out_dir, stem + "-occupancy.csv"))
    print(write_report(args, rows, stem, plots))


if __name__ == "__main__":
    main()
