"""Prints a kernel of N divergent if/else one after another, outside any
loop, their values summed into one store at the end: each branch a legal
candidate for kernel splitting."""
import sys

n = int(sys.argv[1])
print('target triple = "nvptx64-nvidia-cuda"')
print("define ptx_kernel void @many(ptr addrspace(1) noalias %out) {")
print("entry:")
print("  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()")
print("  br label %b0")
for i in range(n):
    acc = "%tid" if i == 0 else f"%acc{i}"
    print(f"b{i}:")
    if i > 0:
        print(f"  %acc{i} = phi i32 [ %vt{i - 1}, %t{i - 1} ], [ %ve{i - 1}, %e{i - 1} ]")
    print(f"  %c{i} = icmp ult i32 %tid, {i + 1}")
    print(f"  br i1 %c{i}, label %t{i}, label %e{i}")
    print(f"t{i}:")
    print(f"  %vt{i} = mul i32 {acc}, {2 * i + 3}")
    print(f"  br label %b{i + 1}")
    print(f"e{i}:")
    print(f"  %ve{i} = add i32 {acc}, {2 * i + 5}")
    print(f"  br label %b{i + 1}")
print(f"b{n}:")
print(f"  %acc{n} = phi i32 [ %vt{n - 1}, %t{n - 1} ], [ %ve{n - 1}, %e{n - 1} ]")
print(f"  store i32 %acc{n}, ptr addrspace(1) %out")
print("  ret void")
print("}")
print("declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()")
