divopt-profile 1
# Hand-written: every warp of Inputs/slow-path.ll's loop splits between
# absorbing (a quarter of the lanes) and scattering; no lane ever took the
# slow path.
runs 1
launch events grid=64,1,1 block=128,1,1 shared=0 count=10
function events cfg=0x908192c66ac44838
branch 0 execs=1000 divergent=1000 lanes=8000,24000 warps=1000,1000 uniform=0,0 pairs=31000 changes=20000
branch 2 execs=1000 divergent=0 lanes=0,24000 warps=0,1000 uniform=0,1000 pairs=31000 changes=0
loop 0 entries=32 lanes=1024 trips=1024 iterations=32768 spread=0,0,0
