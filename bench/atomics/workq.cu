// Atomics in the two arms of a divergent branch, as application code
// writes them: a work list filled from both ends (ECL-CC's topL / topH,
// BFS frontiers) with its counters named, in a parameter struct passed by
// value and in a struct in device memory, and one counter bumped by
// different amounts. Each kernel's atomics run on warp-uniform addresses,
// which ptxas serves once a warp; melded with their addresses selected they
// would run once a lane.
//
//   workq [SPLIT]   SPLIT: the percentage of items that go to the low list
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and checks the result: every item in exactly one
// place, the counters' final values exact.
#include "../common/measure.h"

__device__ int topLow, topHigh;
__device__ unsigned long long weightSum;

// Items of small degree go to the low end of the list, the others to the
// high end.
__global__ void fillWorkList(const int *degree, int *list, int n, int split) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  int slot;
  if (degree[v] <= split)
    slot = atomicAdd(&topLow, 1);
  else
    slot = atomicAdd(&topHigh, -1);
  list[slot] = v;
}

// The same, with the list's counters reached through a parameter struct
// passed by value, as most application code passes them.
struct WorkList {
  int *Low, *High, *Items;
};

__global__ void fillByValue(const int *degree, WorkList wl, int n, int split) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  int slot;
  if (degree[v] <= split)
    slot = atomicAdd(wl.Low, 1);
  else
    slot = atomicAdd(wl.High, -1);
  wl.Items[slot] = v;
}

// And through a pointer to the struct in device memory.
__global__ void fillByPointer(const int *degree, const WorkList *wl, int n,
                              int split) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  int slot;
  if (degree[v] <= split)
    slot = atomicAdd(wl->Low, 1);
  else
    slot = atomicAdd(wl->High, -1);
  wl->Items[slot] = v;
}

// One counter, bumped by 1 or by 3.
__global__ void weighItems(const int *degree, int n, int split) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  if (degree[v] <= split)
    atomicAdd(&weightSum, 1ull);
  else
    atomicAdd(&weightSum, 3ull);
}

static int N = 1 << 24;

static void resetTops() {
  int Lo = 0, Hi = N - 1;
  CHECK(cudaMemcpyToSymbol(topLow, &Lo, sizeof Lo));
  CHECK(cudaMemcpyToSymbol(topHigh, &Hi, sizeof Hi));
}

static void resetSum() {
  unsigned long long Zero = 0;
  CHECK(cudaMemcpyToSymbol(weightSum, &Zero, sizeof Zero));
}

// Whether the list holds every item once, the low ones first, and the
// counters met where the low items end.
static bool listIsRight(const int *DList, const std::vector<int> &Degree,
                        int Split, long Low) {
  std::vector<int> List(N);
  CHECK(
      cudaMemcpy(List.data(), DList, N * sizeof(int), cudaMemcpyDeviceToHost));
  int Lo, Hi;
  CHECK(cudaMemcpyFromSymbol(&Lo, topLow, sizeof Lo));
  CHECK(cudaMemcpyFromSymbol(&Hi, topHigh, sizeof Hi));
  bool Ok = Lo == Low && Hi == Low - 1;
  for (int I = 0; I < N && Ok; ++I)
    Ok = (Degree[List[I]] <= Split) == (I < Low);
  std::sort(List.begin(), List.end());
  for (int I = 0; I < N && Ok; ++I)
    Ok = List[I] == I;
  return Ok;
}

int main(int argc, char **argv) {
  int Split = argc > 1 ? atoi(argv[1]) : 50;
  std::vector<int> Degree(N);
  Lcg R{12345};
  long Low = 0;
  for (int &D : Degree) {
    D = (R.next() >> 8) % 100;
    Low += D <= Split;
  }
  int *DDegree, *DList;
  CHECK(cudaMalloc(&DDegree, N * sizeof(int)));
  CHECK(cudaMalloc(&DList, N * sizeof(int)));
  CHECK(cudaMemcpy(DDegree, Degree.data(), N * sizeof(int),
                   cudaMemcpyHostToDevice));
  WorkList WL;
  CHECK(cudaGetSymbolAddress((void **)&WL.Low, topLow));
  CHECK(cudaGetSymbolAddress((void **)&WL.High, topHigh));
  WL.Items = DList;
  WorkList *DWL;
  CHECK(cudaMalloc(&DWL, sizeof WL));
  CHECK(cudaMemcpy(DWL, &WL, sizeof WL, cudaMemcpyHostToDevice));
  int Blocks = N / 256;
  bool Ok = true;
  float Fill =
      medianMs([&] { fillWorkList<<<Blocks, 256>>>(DDegree, DList, N, Split); },
               resetTops);
  Ok &= listIsRight(DList, Degree, Split, Low);
  float ByValue = medianMs(
      [&] { fillByValue<<<Blocks, 256>>>(DDegree, WL, N, Split); }, resetTops);
  Ok &= listIsRight(DList, Degree, Split, Low);
  float ByPointer =
      medianMs([&] { fillByPointer<<<Blocks, 256>>>(DDegree, DWL, N, Split); },
               resetTops);
  Ok &= listIsRight(DList, Degree, Split, Low);
  float Weigh = medianMs(
      [&] { weighItems<<<Blocks, 256>>>(DDegree, N, Split); }, resetSum);
  unsigned long long Sum;
  CHECK(cudaMemcpyFromSymbol(&Sum, weightSum, sizeof Sum));
  Ok &= Sum == Low + 3ull * (N - Low);
  printf("split=%d fillWorkList %.4f ms fillByValue %.4f ms fillByPointer "
         "%.4f ms weighItems %.4f ms %s\n",
         Split, Fill, ByValue, ByPointer, Weigh, Ok ? "ok" : "WRONG");
  return Ok ? 0 : 1;
}
