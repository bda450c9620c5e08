// The kernels of meld.cu melded by hand, the way a programmer removes the
// divergence: the code both arms run is written once, what differs is
// selected, and only what the data makes different stays under a branch.
// Each thread makes the same loads, stores and draws in the same order, so
// the outputs are bit-identical to meld.cu's.
#include "Meld.cuh"

// The compare-and-swap once, its comparison chosen by the direction.
extern "C" __global__ void meld_bitonic_hand(const float *Keys, float *Sorted,
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
        bool Up = (T & K) == 0;
        if (Up ? A > B : A < B) {
          S[T] = B;
          S[P] = A;
        }
      }
      __syncthreads();
    }
  }
  if (G < Count)
    Sorted[G] = S[T];
}

// The short-circuit condition decides which run the key comes from; the
// copy and the index updates are written once.
extern "C" __global__ void meld_merge_hand(const float *In, float *Out,
                                           int Count, int Len) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  int I = 0, Middle = Len, J = Len, End = 2 * Len;
  for (int K = 0; K < End; ++K) {
    bool TakeI =
        I < Middle && (J >= End || In[I * Count + T] < In[J * Count + T]);
    int From = TakeI ? I : J;
    Out[K * Count + T] = In[From * Count + T];
    I += TakeI;
    J += !TakeI;
  }
}

// The draw and the turn both arms make run once; the arms keep only their
// weight updates.
extern "C" __global__ void meld_montecarlo_hand(const unsigned *Seeds,
                                                float *Out, int Count,
                                                int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float X = 0.0f, Y = 0.0f, W = 1.0f, Ux = 1.0f, Uy = 0.0f;
  for (int S = 0; S < Steps; ++S) {
    float Step = toUnit(nextMwc(Rng));
    X += Ux * Step;
    Y += Uy * Step;
    bool Scattered = toUnit(nextMwc(Rng)) < 0.5f;
    if (Scattered) {
      if (W > 0.25f) {
        W = W * 0.9f;
      } else if (toUnit(nextMwc(Rng)) < 0.25f) {
        W = W * 4.0f;
      } else {
        W = 0.0f;
        X = 0.0f;
        Y = 0.0f;
      }
    } else {
      W = W * 0.75f + 0.02f;
    }
    float Phi = toUnit(nextMwc(Rng)) * 6.2831853f;
    float Sn, Cs;
    sincosf(Phi, &Sn, &Cs);
    // x * 1.0f is x, bit for bit.
    float Scale = Scattered ? 1.0f : 0.5f;
    Ux = Cs * Scale;
    Uy = Sn * Scale;
  }
  Out[T] = X;
  Out[Count + T] = Y;
  Out[2 * Count + T] = W;
}

// One step of the search computes the lowest free column whatever it
// decides; backtracking, counting and going deeper then differ only in
// the row they move to and in the stores of the deeper row.
extern "C" __global__ void meld_nqueens_hand(unsigned *Solutions, int Count) {
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
      bool Back = F == 0;
      unsigned Bit = F & (0u - F);
      bool Last = Row == MeldQueens - 1;
      if (!Back)
        Free[Row] = F ^ Bit;
      Found += !Back && Last;
      if (!Back && !Last) {
        Cols[Row + 1] = Cols[Row] | Bit;
        Left[Row + 1] = (Left[Row] | Bit) << 1;
        Right[Row + 1] = (Right[Row] | Bit) >> 1;
        Free[Row + 1] =
            Full & ~(Cols[Row + 1] | Left[Row + 1] | Right[Row + 1]);
      }
      Row += Back ? -1 : (Last ? 0 : 1);
    }
  }
  Solutions[T] = Found;
}
