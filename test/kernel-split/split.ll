; kernel-split on a kernel whose heavy arm (80 live floats: a chain of
; multiplies through 80 loaded values, then a sum of every link, last to
; first, so that all 80 are live at once in any schedule; ptxas -v: 101
; registers) caps occupancy at 25% while its light arm (a chain of
; dependent loads, which needs every warp it can get to hide their
; latency) needs few registers: split by the cost model alone, into one
; kernel per way, each evaluating the condition and returning where a
; thread takes the other way (each way copied into its part: sharing a
; way is shared-way.ll's). The original kernel stays as it was; the launch
; plan names both parts in PTX spelling; ptxas accepts every kernel.
; The light part's loop is one block with a counted exit, which ptxas
; unrolls and pipelines: the estimate counts its loads in flight, 16
; registers (10 for the body alone; ptxas -v at llc -O3: 14).
; RUN: %divopt-opt -passes=kernel-split -divopt-split-share-min-instructions=0 -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -S %s -o %t.orig.ll
; RUN: sed -n '/^define ptx_kernel void @k(/,/^}/p' %t.orig.ll > %t.k.orig
; RUN: sed -n '/^define ptx_kernel void @k(/,/^}/p' %t.ll > %t.k.after
; RUN: diff %t.k.orig %t.k.after
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; RUN: %if ptxas %{ grep -c '^.visible .entry k_$_divopt_$_\(then\|else\)(' %t.ptx | FileCheck %s --check-prefix=PTX %}

target triple = "nvptx64-nvidia-cuda"

; CHECK: @"__divopt_launch_plan_$_k" = addrspace(1) constant [{{[0-9]+}} x i8] c"divopt-launch-plan 2\0Ak k_$_divopt_$_then k_$_divopt_$_else\0A\00", align 1

; REMARK: remark: <unknown>:0:0: kernel k split into k_$_divopt_$_then, k_$_divopt_$_else (launched in this order for k): registers 87 -> 16 (then), 87 (else); occupancy 25.0% -> 100.0% (then), 25.0% (else) at 256 threads/block (reqntid) on sm_90; cost {{[0-9.]+}} -> {{[0-9.]+}} (then), {{[0-9.]+}} (else), 3% per extra launch; predicted speedup {{[1-9]\.[0-9][0-9]}}x (threshold 1.10x)
; REMARK-NOT: remark

; The light part: the heavy way returns at the branch, the heavy arm is gone.
; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_then"(
; CHECK-SAME: #[[PART:[0-9]+]]
; CHECK: br i1 %light, label %lightloop, label %divopt.other.way
; CHECK-NOT: fmul
; CHECK: store i32
; CHECK: divopt.other.way:
; CHECK-NEXT: ret void

; The heavy part: the light way returns, the loop is gone.
; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_else"(
; CHECK: br i1 %light, label %divopt.other.way, label %heavy
; CHECK-NOT: lightloop
; CHECK: fmul
; CHECK: store i32
; CHECK: divopt.other.way:
; CHECK-NEXT: ret void

; CHECK: attributes #[[PART]] = { "divopt-split-part"="k" "nvvm.reqntid"="256" }

; PTX: 2

define ptx_kernel void @k(ptr addrspace(1) noalias readonly %flag, ptr addrspace(1) noalias readonly %coef, ptr addrspace(1) noalias %out, float %x) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %idx = zext i32 %gid to i64
  %fp = getelementptr inbounds i32, ptr addrspace(1) %flag, i64 %idx
  %f = load i32, ptr addrspace(1) %fp, align 4
  %light = icmp eq i32 %f, 0
  br i1 %light, label %lightloop, label %heavy

lightloop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %lightloop ]
  %acc = phi i32 [ %gid, %entry ], [ %acc.next, %lightloop ]
  %row = and i32 %acc, 1023
  %tp = getelementptr inbounds i32, ptr addrspace(1) %flag, i32 %row
  %next = load i32, ptr addrspace(1) %tp, align 4
  %acc.next = xor i32 %next, %i
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 64
  br i1 %done, label %join, label %lightloop

heavy:
  %cp0 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 0
  %c0 = load float, ptr addrspace(1) %cp0, align 4
  %cp1 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 1
  %c1 = load float, ptr addrspace(1) %cp1, align 4
  %cp2 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 2
  %c2 = load float, ptr addrspace(1) %cp2, align 4
  %cp3 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 3
  %c3 = load float, ptr addrspace(1) %cp3, align 4
  %cp4 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 4
  %c4 = load float, ptr addrspace(1) %cp4, align 4
  %cp5 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 5
  %c5 = load float, ptr addrspace(1) %cp5, align 4
  %cp6 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 6
  %c6 = load float, ptr addrspace(1) %cp6, align 4
  %cp7 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 7
  %c7 = load float, ptr addrspace(1) %cp7, align 4
  %cp8 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 8
  %c8 = load float, ptr addrspace(1) %cp8, align 4
  %cp9 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 9
  %c9 = load float, ptr addrspace(1) %cp9, align 4
  %cp10 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 10
  %c10 = load float, ptr addrspace(1) %cp10, align 4
  %cp11 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 11
  %c11 = load float, ptr addrspace(1) %cp11, align 4
  %cp12 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 12
  %c12 = load float, ptr addrspace(1) %cp12, align 4
  %cp13 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 13
  %c13 = load float, ptr addrspace(1) %cp13, align 4
  %cp14 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 14
  %c14 = load float, ptr addrspace(1) %cp14, align 4
  %cp15 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 15
  %c15 = load float, ptr addrspace(1) %cp15, align 4
  %cp16 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 16
  %c16 = load float, ptr addrspace(1) %cp16, align 4
  %cp17 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 17
  %c17 = load float, ptr addrspace(1) %cp17, align 4
  %cp18 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 18
  %c18 = load float, ptr addrspace(1) %cp18, align 4
  %cp19 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 19
  %c19 = load float, ptr addrspace(1) %cp19, align 4
  %cp20 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 20
  %c20 = load float, ptr addrspace(1) %cp20, align 4
  %cp21 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 21
  %c21 = load float, ptr addrspace(1) %cp21, align 4
  %cp22 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 22
  %c22 = load float, ptr addrspace(1) %cp22, align 4
  %cp23 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 23
  %c23 = load float, ptr addrspace(1) %cp23, align 4
  %cp24 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 24
  %c24 = load float, ptr addrspace(1) %cp24, align 4
  %cp25 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 25
  %c25 = load float, ptr addrspace(1) %cp25, align 4
  %cp26 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 26
  %c26 = load float, ptr addrspace(1) %cp26, align 4
  %cp27 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 27
  %c27 = load float, ptr addrspace(1) %cp27, align 4
  %cp28 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 28
  %c28 = load float, ptr addrspace(1) %cp28, align 4
  %cp29 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 29
  %c29 = load float, ptr addrspace(1) %cp29, align 4
  %cp30 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 30
  %c30 = load float, ptr addrspace(1) %cp30, align 4
  %cp31 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 31
  %c31 = load float, ptr addrspace(1) %cp31, align 4
  %cp32 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 32
  %c32 = load float, ptr addrspace(1) %cp32, align 4
  %cp33 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 33
  %c33 = load float, ptr addrspace(1) %cp33, align 4
  %cp34 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 34
  %c34 = load float, ptr addrspace(1) %cp34, align 4
  %cp35 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 35
  %c35 = load float, ptr addrspace(1) %cp35, align 4
  %cp36 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 36
  %c36 = load float, ptr addrspace(1) %cp36, align 4
  %cp37 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 37
  %c37 = load float, ptr addrspace(1) %cp37, align 4
  %cp38 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 38
  %c38 = load float, ptr addrspace(1) %cp38, align 4
  %cp39 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 39
  %c39 = load float, ptr addrspace(1) %cp39, align 4
  %cp40 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 40
  %c40 = load float, ptr addrspace(1) %cp40, align 4
  %cp41 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 41
  %c41 = load float, ptr addrspace(1) %cp41, align 4
  %cp42 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 42
  %c42 = load float, ptr addrspace(1) %cp42, align 4
  %cp43 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 43
  %c43 = load float, ptr addrspace(1) %cp43, align 4
  %cp44 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 44
  %c44 = load float, ptr addrspace(1) %cp44, align 4
  %cp45 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 45
  %c45 = load float, ptr addrspace(1) %cp45, align 4
  %cp46 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 46
  %c46 = load float, ptr addrspace(1) %cp46, align 4
  %cp47 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 47
  %c47 = load float, ptr addrspace(1) %cp47, align 4
  %cp48 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 48
  %c48 = load float, ptr addrspace(1) %cp48, align 4
  %cp49 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 49
  %c49 = load float, ptr addrspace(1) %cp49, align 4
  %cp50 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 50
  %c50 = load float, ptr addrspace(1) %cp50, align 4
  %cp51 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 51
  %c51 = load float, ptr addrspace(1) %cp51, align 4
  %cp52 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 52
  %c52 = load float, ptr addrspace(1) %cp52, align 4
  %cp53 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 53
  %c53 = load float, ptr addrspace(1) %cp53, align 4
  %cp54 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 54
  %c54 = load float, ptr addrspace(1) %cp54, align 4
  %cp55 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 55
  %c55 = load float, ptr addrspace(1) %cp55, align 4
  %cp56 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 56
  %c56 = load float, ptr addrspace(1) %cp56, align 4
  %cp57 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 57
  %c57 = load float, ptr addrspace(1) %cp57, align 4
  %cp58 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 58
  %c58 = load float, ptr addrspace(1) %cp58, align 4
  %cp59 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 59
  %c59 = load float, ptr addrspace(1) %cp59, align 4
  %cp60 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 60
  %c60 = load float, ptr addrspace(1) %cp60, align 4
  %cp61 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 61
  %c61 = load float, ptr addrspace(1) %cp61, align 4
  %cp62 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 62
  %c62 = load float, ptr addrspace(1) %cp62, align 4
  %cp63 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 63
  %c63 = load float, ptr addrspace(1) %cp63, align 4
  %cp64 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 64
  %c64 = load float, ptr addrspace(1) %cp64, align 4
  %cp65 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 65
  %c65 = load float, ptr addrspace(1) %cp65, align 4
  %cp66 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 66
  %c66 = load float, ptr addrspace(1) %cp66, align 4
  %cp67 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 67
  %c67 = load float, ptr addrspace(1) %cp67, align 4
  %cp68 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 68
  %c68 = load float, ptr addrspace(1) %cp68, align 4
  %cp69 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 69
  %c69 = load float, ptr addrspace(1) %cp69, align 4
  %cp70 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 70
  %c70 = load float, ptr addrspace(1) %cp70, align 4
  %cp71 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 71
  %c71 = load float, ptr addrspace(1) %cp71, align 4
  %cp72 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 72
  %c72 = load float, ptr addrspace(1) %cp72, align 4
  %cp73 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 73
  %c73 = load float, ptr addrspace(1) %cp73, align 4
  %cp74 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 74
  %c74 = load float, ptr addrspace(1) %cp74, align 4
  %cp75 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 75
  %c75 = load float, ptr addrspace(1) %cp75, align 4
  %cp76 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 76
  %c76 = load float, ptr addrspace(1) %cp76, align 4
  %cp77 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 77
  %c77 = load float, ptr addrspace(1) %cp77, align 4
  %cp78 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 78
  %c78 = load float, ptr addrspace(1) %cp78, align 4
  %cp79 = getelementptr inbounds float, ptr addrspace(1) %coef, i64 79
  %c79 = load float, ptr addrspace(1) %cp79, align 4
  %s0 = fmul float %x, %c0
  %s1 = fmul float %s0, %c1
  %s2 = fmul float %s1, %c2
  %s3 = fmul float %s2, %c3
  %s4 = fmul float %s3, %c4
  %s5 = fmul float %s4, %c5
  %s6 = fmul float %s5, %c6
  %s7 = fmul float %s6, %c7
  %s8 = fmul float %s7, %c8
  %s9 = fmul float %s8, %c9
  %s10 = fmul float %s9, %c10
  %s11 = fmul float %s10, %c11
  %s12 = fmul float %s11, %c12
  %s13 = fmul float %s12, %c13
  %s14 = fmul float %s13, %c14
  %s15 = fmul float %s14, %c15
  %s16 = fmul float %s15, %c16
  %s17 = fmul float %s16, %c17
  %s18 = fmul float %s17, %c18
  %s19 = fmul float %s18, %c19
  %s20 = fmul float %s19, %c20
  %s21 = fmul float %s20, %c21
  %s22 = fmul float %s21, %c22
  %s23 = fmul float %s22, %c23
  %s24 = fmul float %s23, %c24
  %s25 = fmul float %s24, %c25
  %s26 = fmul float %s25, %c26
  %s27 = fmul float %s26, %c27
  %s28 = fmul float %s27, %c28
  %s29 = fmul float %s28, %c29
  %s30 = fmul float %s29, %c30
  %s31 = fmul float %s30, %c31
  %s32 = fmul float %s31, %c32
  %s33 = fmul float %s32, %c33
  %s34 = fmul float %s33, %c34
  %s35 = fmul float %s34, %c35
  %s36 = fmul float %s35, %c36
  %s37 = fmul float %s36, %c37
  %s38 = fmul float %s37, %c38
  %s39 = fmul float %s38, %c39
  %s40 = fmul float %s39, %c40
  %s41 = fmul float %s40, %c41
  %s42 = fmul float %s41, %c42
  %s43 = fmul float %s42, %c43
  %s44 = fmul float %s43, %c44
  %s45 = fmul float %s44, %c45
  %s46 = fmul float %s45, %c46
  %s47 = fmul float %s46, %c47
  %s48 = fmul float %s47, %c48
  %s49 = fmul float %s48, %c49
  %s50 = fmul float %s49, %c50
  %s51 = fmul float %s50, %c51
  %s52 = fmul float %s51, %c52
  %s53 = fmul float %s52, %c53
  %s54 = fmul float %s53, %c54
  %s55 = fmul float %s54, %c55
  %s56 = fmul float %s55, %c56
  %s57 = fmul float %s56, %c57
  %s58 = fmul float %s57, %c58
  %s59 = fmul float %s58, %c59
  %s60 = fmul float %s59, %c60
  %s61 = fmul float %s60, %c61
  %s62 = fmul float %s61, %c62
  %s63 = fmul float %s62, %c63
  %s64 = fmul float %s63, %c64
  %s65 = fmul float %s64, %c65
  %s66 = fmul float %s65, %c66
  %s67 = fmul float %s66, %c67
  %s68 = fmul float %s67, %c68
  %s69 = fmul float %s68, %c69
  %s70 = fmul float %s69, %c70
  %s71 = fmul float %s70, %c71
  %s72 = fmul float %s71, %c72
  %s73 = fmul float %s72, %c73
  %s74 = fmul float %s73, %c74
  %s75 = fmul float %s74, %c75
  %s76 = fmul float %s75, %c76
  %s77 = fmul float %s76, %c77
  %s78 = fmul float %s77, %c78
  %s79 = fmul float %s78, %c79
  %r78 = fadd float %s79, %s78
  %r77 = fadd float %r78, %s77
  %r76 = fadd float %r77, %s76
  %r75 = fadd float %r76, %s75
  %r74 = fadd float %r75, %s74
  %r73 = fadd float %r74, %s73
  %r72 = fadd float %r73, %s72
  %r71 = fadd float %r72, %s71
  %r70 = fadd float %r71, %s70
  %r69 = fadd float %r70, %s69
  %r68 = fadd float %r69, %s68
  %r67 = fadd float %r68, %s67
  %r66 = fadd float %r67, %s66
  %r65 = fadd float %r66, %s65
  %r64 = fadd float %r65, %s64
  %r63 = fadd float %r64, %s63
  %r62 = fadd float %r63, %s62
  %r61 = fadd float %r62, %s61
  %r60 = fadd float %r61, %s60
  %r59 = fadd float %r60, %s59
  %r58 = fadd float %r59, %s58
  %r57 = fadd float %r58, %s57
  %r56 = fadd float %r57, %s56
  %r55 = fadd float %r56, %s55
  %r54 = fadd float %r55, %s54
  %r53 = fadd float %r54, %s53
  %r52 = fadd float %r53, %s52
  %r51 = fadd float %r52, %s51
  %r50 = fadd float %r51, %s50
  %r49 = fadd float %r50, %s49
  %r48 = fadd float %r49, %s48
  %r47 = fadd float %r48, %s47
  %r46 = fadd float %r47, %s46
  %r45 = fadd float %r46, %s45
  %r44 = fadd float %r45, %s44
  %r43 = fadd float %r44, %s43
  %r42 = fadd float %r43, %s42
  %r41 = fadd float %r42, %s41
  %r40 = fadd float %r41, %s40
  %r39 = fadd float %r40, %s39
  %r38 = fadd float %r39, %s38
  %r37 = fadd float %r38, %s37
  %r36 = fadd float %r37, %s36
  %r35 = fadd float %r36, %s35
  %r34 = fadd float %r35, %s34
  %r33 = fadd float %r34, %s33
  %r32 = fadd float %r33, %s32
  %r31 = fadd float %r32, %s31
  %r30 = fadd float %r31, %s30
  %r29 = fadd float %r30, %s29
  %r28 = fadd float %r29, %s28
  %r27 = fadd float %r28, %s27
  %r26 = fadd float %r27, %s26
  %r25 = fadd float %r26, %s25
  %r24 = fadd float %r25, %s24
  %r23 = fadd float %r24, %s23
  %r22 = fadd float %r23, %s22
  %r21 = fadd float %r22, %s21
  %r20 = fadd float %r21, %s20
  %r19 = fadd float %r20, %s19
  %r18 = fadd float %r19, %s18
  %r17 = fadd float %r18, %s17
  %r16 = fadd float %r17, %s16
  %r15 = fadd float %r16, %s15
  %r14 = fadd float %r15, %s14
  %r13 = fadd float %r14, %s13
  %r12 = fadd float %r13, %s12
  %r11 = fadd float %r12, %s11
  %r10 = fadd float %r11, %s10
  %r9 = fadd float %r10, %s9
  %r8 = fadd float %r9, %s8
  %r7 = fadd float %r8, %s7
  %r6 = fadd float %r7, %s6
  %r5 = fadd float %r6, %s5
  %r4 = fadd float %r5, %s4
  %r3 = fadd float %r4, %s3
  %r2 = fadd float %r3, %s2
  %r1 = fadd float %r2, %s1
  %r0 = fadd float %r1, %s0
  %hv = bitcast float %r0 to i32
  br label %join

join:
  %v = phi i32 [ %acc.next, %lightloop ], [ %hv, %heavy ]
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v, ptr addrspace(1) %op, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

; Launched with 256 threads a block, as the numbers above assume.
attributes #0 = { "nvvm.reqntid"="256" }
