// Monte Carlo photon transport in layered tissue, in the style of MCML and
// its CUDA ports: each thread carries one photon through hop, drop, spin
// and boundary steps until it is absorbed or leaves the tissue.

struct Layer {
  float z0, z1;   // Depths of the layer's faces.
  float mua, mus; // Absorption and scattering coefficients.
  float g, n;     // Anisotropy and refractive index.
};

__device__ float rand01(unsigned long long &x, unsigned a) {
  x = (x & 0xffffffffull) * a + (x >> 32);
  return __uint2float_rz((unsigned)x) * 2.3283064e-10f;
}

__device__ float fresnel(float n1, float n2, float cosI) {
  if (n1 == n2)
    return 0.0f;
  float sinI = sqrtf(1.0f - cosI * cosI);
  float sinT = n1 / n2 * sinI;
  if (sinT >= 1.0f)
    return 1.0f;
  float cosT = sqrtf(1.0f - sinT * sinT);
  float rs = (n1 * cosI - n2 * cosT) / (n1 * cosI + n2 * cosT);
  float rp = (n1 * cosT - n2 * cosI) / (n1 * cosT + n2 * cosI);
  return 0.5f * (rs * rs + rp * rp);
}

__device__ void spin(float g, float &ux, float &uy, float &uz,
                     unsigned long long &x, unsigned a) {
  float cost;
  if (g == 0.0f) {
    cost = 2.0f * rand01(x, a) - 1.0f;
  } else {
    float t = (1.0f - g * g) / (1.0f - g + 2.0f * g * rand01(x, a));
    cost = (1.0f + g * g - t * t) / (2.0f * g);
  }
  float sint = sqrtf(1.0f - cost * cost);
  float psi = 6.2831853f * rand01(x, a);
  float cosp, sinp;
  __sincosf(psi, &sinp, &cosp);
  if (fabsf(uz) > 0.99999f) {
    ux = sint * cosp;
    uy = sint * sinp;
    uz = uz >= 0.0f ? cost : -cost;
  } else {
    float tmp = sqrtf(1.0f - uz * uz);
    float nx = sint * (ux * uz * cosp - uy * sinp) / tmp + ux * cost;
    float ny = sint * (uy * uz * cosp + ux * sinp) / tmp + uy * cost;
    uz = -sint * cosp * tmp + uz * cost;
    ux = nx;
    uy = ny;
  }
}

__global__ void photonTransport(const Layer *layers, int numLayers,
                                unsigned long long *seeds,
                                const unsigned *multipliers, float *absorbed,
                                float *reflected, float *transmitted,
                                int photonsPerThread) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long x = seeds[id];
  unsigned a = multipliers[id];
  float absorbedSum = 0.0f, reflectedSum = 0.0f, transmittedSum = 0.0f;
  for (int p = 0; p < photonsPerThread; ++p) {
    float px = 0.0f, py = 0.0f, pz = 0.0f;
    float ux = 0.0f, uy = 0.0f, uz = 1.0f, w = 1.0f;
    int layer = 1;
    bool alive = true;
    while (alive) {
      Layer L = layers[layer];
      float s = -logf(rand01(x, a)) / (L.mua + L.mus);
      float dz = uz > 0.0f ? (L.z1 - pz) / uz : (uz < 0.0f ? (L.z0 - pz) / uz : 1e30f);
      if (s > dz) {
        px += dz * ux;
        py += dz * uy;
        pz += dz * uz;
        int next = uz > 0.0f ? layer + 1 : layer - 1;
        float r = fresnel(L.n, layers[next].n, fabsf(uz));
        if (rand01(x, a) <= r) {
          uz = -uz;
        } else if (next == 0) {
          reflectedSum += w;
          alive = false;
        } else if (next > numLayers) {
          transmittedSum += w;
          alive = false;
        } else {
          layer = next;
        }
      } else {
        px += s * ux;
        py += s * uy;
        pz += s * uz;
        float dw = w * L.mua / (L.mua + L.mus);
        w -= dw;
        absorbedSum += dw;
        spin(L.g, ux, uy, uz, x, a);
        if (w < 1e-4f) {
          if (rand01(x, a) <= 0.1f)
            w *= 10.0f;
          else
            alive = false;
        }
      }
    }
  }
  seeds[id] = x;
  absorbed[id] = absorbedSum;
  reflected[id] = reflectedSum;
  transmitted[id] = transmittedSum;
}

// One step of every photon, the state kept in global memory between
// launches (the "persistent photon" layout of several ports).
__global__ void photonStep(float4 *pos, float4 *dir, int *layerOf,
                           unsigned long long *seeds, const unsigned *mult,
                           const Layer *layers, int numLayers, float *absorb,
                           int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n)
    return;
  float4 p = pos[id];
  float4 d = dir[id];
  int layer = layerOf[id];
  if (layer <= 0 || layer > numLayers)
    return;
  unsigned long long x = seeds[id];
  unsigned a = mult[id];
  Layer L = layers[layer];
  float s = -logf(rand01(x, a)) / (L.mua + L.mus);
  float dz = d.z > 0.0f ? (L.z1 - p.z) / d.z : (L.z0 - p.z) / d.z;
  if (s > dz) {
    p.x += dz * d.x;
    p.y += dz * d.y;
    p.z += dz * d.z;
    layer += d.z > 0.0f ? 1 : -1;
  } else {
    p.x += s * d.x;
    p.y += s * d.y;
    p.z += s * d.z;
    float dw = p.w * L.mua / (L.mua + L.mus);
    p.w -= dw;
    atomicAdd(&absorb[layer], dw);
    spin(L.g, d.x, d.y, d.z, x, a);
  }
  pos[id] = p;
  dir[id] = d;
  layerOf[id] = layer;
  seeds[id] = x;
}
