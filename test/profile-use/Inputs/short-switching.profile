divopt-profile 1
# Hand-written: every warp execution of the loop's branch diverged, a
# lane's way changed in half of its consecutive iterations, and each lane
# ran 4 iterations.
runs 1
launch loop grid=64,1,1 block=128,1,1 shared=0 count=10
function loop cfg=0x65e5f82e44986fad
branch 1 execs=128 divergent=128 lanes=2048,2048 warps=128,128 uniform=0,0 pairs=3072 changes=1536
loop 0 entries=32 lanes=1024 trips=128 iterations=4096 spread=0,0,0
