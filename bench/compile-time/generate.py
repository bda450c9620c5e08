#!/usr/bin/env python3
"""Writes the large kernels of DivOpt's compile-time benchmark:

    generate.py straight N   N divergent if/else one after another
    generate.py loop N       the same N in the body of one loop
    generate.py switch N     a divergent switch of N cases

NVVM IR for `opt`, in the shape clang gives a CUDA kernel: each branch
tests a bit of the thread's own input (divergent), and each arm does 8
operations on a running value, the two arms alike up to their constants
(what branch distribution melds), so -O3 keeps every branch. After -O3
the arms hold 6 instructions each: ptxas would predicate them, so that
the default pipeline tries every meld on a copy and refuses it, and
`branch-dist<force>` melds them (MaxMeldsPerFunction of them).
"""

import sys

HEAD = ['target datalayout = "e-p6:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"',
        'target triple = "nvptx64-nvidia-cuda"', ""]
ATTRS = ['attributes #0 = { convergent mustprogress nounwind '
         '"target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }']
TAIL = ["", "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
        "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()",
        "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()", ""] + ATTRS

PROLOGUE = [
    "entry:",
    "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
    "  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()",
    "  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()",
    "  %base = mul i32 %cta, %ntid",
    "  %gid = add i32 %base, %tid",
    "  %idx = zext i32 %gid to i64",
    "  %inp = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx",
    "  %bits = load i32, ptr addrspace(1) %inp, align 4",
]


def arm(label, v, j, k, join):
    """8 operations on %v: alike in both arms up to the constants k."""
    p = f"%{label}"
    return [f"{label}:",
            f"  {p}.1 = mul i32 {v}, {3 + k}",
            f"  {p}.2 = add i32 {p}.1, {j * 7 + k}",
            f"  {p}.3 = xor i32 {p}.2, {0x55 + k}",
            f"  {p}.4 = lshr i32 {p}.3, {1 + k % 3}",
            f"  {p}.5 = add i32 {p}.4, {p}.1",
            f"  {p}.6 = mul i32 {p}.5, {5 + 2 * k}",
            f"  {p}.7 = sub i32 {p}.6, %bits",
            f"  {p}.8 = or i32 {p}.7, {1 + k}",
            f"  br label %{join}"]


def diamonds(n, v0, first, last):
    """n if/else on bits of %bits; the first test is in block `first`
    (its label already written), the running value ends in %v<n> at the top
    of block `last`, where the caller goes on."""
    out, v = [], v0
    for j in range(n):
        join = last if j == n - 1 else f"h{j + 1}"
        out += [f"  %m{j} = and i32 %bits, {1 << (j % 31)}",
                f"  %c{j} = icmp ne i32 %m{j}, 0",
                f"  br i1 %c{j}, label %t{j}, label %e{j}"]
        out += arm(f"t{j}", v, j, 0, join) + arm(f"e{j}", v, j, 1, join)
        v = f"%v{j + 1}"
        out += [f"{join}:",
                f"  {v} = phi i32 [ %t{j}.8, %t{j} ], [ %e{j}.8, %e{j} ]"]
    return out


def straight(n):
    return (["define ptx_kernel void @straight(ptr addrspace(1) noalias %in, "
             "ptr addrspace(1) noalias %out) #0 {"] + PROLOGUE
            + ["  br label %d0", "d0:"] + diamonds(n, "%gid", "d0", "done")
            + ["  %outp = getelementptr inbounds i32, ptr addrspace(1) %out, "
               "i64 %idx",
               f"  store i32 %v{n}, ptr addrspace(1) %outp, align 4",
               "  ret void", "}"])


def loop(n):
    return (["define ptx_kernel void @loop(ptr addrspace(1) noalias %in, "
             "ptr addrspace(1) noalias %out, i32 %trips) #0 {"] + PROLOGUE
            + ["  %any = icmp sgt i32 %trips, 0",
               "  br i1 %any, label %d0, label %exit", "d0:",
               "  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]",
               "  %acc = phi i32 [ %gid, %entry ], [ %v" + str(n) + ", %latch ]"]
            + diamonds(n, "%acc", "d0", "latch")
            + ["  %i.next = add nuw nsw i32 %i, 1",
               "  %more = icmp slt i32 %i.next, %trips",
               "  br i1 %more, label %d0, label %exit", "exit:",
               f"  %r = phi i32 [ %gid, %entry ], [ %v{n}, %latch ]",
               "  %outp = getelementptr inbounds i32, ptr addrspace(1) %out, "
               "i64 %idx",
               "  store i32 %r, ptr addrspace(1) %outp, align 4",
               "  ret void", "}"])


def switch(n):
    out = (["define ptx_kernel void @switch(ptr addrspace(1) noalias %in, "
            "ptr addrspace(1) noalias %out) #0 {"] + PROLOGUE
           + ["  %outp = getelementptr inbounds i32, ptr addrspace(1) %out, "
              "i64 %idx",
              "  switch i32 %bits, label %default ["]
           + [f"    i32 {i}, label %c{i}" for i in range(n)] + ["  ]"])
    for i in range(n):
        out += [f"c{i}:", f"  %x{i} = mul i32 %gid, {i * 3 + 1}",
                f"  store i32 %x{i}, ptr addrspace(1) %outp, align 4",
                "  br label %join"]
    return out + ["default:", "  store i32 -1, ptr addrspace(1) %outp, align 4",
                  "  br label %join", "join:", "  ret void", "}"]


KINDS = {"straight": straight, "loop": loop, "switch": switch}


def generate(kind, n):
    return "\n".join(HEAD + KINDS[kind](n) + TAIL) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in KINDS:
        sys.exit(__doc__)
    sys.stdout.write(generate(sys.argv[1], int(sys.argv[2])))
