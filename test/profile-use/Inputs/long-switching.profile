divopt-profile 1
# Hand-written: every warp execution of the loop's branch diverged, a
# lane's way changed in half of its consecutive iterations, and each lane
# ran 4096 iterations.
runs 1
launch loop grid=64,1,1 block=128,1,1 shared=0 count=10
function loop cfg=0x65e5f82e44986fad
branch 1 execs=131072 divergent=131072 lanes=2097152,2097152 warps=131072,131072 uniform=0,0 pairs=4193280 changes=2096640
loop 0 entries=32 lanes=1024 trips=131072 iterations=4194304 spread=0,0,0
