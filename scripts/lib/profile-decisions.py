#!/usr/bin/env python3
"""DivOpt's decisions with and without a profile, side by side.

Reads the remarks clang printed (-Rpass=divopt -Rpass-missed=divopt) for
two compiles of one source, one without and one with
-divopt-profile-use, and prints every remark of the profiled compile that
names profile numbers ("from the profile"), with what the same pass
decided at the same source location without the profile. A decision is a
remark's text up to its first ':' ("distributed divergent branch",
"loop not delayed", ...); a remark with none at its location without the
profile is "new" (another pass took the branch first there). Exit status
0; the last line counts the decisions that changed.

usage: profile-decisions.py WITHOUT.remarks WITH.remarks
"""
import re
import sys

REMARK = re.compile(
    r"^(?P<loc>\S+:\d+:\d+): remark: (?P<text>.*) \[-Rpass(?:-missed)?="
    r"(?P<pass>[\w-]+)\]$")


def read(path):
    """(location, pass) -> remark texts, in order."""
    remarks = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = REMARK.match(line.rstrip("\n"))
            if m:
                key = (m["loc"].rsplit("/", 1)[-1], m["pass"])
                remarks.setdefault(key, []).append(m["text"])
    return remarks


def decision(text):
    return text.split(":", 1)[0]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    without, with_profile = read(sys.argv[1]), read(sys.argv[2])
    changed = 0
    for (loc, pass_name), texts in sorted(with_profile.items()):
        for text in texts:
            if "from the profile" not in text:
                continue
            now = decision(text)
            before = sorted({decision(t) for t in without.get((loc, pass_name), [])})
            # No remark without the profile: another pass took the branch
            # first, or this one did not reach it.
            verdict = "new" if not before else "same" if before == [now] else "CHANGED"
            changed += verdict == "CHANGED"
            print(f"{loc} [{pass_name}] {verdict}")
            print(f"  without the profile: {'; '.join(before) or '(no remark)'}")
            print(f"  with the profile:    {text}")
    print(f"decisions the profile changed: {changed}")


if __name__ == "__main__":
    main()
