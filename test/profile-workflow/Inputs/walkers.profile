divopt-profile 1
# Hand-written for examples/profile/walkers.cu as `walkers 1 7` runs it
# instrumented at the default rate (one block in 64: 16 of 1024 blocks,
# 128 warps a launch, two launches of each kernel): `scatter`'s lanes draw
# their way at random every step (every warp execution diverges, a lane's
# way changes in half its steps), `drift`'s cells of 32 walkers share
# their medium (no warp execution diverges, half of them each way).
runs 1
launch _Z5driftPfPKiPKhPKfii grid=1024,1,1 block=256,1,1 shared=0 count=2
launch _Z7scatterPfPKjPKfiij grid=1024,1,1 block=256,1,1 shared=0 count=2
function _Z5driftPfPKiPKhPKfii cfg=0x81a2905675ff1a4b sample=64
branch 0 at=walkers.cu:62:9 execs=256 divergent=0 lanes=8192,0 warps=256,0 uniform=256,0 pairs=0 changes=0
branch 2 at=walkers.cu:67:9 execs=16384 divergent=0 lanes=262144,262144 warps=8192,8192 uniform=8192,8192 pairs=516096 changes=0
loop 0 at=walkers.cu:66:3 entries=256 lanes=8192 trips=16384 iterations=524288 spread=0,0,0
function _Z7scatterPfPKjPKfiij cfg=0x81a2905675ff1a4b sample=64
branch 0 at=walkers.cu:44:9 execs=256 divergent=0 lanes=8192,0 warps=256,0 uniform=256,0 pairs=0 changes=0
branch 2 at=walkers.cu:50:11 execs=16384 divergent=16384 lanes=262144,262144 warps=16384,16384 uniform=0,0 pairs=516096 changes=258048
loop 0 at=walkers.cu:48:3 entries=256 lanes=8192 trips=16384 iterations=524288 spread=0,0,0
