// Host driver of advance-variants-run.ll: runs each kernel one lane at a
// time (@lane stands for the thread index) and prints every word a lane
// may write, so that two builds of the kernels can be compared with diff.
#include <stdio.h>
#include <string.h>

#define AS1 __attribute__((address_space(1)))

unsigned lane;
void alternate(AS1 unsigned *Seeds, AS1 float *Out, int N);
void then_only(AS1 float *In, AS1 float *Out, int N);
void else_only(AS1 float *In, AS1 float *Out, int N);
void carried_direction(AS1 float *In, AS1 float *Out, int N);
void ring_slot(AS1 unsigned *Seeds, AS1 float *Out, int N);

static unsigned Seeds[64];
static float In[128], Out[128];

static void reset(void) {
  for (int K = 0; K < 64; ++K)
    Seeds[K] = K * 2654435761u + 12345u;
  for (int K = 0; K < 128; ++K)
    In[K] = (float)((K * 37) % 19 - 9) * 0.7f;
  memset(Out, 0, sizeof(Out));
}

static void print(const char *Name, int N) {
  unsigned W[4];
  memcpy(W, &Out[lane], 3 * sizeof(float));
  W[3] = Seeds[lane];
  printf("%s n=%d lane=%u %08x %08x %08x %08x\n", Name, N, lane, W[0], W[1],
         W[2], W[3]);
}

int main(void) {
  static const int Trips[] = {0, 1, 2, 3, 7, 16};
  int Runs = 0;
  for (int T = 0; T < 6; ++T)
    for (lane = 0; lane < 40; ++lane) {
      int N = Trips[T];
      reset();
      alternate((AS1 unsigned *)Seeds, (AS1 float *)Out, N);
      print("alternate", N);
      reset();
      then_only((AS1 float *)In, (AS1 float *)Out, N);
      print("then_only", N);
      reset();
      else_only((AS1 float *)In, (AS1 float *)Out, N);
      print("else_only", N);
      reset();
      carried_direction((AS1 float *)In, (AS1 float *)Out, N);
      print("carried_direction", N);
      reset();
      ring_slot((AS1 unsigned *)Seeds, (AS1 float *)Out, N);
      print("ring_slot", N);
      Runs += 5;
    }
  printf("runs %d\n", Runs);
  return 0;
}
