divopt-profile 1
# Hand-written: the loop's branch never diverged; half of the warp
# executions went all-then, half all-else, and no lane changed its way.
runs 1
launch loop grid=64,1,1 block=128,1,1 shared=0 count=10
function loop cfg=0x65e5f82e44986fad
branch 1 execs=1000 divergent=0 lanes=16000,16000 warps=500,500 uniform=500,500 pairs=31000 changes=0
loop 0 entries=32 lanes=1024 trips=1024 iterations=32768 spread=0,0,0
