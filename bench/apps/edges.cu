// Branches on a thread's place in the grid against the domain's edges, as
// stencil codes write them: FDTD-2D's first step (PolyBench: row 0 takes
// the source, the other rows the curl), a 3x3 blur that clamps its reads
// at the image's edges, and a heat step whose ends stay fixed. Only the
// warps at an edge of the grid hold lanes of both ways; every other warp
// takes one way.
//
//   edges
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

__global__ void fdtdStep(int nx, int ny, const float *fict, float *ey,
                         const float *hz, int t) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny) {
    if (i == 0)
      ey[i * ny + j] = fict[t];
    else
      ey[i * ny + j] =
          ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
  }
}

__global__ void blur(const float *img, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float s;
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
    s = img[(y - 1) * w + x - 1] + img[(y - 1) * w + x] +
        img[(y - 1) * w + x + 1] + img[y * w + x - 1] + img[y * w + x] +
        img[y * w + x + 1] + img[(y + 1) * w + x - 1] + img[(y + 1) * w + x] +
        img[(y + 1) * w + x + 1];
  } else {
    s = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
        s += img[yy * w + xx];
      }
  }
  out[y * w + x] = s * (1.0f / 9.0f);
}

__global__ void heat(const float *in, float *out, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v;
  if (i == 0 || i == n - 1)
    v = in[i];
  else
    v = in[i] + k * (in[i - 1] - 2.0f * in[i] + in[i + 1]);
  out[i] = v;
}

static const int W = 8192, H = 8192;

int main() {
  std::vector<float> A(W * H), B(W * H), Fict(64);
  Lcg R{11};
  for (float &X : A)
    X = R.uniform();
  for (float &X : B)
    X = R.uniform() - 0.5f;
  for (float &X : Fict)
    X = R.uniform();
  float *DA, *DB, *DOut, *DFict;
  CHECK(cudaMalloc(&DA, W * H * sizeof(float)));
  CHECK(cudaMalloc(&DB, W * H * sizeof(float)));
  CHECK(cudaMalloc(&DOut, W * H * sizeof(float)));
  CHECK(cudaMalloc(&DFict, 64 * sizeof(float)));
  CHECK(cudaMemcpy(DA, A.data(), W * H * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DB, B.data(), W * H * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DFict, Fict.data(), 64 * sizeof(float),
                   cudaMemcpyHostToDevice));
  dim3 Block(32, 8), Grid(W / 32, H / 8);
  // fdtdStep updates ey in place: each timed launch starts from A.
  static float *SEy, *SA;
  SEy = DOut;
  SA = DA;
  float Fdtd = medianMs(
      [&] { fdtdStep<<<Grid, Block>>>(H, W, DFict, DOut, DB, 3); },
      [] {
        CHECK(cudaMemcpy(SEy, SA, W * H * sizeof(float),
                         cudaMemcpyDeviceToDevice));
      });
  uint64_t SumFdtd = checksumBits(DOut, W * H);
  float Blur = medianMs([&] { blur<<<Grid, Block>>>(DA, DOut, W, H); });
  uint64_t SumBlur = checksumBits(DOut, W * H);
  float Heat = medianMs(
      [&] { heat<<<W * H / 256, 256>>>(DA, DOut, W * H, 0.2f); });
  uint64_t SumHeat = checksumBits(DOut, W * H);
  printf("fdtdStep %.4f ms %016llx blur %.4f ms %016llx heat %.4f ms "
         "%016llx\n",
         Fdtd, (unsigned long long)SumFdtd, Blur, (unsigned long long)SumBlur,
         Heat, (unsigned long long)SumHeat);
  return 0;
}
