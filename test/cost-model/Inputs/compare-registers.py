"""Prints, per kernel, ptxas -v's register count (from the log in argv[1])
beside print<divopt-cost>'s (argv[2]), one line a kernel, in the log's
order: "KERNEL ptxas=N divopt=M[ (ptxas)]"."""
import re
import sys

ptxas, current = {}, None
for line in open(sys.argv[1]):
    m = re.search(r"Compiling entry function '([^']+)'", line)
    if m:
        current = m.group(1)
    m = re.search(r"Used (\d+) registers", line)
    if m and current:
        ptxas[current] = m.group(1)
        current = None
divopt = {}
for line in open(sys.argv[2]):
    m = re.search(r"function '([^']+)' registers=(\d+)( \(ptxas\))?", line)
    if m:
        divopt[m.group(1)] = m.group(2) + (m.group(3) or "")
for kernel, count in ptxas.items():
    print(f"{kernel} ptxas={count} divopt={divopt.get(kernel, 'none')}")
