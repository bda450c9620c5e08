// Streams of addresses stepping with a loop's induction variable
// (test/cost-model/address-streams.test). #pragma nounroll keeps ptxas
// from pipelining the loops, which LLVM would otherwise unroll.

extern "C" __global__ void one_stream(const float *__restrict__ a, float *out,
                                      int n) {
  float sum = 0.0f;
#pragma nounroll
  for (int i = threadIdx.x; i < n; i += 32)
    sum += a[i];
  out[threadIdx.x] = sum;
}

extern "C" __global__ void two_streams(const float *__restrict__ a,
                                       const float *__restrict__ b, float *out,
                                       int n) {
  float sum = 0.0f;
#pragma nounroll
  for (int i = threadIdx.x; i < n; i += 32)
    sum += a[i] + b[i];
  out[threadIdx.x] = sum;
}

extern "C" __global__ void four_streams(const float *__restrict__ a,
                                        const float *__restrict__ b,
                                        const float *__restrict__ c,
                                        const float *__restrict__ d, float *out,
                                        int n) {
  float sum = 0.0f;
#pragma nounroll
  for (int i = threadIdx.x; i < n; i += 32)
    sum += a[i] + b[i] + c[i] + d[i];
  out[threadIdx.x] = sum;
}

// The same four arrays read once, outside any loop: no stream, each
// address is computed at its access.
extern "C" __global__ void four_once(const float *__restrict__ a,
                                     const float *__restrict__ b,
                                     const float *__restrict__ c,
                                     const float *__restrict__ d, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i] + b[i] + c[i] + d[i];
}
