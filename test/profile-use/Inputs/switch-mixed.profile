divopt-profile 1
# Hand-written: the switch of Inputs/switch.ll diverged in every warp
# execution, a quarter of the lanes on each way.
runs 1
launch materials grid=64,1,1 block=256,1,1 shared=0 count=10
function materials cfg=0x0576e342886cb382
branch 0 execs=1000 divergent=1000 lanes=8000,8000,8000,8000 warps=1000,1000,1000,1000 uniform=0,0,0,0 pairs=0 changes=0
