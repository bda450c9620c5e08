divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 3
launch _Z5kindsPKiPKfS2_S2_Pf6Marketi grid=65536,1,1 block=256,1,1 shared=0 count=84 sms=132
launch _Z7vanillaPKiPKfS2_S2_Pf6Marketi grid=65536,1,1 block=256,1,1 shared=0 count=84 sms=132
function _Z5kindsPKiPKfS2_S2_Pf6Marketi cfg=0xd114690f114752d3 sample=64
branch 0 at=bench/apps/options.cu:58:9 execs=688800 divergent=0 lanes=22041600,0 warps=688800,0 uniform=688800,0 pairs=0 changes=0
branch 1 at=bench/apps/options.cu:67:3 execs=688800 divergent=0 lanes=5505024,5526528,5526528,5483520 warps=172032,172704,172704,171360 uniform=172032,172704,172704,171360 pairs=0 changes=0
function _Z7vanillaPKiPKfS2_S2_Pf6Marketi cfg=0x5f5a39bd8ddadca1 sample=64
branch 0 at=bench/apps/options.cu:41:9 execs=688800 divergent=0 lanes=22041600,0 warps=688800,0 uniform=688800,0 pairs=0 changes=0
branch 1 at=bench/apps/options.cu:49:16 execs=688800 divergent=0 lanes=11053056,10988544 warps=345408,343392 uniform=345408,343392 pairs=0 changes=0
