divopt-profile 1
# Hand-written: almost every warp takes only the heavy way (else); the
# light way runs in 2% of the warps, so splitting it off saves little.
runs 1
launch k grid=1024,1,1 block=256,1,1 shared=0 count=10
function k cfg=0xd82a47527b7fcda2
branch 0 execs=1000 divergent=20 lanes=40,31960 warps=20,1000 uniform=0,980 pairs=0 changes=0
