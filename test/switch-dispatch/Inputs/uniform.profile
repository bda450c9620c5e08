divopt-profile 1
# Hand-written: perLane's, stackMachine's and loopWay's switches
# (Inputs/opcodes.ll) never diverged; each of their six ways was the whole warp's in a sixth
# of the warp executions.
runs 1
launch perLane grid=64,1,1 block=256,1,1 shared=0 count=10
launch stackMachine grid=64,1,1 block=256,1,1 shared=0 count=10
launch loopWay grid=64,1,1 block=256,1,1 shared=0 count=10
function perLane cfg=0x961d90853942b1df
branch 0 execs=600 divergent=0 lanes=3200,3200,3200,3200,3200,3200 warps=100,100,100,100,100,100 uniform=100,100,100,100,100,100 pairs=0 changes=0
function stackMachine cfg=0x961d90853942b1df
branch 0 execs=600 divergent=0 lanes=3200,3200,3200,3200,3200,3200 warps=100,100,100,100,100,100 uniform=100,100,100,100,100,100 pairs=0 changes=0
function loopWay cfg=0xfa391e76f9862778
branch 0 execs=600 divergent=0 lanes=3200,3200,3200,3200,3200,3200 warps=100,100,100,100,100,100 uniform=100,100,100,100,100,100 pairs=0 changes=0
