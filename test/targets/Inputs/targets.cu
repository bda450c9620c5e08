// Kernels at four launch bounds, so that print<divopt-cost> shows the
// occupancy limits DivOpt uses for the compute capability it compiles for:
// with one warp per block the block limit decides (blocks per SM / warps
// per SM), with 2, 24 and 32 warps the warp limit and its rounding.
// The divergent loop gives the automatic pipeline something to do.
#define KERNEL(Threads)                                                        \
  extern "C" __global__ void __launch_bounds__(Threads)                        \
      k##Threads(float *out, const float *in, int n, int iters) {              \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    if (i >= n)                                                                \
      return;                                                                  \
    float x = in[i];                                                           \
    for (int k = 0; k < iters; ++k) {                                          \
      if (x > 0.5f)                                                            \
        x = x * 0.75f + 0.125f;                                                \
      else                                                                     \
        x = x * x + 0.25f;                                                     \
    }                                                                          \
    out[i] = x;                                                                \
  }

KERNEL(32)
KERNEL(64)
KERNEL(768)
KERNEL(1024)
