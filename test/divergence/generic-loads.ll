; clang's CUDA IR reads a kernel's parameters and globals through generic
; pointers, and NVPTX calls every generic load divergent: such a pointer
; may hold a local address, which names each lane's own memory. A load at
; a uniform address of memory the warp has one copy of (a kernel's pointer
; parameters, which point to global memory; its by-value parameters that
; it never writes; global, shared and constant variables; what a pointer
; read from such memory points to) reads the same value in every lane: a
; branch on `grade->curve`, `p.mode[l]` or `args.modes[layer]` is
; uniform. Local memory, a pointer of unknown origin, a volatile load and a
; thread-dependent address stay divergent.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

%struct.Modes = type { [4 x i32] }
%struct.Args = type { ptr, i32 }

@table = addrspace(1) global [4 x i32] zeroinitializer
@tile = addrspace(3) global [32 x i32] undef

; CHECK-LABEL: function 'pointerParameter'
; CHECK-NEXT:  branch %entry: uniform (refined) on %c
; CHECK-NEXT:  summary: 0 divergent, 1 refined uniform, 0 uniform
define ptx_kernel void @pointerParameter(ptr readonly %grade, ptr %out) {
entry:
  %f = getelementptr inbounds i8, ptr %grade, i64 4
  %v = load i32, ptr %f
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %done

a:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; The same parameter at a thread's own address is divergent.
; CHECK-LABEL: function 'pointerParameterAtThread'
; CHECK-NEXT:  branch %entry: divergent if-only on %c
define ptx_kernel void @pointerParameterAtThread(ptr readonly %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr %in, i32 %tid
  %v = load i32, ptr %p
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %done

a:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; A by-value parameter the kernel only reads, at a uniform index (a loop
; over layers): one parameter buffer for the grid.
; CHECK-LABEL: function 'byValueParameter'
; CHECK:       branch %loop: uniform (refined) on %c
; CHECK:       summary: 0 divergent, 1 refined uniform, 1 uniform
define ptx_kernel void @byValueParameter(ptr readonly byval(%struct.Modes) align 4 %modes, ptr %out) {
entry:
  br label %loop

loop:
  %l = phi i64 [ 0, %entry ], [ %next, %latch ]
  %p = getelementptr inbounds i32, ptr %modes, i64 %l
  %v = load i32, ptr %p
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %latch

a:
  store i32 1, ptr %out
  br label %latch

latch:
  %next = add i64 %l, 1
  %more = icmp ult i64 %next, 4
  br i1 %more, label %loop, label %done

done:
  ret void
}

; A by-value parameter the kernel writes is each thread's own copy.
; CHECK-LABEL: function 'byValueParameterWritten'
; CHECK-NEXT:  branch %entry: divergent if-only on %c
define ptx_kernel void @byValueParameterWritten(ptr byval(%struct.Modes) align 4 %modes, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %tid, ptr %modes
  %v = load i32, ptr %modes
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %done

a:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; Global and shared variables reached through generic pointers.
; CHECK-LABEL: function 'variables'
; CHECK-NEXT:  branch %entry: uniform (refined) on %c
; CHECK-NEXT:  branch %a: uniform (refined) on %d
; CHECK-NEXT:  summary: 0 divergent, 2 refined uniform, 0 uniform
define ptx_kernel void @variables(ptr %out) {
entry:
  %g = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(1) @table to ptr), i64 2
  %v = load i32, ptr %g
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %done

a:
  %s = load i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr)
  %d = icmp sgt i32 %s, 3
  br i1 %d, label %b, label %done

b:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; Pointers read from a by-value parameter struct and from global memory
; (`args.modes[layer]`, `scene->modes[k]`): the host wrote them, and a
; local address stored there would be no other thread's to use.
; CHECK-LABEL: function 'pointerMembers'
; CHECK-NEXT:  branch %entry: uniform (refined) on %c
; CHECK-NEXT:  branch %a: uniform (refined) on %d
; CHECK-NEXT:  summary: 0 divergent, 2 refined uniform, 0 uniform
define ptx_kernel void @pointerMembers(ptr readonly byval(%struct.Args) align 8 %args, ptr readonly %scene, i32 %layer, ptr %out) {
entry:
  %modes = load ptr, ptr %args
  %pm = getelementptr inbounds i32, ptr %modes, i32 %layer
  %m = load i32, ptr %pm
  %c = icmp eq i32 %m, 1
  br i1 %c, label %a, label %done

a:
  %sm = load ptr, ptr %scene
  %v = load i32, ptr %sm
  %d = icmp sgt i32 %v, 3
  br i1 %d, label %b, label %done

b:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; A pointer read at a lane's own address may be the lane's own local
; address (it stored it there): what it points to is the lane's.
; CHECK-LABEL: function 'pointerPerLane'
; CHECK-NEXT:  branch %entry: divergent if-only on %c
define ptx_kernel void @pointerPerLane(ptr readonly %ptrs, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pp = getelementptr inbounds ptr, ptr %ptrs, i32 %tid
  %p = load ptr, ptr %pp
  %v = load i32, ptr %p
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %done

a:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; A local array: each lane reads its own memory at the same address.
; CHECK-LABEL: function 'localArray'
; CHECK-NEXT:  branch %entry: divergent if-only on %c
define ptx_kernel void @localArray(ptr %out) {
entry:
  %a = alloca [4 x i32], align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %tid, ptr %a
  %v = load i32, ptr %a
  %c = icmp eq i32 %v, 0
  br i1 %c, label %x, label %done

x:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; A pointer made from an integer may hold a local address; a volatile
; load may read what another lane just wrote; either of two objects, one
; of them local, is as divergent as the local one.
; CHECK-LABEL: function 'unknownOrigin'
; CHECK-NEXT:  branch %entry: divergent if-only on %c
; CHECK:       branch %a: divergent if-only on %d
; CHECK:       branch %b: divergent if-only on %e
; CHECK:       summary: 3 divergent, 0 refined uniform, 0 uniform
define ptx_kernel void @unknownOrigin(ptr readonly %pp, ptr %out, i1 %which) {
entry:
  %bits = load i64, ptr %pp
  %p = inttoptr i64 %bits to ptr
  %v = load i32, ptr %p
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %done

a:
  %w = load volatile i32, ptr %pp
  %d = icmp eq i32 %w, 0
  br i1 %d, label %b, label %done

b:
  %l = alloca i32, align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %tid, ptr %l
  %q = select i1 %which, ptr %pp, ptr %l
  %x = load i32, ptr %q
  %e = icmp eq i32 %x, 0
  br i1 %e, label %s, label %done

s:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

; A device function's pointer parameter is divergent to begin with.
; CHECK-LABEL: function 'device'
; CHECK-NEXT:  branch %entry: divergent if-only on %c
define void @device(ptr %in, ptr %out) {
entry:
  %v = load i32, ptr %in
  %c = icmp eq i32 %v, 0
  br i1 %c, label %a, label %done

a:
  store i32 1, ptr %out
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
