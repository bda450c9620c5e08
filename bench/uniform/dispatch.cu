// A shader's material switch: each pixel reads its material and runs that
// material's formula, a chain of Steps operations with the material's own
// constants and operation (and, in the kernels with tables, first a read of
// one of the material's entries in a table in global memory). Built as it is,
// clang dispatches the switch through a jump table (brx.idx); built with -mllvm
// -min-jump-table-entries=1000, by compares. Comparing the two builds
// measures how the dispatch's cost depends on the size of the ways: where
// compares stop paying when a warp's lanes agree is what switch-dispatch's
// small-ways rule (passes/SwitchDispatch.h) rests on.
//
//   dispatch MIX
//
// MIX: "random" (each pixel's material drawn at random) or "warps" (one
// material a warp). Prints, for each kernel, the median of 25 timed launches
// (after 3 warm-ups, CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

#include <cstring>

template <int Steps, bool Tables>
__device__ float shade(int material, float x, const float *table) {
  float r = x;
  switch (material) {
  case 0:
    if (Tables)
      r *= table[0 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = r * 0.93f + 0.11f * s;
    break;
  case 1:
    if (Tables)
      r *= table[8 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = fminf(r * 1.07f, 3.0f + s);
    break;
  case 2:
    if (Tables)
      r *= table[16 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = sqrtf(fabsf(r)) + 0.25f * s;
    break;
  case 3:
    if (Tables)
      r *= table[24 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = fmaxf(r - 0.3f, 0.5f * s);
    break;
  case 4:
    if (Tables)
      r *= table[32 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = r * r * 0.5f - 0.2f * s;
    break;
  case 5:
    if (Tables)
      r *= table[40 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = fabsf(r - 1.5f) * 0.9f;
    break;
  case 6:
    if (Tables)
      r *= table[48 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = r / (1.0f + 0.1f * s);
    break;
  default:
    if (Tables)
      r *= table[56 + (__float_as_uint(r) & 7)];
#pragma unroll
    for (int s = 0; s < Steps; ++s)
      r = r + 0.7f * s - r * 0.05f;
    break;
  }
  return r;
}

template <int Steps, bool Tables>
__global__ void material(const unsigned char *materials, const float *in,
                         const float *table, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  for (int pass = 0; pass < 4; ++pass)
    x = shade<Steps, Tables>(materials[i], x + pass, table);
  out[i] = x;
}

static const int N = 1 << 21;

template <int Steps, bool Tables>
static void run(const unsigned char *DMaterials, const float *DIn,
                const float *DTable, float *DOut) {
  float Ms = medianMs([&] {
    material<Steps, Tables><<<N / 256, 256>>>(DMaterials, DIn, DTable, DOut, N);
  });
  printf(" steps%d%s %.4f ms %016llx", Steps, Tables ? "t" : "", Ms,
         (unsigned long long)checksumBits(DOut, N));
}

int main(int argc, char **argv) {
  const char *Mix = argc > 1 ? argv[1] : "random";
  bool Warps = !strcmp(Mix, "warps");
  if (!Warps && strcmp(Mix, "random")) {
    fprintf(stderr, "usage: dispatch random|warps\n");
    return 1;
  }
  Lcg R{5};
  std::vector<unsigned char> Materials(N);
  std::vector<float> In(N), Table(64);
  for (int I = 0; I < N; ++I) {
    In[I] = R.uniform();
    Materials[I] = Warps && I % 32 ? Materials[I - 1]
                                   : (unsigned char)(R.uniform() * 8.0f);
  }
  for (float &T : Table)
    T = R.uniform();
  unsigned char *DMaterials = toDevice(Materials);
  float *DIn = toDevice(In), *DTable = toDevice(Table), *DOut;
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  run<1, false>(DMaterials, DIn, DTable, DOut);
  run<2, false>(DMaterials, DIn, DTable, DOut);
  run<4, false>(DMaterials, DIn, DTable, DOut);
  run<8, false>(DMaterials, DIn, DTable, DOut);
  run<16, false>(DMaterials, DIn, DTable, DOut);
  run<1, true>(DMaterials, DIn, DTable, DOut);
  run<4, true>(DMaterials, DIn, DTable, DOut);
  printf("\n");
  return 0;
}
