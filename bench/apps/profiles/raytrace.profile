divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 3
launch _Z6shadowPK4NodePK6SpherePK6float3S7_Pfi grid=4096,1,1 block=256,1,1 shared=0 count=84 sms=132
launch _Z7closestPK4NodePK6SpherePK6float3S7_Pfi grid=4096,1,1 block=256,1,1 shared=0 count=84 sms=132
function _Z6shadowPK4NodePK6SpherePK6float3S7_Pfi cfg=0xcd6d308daa659dd6 sample=64
branch 0 at=bench/apps/raytrace.cu:121:9 execs=43008 divergent=0 lanes=1376256,0 warps=43008,0 uniform=43008,0 pairs=0 changes=0
branch 1 at=bench/apps/raytrace.cu:48:12 execs=10157920 divergent=5084928 lanes=14987040,71584928 warps=5737056,9505792 uniform=652128,4420864 pairs=85186944 changes=26097920
branch 2 execs=14173760 divergent=13440 lanes=1074944,85497024 warps=1007008,13180192 uniform=993568,13166752 pairs=85186944 changes=1076160
branch 3 at=bench/apps/raytrace.cu:129:3 execs=13180192 divergent=262304 lanes=85197376,299648 warps=13162048,280448 uniform=12899744,18144 pairs=84110784 changes=295616
branch 4 at=bench/apps/raytrace.cu:132:37 execs=9505792 divergent=5074176 lanes=18526240,53058688 warps=6014400,8565568 uniform=940224,3491392 pairs=57211392 changes=26323392
branch 5 at=bench/apps/raytrace.cu:134:17 execs=8565568 divergent=3135456 lanes=46409248,6649440 warps=7928032,3772992 uniform=4792576,637536 pairs=27786496 changes=4796096
branch 6 at=bench/apps/raytrace.cu:139:5 execs=3772992 divergent=0 lanes=6649440,0 warps=3772992,0 uniform=3772992,0 pairs=1019584 changes=0
branch 7 at=bench/apps/raytrace.cu:66:12 execs=9457280 divergent=875328 lanes=23794624,1120512 warps=9288864,1043744 uniform=8413536,168416 pairs=18265696 changes=854112
branch 8 at=bench/apps/raytrace.cu:139:5 execs=9290912 divergent=1819872 lanes=18265696,5574496 warps=7735040,3375744 uniform=5915168,1555872 pairs=17474016 changes=5574496
branch 9 at=bench/apps/raytrace.cu:140:39 execs=1043744 divergent=7424 lanes=1074944,45568 warps=1005600,45568 uniform=998176,38144 pairs=1984 changes=800
loop 0 at=bench/apps/raytrace.cu:129:3 entries=660655 lanes=1376256 trips=57795534 iterations=86537052 spread=2292757,0,248
loop 1 at=bench/apps/raytrace.cu:139:5 entries=4368992 lanes=6649440 trips=15931744 iterations=24915136 spread=50336,0,3
function _Z7closestPK4NodePK6SpherePK6float3S7_Pfi cfg=0x028172b405baef65 sample=64
branch 0 at=bench/apps/raytrace.cu:80:9 execs=43008 divergent=0 lanes=1376256,0 warps=43008,0 uniform=43008,0 pairs=0 changes=0
branch 1 at=bench/apps/raytrace.cu:48:12 execs=6508832 divergent=0 lanes=0,58452192 warps=0,6508832 uniform=0,6508832 pairs=57057856 changes=0
branch 2 at=bench/apps/raytrace.cu:89:3 execs=8755712 divergent=1049920 lanes=57081152,1371040 warps=8649728,1155904 uniform=7599808,105984 pairs=57057856 changes=1384960
branch 3 at=bench/apps/raytrace.cu:91:36 execs=6508832 divergent=1841824 lanes=3085376,55366816 warps=2020000,6330656 uniform=178176,4488832 pairs=57057856 changes=1386752
branch 4 at=bench/apps/raytrace.cu:93:17 execs=6330656 divergent=2512640 lanes=6896736,48470080 warps=2875264,5968032 uniform=362624,3455392 pairs=53746432 changes=10560704
branch 5 at=bench/apps/raytrace.cu:66:12 execs=7765376 divergent=960256 lanes=26321024,1265920 warps=7644256,1081376 uniform=6684000,121120 pairs=20690208 changes=1810240
branch 6 at=bench/apps/raytrace.cu:94:7 execs=7765376 divergent=986624 lanes=20690208,6896736 warps=6177568,2574432 uniform=5190944,1587808 pairs=20690208 changes=6896736
branch 7 at=bench/apps/raytrace.cu:48:12 execs=5968032 divergent=2952832 lanes=8358912,40111168 warps=3369664,5551200 uniform=416832,2598368 pairs=42131264 changes=11631168
branch 8 at=bench/apps/raytrace.cu:48:12 execs=5968032 divergent=2950368 lanes=8498144,39971936 warps=3359808,5558592 uniform=409440,2608224 pairs=42131264 changes=11868928
branch 9 at=bench/apps/raytrace.cu:104:22 execs=5968032 divergent=3152000 lanes=11719232,36750848 warps=3639136,5480896 uniform=487136,2328896 pairs=42131264 changes=14882112
branch 10 at=bench/apps/raytrace.cu:107:21 execs=5480896 divergent=3168256 lanes=16881216,19869632 warps=4118112,4531040 uniform=949856,1362784 pairs=24301952 changes=11640448
branch 11 at=bench/apps/raytrace.cu:109:21 execs=4531040 divergent=1563200 lanes=16750176,3119456 warps=4154144,1940096 uniform=2590944,376896 pairs=7319424 changes=1861376
loop 0 at=bench/apps/raytrace.cu:89:3 entries=223096 lanes=1376256 trips=16333399 iterations=58663752 spread=3770992,0,171
loop 1 at=bench/apps/raytrace.cu:94:7 entries=2574432 lanes=6896736 trips=10297728 iterations=27586944 spread=0,0,0
