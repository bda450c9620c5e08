; An atomic on a warp-uniform address pairs only with one on the same
; address. Each arm's atomic in @work_list runs on a warp-uniform address
; (a work list's two ends), which ptxas serves once a warp; melded, the
; address would be selected and the atomic would run once a lane
; (bench/atomics/workq.cu, fillWorkList: 15-27x slower on an H100). So
; nothing pairs, even forced, and the remark says why. Atomics on one
; address with different operands still meld, the operand selected, and so
; do atomics on per-lane addresses. A pointer loaded from a uniform address
; (a parameter struct's field) is uniform too.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll

; REMARK: divergent branch not distributed: no instruction of one arm matches one of the other (1+1 instructions); an atomic on a warp-uniform address pairs only with one on the same address: with its address selected, it would run once a lane, not once a warp
; REMARK: divergent branch not distributed: no instruction of one arm matches one of the other (2+2 instructions); an atomic on a warp-uniform address
; REMARK: distributed divergent branch: melded 1 pairs of 1+1 instructions with 1 selects, 0 divergent blocks remain
; REMARK: distributed divergent branch: melded 2 pairs of 2+2 instructions with 2 selects, 0 divergent blocks remain
; REMARK: divergent branch not distributed: no instruction of one arm matches one of the other (2+3 instructions); an atomic on a warp-uniform address
; REMARK: distributed divergent branch: melded 1 pairs of 1+1 instructions with 2 selects, 0 divergent blocks remain
; REMARK: distributed divergent branch: melded 2 pairs of 2+2 instructions with

target triple = "nvptx64-nvidia-cuda"

%WorkList = type { ptr, ptr, ptr }

@low = internal addrspace(1) global i32 0
@high = internal addrspace(1) global i32 0

; CHECK-LABEL: define ptx_kernel void @work_list(
; CHECK:       then:
; CHECK-NEXT:    %lo = atomicrmw add ptr addrspace(1) @low, i32 1 monotonic
; CHECK:       else:
; CHECK-NEXT:    %hi = atomicrmw add ptr addrspace(1) @high, i32 -1 monotonic
define ptx_kernel void @work_list(ptr addrspace(1) %deg, ptr addrspace(1) %list) {
entry:
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %deg, i32 %v
  %d = load i32, ptr addrspace(1) %p
  %small = icmp sle i32 %d, 16
  br i1 %small, label %then, label %else

then:
  %lo = atomicrmw add ptr addrspace(1) @low, i32 1 monotonic
  br label %join

else:
  %hi = atomicrmw add ptr addrspace(1) @high, i32 -1 monotonic
  br label %join

join:
  %idx = phi i32 [ %lo, %then ], [ %hi, %else ]
  %slot = getelementptr i32, ptr addrspace(1) %list, i32 %idx
  store i32 %v, ptr addrspace(1) %slot
  ret void
}

; Per-block counters: the address is computed from the block's index and a
; kernel argument, the same for every lane of a warp. The two addresses do
; not meld either: selected, the atomics in the arms would have per-lane
; addresses as well.
; CHECK-LABEL: define ptx_kernel void @per_block(
; CHECK:       then:
; CHECK-NEXT:    %plo = getelementptr i32, ptr addrspace(1) %lows, i32 %blk
; CHECK-NEXT:    %lo = atomicrmw add ptr addrspace(1) %plo, i32 1 monotonic
define ptx_kernel void @per_block(ptr addrspace(1) %deg, ptr addrspace(1) %lows, ptr addrspace(1) %highs, ptr addrspace(1) %out) {
entry:
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %blk = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %p = getelementptr i32, ptr addrspace(1) %deg, i32 %v
  %d = load i32, ptr addrspace(1) %p
  %small = icmp sle i32 %d, 16
  br i1 %small, label %then, label %else

then:
  %plo = getelementptr i32, ptr addrspace(1) %lows, i32 %blk
  %lo = atomicrmw add ptr addrspace(1) %plo, i32 1 monotonic
  br label %join

else:
  %phi = getelementptr i32, ptr addrspace(1) %highs, i32 %blk
  %hi = atomicrmw add ptr addrspace(1) %phi, i32 1 monotonic
  br label %join

join:
  %r = phi i32 [ %lo, %then ], [ %hi, %else ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %v
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: define ptx_kernel void @one_counter(
; CHECK:         [[N:%.*]] = select i1 %small, i32 1, i32 3
; CHECK-NEXT:    %o = atomicrmw add ptr addrspace(1) @low, i32 [[N]] monotonic
define ptx_kernel void @one_counter(ptr addrspace(1) %deg, ptr addrspace(1) %out) {
entry:
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %deg, i32 %v
  %d = load i32, ptr addrspace(1) %p
  %small = icmp sle i32 %d, 16
  br i1 %small, label %then, label %else

then:
  %o = atomicrmw add ptr addrspace(1) @low, i32 1 monotonic
  br label %join

else:
  %o3 = atomicrmw add ptr addrspace(1) @low, i32 3 monotonic
  br label %join

join:
  %r = phi i32 [ %o, %then ], [ %o3, %else ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %v
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; Per-lane addresses (a union-find's hooking CAS: the lower root hooks
; under the other) have no aggregation to lose: they meld, address and
; operands selected.
; CHECK-LABEL: define ptx_kernel void @hook(
; CHECK:         %b.sel = select i1 %lt, i32 %b, i32 %a
; CHECK-NEXT:    %pa = getelementptr i32, ptr addrspace(1) %stat, i32 %b.sel
; CHECK-NEXT:    %a.sel = select i1 %lt, i32 %a, i32 %b
; CHECK-NEXT:    %xa = cmpxchg ptr addrspace(1) %pa, i32 %b.sel, i32 %a.sel monotonic monotonic
define ptx_kernel void @hook(ptr addrspace(1) %stat, ptr addrspace(1) %pairs) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pp = getelementptr [2 x i32], ptr addrspace(1) %pairs, i32 %t
  %a = load i32, ptr addrspace(1) %pp
  %pp1 = getelementptr i32, ptr addrspace(1) %pp, i32 1
  %b = load i32, ptr addrspace(1) %pp1
  %lt = icmp slt i32 %a, %b
  br i1 %lt, label %then, label %else

then:
  %pa = getelementptr i32, ptr addrspace(1) %stat, i32 %b
  %xa = cmpxchg ptr addrspace(1) %pa, i32 %b, i32 %a monotonic monotonic
  br label %join

else:
  %pb = getelementptr i32, ptr addrspace(1) %stat, i32 %a
  %xb = cmpxchg ptr addrspace(1) %pb, i32 %a, i32 %b monotonic monotonic
  br label %join

join:
  ret void
}

; The counters' pointers in a parameter struct passed by value, as most
; application code passes them: every lane loads the same pointer, and
; ptxas still serves each atomic once a warp (workq.cu, fillByValue:
; melded 15-27x slower on an H100). Nothing pairs.
; CHECK-LABEL: define ptx_kernel void @by_value(
; CHECK:       then:
; CHECK-NEXT:    %lowp = load ptr, ptr %wl
; CHECK-NEXT:    %lo = atomicrmw add ptr %lowp, i32 1 monotonic
; CHECK:       else:
; CHECK-NEXT:    %highpp = getelementptr i8, ptr %wl, i64 8
; CHECK-NEXT:    %highp = load ptr, ptr %highpp
; CHECK-NEXT:    %hi = atomicrmw add ptr %highp, i32 -1 monotonic
define ptx_kernel void @by_value(ptr addrspace(1) %deg, ptr byval(%WorkList) align 8 %wl) {
entry:
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %deg, i32 %v
  %d = load i32, ptr addrspace(1) %p
  %small = icmp sle i32 %d, 16
  br i1 %small, label %then, label %else

then:
  %lowp = load ptr, ptr %wl
  %lo = atomicrmw add ptr %lowp, i32 1 monotonic
  br label %join

else:
  %highpp = getelementptr i8, ptr %wl, i64 8
  %highp = load ptr, ptr %highpp
  %hi = atomicrmw add ptr %highp, i32 -1 monotonic
  br label %join

join:
  %r = phi i32 [ %lo, %then ], [ %hi, %else ]
  %itemsp = getelementptr i8, ptr %wl, i64 16
  %items = load ptr, ptr %itemsp
  %slot = getelementptr i32, ptr %items, i32 %r
  store i32 %v, ptr %slot
  ret void
}

; Pointers each lane loads from its own slot are per-lane addresses: their
; atomics meld, the loaded pointer selected.
; CHECK-LABEL: define ptx_kernel void @per_lane_pointers(
; CHECK:         [[A:%.*]] = select i1 %small, ptr addrspace(1) %lp, ptr addrspace(1) %hp
; CHECK:         atomicrmw add ptr addrspace(1) [[A]], i32
; CHECK-NOT:     atomicrmw
; CHECK:         ret void
define ptx_kernel void @per_lane_pointers(ptr addrspace(1) %deg, ptr addrspace(1) %lows, ptr addrspace(1) %highs) {
entry:
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %deg, i32 %v
  %d = load i32, ptr addrspace(1) %p
  %small = icmp sle i32 %d, 16
  %lpp = getelementptr ptr addrspace(1), ptr addrspace(1) %lows, i32 %v
  %lp = load ptr addrspace(1), ptr addrspace(1) %lpp
  %hpp = getelementptr ptr addrspace(1), ptr addrspace(1) %highs, i32 %v
  %hp = load ptr addrspace(1), ptr addrspace(1) %hpp
  br i1 %small, label %then, label %else

then:
  %lo = atomicrmw add ptr addrspace(1) %lp, i32 1 monotonic
  br label %join

else:
  %hi = atomicrmw add ptr addrspace(1) %hp, i32 -1 monotonic
  br label %join

join:
  ret void
}

; A melded access claims the smaller of the two alignments, atomics too:
; the selected address may be either arm's.
; CHECK-LABEL: define ptx_kernel void @alignments(
; CHECK:         atomicrmw add ptr addrspace(1) %{{.*}}, i64 1 monotonic, align 4
; CHECK:         cmpxchg ptr addrspace(1) %{{.*}}, i32 0, i32 1 monotonic monotonic, align 4
define ptx_kernel void @alignments(ptr addrspace(1) %deg, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %v = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %deg, i32 %v
  %d = load i32, ptr addrspace(1) %p
  %small = icmp sle i32 %d, 16
  %pa = getelementptr i64, ptr addrspace(1) %a, i32 %v
  %pb = getelementptr i8, ptr addrspace(1) %b, i32 %d
  br i1 %small, label %then, label %else

then:
  %x = atomicrmw add ptr addrspace(1) %pa, i64 1 monotonic, align 8
  %cx = cmpxchg ptr addrspace(1) %pa, i32 0, i32 1 monotonic monotonic, align 8
  br label %join

else:
  %y = atomicrmw add ptr addrspace(1) %pb, i64 1 monotonic, align 4
  %cy = cmpxchg ptr addrspace(1) %pb, i32 0, i32 1 monotonic monotonic, align 4
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
