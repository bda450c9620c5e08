; Where a kernel states its block size, ptxas reckons occupancy in whole
; blocks: it spends registers on loads issued early up to the top of the
; step of whole blocks that fit, not of warps. 16 independent loads summed
; (bench/tools/register_probes.py's ld16): under __launch_bounds__(768)
; two blocks fit with 40 registers as with 24, and ptxas uses 40; under
; 1024 and without bounds, 32 (one block, or 64 warps, above it).
; RUN: %divopt-opt -passes='print<divopt-cost>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %if ptxas %{ %llvm_tools/llc -O3 -mtriple=nvptx64 -mcpu=sm_90 %s -o %t.ptx %}
; RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTXAS %}

; CHECK: divopt-cost: function 'ld16_lb768' registers=40
; CHECK: divopt-cost: function 'ld16_lb1024' registers=32
; CHECK: divopt-cost: function 'ld16' registers=32

; PTXAS: Compiling entry function 'ld16' for 'sm_90'
; PTXAS: Used 32 registers
; PTXAS: Compiling entry function 'ld16_lb1024' for 'sm_90'
; PTXAS: Used 32 registers
; PTXAS: Compiling entry function 'ld16_lb768' for 'sm_90'
; PTXAS: Used 40 registers

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define dso_local ptx_kernel void @ld16_lb768(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = shl nsw i32 %8, 4
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4
  %13 = load float, ptr %1, align 4
  %14 = fmul contract float %12, %13
  %15 = getelementptr i8, ptr %11, i64 4
  %16 = load float, ptr %15, align 4
  %17 = getelementptr inbounds nuw i8, ptr %1, i64 4
  %18 = load float, ptr %17, align 4
  %19 = fmul contract float %16, %18
  %20 = fadd contract float %14, %19
  %21 = getelementptr i8, ptr %11, i64 8
  %22 = load float, ptr %21, align 4
  %23 = getelementptr inbounds nuw i8, ptr %1, i64 8
  %24 = load float, ptr %23, align 4
  %25 = fmul contract float %22, %24
  %26 = fadd contract float %20, %25
  %27 = getelementptr i8, ptr %11, i64 12
  %28 = load float, ptr %27, align 4
  %29 = getelementptr inbounds nuw i8, ptr %1, i64 12
  %30 = load float, ptr %29, align 4
  %31 = fmul contract float %28, %30
  %32 = fadd contract float %26, %31
  %33 = getelementptr i8, ptr %11, i64 16
  %34 = load float, ptr %33, align 4
  %35 = getelementptr inbounds nuw i8, ptr %1, i64 16
  %36 = load float, ptr %35, align 4
  %37 = fmul contract float %34, %36
  %38 = fadd contract float %32, %37
  %39 = getelementptr i8, ptr %11, i64 20
  %40 = load float, ptr %39, align 4
  %41 = getelementptr inbounds nuw i8, ptr %1, i64 20
  %42 = load float, ptr %41, align 4
  %43 = fmul contract float %40, %42
  %44 = fadd contract float %38, %43
  %45 = getelementptr i8, ptr %11, i64 24
  %46 = load float, ptr %45, align 4
  %47 = getelementptr inbounds nuw i8, ptr %1, i64 24
  %48 = load float, ptr %47, align 4
  %49 = fmul contract float %46, %48
  %50 = fadd contract float %44, %49
  %51 = getelementptr i8, ptr %11, i64 28
  %52 = load float, ptr %51, align 4
  %53 = getelementptr inbounds nuw i8, ptr %1, i64 28
  %54 = load float, ptr %53, align 4
  %55 = fmul contract float %52, %54
  %56 = fadd contract float %50, %55
  %57 = getelementptr i8, ptr %11, i64 32
  %58 = load float, ptr %57, align 4
  %59 = getelementptr inbounds nuw i8, ptr %1, i64 32
  %60 = load float, ptr %59, align 4
  %61 = fmul contract float %58, %60
  %62 = fadd contract float %56, %61
  %63 = getelementptr i8, ptr %11, i64 36
  %64 = load float, ptr %63, align 4
  %65 = getelementptr inbounds nuw i8, ptr %1, i64 36
  %66 = load float, ptr %65, align 4
  %67 = fmul contract float %64, %66
  %68 = fadd contract float %62, %67
  %69 = getelementptr i8, ptr %11, i64 40
  %70 = load float, ptr %69, align 4
  %71 = getelementptr inbounds nuw i8, ptr %1, i64 40
  %72 = load float, ptr %71, align 4
  %73 = fmul contract float %70, %72
  %74 = fadd contract float %68, %73
  %75 = getelementptr i8, ptr %11, i64 44
  %76 = load float, ptr %75, align 4
  %77 = getelementptr inbounds nuw i8, ptr %1, i64 44
  %78 = load float, ptr %77, align 4
  %79 = fmul contract float %76, %78
  %80 = fadd contract float %74, %79
  %81 = getelementptr i8, ptr %11, i64 48
  %82 = load float, ptr %81, align 4
  %83 = getelementptr inbounds nuw i8, ptr %1, i64 48
  %84 = load float, ptr %83, align 4
  %85 = fmul contract float %82, %84
  %86 = fadd contract float %80, %85
  %87 = getelementptr i8, ptr %11, i64 52
  %88 = load float, ptr %87, align 4
  %89 = getelementptr inbounds nuw i8, ptr %1, i64 52
  %90 = load float, ptr %89, align 4
  %91 = fmul contract float %88, %90
  %92 = fadd contract float %86, %91
  %93 = getelementptr i8, ptr %11, i64 56
  %94 = load float, ptr %93, align 4
  %95 = getelementptr inbounds nuw i8, ptr %1, i64 56
  %96 = load float, ptr %95, align 4
  %97 = fmul contract float %94, %96
  %98 = fadd contract float %92, %97
  %99 = getelementptr i8, ptr %11, i64 60
  %100 = load float, ptr %99, align 4
  %101 = getelementptr inbounds nuw i8, ptr %1, i64 60
  %102 = load float, ptr %101, align 4
  %103 = fmul contract float %100, %102
  %104 = fadd contract float %98, %103
  %105 = sext i32 %8 to i64
  %106 = getelementptr inbounds float, ptr %2, i64 %105
  store float %104, ptr %106, align 4
  ret void
}

define dso_local ptx_kernel void @ld16_lb1024(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2) local_unnamed_addr #1 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = shl nsw i32 %8, 4
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4
  %13 = load float, ptr %1, align 4
  %14 = fmul contract float %12, %13
  %15 = getelementptr i8, ptr %11, i64 4
  %16 = load float, ptr %15, align 4
  %17 = getelementptr inbounds nuw i8, ptr %1, i64 4
  %18 = load float, ptr %17, align 4
  %19 = fmul contract float %16, %18
  %20 = fadd contract float %14, %19
  %21 = getelementptr i8, ptr %11, i64 8
  %22 = load float, ptr %21, align 4
  %23 = getelementptr inbounds nuw i8, ptr %1, i64 8
  %24 = load float, ptr %23, align 4
  %25 = fmul contract float %22, %24
  %26 = fadd contract float %20, %25
  %27 = getelementptr i8, ptr %11, i64 12
  %28 = load float, ptr %27, align 4
  %29 = getelementptr inbounds nuw i8, ptr %1, i64 12
  %30 = load float, ptr %29, align 4
  %31 = fmul contract float %28, %30
  %32 = fadd contract float %26, %31
  %33 = getelementptr i8, ptr %11, i64 16
  %34 = load float, ptr %33, align 4
  %35 = getelementptr inbounds nuw i8, ptr %1, i64 16
  %36 = load float, ptr %35, align 4
  %37 = fmul contract float %34, %36
  %38 = fadd contract float %32, %37
  %39 = getelementptr i8, ptr %11, i64 20
  %40 = load float, ptr %39, align 4
  %41 = getelementptr inbounds nuw i8, ptr %1, i64 20
  %42 = load float, ptr %41, align 4
  %43 = fmul contract float %40, %42
  %44 = fadd contract float %38, %43
  %45 = getelementptr i8, ptr %11, i64 24
  %46 = load float, ptr %45, align 4
  %47 = getelementptr inbounds nuw i8, ptr %1, i64 24
  %48 = load float, ptr %47, align 4
  %49 = fmul contract float %46, %48
  %50 = fadd contract float %44, %49
  %51 = getelementptr i8, ptr %11, i64 28
  %52 = load float, ptr %51, align 4
  %53 = getelementptr inbounds nuw i8, ptr %1, i64 28
  %54 = load float, ptr %53, align 4
  %55 = fmul contract float %52, %54
  %56 = fadd contract float %50, %55
  %57 = getelementptr i8, ptr %11, i64 32
  %58 = load float, ptr %57, align 4
  %59 = getelementptr inbounds nuw i8, ptr %1, i64 32
  %60 = load float, ptr %59, align 4
  %61 = fmul contract float %58, %60
  %62 = fadd contract float %56, %61
  %63 = getelementptr i8, ptr %11, i64 36
  %64 = load float, ptr %63, align 4
  %65 = getelementptr inbounds nuw i8, ptr %1, i64 36
  %66 = load float, ptr %65, align 4
  %67 = fmul contract float %64, %66
  %68 = fadd contract float %62, %67
  %69 = getelementptr i8, ptr %11, i64 40
  %70 = load float, ptr %69, align 4
  %71 = getelementptr inbounds nuw i8, ptr %1, i64 40
  %72 = load float, ptr %71, align 4
  %73 = fmul contract float %70, %72
  %74 = fadd contract float %68, %73
  %75 = getelementptr i8, ptr %11, i64 44
  %76 = load float, ptr %75, align 4
  %77 = getelementptr inbounds nuw i8, ptr %1, i64 44
  %78 = load float, ptr %77, align 4
  %79 = fmul contract float %76, %78
  %80 = fadd contract float %74, %79
  %81 = getelementptr i8, ptr %11, i64 48
  %82 = load float, ptr %81, align 4
  %83 = getelementptr inbounds nuw i8, ptr %1, i64 48
  %84 = load float, ptr %83, align 4
  %85 = fmul contract float %82, %84
  %86 = fadd contract float %80, %85
  %87 = getelementptr i8, ptr %11, i64 52
  %88 = load float, ptr %87, align 4
  %89 = getelementptr inbounds nuw i8, ptr %1, i64 52
  %90 = load float, ptr %89, align 4
  %91 = fmul contract float %88, %90
  %92 = fadd contract float %86, %91
  %93 = getelementptr i8, ptr %11, i64 56
  %94 = load float, ptr %93, align 4
  %95 = getelementptr inbounds nuw i8, ptr %1, i64 56
  %96 = load float, ptr %95, align 4
  %97 = fmul contract float %94, %96
  %98 = fadd contract float %92, %97
  %99 = getelementptr i8, ptr %11, i64 60
  %100 = load float, ptr %99, align 4
  %101 = getelementptr inbounds nuw i8, ptr %1, i64 60
  %102 = load float, ptr %101, align 4
  %103 = fmul contract float %100, %102
  %104 = fadd contract float %98, %103
  %105 = sext i32 %8 to i64
  %106 = getelementptr inbounds float, ptr %2, i64 %105
  store float %104, ptr %106, align 4
  ret void
}

define dso_local ptx_kernel void @ld16(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noundef writeonly captures(none) %2) local_unnamed_addr #2 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = shl nsw i32 %8, 4
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4
  %13 = load float, ptr %1, align 4
  %14 = fmul contract float %12, %13
  %15 = getelementptr i8, ptr %11, i64 4
  %16 = load float, ptr %15, align 4
  %17 = getelementptr inbounds nuw i8, ptr %1, i64 4
  %18 = load float, ptr %17, align 4
  %19 = fmul contract float %16, %18
  %20 = fadd contract float %14, %19
  %21 = getelementptr i8, ptr %11, i64 8
  %22 = load float, ptr %21, align 4
  %23 = getelementptr inbounds nuw i8, ptr %1, i64 8
  %24 = load float, ptr %23, align 4
  %25 = fmul contract float %22, %24
  %26 = fadd contract float %20, %25
  %27 = getelementptr i8, ptr %11, i64 12
  %28 = load float, ptr %27, align 4
  %29 = getelementptr inbounds nuw i8, ptr %1, i64 12
  %30 = load float, ptr %29, align 4
  %31 = fmul contract float %28, %30
  %32 = fadd contract float %26, %31
  %33 = getelementptr i8, ptr %11, i64 16
  %34 = load float, ptr %33, align 4
  %35 = getelementptr inbounds nuw i8, ptr %1, i64 16
  %36 = load float, ptr %35, align 4
  %37 = fmul contract float %34, %36
  %38 = fadd contract float %32, %37
  %39 = getelementptr i8, ptr %11, i64 20
  %40 = load float, ptr %39, align 4
  %41 = getelementptr inbounds nuw i8, ptr %1, i64 20
  %42 = load float, ptr %41, align 4
  %43 = fmul contract float %40, %42
  %44 = fadd contract float %38, %43
  %45 = getelementptr i8, ptr %11, i64 24
  %46 = load float, ptr %45, align 4
  %47 = getelementptr inbounds nuw i8, ptr %1, i64 24
  %48 = load float, ptr %47, align 4
  %49 = fmul contract float %46, %48
  %50 = fadd contract float %44, %49
  %51 = getelementptr i8, ptr %11, i64 28
  %52 = load float, ptr %51, align 4
  %53 = getelementptr inbounds nuw i8, ptr %1, i64 28
  %54 = load float, ptr %53, align 4
  %55 = fmul contract float %52, %54
  %56 = fadd contract float %50, %55
  %57 = getelementptr i8, ptr %11, i64 32
  %58 = load float, ptr %57, align 4
  %59 = getelementptr inbounds nuw i8, ptr %1, i64 32
  %60 = load float, ptr %59, align 4
  %61 = fmul contract float %58, %60
  %62 = fadd contract float %56, %61
  %63 = getelementptr i8, ptr %11, i64 36
  %64 = load float, ptr %63, align 4
  %65 = getelementptr inbounds nuw i8, ptr %1, i64 36
  %66 = load float, ptr %65, align 4
  %67 = fmul contract float %64, %66
  %68 = fadd contract float %62, %67
  %69 = getelementptr i8, ptr %11, i64 40
  %70 = load float, ptr %69, align 4
  %71 = getelementptr inbounds nuw i8, ptr %1, i64 40
  %72 = load float, ptr %71, align 4
  %73 = fmul contract float %70, %72
  %74 = fadd contract float %68, %73
  %75 = getelementptr i8, ptr %11, i64 44
  %76 = load float, ptr %75, align 4
  %77 = getelementptr inbounds nuw i8, ptr %1, i64 44
  %78 = load float, ptr %77, align 4
  %79 = fmul contract float %76, %78
  %80 = fadd contract float %74, %79
  %81 = getelementptr i8, ptr %11, i64 48
  %82 = load float, ptr %81, align 4
  %83 = getelementptr inbounds nuw i8, ptr %1, i64 48
  %84 = load float, ptr %83, align 4
  %85 = fmul contract float %82, %84
  %86 = fadd contract float %80, %85
  %87 = getelementptr i8, ptr %11, i64 52
  %88 = load float, ptr %87, align 4
  %89 = getelementptr inbounds nuw i8, ptr %1, i64 52
  %90 = load float, ptr %89, align 4
  %91 = fmul contract float %88, %90
  %92 = fadd contract float %86, %91
  %93 = getelementptr i8, ptr %11, i64 56
  %94 = load float, ptr %93, align 4
  %95 = getelementptr inbounds nuw i8, ptr %1, i64 56
  %96 = load float, ptr %95, align 4
  %97 = fmul contract float %94, %96
  %98 = fadd contract float %92, %97
  %99 = getelementptr i8, ptr %11, i64 60
  %100 = load float, ptr %99, align 4
  %101 = getelementptr inbounds nuw i8, ptr %1, i64 60
  %102 = load float, ptr %101, align 4
  %103 = fmul contract float %100, %102
  %104 = fadd contract float %98, %103
  %105 = sext i32 %8 to i64
  %106 = getelementptr inbounds float, ptr %2, i64 %105
  store float %104, ptr %106, align 4
  ret void
}

declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "nvvm.maxntid"="768" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
attributes #1 = { "nvvm.maxntid"="1024" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
attributes #2 = { "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
