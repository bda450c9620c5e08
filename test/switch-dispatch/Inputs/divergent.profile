divopt-profile 1
# Hand-written: perLane's switch (Inputs/opcodes.ll) diverged in 60% of
# its warp executions.
runs 1
launch perLane grid=64,1,1 block=256,1,1 shared=0 count=10
function perLane cfg=0x961d90853942b1df
branch 0 execs=1000 divergent=600 lanes=5333,5333,5333,5333,5334,5334 warps=400,400,400,400,400,400 uniform=67,67,67,67,66,66 pairs=0 changes=0
