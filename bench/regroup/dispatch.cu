// First-wave dispatch microbenchmark for the scheduled model
// (runtime/DispatchOrder.h). The host launches exactly one wave, SMs x
// resident CTAs (dynamic shared memory caps the residency where threads do
// not); each CTA writes the SM it runs on, then waits long enough that no
// CTA ends before the whole wave is resident. So entry k is the SM the
// hardware gives the k-th CTA of a first wave.

extern "C" __global__ void cta_sm(unsigned *sm, long long spin) {
  if (threadIdx.x == 0) {
    unsigned id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    sm[blockIdx.x] = id;
  }
  long long t0 = clock64();
  while (clock64() - t0 < spin)
    ;
}
