divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z4stepPfPKfi grid=64,1,1 block=256,1,1 shared=0 count=10
function _Z4stepPfPKfi cfg=0x9f3a2c1b00e4d7a5
branch 0 at=step.cu:7:9 execs=512 divergent=0 lanes=16384,0 warps=512,0 uniform=512,0 pairs=0 changes=0
branch 2 at=step.cu:12:11 execs=4096 divergent=3000 lanes=50000,50000 warps=3500,3596 uniform=596,500 pairs=97952 changes=40000
loop 0 at=step.cu:11:3 entries=64 lanes=2048 trips=4096 iterations=100000 spread=1920,8,60
function _Z9clampUnitf cfg=0x00000000000000aa
branch 0 execs=10 divergent=2 lanes=100,60 warps=7,5 uniform=5,3 pairs=0 changes=0
