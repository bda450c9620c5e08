// Runs trips-kernels.ll's kernels on the host under lli (trips-run.test),
// each lane a thread block of its own, and prints every lane's output
// and every counter word:
//   plain|exact|sampled PERIOD
// plain: the uninstrumented kernels (outputs only); exact: counted on
// every trip, each count word printed times PERIOD (minima and maxima
// as they are); sampled: trips counted two in PERIOD, each kernel run
// once at every phase, the words as they add up. A trip is counted at
// two phases in PERIOD and scaled by PERIOD / 2 (a pair: at one, by
// PERIOD), so the sampled words equal the exact ones: the estimate is
// unbiased. Outputs must not depend on the phase.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { Lanes = 24 };

extern uint32_t emu_block, emu_clock;
typedef void Kernel(int *Out, const int *In);
extern Kernel walk, search, nested, switchy, twoentries, chained, helped;

#define COUNTERS(K) extern uint64_t __divopt_prof_c_##K[] __attribute__((weak));
COUNTERS(walk)
COUNTERS(search)
COUNTERS(nested)
COUNTERS(switchy)
COUNTERS(twoentries)
COUNTERS(chained)
COUNTERS(collatz)
extern const char __divopt_prof_d_walk[] __attribute__((weak));

struct Run {
  const char *Name;
  Kernel *Fn;
};
struct Counters {
  const char *Function;
  uint64_t *Words;
};

static void makeInput(const char *Name, int *In) {
  for (int I = 0; I < Lanes; ++I) {
    if (!strcmp(Name, "walk"))
      In[I] = I % 7;
    else if (!strcmp(Name, "search"))
      In[I] = (int)((uint32_t)I * 2654435761u + 17u);
    else if (!strcmp(Name, "nested"))
      In[I] = I % 5;
    else if (!strcmp(Name, "helped"))
      In[I] = 7 * I + 3;
    else
      In[I] = I % 6;
  }
}

// The clock at which an entry draws Phase: the instrumentation's phase is
// the top log2(Period) bits of clock * 0x9e3779b9 (%warpid is 0 here).
static uint32_t clockFor(unsigned Phase, unsigned Period) {
  uint32_t A = 0x9e3779b9u, Inverse = A;
  for (int I = 0; I < 5; ++I)
    Inverse *= 2u - A * Inverse;
  unsigned Bits = 0;
  while ((1u << Bits) < Period)
    ++Bits;
  return ((uint32_t)Phase << (32 - Bits)) * Inverse;
}

static struct Counters Arrays[] = {{"walk", __divopt_prof_c_walk},
                                   {"search", __divopt_prof_c_search},
                                   {"nested", __divopt_prof_c_nested},
                                   {"switchy", __divopt_prof_c_switchy},
                                   {"twoentries", __divopt_prof_c_twoentries},
                                   {"chained", __divopt_prof_c_chained},
                                   {"collatz", __divopt_prof_c_collatz}};

static uint64_t *findCounters(const char *Symbol) {
  for (unsigned I = 0; I < sizeof(Arrays) / sizeof(Arrays[0]); ++I)
    if (!strcmp(Symbol + strlen("__divopt_prof_c_"), Arrays[I].Function))
      return Arrays[I].Words;
  return NULL;
}

// Prints the words the descriptor names: "word <function> <index> <v>".
static void printWords(int Scale) {
  const char *Line = __divopt_prof_d_walk;
  uint64_t *Words = NULL;
  char Function[128] = "";
  unsigned Next = 0;
  while (Line && *Line) {
    char Kind[16], Symbol[128];
    unsigned Index, Ways;
    if (sscanf(Line, "function %127s", Symbol) == 1) {
      Words = findCounters(Symbol);
      strcpy(Function, Symbol);
      Next = 0;
    } else if (sscanf(Line, "%15s %u %u", Kind, &Index, &Ways) >= 2 && Words) {
      int IsLoop = !strcmp(Kind, "loop");
      unsigned Count = IsLoop ? 7 : 4 + 3 * Ways;
      for (unsigned W = 0; W < Count; ++W, ++Next) {
        uint64_t V = Words[Next];
        // A loop's spread minimum and maximum are not counts.
        if (!(IsLoop && W >= 5))
          V *= (uint64_t)Scale;
        printf("word %s %u %llu\n", Function, Next, (unsigned long long)V);
      }
    }
    const char *End = strchr(Line, '\n');
    Line = End ? End + 1 : NULL;
  }
}

int main(int Argc, char **Argv) {
  if (Argc != 3)
    return 2;
  const char *Mode = Argv[1];
  unsigned Period = (unsigned)atoi(Argv[2]);
  unsigned Phases = !strcmp(Mode, "sampled") ? Period : 1;
  struct Run Runs[] = {
      {"walk", walk},       {"search", search},         {"nested", nested},
      {"switchy", switchy}, {"twoentries", twoentries}, {"chained", chained},
      {"helped", helped}};
  int N = sizeof(Runs) / sizeof(Runs[0]);
  unsigned Launches = 0;
  for (int K = 0; K < N; ++K) {
    int In[Lanes], Out[Lanes], First[Lanes];
    makeInput(Runs[K].Name, In);
    for (unsigned Phase = 0; Phase < Phases; ++Phase) {
      emu_clock = clockFor(Phase, Period);
      for (int Lane = 0; Lane < Lanes; ++Lane) {
        emu_block = (uint32_t)Lane;
        Runs[K].Fn(Out, In);
        ++Launches;
      }
      if (Phase == 0)
        memcpy(First, Out, sizeof(Out));
      else if (memcmp(First, Out, sizeof(Out)))
        printf("%s: the outputs at phase %u differ\n", Runs[K].Name, Phase);
    }
    for (int Lane = 0; Lane < Lanes; ++Lane)
      printf("out %s %d %d\n", Runs[K].Name, Lane, First[Lane]);
  }
  fprintf(stderr, "launches %u\n", Launches);
  if (strcmp(Mode, "plain"))
    printWords(!strcmp(Mode, "exact") ? (int)Period : 1);
  return 0;
}
