divopt-profile 1
# The same grid on a 114-SM device, and once where the SM count was not
# recorded (a profile from before the field).
runs 1
launch _Z6nqueenPii grid=132,1,1 block=96,1,1 shared=0 count=2 sms=114
launch _Z6nqueenPii grid=132,1,1 block=96,1,1 shared=0 count=1
