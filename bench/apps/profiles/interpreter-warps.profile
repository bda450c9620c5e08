divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z8evaluatePK5InstriPKfPfi grid=2048,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z9registersPK8RegInstriPKfPfi grid=2048,1,1 block=256,1,1 shared=0 count=28 sms=132
function _Z8evaluatePK5InstriPKfPfi cfg=0x41f27118a2cae8e9 sample=64
branch 0 at=bench/apps/interpreter.cu:29:9 execs=7168 divergent=0 lanes=229376,0 warps=7168,0 uniform=7168,0 pairs=0 changes=0
branch 2 at=bench/apps/interpreter.cu:37:15 execs=186784 divergent=0 lanes=244736,5732352 warps=7648,179136 uniform=7648,179136 pairs=5756928 changes=249856
branch 3 execs=186784 divergent=0 lanes=244736,5732352 warps=7648,179136 uniform=7648,179136 pairs=5756928 changes=249856
branch 4 at=bench/apps/interpreter.cu:76:12 execs=7168 divergent=0 lanes=229376,0 warps=7168,0 uniform=7168,0 pairs=0 changes=0
branch 5 at=bench/apps/interpreter.cu:39:5 execs=179136 divergent=0 lanes=0,1148928,1319936,417792,408576,391168,391168,640000,526336,488448 warps=0,35904,41248,13056,12768,12224,12224,20000,16448,15264 uniform=0,35904,41248,13056,12768,12224,12224,20000,16448,15264 pairs=5507072 changes=4726784
branch 6 at=bench/apps/interpreter.cu:60:23 execs=12224 divergent=480 lanes=1792,389376 warps=512,12192 uniform=32,11712 pairs=14336 changes=448
branch 7 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:311:41 execs=20000 divergent=0 lanes=640000,0 warps=20000,0 uniform=20000,0 pairs=102400 changes=0
loop 0 at=bench/apps/interpreter.cu:35:3 entries=7168 lanes=229376 trips=183344 iterations=5867008 spread=0,0,0
function _Z9registersPK8RegInstriPKfPfi cfg=0x0e5a3e539400836f sample=64
branch 0 at=bench/apps/interpreter.cu:92:9 execs=7168 divergent=0 lanes=229376,0 warps=7168,0 uniform=7168,0 pairs=0 changes=0
branch 4 at=bench/apps/interpreter.cu:101:5 execs=173376 divergent=0 lanes=0,660480,739328,681984,668672,642048,692224,747520,715776 warps=0,20640,23104,21312,20896,20064,21632,23360,22368 uniform=0,20640,23104,21312,20896,20064,21632,23360,22368 pairs=5353472 changes=4657152
branch 5 at=bench/apps/interpreter.cu:101:5 execs=173376 divergent=0 lanes=0,717824,649216,704512,733184,686080,618496,745472,693248 warps=0,22432,20288,22016,22912,21440,19328,23296,21664 uniform=0,22432,20288,22016,22912,21440,19328,23296,21664 pairs=5353472 changes=4622336
loop 0 at=bench/apps/interpreter.cu:98:3 entries=7168 lanes=229376 trips=172032 iterations=5505024 spread=0,0,0
