divopt-profile 1
# Hand-written: the switch of Inputs/switch.ll never diverged; each of its
# four ways was the whole warp's in a quarter of the warp executions.
runs 1
launch materials grid=64,1,1 block=256,1,1 shared=0 count=10
function materials cfg=0x0576e342886cb382
branch 0 execs=1000 divergent=0 lanes=8000,8000,8000,8000 warps=250,250,250,250 uniform=250,250,250,250 pairs=0 changes=0
