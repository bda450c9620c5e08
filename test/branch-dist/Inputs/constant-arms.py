#!/usr/bin/env python3
"""Writes a kernel that branches on the thread into two arms, each a loop of
N dependent fused multiply-adds: the same operations with N different
constants per arm. Melded, one loop runs for both arms with every constant
chosen per lane before it: N more values live across the whole loop.

usage: constant-arms.py N
"""
import sys


def arm(name, n, base):
    lines = [
        f"{name}:",
        f"  br label %{name}.loop",
        f"{name}.loop:",
        f"  %{name}.i = phi i32 [ 0, %{name} ], [ %{name}.i.next, %{name}.loop ]",
        f"  %{name}.acc = phi float [ %x, %{name} ], [ %{name}{n - 1}, %{name}.loop ]",
    ]
    prev = f"%{name}.acc"
    for k in range(n):
        c = base + k / 1024.0
        lines.append(f"  %{name}{k} = call float @llvm.fma.f32(float {prev}, float {c:.10e}, float %x)")
        prev = f"%{name}{k}"
    lines += [
        f"  %{name}.i.next = add i32 %{name}.i, 1",
        f"  %{name}.done = icmp eq i32 %{name}.i.next, %n",
        f"  br i1 %{name}.done, label %{name}.exit, label %{name}.loop",
        f"{name}.exit:",
        "  br label %join",
    ]
    return lines, prev


def main():
    n = int(sys.argv[1])
    then, tv = arm("t", n, 0.5)
    els, ev = arm("e", n, -0.5)
    out = [
        'target triple = "nvptx64-nvidia-cuda"',
        "",
        "define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #0 {",
        "entry:",
        "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
        "  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid",
        "  %x = load float, ptr addrspace(1) %p",
        "  %c = icmp ult i32 %tid, 16",
        "  br i1 %c, label %t, label %e",
        *then,
        *els,
        "join:",
        f"  %r = phi float [ {tv}, %t.exit ], [ {ev}, %e.exit ]",
        "  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid",
        "  store float %r, ptr addrspace(1) %q",
        "  ret void",
        "}",
        "",
        "declare float @llvm.fma.f32(float, float, float)",
        "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
        "",
        "; Launched with 256 threads a block.",
        'attributes #0 = { "nvvm.reqntid"="256" }',
    ]
    print("\n".join(out))


if __name__ == "__main__":
    main()
