// Kernels whose divergent arms are not same-shape single-entry single-exit
// regions after clang -O3, written as application code is: a bitonic sort
// in shared memory with a per-thread direction, the merge step of a merge
// sort with its short-circuit condition, a Monte Carlo step whose arms have
// different control flow, and an N-Queens backtracking step. meld_hand.cu
// holds the same kernels melded by hand.
#include "Meld.cuh"

// Bitonic sort of each block's 256 keys in shared memory; each thread's
// compare-and-swap direction follows its position in the bitonic sequence.
extern "C" __global__ void meld_bitonic(const float *Keys, float *Sorted,
                                        int Count) {
  __shared__ float S[MeldSortBlock];
  unsigned T = threadIdx.x;
  int G = blockIdx.x * MeldSortBlock + T;
  S[T] = G < Count ? Keys[G] : __int_as_float(0x7f800000);
  __syncthreads();
  for (unsigned K = 2; K <= MeldSortBlock; K <<= 1) {
    for (unsigned J = K >> 1; J > 0; J >>= 1) {
      unsigned P = T ^ J;
      if (P > T) {
        float A = S[T], B = S[P];
        if ((T & K) == 0) {
          if (A > B) {
            S[T] = B;
            S[P] = A;
          }
        } else {
          if (A < B) {
            S[T] = B;
            S[P] = A;
          }
        }
      }
      __syncthreads();
    }
  }
  if (G < Count)
    Sorted[G] = S[T];
}

// One merge step per thread: two sorted runs of Len keys each, interleaved
// across threads (key E of thread T at E * Count + T), merged into Out.
extern "C" __global__ void meld_merge(const float *In, float *Out, int Count,
                                      int Len) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  int I = 0, Middle = Len, J = Len, End = 2 * Len;
  for (int K = 0; K < End; ++K) {
    if (I < Middle && (J >= End || In[I * Count + T] < In[J * Count + T])) {
      Out[K * Count + T] = In[I * Count + T];
      ++I;
    } else {
      Out[K * Count + T] = In[J * Count + T];
      ++J;
    }
  }
}

// A photon-style Monte Carlo step: scattered photons first pick a new
// weight through a nested if/else, absorbed ones update theirs in straight
// line; both then draw a random angle and turn by it.
extern "C" __global__ void meld_montecarlo(const unsigned *Seeds, float *Out,
                                           int Count, int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float X = 0.0f, Y = 0.0f, W = 1.0f, Ux = 1.0f, Uy = 0.0f;
  for (int S = 0; S < Steps; ++S) {
    float Step = toUnit(nextMwc(Rng));
    X += Ux * Step;
    Y += Uy * Step;
    if (toUnit(nextMwc(Rng)) < 0.5f) {
      // Scattered: light photons play roulette, heavy ones lose a tenth.
      if (W > 0.25f) {
        W = W * 0.9f;
      } else if (toUnit(nextMwc(Rng)) < 0.25f) {
        W = W * 4.0f;
      } else {
        W = 0.0f;
        X = 0.0f;
        Y = 0.0f;
      }
      float Phi = toUnit(nextMwc(Rng)) * 6.2831853f;
      float Sn, Cs;
      sincosf(Phi, &Sn, &Cs);
      Ux = Cs;
      Uy = Sn;
    } else {
      W = W * 0.75f + 0.02f;
      float Phi = toUnit(nextMwc(Rng)) * 6.2831853f;
      float Sn, Cs;
      sincosf(Phi, &Sn, &Cs);
      Ux = Cs * 0.5f;
      Uy = Sn * 0.5f;
    }
  }
  Out[T] = X;
  Out[Count + T] = Y;
  Out[2 * Count + T] = W;
}

// N-Queens by backtracking, one search per thread: the first two queens
// come from the thread index, the rest is a depth-first search over free
// columns. Each step either backtracks (no free column left in the row),
// counts a solution (last row) or goes one row deeper.
extern "C" __global__ void meld_nqueens(unsigned *Solutions, int Count) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  const unsigned Full = (1u << MeldQueens) - 1;
  unsigned C0 = 1u << (T % MeldQueens), C1 = 1u << ((T / MeldQueens) % MeldQueens);
  unsigned Found = 0;
  if ((C1 & (C0 | (C0 << 1) | (C0 >> 1))) == 0) {
    unsigned Cols[MeldQueens], Left[MeldQueens], Right[MeldQueens],
        Free[MeldQueens];
    int Row = 2;
    Cols[Row] = C0 | C1;
    Left[Row] = ((C0 << 1) | C1) << 1;
    Right[Row] = ((C0 >> 1) | C1) >> 1;
    Free[Row] = Full & ~(Cols[Row] | Left[Row] | Right[Row]);
    while (Row >= 2) {
      unsigned F = Free[Row];
      if (F == 0) {
        --Row;
      } else {
        unsigned Bit = F & (0u - F);
        Free[Row] = F ^ Bit;
        if (Row == MeldQueens - 1) {
          ++Found;
        } else {
          Cols[Row + 1] = Cols[Row] | Bit;
          Left[Row + 1] = (Left[Row] | Bit) << 1;
          Right[Row + 1] = (Right[Row] | Bit) >> 1;
          Free[Row + 1] =
              Full & ~(Cols[Row + 1] | Left[Row + 1] | Right[Row + 1]);
          ++Row;
        }
      }
    }
  }
  Solutions[T] = Found;
}
