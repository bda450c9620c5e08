divopt-profile 1
runs 1
function loop cfg=0x0000000000001234
branch 1 execs=1000 divergent=1000 lanes=16000,16000 warps=1000,1000 uniform=0,0 pairs=31000 changes=31000
