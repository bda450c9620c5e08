// Branches whose condition is the same for every lane of a warp, as
// application code writes them (warp specialization, the rows of a 32-wide
// block), next to one that really diverges. The divergence analysis cannot
// prove the first two uniform (threadIdx.x / 32 is uniform in a warp only
// where the block's x size is under 32 or a multiple of it), so branch
// distribution melds all three: this program measures what that costs
// where the branch never diverges at run time.
//
//   warps
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

// A truncated series: a dozen dependent divisions and sums.
__device__ float series(float x, float c) {
  float s = 0.0f, t = 1.0f;
  for (int k = 1; k <= 12; ++k) {
    t = t * x / (k + c);
    s = s + t;
  }
  return s;
}

// Even warps do one thing, odd warps another.
__global__ void byWarp(const float *in, float *out, float a, float b, int n) {
  int warp = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (warp % 2 == 0)
    y = series(x, a) + 1.0f;
  else
    y = series(x * b, b) * 2.0f;
  out[i] = y;
}

// The first four rows of a 32x8 block one thing, the others another.
__global__ void byRow(const float *in, float *out, float a, float b, int n) {
  int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (threadIdx.y < 4)
    y = series(x, a) + 1.0f;
  else
    y = series(x * b, b) * 2.0f;
  out[i] = y;
}

// Even lanes one thing, odd lanes another: every warp diverges.
__global__ void byLane(const float *in, float *out, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (threadIdx.x % 2 == 0)
    y = series(x, a) + 1.0f;
  else
    y = series(x * b, b) * 2.0f;
  out[i] = y;
}

static const int N = 1 << 24;

int main() {
  float *DIn = deviceUniforms(N, 1), *DOut;
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  float Warp =
      medianMs([&] { byWarp<<<N / 256, 256>>>(DIn, DOut, 0.5f, 1.5f, N); });
  uint64_t SumWarp = checksumBits(DOut, N);
  float Row = medianMs(
      [&] { byRow<<<N / 256, dim3(32, 8)>>>(DIn, DOut, 0.5f, 1.5f, N); });
  uint64_t SumRow = checksumBits(DOut, N);
  float Lane =
      medianMs([&] { byLane<<<N / 256, 256>>>(DIn, DOut, 0.5f, 1.5f, N); });
  uint64_t SumLane = checksumBits(DOut, N);
  printf("byWarp %.4f ms %016llx byRow %.4f ms %016llx byLane %.4f ms "
         "%016llx\n",
         Warp, (unsigned long long)SumWarp, Row, (unsigned long long)SumRow,
         Lane, (unsigned long long)SumLane);
  return 0;
}
