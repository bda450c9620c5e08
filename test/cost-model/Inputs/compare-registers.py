"""Prints, per kernel, ptxas -v's register count (from the log in argv[1])
beside print<divopt-cost>'s (argv[2]), one line a kernel, in the log's
order: "KERNEL ptxas=N divopt=M[ (ptxas)]". ptxas's report is read by
scripts/lib/registers.py's parser, the one the register scripts use."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "scripts", "lib"))
import registers as check_registers  # noqa: E402

ptxas = check_registers.parse_ptxas_resources(open(sys.argv[1]).read())
divopt = {}
for line in open(sys.argv[2]):
    m = re.search(r"function '([^']+)' registers=(\d+)( \(ptxas\))?", line)
    if m:
        divopt[m.group(1)] = m.group(2) + (m.group(3) or "")
for kernel, (count, _) in ptxas.items():
    print(f"{kernel} ptxas={count} divopt={divopt.get(kernel, 'none')}")
