// What the standalone bench programs (apps/, atomics/, uniform/) share:
// every CUDA call checked, their inputs' generator, the median time of a
// launch, and a checksum of a result's bits, so that builds with and
// without DivOpt compare bit for bit.
#ifndef DIVOPT_BENCH_COMMON_MEASURE_H
#define DIVOPT_BENCH_COMMON_MEASURE_H

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// The status's name is one no caller's argument would use.
#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t CheckStatus_ = (x);                                            \
    if (CheckStatus_ != cudaSuccess) {                                         \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,               \
              cudaGetErrorString(CheckStatus_));                               \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

// The median of 25 timed runs of Launch after 3 warm-ups, in ms (CUDA
// events); Reset, where given, runs before each, untimed.
template <typename Launch> float medianMs(Launch L, void (*Reset)() = nullptr) {
  cudaEvent_t A, B;
  CHECK(cudaEventCreate(&A));
  CHECK(cudaEventCreate(&B));
  std::vector<float> T;
  for (int R = 0; R < 28; ++R) {
    if (Reset)
      Reset();
    CHECK(cudaEventRecord(A));
    L();
    CHECK(cudaEventRecord(B));
    CHECK(cudaEventSynchronize(B));
    CHECK(cudaGetLastError());
    float Ms;
    CHECK(cudaEventElapsedTime(&Ms, A, B));
    if (R >= 3)
      T.push_back(Ms);
  }
  CHECK(cudaEventDestroy(A));
  CHECK(cudaEventDestroy(B));
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

// The inputs' generator, the same in every program: a 32-bit linear
// congruential generator (Numerical Recipes' constants), so that a
// program's inputs are a function of its seed alone.
struct Lcg {
  unsigned S;
  unsigned next() { return S = S * 1664525u + 1013904223u; }
  // Uniform in [0, 1): the state's top 24 bits.
  float uniform() { return (next() >> 8) * (1.0f / 16777216.0f); }
};

// A new device buffer holding a copy of Host.
template <typename T> T *toDevice(const std::vector<T> &Host) {
  T *D;
  CHECK(cudaMalloc(&D, Host.size() * sizeof(T)));
  CHECK(cudaMemcpy(D, Host.data(), Host.size() * sizeof(T),
                   cudaMemcpyHostToDevice));
  return D;
}

// A new device buffer of N floats, uniform in [0, 1), drawn from Seed.
inline float *deviceUniforms(int N, unsigned Seed) {
  std::vector<float> H(N);
  Lcg R{Seed};
  for (float &X : H)
    X = R.uniform();
  return toDevice(H);
}

// FNV-1a over the bits of N floats in device memory.
inline uint64_t checksumBits(const float *Device, int N) {
  std::vector<float> H(N);
  CHECK(
      cudaMemcpy(H.data(), Device, N * sizeof(float), cudaMemcpyDeviceToHost));
  uint64_t S = 1469598103934665603ull;
  for (float F : H) {
    uint32_t U;
    std::memcpy(&U, &F, sizeof U);
    S = (S ^ U) * 1099511628211ull;
  }
  return S;
}

#endif // DIVOPT_BENCH_COMMON_MEASURE_H
