// Compute-bound kernels with data-dependent divergence for the thread
// regrouping benchmark (bench/regroup/README.md). Each thread's work depends
// only on its global index: the `thread-remap` pass can run any thread order.

extern "C" {

// Per-thread variable trip counts: thread i iterates trips[i] times over a
// dependent chain of floating-point work.
__global__ void vartrip(const int *trips, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i], y = 1.0f;
  for (int k = 0, t = trips[i]; k < t; ++k) {
    x = fmaf(x, 0.9999f, 0.5f);
    y = fmaf(y, x, -0.25f) * 0.5f;
    x = x - y * 1.0e-3f;
  }
  out[i] = x + y;
}

// vartrip's work behind a helper the compiler does not inline (a large
// device function, or one a library marks __noinline__), with the early
// return such helpers have: a thread's trips run in the callee, whose
// blocks bbv-profile counts by inlining it into the counting copy.
__device__ __noinline__ float2 runTrips(float x, float y, int trips) {
  if (trips <= 0)
    return make_float2(x, y);
  for (int k = 0; k < trips; ++k) {
    x = x * 0.9999f + 0.5f;
    y = (y * x - 0.25f) * 0.5f;
    x = x - y * 1.0e-3f;
  }
  return make_float2(x, y);
}

__global__ void vartrip_call(const int *trips, const float *in, float *out,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float2 r = runTrips(in[i], 1.0f, trips[i]);
  out[i] = r.x + r.y;
}

// Escape-time iteration (Mandelbrot): pixel i of a width-wide view iterates
// until it escapes or reaches maxIter.
__global__ void mandel(float x0, float y0, float step, int width, int maxIter,
                       int *iters, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float cr = x0 + step * (i % width), ci = y0 + step * (i / width);
  float zr = 0.0f, zi = 0.0f;
  int k = 0;
  while (k < maxIter && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++k;
  }
  iters[i] = k;
}

// Read-against-reference comparison (bioinformatics style): read i, of
// length lens[i] (at most maxLen bases, stored at reads + i * maxLen), is
// compared at every offset of the reference; a comparison stops at the
// first mismatch past maxMis. Counts the offsets that match within maxMis.
__global__ void seqcmp(const unsigned char *reads, const int *lens,
                       const unsigned char *ref, int refLen, int maxLen,
                       int maxMis, int *hits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const unsigned char *read = reads + (long)i * maxLen;
  int len = lens[i], found = 0;
  for (int off = 0; off + len <= refLen; ++off) {
    int mis = 0, j = 0;
    for (; j < len && mis <= maxMis; ++j)
      mis += read[j] != ref[off + j];
    found += mis <= maxMis;
  }
  hits[i] = found;
}
}
