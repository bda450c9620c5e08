divopt-profile 1
# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata show prints it as tables
runs 1
launch _Z6nqueenPii grid=132,1,1 block=96,1,1 shared=0 count=3 sms=132
launch _Z6nqueenPii grid=2112,1,1 block=96,1,1 shared=0 count=1 sms=132
