divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z10byWarpPlusILi0EEvPKfPfffi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z10byWarpPlusILi1EEvPKfPfffi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z10byWarpPlusILi2EEvPKfPfffi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z10byWarpPlusILi3EEvPKfPfffi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z10byWarpPlusILi4EEvPKfPfffi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
function _Z10byWarpPlusILi0EEvPKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warpshare.cu:33:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warpshare.cu:37:16 execs=229600 divergent=0 lanes=3673600,3673600 warps=114800,114800 uniform=114800,114800 pairs=0 changes=0
function _Z10byWarpPlusILi1EEvPKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warpshare.cu:33:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warpshare.cu:37:16 execs=229600 divergent=0 lanes=3673600,3673600 warps=114800,114800 uniform=114800,114800 pairs=0 changes=0
function _Z10byWarpPlusILi2EEvPKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warpshare.cu:33:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warpshare.cu:37:16 execs=229600 divergent=0 lanes=3673600,3673600 warps=114800,114800 uniform=114800,114800 pairs=0 changes=0
function _Z10byWarpPlusILi3EEvPKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warpshare.cu:33:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warpshare.cu:37:16 execs=229600 divergent=0 lanes=3673600,3673600 warps=114800,114800 uniform=114800,114800 pairs=0 changes=0
function _Z10byWarpPlusILi4EEvPKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warpshare.cu:33:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warpshare.cu:37:16 execs=229600 divergent=0 lanes=3673600,3673600 warps=114800,114800 uniform=114800,114800 pairs=0 changes=0
