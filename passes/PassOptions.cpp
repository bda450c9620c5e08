//===- PassOptions.cpp - Parse `pass<key=value;flag>` parameters ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PassOptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

static std::string str(double D) {
  std::string S;
  raw_string_ostream(S) << format("%g", D);
  return S;
}

Error PassOptionParser::error(const Twine &Msg) const {
  return createStringError(inconvertibleErrorCode(),
                           "invalid " + PassName + " parameter: " + Msg);
}

Error PassOptionParser::forEach(
    function_ref<Error(StringRef, std::optional<StringRef>)> Handle) const {
  SmallVector<StringRef, 4> Items;
  Params.split(Items, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  // A parameter given twice is a mistake whichever one was meant (a pipeline
  // edited in one place, not the other): refuse it rather than silently let
  // the last one win.
  StringMap<StringRef> Seen;
  for (StringRef Item : Items) {
    Item = Item.trim();
    auto [Key, Value] = Item.split('=');
    Key = Key.trim();
    if (Key.empty())
      return error("'" + Item + "' has no name");
    auto [It, New] = Seen.try_emplace(Key, Item);
    if (!New)
      return error("'" + Key + "' is given twice ('" + It->second + "' and '" +
                   Item + "'); give it once");
    std::optional<StringRef> V;
    if (Item.contains('='))
      V = Value.trim();
    if (Error E = Handle(Key, V))
      return E;
  }
  return Error::success();
}

Expected<double> PassOptionParser::getDouble(StringRef Key,
                                             std::optional<StringRef> Value,
                                             double Min, double Max) const {
  double D;
  if (!Value || Value->getAsDouble(D))
    return error("'" + Key + "' needs a number, as in " + Key + "=" + str(Min));
  if (!(D >= Min && D <= Max))
    return error("'" + Key + "=" + *Value + "' is out of range [" + str(Min) +
                 ", " + str(Max) + "]");
  return D;
}

Expected<unsigned> PassOptionParser::getUnsigned(StringRef Key,
                                                 std::optional<StringRef> Value,
                                                 unsigned Min,
                                                 unsigned Max) const {
  unsigned U;
  if (!Value || Value->getAsInteger(10, U))
    return error("'" + Key + "' needs a whole number, as in " + Key + "=" +
                 Twine(Min));
  if (U < Min || U > Max)
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
