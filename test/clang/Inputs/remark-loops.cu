// Open addressing: each thread probes for its key until it finds the key
// or an empty slot. LLVM folds the two exits into the latch's branch and
// leaves that branch no line of its own.
__global__ void probeTable(const unsigned *slots, const unsigned *keys,
                           int *found, unsigned mask, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned key = keys[i];
  unsigned h = (key * 2654435761u) & mask;
  int where = -1;
  for (unsigned probe = 0; probe <= mask; ++probe) {
    unsigned s = slots[h];
    if (s == key) {
      where = (int)h;
      break;
    }
    if (s == 0u)
      break;
    h = (h + 1) & mask;
  }
  found[i] = where;
}

// Particles that are still alive take a long step, the others a short
// one: a loop with a divergent branch for iteration delaying.
__global__ void stepParticles(float *pos, const float *vel, const int *alive,
                              int steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = pos[i], v = vel[i];
  for (int s = 0; s < steps; ++s) {
    if (alive[(i + s) % n]) {
      x = x + v * 0.5f;
      v = v * 0.99f + 0.01f * x;
    } else {
      x = x * 0.999f;
    }
  }
  pos[i] = x;
}
