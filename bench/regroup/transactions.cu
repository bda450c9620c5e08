// Memory transaction microbenchmark for the divergence model's memory side
// (analysis/model/TransactionCost.h). One CTA of 32 warps per SM; every
// lane loads, again and again, from data all warps share and L1 holds,
// lane l at l * strideWords words: stride 0 touches 1 line and 1 sector
// per request, 1 word 1 line and 4 sectors, 8 words 8 lines and 32
// sectors, 32 words 32 lines and 32 sectors. The loads are independent
// (a sum), so the SM's L1 and not one warp's latency limits them; clock64
// times the CTA from the first barrier to the last. Odd steps read a second
// copy 32 KiB further: with one address per load, ptxas hoisted the loads
// out of the loop (the loop's SASS held no LDG; run 4), and the benchmark
// timed the adds.

#define LOADS_PER_STEP 8
#define COPY_WORDS (8 * 1024)

extern "C" __global__ void mem_stride(const unsigned *buf,
                                      unsigned strideWords, int steps,
                                      unsigned *sink, long long *cycles) {
  const unsigned *p = buf + (threadIdx.x & 31) * strideWords;
  unsigned acc = 0, v;
  // Eight sets of lines, 4 KiB apart, in two copies: each warp request
  // misses nothing once the first pass has brought them into L1.
#pragma unroll
  for (int k = 0; k < 2 * LOADS_PER_STEP; ++k) {
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(p + k * 1024));
    acc += v;
  }
  __syncthreads();
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < steps; ++i) {
    const unsigned *q = p + (i & 1) * COPY_WORDS;
#pragma unroll
    for (int k = 0; k < LOADS_PER_STEP; ++k) {
      asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(q + k * 1024));
      acc += v;
    }
  }
  // The sum is needed here, so every load has returned before the clock
  // is read (else ptxas sinks the adds and clock64 times the issue alone).
  asm volatile("" : : "r"(acc));
  __syncthreads();
  long long t1 = clock64();
  if (threadIdx.x == 0)
    cycles[blockIdx.x] = t1 - t0;
  if (acc == 0x9e3779b9u) // Never (the buffer is zero): keeps the loads.
    *sink = acc;
}
