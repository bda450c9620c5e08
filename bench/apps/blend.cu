// An image compositor: layers blended onto a base image, each pixel of
// each layer by its own blend mode (multiply, screen, overlay, ...), as a
// paint program or a tile renderer does, then tone mapped by a curve the
// grade (a struct in global memory) names. The mode is a switch whose
// ways are a few arithmetic instructions each; clang dispatches it
// through a jump table (an indirect branch, `brx.idx`).
//
//   blend MIX
//
// MIX: "random" (each pixel's mode in each layer drawn at random: the
// switch diverges in nearly every warp), "warps" (one mode a warp of
// pixels in each layer: it never diverges) or "layer" (one mode a layer:
// modeOfLayer reads it from a kernel parameter, warp-uniform to the
// compiler too); toneMap and toneMapFrame run with each curve. Prints each
// kernel's median of 25 timed launches (after 3 warm-ups) and checksum.
#include "../common/measure.h"

#include <cstring>

enum Mode {
  Normal,
  Multiply,
  Screen,
  Overlay,
  Darken,
  Lighten,
  ColorDodge,
  ColorBurn,
  HardLight,
  Difference,
  Exclusion,
  Add,
  Subtract,
  Divide,
  NumModes
};

// The blend of source s over destination d, both in [0, 1].
__device__ float blend(int mode, float d, float s) {
  switch (mode) {
  case Normal:
    return s;
  case Multiply:
    return d * s;
  case Screen:
    return d + s - d * s;
  case Overlay:
    return d < 0.5f ? 2.0f * d * s : 1.0f - 2.0f * (1.0f - d) * (1.0f - s);
  case Darken:
    return fminf(d, s);
  case Lighten:
    return fmaxf(d, s);
  case ColorDodge:
    return s >= 1.0f ? 1.0f : fminf(1.0f, d / (1.0f - s));
  case ColorBurn:
    return s <= 0.0f ? 0.0f : 1.0f - fminf(1.0f, (1.0f - d) / s);
  case HardLight:
    return s < 0.5f ? 2.0f * d * s : 1.0f - 2.0f * (1.0f - d) * (1.0f - s);
  case Difference:
    return fabsf(d - s);
  case Exclusion:
    return d + s - 2.0f * d * s;
  case Add:
    return fminf(1.0f, d + s);
  case Subtract:
    return fmaxf(0.0f, d - s);
  case Divide:
    return s <= 0.0f ? 1.0f : fminf(1.0f, d / s);
  }
  return d;
}

// Each pixel of each layer has its own mode.
__global__ void modeOfPixel(const float *base, const float *layers,
                            const unsigned char *modes, int numLayers,
                            float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float c = base[i];
  for (int l = 0; l < numLayers; ++l) {
    float s = layers[(size_t)l * n + i];
    float opacity = 0.75f;
    c = c + opacity * (blend(modes[(size_t)l * n + i], c, s) - c);
  }
  out[i] = c;
}

struct LayerModes {
  int mode[8];
};

// Each layer has one mode, a kernel parameter: the switch never diverges.
__global__ void modeOfLayer(const float *base, const float *layers,
                            LayerModes modes, int numLayers, float *out,
                            int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float c = base[i];
  for (int l = 0; l < numLayers; ++l) {
    float s = layers[(size_t)l * n + i];
    float opacity = 0.75f;
    c = c + opacity * (blend(modes.mode[l], c, s) - c);
  }
  out[i] = c;
}

enum Curve { Reinhard, Filmic, Exponential };

struct Grade {
  int curve;
  float exposure, white, gamma;
};

// The grade is the same for every pixel: its curve never diverges.
__global__ void toneMap(const Grade *grade, const float *in, float *out,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float c = in[i] * grade->exposure;
  if (grade->curve == Reinhard) {
    c = c * (1.0f + c / (grade->white * grade->white)) / (1.0f + c);
  } else if (grade->curve == Filmic) {
    float x = fmaxf(0.0f, c - 0.004f);
    c = (x * (6.2f * x + 0.5f)) / (x * (6.2f * x + 1.7f) + 0.06f);
  } else {
    c = 1.0f - expf(-c);
  }
  out[i] = powf(c, 1.0f / grade->gamma);
}

// The same curves with the grade reached through a pointer member of the
// frame's by-value parameter struct, as a renderer passes its settings.
struct Frame {
  const Grade *grade;
  const float *in;
  float *out;
  int n;
};

__global__ void toneMapFrame(Frame f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= f.n)
    return;
  float c = f.in[i] * f.grade->exposure;
  if (f.grade->curve == Reinhard) {
    c = c * (1.0f + c / (f.grade->white * f.grade->white)) / (1.0f + c);
  } else if (f.grade->curve == Filmic) {
    float x = fmaxf(0.0f, c - 0.004f);
    c = (x * (6.2f * x + 0.5f)) / (x * (6.2f * x + 1.7f) + 0.06f);
  } else {
    c = 1.0f - expf(-c);
  }
  f.out[i] = powf(c, 1.0f / f.grade->gamma);
}

static const int N = 1 << 21, Layers = 8;

int main(int argc, char **argv) {
  const char *Mix = argc > 1 ? argv[1] : "random";
  bool Warps = !strcmp(Mix, "warps"), PerLayer = !strcmp(Mix, "layer");
  if (!Warps && !PerLayer && strcmp(Mix, "random")) {
    fprintf(stderr, "usage: blend random|warps|layer\n");
    return 1;
  }
  Lcg R{7};
  std::vector<float> Base(N), Planes((size_t)N * Layers);
  std::vector<unsigned char> Modes((size_t)N * Layers);
  LayerModes OfLayer;
  for (int L = 0; L < Layers; ++L)
    OfLayer.mode[L] = int(R.uniform() * NumModes);
  for (int I = 0; I < N; ++I)
    Base[I] = R.uniform();
  for (int L = 0; L < Layers; ++L)
    for (int I = 0; I < N; ++I) {
      size_t K = (size_t)L * N + I;
      Planes[K] = R.uniform();
      if (PerLayer)
        Modes[K] = OfLayer.mode[L];
      else if (Warps && I % 32)
        Modes[K] = Modes[K - 1];
      else
        Modes[K] = (unsigned char)(R.uniform() * NumModes);
    }
  float *DBase, *DPlanes, *DOut;
  unsigned char *DModes;
  CHECK(cudaMalloc(&DBase, N * sizeof(float)));
  CHECK(cudaMemcpy(DBase, Base.data(), N * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&DPlanes, Planes.size() * sizeof(float)));
  CHECK(cudaMemcpy(DPlanes, Planes.data(), Planes.size() * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&DModes, Modes.size()));
  CHECK(cudaMemcpy(DModes, Modes.data(), Modes.size(), cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  float Pixel = medianMs([&] {
    modeOfPixel<<<N / 256, 256>>>(DBase, DPlanes, DModes, Layers, DOut, N);
  });
  uint64_t SumPixel = checksumBits(DOut, N);
  printf("modeOfPixel %.4f ms %016llx", Pixel, (unsigned long long)SumPixel);
  if (PerLayer) {
    float Layer = medianMs([&] {
      modeOfLayer<<<N / 256, 256>>>(DBase, DPlanes, OfLayer, Layers, DOut, N);
    });
    uint64_t SumLayer = checksumBits(DOut, N);
    printf(" modeOfLayer %.4f ms %016llx", Layer, (unsigned long long)SumLayer);
  }
  const Grade Grades[3] = {{Reinhard, 1.5f, 4.0f, 2.2f},
                           {Filmic, 1.2f, 0.0f, 1.0f},
                           {Exponential, 2.0f, 0.0f, 2.2f}};
  Grade *DGrades;
  float *DTone;
  CHECK(cudaMalloc(&DGrades, sizeof Grades));
  CHECK(cudaMemcpy(DGrades, Grades, sizeof Grades, cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&DTone, 3 * N * sizeof(float)));
  float Tone = medianMs([&] {
    for (int K = 0; K < 3; ++K)
      toneMap<<<N / 256, 256>>>(DGrades + K, DOut, DTone + (size_t)K * N, N);
  });
  uint64_t SumTone = checksumBits(DTone, 3 * N);
  printf(" toneMap %.4f ms %016llx", Tone, (unsigned long long)SumTone);
  float ToneFrame = medianMs([&] {
    for (int K = 0; K < 3; ++K)
      toneMapFrame<<<N / 256, 256>>>(
          Frame{DGrades + K, DOut, DTone + (size_t)K * N, N});
  });
  uint64_t SumToneFrame = checksumBits(DTone, 3 * N);
  printf(" toneMapFrame %.4f ms %016llx\n", ToneFrame,
         (unsigned long long)SumToneFrame);
  return 0;
}
