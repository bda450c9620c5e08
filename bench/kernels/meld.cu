// Kernels whose divergent arms are not same-shape single-entry single-exit
// regions after clang -O3, written as application code is: a bitonic sort
// in shared memory with a per-thread direction, the merge step of a merge
// sort with its short-circuit condition, a Monte Carlo step whose arms have
// different control flow, an N-Queens backtracking step, a boundary
// crossing whose mirrored arms each inline a helper full of early returns,
// and guarded inner branches in a loop. meld_hand.cu holds the same
// kernels melded (or delayed) by hand.
#include "Meld.cuh"

// Bitonic sort of segments of blockDim.x keys (32-256) in shared memory, a
// block per segment in turn; each thread's compare-and-swap direction
// follows its position in the bitonic sequence (the classic kernel of the
// CUDA samples, with its swap helper).
__device__ __forceinline__ void swapKeys(float &A, float &B) {
  float T = A;
  A = B;
  B = T;
}

extern "C" __global__ void meld_bitonic(const float *Keys, float *Sorted,
                                        int Segments) {
  __shared__ float S[MeldSortBlock];
  const unsigned T = threadIdx.x, N = blockDim.x;
  for (int Seg = blockIdx.x; Seg < Segments; Seg += gridDim.x) {
    size_t Base = static_cast<size_t>(Seg) * N;
    S[T] = Keys[Base + T];
    __syncthreads();
    for (unsigned K = 2; K <= N; K *= 2) {
      for (unsigned J = K / 2; J > 0; J /= 2) {
        unsigned Ixj = T ^ J;
        if (Ixj > T) {
          if ((T & K) == 0) {
            if (S[T] > S[Ixj])
              swapKeys(S[T], S[Ixj]);
          } else {
            if (S[T] < S[Ixj])
              swapKeys(S[T], S[Ixj]);
          }
        }
        __syncthreads();
      }
    }
    Sorted[Base + T] = S[T];
    __syncthreads();
  }
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

// N-Queens by backtracking, one search per thread from a start of two
// queens, its stack of masks in shared memory (the layout of the classic
// GPU N-Queens solver). Each step: the row is full (every column tried:
// back up), the lowest untried column is not free (back up), the last
// queen fits (a solution, back up) or the search goes one row deeper.
extern "C" __global__ void meld_nqueens(const unsigned *Starts,
                                        unsigned *Solutions, int Count) {
  __shared__ unsigned Mask[MeldQueensBlock][MeldQueens],
      LMask[MeldQueensBlock][MeldQueens], RMask[MeldQueensBlock][MeldQueens],
      M[MeldQueensBlock][MeldQueens];
  const unsigned Full = (1u << MeldQueens) - 1;
  const int T = threadIdx.x, Idx = blockIdx.x * blockDim.x + T;
  if (Idx >= Count)
    return;
  unsigned C0 = 1u << (Starts[Idx] % MeldQueens),
           C1 = 1u << (Starts[Idx] / MeldQueens % MeldQueens);
  unsigned Total = 0;
  int I = 0;
  Mask[T][0] = C0 | C1;
  LMask[T][0] = ((C0 << 1) | C1) << 1;
  RMask[T][0] = ((C0 >> 1) | C1) >> 1;
  M[T][0] = Mask[T][0] | LMask[T][0] | RMask[T][0];
  while (I >= 0) {
    if ((M[T][I] & Full) == Full) {
      I--;
    } else {
      unsigned Index = (M[T][I] + 1) & ~M[T][I];
      M[T][I] |= Index;
      if ((Index & Full) != 0) {
        if (I + 1 == MeldQueens - 2) {
          Total++;
          I--;
        } else {
          Mask[T][I + 1] = Mask[T][I] | Index;
          LMask[T][I + 1] = (LMask[T][I] | Index) << 1;
          RMask[T][I + 1] = (RMask[T][I] | Index) >> 1;
          M[T][I + 1] = Mask[T][I + 1] | LMask[T][I + 1] | RMask[T][I + 1];
          I++;
        }
      } else {
        I--;
      }
    }
  }
  Solutions[Idx] = Total;
}

// A photon crossing layer boundaries: each step it reaches the top or the
// bottom of its layer and is reflected or transmitted (MCML's CrossUpOrNot
// and CrossDnOrNot: the same code up to the direction and the neighbour,
// each inlining the Fresnel helper with its early returns).
__device__ float fresnel(float N1, float N2, float Ca1, float &Ca2) {
  if (N1 == N2) {
    Ca2 = Ca1;
    return 0.0f;
  }
  if (Ca1 > 0.99999f) {
    Ca2 = Ca1;
    float R = (N2 - N1) / (N2 + N1);
    return R * R;
  }
  if (Ca1 < 1.0e-6f) {
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
  float Cap = Ca1 * Ca2 - Sa1 * Sa2, Cam = Ca1 * Ca2 + Sa1 * Sa2;
  float Sap = Sa1 * Ca2 + Ca1 * Sa2, Sam = Sa1 * Ca2 - Ca1 * Sa2;
  return 0.5f * Sam * Sam * (Cap * Cap + Cam * Cam) / (Sap * Sap * Cam * Cam);
}

extern "C" __global__ void meld_boundary(const MeldLayer *L, int NumLayers,
                                         const unsigned *Seeds, float *Out,
                                         int Count, int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float Ux = 0.0f, Uy = 0.0f, Uz = toUnit(nextMwc(Rng)) * 2.0f - 1.0f;
  float W = 1.0f, Rd = 0.0f, Tt = 0.0f;
  int Ly = 1;
  for (int S = 0; S < Steps; ++S) {
    float Uz1 = 0.0f, R;
    if (Uz < 0.0f) {
      float Ni = L[Ly].N, Nt = L[Ly - 1].N;
      if (-Uz <= L[Ly].CosCrit0)
        R = 1.0f;
      else
        R = fresnel(Ni, Nt, -Uz, Uz1);
      if (toUnit(nextMwc(Rng)) > R) {
        if (Ly == 1) {
          Rd += W;
          W = 1.0f;
          Uz = -Uz1;
        } else {
          Ly--;
          Ux *= Ni / Nt;
          Uy *= Ni / Nt;
          Uz = -Uz1;
        }
      } else {
        Uz = -Uz;
      }
    } else {
      float Ni = L[Ly].N, Nt = L[Ly + 1].N;
      if (Uz <= L[Ly].CosCrit1)
        R = 1.0f;
      else
        R = fresnel(Ni, Nt, Uz, Uz1);
      if (toUnit(nextMwc(Rng)) > R) {
        if (Ly == NumLayers) {
          Tt += W;
          W = 1.0f;
          Uz = Uz1;
        } else {
          Ly++;
          Ux *= Ni / Nt;
          Uy *= Ni / Nt;
          Uz = Uz1;
        }
      } else {
        Uz = -Uz;
      }
    }
    // Absorption, then a random tilt of the direction.
    W *= 0.97f;
    float C = toUnit(nextMwc(Rng)) * 2.0f - 1.0f;
    Uz = fminf(fmaxf(Uz * 0.6f + C * 0.4f, -1.0f), 1.0f);
  }
  Out[T] = Rd;
  Out[Count + T] = Tt;
  Out[2 * Count + T] = W + Ux + Uy;
}

// A guarded inner branch in a loop: only lanes whose particle still has
// energy work each step; among them, a particle in the absorber and one in
// the scatterer take the same free path and attenuation, up to constants.
extern "C" __global__ void meld_guarded(const unsigned *Seeds, float *Out,
                                        int Count, int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float X = 0.0f, E = 1.0f;
  for (int S = 0; S < Steps; ++S) {
    bool Active = E > 0.05f;
    if (Active) {
      float U = toUnit(nextMwc(Rng));
      if (U < 0.5f) {
        float D = -logf(toUnit(nextMwc(Rng)) + 0.5f) * 0.8f;
        X = X + D * 0.6f;
        E = E * expf(-D * 0.125f);
      } else {
        float D = -logf(toUnit(nextMwc(Rng)) + 0.25f) * 1.25f;
        X = X - D * 0.375f;
        E = E * expf(-D * 0.0625f);
      }
    }
  }
  Out[T] = X;
  Out[Count + T] = E;
  Out[2 * Count + T] = X * E;
}

// The guarded shape of photon transport: alive photons either cross a
// boundary (a short update) or scatter (a long one with sincosf); the arms
// differ, and delaying or distributing them costs more than it saves, so
// DivOpt must leave the loop as it is.
extern "C" __global__ void meld_guarded_photon(const unsigned *Seeds,
                                               float *Out, int Count,
                                               int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float X = 0.0f, Z = 0.0f, Ux = 0.0f, Uz = 1.0f, W = 1.0f;
  for (int S = 0; S < Steps; ++S) {
    bool Alive = W > 0.01f;
    if (Alive) {
      float Step = toUnit(nextMwc(Rng));
      bool Hit = Z + Uz * Step > 1.0f || Z + Uz * Step < 0.0f;
      if (Hit) {
        Uz = -Uz;
        W = W * 0.5f;
      } else {
        X += Ux * Step;
        Z += Uz * Step;
        W = W * 0.9f;
        float Phi = toUnit(nextMwc(Rng)) * 6.2831853f;
        float Sn, Cs;
        sincosf(Phi, &Sn, &Cs);
        float Ct = toUnit(nextMwc(Rng)) * 2.0f - 1.0f;
        float St = sqrtf(1.0f - Ct * Ct);
        Ux = St * Cs;
        Uz = Ct;
        X += Sn * 0.001f;
      }
    }
  }
  Out[T] = X;
  Out[Count + T] = Z;
  Out[2 * Count + T] = W;
}

// The same search as the classic GPU N-Queens solver runs it: the host
// places the first rows' queens (Board - Levels of them) and hands each
// thread one such start as its column, left-diagonal and right-diagonal
// masks; the thread counts the solutions below it, backtracking through
// Levels rows with its stack in shared memory.
template <bool RowMajor>
__device__ void searchQueens(const unsigned *Cols, const unsigned *Lefts,
                             const unsigned *Rights, unsigned *Solutions,
                             int Board, int Levels, int Count) {
  __shared__ unsigned Mask[MeldSearchBlock * MeldSearchLevels],
      LMask[MeldSearchBlock * MeldSearchLevels],
      RMask[MeldSearchBlock * MeldSearchLevels],
      M[MeldSearchBlock * MeldSearchLevels];
  const unsigned Full = (1u << Board) - 1;
  const int T = threadIdx.x, Idx = blockIdx.x * blockDim.x + T;
  if (Idx < Count) {
    unsigned Total = 0;
    int I = 0;
    Mask[stackSlot<RowMajor>(T, 0)] = Cols[Idx];
    LMask[stackSlot<RowMajor>(T, 0)] = Lefts[Idx];
    RMask[stackSlot<RowMajor>(T, 0)] = Rights[Idx];
    M[stackSlot<RowMajor>(T, 0)] = Cols[Idx] | Lefts[Idx] | Rights[Idx];
    while (I >= 0) {
      const int Here = stackSlot<RowMajor>(T, I);
      if ((M[Here] & Full) == Full) {
        I--;
      } else {
        unsigned Index = (M[Here] + 1) & ~M[Here];
        M[Here] |= Index;
        if ((Index & Full) != 0) {
          if (I + 1 == Levels) {
            Total++;
            I--;
          } else {
            const int Next = stackSlot<RowMajor>(T, I + 1);
            Mask[Next] = Mask[Here] | Index;
            LMask[Next] = (LMask[Here] | Index) << 1;
            RMask[Next] = (RMask[Here] | Index) >> 1;
            M[Next] = Mask[Next] | LMask[Next] | RMask[Next];
            I++;
          }
        } else {
          I--;
        }
      }
    }
    Solutions[Idx] = Total;
  }
}

extern "C" __global__ void meld_queens(const unsigned *Cols,
                                       const unsigned *Lefts,
                                       const unsigned *Rights,
                                       unsigned *Solutions, int Board,
                                       int Levels, int Count) {
  searchQueens<false>(Cols, Lefts, Rights, Solutions, Board, Levels, Count);
}

extern "C" __global__ void meld_queens_rowmajor(const unsigned *Cols,
                                                const unsigned *Lefts,
                                                const unsigned *Rights,
                                                unsigned *Solutions, int Board,
                                                int Levels, int Count) {
  searchQueens<true>(Cols, Lefts, Rights, Solutions, Board, Levels, Count);
}
