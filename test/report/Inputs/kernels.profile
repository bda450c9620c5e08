divopt-profile 1
# Hand-written for kernels.cu: identities from print<divopt-profile-id>.
runs 1
launch _Z5shadePfPKfi grid=125,1,1 block=256,1,1 shared=0 count=8
launch _Z6refinePfPKfii grid=63,1,1 block=256,1,1 shared=0 count=4
function _Z5shadePfPKfi cfg=0x5f5a39bd8ddadca1
branch 0 at=kernels.cu:6:9 execs=1000 divergent=10 lanes=31800,200 warps=1000,10 uniform=990,0 pairs=0 changes=0
branch 1 at=kernels.cu:9:7 execs=1000 divergent=1000 lanes=16000,16000 warps=1000,1000 uniform=0,0 pairs=0 changes=0
function _Z6refinePfPKfii cfg=0xbe27886414e08c49
branch 0 at=kernels.cu:23:9 execs=500 divergent=0 lanes=16000,0 warps=500,0 uniform=500,0 pairs=0 changes=0
branch 1 at=kernels.cu:26:3 execs=500 divergent=0 lanes=16000,0 warps=500,0 uniform=500,0 pairs=0 changes=0
branch 2 at=kernels.cu:27:11 execs=32000 divergent=24000 lanes=400000,368000 warps=28000,28000 uniform=4000,4000 pairs=752000 changes=300000
branch 3 at=kernels.cu:26:3 execs=32000 divergent=0 lanes=16000,752000 warps=500,31500 uniform=500,31500 pairs=0 changes=0
loop 0 at=kernels.cu:26:3 entries=500 lanes=16000 trips=32000 iterations=768000 spread=0,0,0
