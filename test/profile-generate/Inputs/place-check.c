// Runs the place function of an instrumented module (block-spread.test)
// over every block of several grids and checks what BlockSpread.h
// promises: every index is run by exactly one block, the counted blocks
// are those of the grid's front (linear index * FRONT < blocks), and with
// spreading the indices they run are spread over the whole grid (about
// (FRONT - 1) / FRONT of them beyond the front); without it, each block
// runs its own index.
//
//   place-check FRONT SPREAD
#include <stdio.h>
#include <stdlib.h>

void place_block(unsigned x, unsigned y, unsigned z, unsigned nx, unsigned ny,
                 unsigned nz, unsigned *out);

static int checkGrid(unsigned nx, unsigned ny, unsigned nz, unsigned front,
                     int spread) {
  unsigned long blocks = (unsigned long)nx * ny * nz;
  unsigned char *seen = calloc(blocks, 1);
  unsigned long counted = 0, countedBeyond = 0, moved = 0;
  unsigned long frontBlocks = (blocks + front - 1) / front;
  for (unsigned z = 0; z < nz; ++z)
    for (unsigned y = 0; y < ny; ++y)
      for (unsigned x = 0; x < nx; ++x) {
        unsigned out[4];
        place_block(x, y, z, nx, ny, nz, out);
        unsigned long p = x + (unsigned long)nx * (y + (unsigned long)ny * z);
        if (out[0] >= nx || out[1] >= ny || out[2] >= nz) {
          printf("FAIL %ux%ux%u: block %lu runs (%u, %u, %u)\n", nx, ny, nz,
                 p, out[0], out[1], out[2]);
          return 1;
        }
        unsigned long l =
            out[0] + (unsigned long)nx * (out[1] + (unsigned long)ny * out[2]);
        if (seen[l]++) {
          printf("FAIL %ux%ux%u: index %lu run twice\n", nx, ny, nz, l);
          return 1;
        }
        moved += l != p;
        if (out[3]) {
          ++counted;
          if (p * front >= blocks) {
            printf("FAIL %ux%ux%u: block %lu counts beyond the front\n", nx,
                   ny, nz, p);
            return 1;
          }
          countedBeyond += l >= frontBlocks;
        }
      }
  free(seen);
  if (!spread && moved) {
    printf("FAIL %ux%ux%u: %lu blocks moved without spreading\n", nx, ny, nz,
           moved);
    return 1;
  }
  // Large grids: the counted indices beyond the front, against the share
  // of the grid there, (FRONT - 1) / FRONT.
  if (spread && counted >= 200) {
    double share = (double)countedBeyond / counted;
    double want = (double)(front - 1) / front;
    if (share < want - 0.1 || share > want + 0.1) {
      printf("FAIL %ux%ux%u: %.2f of the counted indices beyond the front, "
             "not about %.2f\n",
             nx, ny, nz, share, want);
      return 1;
    }
  }
  printf("OK %ux%ux%u counted %lu beyond %lu moved %lu\n", nx, ny, nz, counted,
         countedBeyond, moved);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  unsigned front = atoi(argv[1]);
  int spread = atoi(argv[2]);
  static const unsigned Grids[][3] = {
      {1, 1, 1},   {2, 1, 1},    {3, 1, 1},     {7, 1, 1},   {64, 1, 1},
      {65, 1, 1},  {255, 1, 1},  {1000, 1, 1},  {4096, 1, 1}, {65537, 1, 1},
      {16, 16, 1}, {33, 7, 3},   {128, 64, 2},  {1, 1000, 1}, {1, 1, 777},
      {300, 1, 300}};
  int failed = 0;
  for (unsigned i = 0; i < sizeof Grids / sizeof Grids[0]; ++i)
    failed |= checkGrid(Grids[i][0], Grids[i][1], Grids[i][2], front, spread);
  return failed;
}
