// The kernels of meld.cu melded by hand, the way a programmer removes the
// divergence: the code both arms run is written once, what differs is
// selected, and only what the data makes different stays under a branch
// (the guarded photon loop is delayed by hand instead).
// Each thread makes the same loads, stores and draws in the same order, so
// the outputs are bit-identical to meld.cu's.
#include "Meld.cuh"

// The compare-and-swap once: the direction chooses which key is compared
// as the smaller (`Lo > Hi` is `A > B` going up, `B > A`, that is `A < B`,
// going down), so one comparison and one swap serve both directions.
extern "C" __global__ void meld_bitonic_hand(const float *Keys, float *Sorted,
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
          bool Up = (T & K) == 0;
          float A = S[T], B = S[Ixj];
          float Lo = Up ? A : B, Hi = Up ? B : A;
          if (Lo > Hi) {
            S[T] = B;
            S[Ixj] = A;
          }
        }
        __syncthreads();
      }
    }
    Sorted[Base + T] = S[T];
    __syncthreads();
  }
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

// One step of the search reads the row's mask and computes its lowest
// untried column whatever it decides (a full row's is outside the board,
// so it is not free either); the row is marked unless full, a solution is
// counted, and only going deeper writes the next row. Backing up, counting
// and going deeper then differ in the row they move to.
extern "C" __global__ void meld_nqueens_hand(const unsigned *Starts,
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
    unsigned Mi = M[T][I];
    bool RowFull = (Mi & Full) == Full;
    unsigned Index = (Mi + 1) & ~Mi;
    bool Free = !RowFull && (Index & Full) != 0;
    bool Last = I + 1 == MeldQueens - 2;
    if (!RowFull)
      M[T][I] = Mi | Index;
    Total += Free && Last;
    bool Deeper = Free && !Last;
    if (Deeper) {
      Mask[T][I + 1] = Mask[T][I] | Index;
      LMask[T][I + 1] = (LMask[T][I] | Index) << 1;
      RMask[T][I + 1] = (RMask[T][I] | Index) >> 1;
      M[T][I + 1] = Mask[T][I + 1] | LMask[T][I + 1] | RMask[T][I + 1];
    }
    I += Deeper ? 1 : -1;
  }
  Solutions[Idx] = Total;
}

// The two crossings once: the direction selects the neighbour, the
// critical cosine, the sign of the incidence cosine and which tally an
// escaping photon adds to. What stays divergent is what the data decides:
// the Fresnel helper's early returns and reflect-or-transmit.
__device__ float fresnelHand(float N1, float N2, float Ca1, float &Ca2) {
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

extern "C" __global__ void meld_boundary_hand(const MeldLayer *L,
                                              int NumLayers,
                                              const unsigned *Seeds,
                                              float *Out, int Count,
                                              int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float Ux = 0.0f, Uy = 0.0f, Uz = toUnit(nextMwc(Rng)) * 2.0f - 1.0f;
  float W = 1.0f, Rd = 0.0f, Tt = 0.0f;
  int Ly = 1;
  for (int S = 0; S < Steps; ++S) {
    bool Up = Uz < 0.0f;
    int Next = Up ? Ly - 1 : Ly + 1;
    float Ni = L[Ly].N, Nt = L[Next].N;
    float Ca = Up ? -Uz : Uz;
    float CosCrit = Up ? L[Ly].CosCrit0 : L[Ly].CosCrit1;
    float Uz1 = 0.0f, R;
    if (Ca <= CosCrit)
      R = 1.0f;
    else
      R = fresnelHand(Ni, Nt, Ca, Uz1);
    if (toUnit(nextMwc(Rng)) > R) {
      bool Escapes = Ly == (Up ? 1 : NumLayers);
      float Tally = Escapes ? W : 0.0f;
      // x + 0.0f is x for every tally (they are never -0.0f).
      Rd += Up ? Tally : 0.0f;
      Tt += Up ? 0.0f : Tally;
      W = Escapes ? 1.0f : W;
      Ly = Escapes ? Ly : Next;
      float Ratio = Ni / Nt;
      Ux = Escapes ? Ux : Ux * Ratio;
      Uy = Escapes ? Uy : Uy * Ratio;
      Uz = Up ? -Uz1 : Uz1;
    } else {
      Uz = -Uz;
    }
    W *= 0.97f;
    float C = toUnit(nextMwc(Rng)) * 2.0f - 1.0f;
    Uz = fminf(fmaxf(Uz * 0.6f + C * 0.4f, -1.0f), 1.0f);
  }
  Out[T] = Rd;
  Out[Count + T] = Tt;
  Out[2 * Count + T] = W + Ux + Uy;
}

// The inner arms once, their constants selected by where the particle
// is; the guard stays a branch.
extern "C" __global__ void meld_guarded_hand(const unsigned *Seeds,
                                             float *Out, int Count,
                                             int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float X = 0.0f, E = 1.0f;
  for (int S = 0; S < Steps; ++S) {
    bool Active = E > 0.05f;
    if (Active) {
      bool Absorber = toUnit(nextMwc(Rng)) < 0.5f;
      float Shift = Absorber ? 0.5f : 0.25f;
      float Scale = Absorber ? 0.8f : 1.25f;
      float Move = Absorber ? 0.6f : -0.375f;
      float Mu = Absorber ? 0.125f : 0.0625f;
      float D = -logf(toUnit(nextMwc(Rng)) + Shift) * Scale;
      // X - D * 0.375f is X + D * -0.375f, bit for bit.
      X = X + D * Move;
      E = E * expf(-D * Mu);
    }
  }
  Out[T] = X;
  Out[Count + T] = E;
  Out[2 * Count + T] = X * E;
}

// Iteration delaying of the guarded photon loop by hand, the guard folded
// into the vote: each trip the alive lanes whose step is pending vote, and
// only the majority's arm runs; a lane on the other side keeps its step
// for a later trip. Every lane still makes its own draws in order.
extern "C" __global__ void meld_guarded_photon_hand(const unsigned *Seeds,
                                                    float *Out, int Count,
                                                    int Steps) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[T]);
  float X = 0.0f, Z = 0.0f, Ux = 0.0f, Uz = 1.0f, W = 1.0f;
  int S = 0;
  bool Pending = false, Hit = false;
  float Step = 0.0f;
  while (S < Steps) {
    bool Alive = W > 0.01f;
    if (Alive && !Pending) {
      Step = toUnit(nextMwc(Rng));
      Hit = Z + Uz * Step > 1.0f || Z + Uz * Step < 0.0f;
    }
    bool Runs = true;
    if (Alive) {
      unsigned Live = __activemask();
      unsigned Hits = __ballot_sync(Live, Hit);
      bool Majority = __popc(Hits) * 2 >= __popc(Live);
      Runs = Hit == Majority;
      if (Runs) {
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
    Pending = !Runs;
    S += Runs;
  }
  Out[T] = X;
  Out[Count + T] = Z;
  Out[2 * Count + T] = W;
}

// The classic solver's step once: the row's tried columns are read and
// the lowest untried one computed whatever the step decides (a full row's
// lies outside the board, so it is not free either); the row is marked
// unless full, a solution is counted, only going deeper pushes the next
// row, and the step moves one row down or up.
template <bool RowMajor>
__device__ void searchQueensHand(const unsigned *Cols, const unsigned *Lefts,
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
      unsigned Tried = M[Here];
      bool RowFull = (Tried & Full) == Full;
      unsigned Index = (Tried + 1) & ~Tried;
      bool Free = !RowFull && (Index & Full) != 0;
      bool Last = I + 1 == Levels;
      if (!RowFull)
        M[Here] = Tried | Index;
      Total += Free && Last;
      bool Deeper = Free && !Last;
      if (Deeper) {
        const int Next = stackSlot<RowMajor>(T, I + 1);
        Mask[Next] = Mask[Here] | Index;
        LMask[Next] = (LMask[Here] | Index) << 1;
        RMask[Next] = (RMask[Here] | Index) >> 1;
        M[Next] = Mask[Next] | LMask[Next] | RMask[Next];
      }
      I += Deeper ? 1 : -1;
    }
    Solutions[Idx] = Total;
  }
}

extern "C" __global__ void meld_queens_hand(const unsigned *Cols,
                                            const unsigned *Lefts,
                                            const unsigned *Rights,
                                            unsigned *Solutions, int Board,
                                            int Levels, int Count) {
  searchQueensHand<false>(Cols, Lefts, Rights, Solutions, Board, Levels,
                          Count);
}

extern "C" __global__ void
meld_queens_rowmajor_hand(const unsigned *Cols, const unsigned *Lefts,
                          const unsigned *Rights, unsigned *Solutions,
                          int Board, int Levels, int Count) {
  searchQueensHand<true>(Cols, Lefts, Rights, Solutions, Board, Levels,
                         Count);
}
