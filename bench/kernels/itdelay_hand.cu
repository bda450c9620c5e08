// SYN-ITDELAY with iteration delaying applied by hand, as a careful
// programmer would: each warp runs one arm per trip, chosen by a vote, and
// lanes that want the other arm keep their pending iteration for a later
// trip. Every lane still runs its own iterations, and draws its random
// numbers, in its original order, so the outputs are bit-identical to
// itdelay.cu; only the interleaving across lanes changes. Both sets of
// arms are delayed: the explicit ones (itdelay_<policy>_n<N>) and the
// ordinary-arithmetic ones (itdelay_nat_<policy>_n<N>).
//
// The lanes that enter the loop together vote together: their mask is
// captured once at loop entry (__activemask), and each of them stays in
// the loop, voting, until the whole group is done, so every *_sync call
// names exactly the lanes that execute it. No full warp is assumed: the
// last warp of a grid, or lanes that returned early, simply are not in the
// mask.
//
// Three ways to pick the arm of a trip:
//  - majority: the taken arm (fused, or A first) runs when
//    popc(wanting it) * 32 >= Majority * popc(live); relative to the live
//    lanes, so whenever some lane is live, some lane runs (an absolute
//    count would livelock once few lanes remain). Majority is clamped to [1, 32], which guarantees
//    that whichever arm is picked, a live lane wants it.
//  - round robin: Ones trips of the taken arm, then Zeros trips of the
//    other one, whoever wants them.
//  - round robin with idle-trip removal: as round robin, but a trip that
//    no live lane wants (an any vote) runs the other arm instead.
#include "Arms.cuh"
#include "Mwc.cuh"
#include "NaturalArms.cuh"

namespace {

// One lane's position in its own loop: its next iteration and that
// iteration's direction, drawn when the iteration becomes pending, exactly
// when the original loop draws it.
struct PendingIteration {
  int I;
  bool Taken;
};

__device__ __forceinline__ PendingIteration firstIteration(Mwc &Rng, int Iters,
                                                           unsigned Threshold) {
  PendingIteration P{0, false};
  if (Iters > 0)
    P.Taken = nextMwc(Rng) < Threshold;
  return P;
}

__device__ __forceinline__ void finishIteration(PendingIteration &P, Mwc &Rng,
                                                int Iters, unsigned Threshold) {
  if (++P.I < Iters)
    P.Taken = nextMwc(Rng) < Threshold;
}

// Runs the arm the warp picked, in the lanes whose pending iteration wants
// it. RunTaken is warp-uniform, so the warp issues one arm per trip.
template <int N, class Arms>
__device__ __forceinline__ void
runPickedArm(bool RunTaken, bool Live, PendingIteration &P, Mwc &Rng, float &A,
             float &B, int Iters, unsigned Threshold) {
  if (RunTaken) {
    if (Live && P.Taken) {
      Arms::template taken<N>(A, B);
      finishIteration(P, Rng, Iters, Threshold);
    }
  } else {
    if (Live && !P.Taken) {
      Arms::template notTaken<N>(A, B);
      finishIteration(P, Rng, Iters, Threshold);
    }
  }
}

enum class Policy { Majority, RoundRobin, RoundRobinSkipIdle };

// Param1/Param2: Majority (of 32) and unused, or Ones and Zeros.
template <int N, class Arms, Policy How>
__device__ __forceinline__ void
itdelayDelayed(const unsigned *Seeds, const float *In, float *Out, int Count,
               int Iters, unsigned Threshold, unsigned Param1,
               unsigned Param2) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[Tid]);
  float A = In[Tid], B = In[Count + Tid];

  const unsigned Group = __activemask();
  const unsigned Majority = min(max(Param1, 1u), 32u);
  const unsigned Ones = max(Param1, 1u), Period = Ones + max(Param2, 1u);
  PendingIteration P = firstIteration(Rng, Iters, Threshold);
  for (unsigned Trip = 0;; ++Trip) {
    bool Live = P.I < Iters;
    unsigned LiveMask = __ballot_sync(Group, Live);
    if (LiveMask == 0)
      break;
    bool RunTaken;
    if (How == Policy::Majority) {
      unsigned TakenMask = __ballot_sync(Group, Live && P.Taken);
      RunTaken = __popc(TakenMask) * 32u >= Majority * __popc(LiveMask);
    } else {
      RunTaken = Trip % Period < Ones;
      if (How == Policy::RoundRobinSkipIdle &&
          !__any_sync(Group, Live && P.Taken == RunTaken))
        RunTaken = !RunTaken;
    }
    runPickedArm<N, Arms>(RunTaken, Live, P, Rng, A, B, Iters, Threshold);
  }
  Out[Tid] = A;
  Out[Count + Tid] = B;
}

} // namespace

// Prefix##_##Name##_n##N: itdelay_majority_n32, itdelay_nat_majority_n32.
#define ITDELAY_HAND_KERNEL(Prefix, Arms, Name, How, N)                        \
  extern "C" __global__ void Prefix##_##Name##_n##N(                           \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned Threshold, unsigned Param1, unsigned Param2) {       \
    itdelayDelayed<N, Arms, Policy::How>(Seeds, In, Out, Count, Iters,         \
                                         Threshold, Param1, Param2);           \
  }

#define ITDELAY_HAND_KERNELS(Prefix, Arms, N)                                  \
  ITDELAY_HAND_KERNEL(Prefix, Arms, majority, Majority, N)                     \
  ITDELAY_HAND_KERNEL(Prefix, Arms, rr, RoundRobin, N)                         \
  ITDELAY_HAND_KERNEL(Prefix, Arms, rr_skip, RoundRobinSkipIdle, N)

ITDELAY_HAND_KERNELS(itdelay, ExplicitArms, 4)
ITDELAY_HAND_KERNELS(itdelay, ExplicitArms, 8)
ITDELAY_HAND_KERNELS(itdelay, ExplicitArms, 16)
ITDELAY_HAND_KERNELS(itdelay, ExplicitArms, 32)
ITDELAY_HAND_KERNELS(itdelay, ExplicitArms, 64)
ITDELAY_HAND_KERNELS(itdelay, ExplicitArms, 128)
ITDELAY_HAND_KERNELS(itdelay, ExplicitArms, 256)

// The ordinary-arithmetic kernels of itdelay.cu, delayed the same ways.
ITDELAY_HAND_KERNELS(itdelay_nat, NaturalArms, 32)
ITDELAY_HAND_KERNELS(itdelay_nat, NaturalArms, 64)
ITDELAY_HAND_KERNELS(itdelay_nat, NaturalArms, 128)
ITDELAY_HAND_KERNELS(itdelay_nat, NaturalArms, 256)
