// Not a pass plugin: a shared library whose load-time constructor commits
// the fault $DIVOPT_TEST_FAULT names, as a bug in DivOpt would, so that
// sanitizer-report-fails.test can show a sanitizer report fails a test.
#include <climits>
#include <cstdlib>
#include <cstring>

namespace {

// volatile: the compiler must not see the fault coming and fold it away.
volatile int Index = 4;
volatile int Big = INT_MAX;

__attribute__((constructor)) void commitFault() {
  const char *Fault = std::getenv("DIVOPT_TEST_FAULT");
  if (!Fault)
    return;
  if (!std::strcmp(Fault, "heap-overflow")) {
    int *A = new int[4];
    A[Index] = 1;
    delete[] A;
  } else if (!std::strcmp(Fault, "signed-overflow")) {
    Big = Big + Index;
  }
}

} // namespace
