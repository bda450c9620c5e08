// Shared by meld.cu and meld_hand.cu: sizes and the random draws.
#ifndef DIVOPT_BENCH_MELD_CUH
#define DIVOPT_BENCH_MELD_CUH

#include "Mwc.cuh"

// Largest bitonic segment: the block size, 32-256.
constexpr unsigned MeldSortBlock = 256;
// N-Queens: board size, and the block size its shared stacks are sized for.
constexpr int MeldQueens = 10;
constexpr int MeldQueensBlock = 64;
// N-Queens as the classic GPU solver splits it: the host places the first
// queens, each thread searches at most MeldSearchLevels rows below them,
// MeldSearchBlock threads a block.
constexpr int MeldSearchLevels = 10;
constexpr int MeldSearchBlock = 96;

// Where a thread keeps a row of its search stack in a block's shared array:
// thread-major (each thread's rows together, a stride of MeldSearchLevels
// words between neighbouring threads) or row-major (the threads' entries
// of one row together, one bank each).
template <bool RowMajor>
__device__ __forceinline__ int stackSlot(int Thread, int Row) {
  return RowMajor ? Row * MeldSearchBlock + Thread
                  : Thread * MeldSearchLevels + Row;
}

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
