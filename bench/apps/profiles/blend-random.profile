divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z11modeOfPixelPKfS0_PKhiPfi grid=8192,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z7toneMapPK5GradePKfPfi grid=8192,1,1 block=256,1,1 shared=0 count=84 sms=132
function _Z11modeOfPixelPKfS0_PKhiPfi cfg=0x760ee49eea0554f5 sample=64
branch 0 at=bench/apps/blend.cu:78:9 execs=28672 divergent=0 lanes=917504,0 warps=28672,0 uniform=28672,0 pairs=0 changes=0
branch 2 at=bench/apps/blend.cu:40:3 execs=228224 divergent=228224 lanes=0,524992,527456,518112,523168,526112,523392,523360,516000,525760,514464,521920,521088,519872,517472 warps=0,206528,207968,206624,207360,208160,205856,206400,206656,207360,206080,208768,204864,206432,206880 uniform=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 pairs=6338560 changes=5887232
branch 4 at=bench/apps/blend.cu:48:12 execs=207360 divergent=106880 lanes=259616,263552 warps=157184,157056 uniform=50304,50176 pairs=31872 changes=3648
branch 5 at=bench/apps/blend.cu:54:12 execs=206400 divergent=0 lanes=523360,0 warps=206400,0 uniform=206400,0 pairs=33408 changes=0
branch 6 at=bench/apps/blend.cu:56:12 execs=206656 divergent=0 lanes=516000,0 warps=206656,0 uniform=206656,0 pairs=34496 changes=0
branch 7 at=bench/apps/blend.cu:58:12 execs=207360 divergent=109696 lanes=265440,260320 warps=159712,157344 uniform=50016,47648 pairs=30016 changes=15168
branch 8 at=bench/apps/blend.cu:68:12 execs=206880 divergent=0 lanes=517472,0 warps=206880,0 uniform=206880,0 pairs=30848 changes=0
loop 0 at=bench/apps/blend.cu:81:3 entries=28672 lanes=917504 trips=229376 iterations=7340032 spread=0,0,0
function _Z7toneMapPK5GradePKfPfi cfg=0x80e5ee8044c4e107 sample=64
branch 0 at=bench/apps/blend.cu:120:9 execs=86016 divergent=0 lanes=2752512,0 warps=86016,0 uniform=86016,0 pairs=0 changes=0
branch 2 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 3 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2752512 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 5 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=5600 lanes=6216,2746296 warps=5600,86016 uniform=0,80416 pairs=0 changes=0
branch 6 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2746296 warps=0,86016 uniform=0,86016 pairs=0 changes=0
branch 7 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:235:54 execs=86016 divergent=0 lanes=0,2746296 warps=0,86016 uniform=0,86016 pairs=0 changes=0
