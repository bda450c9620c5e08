//===- ProfileFileName.cpp - Where a profiled run writes its profile ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileFileName.h"

#include "profile/ProfileFormat.h"

#include <climits>
#include <cstdlib>

#include <unistd.h>

namespace divopt::profile {

FileNameContext FileNameContext::current() {
  FileNameContext C;
  C.ProcessId = static_cast<long long>(::getpid());
  char Host[HOST_NAME_MAX + 1] = {};
  if (::gethostname(Host, sizeof(Host) - 1) == 0)
    C.HostName = Host;
  else
    C.HostName = "localhost";
  const char *Tmp = std::getenv("TMPDIR");
  C.TemporaryDirectory = Tmp && *Tmp ? Tmp : "/tmp";
  return C;
}

bool expandProfileFileName(std::string_view Pattern, const FileNameContext &C,
                           std::string &Path, std::string &Why) {
  std::string Out;
  for (size_t I = 0; I < Pattern.size(); ++I) {
    if (Pattern[I] != '%') {
      Out += Pattern[I];
      continue;
    }
    if (I + 1 == Pattern.size()) {
      Why = std::string(ProfileFileVariable) + "='" + std::string(Pattern) +
            "' ends with a lone '%' (%% is a '%')";
      return false;
    }
    switch (char S = Pattern[++I]) {
    case 'p':
      Out += std::to_string(C.ProcessId);
      break;
    case 'h':
      Out += C.HostName;
      break;
    case 't':
      Out += C.TemporaryDirectory;
      break;
    case '%':
      Out += '%';
      break;
    default:
      Why = std::string(ProfileFileVariable) + "='" + std::string(Pattern) +
            "': unknown specifier '%" + S +
            "' (known: %p process id, %h host name, %t $TMPDIR, %% a '%')";
      return false;
    }
  }
  Path = std::move(Out);
  return true;
}

bool getProfileFileName(const char *Variable, const FileNameContext &C,
                        std::string &Path, std::string &Why) {
  if (!Variable || !*Variable) {
    Path = DefaultProfileFile;
    return true;
  }
  return expandProfileFileName(Variable, C, Path, Why);
}

} // namespace divopt::profile
