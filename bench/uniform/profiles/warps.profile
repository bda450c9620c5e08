divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z5byRowPKfPfffi grid=65536,1,1 block=32,8,1 shared=0 count=28 sms=132
launch _Z6byLanePKfPfffi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z6byWarpPKfPfffi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
function _Z5byRowPKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warps.cu:43:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warps.cu:47:19 execs=229600 divergent=0 lanes=3673600,3673600 warps=114800,114800 uniform=114800,114800 pairs=0 changes=0
function _Z6byLanePKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warps.cu:57:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warps.cu:61:23 execs=229600 divergent=229600 lanes=3673600,3673600 warps=229600,229600 uniform=0,0 pairs=0 changes=0
function _Z6byWarpPKfPfffi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/uniform/warps.cu:29:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/uniform/warps.cu:33:16 execs=229600 divergent=0 lanes=3673600,3673600 warps=114800,114800 uniform=114800,114800 pairs=0 changes=0
