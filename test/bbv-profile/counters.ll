; bbv-profile adds k_$_divopt_$_bbv: each basic block adds 1 to its slot of
; a per-thread counter array; at return the thread writes the array to its
; row of the buffer appended as the last parameter (row = linear thread
; index in the launch), followed by the address its global store had the
; first time it ran (two words). Beside it, the block map names each
; counter's block and its instructions per operation class, and each
; sampled access's block, size and kind. The original is kept.
; RUN: %divopt-opt -passes=bbv-profile -pass-remarks=divopt -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %divopt-opt -passes=bbv-profile -S %s | %divopt-opt -passes=bbv-profile -pass-remarks-missed=divopt -disable-output 2>&1 | FileCheck %s --check-prefix=TWICE

; REMARK: remark: {{.*}} kernel k instrumented as k_$_divopt_$_bbv: 3 basic-block counters per thread, all threads; map in k_$_divopt_$_bbv_$_map
; TWICE: kernel k not instrumented: the module already holds k_$_divopt_$_bbv

; The map: per block, its instructions in each class of
; analysis/InstructionCost.h (loop: 2 phis free, fmul and fadd fp32, add and
; compare int, the branch; exit: the phi, the store, the return); the
; store of 4 bytes in block 2 is access 0.
; CHECK: @"k_$_divopt_$_bbv_$_map" = addrspace(1) constant [{{[0-9]+}} x i8] c"divopt-bbv 2\0Akernel k\0Aclasses free fp32 fp64 fp16 int imul int64 cvt sfu div mem atomic branch jump call\0Ablock 0 entry 0 0 0 0 5 1 0 0 0 0 0 0 1 0 0\0Ablock 1 loop 2 2 0 0 2 0 0 0 0 0 0 0 1 0 0\0Ablock 2 exit 1 0 0 0 0 0 0 0 0 0 1 0 0 1 0\0Aaccess 0 2 4 store\0A\00"

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NOT: divopt
; CHECK: ret void

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %trips) {
entry:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %b
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %m, %t
  %n = icmp sgt i32 %i, 0
  br i1 %n, label %loop, label %exit
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %x = phi float [ 1.0, %entry ], [ %x2, %loop ]
  %x1 = fmul float %x, 1.5
  %x2 = fadd float %x1, 1.0
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, %i
  br i1 %more, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %x2, %loop ]
  store float %r, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_bbv"(ptr addrspace(1) %out, ptr addrspace(1) %trips, ptr %divopt.counters)
; CHECK-NEXT: entry:
; CHECK-NEXT: %divopt.bbv = alloca [3 x i32], align 4
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 %divopt.bbv, i8 0, i64 12, i1 false)
; CHECK-NEXT: %divopt.addr = alloca [1 x i64], align 8
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 8 %divopt.addr, i8 0, i64 8, i1 false)
; CHECK: %divopt.tid = add i64
; CHECK: %divopt.ctaid = add i64
; CHECK: %divopt.thread = add i64 %{{.+}}, %divopt.tid
; CHECK: %[[E:.+]] = getelementptr inbounds [3 x i32], ptr %divopt.bbv, i32 0, i32 0
; CHECK-NEXT: %[[EV:.+]] = load i32, ptr %[[E]]
; CHECK-NEXT: %[[EI:.+]] = add i32 %[[EV]], 1
; CHECK-NEXT: store i32 %[[EI]], ptr %[[E]]
; CHECK-NEXT: %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK: loop:
; CHECK-NEXT: %k = phi
; CHECK-NEXT: %x = phi
; CHECK-NEXT: %[[L:.+]] = getelementptr inbounds [3 x i32], ptr %divopt.bbv, i32 0, i32 1
; CHECK: exit:
; CHECK-NEXT: %r = phi
; CHECK-NEXT: getelementptr inbounds [3 x i32], ptr %divopt.bbv, i32 0, i32 2
; The address is kept only while the slot is still 0 (first execution).
; CHECK: %[[AS:.+]] = getelementptr inbounds [1 x i64], ptr %divopt.addr, i32 0, i32 0
; CHECK-NEXT: %[[OLD:.+]] = load i64, ptr %[[AS]]
; CHECK-NEXT: %[[NOW:.+]] = ptrtoint ptr addrspace(1) %out to i64
; CHECK-NEXT: %[[FIRST:.+]] = icmp eq i64 %[[OLD]], 0
; CHECK-NEXT: %[[KEEP:.+]] = select i1 %[[FIRST]], i64 %[[NOW]], i64 %[[OLD]]
; CHECK-NEXT: store i64 %[[KEEP]], ptr %[[AS]]
; CHECK-NEXT: store float %r, ptr addrspace(1) %out
; CHECK-NEXT: %[[ROW:.+]] = mul i64 %divopt.thread, 5
; CHECK-NEXT: %[[BASE:.+]] = getelementptr inbounds i32, ptr %divopt.counters, i64 %[[ROW]]
; CHECK: %[[C0:.+]] = load i32, ptr %{{.+}}
; CHECK-NEXT: %[[S0:.+]] = getelementptr inbounds i32, ptr %[[BASE]], i64 0
; CHECK-NEXT: store i32 %[[C0]], ptr %[[S0]], align 4
; CHECK: store i32 %{{.+}}, ptr %{{.+}}, align 4
; CHECK: %[[C2:.+]] = load i32
; CHECK-NEXT: %[[S2:.+]] = getelementptr inbounds i32, ptr %[[BASE]], i64 2
; CHECK-NEXT: store i32 %[[C2]], ptr %[[S2]], align 4
; CHECK-NEXT: %[[A0:.+]] = getelementptr inbounds [1 x i64], ptr %divopt.addr, i32 0, i32 0
; CHECK-NEXT: %[[AV:.+]] = load i64, ptr %[[A0]]
; CHECK-NEXT: %[[AW:.+]] = getelementptr inbounds i32, ptr %[[BASE]], i64 3
; CHECK-NEXT: store i64 %[[AV]], ptr %[[AW]], align 4
; CHECK-NEXT: ret void

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
