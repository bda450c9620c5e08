divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z11modeOfPixelPKfS0_PKhiPfi grid=8192,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z7toneMapPK5GradePKfPfi grid=8192,1,1 block=256,1,1 shared=0 count=84 sms=132
function _Z11modeOfPixelPKfS0_PKhiPfi cfg=0x760ee49eea0554f5 sample=64
branch 0 at=bench/apps/blend.cu:78:9 execs=28672 divergent=0 lanes=917504,0 warps=28672,0 uniform=28672,0 pairs=0 changes=0
branch 2 at=bench/apps/blend.cu:40:3 execs=220832 divergent=0 lanes=0,507904,492544,479232,499712,508928,507904,461824,482304,496640,523264,568320,513024,493568,531456 warps=0,15872,15392,14976,15616,15904,15872,14432,15072,15520,16352,17760,16032,15424,16608 uniform=0,15872,15392,14976,15616,15904,15872,14432,15072,15520,16352,17760,16032,15424,16608 pairs=6148096 changes=5769216
branch 4 at=bench/apps/blend.cu:48:12 execs=15616 divergent=15264 lanes=252192,247520 warps=15552,15328 uniform=288,64 pairs=16384 changes=1856
branch 5 at=bench/apps/blend.cu:54:12 execs=14432 divergent=0 lanes=461824,0 warps=14432,0 uniform=14432,0 pairs=24576 changes=0
branch 6 at=bench/apps/blend.cu:56:12 execs=15072 divergent=0 lanes=482304,0 warps=15072,0 uniform=15072,0 pairs=8192 changes=0
branch 7 at=bench/apps/blend.cu:58:12 execs=15520 divergent=15520 lanes=250208,246432 warps=15520,15520 uniform=0,0 pairs=20480 changes=9792
branch 8 at=bench/apps/blend.cu:68:12 execs=16608 divergent=0 lanes=531456,0 warps=16608,0 uniform=16608,0 pairs=45056 changes=0
loop 0 at=bench/apps/blend.cu:81:3 entries=28672 lanes=917504 trips=229376 iterations=7340032 spread=0,0,0
function _Z7toneMapPK5GradePKfPfi cfg=0x80e5ee8044c4e107 sample=64
branch 0 at=bench/apps/blend.cu:120:9 execs=86016 divergent=0 lanes=2752512,0 warps=86016,0 uniform=86016,0 pairs=0 changes=0
branch 2 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 3 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 5 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=812 lanes=5180,2747332 warps=840,85988 uniform=28,85176 pairs=0 changes=0
branch 6 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=85988 divergent=0 lanes=0,2747332 warps=0,85988 uniform=0,85988 pairs=0 changes=0
branch 7 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=85988 divergent=0 lanes=0,2747332 warps=0,85988 uniform=0,85988 pairs=0 changes=0
