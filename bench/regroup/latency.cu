// Latency microbenchmarks for the divergence model's instruction latency
// table (analysis/model/InstructionLatency.cpp). One thread runs a chain of
// dependent operations of one class, written as inline PTX so that neither
// clang nor ptxas can shorten the chain, and times it with clock64; the
// host divides by the chain's length. Chains: 64 iterations of 64 unrolled
// operations, so loop overhead is under 5%.

#define CHAIN_OUTER 64
#define CHAIN_INNER 64

#define TIMED_CHAIN(BODY)                                                      \
  long long t0 = clock64();                                                    \
  _Pragma("unroll 1") for (int i = 0; i < CHAIN_OUTER; ++i) {                  \
    _Pragma("unroll") for (int j = 0; j < CHAIN_INNER; ++j) { BODY; }          \
  }                                                                            \
  long long t1 = clock64();                                                    \
  *cycles = t1 - t0;

extern "C" {

__global__ void lat_fp32(float a, float b, float *sink, long long *cycles) {
  float x = a;
  TIMED_CHAIN(asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(a), "f"(b)));
  *sink = x;
}

__global__ void lat_fp64(double a, double b, double *sink, long long *cycles) {
  double x = a;
  TIMED_CHAIN(asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(x) : "d"(a), "d"(b)));
  *sink = x;
}

__global__ void lat_fp16(unsigned short a, unsigned short b,
                         unsigned short *sink, long long *cycles) {
  unsigned short x = a;
  TIMED_CHAIN(asm volatile("fma.rn.f16 %0, %0, %1, %2;" : "+h"(x) : "h"(a), "h"(b)));
  *sink = x;
}

// Two adds per step, each depending on the other: a recurrence no compiler
// folds. The host halves the time.
__global__ void lat_int(unsigned a, unsigned b, unsigned *sink,
                        long long *cycles) {
  unsigned x = a, y = b;
  TIMED_CHAIN(asm volatile("add.u32 %0, %0, %1;\n\tadd.u32 %1, %1, %0;" : "+r"(x), "+r"(y)));
  *sink = x ^ y;
}

__global__ void lat_imul(unsigned a, unsigned b, unsigned *sink,
                         long long *cycles) {
  unsigned x = a;
  TIMED_CHAIN(asm volatile("mad.lo.u32 %0, %0, %0, %1;" : "+r"(x) : "r"(b)));
  *sink = x;
}

__global__ void lat_int64(unsigned long long a, unsigned long long b,
                          unsigned long long *sink, long long *cycles) {
  unsigned long long x = a, y = b;
  TIMED_CHAIN(asm volatile("add.u64 %0, %0, %1;\n\tadd.u64 %1, %1, %0;" : "+l"(x), "+l"(y)));
  *sink = x ^ y;
}

// int -> float, a float add, float -> int: ptxas folds a bare round trip
// (measured 0.2 cycles on an H200), the add in between keeps both
// conversions. The host subtracts one fp32 latency and halves the rest.
__global__ void lat_cvt(unsigned a, float b, unsigned *sink,
                        long long *cycles) {
  unsigned x = a;
  float f;
  TIMED_CHAIN(asm volatile("cvt.rn.f32.u32 %1, %0;\n\tadd.f32 %1, %1, %2;\n\tcvt.rzi.u32.f32 %0, %1;" : "+r"(x), "=f"(f) : "f"(b)));
  *sink = x;
}

__global__ void lat_sfu(float a, float *sink, long long *cycles) {
  float x = a;
  TIMED_CHAIN(asm volatile("sin.approx.f32 %0, %0;" : "+f"(x)));
  *sink = x;
}

__global__ void lat_div(float a, float b, float *sink, long long *cycles) {
  float x = a;
  TIMED_CHAIN(asm volatile("div.rn.f32 %0, %1, %0;" : "+f"(x) : "f"(b)));
  *sink = x;
}

// A pointer chase through a 256-entry ring that the first pass brings into
// L1; the second pass is timed.
__global__ void lat_mem(const unsigned *ring, unsigned *sink,
                        long long *cycles) {
  unsigned p = 0;
  for (int i = 0; i < 256; ++i)
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(p) : "l"(ring + p));
  TIMED_CHAIN(asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(p) : "l"(ring + p)));
  *sink = p;
}

// Each atomic's address depends on the previous one's result (zero is 0 at
// run time, which no compiler can know).
__global__ void lat_atomic(unsigned *cell, unsigned zero, unsigned *sink,
                           long long *cycles) {
  unsigned p = 0;
  TIMED_CHAIN(asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(p) : "l"(cell + (p & zero))));
  *sink = p;
}
}
