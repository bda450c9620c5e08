// Loads of warp-uniform values in the two arms of a divergent branch, as
// application code writes them: a piecewise polynomial whose coefficients
// sit in a __constant__ table or behind a kernel argument, and a parameter
// struct passed by value whose fields differ between the arms. In each arm
// every lane reads the same address (ptxas can take such a value straight
// from the constant bank); melded with its address selected, the load is a
// per-lane one.
//
//   tables [LOW]   LOW: the percentage of inputs below the break point
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events), and a checksum of each kernel's output bits so
// that builds can be compared bit for bit.
#include "../common/measure.h"

__constant__ float Coef[2][6];

__device__ float poly(const float *c, float x) {
  return ((((c[5] * x + c[4]) * x + c[3]) * x + c[2]) * x + c[1]) * x + c[0];
}

// Two pieces, each a degree-5 polynomial from the constant table.
__global__ void piecewiseConstant(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (x < 0.5f)
    y = poly(Coef[0], x);
  else
    y = poly(Coef[1], x - 0.5f);
  out[i] = y;
}

// The same with the table in global memory, behind a kernel argument.
__global__ void piecewiseGlobal(const float *in, float *out, int n,
                                const float *coef) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (x < 0.5f)
    y = poly(coef, x);
  else
    y = poly(coef + 6, x - 0.5f);
  out[i] = y;
}

struct Blend {
  const float *Low, *High;
  float ScaleLow, ScaleHigh, OffsetLow, OffsetHigh;
};

// A parameter struct by value: each arm reads its own fields.
__global__ void blend(const float *in, float *out, int n, Blend b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float r;
  if (in[i] < 0.5f)
    r = b.Low[i] * b.ScaleLow + b.OffsetLow;
  else
    r = b.High[i] * b.ScaleHigh + b.OffsetHigh;
  out[i] = r;
}

static const int N = 1 << 24;

int main(int argc, char **argv) {
  int Low = argc > 1 ? atoi(argv[1]) : 50;
  std::vector<float> In(N), Other(N);
  Lcg R{12345};
  for (int I = 0; I < N; ++I) {
    float U = R.uniform();
    // Below 0.5 with probability Low%, spread over the piece.
    In[I] = U * 100 < Low ? U * 50 / Low
                          : 0.5f + (U * 100 - Low) / (2.0f * (100 - Low));
    Other[I] = U * 3.0f - 1.0f;
  }
  float HCoef[2][6] = {{1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, -0.03125f},
                       {0.8f, 0.3f, -0.2f, 0.1f, -0.05f, 0.025f}};
  CHECK(cudaMemcpyToSymbol(Coef, HCoef, sizeof HCoef));
  float *DIn, *DOther, *DOut, *DCoef;
  CHECK(cudaMalloc(&DIn, N * sizeof(float)));
  CHECK(cudaMalloc(&DOther, N * sizeof(float)));
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  CHECK(cudaMalloc(&DCoef, sizeof HCoef));
  CHECK(cudaMemcpy(DIn, In.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DOther, Other.data(), N * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DCoef, HCoef, sizeof HCoef, cudaMemcpyHostToDevice));
  int Blocks = N / 256;
  float Const =
      medianMs([&] { piecewiseConstant<<<Blocks, 256>>>(DIn, DOut, N); });
  uint64_t SumConst = checksumBits(DOut, N);
  float Global =
      medianMs([&] { piecewiseGlobal<<<Blocks, 256>>>(DIn, DOut, N, DCoef); });
  uint64_t SumGlobal = checksumBits(DOut, N);
  Blend B = {DIn, DOther, 2.0f, -1.0f, 0.5f, 3.0f};
  float Blended = medianMs([&] { blend<<<Blocks, 256>>>(DIn, DOut, N, B); });
  uint64_t SumBlend = checksumBits(DOut, N);
  printf("low=%d piecewiseConstant %.4f ms %016llx piecewiseGlobal %.4f ms "
         "%016llx blend %.4f ms %016llx\n",
         Low, Const, (unsigned long long)SumConst, Global,
         (unsigned long long)SumGlobal, Blended, (unsigned long long)SumBlend);
  return 0;
}
