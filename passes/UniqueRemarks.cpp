//===- UniqueRemarks.cpp - Each distinct remark on a function once --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "UniqueRemarks.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

bool UniqueRemarks::isNew(const DiagnosticInfoOptimizationBase &R) {
  if (!R.isLocationAvailable())
    return true;
  std::string Key;
  raw_string_ostream OS(Key);
  OS << unsigned(R.getKind()) << '\0' << R.getPassName() << '\0'
     << R.getRemarkName() << '\0' << R.getLocationStr() << '\0' << R.getMsg();
  return Seen.insert(Key).second;
}

} // namespace divopt
