"""Runs a command and fails when its peak memory passes a limit:

    max_rss.py LIMIT_MIB -- COMMAND...

Prints "max-rss: N MiB (limit L MiB)"; exits with the command's status
if it failed, 2 if it passed the limit, else 0.
"""

import resource
import subprocess
import sys

if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    limit = int(sys.argv[1])
    rc = subprocess.call(sys.argv[3:])
    mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(f"max-rss: {mib} MiB (limit {limit} MiB)")
    sys.exit(rc if rc else (2 if mib > limit else 0))
