// A shader graph run by a small virtual machine, one program a block (a
// material's graph), over pixels of many surfaces: the opcode switch is
// warp-uniform (every lane of a block reads the same instruction), while
// the surface lookup an instruction may make switches on each pixel's own
// surface kind, which the lanes of a warp disagree on.
//
//   shadervm MIX
//
// MIX: "random" (each pixel's surface drawn at random) or "warps" (one
// surface a warp). Prints the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of the output bits.
//
// clang gives both switches jump tables (brx.idx). switch-dispatch
// dispatches the per-pixel one by compares; the opcode switch keeps its
// jump table, which marking the function no-jump-tables would take away.
#include "../common/measure.h"

#include <cstring>

enum Op { Bias, Scale, Square, Root, Keep, Mix, Surface, Clamp, Halt };
enum Kind { Matte, Gloss, Metal, Glass, Skin, Cloth };

struct Instr {
  int op;
  float imm;
};

// A surface's response to an intensity: one small formula a kind.
__device__ float surface(int kind, float x) {
  switch (kind) {
  case Matte:
    return x * 0.8f;
  case Gloss:
    return x * x;
  case Metal:
    return fminf(x + 0.25f, 1.0f);
  case Glass:
    return 1.0f - x;
  case Skin:
    return x * 0.6f + 0.1f;
  default:
    return fmaxf(x - 0.1f, 0.0f);
  }
}

__global__ void shade(const Instr *programs, int numPrograms, int length,
                      const int *kinds, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const Instr *code = programs + (size_t)(blockIdx.x % numPrograms) * length;
  int kind = kinds[i];
  float x = in[i], kept = 0.0f;
  for (int pc = 0; pc < length; ++pc) {
    Instr in = code[pc];
    if (in.op == Halt)
      break;
    switch (in.op) {
    case Bias:
      x += in.imm;
      break;
    case Scale:
      x *= in.imm;
      break;
    case Square:
      x = x * x;
      break;
    case Root:
      x = sqrtf(fabsf(x));
      break;
    case Keep:
      kept = x;
      break;
    case Mix:
      x = x + (kept - x) * in.imm;
      break;
    case Surface:
      x = surface(kind, x);
      break;
    case Clamp:
      x = fminf(fmaxf(x, 0.0f), 1.0f);
      break;
    }
  }
  out[i] = x;
}

static const int N = 1 << 21, NumPrograms = 16, Length = 64;

int main(int argc, char **argv) {
  const char *Mix = argc > 1 ? argv[1] : "random";
  bool Warps = !strcmp(Mix, "warps");
  if (!Warps && strcmp(Mix, "random")) {
    fprintf(stderr, "usage: shadervm random|warps\n");
    return 1;
  }
  Lcg R{7};
  // Programs of Length instructions, one in three a surface lookup.
  std::vector<Instr> Programs((size_t)NumPrograms * Length);
  for (Instr &I : Programs) {
    int Op = R.uniform() < 0.35f ? Surface : int(R.uniform() * 8.0f);
    I = {Op, R.uniform() * 0.5f};
  }
  std::vector<int> Kinds(N);
  std::vector<float> In(N);
  for (int I = 0; I < N; ++I) {
    In[I] = R.uniform();
    Kinds[I] = Warps && I % 32 ? Kinds[I - 1] : int(R.uniform() * 6.0f);
  }
  Instr *DPrograms = toDevice(Programs);
  int *DKinds = toDevice(Kinds);
  float *DIn = toDevice(In), *DOut;
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  float Ms = medianMs([&] {
    shade<<<N / 256, 256>>>(DPrograms, NumPrograms, Length, DKinds, DIn, DOut,
                            N);
  });
  printf("%s shade %.4f ms %016llx\n", Mix, Ms,
         (unsigned long long)checksumBits(DOut, N));
  CHECK(cudaFree(DPrograms));
  CHECK(cudaFree(DKinds));
  CHECK(cudaFree(DIn));
  CHECK(cudaFree(DOut));
  return 0;
}
