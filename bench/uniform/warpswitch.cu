// A switch on the thread's warp, as code that gives warps more than two
// roles writes it: every lane of a warp takes the same way. One switch
// whose ways are a few arithmetic instructions, one whose ways load and
// store arrays of their own.
//
//   warpswitch
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

// Four roles of a few instructions each.
__global__ void rolesSmall(const float *in, float *out, float a, float b,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i], y;
  switch ((threadIdx.x / 32) % 4) {
  case 0:
    y = x * a + b;
    break;
  case 1:
    y = x * x - a;
    break;
  case 2:
    y = (x + b) * 0.5f;
    break;
  default:
    y = b - x * x * a;
    break;
  }
  out[i] = y;
}

// Four roles that each read and write their own arrays.
__global__ void rolesMemory(const float *in0, const float *in1,
                            const float *in2, float *out0, float *out1,
                            float *out2, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  switch ((threadIdx.x / 32) % 4) {
  case 0:
    out0[i] = in0[i] * a + in1[i];
    break;
  case 1:
    out1[i] = in1[i] - in2[i] * a;
    break;
  case 2:
    out2[i] = in2[i] * in0[i];
    break;
  default:
    out0[i] = in0[i] + a;
    out1[i] = in1[i] + a;
    break;
  }
}

static const int N = 1 << 24;

int main() {
  float *In0 = deviceUniforms(N, 1), *In1 = deviceUniforms(N, 2),
        *In2 = deviceUniforms(N, 3), *Out0, *Out1, *Out2;
  CHECK(cudaMalloc(&Out0, N * sizeof(float)));
  CHECK(cudaMalloc(&Out1, N * sizeof(float)));
  CHECK(cudaMalloc(&Out2, N * sizeof(float)));
  CHECK(cudaMemset(Out0, 0, N * sizeof(float)));
  CHECK(cudaMemset(Out1, 0, N * sizeof(float)));
  CHECK(cudaMemset(Out2, 0, N * sizeof(float)));
  float Small = medianMs(
      [&] { rolesSmall<<<N / 256, 256>>>(In0, Out0, 1.5f, 0.25f, N); });
  uint64_t SumSmall = checksumBits(Out0, N);
  float Memory = medianMs([&] {
    rolesMemory<<<N / 256, 256>>>(In0, In1, In2, Out0, Out1, Out2, 0.75f, N);
  });
  uint64_t SumMemory = checksumBits(Out0, N) ^ checksumBits(Out1, N) * 3 ^
                       checksumBits(Out2, N) * 7;
  printf("rolesSmall %.4f ms %016llx rolesMemory %.4f ms %016llx\n", Small,
         (unsigned long long)SumSmall, Memory, (unsigned long long)SumMemory);
  return 0;
}
