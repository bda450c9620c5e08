// Checks scripts/fuzz/host/HalfFloat.h against the host compiler's
// _Float16, whose conversions round once, to nearest even: every half
// converts to the same float and back to itself; doubles and floats
// across the half range (subnormals, ties, overflow) round to the same
// bits; products of halves (exact in float) round alike. Prints the
// number of disagreements and exits 1 if there is any.
#include "HalfFloat.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

using namespace fuzzhost;

static std::uint16_t bitsOf(_Float16 H) {
  std::uint16_t B;
  std::memcpy(&B, &H, 2);
  return B;
}
static _Float16 halfOf(std::uint16_t B) {
  _Float16 H;
  std::memcpy(&H, &B, 2);
  return H;
}

int main() {
  unsigned Bad = 0, Checked = 0;
  auto Expect = [&](bool Ok, const char *What, double X) {
    ++Checked;
    if (!Ok && ++Bad <= 10)
      std::printf("mismatch: %s at %a\n", What, X);
  };
  for (unsigned B = 0; B < 65536; ++B) {
    if ((B & 0x7c00u) == 0x7c00u && (B & 0x3ffu))
      continue; // NaN: PTX gives its canonical one, 0x7fff.
    float F = halfToFloat(std::uint16_t(B));
    Expect(F == float(halfOf(std::uint16_t(B))) &&
               std::signbit(F) == bool(B & 0x8000u),
           "halfToFloat", F);
    Expect(roundToHalf(F) == B, "round trip", F);
  }
  std::mt19937_64 Rng(18);
  std::uniform_real_distribution<double> Exp(-27.0, 17.0);
  for (int I = 0; I < 1000000; ++I) {
    double X = std::exp2(Exp(Rng)) * (Rng() & 1 ? -1 : 1);
    volatile double VX = X;
    Expect(roundToHalf(X) == bitsOf(_Float16(VX)), "double", X);
    float F = float(X);
    volatile float VF = F;
    Expect(roundToHalf(F) == bitsOf(_Float16(VF)), "float", F);
  }
  // Ties: 1 + 2^-11 and 1 + 3 * 2^-11 go to the even neighbour, 65520 to
  // infinity, 2^-25 to zero and 3 * 2^-25 to 2^-23.
  Expect(roundToHalf(1.0 + 0x1p-11) == 0x3c00, "tie", 1.0 + 0x1p-11);
  Expect(roundToHalf(1.0 + 0x3p-11) == 0x3c02, "tie", 1.0 + 0x3p-11);
  Expect(roundToHalf(65520.0) == 0x7c00, "overflow", 65520.0);
  Expect(roundToHalf(0x1p-25) == 0, "tie", 0x1p-25);
  Expect(roundToHalf(0x3p-25) == 2, "tie", 0x3p-25);
  std::uniform_int_distribution<unsigned> Half(0, 0x7bff);
  for (int I = 0; I < 200000; ++I) {
    std::uint16_t A = std::uint16_t(Half(Rng) | (Rng() & 0x8000u));
    std::uint16_t B = std::uint16_t(Half(Rng) | (Rng() & 0x8000u));
    volatile float P = float(halfOf(A)) * float(halfOf(B));
    Expect(mulHalf(A, B) == bitsOf(_Float16(P)), "mul", P);
  }
  std::printf("%u of %u checks disagree\n", Bad, Checked);
  return Bad != 0;
}
