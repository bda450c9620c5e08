//===- Workloads.cpp - Regrouping benchmark inputs and launches -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Workloads.h"

#include "runtime/Error.h"
#include "runtime/Module.h"
#include "runtime/ThreadRegrouping.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>

using namespace divopt::runtime;

namespace divopt::bench {

std::vector<std::uint32_t>
scatterToThreadOrder(const std::vector<std::uint32_t> &Permuted,
                     const std::vector<std::uint32_t> &Order) {
  if (Permuted.size() != Order.size())
    throw Error("cannot map an output of " + std::to_string(Permuted.size()) +
                " words back through an order of " +
                std::to_string(Order.size()));
  std::vector<std::uint32_t> Out(Permuted.size());
  for (std::size_t P = 0; P < Order.size(); ++P)
    Out[Order[P]] = Permuted[P];
  return Out;
}

namespace {

template <typename T>
std::vector<T> gather(const std::vector<T> &V,
                      const std::vector<std::uint32_t> &Order,
                      std::size_t RowWidth = 1) {
  std::vector<T> Out(V.size());
  for (std::size_t P = 0; P < Order.size(); ++P)
    std::copy_n(V.begin() + Order[P] * RowWidth, RowWidth,
                Out.begin() + P * RowWidth);
  return Out;
}

std::uint32_t floatBits(float F) {
  std::uint32_t W;
  std::memcpy(&W, &F, sizeof W);
  return W;
}

class VarTrip : public Workload {
public:
  VarTrip(const Context &Ctx, unsigned Threads, std::string Distribution,
          std::string Kernel)
      : Workload(Ctx, Threads, 256), Distribution(std::move(Distribution)),
        Kernel(std::move(Kernel)), Out(Ctx, Threads) {
    if (this->Distribution != "skewed" && this->Distribution != "uniform" &&
        this->Distribution != "coherent")
      throw Error("vartrip: unknown distribution '" + this->Distribution + "'");
    setScale(1.0);
  }

  std::string name() const override {
    std::string Name = Kernel;
    std::replace(Name.begin(), Name.end(), '_', '-');
    return Name + "-" + Distribution;
  }
  std::string kernel() const override { return Kernel; }
  std::string describe() const override {
    std::ostringstream OS;
    OS << Threads << " threads, trips " << Distribution << ", longest " << Long;
    return OS.str();
  }

  void setScale(double Scale) override {
    Long = std::max(32u, static_cast<unsigned>(std::lround(4096 * Scale)));
    std::mt19937 Rng(1);
    TripsHost.resize(Threads);
    InHost.resize(Threads);
    for (unsigned I = 0; I < Threads; ++I) {
      if (Distribution == "uniform")
        TripsHost[I] = static_cast<int>(Rng() % Long);
      else
        TripsHost[I] = static_cast<int>(Rng() % 8 == 0 ? Long : Long / 32);
      InHost[I] = floatBits(0.5f + static_cast<float>(I % 97) * 1e-3f);
    }
    if (Distribution == "coherent")
      std::sort(TripsHost.begin(), TripsHost.end(), std::greater<int>());
    Trips = std::make_unique<DeviceBuffer<int>>(
        DeviceBuffer<int>::fromHost(Ctx, TripsHost));
    In = std::make_unique<DeviceBuffer<std::uint32_t>>(
        DeviceBuffer<std::uint32_t>::fromHost(Ctx, InHost));
    restoreInputs();
  }

  void launchOriginal(const Module &M) override {
    launch(M.kernel(Kernel), config(), *UseTrips, *UseIn, Out, n());
  }
  DeviceBbvProfile profile(const Module &M) override {
    return launchBbvProfile(Ctx, M, Kernel, config(), *Trips, *In, Out, n());
  }
  void launchRemapped(const Module &M,
                      const DeviceBuffer<std::uint32_t> &Redirect) override {
    runtime::launchRemapped(M, Kernel, config(), Redirect, *Trips, *In, Out,
                            n());
  }
  std::vector<std::uint32_t> output() const override { return Out.download(); }
  void poisonOutput() override { Out.fillWords(0xffffffffu); }

  bool hasIndexedInputs() const override { return true; }
  void permuteInputs(const std::vector<std::uint32_t> &Order) override {
    PermTrips = std::make_unique<DeviceBuffer<int>>(
        DeviceBuffer<int>::fromHost(Ctx, gather(TripsHost, Order)));
    PermIn = std::make_unique<DeviceBuffer<std::uint32_t>>(
        DeviceBuffer<std::uint32_t>::fromHost(Ctx, gather(InHost, Order)));
    UseTrips = PermTrips.get();
    UseIn = PermIn.get();
  }
  void restoreInputs() override {
    UseTrips = Trips.get();
    UseIn = In.get();
  }

private:
  int n() const { return static_cast<int>(Threads); }

  std::string Distribution, Kernel;
  unsigned Long = 0;
  std::vector<int> TripsHost;
  std::vector<std::uint32_t> InHost;
  std::unique_ptr<DeviceBuffer<int>> Trips, PermTrips;
  std::unique_ptr<DeviceBuffer<std::uint32_t>> In, PermIn;
  DeviceBuffer<int> *UseTrips = nullptr;
  DeviceBuffer<std::uint32_t> *UseIn = nullptr;
  DeviceBuffer<std::uint32_t> Out;
};

/// A view into the seahorse valley, where neighbouring pixels escape after
/// very different iteration counts.
class Mandel : public Workload {
public:
  Mandel(const Context &Ctx, unsigned Threads)
      : Workload(Ctx, Threads, 256), Iters(Ctx, Threads) {
    setScale(1.0);
  }
  std::string name() const override { return "mandel"; }
  std::string kernel() const override { return "mandel"; }
  std::string describe() const override {
    std::ostringstream OS;
    OS << Width << "x" << Threads / Width << " pixels, max " << MaxIter
       << " iterations";
    return OS.str();
  }
  void setScale(double Scale) override {
    MaxIter = std::max(16, static_cast<int>(std::lround(1024 * Scale)));
  }
  void launchOriginal(const Module &M) override {
    launch(M.kernel("mandel"), config(), X0, Y0, Step, Width, MaxIter, Iters,
           n());
  }
  DeviceBbvProfile profile(const Module &M) override {
    return launchBbvProfile(Ctx, M, "mandel", config(), X0, Y0, Step, Width,
                            MaxIter, Iters, n());
  }
  void launchRemapped(const Module &M,
                      const DeviceBuffer<std::uint32_t> &Redirect) override {
    runtime::launchRemapped(M, "mandel", config(), Redirect, X0, Y0, Step,
                            Width, MaxIter, Iters, n());
  }
  std::vector<std::uint32_t> output() const override {
    return Iters.download();
  }
  void poisonOutput() override { Iters.fillWords(0xffffffffu); }
  // Its only input is the thread index itself.
  bool hasIndexedInputs() const override { return false; }
  void permuteInputs(const std::vector<std::uint32_t> &) override {
    throw Error("mandel has no indexed inputs to lay out");
  }
  void restoreInputs() override {}

private:
  int n() const { return static_cast<int>(Threads); }
  int Width = 1024;
  int MaxIter = 1024;
  float Step = 5.0e-7f;
  float X0 = -0.7436f - 512 * Step;
  float Y0 = 0.1318f - 512 * Step;
  DeviceBuffer<std::uint32_t> Iters;
};

/// Reads against a reference whose even 128-base segments are poly-A; one
/// read in 8 is A-rich and matches there for its whole length, the others
/// are random and stop after a few bases at every offset.
class SeqCmp : public Workload {
public:
  SeqCmp(const Context &Ctx, unsigned Threads)
      : Workload(Ctx, Threads, 256), Hits(Ctx, Threads) {
    std::mt19937 Rng(3);
    const char *Bases = "ACGT";
    ReadsHost.resize(static_cast<std::size_t>(Threads) * MaxLen);
    LensHost.resize(Threads);
    for (unsigned I = 0; I < Threads; ++I) {
      LensHost[I] = 32 + static_cast<int>(Rng() % (MaxLen - 32 + 1));
      bool ARich = Rng() % 8 == 0;
      for (int J = 0; J < MaxLen; ++J)
        ReadsHost[static_cast<std::size_t>(I) * MaxLen + J] =
            ARich && Rng() % 64 != 0 ? 'A' : Bases[Rng() % 4];
    }
    Reads = std::make_unique<DeviceBuffer<unsigned char>>(
        DeviceBuffer<unsigned char>::fromHost(Ctx, ReadsHost));
    Lens = std::make_unique<DeviceBuffer<int>>(
        DeviceBuffer<int>::fromHost(Ctx, LensHost));
    setScale(1.0);
    restoreInputs();
  }
  std::string name() const override { return "seqcmp"; }
  std::string kernel() const override { return "seqcmp"; }
  std::string describe() const override {
    std::ostringstream OS;
    OS << Threads << " reads of 32-" << MaxLen << " bases, reference of "
       << RefLen << ", at most " << MaxMis << " mismatches";
    return OS.str();
  }
  void setScale(double Scale) override {
    RefLen = std::max(256, static_cast<int>(std::lround(1024 * Scale)));
    std::mt19937 Rng(5);
    std::vector<unsigned char> R(RefLen);
    for (int I = 0; I < RefLen; ++I)
      R[I] = (I / 128) % 2 == 0 ? 'A' : "ACGT"[Rng() % 4];
    Ref = std::make_unique<DeviceBuffer<unsigned char>>(
        DeviceBuffer<unsigned char>::fromHost(Ctx, R));
  }
  void launchOriginal(const Module &M) override {
    launch(M.kernel("seqcmp"), config(), *UseReads, *UseLens, *Ref, RefLen,
           MaxLen, MaxMis, Hits, n());
  }
  DeviceBbvProfile profile(const Module &M) override {
    return launchBbvProfile(Ctx, M, "seqcmp", config(), *Reads, *Lens, *Ref,
                            RefLen, MaxLen, MaxMis, Hits, n());
  }
  void launchRemapped(const Module &M,
                      const DeviceBuffer<std::uint32_t> &Redirect) override {
    runtime::launchRemapped(M, "seqcmp", config(), Redirect, *Reads, *Lens,
                            *Ref, RefLen, MaxLen, MaxMis, Hits, n());
  }
  std::vector<std::uint32_t> output() const override { return Hits.download(); }
  void poisonOutput() override { Hits.fillWords(0xffffffffu); }
  bool hasIndexedInputs() const override { return true; }
  void permuteInputs(const std::vector<std::uint32_t> &Order) override {
    PermReads = std::make_unique<DeviceBuffer<unsigned char>>(
        DeviceBuffer<unsigned char>::fromHost(
            Ctx, gather(ReadsHost, Order, MaxLen)));
    PermLens = std::make_unique<DeviceBuffer<int>>(
        DeviceBuffer<int>::fromHost(Ctx, gather(LensHost, Order)));
    UseReads = PermReads.get();
    UseLens = PermLens.get();
  }
  void restoreInputs() override {
    UseReads = Reads.get();
    UseLens = Lens.get();
  }

private:
  int n() const { return static_cast<int>(Threads); }
  static constexpr int MaxLen = 128;
  int MaxMis = 4;
  int RefLen = 1024;
  std::vector<unsigned char> ReadsHost;
  std::vector<int> LensHost;
  std::unique_ptr<DeviceBuffer<unsigned char>> Reads, PermReads, Ref;
  std::unique_ptr<DeviceBuffer<int>> Lens, PermLens;
  DeviceBuffer<unsigned char> *UseReads = nullptr;
  DeviceBuffer<int> *UseLens = nullptr;
  DeviceBuffer<std::uint32_t> Hits;
};

} // namespace

std::unique_ptr<Workload> makeVarTrip(const Context &Ctx, unsigned Threads,
                                      const std::string &Distribution,
                                      const std::string &Kernel) {
  return std::make_unique<VarTrip>(Ctx, Threads, Distribution, Kernel);
}
std::unique_ptr<Workload> makeMandel(const Context &Ctx, unsigned Threads) {
  return std::make_unique<Mandel>(Ctx, Threads);
}
std::unique_ptr<Workload> makeSeqCmp(const Context &Ctx, unsigned Threads) {
  return std::make_unique<SeqCmp>(Ctx, Threads);
}

} // namespace divopt::bench
