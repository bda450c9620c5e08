// Branches on a thread's warp, as code that gives warps roles writes them:
// a horizontally fused launch whose first warps update one array and the
// rest another, a block whose first four warps take the x derivative of a
// field and the other four the y derivative, and a block whose even warps
// blend one layer and odd warps another. Every warp's lanes take one way.
//
//   warproles
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

// Two saxpy-like updates in one launch: warps [0, warpsA) take the first
// array, the rest the second.
__global__ void fusedUpdate(const float *x, float *y, const float *u, float *v,
                            float a, float b, int warpsA) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int warp = gid / 32, lane = threadIdx.x % 32;
  if (warp < warpsA) {
    int i = warp * 32 + lane;
    y[i] = a * x[i] + y[i] * 0.5f;
  } else {
    int j = (warp - warpsA) * 32 + lane;
    v[j] = b * u[j] * u[j] + v[j] - 1.0f;
  }
}

// A block of 256 threads over a row segment: threads [0, 128) write the
// x derivative of its 128 points, threads [128, 256) the y derivative.
__global__ void gradient(const float *f, float *dx, float *dy, int w) {
  int seg = blockIdx.x, row = seg * 128 / w, col = seg * 128 % w;
  if (threadIdx.x < 128) {
    int c = col + threadIdx.x;
    int l = max(c - 1, 0), r = min(c + 1, w - 1);
    dx[row * w + c] = (f[row * w + r] - f[row * w + l]) * 0.5f;
  } else {
    int c = col + threadIdx.x - 128;
    int up = max(row - 1, 0), dn = min(row + 1, (int)gridDim.x * 128 / w - 1);
    dy[row * w + c] = (f[dn * w + c] - f[up * w + c]) * 0.5f;
  }
}

// Even warps blend layer A over the base, odd warps layer B; each warp
// covers 32 pixels of its own layer's half of the image.
__global__ void blendHalves(const float *base, const float *la, const float *lb,
                            const float *alpha, float *out, int n) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  int p = (warp / 2) * 32 + lane;
  if (p >= n)
    return;
  if (warp % 2 == 0) {
    float al = alpha[p];
    out[p] = al * la[p] + (1.0f - al) * base[p];
  } else {
    float al = alpha[n + p];
    out[n + p] = al * lb[p] + (1.0f - al) * base[p] * 0.8f;
  }
}

static const int N = 1 << 24, W = 4096;

int main() {
  std::vector<float> A(N), B(N), C(N);
  Lcg R{17};
  for (float &X : A)
    X = R.uniform();
  for (float &X : B)
    X = R.uniform() - 0.5f;
  for (float &X : C)
    X = R.uniform();
  float *DA = toDevice(A), *DB = toDevice(B), *DC = toDevice(C);
  float *DY, *DV, *DAlpha, *DOut, *DOut2;
  CHECK(cudaMalloc(&DY, N * sizeof(float)));
  CHECK(cudaMalloc(&DV, N * sizeof(float)));
  CHECK(cudaMalloc(&DOut, 2 * N * sizeof(float)));
  CHECK(cudaMalloc(&DOut2, N * sizeof(float)));
  CHECK(cudaMalloc(&DAlpha, 2 * N * sizeof(float)));
  CHECK(
      cudaMemcpy(DAlpha, C.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DAlpha + N, A.data(), N * sizeof(float),
                   cudaMemcpyHostToDevice));
  static float *SY, *SV, *SB, *SC;
  SY = DY, SV = DV, SB = DB, SC = DC;
  auto Reset = [] {
    CHECK(cudaMemcpy(SY, SB, N * sizeof(float), cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(SV, SC, N * sizeof(float), cudaMemcpyDeviceToDevice));
  };
  // Half the warps on each array: 2N threads.
  float Fused = medianMs(
      [&] {
        fusedUpdate<<<2 * N / 256, 256>>>(DA, DY, DB, DV, 1.5f, 0.25f, N / 32);
      },
      Reset);
  uint64_t SumFused = checksumBits(DY, N) ^ checksumBits(DV, N) * 3;
  float Grad =
      medianMs([&] { gradient<<<N / 128, 256>>>(DA, DOut, DOut2, W); });
  uint64_t SumGrad = checksumBits(DOut, N) ^ checksumBits(DOut2, N) * 3;
  float Blend = medianMs(
      [&] { blendHalves<<<2 * N / 256, 256>>>(DA, DB, DC, DAlpha, DOut, N); });
  uint64_t SumBlend = checksumBits(DOut, 2 * N);
  printf("fusedUpdate %.4f ms %016llx gradient %.4f ms %016llx blendHalves "
         "%.4f ms %016llx\n",
         Fused, (unsigned long long)SumFused, Grad, (unsigned long long)SumGrad,
         Blend, (unsigned long long)SumBlend);
  return 0;
}
