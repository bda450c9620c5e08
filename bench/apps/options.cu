// European option pricing the way the CUDA samples' Black-Scholes is
// written, with the option's kind read per option: calls and puts of one
// book in one array, priced by one kernel.
//
//   options MIX
//
// MIX: random (each option's kind drawn at random), grouped (the book
// sorted by kind: every warp prices one kind), calls (nine in ten calls,
// drawn at random). Prints, for each kernel (vanilla: calls and puts by an
// if/else; kinds: a switch over calls, puts and their digital (cash or
// nothing) versions), the median of 25 timed launches (after 3 warm-ups,
// CUDA events) and a checksum of its output bits.
#include "../common/measure.h"

#include <string>

enum Kind { Call, Put, DigitalCall, DigitalPut };

// The cumulative normal distribution's polynomial approximation
// (Abramowitz and Stegun 26.2.17), as the samples write it.
__device__ float cnd(float D) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f,
              A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSqrt2Pi = 0.39894228040143267793994605993438f;
  float K = 1.0f / (1.0f + 0.2316419f * fabsf(D));
  float C = RSqrt2Pi * expf(-0.5f * D * D) *
            (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (D > 0)
    C = 1.0f - C;
  return C;
}

struct Market {
  float Rate, Volatility;
};

__global__ void vanilla(const int *Kinds, const float *Spot,
                        const float *Strike, const float *Years, float *Out,
                        Market M, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float S = Spot[I], X = Strike[I], T = Years[I];
  float SqrtT = sqrtf(T);
  float D1 = (logf(S / X) + (M.Rate + 0.5f * M.Volatility * M.Volatility) * T) /
             (M.Volatility * SqrtT);
  float D2 = D1 - M.Volatility * SqrtT;
  float Discount = expf(-M.Rate * T);
  if (Kinds[I] == Call)
    Out[I] = S * cnd(D1) - X * Discount * cnd(D2);
  else
    Out[I] = X * Discount * cnd(-D2) - S * cnd(-D1);
}

__global__ void kinds(const int *Kinds, const float *Spot, const float *Strike,
                      const float *Years, float *Out, Market M, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float S = Spot[I], X = Strike[I], T = Years[I];
  float SqrtT = sqrtf(T);
  float D1 = (logf(S / X) + (M.Rate + 0.5f * M.Volatility * M.Volatility) * T) /
             (M.Volatility * SqrtT);
  float D2 = D1 - M.Volatility * SqrtT;
  float Discount = expf(-M.Rate * T);
  float Price;
  switch (Kinds[I]) {
  case Call:
    Price = S * cnd(D1) - X * Discount * cnd(D2);
    break;
  case Put:
    Price = X * Discount * cnd(-D2) - S * cnd(-D1);
    break;
  case DigitalCall:
    Price = Discount * cnd(D2);
    break;
  default:
    Price = Discount * cnd(-D2);
    break;
  }
  Out[I] = Price;
}

constexpr int N = 1 << 24;

int main(int Argc, char **Argv) {
  std::string Mix = Argc > 1 ? Argv[1] : "random";
  if (Mix != "random" && Mix != "grouped" && Mix != "calls") {
    fprintf(stderr, "usage: options [random|grouped|calls]\n");
    return 1;
  }
  Lcg R{41};
  std::vector<int> Vanilla(N), Any(N);
  std::vector<float> Spot(N), Strike(N), Years(N);
  for (int I = 0; I < N; ++I) {
    Spot[I] = 5.0f + 25.0f * R.uniform();
    Strike[I] = 1.0f + 99.0f * R.uniform();
    Years[I] = 0.25f + 9.75f * R.uniform();
    if (Mix == "grouped") {
      Vanilla[I] = I < N / 2 ? Call : Put;
      Any[I] = I / (N / 4);
    } else if (Mix == "calls") {
      Vanilla[I] = R.uniform() < 0.9f ? Call : Put;
      Any[I] = R.uniform() < 0.9f ? Call : 1 + R.next() % 3;
    } else {
      Vanilla[I] = R.next() % 2;
      Any[I] = R.next() % 4;
    }
  }
  int *DVanilla = toDevice(Vanilla), *DAny = toDevice(Any);
  float *DSpot = toDevice(Spot), *DStrike = toDevice(Strike),
        *DYears = toDevice(Years), *DOut;
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  Market M{0.02f, 0.30f};
  float Ms = medianMs([&] {
    vanilla<<<N / 256, 256>>>(DVanilla, DSpot, DStrike, DYears, DOut, M, N);
  });
  printf("vanilla %.4f ms %016llx ", Ms,
         (unsigned long long)checksumBits(DOut, N));
  Ms = medianMs([&] {
    kinds<<<N / 256, 256>>>(DAny, DSpot, DStrike, DYears, DOut, M, N);
  });
  printf("kinds %.4f ms %016llx\n", Ms,
         (unsigned long long)checksumBits(DOut, N));
  return 0;
}
