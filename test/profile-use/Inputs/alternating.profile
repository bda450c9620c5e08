divopt-profile 1
# Hand-written: every warp execution of the loop's branch diverged, and
# each lane's way alternated from one iteration to the next.
runs 1
launch loop grid=64,1,1 block=128,1,1 shared=0 count=10
function loop cfg=0x65e5f82e44986fad
branch 1 execs=1000 divergent=1000 lanes=16000,16000 warps=1000,1000 uniform=0,0 pairs=31000 changes=31000
loop 0 entries=32 lanes=1024 trips=1024 iterations=32768 spread=0,0,0
