"""Rewrites an NVPTX module of trips-kernels.ll (instrumented or not) for
the host, to run under lli with trips-emulation.ll: the host's triple,
the NVPTX target attributes renamed out of the host's way, every
llvm.nvvm intrinsic a call of its emulation."""
import re
import sys

text = sys.stdin.read()
text = re.sub(r'^target datalayout = .*\n', '', text, flags=re.M)
text = text.replace('nvptx64-nvidia-cuda', 'x86_64-unknown-linux-gnu')
text = text.replace('ptx_kernel ', '')
text = re.sub(r'"target-(cpu|features)"=', r'"nvptx-\1"=', text)
text = text.replace('@llvm.nvvm.', '@emu.nvvm.')
sys.stdout.write(text)
