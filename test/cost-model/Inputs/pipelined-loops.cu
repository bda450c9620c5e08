// Loops ptxas unrolls and software-pipelines, and loops it leaves alone
// (test/cost-model/pipelined-loops.test).

// A loop LLVM leaves rolled (its stride is 32) with a counted exit: ptxas
// unrolls it and issues the next iterations' loads early.
extern "C" __global__ void strided_sum(const float *a, float *out, int n) {
  float sum = 0.0f;
  for (int i = threadIdx.x; i < n; i += 32)
    sum += a[i] + a[i + n];
  out[threadIdx.x] = sum;
}

// The same with an atomic in the body: not pipelined.
extern "C" __global__ void strided_atomic(const float *a, float *out, int n) {
  float sum = 0.0f;
  for (int i = threadIdx.x; i < n; i += 32) {
    float x = a[i] + a[i + n];
    atomicAdd(out + 1, x);
    sum += x;
  }
  out[threadIdx.x] = sum;
}

// An exit that depends on the data: no trip count, not pipelined.
extern "C" __global__ void strided_until(const float *a, float *out, int n) {
  float sum = 0.0f;
  for (int i = threadIdx.x; i < n && a[i] > 0.0f; i += 32)
    sum += a[i] + a[i + n];
  out[threadIdx.x] = sum;
}

// Unrolling disabled in the source (LLVM marks the loops it unrolled the
// same way): not pipelined.
extern "C" __global__ void strided_nounroll(const float *a, float *out, int n) {
  float sum = 0.0f;
#pragma nounroll
  for (int i = threadIdx.x; i < n; i += 32)
    sum += a[i] + a[i + n];
  out[threadIdx.x] = sum;
}

// A body past the size ptxas pipelines: 48 multiply-adds an iteration.
extern "C" __global__ void strided_long(const float *a, float *out, int n) {
  float sum = 0.0f;
  for (int i = threadIdx.x; i < n; i += 32) {
    float x = a[i] + a[i + n];
#pragma unroll
    for (int k = 0; k < 48; ++k)
      x = x * 1.01f + 0.5f;
    sum += x;
  }
  out[threadIdx.x] = sum;
}

// A chain of dependent loads: the next iteration's address is this one's
// load, so no load can be issued early.
extern "C" __global__ void strided_chase(const int *next, int *out, int n) {
  int p = threadIdx.x;
  for (int i = threadIdx.x; i < n; i += 32)
    p = next[p & 1023] + i;
  out[threadIdx.x] = p;
}
