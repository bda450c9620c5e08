#!/bin/bash
# On the GPU machine: which plain mul/add pairs does ptxas contract?
cd "$(dirname "$0")"
[ -f probes.ptx ] || python3 gen_probes.py
which cuobjdump nvdisasm; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; cmake --version | head -1
ls /usr/local/cuda/include/cccl 2>/dev/null | head -3
for O in 3 0; do
  ptxas -O$O -arch=sm_90 probes.ptx -o p$O.cubin || exit 1
  cuobjdump -sass p$O.cubin > $OUT/sass-O$O.txt
done
python3 - <<'PY'
import re, os
out = os.environ["OUT"]
for O in ("3", "0"):
    cur = None; counts = {}
    for line in open(f"{out}/sass-O{O}.txt"):
        m = re.search(r"Function : (\S+)", line)
        if m: cur = m.group(1); counts[cur] = {}; continue
        m = re.search(r"\b(FFMA|FMUL|FADD|DFMA|DMUL|DADD|FSEL)\b", line)
        if m and cur: counts[cur][m.group(1)] = counts[cur].get(m.group(1), 0) + 1
    print(f"== ptxas -O{O}")
    for k in sorted(counts): print(f"{k:20s} {counts[k]}")
PY
