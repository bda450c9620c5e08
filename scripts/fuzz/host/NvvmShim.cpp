//===- NvvmShim.cpp - NVVM intrinsics for one-lane host execution ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// host_diff.py runs the NVPTX IR of both variants on the host, after
// renaming each @llvm.nvvm.X intrinsic to @shim_nvvm_X (dots become
// underscores). Every thread runs alone, as a warp of which only its own lane
// is live: votes, shuffles and reductions see that one lane, which is a
// legal execution of any correct kernel, so the two variants must agree. It
// checks each thread's own semantics (what branch distribution must keep)
// and the one-lane case of warp-level rewrites (iteration delaying); races
// between lanes of a real warp need the GPU.
//
//===----------------------------------------------------------------------===//

#include "HalfFloat.h"

#include <cfenv>
#include <cmath>
#include <cstdint>

extern "C" {

unsigned ShimTid = 0, ShimNtid = 1, ShimCtaid = 0, ShimNctaid = 1;

static unsigned laneBit() { return 1u << (ShimTid & 31u); }

unsigned shim_nvvm_read_ptx_sreg_tid_x() { return ShimTid; }
unsigned shim_nvvm_read_ptx_sreg_ntid_x() { return ShimNtid; }
unsigned shim_nvvm_read_ptx_sreg_ctaid_x() { return ShimCtaid; }
unsigned shim_nvvm_read_ptx_sreg_nctaid_x() { return ShimNctaid; }
unsigned shim_nvvm_read_ptx_sreg_laneid() { return ShimTid & 31u; }
// One-dimensional launches: the y and z indices are 0, the extents 1.
// bbv-profile's and thread-remap's copies read them for the linear index.
unsigned shim_nvvm_read_ptx_sreg_tid_y() { return 0; }
unsigned shim_nvvm_read_ptx_sreg_tid_z() { return 0; }
unsigned shim_nvvm_read_ptx_sreg_ntid_y() { return 1; }
unsigned shim_nvvm_read_ptx_sreg_ntid_z() { return 1; }
unsigned shim_nvvm_read_ptx_sreg_ctaid_y() { return 0; }
unsigned shim_nvvm_read_ptx_sreg_ctaid_z() { return 0; }
unsigned shim_nvvm_read_ptx_sreg_nctaid_y() { return 1; }
unsigned shim_nvvm_read_ptx_sreg_nctaid_z() { return 1; }
unsigned shim_nvvm_activemask() { return laneBit(); }

// i1 arguments arrive without zero extension: only bit 0 is the value.
unsigned shim_nvvm_vote_ballot_sync(unsigned, unsigned char P) {
  return (P & 1) ? laneBit() : 0u;
}
bool shim_nvvm_vote_any_sync(unsigned, unsigned char P) { return P & 1; }
bool shim_nvvm_vote_all_sync(unsigned, unsigned char P) { return P & 1; }
bool shim_nvvm_vote_uni_sync(unsigned, unsigned char) { return true; }
unsigned shim_nvvm_shfl_sync_idx_i32(unsigned, unsigned V, unsigned, unsigned) {
  return V;
}
unsigned shim_nvvm_redux_sync_add(unsigned V, unsigned) { return V; }
void shim_nvvm_bar_warp_sync(unsigned) {}

float shim_nvvm_add_rn_f(float A, float B) { return A + B; }
float shim_nvvm_mul_rn_f(float A, float B) { return A * B; }
float shim_nvvm_div_rn_f(float A, float B) { return A / B; }
float shim_nvvm_sqrt_rn_f(float A) { return std::sqrt(A); }
float shim_nvvm_fma_rn_f(float A, float B, float C) {
  return std::fma(A, B, C);
}
float shim_nvvm_fabs_f32(float A) { return std::fabs(A); }

// Approximate operations and other roundings of natural-float kernels
// (gen_kernel.py --fp natural). Both variants call the same function, so
// what matters is that it is deterministic, not that it is the GPU's
// approximation.
float shim_nvvm_sqrt_approx_f(float A) { return std::sqrt(A); }
float shim_nvvm_sqrt_approx_ftz_f(float A) { return std::sqrt(A); }
float shim_nvvm_rsqrt_approx_f(float A) { return 1.0f / std::sqrt(A); }
float shim_nvvm_rsqrt_approx_ftz_f(float A) { return 1.0f / std::sqrt(A); }
float shim_nvvm_sin_approx_f(float A) { return std::sin(A); }
float shim_nvvm_sin_approx_ftz_f(float A) { return std::sin(A); }
float shim_nvvm_cos_approx_f(float A) { return std::cos(A); }
float shim_nvvm_cos_approx_ftz_f(float A) { return std::cos(A); }
float shim_nvvm_ex2_approx_f(float A) { return std::exp2(A); }
float shim_nvvm_ex2_approx_ftz_f32(float A) { return std::exp2(A); }
float shim_nvvm_ex2_approx_f32(float A) { return std::exp2(A); }
float shim_nvvm_lg2_approx_f(float A) { return std::log2(A); }
float shim_nvvm_lg2_approx_ftz_f(float A) { return std::log2(A); }
float shim_nvvm_div_approx_f(float A, float B) { return A / B; }
float shim_nvvm_div_approx_ftz_f(float A, float B) { return A / B; }
float shim_nvvm_rcp_approx_ftz_f(float A) { return 1.0f / A; }
float shim_nvvm_saturate_f(float A) {
  return A > 1.0f ? 1.0f : (A > 0.0f ? A : 0.0f); // NaN -> 0, as PTX.
}
#pragma STDC FENV_ACCESS ON
static float fmaRounded(float A, float B, float C, int Mode) {
  int Old = std::fegetround();
  std::fesetround(Mode);
  float R = std::fma(A, B, C);
  std::fesetround(Old);
  return R;
}
float shim_nvvm_fma_rm_f(float A, float B, float C) {
  return fmaRounded(A, B, C, FE_DOWNWARD);
}
float shim_nvvm_fma_rp_f(float A, float B, float C) {
  return fmaRounded(A, B, C, FE_UPWARD);
}
float shim_nvvm_fma_rz_f(float A, float B, float C) {
  return fmaRounded(A, B, C, FE_TOWARDZERO);
}
/// cvt.rni.s32.f32: to nearest, ties to even; NaN -> 0, saturating.
int shim_nvvm_f2i_rn(float A) {
  if (std::isnan(A))
    return 0;
  float R = std::nearbyint(A); // The default mode rounds to nearest even.
  if (R >= 2147483648.0f)
    return 2147483647;
  if (R < -2147483648.0f)
    return -2147483647 - 1;
  return int(R);
}
double shim_nvvm_mul_rn_d(double A, double B) { return A * B; }
double shim_nvvm_fma_rn_d(double A, double B, double C) {
  return std::fma(A, B, C);
}

unsigned shim_nvvm_mulhi_ui(unsigned A, unsigned B) {
  return unsigned((std::uint64_t(A) * B) >> 32);
}
unsigned shim_nvvm_prmt(unsigned X, unsigned Y, unsigned S) {
  std::uint64_t V = (std::uint64_t(Y) << 32) | X;
  unsigned R = 0;
  for (int I = 0; I < 4; ++I)
    R |= unsigned((V >> (8 * ((S >> (4 * I)) & 7u))) & 0xffu) << (8 * I);
  return R;
}

// PTX inline asm of CUDA's headers (host_diff.py's asm_to_calls).
float shim_asm_sub_rn_f32_0_1_2(float A, float B) { return A - B; }
/// bfind.shiftamt.u32: how far the highest set bit is from bit 31; all
/// ones for 0.
unsigned shim_asm_bfind_shiftamt_u32_0_1(unsigned A) {
  return A ? unsigned(__builtin_clz(A)) : 0xffffffffu;
}

// cuda_fp16.h's inline PTX, called from host_diff.py's IR_SHIMS, which
// pass a half's bits as i32: an i16 argument's upper bits would be
// whatever the caller left there.
unsigned shim_f16_from_f32(float A) { return fuzzhost::roundToHalf(A); }
float shim_f16_to_f32(unsigned H) {
  return fuzzhost::halfToFloat(std::uint16_t(H));
}
unsigned shim_f16_add(unsigned A, unsigned B) {
  return fuzzhost::addHalf(std::uint16_t(A), std::uint16_t(B));
}
unsigned shim_f16_sub(unsigned A, unsigned B) {
  return fuzzhost::subHalf(std::uint16_t(A), std::uint16_t(B));
}
unsigned shim_f16_mul(unsigned A, unsigned B) {
  return fuzzhost::mulHalf(std::uint16_t(A), std::uint16_t(B));
}

} // extern "C"
