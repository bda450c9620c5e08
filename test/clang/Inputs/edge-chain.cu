// A diffusion step on a 16x16 tile held in shared memory. Threads on the
// tile's last row or column take their missing neighbour from the halo
// arrays, read once per block; the branch chain that picks each
// neighbour's source is the usual way of writing that boundary.
#define TILE 16

__global__ void diffuseTile(const float *grid, const float *haloSouth,
                            const float *haloEast, float *out, int width,
                            float rate) {
  __shared__ float tile[TILE][TILE];
  __shared__ float south[TILE];
  __shared__ float east[TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
  float here = grid[y * width + x];
  tile[ty][tx] = here;
  if (ty == 0)
    south[tx] = haloSouth[blockIdx.x * TILE + tx];
  if (tx == 0)
    east[ty] = haloEast[blockIdx.y * TILE + ty];
  __syncthreads();

  float below, right;
  if (ty == TILE - 1 && tx == TILE - 1) {
    below = south[tx];
    right = east[ty];
  } else if (tx == TILE - 1) {
    below = tile[ty + 1][tx];
    right = east[ty];
  } else if (ty == TILE - 1) {
    below = south[tx];
    right = tile[ty][tx + 1] * 0.5f + here * 0.5f;
  } else {
    below = tile[ty + 1][tx];
    right = tile[ty][tx + 1];
  }
  out[y * width + x] = here + rate * (below + right - 2.0f * here);
}
