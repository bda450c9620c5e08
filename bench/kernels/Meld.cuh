// Shared by meld.cu and meld_hand.cu: sizes and the random draws.
#ifndef DIVOPT_BENCH_MELD_CUH
#define DIVOPT_BENCH_MELD_CUH

#include "Mwc.cuh"

constexpr unsigned MeldSortBlock = 256;
constexpr int MeldQueens = 10;

// A draw as a float in [0, 1): its top 24 bits, exactly representable.
__device__ __forceinline__ float toUnit(unsigned R) {
  return static_cast<float>(R >> 8) * (1.0f / 16777216.0f);
}

#endif // DIVOPT_BENCH_MELD_CUH
