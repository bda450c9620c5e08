divopt-profile 1
# Another run, written by hand: a comment, blank lines, fields in another
# order.

runs 1
launch _Z4stepPfPKfi grid=32,1,1 block=512,1,1 shared=0 count=5
launch _Z4stepPfPKfi grid=64,1,1 block=256,1,1 shared=0 count=5
function _Z4stepPfPKfi cfg=0x9f3a2c1b00e4d7a5
  loop 0 at=step.cu:11:3 entries=16 lanes=512 trips=640 iterations=16000 spread=320,10,30
  branch 0 at=step.cu:7:9 execs=512 divergent=100 lanes=15000,1384 warps=512,100 uniform=412,0 pairs=0 changes=0
# An older version of step: another control-flow hash.
function _Z4stepPfPKfi cfg=0x1111111111111111
  branch 0 execs=1 divergent=0 lanes=32,0 uniform=1,0 warps=1,0 changes=0 pairs=0
