divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z5kindsPKiPKfS2_S2_Pf6Marketi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z7vanillaPKiPKfS2_S2_Pf6Marketi grid=65536,1,1 block=256,1,1 shared=0 count=28 sms=132
function _Z5kindsPKiPKfS2_S2_Pf6Marketi cfg=0xd114690f114752d3 sample=64
branch 0 at=bench/apps/options.cu:58:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/apps/options.cu:67:3 execs=229600 divergent=221872 lanes=248444,6613404,237776,247576 warps=155484,229600,149128,153468 uniform=0,7728,0,0 pairs=0 changes=0
function _Z7vanillaPKiPKfS2_S2_Pf6Marketi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/apps/options.cu:41:9 execs=229600 divergent=0 lanes=7347200,0 warps=229600,0 uniform=229600,0 pairs=0 changes=0
branch 1 at=bench/apps/options.cu:49:16 execs=229600 divergent=222068 lanes=6616008,731192 warps=229600,222068 uniform=7532,0 pairs=0 changes=0
