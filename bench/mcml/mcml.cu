//===- mcml.cu - MCML photon transport in layered tissue ------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Monte Carlo modelling of light transport in multi-layered tissue, from the
// published algorithm (Wang, Jacques & Zheng, "MCML", Comput. Methods
// Programs Biomed. 47, 1995) in the GPU form of Alerstam, Svensson &
// Andersson-Engels (J. Biomed. Opt. 13, 2008): one thread per photon stream,
// each thread running its share of the photons one after another. It is
// written the way a programmer ports MCML, not shaped for DivOpt: the
// boundary crossing keeps MCML's two near-identical arms (CrossUpOrNot and
// CrossDnOrNot, the seeds' Figure 9) and hop/drop/spin follow the paper.
//
// Reproducibility: a thread's photons, and so its tallies, depend only on
// its seed and its float operations. The tallies are 64-bit fixed-point
// integers added with atomics, which commute (KernelInterface.h), so every
// compiler that computes the same per-thread float operations gives
// bit-identical tallies. The variants are built without contraction of
// multiplies and adds into FMAs (clang -ffp-contract=off, nvcc -fmad=false):
// clang contracts by default in CUDA and nvcc lets ptxas fuse where it
// likes, so the two would otherwise round differently. Math functions come
// from libdevice in both compilers.
//
// Built with MCML_COUNT_BOUNDARY, each thread also writes how many steps it
// took and how many of them ended on a layer boundary, to measure the share
// of the boundary branch.
//
//===----------------------------------------------------------------------===//

#include "KernelInterface.h"
#include "Mwc.h"

namespace {

struct Photon {
  float X, Y, Z;    ///< Position, cm.
  float Ux, Uy, Uz; ///< Direction cosines.
  float W;          ///< Weight.
  float Sleft;      ///< Dimensionless step left after a boundary.
  int Layer;
  bool Dead;
};

__device__ void launchPhoton(Photon &P, float Weight) {
  P.X = P.Y = P.Z = 0.0f;
  P.Ux = P.Uy = 0.0f;
  P.Uz = 1.0f;
  P.W = Weight;
  P.Sleft = 0.0f;
  P.Layer = 1;
  P.Dead = false;
}

/// Fresnel reflectance from index N1 to N2 at incidence cosine Ca1 (>= 0);
/// Ca2 receives the cosine of the transmitted ray (MCML's RFresnel).
__device__ float fresnelReflectance(float N1, float N2, float Ca1, float &Ca2) {
  if (N1 == N2) {
    Ca2 = Ca1;
    return 0.0f;
  }
  if (Ca1 > CosZero) {
    Ca2 = Ca1;
    float R = (N2 - N1) / (N2 + N1);
    return R * R;
  }
  if (Ca1 < Cos90D) {
    Ca2 = 0.0f;
    return 1.0f;
  }
  float Sa1 = sqrtf(1.0f - Ca1 * Ca1);
  float Sa2 = N1 * Sa1 / N2;
  if (Sa2 >= 1.0f) {
    Ca2 = 0.0f;
    return 1.0f;
  }
  Ca2 = sqrtf(1.0f - Sa2 * Sa2);
  float Cap = Ca1 * Ca2 - Sa1 * Sa2; // cos(a1 + a2)
  float Cam = Ca1 * Ca2 + Sa1 * Sa2; // cos(a1 - a2)
  float Sap = Sa1 * Ca2 + Ca1 * Sa2; // sin(a1 + a2)
  float Sam = Sa1 * Ca2 - Ca1 * Sa2; // sin(a1 - a2)
  return 0.5f * Sam * Sam * (Cap * Cap + Cam * Cam) / (Sap * Sap * Cam * Cam);
}

/// Cosine of the deflection, sampled from Henyey-Greenstein.
__device__ float spinTheta(float G, Mwc &Rng) {
  if (G == 0.0f)
    return 2.0f * uniformCO(Rng) - 1.0f;
  float Temp = (1.0f - G * G) / (1.0f - G + 2.0f * G * uniformCO(Rng));
  float Cost = (1.0f + G * G - Temp * Temp) / (2.0f * G);
  if (Cost < -1.0f)
    Cost = -1.0f;
  else if (Cost > 1.0f)
    Cost = 1.0f;
  return Cost;
}

/// Scatters the photon: a new direction from the deflection and a uniform
/// azimuth, rotated into the photon's frame.
__device__ void spin(Photon &P, float G, Mwc &Rng) {
  const float Pi = 3.14159265358979f;
  float Cost = spinTheta(G, Rng);
  float Sint = sqrtf(1.0f - Cost * Cost);
  float Psi = 2.0f * Pi * uniformCO(Rng);
  float Cosp = cosf(Psi);
  float Sinp = sqrtf(1.0f - Cosp * Cosp);
  if (Psi >= Pi)
    Sinp = -Sinp;

  if (fabsf(P.Uz) > CosZero) {
    // Along the z axis the rotation degenerates.
    P.Ux = Sint * Cosp;
    P.Uy = Sint * Sinp;
    P.Uz = P.Uz >= 0.0f ? Cost : -Cost;
  } else {
    float Temp = sqrtf(1.0f - P.Uz * P.Uz);
    float Ux = P.Ux, Uy = P.Uy, Uz = P.Uz;
    P.Ux = Sint * (Ux * Uz * Cosp - Uy * Sinp) / Temp + Ux * Cost;
    P.Uy = Sint * (Uy * Uz * Cosp + Ux * Sinp) / Temp + Uy * Cost;
    P.Uz = -Sint * Cosp * Temp + Uz * Cost;
  }
}

/// The radial bin of (X, Y); everything beyond the grid goes to the last.
__device__ int radialBin(float X, float Y, float Dr, int Nr) {
  float R = sqrtf(X * X + Y * Y) / Dr;
  return R < static_cast<float>(Nr - 1) ? static_cast<int>(R) : Nr - 1;
}

__device__ void tally(unsigned long long *Bin, float W) {
  atomicAdd(Bin, static_cast<unsigned long long>(W * TallyScale));
}

} // namespace

/// Runs Photons photons, split over the threads of the grid: thread t runs
/// Photons / T of them, one more when t < Photons % T. Seeds holds each
/// thread's generator state (X, Carry). A is Nr x Nz (radius-major), Rd and
/// Tt have Nr bins. Counts (2 per thread: steps, boundary hits) is written
/// only when built with MCML_COUNT_BOUNDARY.
extern "C" __global__ void
mcml(const LayerSpec *__restrict__ Layers, int NumLayers, float Dz, float Dr,
     int Nz, int Nr, unsigned long long Photons, float LaunchWeight,
     const unsigned *__restrict__ Seeds, unsigned long long *A,
     unsigned long long *Rd, unsigned long long *Tt,
     unsigned long long *Counts) {
  const unsigned Tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned long long Threads =
      static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long Share =
      Photons / Threads + (Tid < Photons % Threads ? 1 : 0);

  Mwc Rng = {Seeds[2 * Tid], Seeds[2 * Tid + 1]};
  Photon P;
  launchPhoton(P, LaunchWeight);
  unsigned long long Finished = 0;
#ifdef MCML_COUNT_BOUNDARY
  unsigned long long Steps = 0, Hits = 0;
#endif

  // One loop of steps, the next photon launched inside it (Alerstam et al.):
  // a lane whose photon dies starts the next one at once instead of waiting
  // for the other lanes' photons. Written with a break after the last
  // photon, the loop would have two back edges, and LLVM's loop
  // canonicalization would split it into a loop over photons around a loop
  // over steps, whose exit is where the warp reconverges: every lane would
  // then wait for the warp's longest-lived photon.
  while (Finished < Share) {
    const LayerSpec &L = Layers[P.Layer];

    // Step size: a new one, or what is left after crossing a boundary.
    float S;
    if (P.Sleft == 0.0f) {
      S = -logf(uniformOC(Rng)) / L.Mut;
    } else {
      S = P.Sleft / L.Mut;
      P.Sleft = 0.0f;
    }

    // Does the step reach the top or the bottom of the layer?
    bool Hit = false;
    if (P.Uz != 0.0f) {
      float Db = P.Uz > 0.0f ? (L.Z1 - P.Z) / P.Uz : (L.Z0 - P.Z) / P.Uz;
      if (S > Db) {
        P.Sleft = (S - Db) * L.Mut;
        S = Db;
        Hit = true;
      }
    }
#ifdef MCML_COUNT_BOUNDARY
    ++Steps;
    Hits += Hit;
#endif

    if (Hit) {
      // Move to the boundary, then reflect or transmit.
      P.X += S * P.Ux;
      P.Y += S * P.Uy;
      P.Z += S * P.Uz;
      float Uz1 = 0.0f;
      float R;
      if (P.Uz < 0.0f) {
        // Moving up, towards layer - 1 (CrossUpOrNot).
        float Ni = L.N;
        float Nt = Layers[P.Layer - 1].N;
        if (-P.Uz <= L.CosCrit0)
          R = 1.0f; // total internal reflection
        else
          R = fresnelReflectance(Ni, Nt, -P.Uz, Uz1);
        if (uniformCO(Rng) > R) {
          if (P.Layer == 1) {
            // Out through the top: diffuse reflectance.
            P.Uz = -Uz1;
            tally(&Rd[radialBin(P.X, P.Y, Dr, Nr)], P.W);
            P.Dead = true;
          } else {
            P.Layer--;
            P.Ux *= Ni / Nt;
            P.Uy *= Ni / Nt;
            P.Uz = -Uz1;
          }
        } else {
          P.Uz = -P.Uz;
        }
      } else {
        // Moving down, towards layer + 1 (CrossDnOrNot).
        float Ni = L.N;
        float Nt = Layers[P.Layer + 1].N;
        if (P.Uz <= L.CosCrit1)
          R = 1.0f; // total internal reflection
        else
          R = fresnelReflectance(Ni, Nt, P.Uz, Uz1);
        if (uniformCO(Rng) > R) {
          if (P.Layer == NumLayers) {
            // Out through the bottom: transmittance.
            P.Uz = Uz1;
            tally(&Tt[radialBin(P.X, P.Y, Dr, Nr)], P.W);
            P.Dead = true;
          } else {
            P.Layer++;
            P.Ux *= Ni / Nt;
            P.Uy *= Ni / Nt;
            P.Uz = Uz1;
          }
        } else {
          P.Uz = -P.Uz;
        }
      }
    } else {
      // Move to the interaction site, deposit the absorbed part of the
      // weight there, and scatter.
      P.X += S * P.Ux;
      P.Y += S * P.Uy;
      P.Z += S * P.Uz;
      float Zb = P.Z / Dz;
      int Iz = Zb < static_cast<float>(Nz - 1) ? static_cast<int>(Zb) : Nz - 1;
      int Ir = radialBin(P.X, P.Y, Dr, Nr);
      float Dwa = P.W * L.Mua / L.Mut;
      P.W -= Dwa;
      tally(&A[Ir * Nz + Iz], Dwa);
      spin(P, L.G, Rng);
    }

    // Russian roulette ends light photons without biasing the tallies.
    if (P.W < RouletteWeight && !P.Dead) {
      if (P.W == 0.0f)
        P.Dead = true;
      else if (uniformCO(Rng) < RouletteChance)
        P.W /= RouletteChance;
      else
        P.Dead = true;
    }

    if (P.Dead) {
      ++Finished;
      launchPhoton(P, LaunchWeight);
    }
  }

#ifdef MCML_COUNT_BOUNDARY
  Counts[2 * Tid] = Steps;
  Counts[2 * Tid + 1] = Hits;
#endif
}
