#!/usr/bin/env python3
# Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
"""divopt-report: where a profiled CUDA program's warps diverged, what it
cost, and what DivOpt did about it.

Joins three inputs (docs/REPORT.md):
  - a divergence profile (docs/PROFILE-FORMAT.md): how often each branch
    diverged, per warp execution;
  - the remarks of a compile with -divopt-profile-use of that profile:
    clang's -fsave-optimization-record YAML, or the remark lines that
    -Rpass=divopt -Rpass-missed=divopt -Rpass-analysis=divopt print;
    divopt-remarks' analysis remark of each divergent branch carries the
    issue slots of each way and the branch's profile identity;
  - the source files (found by the paths in the profile and the remarks,
    or under --source-dir).
It prints a table per kernel and source line, sorted by cost, and with
--html writes one self-contained page with the source annotated.
"""

import argparse
import html
import os
import re
import subprocess
import sys

PROFILE_MAGIC = "divopt-profile"
PROFILE_VERSION = 1
WAY_LISTS = ("lanes", "warps", "uniform")
BRANCH_KEYS = {"at", "execs", "divergent", "lanes", "warps", "uniform",
               "pairs", "changes"}
LOOP_KEYS = {"at", "entries", "lanes", "trips", "iterations", "spread"}


class ReportError(Exception):
    """An input the report cannot use: printed as one line, exit 1."""


# --- The profile -----------------------------------------------------------

def unescape(s):
    """Profile names escape bytes outside '!'..'~' and '%' as %XX."""
    out = bytearray()
    i = 0
    raw = s.encode()
    while i < len(raw):
        if raw[i] == ord("%"):
            try:
                out.append(int(raw[i + 1:i + 3].decode(), 16))
            except ValueError:
                raise ValueError(f"bad escape in '{s}'")
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return out.decode(errors="replace")


def parse_location(text):
    """'file:line:col' -> (file, line, col); the file may hold ':'."""
    m = re.fullmatch(r"(.+):(\d+):(\d+)", text)
    if not m:
        raise ValueError(f"bad location '{text}' (want file:line:col)")
    return unescape(m.group(1)), int(m.group(2)), int(m.group(3))


def parse_counts(text, key):
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise ValueError(f"{key}={text}: not a list of counts")
    if any(v < 0 for v in values):
        raise ValueError(f"{key}={text}: negative count")
    return values


def parse_fields(words, allowed, required):
    fields = {}
    for w in words:
        key, eq, value = w.partition("=")
        if not eq:
            raise ValueError(f"'{w}' is not key=value")
        if key not in allowed:
            raise ValueError(f"unknown field '{key}'")
        if key in fields:
            raise ValueError(f"field '{key}' given twice")
        fields[key] = value
    missing = sorted(required - fields.keys())
    if missing:
        raise ValueError("missing field(s) " + ", ".join(missing))
    return fields


def parse_branch(words):
    f = parse_fields(words, BRANCH_KEYS, BRANCH_KEYS - {"at"})
    b = {"at": parse_location(f["at"]) if "at" in f else None}
    for key in ("execs", "divergent", "pairs", "changes"):
        (b[key],) = parse_counts(f[key], key)
    for key in WAY_LISTS:
        b[key] = parse_counts(f[key], key)
    ways = len(b["lanes"])
    if ways < 2 or any(len(b[k]) != ways for k in WAY_LISTS):
        raise ValueError("lanes, warps and uniform need one count per way "
                         "(two or more)")
    if sum(b["uniform"]) + b["divergent"] != b["execs"]:
        raise ValueError("sum(uniform) + divergent != execs")
    if b["changes"] > b["pairs"]:
        raise ValueError("changes > pairs")
    return b


def read_profile(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
    except OSError as e:
        raise ReportError(f"cannot read the profile '{path}': {e.strerror}")
    header = lines[0].rstrip("\r").split() if lines else []
    if len(header) != 2 or header[0] != PROFILE_MAGIC:
        raise ReportError(f"{path}:1: not a divergence profile (the first "
                          f"line must be '{PROFILE_MAGIC} {PROFILE_VERSION}')")
    if header[1] != str(PROFILE_VERSION):
        raise ReportError(f"{path}:1: profile format version {header[1]}; "
                          f"divopt-report reads version {PROFILE_VERSION}")
    profile = {"runs": None, "launches": {}, "functions": []}
    current = None
    for number, line in enumerate(lines[1:], start=2):
        words = line.rstrip("\r").split()
        if not words or words[0].startswith("#"):
            continue
        try:
            kind = words[0]
            if kind == "runs" and len(words) == 2:
                profile["runs"] = parse_counts(words[1], "runs")[0]
            elif kind == "launch" and len(words) >= 2:
                # sms=: the device's SM count, optional (absent: unknown).
                f = parse_fields(words[2:], {"grid", "block", "shared",
                                             "count", "sms"},
                                 {"grid", "block", "shared", "count"})
                block = parse_counts(f["block"], "block")
                count = parse_counts(f["count"], "count")[0]
                sms = parse_counts(f.get("sms", "1"), "sms")
                if len(sms) != 1 or sms[0] < 1:
                    raise ValueError(f"bad sms={f['sms']} (want a count >= "
                                     f"1; leave the field out when unknown)")
                kernel = profile["launches"].setdefault(unescape(words[1]),
                                                        {})
                key = "x".join(map(str, block))
                kernel[key] = kernel.get(key, 0) + count
            elif kind == "function" and len(words) in (3, 4):
                f = parse_fields(words[2:], {"cfg", "sample"}, {"cfg"})
                if not re.fullmatch(r"0x[0-9a-fA-F]{1,16}", f["cfg"]):
                    raise ValueError(f"bad hash cfg={f['cfg']}")
                # One block in `sample` counted (absent: every block).
                sample = parse_counts(f.get("sample", "1"), "sample")
                if len(sample) != 1 or sample[0] < 1:
                    raise ValueError(f"bad sample={f['sample']} (want a "
                                     f"count >= 1)")
                current = {"name": unescape(words[1]),
                           "cfg": int(f["cfg"], 16), "sample": sample[0],
                           "branches": {}, "loops": {}}
                profile["functions"].append(current)
            elif kind in ("branch", "loop") and len(words) >= 2:
                if current is None:
                    raise ValueError(f"{kind} before any function line")
                if not words[1].isdigit():
                    raise ValueError(f"bad {kind} index '{words[1]}'")
                index = int(words[1])
                if kind == "branch":
                    current["branches"][index] = parse_branch(words[2:])
                else:
                    f = parse_fields(words[2:], LOOP_KEYS, LOOP_KEYS - {"at"})
                    current["loops"][index] = {
                        "at": parse_location(f["at"]) if "at" in f else None}
            else:
                raise ValueError(f"unknown or incomplete record '{kind}'")
        except ValueError as e:
            raise ReportError(f"{path}:{number}: {e}")
    if profile["runs"] is None:
        raise ReportError(f"{path}: no 'runs' line")
    return profile


# --- Remarks ---------------------------------------------------------------

REMARK_LINE = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): remark: (?P<msg>.*) "
    r"\[-R(?P<opt>pass|pass-missed|pass-analysis)=(?P<pass>[\w-]+)\]\s*$")
KIND_OF_OPTION = {"pass": "Passed", "pass-missed": "Missed",
                  "pass-analysis": "Analysis"}


def read_remark_text(path, text):
    """Remark lines as clang prints them (-Rpass=divopt ...)."""
    remarks = []
    for line in text.splitlines():
        m = REMARK_LINE.match(line)
        if not m or not m.group("pass").startswith("divopt"):
            continue
        remarks.append({"kind": KIND_OF_OPTION[m.group("opt")],
                        "pass": m.group("pass"), "name": "",
                        "function": None, "file": m.group("file"),
                        "line": int(m.group("line")),
                        "col": int(m.group("col")), "msg": m.group("msg"),
                        "args": {}})
    return remarks


def read_remark_yaml(path, text):
    """clang's -fsave-optimization-record file (YAML, one document each)."""
    try:
        import yaml
    except ImportError:
        raise ReportError(f"{path}: reading YAML remarks needs PyYAML "
                          f"(python3-yaml); or pass the remark lines that "
                          f"-Rpass=divopt -Rpass-missed=divopt "
                          f"-Rpass-analysis=divopt print")

    class Loader(yaml.SafeLoader):
        pass

    # Each document is tagged with its kind (!Passed, !Missed, ...).
    def tagged(loader, suffix, node):
        value = loader.construct_mapping(node, deep=True)
        value["__kind"] = suffix
        return value

    Loader.add_multi_constructor("!", tagged)
    remarks = []
    try:
        for doc in yaml.load_all(text, Loader=Loader):
            if not isinstance(doc, dict):
                raise ReportError(f"{path}: a YAML document that is not a "
                                  f"remark")
            p = str(doc.get("Pass", ""))
            if not p.startswith("divopt"):
                continue
            loc = doc.get("DebugLoc") or {}
            msg, args = [], {}
            for arg in doc.get("Args") or []:
                for key, value in arg.items():
                    if key == "DebugLoc":
                        continue
                    msg.append(str(value))
                    if key != "String":
                        args.setdefault(key, []).append(str(value))
            remarks.append({"kind": doc.get("__kind", ""), "pass": p,
                            "name": str(doc.get("Name", "")),
                            "function": doc.get("Function"),
                            "file": loc.get("File"), "line": loc.get("Line"),
                            "col": loc.get("Column"), "msg": "".join(msg),
                            "args": args})
    except (AttributeError, TypeError, ValueError):
        raise ReportError(f"{path}: a YAML document that is not a remark "
                          f"(want Pass, Name, DebugLoc, Function, Args)")
    except yaml.YAMLError as e:
        raise ReportError(f"{path}: malformed YAML remarks: "
                          f"{str(e).splitlines()[0]}")
    return remarks


def read_remarks(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise ReportError(f"cannot read the remarks '{path}': {e.strerror}")
    if text.lstrip().startswith("--- "):
        return read_remark_yaml(path, text)
    remarks = read_remark_text(path, text)
    if not remarks and text.strip():
        raise ReportError(f"{path}: neither YAML remarks "
                          f"(-fsave-optimization-record) nor DivOpt remark "
                          f"lines ('file:line:col: remark: ... "
                          f"[-Rpass...=divopt-...]')")
    return remarks


WAY_COSTS = re.compile(r"way costs ([0-9.]+(?:\+[0-9.]+)*) issue slots")
IDENTITY = re.compile(r"profile branch (\d+) of (\S+) cfg=(0x[0-9a-f]+)")
SPEEDUP = re.compile(r"predicted speedup ([0-9.]+)x")
STALE = re.compile(r"the records of '([^']+)' are stale")


def describe_divergent_branch(r):
    """The way costs and profile identity of a DivergentBranch remark."""
    m = WAY_COSTS.search(r["msg"])
    costs = [float(c) for c in m.group(1).split("+")] if m else None
    ident = IDENTITY.search(r["msg"])
    if not ident:
        return costs, None
    return costs, (ident.group(2), int(ident.group(1)),
                   int(ident.group(3), 16))


# --- Joining ---------------------------------------------------------------

def same_file(a, b):
    if not a or not b:
        return False
    if a == b:
        return True
    a, b = os.path.normpath(a), os.path.normpath(b)
    return a.endswith(os.sep + b) or b.endswith(os.sep + a) or \
        os.path.basename(a) == os.path.basename(b)


def lost_slots(b, costs):
    """Issue slots the warps spent on the ways divergence serialised beyond
    the longest one: exact for two ways (divergent x the cheaper way), a
    lower bound for a switch."""
    if costs is None or len(costs) != len(b["lanes"]):
        return None
    spent = sum((w - u) * c for w, u, c in zip(b["warps"], b["uniform"],
                                               costs))
    return max(0.0, spent - b["divergent"] * max(costs))


def short_reason(msg):
    """A remark's decision and reason, without the numbers behind them."""
    cut = re.split(r"; |: from the profile| \(from the profile", msg)[0]
    return cut if len(cut) <= 90 else cut[:87] + "..."


def build_rows(profile, remarks):
    rows = []
    stale = {m.group(1) for r in remarks for m in [STALE.search(r["msg"])]
             if m}
    compiled_hash = {}
    analysis = []
    for r in remarks:
        if r["pass"] == "divopt-divergence" and "divergent" in r["msg"]:
            costs, ident = describe_divergent_branch(r)
            analysis.append((r, costs, ident))
            if ident:
                compiled_hash[ident[0]] = ident[2]
    used = set()
    for fn in profile["functions"]:
        fn_stale = fn["name"] in stale or (
            fn["name"] in compiled_hash and
            compiled_hash[fn["name"]] != fn["cfg"])
        for index, b in sorted(fn["branches"].items()):
            row = {"function": fn["name"], "index": index, "branch": b,
                   "sample": fn["sample"],
                   "at": b["at"], "stale": fn_stale, "costs": None,
                   "remark": None, "decisions": []}
            for i, (r, costs, ident) in enumerate(analysis):
                # The identity where the compile had the profile; else
                # the function and the source location.
                if ident == (fn["name"], index, fn["cfg"]) or (
                        ident is None and i not in used and
                        r["function"] in (None, fn["name"]) and
                        b["at"] and
                        (r["line"], r["col"]) == b["at"][1:] and
                        same_file(r["file"], b["at"][0])):
                    row["costs"], row["remark"] = costs, r
                    used.add(i)
                    if row["at"] is None and r["file"]:
                        row["at"] = (r["file"], r["line"], r["col"])
                    break
            rows.append(row)
    # Divergent branches the profile has no record of (never ran, or not
    # profiled): shown with the compiler's view alone.
    for i, (r, costs, ident) in enumerate(analysis):
        if i in used:
            continue
        rows.append({"function": (ident[0] if ident else r["function"]) or
                     "?", "index": ident[1] if ident else None,
                     "branch": None, "stale": False, "costs": costs,
                     "remark": r, "decisions": [],
                     "at": (r["file"], r["line"], r["col"])
                     if r["file"] else None})
    for r in remarks:
        if r["file"] and r["line"] is not None:
            for row in rows:
                if row["at"] and same_file(row["at"][0], r["file"]):
                    row.setdefault("paths", set()).add(r["file"])
        # A transform's verdict on the branch is what it did or refused;
        # its analysis remarks (a loop that was no candidate) are not one.
        if r["pass"] == "divopt-divergence" or r["line"] is None or \
                r["kind"] not in ("Passed", "Missed"):
            continue
        for row in rows:
            if row["at"] and row["at"][1] == r["line"] and \
                    row["at"][2] == r["col"] and same_file(row["at"][0],
                                                           r["file"]):
                row["decisions"].append(r)
    for row in rows:
        b = row["branch"]
        # A sampled record counted one block in `sample`: its lost slots
        # stand for `sample` times as many in the whole run.
        lost = lost_slots(b, row["costs"]) if b and not row["stale"] \
            else None
        row["lost"] = None if lost is None else lost * row["sample"]
        applied = [r for r in row["decisions"] if r["kind"] == "Passed"]
        gains = [float(m.group(1)) for r in applied
                 for m in [SPEEDUP.search(r["msg"])] if m]
        row["gain"] = max(gains) if gains else None
    rows.sort(key=lambda r: (-(r["lost"] or 0),
                             -(r["branch"]["divergent"] if r["branch"]
                               else 0),
                             r["function"], r["index"] or 0))
    return rows


def name_rows(rows):
    """Gives each row its function's name as the source spells it: a C++
    symbol demangled by c++filt (binutils), any other name as it is, and
    every name as it is where c++filt is missing."""
    symbols = sorted({r["function"] for r in rows
                      if r["function"].startswith("_Z")})
    readable = {}
    if symbols:
        try:
            out = subprocess.run(["c++filt"], input="\n".join(symbols) + "\n",
                                 capture_output=True, text=True,
                                 check=True).stdout.splitlines()
            if len(out) == len(symbols):
                readable = dict(zip(symbols, out))
        except (OSError, subprocess.CalledProcessError):
            pass
    for r in rows:
        r["name"] = readable.get(r["function"], r["function"])
    # The table's column: the name without its parameters, where no other
    # function of the report shares it (overloads keep theirs).
    short = {}
    for r in rows:
        short.setdefault(without_parameters(r["name"]), set()).add(
            r["function"])
    for r in rows:
        s = without_parameters(r["name"])
        r["short"] = s if len(short[s]) == 1 else r["name"]


def without_parameters(name):
    """A demangled function name without its parameter list: "refine" of
    "refine(float*, int)"; a name without one as it is."""
    if not name.endswith(")"):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(name[i], 0)
        if depth == 0:
            return name[:i] or name
    return name


def names_function(row, name):
    """Whether --kernel NAME means row's function: its symbol, its
    demangled name, or that name without its parameters."""
    return name in (row["function"], row["name"],
                    without_parameters(row["name"]))


# --- Output ----------------------------------------------------------------

def pct(n, d):
    return f"{100.0 * n / d:.1f}%" if d else "-"


def fmt_num(x):
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}" if x == int(x) else f"{x:.1f}"


def where(row):
    if not row["at"]:
        return "?"
    f, line, col = row["at"]
    return f"{os.path.basename(f)}:{line}:{col}"


def row_cells(row):
    b = row["branch"]
    status = "stale" if row["stale"] else ("no record" if b is None else "")
    if b is None:
        counts = ["-", "-", "-"]
    else:
        lanes = sum(b["lanes"])
        counts = [str(b["execs"]), pct(b["divergent"], b["execs"]),
                  "/".join(pct(l, lanes) for l in b["lanes"])]
    costs = "+".join(fmt_num(c) for c in row["costs"]) if row["costs"] \
        else "-"
    if row["stale"]:
        lost = "stale"
    elif b is None:
        lost = "no record"
    else:
        lost = fmt_num(row["lost"])
    gain = f"{row['gain']:.2f}x" if row["gain"] else "-"
    index = "-" if row["index"] is None else str(row["index"])
    return [row["short"], where(row), index] + counts + \
        [costs, lost, gain], status


HEADER = ["kernel", "line", "br", "warp execs", "diverged", "lanes by way",
          "way costs", "lost slots", "gain"]


def print_table(rows, out, verbose):
    total = sum(r["lost"] or 0 for r in rows)
    table = [HEADER] + [row_cells(r)[0] for r in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    right = {3, 4, 6, 7, 8}

    def line(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))
                         ).rstrip()

    out.write(f"divergence report: {len(rows)} branches, "
              f"{fmt_num(total)} issue slots lost to divergence\n")
    rates = sorted({r.get("sample", 1) for r in rows} - {1})
    if rates:
        out.write(f"sampled: counts are those of 1 block in "
                  f"{'/'.join(map(str, rates))}; lost slots are scaled to "
                  f"every block\n")
    out.write("\n")
    out.write(line(HEADER) + "\n")
    for row, cells in zip(rows, table[1:]):
        out.write(line(cells) + "\n")
        for r in row["decisions"]:
            mark = {"Passed": "done", "Missed": "refused"}.get(r["kind"],
                                                               r["kind"])
            text = r["msg"] if verbose else short_reason(r["msg"])
            m = SPEEDUP.search(r["msg"])
            pred = f" (predicted {m.group(1)}x)" if m else ""
            out.write(f"    {r['pass']} {mark}: {text}{pred}\n")


def find_source(path, dirs, known=()):
    """The file the profile or a remark names, as given, under a --source-dir
    or the working directory (by its path, then its name)."""
    candidates = [p for p in known if os.path.isabs(p)]
    candidates += [path] if os.path.isabs(path) else []
    for d in dirs + [os.getcwd()]:
        for p in [path] + [k for k in known if not os.path.isabs(k)]:
            candidates += [os.path.join(d, p),
                           os.path.join(d, os.path.basename(p))]
    for c in candidates:
        if os.path.isfile(c):
            return c
    return None


CSS = """
body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin-bottom:1.5em}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}
td.l,th.l{text-align:left}
pre{margin:0}
.src{border:1px solid #ccc;font-family:monospace;font-size:13px}
.ln{color:#888;display:inline-block;width:4em;text-align:right;
padding-right:1em}
.hot{font-weight:bold}
.note{background:#f6f6f6;border-left:4px solid #c33;margin:2px 0 6px 5em;
padding:3px 8px;font-family:sans-serif;font-size:12px;white-space:normal}
.done{color:#070}.refused{color:#a40}.warn{color:#a00}
"""


def heat(share):
    """A red whose strength grows with the share of the lost slots."""
    alpha = 0.08 + 0.6 * share
    return f"background:rgba(220,40,40,{alpha:.2f})"


def row_note(row):
    cells, status = row_cells(row)
    parts = [f"<b>{html.escape(row['name'])}</b> branch {cells[2]}: "
             f"{cells[3]} warp executions, diverged in {cells[4]}, lanes by "
             f"way {cells[5]}, way costs {cells[6]} issue slots, "
             f"<b>lost {cells[7]}</b> slots, gain {cells[8]}"]
    if status:
        parts.append(f"<span class=warn>{html.escape(status)}</span>")
    for r in row["decisions"]:
        cls = {"Passed": "done", "Missed": "refused"}.get(r["kind"], "")
        parts.append(f"<span class={cls or 'x'}>{html.escape(r['pass'])} "
                     f"{'done' if cls == 'done' else r['kind'].lower()}"
                     f"</span>: {html.escape(r['msg'])}")
    return "<div class=note>" + "<br>".join(parts) + "</div>"


def write_html(rows, profile_path, dirs, path, warn):
    total = sum(r["lost"] or 0 for r in rows) or 1
    out = ["<!DOCTYPE html><html><head><meta charset=utf-8>",
           "<title>DivOpt divergence report</title>",
           f"<style>{CSS}</style></head><body>",
           f"<h1>Divergence report</h1><p>profile "
           f"{html.escape(profile_path)}; sorted by issue slots lost to "
           f"divergence</p><table><tr>"]
    out += [f"<th class=l>{h}</th>" for h in HEADER] + ["</tr>"]
    for n, row in enumerate(rows):
        cells, _ = row_cells(row)
        target = f"#L{n}" if row["at"] else None
        out.append(f"<tr style='{heat((row['lost'] or 0) / total)}'>")
        for i, c in enumerate(cells):
            c = html.escape(c)
            if i == 1 and target:
                c = f"<a href='{target}'>{c}</a>"
            out.append(f"<td{' class=l' if i < 3 else ''}>{c}</td>")
        out.append("</tr>")
    out.append("</table>")
    by_file = {}
    for n, row in enumerate(rows):
        if row["at"]:
            by_file.setdefault(row["at"][0], []).append((n, row))
    for f, entries in sorted(by_file.items(),
                             key=lambda kv: -sum(r["lost"] or 0
                                                 for _, r in kv[1])):
        out.append(f"<h2>{html.escape(f)}</h2>")
        known = set().union(*(r.get("paths", set()) for _, r in entries))
        source = find_source(f, dirs, sorted(known))
        at_line = {}
        for n, row in entries:
            at_line.setdefault(row["at"][1], []).append((n, row))
        if source is None:
            warn(f"source file '{f}' not found (give its folder with "
                 f"--source-dir); the page lists its branches without "
                 f"source")
            out.append("<p class=warn>source not found</p><div class=src>")
            for line in sorted(at_line):
                for n, row in at_line[line]:
                    out.append(f"<div id=L{n}><span class=ln>{line}</span>"
                               f"</div>{row_note(row)}")
            out.append("</div>")
            continue
        with open(source, encoding="utf-8", errors="replace") as s:
            text = s.read().split("\n")
        out.append("<div class=src>")
        for number, code in enumerate(text, start=1):
            here = at_line.get(number, [])
            lost = sum(r["lost"] or 0 for _, r in here)
            ids = "".join(f"<a id=L{n}></a>" for n, _ in here)
            style = f" style='{heat(lost / total)}'" if here else ""
            cls = " class=hot" if here else ""
            out.append(f"<pre{style}{cls}>{ids}<span class=ln>{number}"
                       f"</span>{html.escape(code)}</pre>")
            for _, row in here:
                out.append(row_note(row))
        out.append("</div>")
    out.append("</body></html>\n")
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
    except OSError as e:
        raise ReportError(f"cannot write '{path}': {e.strerror}")


def main(argv):
    ap = argparse.ArgumentParser(
        prog="divopt-report",
        description="Report where a profiled program's warps diverged, what "
                    "it cost and what DivOpt did (docs/REPORT.md).")
    ap.add_argument("profile", help="divergence profile (divopt.profile)")
    ap.add_argument("-r", "--remarks", action="append", default=[],
                    metavar="FILE",
                    help="remarks of the compile with -divopt-profile-use: "
                         "a -fsave-optimization-record YAML file or clang's "
                         "remark lines (repeatable)")
    ap.add_argument("-s", "--source-dir", action="append", default=[],
                    metavar="DIR", help="where to look for source files")
    ap.add_argument("--html", metavar="FILE", help="write the HTML page")
    ap.add_argument("--kernel", help="only this function: its symbol, or "
                    "its C++ name with or without its parameters")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print DivOpt's remarks in full")
    args = ap.parse_args(argv)

    def warn(msg):
        sys.stderr.write(f"divopt-report: warning: {msg}\n")

    try:
        profile = read_profile(args.profile)
        remarks = []
        for path in args.remarks:
            remarks += read_remarks(path)
        if not args.remarks:
            warn("no remarks given (-r): the report has the profile's counts "
                 "but neither costs nor DivOpt's decisions")
        rows = build_rows(profile, remarks)
        name_rows(rows)
        if args.kernel:
            rows = [r for r in rows if names_function(r, args.kernel)]
            if not rows:
                raise ReportError(f"no branch of '{args.kernel}' in the "
                                  f"profile or the remarks")
        for name in sorted({r["name"] for r in rows if r["stale"]}):
            warn(f"the profile's records of '{name}' are stale (its control "
                 f"flow changed since it was profiled): counts shown, no "
                 f"costs")
        unmatched = sum(1 for r in rows if r["branch"] is None)
        if unmatched:
            warn(f"{unmatched} divergent branch(es) in the remarks have no "
                 f"profile record (not run, not profiled, or compiled "
                 f"without -divopt-profile-use)")
        print_table(rows, sys.stdout, args.verbose)
        if args.html:
            write_html(rows, args.profile, args.source_dir, args.html, warn)
    except ReportError as e:
        sys.stderr.write(f"divopt-report: error: {e}\n")
        return 1
    except BrokenPipeError:
        # A pager or head that stopped reading is not an error.
        sys.stderr.close()
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
