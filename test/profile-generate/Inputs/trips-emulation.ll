; The NVPTX intrinsics of instrumented kernels, for a host run under lli
; (trips-run.test): each call of a kernel is one thread block of one
; thread, block @emu_block, whose warp is that one lane: every vote and
; reduction is the lane's own value. @emu_clock is %clock, which draws a
; loop entry's phase (TripSampling.h).

@emu_block = global i32 0
@emu_clock = global i32 0

define i32 @emu.nvvm.read.ptx.sreg.tid.x() { ret i32 0 }
define i32 @emu.nvvm.read.ptx.sreg.tid.y() { ret i32 0 }
define i32 @emu.nvvm.read.ptx.sreg.tid.z() { ret i32 0 }
define i32 @emu.nvvm.read.ptx.sreg.ntid.x() { ret i32 1 }
define i32 @emu.nvvm.read.ptx.sreg.ntid.y() { ret i32 1 }
define i32 @emu.nvvm.read.ptx.sreg.ntid.z() { ret i32 1 }
define i32 @emu.nvvm.read.ptx.sreg.ctaid.x() {
  %b = load i32, ptr @emu_block
  ret i32 %b
}
define i32 @emu.nvvm.read.ptx.sreg.ctaid.y() { ret i32 0 }
define i32 @emu.nvvm.read.ptx.sreg.ctaid.z() { ret i32 0 }
define i32 @emu.nvvm.read.ptx.sreg.nctaid.x() { ret i32 64 }
define i32 @emu.nvvm.read.ptx.sreg.nctaid.y() { ret i32 1 }
define i32 @emu.nvvm.read.ptx.sreg.nctaid.z() { ret i32 1 }
define i32 @emu.nvvm.read.ptx.sreg.laneid() { ret i32 0 }
define i32 @emu.nvvm.read.ptx.sreg.warpid() { ret i32 0 }
define i32 @emu.nvvm.read.ptx.sreg.clock() {
  %c = load i32, ptr @emu_clock
  ret i32 %c
}
define i32 @emu.nvvm.activemask() { ret i32 1 }
define { i32, i1 } @emu.nvvm.elect.sync(i32 %mask) {
  ret { i32, i1 } { i32 0, i1 true }
}
define i32 @emu.nvvm.vote.ballot.sync(i32 %mask, i1 %p) {
  %v = zext i1 %p to i32
  ret i32 %v
}
define i32 @emu.nvvm.redux.sync.add(i32 %v, i32 %mask) { ret i32 %v }
define i32 @emu.nvvm.redux.sync.umin(i32 %v, i32 %mask) { ret i32 %v }
define i32 @emu.nvvm.redux.sync.umax(i32 %v, i32 %mask) { ret i32 %v }
define void @emu.nvvm.bar.warp.sync(i32 %mask) { ret void }
define void @emu.nvvm.barrier.cta.sync.all(i32 %id) { ret void }
