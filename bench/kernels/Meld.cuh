// Shared by meld.cu and meld_hand.cu: sizes and the random draws.
#ifndef DIVOPT_BENCH_MELD_CUH
#define DIVOPT_BENCH_MELD_CUH

#include "Mwc.cuh"

// Largest bitonic segment: the block size, 32-256.
constexpr unsigned MeldSortBlock = 256;
// N-Queens: board size, and the block size its shared stacks are sized for.
constexpr int MeldQueens = 10;
constexpr int MeldQueensBlock = 64;

// One layer of the boundary-crossing kernel: refractive index and the
// critical cosines towards the layers above and below.
struct MeldLayer {
  float N, CosCrit0, CosCrit1;
};

// A draw as a float in [0, 1): its top 24 bits, exactly representable.
__device__ __forceinline__ float toUnit(unsigned R) {
  return static_cast<float>(R >> 8) * (1.0f / 16777216.0f);
}

#endif // DIVOPT_BENCH_MELD_CUH
