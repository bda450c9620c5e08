; A module that declares __divopt_launch_kernel itself, with another type:
; host-launch leaves every launch as it was and says why, rather than call
; the hook with arguments it does not take.
; RUN: %divopt-opt -passes=host-launch -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

; REMARK: remark: k.cu:7:3: launch of split kernel k(float*, float const*, int) left to the CUDA runtime: the module declares __divopt_launch_kernel with another type

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @__divopt_launch_kernel()

@0 = private unnamed_addr constant [11 x i8] c"_Z1kPfPKfi\00", align 1
@1 = private unnamed_addr constant [7 x i8] c"_Z1sPi\00", align 1
@2 = private unnamed_addr constant [13 x i8] c"_Z7k_otherPi\00", align 1
; A fatbinary: header bytes, then a cubin whose string table names the
; kernels, the parts and k's plan.
@fatbin = private constant [148 x i8] c"P\EDU\BA\01\00\10\00\7FELF\00_Z1kPfPKfi\00_Z1kPfPKfi_$_divopt_$_then\00_Z1kPfPKfi_$_divopt_$_else\00__divopt_launch_plan_$__Z1kPfPKfi\00_Z1sPi\00_Z7k_otherPi\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00", section ".nv_fatbin", align 8
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1180844977, i32 1, ptr @fatbin, ptr null }, section ".nvFatBinSegment", align 8

%struct.dim3 = type { i32, i32, i32 }

define void @_Z16__device_stub__kPfPKfi(ptr %out, ptr %in, i32 %n) !dbg !5 {
entry:
  %args = alloca [3 x ptr], align 16
  %g.addr = alloca %struct.dim3, align 8
  %b.addr = alloca %struct.dim3, align 8
  %shm.addr = alloca i64, align 8
  %stream.addr = alloca ptr, align 8
  %pop = call i32 @__cudaPopCallConfiguration(ptr %g.addr, ptr %b.addr, ptr %shm.addr, ptr %stream.addr)
  %shm = load i64, ptr %shm.addr, align 8
  %stream = load ptr, ptr %stream.addr, align 8
  %g = load i64, ptr %g.addr, align 8
  %gz.p = getelementptr inbounds i8, ptr %g.addr, i64 8
  %gz = load i32, ptr %gz.p, align 8
  %b = load i64, ptr %b.addr, align 8
  %bz.p = getelementptr inbounds i8, ptr %b.addr, i64 8
  %bz = load i32, ptr %bz.p, align 8
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPfPKfi, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %args, i64 %shm, ptr %stream), !dbg !8
  ret void
}

define void @_Z16__device_stub__sPi(ptr %p) {
entry:
  %args = alloca [1 x ptr], align 16
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__sPi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

define void @_Z21__device_stub__k_otherPi(ptr %p) {
entry:
  %args = alloca [1 x ptr], align 16
  %r = call i32 @cudaLaunchKernel(ptr @_Z21__device_stub__k_otherPi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

; A launch inlined into its caller (clang -O3), whose result is used.
define i32 @launch_k_and_s(ptr %stream, ptr %fp) {
entry:
  %args = alloca [3 x ptr], align 16
  %rk = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPfPKfi, i64 4294967300, i32 1, i64 4294967552, i32 1, ptr %args, i64 16, ptr %stream)
  %rs = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__sPi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  %sum = or i32 %rk, %rs
  %rp = call i32 @cudaLaunchKernel(ptr %fp, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  %all = or i32 %sum, %rp
  ret i32 %all
}

; A second launch of k in another function reuses the name.
define void @launch_k_again(ptr %args) {
entry:
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPfPKfi, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

define internal void @__cuda_register_globals(ptr %h) {
entry:
  %1 = call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z16__device_stub__kPfPKfi, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %2 = call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z16__device_stub__sPi, ptr @1, ptr @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %3 = call i32 @__cudaRegisterFunction(ptr %h, ptr @_Z21__device_stub__k_otherPi, ptr @2, ptr @2, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

; The registration as clang emits it: a module constructor registers the
; fatbinary, then every kernel.
@__cuda_gpubin_handle = internal global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__cuda_module_ctor, ptr null }]

define internal void @__cuda_module_ctor() {
entry:
  %h = call ptr @__cudaRegisterFatBinary(ptr @__cuda_fatbin_wrapper)
  store ptr %h, ptr @__cuda_gpubin_handle, align 8
  call void @__cuda_register_globals(ptr %h)
  call void @__cudaRegisterFatBinaryEnd(ptr %h)
  ret void
}

declare ptr @__cudaRegisterFatBinary(ptr)
declare void @__cudaRegisterFatBinaryEnd(ptr)
declare i32 @__cudaPopCallConfiguration(ptr, ptr, ptr, ptr)
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)


!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 6, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 3, scope: !5)
