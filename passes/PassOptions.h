//===- PassOptions.h - Parse `pass<key=value;flag>` parameters --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every DivOpt pass takes its parameters in the new pass manager's syntax,
// `name<key=value;flag;...>`; a typo, an unknown key or an out-of-range
// value is an error that names the pass, the key and what is allowed.
// One lexical rule for all: parameters are separated by single ';' and hold
// no white space; numbers are decimal digits with at most one '.' (no sign,
// exponent or hex). A key given twice is an error.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_PASSOPTIONS_H
#define DIVOPT_PASSES_PASSOPTIONS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace divopt {

/// D in the parameters' syntax (decimal digits, at most one '.'), with the
/// fewest decimals that read back as D: what printPipeline writes.
std::string formatDecimal(double D);

class PassOptionParser {
public:
  PassOptionParser(llvm::StringRef PassName, llvm::StringRef Params)
      : PassName(PassName), Params(Params) {}

  /// Calls Handle for each `key` or `key=value`, in order, stopping at the
  /// first error.
  llvm::Error
  forEach(llvm::function_ref<llvm::Error(llvm::StringRef Key,
                                         std::optional<llvm::StringRef> Value)>
              Handle) const;

  llvm::Expected<double> getDouble(llvm::StringRef Key,
                                   std::optional<llvm::StringRef> Value,
                                   double Min, double Max) const;
  llvm::Expected<unsigned> getUnsigned(llvm::StringRef Key,
                                       std::optional<llvm::StringRef> Value,
                                       unsigned Min, unsigned Max) const;
  /// A flag takes no value.
  llvm::Error checkFlag(llvm::StringRef Key,
                        std::optional<llvm::StringRef> Value) const;
  llvm::Error unknown(llvm::StringRef Key, llvm::StringRef Allowed) const;

  /// getDouble, getUnsigned and checkFlag, storing what they read in Out.
  llvm::Error set(double &Out, llvm::StringRef Key,
                  std::optional<llvm::StringRef> Value, double Min,
                  double Max) const;
  llvm::Error set(unsigned &Out, llvm::StringRef Key,
                  std::optional<llvm::StringRef> Value, unsigned Min,
                  unsigned Max) const;
  llvm::Error setFlag(bool &Out, llvm::StringRef Key,
                      std::optional<llvm::StringRef> Value) const;
  /// A value that must not be empty; What names it in the error ("a kernel
  /// name"), Example shows one.
  llvm::Error setName(std::string &Out, llvm::StringRef Key,
                      std::optional<llvm::StringRef> Value,
                      llvm::StringRef What, llvm::StringRef Example) const;

private:
  llvm::Error error(const llvm::Twine &Msg) const;

  llvm::StringRef PassName;
  llvm::StringRef Params;
};

} // namespace divopt

#endif // DIVOPT_PASSES_PASSOPTIONS_H
