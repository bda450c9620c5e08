#!/usr/bin/env python3
"""DivOpt's compile-time benchmark: each kernel compiled with and without
the plugin, the two interleaved, median of --repeats (3) each.

    bench/compile-time/measure.py [--plugin build/passes/libDivOpt.so]
        [--sizes 100,250,500,1000,2000] [--switch-sizes 2000,20000]
        [--repeats 3] [--only REGEX] [--timeout 900] [--csv FILE]
        [-j 1] [--counter time|callgrind]
        [--divopt-option -divopt-registers=ptxas ...]

Cases:
  ir/straight-N, ir/loop-N, ir/switch-N   generated NVVM IR (generate.py):
      opt -passes='default<O3>' with the plugin loaded (DivOpt's automatic
      pipeline at the optimizer-last extension point) against opt alone;
  cu/<file>   every CUDA kernel of bench/ and test/, and unrolled.cu (256
      unrolled divergent if/else): clang -O3 device-only to PTX (no ptxas)
      with -Xarch_device -fpass-plugin against without.
--counter time (the default): the child's user+system CPU time (os.wait4),
steadier than wall time on a shared machine; both variants of a case run
back to back, in alternating order, so load changes hit both. --counter
callgrind: the instructions the compile executes (valgrind), which load
does not change at all; one run of each (they repeat to within 0.1%),
about 50 times slower. -j runs that many cases at once (each case's runs
stay one after the other): for a machine of idle cores, not a loaded one.
Prints one line per case (medians and ratio), then the totals over the
bench and test kernels, and the targets of issue 20 with PASS/FAIL.
opt, clang and CUDA come from --opt/--clang/--cuda-path or $OPT, $CLANGXX
and $CUDA_PATH (scripts/compile-time-gpu.sh sets them to a carried
toolchain).
"""

import argparse
import concurrent.futures
import csv
import glob
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import generate  # noqa: E402


def cuda_kernels():
    """Every .cu of bench/ and test/ (results/ holds probes, not kernels)."""
    files = sorted(glob.glob(os.path.join(ROOT, "bench", "**", "*.cu"),
                             recursive=True)
                   + glob.glob(os.path.join(ROOT, "test", "**", "*.cu"),
                               recursive=True))
    return [f for f in files if "/results/" not in f]


def run_timed(cmd, timeout):
    """CPU seconds (user+sys) of cmd, or None and why it failed."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > timeout:
            p.kill()
            os.wait4(p.pid, 0)
            return None, f"timed out after {timeout} s"
        time.sleep(0.02)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        return None, f"exit {code}: {err.strip()[-300:]}"
    return usage.ru_utime + usage.ru_stime, None


def run_counted(cmd, timeout):
    """Instructions cmd executes (callgrind), or None and why it failed."""
    vg = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
          "--trace-children=yes"]
    try:
        p = subprocess.run(vg + cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout,
                           text=True, errors="replace")
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"
    if p.returncode != 0:
        return None, f"exit {p.returncode}: {p.stderr.strip()[-300:]}"
    counts = [int(m.replace(",", "")) for m in
              re.findall(r"Collected : ([0-9,]+)", p.stderr)]
    if not counts:
        return None, "valgrind reported no count"
    return float(sum(counts)), None


def cases(args, work):
    """[(name, group, base command, plugin command)]."""
    out = []
    opt = [args.opt, "-passes=default<O3>", "-o", os.devnull]
    sizes = [int(s) for s in args.sizes.split(",") if s]
    switch_sizes = [int(s) for s in args.switch_sizes.split(",") if s]
    for kind, ns in (("straight", sizes), ("loop", sizes),
                     ("switch", switch_sizes)):
        for n in ns:
            path = os.path.join(work, f"{kind}-{n}.ll")
            with open(path, "w") as f:
                f.write(generate.generate(kind, n))
            out.append((f"ir/{kind}-{n}", "generated", opt + [path],
                        opt + ["-load-pass-plugin", args.plugin, path] +
                        args.divopt_option))
    clang = [args.clang, "-x", "cuda", "--cuda-gpu-arch=sm_90",
             f"--cuda-path={args.cuda_path}", "-Wno-unknown-cuda-version",
             "-O3", "--cuda-device-only", "-S", "-o", os.devnull,
             # Kernels include the bench's headers from the repository root.
             "-I", ROOT]
    device_options = []
    for o in args.divopt_option:
        device_options += ["-Xarch_device", f"-mllvm={o}"]
    unrolled = os.path.join(HERE, "unrolled.cu")
    for path in [unrolled] + [k for k in cuda_kernels() if k != unrolled]:
        rel = os.path.relpath(path, ROOT)
        group = "unrolled" if path == unrolled else "kernel"
        out.append((f"cu/{rel}", group, clang + [path],
                    clang + ["-Xarch_device", f"-fpass-plugin={args.plugin}",
                             path] + device_options))
    if args.only:
        out = [c for c in out if re.search(args.only, c[0])]
    return out


def measure(case, args):
    """(base, divopt) medians of one case, or the error."""
    name, group, base, plugin = case
    runner = run_counted if args.counter == "callgrind" else run_timed
    repeats = 1 if args.counter == "callgrind" else args.repeats
    times = {"base": [], "divopt": []}
    for r in range(repeats):
        order = [("base", base), ("divopt", plugin)]
        if r % 2:
            order.reverse()
        for variant, cmd in order:
            t, why = runner(cmd, args.timeout)
            if t is None:
                return None, None, f"{variant}: {why}"
            times[variant].append(t)
    return (statistics.median(times["base"]),
            statistics.median(times["divopt"]), None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin",
                    default=os.path.join(ROOT, "build", "passes",
                                         "libDivOpt.so"))
    ap.add_argument("--opt", default=os.environ.get("OPT", "opt-22"))
    ap.add_argument("--clang", default=os.environ.get("CLANGXX", "clang++-22"))
    ap.add_argument("--cuda-path",
                    default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--sizes", default="100,250,500,1000,2000")
    ap.add_argument("--switch-sizes", default="2000,20000")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", help="only the cases whose name matches")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--csv", help="write every case's medians here")
    ap.add_argument("-j", type=int, default=1,
                    help="cases measured at once (default 1)")
    ap.add_argument("--counter", choices=("time", "callgrind"),
                    default="time")
    ap.add_argument("--divopt-option", action="append", default=[],
                    help="a DivOpt option for the plugin's compiles (e.g. "
                    "-divopt-registers=ptxas); repeatable")
    args = ap.parse_args()
    if not os.path.isfile(args.plugin):
        sys.exit(f"error: {args.plugin} not found (scripts/build.sh)")

    unit = "Ir" if args.counter == "callgrind" else "s"
    rows = []
    with tempfile.TemporaryDirectory() as work:
        todo = cases(args, work)
        print(f"{'case':48} {'base ' + unit:>14} {'divopt ' + unit:>14} "
              f"{'ratio':>6}", flush=True)
        with concurrent.futures.ThreadPoolExecutor(max(1, args.j)) as pool:
            futures = [pool.submit(measure, c, args) for c in todo]
            # In the cases' order, each as soon as it and those before it
            # are done.
            for (name, group, _, _), fut in zip(todo, futures):
                b, d, error = fut.result()
                if error:
                    print(f"{name:48} error: {error}", flush=True)
                    rows.append((name, group, None, None))
                    continue
                rows.append((name, group, b, d))
                fmt = "{:14.0f}" if unit == "Ir" else "{:14.2f}"
                print(f"{name:48} {fmt.format(b)} {fmt.format(d)} "
                      f"{d / b:6.3f}", flush=True)

    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["case", "group", f"base_{unit}", f"divopt_{unit}",
                        "ratio"])
            for name, group, b, d in rows:
                w.writerow([name, group, b, d,
                            f"{d / b:.3f}" if b and d else ""])
    report(rows, unit)


def report(rows, unit):
    ok = True
    print()
    kernels = [r for r in rows if r[1] == "kernel"]
    if kernels:
        if any(r[2] is None for r in kernels):
            print("bench and test kernels: some failed to compile: FAIL")
            ok = False
        else:
            b = sum(r[2] for r in kernels)
            d = sum(r[3] for r in kernels)
            worst = max(kernels, key=lambda r: r[3] / r[2])
            total = f"{b:.2f} s -> {d:.2f} s" if unit == "s" else \
                f"{b:.3g} -> {d:.3g} instructions"
            print(f"bench and test kernels ({len(kernels)}): total "
                  f"{total}, {d / b:.3f}x (target <= 1.05): "
                  f"{'PASS' if d / b <= 1.05 else 'FAIL'}")
            print(f"  worst kernel {worst[0]}: {worst[3] / worst[2]:.3f}x "
                  f"(target <= 1.1): "
                  f"{'PASS' if worst[3] / worst[2] <= 1.1 else 'FAIL'}")
            ok &= d / b <= 1.05 and worst[3] / worst[2] <= 1.1
    for name, group, b, d in rows:
        target = {"unrolled": 1.2}.get(group)
        if re.fullmatch(r"ir/(straight|loop)-1000", name):
            target = 1.5
        if target is None:
            continue
        if b is None or d is None:
            print(f"{name}: failed: FAIL")
            ok = False
            continue
        passed = d / b <= target
        ok &= passed
        print(f"{name}: {d / b:.3f}x (target <= {target}): "
              f"{'PASS' if passed else 'FAIL'}")
    print(f"targets: {'all met' if ok else 'NOT all met'}")


if __name__ == "__main__":
    main()
