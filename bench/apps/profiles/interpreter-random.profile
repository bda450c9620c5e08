divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z8evaluatePK5InstriPKfPfi grid=2048,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z9registersPK8RegInstriPKfPfi grid=2048,1,1 block=256,1,1 shared=0 count=28 sms=132
function _Z8evaluatePK5InstriPKfPfi cfg=0x41f27118a2cae8e9 sample=64
branch 0 at=bench/apps/interpreter.cu:29:9 execs=7168 divergent=0 lanes=229376,0 warps=7168,0 uniform=7168,0 pairs=0 changes=0
branch 2 at=bench/apps/interpreter.cu:37:15 execs=233728 divergent=91072 lanes=230976,5768416 warps=98176,226624 uniform=7104,135552 pairs=5762688 changes=232256
branch 3 execs=233728 divergent=91072 lanes=230976,5768416 warps=98176,226624 uniform=7104,135552 pairs=5762688 changes=232256
branch 4 at=bench/apps/interpreter.cu:76:12 execs=11541 divergent=0 lanes=229376,0 warps=11541,0 uniform=11541,0 pairs=0 changes=0
branch 5 at=bench/apps/interpreter.cu:39:5 execs=226624 divergent=226080 lanes=0,1236640,1211200,431904,438752,440928,436736,603008,534112,435136 warps=0,190336,190880,175456,176288,178240,177408,196192,193344,175360 uniform=0,0,0,0,0,0,128,128,224,64 pairs=5530432 changes=4764544
branch 6 at=bench/apps/interpreter.cu:60:23 execs=177408 divergent=3616 lanes=3872,432864 warps=3872,177152 uniform=256,173536 pairs=23936 changes=960
branch 7 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:311:41 execs=196192 divergent=224 lanes=602784,224 warps=196192,224 uniform=195968,0 pairs=106112 changes=64
branch 8 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:311:41 execs=224 divergent=0 lanes=0,224 warps=0,224 uniform=0,224 pairs=0 changes=0
branch 10 at=/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_math.h:311:41 execs=224 divergent=0 lanes=0,224 warps=0,224 uniform=0,224 pairs=0 changes=0
loop 0 at=bench/apps/interpreter.cu:35:3 entries=11541 lanes=229376 trips=336074 iterations=5881652 spread=99680,0,15
function _Z9registersPK8RegInstriPKfPfi cfg=0x0e5a3e539400836f sample=64
branch 0 at=bench/apps/interpreter.cu:92:9 execs=7168 divergent=0 lanes=229376,0 warps=7168,0 uniform=7168,0 pairs=0 changes=0
branch 4 at=bench/apps/interpreter.cu:101:5 execs=171264 divergent=171264 lanes=0,679488,686368,682816,680416,688096,694688,676448,692128 warps=0,168864,168736,169056,168672,168800,169088,168768,169056 uniform=0,0,0,0,0,0,0,0,0 pairs=5263360 changes=4607552
branch 5 at=bench/apps/interpreter.cu:101:5 execs=171264 divergent=171264 lanes=0,679648,677696,684480,683712,697632,677856,691296,688128 warps=0,168992,168800,169440,168960,168704,168736,168704,168448 uniform=0,0,0,0,0,0,0,0,0 pairs=5263360 changes=4617792
loop 0 at=bench/apps/interpreter.cu:98:3 entries=7168 lanes=229376 trips=172032 iterations=5505024 spread=0,0,0
