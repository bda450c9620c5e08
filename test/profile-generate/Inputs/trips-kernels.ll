; Kernels for trips-run.test: loops of every shape trip sampling copies,
; each lane running its own trips (in[i] sets them). Every kernel writes
; one i32 per lane.

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A counted loop (its own counter from 0 by 1), its latch exiting with the
; header as the taken way; values of the loop read after it without a phi.
define ptx_kernel void @walk(ptr %out, ptr %in) #0 {
entry:
  %i = call i32 @index()
  %np = getelementptr inbounds i32, ptr %in, i32 %i
  %n = load i32, ptr %np, align 4
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %latch ]
  %a = phi i32 [ 1, %entry ], [ %a.next, %latch ]
  %ti = add i32 %t, %i
  %bit = and i32 %ti, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %odd.arm, label %even.arm

odd.arm:
  %a3 = mul i32 %a, 3
  %a31 = add i32 %a3, 1
  br label %latch

even.arm:
  %a7 = add i32 %a, 7
  br label %latch

latch:
  %a.next = phi i32 [ %a31, %odd.arm ], [ %a7, %even.arm ]
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp slt i32 %t.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %sum = add i32 %a.next, %t.next
  br label %done

done:
  %r = phi i32 [ 0, %entry ], [ %sum, %exit ]
  %op = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %r, ptr %op, align 4
  ret void
}

; A backtracking walk (N-Queens' shape): nested ifs, no counter from 0
; by 1, the latch leaving the loop on its true way.
define ptx_kernel void @search(ptr %out, ptr %in) #0 {
entry:
  %i = call i32 @index()
  %sp = getelementptr inbounds i32, ptr %in, i32 %i
  %seed = load i32, ptr %sp, align 4
  %start = and i32 %i, 3
  %lvl0 = add i32 %start, 2
  br label %loop

loop:
  %s = phi i32 [ %seed, %entry ], [ %s.next, %latch ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %latch ]
  %lvl = phi i32 [ %lvl0, %entry ], [ %lvl.next, %latch ]
  %s1 = mul i32 %s, 1103515245
  %s.next = add i32 %s1, 12345
  %hi = lshr i32 %s.next, 16
  %b0 = and i32 %hi, 3
  %full = icmp eq i32 %b0, 0
  br i1 %full, label %back, label %try

try:
  %b1 = and i32 %hi, 4
  %fits = icmp ne i32 %b1, 0
  br i1 %fits, label %deeper, label %back2

deeper:
  %lvl1 = add i32 %lvl, 1
  %last = icmp eq i32 %lvl1, 6
  br i1 %last, label %sol, label %latch

sol:
  %cnt1 = add i32 %cnt, 1
  br label %latch

back:
  %lvlb = sub i32 %lvl, 1
  br label %latch

back2:
  %lvlc = sub i32 %lvl, 1
  br label %latch

latch:
  %lvl.next = phi i32 [ %lvlb, %back ], [ %lvlc, %back2 ], [ %lvl1, %deeper ], [ %lvl, %sol ]
  %cnt.next = phi i32 [ %cnt, %back ], [ %cnt, %back2 ], [ %cnt, %deeper ], [ %cnt1, %sol ]
  %gone = icmp slt i32 %lvl.next, 0
  br i1 %gone, label %exit, label %loop

exit:
  %mix = xor i32 %s.next, %cnt.next
  %op = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %mix, ptr %op, align 4
  ret void
}

; An outer loop tested at its header, with an unconditional latch, around
; an inner loop whose lanes meet inside it; branches in both.
define ptx_kernel void @nested(ptr %out, ptr %in) #0 {
entry:
  %i = call i32 @index()
  %np = getelementptr inbounds i32, ptr %in, i32 %i
  %n = load i32, ptr %np, align 4
  br label %outer

outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.out, %outer.latch ]
  %go = icmp slt i32 %o, %n
  br i1 %go, label %inner.pre, label %exit

inner.pre:
  %lim = add i32 %o, %i
  %lim3 = and i32 %lim, 3
  %lim1 = add i32 %lim3, 1
  br label %inner

inner:
  %k = phi i32 [ 0, %inner.pre ], [ %k.next, %inner.latch ]
  %acc.in = phi i32 [ %acc, %inner.pre ], [ %acc.in.next, %inner.latch ]
  %x = xor i32 %k, %i
  %x1 = and i32 %x, 2
  %c = icmp eq i32 %x1, 0
  br i1 %c, label %ia, label %ib

ia:
  %v1 = add i32 %acc.in, %k
  br label %inner.latch

ib:
  %v2 = mul i32 %acc.in, 5
  br label %inner.latch

inner.latch:
  %acc.in.next = phi i32 [ %v1, %ia ], [ %v2, %ib ]
  %k.next = add nuw nsw i32 %k, 1
  %again = icmp ult i32 %k.next, %lim1
  br i1 %again, label %inner, label %inner.exit

inner.exit:
  %oi = and i32 %o, %i
  %ob = and i32 %oi, 1
  %oc = icmp ne i32 %ob, 0
  br i1 %oc, label %oa, label %outer.latch

oa:
  %acc2 = xor i32 %acc.in.next, 85
  br label %outer.latch

outer.latch:
  %acc.out = phi i32 [ %acc2, %oa ], [ %acc.in.next, %inner.exit ]
  %o.next = add nuw nsw i32 %o, 1
  br label %outer

exit:
  %op = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %acc, ptr %op, align 4
  ret void
}

; A three-way switch that leaves the loop by two of its cases, then an
; unconditional latch.
define ptx_kernel void @switchy(ptr %out, ptr %in) #0 {
entry:
  %i = call i32 @index()
  br label %c

c:
  %k = phi i32 [ 0, %entry ], [ %k.next, %d ]
  %acc = phi i32 [ 1, %entry ], [ %acc.d, %d ]
  %v = add i32 %k, %i
  %w = and i32 %v, 7
  %k.next = add nuw nsw i32 %k, 1
  %acc.next = mul i32 %acc, 3
  switch i32 %w, label %d [
    i32 3, label %leave
    i32 5, label %leave
    i32 6, label %e
  ]

e:
  %acc.e = add i32 %acc.next, %k
  br label %d

d:
  %acc.d = phi i32 [ %acc.next, %c ], [ %acc.e, %e ]
  br label %c

leave:
  %r = phi i32 [ %acc, %c ], [ %acc, %c ]
  %rk = mul i32 %r, %k.next
  %op = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %rk, ptr %op, align 4
  ret void
}

; A loop entered by two edges (lanes of both meet before it).
define ptx_kernel void @twoentries(ptr %out, ptr %in) #0 {
entry:
  %i = call i32 @index()
  %sel = and i32 %i, 1
  %c = icmp ne i32 %sel, 0
  br i1 %c, label %pa, label %pb

pa:
  %x0a = mul i32 %i, 7
  br label %loop

pb:
  %x0b = add i32 %i, 100
  br label %loop

loop:
  %x = phi i32 [ %x0a, %pa ], [ %x0b, %pb ], [ %x.next, %latch ]
  %t = phi i32 [ 0, %pa ], [ 0, %pb ], [ %t.next, %latch ]
  %b = and i32 %x, 1
  %bc = icmp eq i32 %b, 0
  br i1 %bc, label %la, label %lb

la:
  %xa = lshr i32 %x, 1
  br label %latch

lb:
  %xb = mul i32 %x, 3
  %xb1 = add i32 %xb, 1
  br label %latch

latch:
  %x.next = phi i32 [ %xa, %la ], [ %xb1, %lb ]
  %t.next = add i32 %t, 1
  %cont = icmp ugt i32 %x.next, 1
  %lim = icmp ult i32 %t.next, 40
  %go = and i1 %cont, %lim
  br i1 %go, label %loop, label %exit

exit:
  %r = add i32 %x.next, %t.next
  %op = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %r, ptr %op, align 4
  ret void
}

; Loop a leaves straight into loop b's header; b is one block.
define ptx_kernel void @chained(ptr %out, ptr %in) #0 {
entry:
  %i = call i32 @index()
  %mp = getelementptr inbounds i32, ptr %in, i32 %i
  %m = load i32, ptr %mp, align 4
  br label %a

a:
  %j = phi i32 [ 0, %entry ], [ %j.next, %a.latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %a.latch ]
  %more = icmp slt i32 %j, %m
  br i1 %more, label %a.body, label %b

a.body:
  %bit = and i32 %j, %i
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %a.odd, label %a.latch

a.odd:
  %twice = shl i32 %s, 1
  br label %a.latch

a.latch:
  %s.mid = phi i32 [ %twice, %a.odd ], [ %s, %a.body ]
  %s.next = add i32 %s.mid, %j
  %j.next = add nuw nsw i32 %j, 1
  br label %a

b:
  %q = phi i32 [ 0, %a ], [ %q.next, %b ]
  %u = phi i32 [ %s, %a ], [ %u.next, %b ]
  %u.next = add i32 %u, %q
  %q.next = add nuw nsw i32 %q, 1
  %qi = add i32 %q.next, %i
  %again = icmp ult i32 %qi, 9
  br i1 %again, label %b, label %done

done:
  %op = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %u.next, ptr %op, align 4
  ret void
}

; A device function's loop: its leader lane adds to the globals directly.
define i32 @collatz(i32 %x0) #1 {
entry:
  br label %loop

loop:
  %x = phi i32 [ %x0, %entry ], [ %x.next, %latch ]
  %t = phi i32 [ 0, %entry ], [ %t.next, %latch ]
  %b = and i32 %x, 1
  %even = icmp eq i32 %b, 0
  br i1 %even, label %half, label %triple

half:
  %xh = lshr i32 %x, 1
  br label %latch

triple:
  %x3 = mul i32 %x, 3
  %x31 = add i32 %x3, 1
  br label %latch

latch:
  %x.next = phi i32 [ %xh, %half ], [ %x31, %triple ]
  %t.next = add i32 %t, 1
  %big = icmp ugt i32 %x.next, 1
  %short = icmp ult i32 %t.next, 30
  %go = and i1 %big, %short
  br i1 %go, label %loop, label %exit

exit:
  %r = add i32 %x.next, %t.next
  ret i32 %r
}

define ptx_kernel void @helped(ptr %out, ptr %in) #0 {
entry:
  %i = call i32 @index()
  %xp = getelementptr inbounds i32, ptr %in, i32 %i
  %x = load i32, ptr %xp, align 4
  %r = call i32 @collatz(i32 %x)
  %op = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %r, ptr %op, align 4
  ret void
}

define internal i32 @index() #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %dim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %dim
  %i = add i32 %base, %tid
  ret i32 %i
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }
attributes #1 = { noinline "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }
