divopt-profile 1
# Hand-written: the switch of Inputs/switch.ll in half of its warp
# executions took water (case 0) alone; in the other half its lanes split
# among the other three ways.
runs 1
launch materials grid=64,1,1 block=256,1,1 shared=0 count=10
function materials cfg=0x0576e342886cb382
branch 0 execs=1000 divergent=500 lanes=5000,16000,5000,6000 warps=500,500,500,500 uniform=0,500,0,0 pairs=0 changes=0
