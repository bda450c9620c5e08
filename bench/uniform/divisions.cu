// Integer division and remainder by a different constant in each arm of a
// divergent branch, as application code buckets, tiles and hashes. By a
// constant, NVPTX divides with a multiply and shifts; melded with the
// divisor selected, the division would be a run-time one, NVPTX's division
// subroutine.
//
//   divisions
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

// Odd values into buckets of 3, even ones into buckets of 7.
__global__ void bucketOnce(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int x = in[i];
  int y;
  if (x & 1)
    y = (x / 3) * 5 + (x % 3);
  else
    y = (x / 7) * 9 + (x % 7);
  out[i] = y;
}

// The same for 32 values a thread draws from a linear congruential
// generator.
__global__ void bucketLoop(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = in[i];
  unsigned y = 0;
  for (int k = 0; k < 32; ++k) {
    if (x & 1)
      y += (x / 3) * 5 + (x % 3);
    else
      y += (x / 7) * 9 + (x % 7);
    x = x * 1103515245u + 12345u;
  }
  out[i] = y;
}

static const int N = 1 << 24;

int main() {
  std::vector<int> In(N);
  Lcg R{7};
  for (int &X : In)
    X = R.next() >> 1;
  int *DIn, *DOut;
  CHECK(cudaMalloc(&DIn, N * sizeof(int)));
  CHECK(cudaMalloc(&DOut, N * sizeof(int)));
  CHECK(cudaMemcpy(DIn, In.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  float Once = medianMs([&] { bucketOnce<<<N / 256, 256>>>(DIn, DOut, N); });
  // The checksum reads the ints' bits.
  uint64_t SumOnce = checksumBits(reinterpret_cast<const float *>(DOut), N);
  float Loop = medianMs([&] { bucketLoop<<<N / 256, 256>>>(DIn, DOut, N); });
  uint64_t SumLoop = checksumBits(reinterpret_cast<const float *>(DOut), N);
  printf("bucketOnce %.4f ms %016llx bucketLoop %.4f ms %016llx\n", Once,
         (unsigned long long)SumOnce, Loop, (unsigned long long)SumLoop);
  return 0;
}
