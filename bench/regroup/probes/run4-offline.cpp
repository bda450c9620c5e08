// Run 4 offline check (bench/results/2026-11-22-h100-regroup-run4.md): the
// scheduled model on vartrip-skewed BBVs rebuilt from the bench's inputs
// (run 4c's Long = 649911; blocks and latencies from its log), Sorting's
// order, the first wave of the probe's vartrip launch (argv[1], default
// bench/results/2026-11-22-h100-regroup-run4-first-wave.txt: the SM of
// each of its first 1056 CTAs). Rounding every warp's time to 1e-4 of itself
// moves the prediction from 3.63 to 6.51: few-cycle differences decide it.
// Built against the branch's libdivopt-regroup.a and libDivOptModel.a.
#include "runtime/DivergenceModel.h"
#include "runtime/Regrouping.h"
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <random>
using namespace divopt::runtime;
// (appended) quantization experiment
#include "runtime/BlockScheduler.h"
#include <cmath>
double quant(std::vector<WarpDemand> D, const LaunchShape &L, double Rel) {
  for (auto &d : D)
    if (Rel > 0 && d.Issue > 0) {
      double q = std::pow(10.0, std::floor(std::log10(d.Issue))) * Rel;
      d.Issue = std::round(d.Issue / q) * q;
    }
  return simulateBlockScheduling(D, L);
}
int main(int argc, char **argv) {
  unsigned Long = 649911;
  const unsigned N = 1 << 20;
  std::mt19937 Rng(1);
  std::vector<int> Trips(N);
  for (unsigned I = 0; I < N; ++I)
    Trips[I] = Rng() % 8 == 0 ? Long : Long / 32;
  BbvSet S;
  S.Threads = N;
  S.Blocks = 10;
  S.Sites = 3;
  S.Counts.resize(N * 10);
  S.Addresses.resize(N * 3);
  for (unsigned I = 0; I < N; ++I) {
    unsigned t = Trips[I];
    std::uint32_t Row[10] = {1, 1, 1, 1, 1, 1, t % 8, 1, t / 8, 1};
    std::copy(Row, Row + 10, S.Counts.begin() + I * 10);
    for (int s = 0; s < 3; ++s)
      S.Addresses[I * 3 + s] = 0x10000000ull * (s + 1) + 4ull * I;
  }
  std::vector<double> Lat = {34.5087, 104.279, 15.1747, 10.1174, 10.1174,
                             10.1174, 35.9841, 53.2634, 181.649, 5.06};
  MemorySystem Mem;
  Mem.Sites = {{1, 4}, {1, 4}, {7, 4}};
  Mem.Cost = {0.0306, 1.0, 0.0, "r4"};
  LaunchShape L;
  L.ThreadsPerBlock = 256;
  L.WarpSize = 32;
  L.SMs = 132;
  L.BlocksPerSM = 8;
  L.ConcurrentWarps = 17;
  std::ifstream F(argc > 1 ? argv[1]
                           : "bench/results/"
                             "2026-11-22-h100-regroup-run4-first-wave.txt");
  unsigned X;
  while (F >> X)
    L.FirstWaveSms.push_back(X);
  auto Order = regroupThreads(S, Lat, RegroupAlgorithm::Sorting, 32);
  auto D0 = getWarpDemands(S, Lat, &Mem, {}, L),
       D1 = getWarpDemands(S, Lat, &Mem, Order, L);
  for (double Rel : {0.0, 1e-6, 1e-5, 1e-4})
    printf("quantized to %g: speedup %.3f\n", Rel,
           quant(D0, L, Rel) / quant(D1, L, Rel));
  return 0;
}
