"""Writes the large hostile modules, too big to keep as text:

    generate.py arms N       a divergent if/else, each arm N instructions
    generate.py loop-arms N  the same at the top of a loop body
    generate.py switch N     a divergent switch with N cases
    generate.py branches N   N divergent if/else one after another in a loop
    generate.py fallthrough N  a divergent switch of N cases, each falling
                             through into the next (C's switch without break)
    generate.py switch-phi N a divergent switch of N empty cases whose join
                             PHI takes a constant from each
    generate.py switches N   N divergent three-way switches one after
                             another, whose ways hold instructions of one
                             kind that pair with none of the others'
    generate.py warp-chain N N if/else one after another on loads of a
                             warp's table, each compared with the PHI of
                             the one before
    generate.py warp-exits N a grid-stride loop over warps left at N
                             divergent branches
    generate.py pointer-merges N  three switches of N ways one after
                             another, each way reading a pointer through the
                             pointer the switch before merged, the last
                             merge read and branched on
"""

import sys

HEAD = ['target triple = "nvptx64-nvidia-cuda"', ""]
TAIL = ["", "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()"]
TID = "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()"


def arm(name, n, start, step, succ):
    """n instructions: n - 1 dependent adds and a store."""
    out, prev = [f"{name}:"], start
    for i in range(n - 1):
        out.append(f"  %{name}{i} = add i32 {prev}, {i * step + 1}")
        prev = f"%{name}{i}"
    out += [f"  store i32 {prev}, ptr addrspace(1) %out", f"  br label %{succ}"]
    return out


def arms(n):
    return (["define ptx_kernel void @k(ptr addrspace(1) %out) {", "entry:",
             TID, "  %c = icmp ult i32 %tid, 16",
             "  br i1 %c, label %t, label %e"]
            + arm("t", n, "%tid", 7, "join") + arm("e", n, "%tid", 5, "join")
            + ["join:", "  ret void", "}"])


def loop_arms(n):
    return (["define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {",
             "entry:", TID, "  br label %body", "body:",
             "  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]",
             "  %x = add i32 %i, %tid", "  %c = icmp ult i32 %x, 16",
             "  br i1 %c, label %t, label %e"]
            + arm("t", n, "%x", 7, "latch") + arm("e", n, "%x", 5, "latch")
            + ["latch:", "  %i.next = add i32 %i, 1",
               "  %exit = icmp eq i32 %i.next, %n",
               "  br i1 %exit, label %done, label %body",
               "done:", "  ret void", "}"])


def switch(n):
    out = ["define ptx_kernel void @k(ptr addrspace(1) %out) {", "entry:", TID,
           "  switch i32 %tid, label %default ["]
    out += [f"    i32 {i}, label %c{i}" for i in range(n)] + ["  ]"]
    for i in range(n):
        out += [f"c{i}:", f"  store i32 {i * 3}, ptr addrspace(1) %out",
                "  br label %join"]
    return out + ["default:", "  store i32 -1, ptr addrspace(1) %out",
                  "  br label %join", "join:", "  ret void", "}"]


def branches(n):
    out = ["define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {",
           "entry:", TID, "  br label %b0", "b0:",
           f"  %i = phi i32 [ 0, %entry ], [ %i.next, %b{n} ]"]
    for j in range(n):
        out += [f"  %c{j} = icmp ult i32 %tid, {j}",
                f"  br i1 %c{j}, label %t{j}, label %e{j}",
                f"t{j}:", f"  %a{j} = mul i32 %i, {j + 3}",
                f"  store i32 %a{j}, ptr addrspace(1) %out",
                f"  br label %b{j + 1}",
                f"e{j}:", f"  %x{j} = mul i32 %i, {j + 5}",
                f"  store i32 %x{j}, ptr addrspace(1) %out",
                f"  br label %b{j + 1}", f"b{j + 1}:"]
    return out + ["  %i.next = add i32 %i, 1", "  %e = icmp ult i32 %i.next, %n",
                  "  br i1 %e, label %b0, label %exit", "exit:", "  ret void",
                  "}"]


def fallthrough(n):
    out = ["define ptx_kernel void @k(ptr addrspace(1) %out) {", "entry:", TID,
           "  switch i32 %tid, label %join ["]
    out += [f"    i32 {i}, label %c{i}" for i in range(n)] + ["  ]"]
    for i in range(n):
        nxt = f"c{i + 1}" if i + 1 < n else "join"
        out += [f"c{i}:", f"  store volatile i32 {i}, ptr addrspace(1) %out",
                f"  br label %{nxt}"]
    return out + ["join:", "  ret void", "}"]


def switch_phi(n):
    out = ["define ptx_kernel void @k(ptr addrspace(1) %out) {", "entry:", TID,
           "  switch i32 %tid, label %default ["]
    out += [f"    i32 {i}, label %c{i}" for i in range(n)] + ["  ]"]
    for i in range(n):
        out += [f"c{i}:", "  br label %join"]
    incoming = ", ".join(f"[ {i * 3}, %c{i} ]" for i in range(n))
    return out + ["default:", "  br label %join", "join:",
                  f"  %v = phi i32 {incoming}, [ -1, %default ]",
                  "  store i32 %v, ptr addrspace(1) %out", "  ret void", "}"]


def switches(n):
    out = ["define ptx_kernel void @k(ptr addrspace(1) %out, float %f, "
           "float %g, float %h) {", "entry:", TID,
           "  %e0 = uitofp i32 %tid to float", "  br label %s0"]
    for i in range(n):
        e = f"%e{i}"
        out += [f"s{i}:", f"  %k{i} = fptoui float {e} to i32",
                f"  %m{i} = and i32 %k{i}, 3",
                f"  switch i32 %m{i}, label %z{i} [ i32 0, label %x{i}",
                f"                                i32 1, label %y{i} ]",
                f"x{i}:", f"  %x{i}a = fmul float {e}, %f",
                f"  %x{i}b = fadd float %x{i}a, %g", f"  br label %j{i}",
                f"y{i}:", f"  %y{i}a = fmul float %g, %h",
                f"  %y{i}b = fadd float {e}, %y{i}a", f"  br label %j{i}",
                f"z{i}:", f"  %z{i}a = fmul float %f, %h",
                f"  %z{i}b = fadd float %z{i}a, %z{i}a", f"  br label %j{i}",
                f"j{i}:",
                f"  %e{i + 1} = phi float [ %x{i}b, %x{i} ], [ %y{i}b, %y{i} ], "
                f"[ %z{i}b, %z{i} ]",
                f"  br label %s{i + 1}"]
    return out + [f"s{n}:", f"  store float %e{n}, ptr addrspace(1) %out",
                  "  ret void", "}"]


def pointer_merges(n):
    out = ["define ptx_kernel void @k(ptr readonly %base, ptr %out, "
           "i32 %sel) {", "entry:", "  br label %h1"]
    prev = "%base"
    for level in (1, 2, 3):
        out += [f"h{level}:", f"  switch i32 %sel, label %j{level} ["]
        out += [f"    i32 {i}, label %w{level}_{i}" for i in range(n)]
        out += ["  ]"]
        for i in range(n):
            out += [f"w{level}_{i}:",
                    f"  %g{level}_{i} = getelementptr ptr, ptr {prev}, i32 {i}",
                    f"  %p{level}_{i} = load ptr, ptr %g{level}_{i}",
                    f"  br label %j{level}"]
        incoming = ", ".join([f"[ %p{level}_{i}, %w{level}_{i} ]"
                              for i in range(n)] + [f"[ {prev}, %h{level} ]"])
        following = f"h{level + 1}" if level < 3 else "last"
        out += [f"j{level}:", f"  %m{level} = phi ptr {incoming}",
                f"  br label %{following}"]
        prev = f"%m{level}"
    return out + ["last:", "  %v = load i32, ptr %m3",
                  "  %c = icmp eq i32 %v, 0",
                  "  br i1 %c, label %a, label %done",
                  "a:", "  store i32 1, ptr %out", "  br label %done",
                  "done:", "  ret void", "}"]


def warp_chain(n):
    """n if/else one after another, each on a load of a warp's table entry
    compared with what the PHI of the one before it chose."""
    out = ["define ptx_kernel void @k(ptr addrspace(1) %t, "
           "ptr addrspace(1) %out) {", "entry:", TID,
           "  %w = lshr i32 %tid, 5", "  br label %b0"]
    for k in range(n):
        acc = "0" if k == 0 else f"%acc{k - 1}"
        out += [f"b{k}:", f"  %i{k} = add i32 %w, {k}",
                f"  %p{k} = getelementptr inbounds float, "
                f"ptr addrspace(1) %t, i32 %i{k}",
                f"  %v{k} = load float, ptr addrspace(1) %p{k}",
                f"  %f{k} = sitofp i32 {acc} to float",
                f"  %c{k} = fcmp olt float %v{k}, %f{k}",
                f"  br i1 %c{k}, label %t{k}, label %e{k}",
                f"t{k}:", f"  %x{k} = fmul float %v{k}, 3.0",
                f"  br label %j{k}",
                f"e{k}:", f"  %y{k} = fmul float %v{k}, 5.0",
                f"  br label %j{k}",
                f"j{k}:",
                f"  %r{k} = phi float [ %x{k}, %t{k} ], [ %y{k}, %e{k} ]",
                f"  %acc{k} = fptosi float %r{k} to i32",
                f"  br label %b{k + 1}"]
    return out + [f"b{n}:", f"  store i32 %acc{n - 1}, ptr addrspace(1) %out",
                  "  ret void", "}"]


def warp_exits(n):
    """A grid-stride loop over warps whose body leaves it at n divergent
    branches: each one's lanes part for the whole loop."""
    out = ["define ptx_kernel void @k(ptr addrspace(1) %t, i32 %m) {",
           "entry:", TID, "  %w = lshr i32 %tid, 5", "  br label %head",
           "head:", "  %p = phi i32 [ %w, %entry ], [ %p.next, %latch ]",
           "  br label %b0"]
    for k in range(n):
        out += [f"b{k}:", f"  %i{k} = add i32 %p, {k}",
                f"  %q{k} = getelementptr inbounds i32, "
                f"ptr addrspace(1) %t, i32 %i{k}",
                f"  %v{k} = load i32, ptr addrspace(1) %q{k}",
                f"  %c{k} = icmp ugt i32 %v{k}, %tid",
                f"  br i1 %c{k}, label %exit, label %b{k + 1}"]
    return out + [f"b{n}:", "  br label %latch", "latch:",
                  "  %p.next = add i32 %p, 64",
                  "  %more = icmp slt i32 %p.next, %m",
                  "  br i1 %more, label %head, label %exit",
                  "exit:", "  ret void", "}"]


KINDS = {"arms": arms, "loop-arms": loop_arms, "switch": switch,
         "branches": branches, "fallthrough": fallthrough,
         "switch-phi": switch_phi, "switches": switches,
         "pointer-merges": pointer_merges, "warp-chain": warp_chain,
         "warp-exits": warp_exits}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in KINDS:
        sys.exit(__doc__)
    print("\n".join(HEAD + KINDS[sys.argv[1]](int(sys.argv[2])) + TAIL))
