//===- Checks.cpp - Statistical checks of MCML results --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include <cmath>
#include <cstdio>

namespace divopt::mcml {

CheckResult checkAgreement(const std::string &What, const Estimate &Measured,
                           const Estimate &Expected, double Slack) {
  double Diff = std::fabs(Measured.Value - Expected.Value);
  double Se = std::sqrt(Measured.StdErr * Measured.StdErr +
                        Expected.StdErr * Expected.StdErr);
  CheckResult R;
  double Excess = Diff > Slack ? Diff - Slack : 0.0;
  R.Sigmas = Se > 0 ? Excess / Se : (Excess > 0 ? INFINITY : 0.0);
  R.Pass = R.Sigmas <= AgreementSigmas;
  char Buf[200];
  std::snprintf(Buf, sizeof Buf, "%s %.6f vs %.6f (se %.2g): %.2f sigma (%s)",
                What.c_str(), Measured.Value, Expected.Value, Se, R.Sigmas,
                R.Pass ? "ok" : "FAIL");
  R.Text = Buf;
  return R;
}

} // namespace divopt::mcml
