// Each thread runs its own small program, as a genetic-programming
// evaluator runs one individual a thread, or a shader graph one material:
// an interpreter loop whose switch on the opcode diverges wherever the
// lanes of a warp run different programs.
//
//   interpreter MIX
//
// MIX: "random" (each thread's program drawn at random) or "warps" (one
// program a warp, each lane on its own input). Prints, for each kernel,
// the median of 25 timed launches (3 warm-ups, CUDA events) and a checksum
// of its output bits. -DINTERPRETER_HAND changes the kernels by hand:
// evaluate's binary opcodes share their operands' loads and their result's
// store (a perfect meld), registers computes every opcode's result and
// selects one (RMad's a * b + in.imm as fmaf, its contraction).
// -DINTERPRETER_STACK=N sizes evaluate's stack (16 entries; where ptxas
// keeps it: bench/results/2026-11-28-h100-interpreter-stack.md).
#include "../common/measure.h"
#ifndef INTERPRETER_STACK
#define INTERPRETER_STACK 16
#endif

enum Op { Push, PushX, Add, Sub, Mul, Div, Sin, Exp, Max, Halt };

struct Instr {
  int op;
  float imm;
};

// A stack machine on postfix code: operands popped from a per-thread
// stack, the result pushed; `sinf` holds the slow path of its range
// reduction (a loop), the other ways none.
__global__ void evaluate(const Instr *programs, int programLength,
                         const float *samples, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const Instr *code = programs + (size_t)i * programLength;
  float x = samples[i];
  float stack[INTERPRETER_STACK];
  int sp = 0;
  for (int pc = 0; pc < programLength; ++pc) {
    Instr in = code[pc];
    if (in.op == Halt)
      break;
#ifndef INTERPRETER_HAND
    switch (in.op) {
    case Push:
      stack[sp++] = in.imm;
      break;
    case PushX:
      stack[sp++] = x;
      break;
    case Add:
      stack[sp - 2] = stack[sp - 2] + stack[sp - 1];
      --sp;
      break;
    case Sub:
      stack[sp - 2] = stack[sp - 2] - stack[sp - 1];
      --sp;
      break;
    case Mul:
      stack[sp - 2] = stack[sp - 2] * stack[sp - 1];
      --sp;
      break;
    case Div: {
      float d = stack[sp - 1];
      stack[sp - 2] = fabsf(d) < 1e-3f ? 1.0f : stack[sp - 2] / d;
      --sp;
      break;
    }
    case Sin:
      stack[sp - 1] = sinf(stack[sp - 1]);
      break;
    case Exp:
      stack[sp - 1] = expf(fminf(stack[sp - 1], 10.0f));
      break;
    case Max:
      stack[sp - 2] = fmaxf(stack[sp - 2], stack[sp - 1]);
      --sp;
      break;
    }
#else
    if (in.op == Push || in.op == PushX) {
      stack[sp++] = in.op == Push ? in.imm : x;
      continue;
    }
    bool unary = in.op == Sin || in.op == Exp;
    float b = stack[sp - 1];
    float a = stack[sp - (unary ? 1 : 2)];
    float r;
    switch (in.op) {
    case Add:
      r = a + b;
      break;
    case Sub:
      r = a - b;
      break;
    case Mul:
      r = a * b;
      break;
    case Div:
      r = fabsf(b) < 1e-3f ? 1.0f : a / b;
      break;
    case Sin:
      r = sinf(a);
      break;
    case Exp:
      r = expf(fminf(a, 10.0f));
      break;
    default:
      r = fmaxf(a, b);
      break;
    }
    sp -= unary ? 0 : 1;
    stack[sp - 1] = r;
#endif
  }
  out[i] = sp > 0 ? stack[sp - 1] : 0.0f;
}

// A register machine: each instruction names its destination and source
// registers (`r[dst] = r[a] op r[b]`), a shader graph's node or a
// particle's update rule.
struct RegInstr {
  unsigned char op, dst, a, b;
  float imm;
};

enum RegOp { Set, RAdd, RSub, RMul, RMad, RMin, RSqrt, RScale };

__global__ void registers(const RegInstr *programs, int programLength,
                          const float *samples, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const RegInstr *code = programs + (size_t)i * programLength;
  float r[8];
  for (int k = 0; k < 8; ++k)
    r[k] = samples[i] + k;
  for (int pc = 0; pc < programLength; ++pc) {
    RegInstr in = code[pc];
    float a = r[in.a], b = r[in.b];
#ifndef INTERPRETER_HAND
    switch (in.op) {
    case Set:
      r[in.dst] = in.imm;
      break;
    case RAdd:
      r[in.dst] = a + b;
      break;
    case RSub:
      r[in.dst] = a - b;
      break;
    case RMul:
      r[in.dst] = a * b;
      break;
    case RMad:
      r[in.dst] = a * b + in.imm;
      break;
    case RMin:
      r[in.dst] = fminf(a, b);
      break;
    case RSqrt:
      r[in.dst] = sqrtf(fabsf(a));
      break;
    case RScale:
      r[in.dst] = a * in.imm;
      break;
    }
#else
    float v0 = in.imm, v1 = a + b, v2 = a - b, v3 = a * b,
          v4 = fmaf(a, b, in.imm), v5 = fminf(a, b), v6 = sqrtf(fabsf(a)),
          v7 = a * in.imm;
    float v = in.op == Set     ? v0
              : in.op == RAdd  ? v1
              : in.op == RSub  ? v2
              : in.op == RMul  ? v3
              : in.op == RMad  ? v4
              : in.op == RMin  ? v5
              : in.op == RSqrt ? v6
                               : v7;
    if (in.op < 8)
      r[in.dst] = v;
#endif
  }
  out[i] = r[0] + r[1];
}

static const int N = 1 << 19, StackLength = 32, RegLength = 48;

// A random postfix program of at most Length instructions that leaves one
// value on a stack of at most 16, then Halt where it is shorter.
static void stackProgram(Lcg &R, Instr *Code, int Length) {
  int Depth = 0, Pc = 0;
  int Size = Length / 2 + int(R.uniform() * (Length / 2));
  while (Pc < Size - Depth + 1 || Depth > 1) {
    float U = R.uniform();
    bool CanPush = Depth < 16 && Pc + Depth + 1 < Size;
    if (Depth < 1 || (CanPush && Depth < 2) || (CanPush && U < 0.35f)) {
      Code[Pc++] = R.uniform() < 0.5f ? Instr{PushX, 0.0f}
                                      : Instr{Push, 4.0f * R.uniform() - 2.0f};
      ++Depth;
    } else if (U < 0.5f) {
      Code[Pc++] = {R.uniform() < 0.5f ? Sin : Exp, 0.0f};
    } else if (Depth >= 2) {
      const Op Binary[5] = {Add, Sub, Mul, Div, Max};
      Code[Pc++] = {Binary[int(R.uniform() * 5.0f)], 0.0f};
      --Depth;
    } else {
      Code[Pc++] = {Sin, 0.0f};
    }
    if (Pc >= Length - 1)
      break;
  }
  for (; Pc < Length; ++Pc)
    Code[Pc] = {Halt, 0.0f};
}

static void registerProgram(Lcg &R, RegInstr *Code, int Length) {
  for (int Pc = 0; Pc < Length; ++Pc) {
    auto Reg = [&] { return (unsigned char)(R.uniform() * 8.0f); };
    Code[Pc] = {(unsigned char)(R.uniform() * 8.0f), Reg(), Reg(), Reg(),
                0.5f * R.uniform() - 0.25f};
  }
}

int main(int argc, char **argv) {
  bool Warps = argc > 1 && !strcmp(argv[1], "warps");
  Lcg R{11};
  std::vector<Instr> Stack((size_t)N * StackLength);
  std::vector<RegInstr> Regs((size_t)N * RegLength);
  std::vector<float> Samples(N);
  for (int I = 0; I < N; ++I) {
    Samples[I] = 2.0f * R.uniform() - 1.0f;
    // With "warps", each lane runs its warp's first program.
    if (Warps && I % 32) {
      std::copy_n(&Stack[(size_t)(I - I % 32) * StackLength], StackLength,
                  &Stack[(size_t)I * StackLength]);
      std::copy_n(&Regs[(size_t)(I - I % 32) * RegLength], RegLength,
                  &Regs[(size_t)I * RegLength]);
      continue;
    }
    stackProgram(R, &Stack[(size_t)I * StackLength], StackLength);
    registerProgram(R, &Regs[(size_t)I * RegLength], RegLength);
  }
  Instr *DStack = toDevice(Stack);
  RegInstr *DRegs = toDevice(Regs);
  float *DSamples = toDevice(Samples), *DOut;
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  float Evaluate = medianMs([&] {
    evaluate<<<N / 256, 256>>>(DStack, StackLength, DSamples, DOut, N);
  });
  uint64_t SumEvaluate = checksumBits(DOut, N);
  float Registers = medianMs([&] {
    registers<<<N / 256, 256>>>(DRegs, RegLength, DSamples, DOut, N);
  });
  uint64_t SumRegisters = checksumBits(DOut, N);
  printf("evaluate %.4f ms %016llx registers %.4f ms %016llx\n", Evaluate,
         (unsigned long long)SumEvaluate, Registers,
         (unsigned long long)SumRegisters);
  return 0;
}
