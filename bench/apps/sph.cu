// Smoothed-particle hydrodynamics' pressure force, the way a first CUDA
// port writes it: one particle a thread, a loop over its neighbour list,
// and the kernel's work only for neighbours within the smoothing length
// (`if (r2 < h2)`), which some lanes of a warp find and others do not.
// Particles are sorted by cell and a particle's neighbours are its cell's.
//
//   sph
//
// Prints, for each kernel (force: the pressure and viscosity force on
// each particle; density: the density at each particle, a lighter body),
// the median of 25 timed launches (after 3 warm-ups, CUDA events) and a
// checksum of its output bits.
#include "../common/measure.h"

constexpr int NumParticles = 1 << 18, Neighbours = 64;
constexpr float H = 0.05f, H2 = H * H, Mass = 0.02f, Stiffness = 3.0f,
                RestDensity = 1000.0f, Viscosity = 0.25f;

__device__ float poly6(float R2) {
  float D = H2 - R2;
  return 315.0f / (64.0f * 3.14159265f * powf(H, 9.0f)) * D * D * D;
}

__global__ void density(const float4 *Pos, const int *Near, float *Rho, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float4 P = Pos[I];
  float Sum = 0.0f;
  for (int K = 0; K < Neighbours; ++K) {
    float4 Q = Pos[Near[I * Neighbours + K]];
    float Dx = P.x - Q.x, Dy = P.y - Q.y, Dz = P.z - Q.z;
    float R2 = Dx * Dx + Dy * Dy + Dz * Dz;
    if (R2 < H2)
      Sum += Mass * poly6(R2);
  }
  Rho[I] = Sum;
}

__global__ void force(const float4 *Pos, const float4 *Vel, const float *Rho,
                      const int *Near, float4 *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float4 P = Pos[I], V = Vel[I];
  float RhoI = Rho[I], PressureI = Stiffness * (RhoI - RestDensity);
  float Fx = 0.0f, Fy = 0.0f, Fz = 0.0f;
  for (int K = 0; K < Neighbours; ++K) {
    int J = Near[I * Neighbours + K];
    if (J == I)
      continue;
    float4 Q = Pos[J];
    float Dx = P.x - Q.x, Dy = P.y - Q.y, Dz = P.z - Q.z;
    float R2 = Dx * Dx + Dy * Dy + Dz * Dz;
    if (R2 < H2 && R2 > 1e-12f) {
      float R = sqrtf(R2);
      float RhoJ = Rho[J], PressureJ = Stiffness * (RhoJ - RestDensity);
      // Spiky kernel's gradient for pressure, its Laplacian for viscosity.
      float Spiky = -45.0f / (3.14159265f * powf(H, 6.0f)) * (H - R) * (H - R);
      float Pressure = -Mass * (PressureI + PressureJ) / (2.0f * RhoJ) * Spiky;
      float4 W = Vel[J];
      float Lap = 45.0f / (3.14159265f * powf(H, 6.0f)) * (H - R);
      float Visc = Viscosity * Mass / RhoJ * Lap;
      Fx += Pressure * Dx / R + Visc * (W.x - V.x);
      Fy += Pressure * Dy / R + Visc * (W.y - V.y);
      Fz += Pressure * Dz / R + Visc * (W.z - V.z);
    }
  }
  Out[I] = make_float4(Fx, Fy, Fz, RhoI);
}

int main() {
  Lcg R{53};
  // Particles sorted by cell, as a cell search leaves them: each cell holds
  // Neighbours particles spread around its centre (about 1.5 H across), and
  // a particle's list is its cell, itself included.
  std::vector<float4> Pos(NumParticles), Vel(NumParticles);
  std::vector<int> Near((size_t)NumParticles * Neighbours);
  for (int Cell = 0; Cell < NumParticles / Neighbours; ++Cell) {
    float Cx = R.uniform(), Cy = R.uniform(), Cz = R.uniform();
    for (int K = 0; K < Neighbours; ++K) {
      int I = Cell * Neighbours + K;
      Pos[I] = {Cx + 1.5f * H * (R.uniform() - 0.5f),
                Cy + 1.5f * H * (R.uniform() - 0.5f),
                Cz + 1.5f * H * (R.uniform() - 0.5f), 0.0f};
      Vel[I] = {R.uniform() - 0.5f, R.uniform() - 0.5f, R.uniform() - 0.5f,
                0.0f};
      for (int L = 0; L < Neighbours; ++L)
        Near[(size_t)I * Neighbours + L] = Cell * Neighbours + L;
    }
  }
  float4 *DPos = toDevice(Pos), *DVel = toDevice(Vel), *DOut;
  int *DNear = toDevice(Near);
  float *DRho;
  CHECK(cudaMalloc(&DRho, NumParticles * sizeof(float)));
  CHECK(cudaMalloc(&DOut, NumParticles * sizeof(float4)));
  int Blocks = NumParticles / 256;
  float Ms = medianMs(
      [&] { density<<<Blocks, 256>>>(DPos, DNear, DRho, NumParticles); });
  printf("density %.4f ms %016llx ", Ms,
         (unsigned long long)checksumBits(DRho, NumParticles));
  Ms = medianMs([&] {
    force<<<Blocks, 256>>>(DPos, DVel, DRho, DNear, DOut, NumParticles);
  });
  printf("force %.4f ms %016llx\n", Ms,
         (unsigned long long)checksumBits(reinterpret_cast<float *>(DOut),
                                          4 * NumParticles));
  return 0;
}
