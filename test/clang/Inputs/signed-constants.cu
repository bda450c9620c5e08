// Two arms that update the same values with different constants, written
// as a programmer writes them: one adds a scaled value, the other
// subtracts one. clang -O3 turns `v * -0.9871f + y` into `y - v * 0.9871f`,
// so the arms differ in where the sign is; the PTX of both is one fma per
// update, the sign in the constant.
extern "C" __global__ void signed_updates(const float *In, float *Out,
                                          const unsigned *Draws, int N) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  float X = In[T], Y = In[T + 1];
  float V0 = X, V1 = Y, V2 = X + Y, V3 = X - Y;
  for (int K = 0; K < N; ++K) {
    if (Draws[T * N + K] & 1) {
      V0 = V0 * 0.9713f + X; V0 = V0 * -0.9871f + Y;
      V1 = V1 * 0.9713f + X; V1 = V1 * -0.9871f + Y;
      V2 = V2 * 0.9713f + X; V2 = V2 * -0.9871f + Y;
      V3 = V3 * 0.9713f + X; V3 = V3 * -0.9871f + Y;
    } else {
      V0 = V0 * -0.9587f + X; V0 = V0 * 0.9929f + Y;
      V1 = V1 * -0.9587f + X; V1 = V1 * 0.9929f + Y;
      V2 = V2 * -0.9587f + X; V2 = V2 * 0.9929f + Y;
      V3 = V3 * -0.9587f + X; V3 = V3 * 0.9929f + Y;
    }
  }
  Out[T] = V0 + V1 + V2 + V3;
}
