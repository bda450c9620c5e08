// Work chosen per thread by a kind: a material, an event. Application code
// writes a switch or an if-else chain on one value, which clang turns into
// a switch; a warp whose lanes hold different kinds runs every way.
//
//   switches MIX
//
// MIX: "random" (each thread's kind drawn at random, and each voxel's
// material) or "warps" (one kind per warp, and every voxel water: the
// switches never diverge). Prints, for each kernel, the median
// of 25 timed launches (after 3 warm-ups, CUDA events) and a checksum of
// its output bits.
#include "../common/measure.h"

#include <cstring>

enum Material { Water, Bone, Muscle, Air };

// A fitted attenuation coefficient per material (1/cm at energy e, MeV):
// the same formula with each material's constants.
__device__ float attenuation(int material, float e) {
  switch (material) {
  case Water:
    return 0.0707f * expf(-0.52f * e) + 0.0190f * logf(1.0f + e);
  case Bone:
    return 0.1230f * expf(-0.61f * e) + 0.0310f * logf(1.0f + 2.0f * e);
  case Muscle:
    return 0.0721f * expf(-0.50f * e) + 0.0195f * logf(1.0f + e);
  default:
    return 0.0001f * expf(-0.45f * e) + 0.0002f * logf(1.0f + e);
  }
}

__global__ void transmit(const int *material, const float *energy,
                         const float *depth, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float mu = attenuation(material[i], energy[i]);
  out[i] = expf(-mu * depth[i]);
}

// A photon along a line of voxels: at each step the material of the voxel
// it is in sets the attenuation over its next free path; it loses weight
// and energy at each interaction.
__global__ void track(const int *voxels, int numVoxels, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned s = i * 2654435761u + 12345u;
  float e = 0.5f + (i % 97) * 0.05f, w = 1.0f, x = 0.0f;
  for (int step = 0; step < 64; ++step) {
    float mu = attenuation(voxels[int(x) % numVoxels], e);
    s = s * 1664525u + 1013904223u;
    float r = (s >> 8) * (1.0f / 16777216.0f) + 1e-7f;
    x = fmodf(x - logf(r) / mu, float(numVoxels));
    w *= 0.95f;
    e *= 0.98f;
  }
  out[i] = w * e + x;
}

// Phase function of a scattering event, an if-else chain on the event's
// kind: isotropic, Henyey-Greenstein with the tissue's anisotropy, or
// Rayleigh.
__device__ float cosTheta(int kind, float g, float r) {
  if (kind == 0)
    return 2.0f * r - 1.0f;
  if (kind == 1) {
    float s = (1.0f - g * g) / (1.0f - g + 2.0f * g * r);
    return (1.0f + g * g - s * s) / (2.0f * g);
  }
  float u = 4.0f * r - 2.0f;
  float c = cbrtf(u + sqrtf(u * u + 1.0f));
  return c - 1.0f / c;
}

__global__ void scatter(const int *kind, const float *rnd, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float c = cosTheta(kind[i] % 3, 0.9f, rnd[i]);
  out[i] = acosf(fminf(1.0f, fmaxf(-1.0f, c)));
}

// A ray leaving a surface, by the surface's material: the directions differ
// in shape (diffuse, mirror, glass).
struct Hit {
  float nx, ny, nz;
  int material;
  float fuzz, ior;
};

__device__ float3 bounce(const Hit &h, float3 d, float r1, float r2) {
  float3 o;
  switch (h.material & 3) {
  case 0:
    o.x = h.nx + r1 * 0.5f - 0.25f;
    o.y = h.ny + r2 * 0.5f - 0.25f;
    o.z = h.nz + (r1 - r2) * 0.5f;
    break;
  case 1: {
    float k = d.x * h.nx + d.y * h.ny + d.z * h.nz;
    o.x = d.x - 2.0f * k * h.nx + h.fuzz * r1;
    o.y = d.y - 2.0f * k * h.ny + h.fuzz * r2;
    o.z = d.z - 2.0f * k * h.nz;
    break;
  }
  case 2: {
    float c = -(d.x * h.nx + d.y * h.ny + d.z * h.nz);
    float eta = 1.0f / h.ior;
    float k = 1.0f - eta * eta * (1.0f - c * c);
    float s = eta * c - sqrtf(fabsf(k));
    o.x = eta * d.x + s * h.nx;
    o.y = eta * d.y + s * h.ny;
    o.z = eta * d.z + s * h.nz;
    break;
  }
  default:
    o.x = o.y = o.z = 0.0f;
  }
  return o;
}

__global__ void shade(const Hit *hits, const float *rnd, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float3 d = {rnd[i], 1.0f - rnd[i], 0.5f};
  float3 o = bounce(hits[i], d, rnd[i], rnd[(i + 1) % n]);
  out[i] = o.x + 2.0f * o.y + 3.0f * o.z;
}

// A photon's random walk, each step an interaction drawn at random:
// absorbed in part, scattered into a new direction, or reflected at a
// boundary; a Monte Carlo transport code's event switch.
__global__ void events(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned s = i * 2654435761u + 777u;
  float w = 1.0f, ux = 0.0f, uy = 0.0f, uz = 1.0f, z = 0.0f;
  for (int step = 0; step < 64; ++step) {
    s = s * 1664525u + 1013904223u;
    float r = (s >> 8) * (1.0f / 16777216.0f);
    int event = int(r * 3.0f);
    switch (event) {
    case 0:
      w *= 0.9f;
      break;
    case 1: {
      float phi = 6.2831853f * r;
      float ct = 2.0f * r - 1.0f;
      float st = sqrtf(1.0f - ct * ct);
      ux = st * cosf(phi);
      uy = st * sinf(phi);
      uz = ct;
      break;
    }
    default:
      uz = -uz;
      w *= 0.99f;
      break;
    }
    z += uz * 0.1f;
  }
  out[i] = w + z + ux * uy;
}

// A walk down a 4-ary trie by the characters of each thread's query, as a
// suffix-tree matcher (MUMmerGPU) walks: the child to follow is picked by a
// switch on the character, and a missing child ends the walk.
__global__ void walk(const int4 *nodes, const char *queries, int length,
                     int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const char *q = queries + (size_t)i * length;
  int cur = 1, depth = 0;
  for (int k = 0; k < length; ++k) {
    int4 children = nodes[cur];
    int next;
    switch (q[k]) {
    case 'A':
      next = children.x;
      break;
    case 'C':
      next = children.y;
      break;
    case 'G':
      next = children.z;
      break;
    case 'T':
      next = children.w;
      break;
    default:
      next = 0;
      break;
    }
    if (next == 0)
      break;
    cur = next;
    ++depth;
  }
  out[i] = cur ^ (depth << 24);
}

static const int N = 1 << 22;
static const int NumNodes = 1 << 20, NumWalkers = 1 << 20, QueryLength = 64;
static const int NumVoxels = 4096;

int main(int argc, char **argv) {
  bool Warps = argc > 1 && !strcmp(argv[1], "warps");
  std::vector<int> Kind(N);
  std::vector<float> Energy(N), Depth(N), Rnd(N);
  std::vector<Hit> Hits(N);
  std::vector<int> Voxels(NumVoxels);
  Lcg R{7};
  for (int I = 0; I < N; ++I) {
    Kind[I] = Warps ? (I / 32) % 4 : int(R.uniform() * 4.0f);
    Energy[I] = 0.05f + 5.0f * R.uniform();
    Depth[I] = 10.0f * R.uniform();
    Rnd[I] = R.uniform();
    Hits[I] = {R.uniform() - 0.5f, R.uniform() - 0.5f, R.uniform(), Kind[I],
               0.1f * R.uniform(), 1.0f + R.uniform()};
  }
  for (int &V : Voxels)
    V = Warps ? Water : int(R.uniform() * 4.0f);
  // One child in 64 missing; with "warps" every lane of a warp walks its
  // warp's first query.
  std::vector<int4> Nodes(NumNodes);
  auto Child = [&] {
    return R.uniform() < 1.0f / 64 ? 0 : 1 + int(R.uniform() * (NumNodes - 1));
  };
  for (int4 &Node : Nodes)
    Node = {Child(), Child(), Child(), Child()};
  std::vector<char> Queries((size_t)NumWalkers * QueryLength);
  const char Bases[4] = {'A', 'C', 'G', 'T'};
  for (size_t I = 0; I < (size_t)NumWalkers; ++I)
    for (int K = 0; K < QueryLength; ++K)
      Queries[I * QueryLength + K] =
          Warps && I % 32 ? Queries[(I - I % 32) * QueryLength + K]
                          : Bases[int(R.uniform() * 4.0f)];
  int *DKind, *DVoxels;
  float *DEnergy, *DDepth, *DRnd, *DOut;
  Hit *DHits;
  int4 *DNodes;
  char *DQueries;
  CHECK(cudaMalloc(&DNodes, NumNodes * sizeof(int4)));
  CHECK(cudaMemcpy(DNodes, Nodes.data(), NumNodes * sizeof(int4),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&DQueries, Queries.size()));
  CHECK(cudaMemcpy(DQueries, Queries.data(), Queries.size(),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&DKind, N * sizeof(int)));
  CHECK(cudaMalloc(&DVoxels, NumVoxels * sizeof(int)));
  CHECK(cudaMemcpy(DVoxels, Voxels.data(), NumVoxels * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&DEnergy, N * sizeof(float)));
  CHECK(cudaMalloc(&DDepth, N * sizeof(float)));
  CHECK(cudaMalloc(&DRnd, N * sizeof(float)));
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  CHECK(cudaMalloc(&DHits, N * sizeof(Hit)));
  CHECK(
      cudaMemcpy(DKind, Kind.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DEnergy, Energy.data(), N * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DDepth, Depth.data(), N * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(
      cudaMemcpy(DRnd, Rnd.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(
      cudaMemcpy(DHits, Hits.data(), N * sizeof(Hit), cudaMemcpyHostToDevice));
  float Transmit = medianMs(
      [&] { transmit<<<N / 256, 256>>>(DKind, DEnergy, DDepth, DOut, N); });
  uint64_t SumTransmit = checksumBits(DOut, N);
  float Track =
      medianMs([&] { track<<<N / 256, 256>>>(DVoxels, NumVoxels, DOut, N); });
  uint64_t SumTrack = checksumBits(DOut, N);
  float Scatter =
      medianMs([&] { scatter<<<N / 256, 256>>>(DKind, DRnd, DOut, N); });
  uint64_t SumScatter = checksumBits(DOut, N);
  float Shade =
      medianMs([&] { shade<<<N / 256, 256>>>(DHits, DRnd, DOut, N); });
  uint64_t SumShade = checksumBits(DOut, N);
  float Events = medianMs([&] { events<<<N / 256, 256>>>(DOut, N); });
  uint64_t SumEvents = checksumBits(DOut, N);
  float Walk = medianMs([&] {
    walk<<<NumWalkers / 256, 256>>>(DNodes, DQueries, QueryLength,
                                    reinterpret_cast<int *>(DOut), NumWalkers);
  });
  uint64_t SumWalk = checksumBits(DOut, NumWalkers);
  printf("transmit %.4f ms %016llx track %.4f ms %016llx scatter %.4f ms "
         "%016llx shade %.4f ms %016llx walk %.4f ms %016llx events %.4f ms "
         "%016llx\n",
         Transmit, (unsigned long long)SumTransmit, Track,
         (unsigned long long)SumTrack, Scatter, (unsigned long long)SumScatter,
         Shade, (unsigned long long)SumShade, Walk, (unsigned long long)SumWalk,
         Events, (unsigned long long)SumEvents);
  return 0;
}
