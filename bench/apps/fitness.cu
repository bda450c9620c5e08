// A genetic-programming fitness evaluation as GPU GP systems lay it out:
// one individual a warp, its lanes over the fitness cases, each lane
// interpreting the warp's program on its case and the warp summing the
// squared errors. Every lane of a warp reads the same instruction, so the
// opcode switch never splits a warp; `population` holds a different
// random program for every warp.
//
//   fitness
//
// Prints, for each kernel (fitness16 and fitness32: stacks of 16 and 32
// entries; stride), the median of 25 timed launches (after 3 warm-ups,
// CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

enum Op { Push, PushX, Add, Sub, Mul, Div, Sin, Cos, Square, Halt };

struct Instr {
  int op;
  float imm;
};

// The value the postfix program at code leaves on its stack for input x.
// Programs need 16 entries; ptxas holds a stack that small in registers
// (48 of them, sm_90) and one of 24 or more in local memory.
template <int StackSize>
__device__ float evaluate(const Instr *code, int length, float x) {
  float stack[StackSize];
  int sp = 0;
  for (int pc = 0; pc < length; ++pc) {
    Instr in = code[pc];
    if (in.op == Halt)
      break;
    switch (in.op) {
    case Push:
      stack[sp++] = in.imm;
      break;
    case PushX:
      stack[sp++] = x;
      break;
    case Add:
      stack[sp - 2] = stack[sp - 2] + stack[sp - 1];
      --sp;
      break;
    case Sub:
      stack[sp - 2] = stack[sp - 2] - stack[sp - 1];
      --sp;
      break;
    case Mul:
      stack[sp - 2] = stack[sp - 2] * stack[sp - 1];
      --sp;
      break;
    case Div: {
      // Protected division, as GP systems define it.
      float d = stack[sp - 1];
      stack[sp - 2] = fabsf(d) < 1e-3f ? 1.0f : stack[sp - 2] / d;
      --sp;
      break;
    }
    case Sin:
      stack[sp - 1] = sinf(stack[sp - 1]);
      break;
    case Cos:
      stack[sp - 1] = cosf(stack[sp - 1]);
      break;
    case Square:
      stack[sp - 1] = stack[sp - 1] * stack[sp - 1];
      break;
    }
  }
  return sp > 0 ? stack[sp - 1] : 0.0f;
}

// The sum of the squared errors of the program at code over the cases,
// each lane taking every 32nd, summed over the warp into lane 0's.
template <int StackSize>
__device__ float squaredError(const Instr *code, int length, const float *xs,
                              const float *ys, int numCases) {
  float sum = 0.0f;
  for (int c = threadIdx.x % 32; c < numCases; c += 32) {
    float d = evaluate<StackSize>(code, length, xs[c]) - ys[c];
    sum += d * d;
  }
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  return sum;
}

// One program a warp, addressed by the warp's index in the grid.
template <int StackSize>
__global__ void fitness(const Instr *population, int length, const float *xs,
                        const float *ys, int numCases, float *error,
                        int numPrograms) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (warp >= numPrograms)
    return;
  float sum = squaredError<StackSize>(population + (size_t)warp * length,
                                      length, xs, ys, numCases);
  if (threadIdx.x % 32 == 0)
    error[warp] = sum;
}

// The same as a grid-stride loop over the population, as a launch sized to
// the device rather than to the population runs it.
__global__ void fitnessStride(const Instr *population, int length,
                              const float *xs, const float *ys, int numCases,
                              float *error, int numPrograms) {
  int warps = gridDim.x * blockDim.x / 32;
  for (int p = (blockIdx.x * blockDim.x + threadIdx.x) / 32; p < numPrograms;
       p += warps) {
    float sum = squaredError<16>(population + (size_t)p * length, length, xs,
                                 ys, numCases);
    if (threadIdx.x % 32 == 0)
      error[p] = sum;
  }
}

static const int Programs = 8192, Length = 32, Cases = 256;

// A random postfix program of at most Length instructions that leaves one
// value on a stack of at most 16, then Halt where it is shorter.
static void program(Lcg &R, Instr *Code) {
  int Depth = 0, Pc = 0;
  int Size = Length / 2 + int(R.uniform() * (Length / 2));
  while (Pc < Size - Depth + 1 || Depth > 1) {
    float U = R.uniform();
    bool CanPush = Depth < 16 && Pc + Depth + 1 < Size;
    if (Depth < 1 || (CanPush && Depth < 2) || (CanPush && U < 0.35f)) {
      Code[Pc++] = R.uniform() < 0.5f ? Instr{PushX, 0.0f}
                                      : Instr{Push, 4.0f * R.uniform() - 2.0f};
      ++Depth;
    } else if (U < 0.5f) {
      const Op Unary[3] = {Sin, Cos, Square};
      Code[Pc++] = {Unary[int(R.uniform() * 3.0f)], 0.0f};
    } else if (Depth >= 2) {
      const Op Binary[4] = {Add, Sub, Mul, Div};
      Code[Pc++] = {Binary[int(R.uniform() * 4.0f)], 0.0f};
      --Depth;
    } else {
      Code[Pc++] = {Square, 0.0f};
    }
    if (Pc >= Length - 1)
      break;
  }
  for (; Pc < Length; ++Pc)
    Code[Pc] = {Halt, 0.0f};
}

int main() {
  Lcg R{17};
  std::vector<Instr> Population((size_t)Programs * Length);
  for (int P = 0; P < Programs; ++P)
    program(R, &Population[(size_t)P * Length]);
  std::vector<float> Xs(Cases), Ys(Cases);
  for (int C = 0; C < Cases; ++C) {
    Xs[C] = 2.0f * R.uniform() - 1.0f;
    Ys[C] = Xs[C] * Xs[C] * Xs[C] - Xs[C] + 0.5f;
  }
  Instr *DPopulation = toDevice(Population);
  float *DXs = toDevice(Xs), *DYs = toDevice(Ys), *DError;
  CHECK(cudaMalloc(&DError, Programs * sizeof(float)));
  auto Time = [&](auto Kernel, int Blocks) {
    float Ms = medianMs([&] {
      Kernel<<<Blocks, 256>>>(DPopulation, Length, DXs, DYs, Cases, DError,
                              Programs);
    });
    printf(" %.4f ms %016llx", Ms,
           (unsigned long long)checksumBits(DError, Programs));
  };
  printf("fitness16");
  Time(fitness<16>, Programs * 32 / 256);
  printf(" fitness32");
  Time(fitness<32>, Programs * 32 / 256);
  printf(" stride");
  Time(fitnessStride, 264);
  printf("\n");
  return 0;
}
