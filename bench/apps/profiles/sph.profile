divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z5forcePK6float4S1_PKfPKiPS_i grid=1024,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z7densityPK6float4PKiPfi grid=1024,1,1 block=256,1,1 shared=0 count=28 sms=132
function _Z5forcePK6float4S1_PKfPKiPS_i cfg=0x2ca2d757ca9c7554 sample=64
branch 0 at=bench/apps/sph.cu:43:9 execs=3808 divergent=0 lanes=121856,0 warps=3808,0 uniform=3808,0 pairs=0 changes=0
branch 1 at=bench/apps/sph.cu:50:11 execs=243712 divergent=120768 lanes=120768,7678016 warps=120768,243712 uniform=0,122944 pairs=7659520 changes=237184
branch 3 at=bench/apps/sph.cu:55:17 execs=243712 divergent=243584 lanes=3919904,3758112 warps=243712,243584 uniform=128,0 pairs=7422336 changes=3363840
loop 0 at=bench/apps/sph.cu:48:3 entries=3808 lanes=121856 trips=243712 iterations=7798784 spread=0,0,0
function _Z7densityPK6float4PKiPfi cfg=0x04b62114988925f5 sample=64
branch 0 at=bench/apps/sph.cu:26:9 execs=3808 divergent=0 lanes=121856,0 warps=3808,0 uniform=3808,0 pairs=0 changes=0
branch 1 at=bench/apps/sph.cu:34:12 execs=243712 divergent=243616 lanes=4044128,3754656 warps=243712,243616 uniform=96,0 pairs=7643136 changes=3477888
loop 0 at=bench/apps/sph.cu:30:3 entries=3808 lanes=121856 trips=243712 iterations=7798784 spread=0,0,0
