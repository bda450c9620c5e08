//===- ProfileCollector.cpp - Writing a run's divergence profile ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/ProfileCollector.h"
#include "profile/ProfileCounters.h"
#include "profile/ProfileFileName.h"
#include "profile/ProfileFormat.h"
#include "profile/ProfileMerge.h"
#include "profile/ProfileText.h"

#include <fstream>
#include <set>

namespace divopt::launch {

using namespace divopt::profile;

ProfileCollector &ProfileCollector::get() {
  // Leaked on purpose: the exit hook runs during the process's teardown.
  static ProfileCollector *C = new ProfileCollector();
  return *C;
}

bool ProfileCollector::noteLaunch(const void *Library,
                                  const std::string &Kernel,
                                  const LaunchConfig &Config) {
  std::lock_guard<std::mutex> G(Lock);
  bool First = Launches.empty();
  Count &N = Launches[Library][Kernel][Config];
  N = addCounts(N, 1);
  return First;
}

void ProfileCollector::clear() {
  std::lock_guard<std::mutex> G(Lock);
  Launches.clear();
}

std::vector<std::uint64_t> getCounterWords(const std::string &Bytes) {
  std::vector<std::uint64_t> Words(Bytes.size() / 8);
  for (size_t I = 0; I < Words.size(); ++I)
    for (unsigned B = 0; B < 8; ++B)
      Words[I] |= std::uint64_t(static_cast<unsigned char>(Bytes[8 * I + B]))
                  << (8 * B);
  return Words;
}

Profile ProfileCollector::collect(const ImageOpener &Open,
                                  std::vector<std::string> &Warnings) {
  std::lock_guard<std::mutex> G(Lock);
  Profile P;
  P.Runs = 1;
  for (const auto &[Library, Kernels] : Launches) {
    std::unique_ptr<DeviceImage> Image = Open(Library);
    if (!Image) {
      Warnings.push_back("a library of the program's kernels cannot be read");
      continue;
    }
    std::set<std::string> Read;
    for (const auto &[Kernel, Configs] : Kernels) {
      std::string Bytes, Why;
      DeviceImage::Found F =
          Image->readGlobal(CounterDescriptorPrefix + Kernel, Bytes, Why);
      if (F == DeviceImage::Found::No)
        continue; // Hooked for its launch plan, not instrumented.
      std::vector<CounterFunction> Functions;
      if (F == DeviceImage::Found::Error ||
          !readCounterDescriptor(Bytes, Functions, Why)) {
        Warnings.push_back(Kernel + ": " + Why);
        continue;
      }
      for (const auto &[Config, N] : Configs) {
        Count &Into = P.Launches[Kernel].Configs[Config];
        Into = addCounts(Into, N);
      }
      for (const CounterFunction &CF : Functions) {
        if (!Read.insert(CF.Symbol).second)
          continue;
        std::string Words;
        if (Image->readGlobal(CF.Symbol, Words, Why) !=
            DeviceImage::Found::Yes) {
          Warnings.push_back(CF.Symbol + ": " +
                             (Why.empty() ? "not in the device code" : Why));
          continue;
        }
        if (!addCounterRecords(P, CF, getCounterWords(Words), Why))
          Warnings.push_back(Why);
      }
    }
  }
  return P;
}

bool writeRunProfile(const Profile &P, const char *Variable, std::string &Path,
                     std::vector<std::string> &Warnings, std::string &Why) {
  FileNameContext C = FileNameContext::current();
  if (!getProfileFileName(Variable, C, Path, Why)) {
    Warnings.push_back(Why + "; writing " + DefaultProfileFile);
    Path = DefaultProfileFile;
  }
  Profile Out = P;
  if (std::ifstream(Path).good()) {
    Profile Old;
    std::string Bad;
    if (!readProfileFile(Path, Old, Bad) || !mergeProfile(Old, P, Bad))
      Warnings.push_back(Bad + "; replacing " + Path);
    else
      Out = std::move(Old);
  }
  return writeProfileFile(Path, Out, Why);
}

} // namespace divopt::launch
