// Kernels whose register demand spans the range: a 16x16 register tile
// (past 255 registers, so ptxas caps and spills), an 8x8 tile, a small
// per-thread state machine, and a 64-bit particle update.

__global__ void gemmTile16x16(const float *a, const float *b, float *c, int n) {
  int row0 = (blockIdx.y * blockDim.y + threadIdx.y) * 16;
  int col0 = (blockIdx.x * blockDim.x + threadIdx.x) * 16;
  float acc[16][16];
#pragma unroll
  for (int i = 0; i < 16; ++i)
#pragma unroll
    for (int j = 0; j < 16; ++j)
      acc[i][j] = 0.0f;
  for (int k = 0; k < n; ++k) {
    float av[16], bv[16];
#pragma unroll
    for (int i = 0; i < 16; ++i)
      av[i] = a[(row0 + i) * n + k];
#pragma unroll
    for (int j = 0; j < 16; ++j)
      bv[j] = b[k * n + col0 + j];
#pragma unroll
    for (int i = 0; i < 16; ++i)
#pragma unroll
      for (int j = 0; j < 16; ++j)
        acc[i][j] += av[i] * bv[j];
  }
#pragma unroll
  for (int i = 0; i < 16; ++i)
#pragma unroll
    for (int j = 0; j < 16; ++j)
      c[(row0 + i) * n + col0 + j] = acc[i][j];
}

__global__ void gemmTile8x8(const float *a, const float *b, float *c, int n) {
  int row0 = (blockIdx.y * blockDim.y + threadIdx.y) * 8;
  int col0 = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
  float acc[8][8] = {};
  for (int k = 0; k < n; ++k) {
    float av[8], bv[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      av[i] = a[(row0 + i) * n + k];
      bv[i] = b[k * n + col0 + i];
    }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 8; ++j)
        acc[i][j] += av[i] * bv[j];
  }
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j)
      c[(row0 + i) * n + col0 + j] = acc[i][j];
}

// A smoothing filter over 40 values kept in registers.
__global__ void smooth40(const float *in, float *out, int iters) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float v[40];
#pragma unroll
  for (int j = 0; j < 40; ++j)
    v[j] = in[t * 40 + j];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < 40; ++j)
      v[j] = 0.5f * v[j] + 0.25f * (v[(j + 1) % 40] + v[(j + 39) % 40]);
  }
  float s = 0.0f;
#pragma unroll
  for (int j = 0; j < 40; ++j)
    s += v[j];
  out[t] = s;
}

enum class Token { Digit, Letter, Space, Other };

__device__ Token classify(char c) {
  if (c >= '0' && c <= '9')
    return Token::Digit;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
    return Token::Letter;
  if (c == ' ' || c == '\n' || c == '\t')
    return Token::Space;
  return Token::Other;
}

__global__ void countTokens(const char *text, const int *lineStart, int lines,
                            int *numbers, int *words) {
  int line = blockIdx.x * blockDim.x + threadIdx.x;
  if (line >= lines)
    return;
  int nums = 0, ws = 0;
  Token prev = Token::Space;
  for (int i = lineStart[line]; i < lineStart[line + 1]; ++i) {
    Token t = classify(text[i]);
    if (t != prev) {
      if (t == Token::Digit)
        ++nums;
      else if (t == Token::Letter)
        ++ws;
    }
    prev = t;
  }
  numbers[line] = nums;
  words[line] = ws;
}

struct Particle {
  double x, y, z, vx, vy, vz;
};

__global__ void particlePush(Particle *p, const double *field, int gridSize,
                             double dt, double qm, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Particle q = p[i];
  int cx = min(max((int)q.x, 0), gridSize - 1);
  int cy = min(max((int)q.y, 0), gridSize - 1);
  int cz = min(max((int)q.z, 0), gridSize - 1);
  int cell = (cz * gridSize + cy) * gridSize + cx;
  double ex = field[3 * cell], ey = field[3 * cell + 1], ez = field[3 * cell + 2];
  q.vx += qm * ex * dt;
  q.vy += qm * ey * dt;
  q.vz += qm * ez * dt;
  q.x += q.vx * dt;
  q.y += q.vy * dt;
  q.z += q.vz * dt;
  if (q.x < 0.0 || q.x >= gridSize) q.vx = -q.vx;
  if (q.y < 0.0 || q.y >= gridSize) q.vy = -q.vy;
  if (q.z < 0.0 || q.z >= gridSize) q.vz = -q.vz;
  p[i] = q;
}

// A hash-table probe with linear probing and a 64-bit key.
__global__ void hashLookup(const unsigned long long *tableKeys,
                           const int *tableValues, unsigned capacity,
                           const unsigned long long *queries, int *results,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned long long key = queries[i];
  unsigned long long h = key * 0x9e3779b97f4a7c15ull;
  unsigned slot = (unsigned)(h >> 32) & (capacity - 1);
  int result = -1;
  for (unsigned probe = 0; probe < capacity; ++probe) {
    unsigned long long k = tableKeys[slot];
    if (k == key) {
      result = tableValues[slot];
      break;
    }
    if (k == 0ull)
      break;
    slot = (slot + 1) & (capacity - 1);
  }
  results[i] = result;
}
