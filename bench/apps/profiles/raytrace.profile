divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z6shadowPK4NodePK6SpherePK6float3S7_Pfi grid=4096,1,1 block=256,1,1 shared=0 count=28 sms=132
launch _Z7closestPK4NodePK6SpherePK6float3S7_Pfi grid=4096,1,1 block=256,1,1 shared=0 count=28 sms=132
function _Z6shadowPK4NodePK6SpherePK6float3S7_Pfi cfg=0xcd6d308daa659dd6 sample=64
branch 0 at=bench/apps/raytrace.cu:121:9 execs=14336 divergent=0 lanes=458752,0 warps=14336,0 uniform=14336,0 pairs=0 changes=0
branch 1 at=bench/apps/raytrace.cu:48:12 execs=3370176 divergent=1690048 lanes=4991232,23981504 warps=1911456,3148768 uniform=221408,1458720 pairs=28529856 changes=8696000
branch 2 execs=4703328 divergent=4448 lanes=353344,28619392 warps=331680,4376096 uniform=327232,4371648 pairs=28529856 changes=359872
branch 3 at=bench/apps/raytrace.cu:129:3 execs=4376096 divergent=89824 lanes=28515552,103840 warps=4370272,95648 uniform=4280448,5824 pairs=28169984 changes=100864
branch 4 at=bench/apps/raytrace.cu:132:37 execs=3148768 divergent=1686720 lanes=6232352,17749152 warps=2004992,2830496 uniform=318272,1143776 pairs=19211968 changes=8853696
branch 5 at=bench/apps/raytrace.cu:134:17 execs=2830496 divergent=1034752 lanes=15532416,2216736 warps=2615168,1250080 uniform=1580416,215328 pairs=9316800 changes=1598464
branch 6 at=bench/apps/raytrace.cu:139:5 execs=1250080 divergent=0 lanes=2216736,0 warps=1250080,0 uniform=1250080,0 pairs=334592 changes=0
branch 7 at=bench/apps/raytrace.cu:66:12 execs=3141696 divergent=290272 lanes=7944352,367648 warps=3088736,343232 uniform=2798464,52960 pairs=6095264 changes=281504
branch 8 at=bench/apps/raytrace.cu:139:5 execs=3089280 divergent=602656 lanes=6095264,1863392 warps=2568736,1123200 uniform=1966080,520544 pairs=5834208 changes=1863392
branch 9 at=bench/apps/raytrace.cu:140:39 execs=343232 divergent=2048 lanes=353344,14304 warps=331168,14112 uniform=329120,12064 pairs=576 changes=352
loop 0 at=bench/apps/raytrace.cu:129:3 entries=219508 lanes=458752 trips=19190182 iterations=28814464 spread=762970,0,212
loop 1 at=bench/apps/raytrace.cu:139:5 entries=1450144 lanes=2216736 trips=5288320 iterations=8312000 spread=15648,0,3
function _Z7closestPK4NodePK6SpherePK6float3S7_Pfi cfg=0x028172b405baef65 sample=64
branch 0 at=bench/apps/raytrace.cu:80:9 execs=14336 divergent=0 lanes=458752,0 warps=14336,0 uniform=14336,0 pairs=0 changes=0
branch 1 at=bench/apps/raytrace.cu:48:12 execs=2133760 divergent=0 lanes=0,19361440 warps=0,2133760 uniform=0,2133760 pairs=18902400 changes=0
branch 2 at=bench/apps/raytrace.cu:89:3 execs=2873472 divergent=350752 lanes=18896480,464960 warps=2837664,386560 uniform=2486912,35808 pairs=18902400 changes=464448
branch 3 at=bench/apps/raytrace.cu:91:36 execs=2133760 divergent=614176 lanes=1049664,18311776 warps=671648,2076288 uniform=57472,1462112 pairs=18902400 changes=448832
branch 4 at=bench/apps/raytrace.cu:93:17 execs=2076288 divergent=830528 lanes=2280032,16031744 warps=949504,1957312 uniform=118976,1126784 pairs=17788416 changes=3507392
branch 5 at=bench/apps/raytrace.cu:66:12 execs=2570112 divergent=317184 lanes=8704352,415776 warps=2529536,357760 uniform=2212352,40576 pairs=6840096 changes=592896
branch 6 at=bench/apps/raytrace.cu:94:7 execs=2570112 divergent=317664 lanes=6840096,2280032 warps=2040704,847072 uniform=1723040,529408 pairs=6840096 changes=2280032
branch 7 at=bench/apps/raytrace.cu:48:12 execs=1957312 divergent=977216 lanes=2760256,13271488 warps=1112320,1822208 uniform=135104,844992 pairs=13938688 changes=3852416
branch 8 at=bench/apps/raytrace.cu:48:12 execs=1957312 divergent=963040 lanes=2779456,13252288 warps=1094048,1826304 uniform=131008,863264 pairs=13938688 changes=3886912
branch 9 at=bench/apps/raytrace.cu:104:22 execs=1957312 divergent=1035840 lanes=3875680,12156064 warps=1195680,1797472 uniform=159840,761632 pairs=13938688 changes=4917760
branch 10 at=bench/apps/raytrace.cu:107:21 execs=1797472 divergent=1046912 lanes=5572320,6583744 warps=1349888,1494496 uniform=302976,447584 pairs=8042944 changes=3870912
branch 11 at=bench/apps/raytrace.cu:109:21 execs=1494496 divergent=513792 lanes=5561952,1021792 warps=1368896,639392 uniform=855104,125600 pairs=2410624 changes=613056
loop 0 at=bench/apps/raytrace.cu:89:3 entries=73692 lanes=458752 trips=5333537 iterations=19342428 spread=1240157,0,183
loop 1 at=bench/apps/raytrace.cu:94:7 entries=847072 lanes=2280032 trips=3388288 iterations=9120128 spread=0,0,0
