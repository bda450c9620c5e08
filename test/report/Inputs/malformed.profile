divopt-profile 1
runs 1
function _Z5shadePfPKfi cfg=0x5f5a39bd8ddadca1
branch 1 at=kernels.cu:9:7 execs=1000 divergent=10 lanes=16000,16000 warps=1000,1000 uniform=0,0 pairs=0 changes=0
