divopt-profile 1
# Records of another function only: 'loop' is missing, today's rules.
runs 1
function other cfg=0x65e5f82e44986fad
branch 1 execs=1000 divergent=1000 lanes=16000,16000 warps=1000,1000 uniform=0,0 pairs=31000 changes=31000
