//===- PassOptions.cpp - Parse `pass<key=value;flag>` parameters ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PassOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

Error PassOptionParser::error(const Twine &Msg) const {
  return createStringError(inconvertibleErrorCode(),
                           "invalid " + PassName + " parameter: " + Msg);
}

/// The one lexical rule of every DivOpt parameter: parameters are separated
/// by single ';' and hold no white space; a whole number is decimal digits,
/// any other number decimal digits with at most one '.' between digits (no
/// sign, exponent, hex, inf or nan). What a pass prints reads back the same.
static bool isDigits(StringRef S) {
  return !S.empty() && all_of(S, [](char C) { return C >= '0' && C <= '9'; });
}

static bool isDecimal(StringRef S) {
  auto [Whole, Fraction] = S.split('.');
  return isDigits(Whole) && (!S.contains('.') || isDigits(Fraction));
}

std::string formatDecimal(double D) {
  // The fewest decimals that read back as the same double: 1.5, not
  // 1.50000, and never an exponent, which the parser refuses.
  for (int Decimals = 0; Decimals < 40; ++Decimals) {
    std::string S;
    raw_string_ostream(S) << format("%.*f", Decimals, D);
    double Back;
    if (!StringRef(S).getAsDouble(Back) && Back == D)
      return S;
  }
  std::string S;
  raw_string_ostream(S) << format("%.40f", D);
  return S;
}

Error PassOptionParser::forEach(
    function_ref<Error(StringRef, std::optional<StringRef>)> Handle) const {
  if (Params.empty())
    return Error::success();
  SmallVector<StringRef, 4> Items;
  Params.split(Items, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  // A parameter given twice is a mistake whichever one was meant (a pipeline
  // edited in one place, not the other): refuse it rather than silently let
  // the last one win.
  StringMap<StringRef> Seen;
  for (StringRef Item : Items) {
    if (Item.empty())
      return error("empty parameter in '" + Params +
                   "'; separate parameters by a single ';'");
    if (Item.find_first_of(" \t\n\v\f\r") != StringRef::npos)
      return error("'" + Item +
                   "' holds white space; write parameters "
                   "without spaces, as in threshold=1.5;force");
    auto [Key, Value] = Item.split('=');
    if (Key.empty())
      return error("'" + Item + "' has no name");
    auto [It, New] = Seen.try_emplace(Key, Item);
    if (!New)
      return error("'" + Key + "' is given twice ('" + It->second + "' and '" +
                   Item + "'); give it once");
    std::optional<StringRef> V;
    if (Item.contains('='))
      V = Value;
    if (Error E = Handle(Key, V))
      return E;
  }
  return Error::success();
}

Expected<double> PassOptionParser::getDouble(StringRef Key,
                                             std::optional<StringRef> Value,
                                             double Min, double Max) const {
  double D;
  if (!Value || !isDecimal(*Value) || Value->getAsDouble(D))
    return error("'" + Key +
                 "' needs a decimal number (digits, at most one "
                 "'.'), as in " +
                 Key + "=" + formatDecimal(Min));
  if (!(D >= Min && D <= Max))
    return error("'" + Key + "=" + *Value + "' is out of range [" +
                 formatDecimal(Min) + ", " + formatDecimal(Max) + "]");
  return D;
}

Expected<unsigned> PassOptionParser::getUnsigned(StringRef Key,
                                                 std::optional<StringRef> Value,
                                                 unsigned Min,
                                                 unsigned Max) const {
  if (!Value || !isDigits(*Value))
    return error("'" + Key + "' needs a whole number (decimal digits), as in " +
                 Key + "=" + Twine(Min));
  unsigned U;
  if (Value->getAsInteger(10, U) || U < Min || U > Max)
    return error("'" + Key + "=" + *Value + "' is out of range [" + Twine(Min) +
                 ", " + Twine(Max) + "]");
  return U;
}

Error PassOptionParser::checkFlag(StringRef Key,
                                  std::optional<StringRef> Value) const {
  if (Value)
    return error("'" + Key + "' is a flag and takes no value");
  return Error::success();
}

Error PassOptionParser::unknown(StringRef Key, StringRef Allowed) const {
  return error("unknown parameter '" + Key + "'; expected " + Allowed);
}

/// Out takes the value that was read, if it was.
template <typename T> static Error store(T &Out, Expected<T> Read) {
  if (!Read)
    return Read.takeError();
  Out = *Read;
  return Error::success();
}

Error PassOptionParser::set(double &Out, StringRef Key,
                            std::optional<StringRef> Value, double Min,
                            double Max) const {
  return store(Out, getDouble(Key, Value, Min, Max));
}

Error PassOptionParser::set(unsigned &Out, StringRef Key,
                            std::optional<StringRef> Value, unsigned Min,
                            unsigned Max) const {
  return store(Out, getUnsigned(Key, Value, Min, Max));
}

Error PassOptionParser::setFlag(bool &Out, StringRef Key,
                                std::optional<StringRef> Value) const {
  if (Error E = checkFlag(Key, Value))
    return E;
  Out = true;
  return Error::success();
}

Error PassOptionParser::setName(std::string &Out, StringRef Key,
                                std::optional<StringRef> Value, StringRef What,
                                StringRef Example) const {
  if (!Value || Value->empty())
    return error("'" + Key + "' needs " + What + ", as in " + Key + "=" +
                 Example);
  Out = Value->str();
  return Error::success();
}

} // namespace divopt
