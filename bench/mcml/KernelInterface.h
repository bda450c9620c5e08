//===- KernelInterface.h - What MCML's kernel and hosts share ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The MCML kernel (mcml.cu), the CPU reference (Reference.cpp) and the host
// program (mcml_host.cpp) must agree on three things, kept here so they
// cannot drift apart: the layout of a layer as the kernel reads it, the
// constants of the algorithm, and how weight becomes a tally.
//
// Layers are numbered as in MCML (Wang, Jacques & Zheng 1995): 0 is the
// ambient medium above the tissue, 1..NumLayers the tissue layers from the
// top, NumLayers+1 the ambient medium below. Only N is meaningful for the
// two ambient entries.
//
// Tallies are 64-bit fixed point: a weight w adds trunc(w * 2^32). Integer
// atomics commute, so the totals do not depend on the order in which threads
// reach them: the same per-thread histories give the same bits whatever the
// compiler or the scheduling. Float atomics would not (their sums round
// differently in every order). A photon starts with weight <= 1 and the
// tallies of 2^31 photons still fit.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_KERNELINTERFACE_H
#define DIVOPT_BENCH_MCML_KERNELINTERFACE_H

/// One layer, with what the kernel would otherwise recompute every step
/// (Mut, the critical cosines) computed once by the host.
struct LayerSpec {
  float Z0;       ///< Depth of the top boundary, cm.
  float Z1;       ///< Depth of the bottom boundary, cm.
  float N;        ///< Refractive index.
  float Mua;      ///< Absorption coefficient, 1/cm.
  float Mus;      ///< Scattering coefficient, 1/cm.
  float Mut;      ///< Mua + Mus, 1/cm.
  float G;        ///< Henyey-Greenstein anisotropy.
  float CosCrit0; ///< Cosine of the critical angle at the top boundary.
  float CosCrit1; ///< Cosine of the critical angle at the bottom boundary.
};

/// Below this weight a photon plays Russian roulette (MCML's WEIGHT).
constexpr float RouletteWeight = 1e-4f;
/// Its chance of surviving the roulette (MCML's CHANCE).
constexpr float RouletteChance = 0.1f;
/// Cosines above this count as normal incidence and below COS90D as
/// grazing. MCML's double-precision 1 - 1e-12 rounds to 1 in float, which
/// would disable the test, so the float form uses CUDAMCML's 1e-6.
constexpr float CosZero = 1.0f - 1e-6f;
constexpr float Cos90D = 1e-6f;
/// 2^32: a unit of weight in the fixed-point tallies.
constexpr float TallyScale = 4294967296.0f;

/// The kernel's name in the PTX (extern "C", so unmangled).
#define MCML_KERNEL_NAME "mcml"

#endif // DIVOPT_BENCH_MCML_KERNELINTERFACE_H
