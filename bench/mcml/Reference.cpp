//===- Reference.cpp - MCML on the CPU, for checking the kernel -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Follows mcml.cu statement by statement; where the two could differ in
// rounding (contraction, evaluation order) this file is compiled without
// FMA contraction, like the kernel.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include "KernelInterface.h"
#include "Mwc.h"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <thread>

namespace divopt::mcml {

namespace {

using Wide = unsigned __int128;

struct Photon {
  float X, Y, Z;
  float Ux, Uy, Uz;
  float W;
  float Sleft;
  int Layer;
  bool Dead;
};

void launchPhoton(Photon &P, float Weight) {
  P.X = P.Y = P.Z = 0.0f;
  P.Ux = P.Uy = 0.0f;
  P.Uz = 1.0f;
  P.W = Weight;
  P.Sleft = 0.0f;
  P.Layer = 1;
  P.Dead = false;
}

float fresnelReflectance(float N1, float N2, float Ca1, float &Ca2) {
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
  float Sa1 = std::sqrt(1.0f - Ca1 * Ca1);
  float Sa2 = N1 * Sa1 / N2;
  if (Sa2 >= 1.0f) {
    Ca2 = 0.0f;
    return 1.0f;
  }
  Ca2 = std::sqrt(1.0f - Sa2 * Sa2);
  float Cap = Ca1 * Ca2 - Sa1 * Sa2;
  float Cam = Ca1 * Ca2 + Sa1 * Sa2;
  float Sap = Sa1 * Ca2 + Ca1 * Sa2;
  float Sam = Sa1 * Ca2 - Ca1 * Sa2;
  return 0.5f * Sam * Sam * (Cap * Cap + Cam * Cam) / (Sap * Sap * Cam * Cam);
}

float spinTheta(float G, Mwc &Rng) {
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

void spin(Photon &P, float G, Mwc &Rng) {
  const float Pi = 3.14159265358979f;
  float Cost = spinTheta(G, Rng);
  float Sint = std::sqrt(1.0f - Cost * Cost);
  float Psi = 2.0f * Pi * uniformCO(Rng);
  float Cosp = std::cos(Psi);
  float Sinp = std::sqrt(1.0f - Cosp * Cosp);
  if (Psi >= Pi)
    Sinp = -Sinp;
  if (std::fabs(P.Uz) > CosZero) {
    P.Ux = Sint * Cosp;
    P.Uy = Sint * Sinp;
    P.Uz = P.Uz >= 0.0f ? Cost : -Cost;
  } else {
    float Temp = std::sqrt(1.0f - P.Uz * P.Uz);
    float Ux = P.Ux, Uy = P.Uy, Uz = P.Uz;
    P.Ux = Sint * (Ux * Uz * Cosp - Uy * Sinp) / Temp + Ux * Cost;
    P.Uy = Sint * (Uy * Uz * Cosp + Ux * Sinp) / Temp + Uy * Cost;
    P.Uz = -Sint * Cosp * Temp + Uz * Cost;
  }
}

int radialBin(float X, float Y, float Dr, int Nr) {
  float R = std::sqrt(X * X + Y * Y) / Dr;
  return R < static_cast<float>(Nr - 1) ? static_cast<int>(R) : Nr - 1;
}

std::uint64_t toFixed(float W) {
  return static_cast<std::uint64_t>(W * TallyScale);
}

/// One worker's share of the results; integers only, so that merging them
/// gives the same bits in any order.
struct Partial {
  Partial(int Nz, int Nr) : Bins(Nz, Nr) {}
  Tally Bins;
  std::uint64_t Sum[3] = {0, 0, 0}; ///< Rd, Tt, A over photons.
  Wide SumSq[3] = {0, 0, 0};        ///< Of each photon's contribution.
  std::uint64_t Steps = 0, Hits = 0;

  void addPhoton(const std::uint64_t (&C)[3]) {
    for (int I = 0; I < 3; ++I) {
      Sum[I] += C[I];
      SumSq[I] += static_cast<Wide>(C[I]) * C[I];
    }
  }
  void merge(const Partial &O) {
    Bins.add(O.Bins);
    for (int I = 0; I < 3; ++I) {
      Sum[I] += O.Sum[I];
      SumSq[I] += O.SumSq[I];
    }
    Steps += O.Steps;
    Hits += O.Hits;
  }
};

/// One stream: Share photons from the generator state Rng.
void runStream(const std::vector<LayerSpec> &Layers, int NumLayers,
               const Tissue &T, float LaunchWeight, unsigned long long Share,
               Mwc Rng, Partial &Out) {
  const float Dz = static_cast<float>(T.Dz), Dr = static_cast<float>(T.Dr);
  const int Nz = T.Nz, Nr = T.Nr;
  std::uint64_t Contribution[3] = {0, 0, 0};
  // Counted here and added to Out once: Out sits next to other workers'
  // partials, and a store per step would bounce their cache lines.
  std::uint64_t Steps = 0, Hits = 0;
  Photon P;
  launchPhoton(P, LaunchWeight);
  unsigned long long Finished = 0;
  while (Finished < Share) {
    const LayerSpec &L = Layers[P.Layer];
    float S;
    if (P.Sleft == 0.0f) {
      S = -std::log(uniformOC(Rng)) / L.Mut;
    } else {
      S = P.Sleft / L.Mut;
      P.Sleft = 0.0f;
    }
    bool Hit = false;
    if (P.Uz != 0.0f) {
      float Db = P.Uz > 0.0f ? (L.Z1 - P.Z) / P.Uz : (L.Z0 - P.Z) / P.Uz;
      if (S > Db) {
        P.Sleft = (S - Db) * L.Mut;
        S = Db;
        Hit = true;
      }
    }
    ++Steps;
    Hits += Hit;

    P.X += S * P.Ux;
    P.Y += S * P.Uy;
    P.Z += S * P.Uz;
    if (Hit) {
      // MCML's CrossUpOrNot and CrossDnOrNot, folded: the kernel keeps
      // them as two arms, here only the numbers matter.
      bool Up = P.Uz < 0.0f;
      int Next = Up ? P.Layer - 1 : P.Layer + 1;
      float Ca1 = Up ? -P.Uz : P.Uz;
      float Ni = L.N, Nt = Layers[Next].N;
      float Uz1 = 0.0f;
      float R;
      if (Ca1 <= (Up ? L.CosCrit0 : L.CosCrit1))
        R = 1.0f;
      else
        R = fresnelReflectance(Ni, Nt, Ca1, Uz1);
      if (uniformCO(Rng) > R) {
        if (Next == 0 || Next == NumLayers + 1) {
          P.Uz = Up ? -Uz1 : Uz1;
          std::uint64_t W = toFixed(P.W);
          std::uint64_t &Bin = Up ? Out.Bins.Rd[radialBin(P.X, P.Y, Dr, Nr)]
                                  : Out.Bins.Tt[radialBin(P.X, P.Y, Dr, Nr)];
          Bin += W;
          Contribution[Up ? 0 : 1] += W;
          P.Dead = true;
        } else {
          P.Layer = Next;
          P.Ux *= Ni / Nt;
          P.Uy *= Ni / Nt;
          P.Uz = Up ? -Uz1 : Uz1;
        }
      } else {
        P.Uz = -P.Uz;
      }
    } else {
      float Zb = P.Z / Dz;
      int Iz = Zb < static_cast<float>(Nz - 1) ? static_cast<int>(Zb) : Nz - 1;
      int Ir = radialBin(P.X, P.Y, Dr, Nr);
      float Dwa = P.W * L.Mua / L.Mut;
      P.W -= Dwa;
      std::uint64_t W = toFixed(Dwa);
      Out.Bins.A[static_cast<std::size_t>(Ir) * Nz + Iz] += W;
      Contribution[2] += W;
      spin(P, L.G, Rng);
    }

    if (P.W < RouletteWeight && !P.Dead) {
      if (P.W == 0.0f)
        P.Dead = true;
      else if (uniformCO(Rng) < RouletteChance)
        P.W /= RouletteChance;
      else
        P.Dead = true;
    }

    if (P.Dead) {
      Out.addPhoton(Contribution);
      Contribution[0] = Contribution[1] = Contribution[2] = 0;
      ++Finished;
      launchPhoton(P, LaunchWeight);
    }
  }
  Out.Steps += Steps;
  Out.Hits += Hits;
}

Moments getMoments(std::uint64_t Sum, Wide SumSq, unsigned long long N) {
  const double Scale = static_cast<double>(TallyScale);
  double Mean = static_cast<double>(Sum) / Scale / N;
  double MeanSq = static_cast<double>(SumSq) / (Scale * Scale) / N;
  double Var = N > 1 ? (MeanSq - Mean * Mean) * N / (N - 1) : 0.0;
  return {Mean, Var > 0 ? std::sqrt(Var) : 0.0};
}

} // namespace

double Moments::standardError(unsigned long long N) const {
  return N ? StdDev / std::sqrt(static_cast<double>(N)) : 0.0;
}

ReferenceResult runReference(const Tissue &T, unsigned long long Photons,
                             const std::vector<unsigned> &Seeds,
                             unsigned Streams, unsigned Workers) {
  auto Start = std::chrono::steady_clock::now();
  const std::vector<LayerSpec> Layers = makeLayerSpecs(T);
  const int NumLayers = static_cast<int>(T.Layers.size());
  const float LaunchWeight = getLaunchWeight(T);
  if (Workers == 0)
    Workers = 1;

  std::vector<Partial> Parts(Workers, Partial(T.Nz, T.Nr));
  auto Work = [&](unsigned Worker) {
    for (unsigned S = Worker; S < Streams; S += Workers) {
      unsigned long long Share =
          Photons / Streams + (S < Photons % Streams ? 1 : 0);
      if (Share)
        runStream(Layers, NumLayers, T, LaunchWeight, Share,
                  Mwc{Seeds[2 * S], Seeds[2 * S + 1]}, Parts[Worker]);
    }
  };
  std::vector<std::thread> Threads;
  for (unsigned W = 1; W < Workers; ++W)
    Threads.emplace_back(Work, W);
  Work(0);
  for (std::thread &Th : Threads)
    Th.join();
  for (unsigned W = 1; W < Workers; ++W)
    Parts[0].merge(Parts[W]);

  const Partial &All = Parts[0];
  ReferenceResult R;
  R.Bins = All.Bins;
  R.Photons = Photons;
  R.Rd = getMoments(All.Sum[0], All.SumSq[0], Photons);
  R.Tt = getMoments(All.Sum[1], All.SumSq[1], Photons);
  R.A = getMoments(All.Sum[2], All.SumSq[2], Photons);
  R.Steps = All.Steps;
  R.BoundaryHits = All.Hits;
  R.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return R;
}

} // namespace divopt::mcml
