// Divergent branches of application code that melding pays on: a stencil
// whose two halves of each warp read their neighbours in opposite
// directions through a helper with a local weight table, and different
// trigonometric expressions on either side of zero.
//
//   melds
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

__device__ float weights(int k, float x) {
  const float w[4] = {0.1f, 0.2f, 0.3f, 0.4f};
  return w[k & 3] * x;
}

__global__ void stencilEdge(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (i % 32 < 16) {
    float a = 0.0f;
    for (int k = 0; k < 4; ++k)
      a += weights(k, in[(i + k) % n]);
    y = a + x;
  } else {
    float a = 0.0f;
    for (int k = 0; k < 4; ++k)
      a += weights(k + 1, in[(i + n - k) % n]);
    y = a - x;
  }
  out[i] = y;
}

__global__ void trig(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (x > 0.0f)
    y = sinf(x) * 2.0f + cosf(x * 0.5f);
  else
    y = sinf(x * 3.0f) - cosf(x);
  out[i] = y;
}

static const int N = 1 << 24;

int main() {
  std::vector<float> In(N);
  Lcg R{3};
  for (float &X : In)
    X = (R.uniform() - 0.5f) * 8.0f;
  float *DIn, *DOut;
  CHECK(cudaMalloc(&DIn, N * sizeof(float)));
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  CHECK(cudaMemcpy(DIn, In.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  float Edge = medianMs([&] { stencilEdge<<<N / 256, 256>>>(DIn, DOut, N); });
  uint64_t SumEdge = checksumBits(DOut, N);
  float Trig = medianMs([&] { trig<<<N / 256, 256>>>(DIn, DOut, N); });
  uint64_t SumTrig = checksumBits(DOut, N);
  printf("stencilEdge %.4f ms %016llx trig %.4f ms %016llx\n", Edge,
         (unsigned long long)SumEdge, Trig, (unsigned long long)SumTrig);
  return 0;
}
