// Run 4 cause-finding probe (bench/results/2026-11-22-h100-regroup-run4.md):
// seqcmp and vartrip as in bench/regroup/kernels.cu, with each CTA's SM id and
// globaltimer start/end, original vs work-sorted input layout, and an fp32
// chain saturation curve. Built and run on the GPU machine with
//   nvcc -O3 -arch=sm_90 probe.cu -o probe && OUT=. ./probe 1024
// and profiled there with ncu (--clock-control none; sections SpeedOfLight,
// Occupancy, WarpStateStats, SchedulerStats, MemoryWorkloadAnalysis(_Tables),
// LaunchStats, InstructionStats, ComputeWorkloadAnalysis).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <vector>
#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      printf("CUDA %s at %d\n", cudaGetErrorString(e), __LINE__);              \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__device__ __forceinline__ unsigned smid() {
  unsigned r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}
__device__ __forceinline__ unsigned long long gtime() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

struct Rec {
  unsigned long long t0, t1;
  unsigned sm, pad;
};

__device__ void recStart(Rec *r) {
  if (r && threadIdx.x == 0) {
    r[blockIdx.x].t0 = gtime();
    r[blockIdx.x].sm = smid();
  }
}
__device__ void recEnd(Rec *r) {
  if (r && (threadIdx.x & 31) == 0)
    atomicMax(&r[blockIdx.x].t1, gtime());
}

extern "C" __global__ void seqcmp(const unsigned char *reads, const int *lens,
                                  const unsigned char *ref, int refLen,
                                  int maxLen, int maxMis, int *hits, int *work,
                                  Rec *rec, int n) {
  recStart(rec);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const unsigned char *read = reads + (long)i * maxLen;
    int len = lens[i], found = 0, w = 0;
    for (int off = 0; off + len <= refLen; ++off) {
      int mis = 0, j = 0;
      for (; j < len && mis <= maxMis; ++j)
        mis += read[j] != ref[off + j];
      found += mis <= maxMis;
      w += j;
    }
    hits[i] = found;
    if (work)
      work[i] = w;
  }
  recEnd(rec);
}

extern "C" __global__ void vartrip(const int *trips, const float *in,
                                   float *out, Rec *rec, int n) {
  recStart(rec);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = in[i], y = 1.0f;
    for (int k = 0, t = trips[i]; k < t; ++k) {
      x = fmaf(x, 0.9999f, 0.5f);
      y = fmaf(y, x, -0.25f) * 0.5f;
      x = x - y * 1.0e-3f;
    }
    out[i] = x + y;
  }
  recEnd(rec);
}

template <class F> float timeIt(F f, int reps = 5) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  f();
  CK(cudaDeviceSynchronize());
  std::vector<float> v;
  for (int r = 0; r < reps; ++r) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    v.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void dumpRecs(const char *name, Rec *dRec, int blocks) {
  std::vector<Rec> r(blocks);
  CK(cudaMemcpy(r.data(), dRec, blocks * sizeof(Rec), cudaMemcpyDeviceToHost));
  unsigned long long t0 = ~0ull, tEnd = 0;
  for (auto &x : r) {
    t0 = std::min(t0, x.t0);
    tEnd = std::max(tEnd, x.t1);
  }
  std::vector<double> smEnd(200, 0), smBusy(200, 0);
  std::vector<int> smN(200, 0);
  for (auto &x : r) {
    smEnd[x.sm] = std::max(smEnd[x.sm], (x.t1 - t0) * 1e-6);
    smBusy[x.sm] += (x.t1 - x.t0) * 1e-6;
    smN[x.sm]++;
  }
  char fn[256];
  snprintf(fn, sizeof fn, "%s/blocks-%s.csv",
           getenv("OUT") ? getenv("OUT") : ".", name);
  FILE *f = fopen(fn, "w");
  fprintf(f, "block,sm,start_ms,end_ms\n");
  for (int b = 0; b < blocks; ++b)
    fprintf(f, "%d,%u,%.4f,%.4f\n", b, r[b].sm, (r[b].t0 - t0) * 1e-6,
            (r[b].t1 - t0) * 1e-6);
  fclose(f);
  double mn = 1e30, mx = 0, sum = 0;
  int used = 0, nmin = 1 << 30, nmax = 0;
  for (int s = 0; s < 200; ++s)
    if (smN[s]) {
      used++;
      mn = std::min(mn, smEnd[s]);
      mx = std::max(mx, smEnd[s]);
      sum += smEnd[s];
      nmin = std::min(nmin, smN[s]);
      nmax = std::max(nmax, smN[s]);
    }
  double lastStart = 0;
  for (auto &x : r)
    lastStart = std::max(lastStart, (x.t0 - t0) * 1e-6);
  printf("%-22s total %.3f ms; SMs %d, CTAs/SM %d-%d; SM end min %.3f avg %.3f "
         "max %.3f ms; last CTA start %.3f ms\n",
         name, (tEnd - t0) * 1e-6, used, nmin, nmax, mn, sum / used, mx,
         lastStart);
}

int main(int argc, char **argv) {
  int refLen = argc > 1 ? atoi(argv[1]) : 1024;
  // --- seqcmp, inputs as in bench/regroup/Workloads.cpp
  const int n = (1 << 20) / 4, maxLen = 128, maxMis = 4;
  std::mt19937 rng(3);
  const char *B = "ACGT";
  std::vector<unsigned char> reads((size_t)n * maxLen);
  std::vector<int> lens(n);
  for (int i = 0; i < n; ++i) {
    lens[i] = 32 + rng() % (maxLen - 32 + 1);
    bool a = rng() % 8 == 0;
    for (int j = 0; j < maxLen; ++j)
      reads[(size_t)i * maxLen + j] = a && rng() % 64 != 0 ? 'A' : B[rng() % 4];
  }
  std::mt19937 r5(5);
  std::vector<unsigned char> ref(refLen);
  for (int i = 0; i < refLen; ++i)
    ref[i] = (i / 128) % 2 == 0 ? 'A' : "ACGT"[r5() % 4];
  unsigned char *dReads, *dRef;
  int *dLens, *dHits, *dWork;
  Rec *dRec;
  int blocks = n / 256;
  CK(cudaMalloc(&dReads, reads.size()));
  CK(cudaMalloc(&dRef, refLen));
  CK(cudaMalloc(&dLens, n * 4));
  CK(cudaMalloc(&dHits, n * 4));
  CK(cudaMalloc(&dWork, n * 4));
  CK(cudaMalloc(&dRec, 8192 * sizeof(Rec)));
  CK(cudaMemcpy(dReads, reads.data(), reads.size(), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dRef, ref.data(), refLen, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dLens, lens.data(), n * 4, cudaMemcpyHostToDevice));
  seqcmp<<<blocks, 256>>>(dReads, dLens, dRef, refLen, maxLen, maxMis, dHits,
                          dWork, nullptr, n);
  CK(cudaDeviceSynchronize());
  std::vector<int> work(n), hitsOrig(n);
  CK(cudaMemcpy(work.data(), dWork, n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hitsOrig.data(), dHits, n * 4, cudaMemcpyDeviceToHost));
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return work[a] > work[b]; });
  std::vector<unsigned char> preads(reads.size());
  std::vector<int> plens(n);
  for (int p = 0; p < n; ++p) {
    std::copy_n(&reads[(size_t)order[p] * maxLen], maxLen,
                &preads[(size_t)p * maxLen]);
    plens[p] = lens[order[p]];
  }
  unsigned char *dPReads;
  int *dPLens;
  CK(cudaMalloc(&dPReads, preads.size()));
  CK(cudaMalloc(&dPLens, n * 4));
  CK(cudaMemcpy(dPReads, preads.data(), preads.size(), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dPLens, plens.data(), n * 4, cudaMemcpyHostToDevice));
  long long totalWork = 0;
  for (int w : work)
    totalWork += w;
  printf("seqcmp refLen %d n %d: inner iterations %lld\n", refLen, n,
         totalWork);
  float tO = timeIt([&] {
    seqcmp<<<blocks, 256>>>(dReads, dLens, dRef, refLen, maxLen, maxMis, dHits,
                            nullptr, nullptr, n);
  });
  float tS = timeIt([&] {
    seqcmp<<<blocks, 256>>>(dPReads, dPLens, dRef, refLen, maxLen, maxMis,
                            dHits, nullptr, nullptr, n);
  });
  std::vector<int> hp(n);
  CK(cudaMemcpy(hp.data(), dHits, n * 4, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int p = 0; p < n; ++p)
    bad += hp[p] != hitsOrig[order[p]];
  printf("seqcmp original %.3f ms, sorted-layout %.3f ms, speedup %.3f, "
         "mismatches %d\n",
         tO, tS, tO / tS, bad);
  CK(cudaMemset(dRec, 0, 8192 * sizeof(Rec)));
  seqcmp<<<blocks, 256>>>(dReads, dLens, dRef, refLen, maxLen, maxMis, dHits,
                          nullptr, dRec, n);
  CK(cudaDeviceSynchronize());
  dumpRecs("seqcmp-orig", dRec, blocks);
  CK(cudaMemset(dRec, 0, 8192 * sizeof(Rec)));
  seqcmp<<<blocks, 256>>>(dPReads, dPLens, dRef, refLen, maxLen, maxMis, dHits,
                          nullptr, dRec, n);
  CK(cudaDeviceSynchronize());
  dumpRecs("seqcmp-sorted", dRec, blocks);
  // Also: the sorted layout with every CTA's threads rotated so that work is
  // dealt evenly (A-rich CTAs interleaved): tells load balance from per-warp
  // effects.
  {
    std::vector<int> o2(n);
    int nb =
        n /
        256; // position p -> thread: deal sorted warps round-robin over CTAs
    int nw = n / 32;
    for (int w = 0; w < nw; ++w) {
      int cta = w % nb, slot = w / nb;
      for (int l = 0; l < 32; ++l)
        o2[cta * 256 + slot * 32 + l] = order[w * 32 + l];
    }
    for (int p = 0; p < n; ++p) {
      std::copy_n(&reads[(size_t)o2[p] * maxLen], maxLen,
                  &preads[(size_t)p * maxLen]);
      plens[p] = lens[o2[p]];
    }
    CK(cudaMemcpy(dPReads, preads.data(), preads.size(),
                  cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dPLens, plens.data(), n * 4, cudaMemcpyHostToDevice));
    float t2 = timeIt([&] {
      seqcmp<<<blocks, 256>>>(dPReads, dPLens, dRef, refLen, maxLen, maxMis,
                              dHits, nullptr, nullptr, n);
    });
    printf("seqcmp sorted-warps-dealt-over-CTAs %.3f ms, speedup %.3f\n", t2,
           tO / t2);
    CK(cudaMemset(dRec, 0, 8192 * sizeof(Rec)));
    seqcmp<<<blocks, 256>>>(dPReads, dPLens, dRef, refLen, maxLen, maxMis,
                            dHits, nullptr, dRec, n);
    CK(cudaDeviceSynchronize());
    dumpRecs("seqcmp-dealt", dRec, blocks);
  }
  // --- vartrip skewed, as in Workloads.cpp (scale 1: Long 4096)
  const int vn = 1 << 20, Long = 4096;
  std::mt19937 rv(1);
  std::vector<int> trips(vn);
  std::vector<float> in(vn);
  for (int i = 0; i < vn; ++i) {
    trips[i] = rv() % 8 == 0 ? Long : Long / 32;
    in[i] = 0.5f + (i % 97) * 1e-3f;
  }
  std::vector<int> vo(vn);
  std::iota(vo.begin(), vo.end(), 0);
  std::stable_sort(vo.begin(), vo.end(),
                   [&](int a, int b) { return trips[a] > trips[b]; });
  std::vector<int> ptrips(vn);
  std::vector<float> pin(vn);
  for (int p = 0; p < vn; ++p) {
    ptrips[p] = trips[vo[p]];
    pin[p] = in[vo[p]];
  }
  int *dT, *dPT;
  float *dIn, *dPIn, *dOut;
  CK(cudaMalloc(&dT, vn * 4));
  CK(cudaMalloc(&dPT, vn * 4));
  CK(cudaMalloc(&dIn, vn * 4));
  CK(cudaMalloc(&dPIn, vn * 4));
  CK(cudaMalloc(&dOut, vn * 4));
  CK(cudaMemcpy(dT, trips.data(), vn * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dPT, ptrips.data(), vn * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dIn, in.data(), vn * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dPIn, pin.data(), vn * 4, cudaMemcpyHostToDevice));
  int vb = vn / 256;
  float vO = timeIt([&] { vartrip<<<vb, 256>>>(dT, dIn, dOut, nullptr, vn); });
  float vS =
      timeIt([&] { vartrip<<<vb, 256>>>(dPT, dPIn, dOut, nullptr, vn); });
  printf("vartrip-skewed original %.3f ms, sorted %.3f ms, speedup %.3f\n", vO,
         vS, vO / vS);
  CK(cudaMemset(dRec, 0, 8192 * sizeof(Rec)));
  vartrip<<<vb, 256>>>(dT, dIn, dOut, dRec, vn);
  CK(cudaDeviceSynchronize());
  dumpRecs("vartrip-orig", dRec, vb);
  CK(cudaMemset(dRec, 0, 8192 * sizeof(Rec)));
  vartrip<<<vb, 256>>>(dPT, dPIn, dOut, dRec, vn);
  CK(cudaDeviceSynchronize());
  dumpRecs("vartrip-sorted", dRec, vb);
  // Long CTAs last (vartrip-coherent's Sorting order): which SMs take them when
  // the short CTAs free slots together.
  {
    std::vector<int> asc(vn);
    for (int p = 0; p < vn; ++p)
      asc[p] = vo[vn - 1 - p];
    for (int p = 0; p < vn; ++p) {
      ptrips[p] = trips[asc[p]];
      pin[p] = in[asc[p]];
    }
    CK(cudaMemcpy(dPT, ptrips.data(), vn * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dPIn, pin.data(), vn * 4, cudaMemcpyHostToDevice));
    float vA =
        timeIt([&] { vartrip<<<vb, 256>>>(dPT, dPIn, dOut, nullptr, vn); });
    printf("vartrip-skewed long-last %.3f ms, speedup vs original %.3f\n", vA,
           vO / vA);
    CK(cudaMemset(dRec, 0, 8192 * sizeof(Rec)));
    vartrip<<<vb, 256>>>(dPT, dPIn, dOut, dRec, vn);
    CK(cudaDeviceSynchronize());
    dumpRecs("vartrip-longlast", dRec, vb);
  }
  // --- saturation curve: k warps per SM, every lane Long trips (uniform), one
  // CTA per SM (two for k > 32)
  int sms;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int clk;
  CK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0));
  std::vector<int> all(vn, Long);
  CK(cudaMemcpy(dPT, all.data(), vn * 4, cudaMemcpyHostToDevice));
  printf("curve (vartrip loop, %d trips, %d SMs, %d MHz): warps/SM, ms, "
         "warp-iterations per SM per cycle\n",
         Long, sms, clk / 1000);
  for (int k : {1, 2, 4, 6, 8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64}) {
    int ctas = k > 32 ? 2 : 1, tpb = k * 32 / ctas;
    int nt = sms * ctas * tpb;
    float ms = timeIt(
        [&] { vartrip<<<sms * ctas, tpb>>>(dPT, dIn, dOut, nullptr, nt); }, 3);
    double cyc = ms * 1e-3 * clk * 1e3;
    printf("curve %d %.4f %.4f\n", k, ms, (double)k * Long / cyc);
  }
  return 0;
}
