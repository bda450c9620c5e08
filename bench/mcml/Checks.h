//===- Checks.h - Statistical checks of MCML results ------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Monte Carlo results are checked the way they vary: two estimates of the
// same quantity agree when they differ by at most K standard errors of
// their difference. K = 4 keeps a correct program's chance of failing one
// of the dozen checks of a bench run near 1e-3.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_CHECKS_H
#define DIVOPT_BENCH_MCML_CHECKS_H

#include <string>

namespace divopt::mcml {

constexpr double AgreementSigmas = 4.0;

struct Estimate {
  double Value = 0;
  double StdErr = 0; ///< 0 for an exact value.
};

struct CheckResult {
  bool Pass = false;
  double Sigmas = 0; ///< |difference| over its standard error.
  std::string Text;  ///< "Rd 0.09741 vs 0.09739: 0.6 sigma (ok)".
};

/// Whether Measured agrees with Expected within AgreementSigmas standard
/// errors of the difference; Slack (e.g. the rounding of a printed value)
/// is allowed on top.
CheckResult checkAgreement(const std::string &What, const Estimate &Measured,
                           const Estimate &Expected, double Slack = 0);

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_CHECKS_H
