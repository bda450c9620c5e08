divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 3
launch _Z5forcePK6float4S1_PKfPKiPS_i grid=1024,1,1 block=256,1,1 shared=0 count=84 sms=132
launch _Z7densityPK6float4PKiPfi grid=1024,1,1 block=256,1,1 shared=0 count=84 sms=132
function _Z5forcePK6float4S1_PKfPKiPS_i cfg=0x2ca2d757ca9c7554 sample=64
branch 0 at=bench/apps/sph.cu:43:9 execs=11424 divergent=0 lanes=365568,0 warps=11424,0 uniform=11424,0 pairs=0 changes=0
branch 1 at=bench/apps/sph.cu:50:11 execs=731136 divergent=370048 lanes=370048,23026304 warps=370048,731136 uniform=0,361088 pairs=23033856 changes=728768
branch 3 at=bench/apps/sph.cu:55:17 execs=731136 divergent=730560 lanes=11588160,11438144 warps=731136,730560 uniform=576,0 pairs=22305088 changes=10136256
loop 0 at=bench/apps/sph.cu:48:3 entries=11424 lanes=365568 trips=731136 iterations=23396352 spread=0,0,0
function _Z7densityPK6float4PKiPfi cfg=0x04b62114988925f5 sample=64
branch 0 at=bench/apps/sph.cu:26:9 execs=11424 divergent=0 lanes=365568,0 warps=11424,0 uniform=11424,0 pairs=0 changes=0
branch 1 at=bench/apps/sph.cu:34:12 execs=731136 divergent=730336 lanes=12006880,11389472 warps=731136,730336 uniform=800,0 pairs=23046144 changes=10576000
loop 0 at=bench/apps/sph.cu:30:3 entries=11424 lanes=365568 trips=731136 iterations=23396352 spread=0,0,0
