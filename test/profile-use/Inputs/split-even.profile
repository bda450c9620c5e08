divopt-profile 1
# Hand-written: every warp runs both ways.
runs 1
launch k grid=1024,1,1 block=256,1,1 shared=0 count=10
function k cfg=0xd82a47527b7fcda2
branch 0 execs=1000 divergent=1000 lanes=16000,16000 warps=1000,1000 uniform=0,0 pairs=0 changes=0
