divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z11modeOfLayerPKfS0_10LayerModesiPfi grid=8192,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z11modeOfPixelPKfS0_PKhiPfi grid=8192,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z7toneMapPK5GradePKfPfi grid=8192,1,1 block=256,1,1 shared=0 count=84 sms=132
function _Z11modeOfLayerPKfS0_10LayerModesiPfi cfg=0x6d62a481fcab3dda sample=64
branch 0 at=bench/apps/blend.cu:98:9 execs=28672 divergent=0 lanes=917504,0 warps=28672,0 uniform=28672,0 pairs=0 changes=0
branch 4 at=bench/apps/blend.cu:48:12 execs=28992 divergent=28992 lanes=466272,461472 warps=28992,28992 uniform=0,0 pairs=0 changes=0
branch 7 at=bench/apps/blend.cu:58:12 execs=30144 divergent=30144 lanes=485088,479520 warps=30144,30144 uniform=0,0 pairs=0 changes=0
loop 0 at=bench/apps/blend.cu:101:3 entries=28672 lanes=917504 trips=229376 iterations=7340032 spread=0,0,0
function _Z11modeOfPixelPKfS0_PKhiPfi cfg=0x760ee49eea0554f5 sample=64
branch 0 at=bench/apps/blend.cu:78:9 execs=28672 divergent=0 lanes=917504,0 warps=28672,0 uniform=28672,0 pairs=0 changes=0
branch 2 at=bench/apps/blend.cu:40:3 execs=232992 divergent=0 lanes=0,1905664,0,0,915456,0,931840,0,0,930816,0,0,908288,1863680,0 warps=0,59552,0,0,28608,0,29120,0,0,29088,0,0,28384,58240,0 uniform=0,59552,0,0,28608,0,29120,0,0,29088,0,0,28384,58240,0 pairs=6512640 changes=6512640
branch 4 at=bench/apps/blend.cu:48:12 execs=28608 divergent=28608 lanes=464608,450848 warps=28608,28608 uniform=0,0 pairs=0 changes=0
branch 7 at=bench/apps/blend.cu:58:12 execs=29088 divergent=29088 lanes=467712,463104 warps=29088,29088 uniform=0,0 pairs=0 changes=0
loop 0 at=bench/apps/blend.cu:81:3 entries=28672 lanes=917504 trips=229376 iterations=7340032 spread=0,0,0
function _Z7toneMapPK5GradePKfPfi cfg=0x80e5ee8044c4e107 sample=64
branch 0 at=bench/apps/blend.cu:120:9 execs=86016 divergent=0 lanes=2752512,0 warps=86016,0 uniform=86016,0 pairs=0 changes=0
branch 2 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 3 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 5 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 6 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 7 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
