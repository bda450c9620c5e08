// Rays against a bounding volume hierarchy of spheres, the way a ray
// tracer's first CUDA port walks it: one ray a thread, a stack of node
// indices in a local array, helpers that return early when a ray misses.
// Inner nodes push their children (the nearer one last, so it is popped
// first) and leaves test their spheres, so within a warp some lanes are
// at leaves while others are at inner nodes.
//
//   raytrace
//
// Prints, for each kernel (closest: the nearest sphere along each ray;
// shadow: whether anything lies along a ray, stopping at the first hit),
// the median of 25 timed launches (after 3 warm-ups, CUDA events) and a
// checksum of its output bits.
#include "../common/measure.h"

#include <cmath>

struct Node {
  float3 Lo, Hi;
  int First; // A leaf's first sphere; an inner node's left child.
  int Count; // A leaf's number of spheres; 0 for an inner node.
};

struct Sphere {
  float3 Center;
  float Radius;
};

constexpr int StackSize = 32;

__device__ float3 sub(float3 A, float3 B) {
  return make_float3(A.x - B.x, A.y - B.y, A.z - B.z);
}

__device__ float dot(float3 A, float3 B) {
  return A.x * B.x + A.y * B.y + A.z * B.z;
}

// The distance along the ray to where it enters the box, or -1 when it
// misses the box or enters it beyond Far.
__device__ float enterBox(const Node &N, float3 O, float3 InvD, float Far) {
  float T0 = (N.Lo.x - O.x) * InvD.x, T1 = (N.Hi.x - O.x) * InvD.x;
  float Near = fminf(T0, T1), Exit = fmaxf(T0, T1);
  T0 = (N.Lo.y - O.y) * InvD.y;
  T1 = (N.Hi.y - O.y) * InvD.y;
  Near = fmaxf(Near, fminf(T0, T1));
  Exit = fminf(Exit, fmaxf(T0, T1));
  if (Exit < Near)
    return -1.0f;
  T0 = (N.Lo.z - O.z) * InvD.z;
  T1 = (N.Hi.z - O.z) * InvD.z;
  Near = fmaxf(Near, fminf(T0, T1));
  Exit = fminf(Exit, fmaxf(T0, T1));
  if (Exit < Near || Exit < 0.0f || Near > Far)
    return -1.0f;
  return fmaxf(Near, 0.0f);
}

// The nearest positive distance along the ray (D of unit length) to the
// sphere, or -1 when it misses.
__device__ float hitSphere(const Sphere &S, float3 O, float3 D) {
  float3 L = sub(S.Center, O);
  float B = dot(L, D);
  float C = dot(L, L) - S.Radius * S.Radius;
  float Disc = B * B - C;
  if (Disc < 0.0f)
    return -1.0f;
  float Root = sqrtf(Disc);
  float T = B - Root;
  if (T > 1e-4f)
    return T;
  T = B + Root;
  return T > 1e-4f ? T : -1.0f;
}

__global__ void closest(const Node *Nodes, const Sphere *Spheres,
                        const float3 *Origins, const float3 *Dirs, float *Out,
                        int NumRays) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= NumRays)
    return;
  float3 O = Origins[I], D = Dirs[I];
  float3 InvD = make_float3(1.0f / D.x, 1.0f / D.y, 1.0f / D.z);
  float Best = 1e30f;
  int Hit = -1;
  int Stack[StackSize];
  int Sp = 0;
  Stack[Sp++] = 0;
  while (Sp > 0) {
    Node N = Nodes[Stack[--Sp]];
    if (enterBox(N, O, InvD, Best) < 0.0f)
      continue;
    if (N.Count > 0) {
      for (int K = N.First; K < N.First + N.Count; ++K) {
        float T = hitSphere(Spheres[K], O, D);
        if (T > 0.0f && T < Best) {
          Best = T;
          Hit = K;
        }
      }
    } else {
      float TL = enterBox(Nodes[N.First], O, InvD, Best);
      float TR = enterBox(Nodes[N.First + 1], O, InvD, Best);
      if (TL >= 0.0f && TR >= 0.0f) {
        Stack[Sp++] = TL < TR ? N.First + 1 : N.First;
        Stack[Sp++] = TL < TR ? N.First : N.First + 1;
      } else if (TL >= 0.0f) {
        Stack[Sp++] = N.First;
      } else if (TR >= 0.0f) {
        Stack[Sp++] = N.First + 1;
      }
    }
  }
  Out[I] = Hit < 0 ? -1.0f : Best + Hit;
}

__global__ void shadow(const Node *Nodes, const Sphere *Spheres,
                       const float3 *Origins, const float3 *Dirs, float *Out,
                       int NumRays) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= NumRays)
    return;
  float3 O = Origins[I], D = Dirs[I];
  float3 InvD = make_float3(1.0f / D.x, 1.0f / D.y, 1.0f / D.z);
  int Stack[StackSize];
  int Sp = 0;
  Stack[Sp++] = 0;
  int Visited = 0;
  while (Sp > 0) {
    Node N = Nodes[Stack[--Sp]];
    ++Visited;
    if (enterBox(N, O, InvD, 1e30f) < 0.0f)
      continue;
    if (N.Count == 0) {
      Stack[Sp++] = N.First;
      Stack[Sp++] = N.First + 1;
      continue;
    }
    for (int K = N.First; K < N.First + N.Count; ++K)
      if (hitSphere(Spheres[K], O, D) > 0.0f) {
        Out[I] = 1.0f / Visited;
        return;
      }
  }
  Out[I] = 0.0f;
}

// Host side: a hierarchy built by splitting each node's spheres at the
// median of the box's longest axis, leaves of at most LeafSize.
constexpr int NumSpheres = 1 << 16, LeafSize = 4, NumRays = 1 << 20;

static void grow(Node &N, const Sphere &S) {
  N.Lo.x = std::min(N.Lo.x, S.Center.x - S.Radius);
  N.Lo.y = std::min(N.Lo.y, S.Center.y - S.Radius);
  N.Lo.z = std::min(N.Lo.z, S.Center.z - S.Radius);
  N.Hi.x = std::max(N.Hi.x, S.Center.x + S.Radius);
  N.Hi.y = std::max(N.Hi.y, S.Center.y + S.Radius);
  N.Hi.z = std::max(N.Hi.z, S.Center.z + S.Radius);
}

static float axisOf(const float3 &P, int Axis) {
  return Axis == 0 ? P.x : Axis == 1 ? P.y : P.z;
}

static void build(std::vector<Node> &Nodes, std::vector<Sphere> &S, int At,
                  int Begin, int End) {
  Node N{{1e30f, 1e30f, 1e30f}, {-1e30f, -1e30f, -1e30f}, Begin, End - Begin};
  for (int K = Begin; K < End; ++K)
    grow(N, S[K]);
  if (End - Begin > LeafSize) {
    float3 Ext = {N.Hi.x - N.Lo.x, N.Hi.y - N.Lo.y, N.Hi.z - N.Lo.z};
    int Axis = Ext.x > Ext.y && Ext.x > Ext.z ? 0 : Ext.y > Ext.z ? 1 : 2;
    int Mid = (Begin + End) / 2;
    std::nth_element(S.begin() + Begin, S.begin() + Mid, S.begin() + End,
                     [Axis](const Sphere &A, const Sphere &B) {
                       return axisOf(A.Center, Axis) < axisOf(B.Center, Axis);
                     });
    N.First = Nodes.size();
    N.Count = 0;
    Nodes.resize(Nodes.size() + 2);
    build(Nodes, S, N.First, Begin, Mid);
    build(Nodes, S, N.First + 1, Mid, End);
  }
  Nodes[At] = N;
}

int main() {
  Lcg R{29};
  std::vector<Sphere> Spheres(NumSpheres);
  for (Sphere &S : Spheres)
    S = {{R.uniform() * 100.0f, R.uniform() * 100.0f, R.uniform() * 100.0f},
         0.2f + R.uniform() * 0.6f};
  std::vector<Node> Nodes(1);
  build(Nodes, Spheres, 0, 0, NumSpheres);
  std::vector<float3> Origins(NumRays), Dirs(NumRays);
  for (int I = 0; I < NumRays; ++I) {
    // Rays from points spread through the scene in random directions.
    Origins[I] = {R.uniform() * 100.0f, R.uniform() * 100.0f,
                  R.uniform() * 100.0f};
    float X = 2.0f * R.uniform() - 1.0f, Y = 2.0f * R.uniform() - 1.0f,
          Z = 2.0f * R.uniform() - 1.0f;
    float Len = std::sqrt(X * X + Y * Y + Z * Z) + 1e-6f;
    Dirs[I] = {X / Len, Y / Len, Z / Len};
  }
  Node *DNodes = toDevice(Nodes);
  Sphere *DSpheres = toDevice(Spheres);
  float3 *DOrigins = toDevice(Origins), *DDirs = toDevice(Dirs);
  float *DOut;
  CHECK(cudaMalloc(&DOut, NumRays * sizeof(float)));
  auto Time = [&](const char *Name, auto Kernel) {
    float Ms = medianMs([&] {
      Kernel<<<NumRays / 256, 256>>>(DNodes, DSpheres, DOrigins, DDirs, DOut,
                                     NumRays);
    });
    printf("%s %.4f ms %016llx ", Name, Ms,
           (unsigned long long)checksumBits(DOut, NumRays));
  };
  Time("closest", closest);
  Time("shadow", shadow);
  printf("\n");
  return 0;
}
