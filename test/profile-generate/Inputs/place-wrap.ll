; Stores what the place function returns for a block into Out[0..3], for
; the host driver of block-spread.test (a struct return's ABI differs
; between the device and the host; four stores do not).
declare { i32, i32, i32, i1 } @divopt.prof.block.place(i32, i32, i32, i32, i32, i32)

define void @place_block(i32 %x, i32 %y, i32 %z, i32 %nx, i32 %ny, i32 %nz, ptr %out) {
  %r = call { i32, i32, i32, i1 } @divopt.prof.block.place(i32 %x, i32 %y, i32 %z, i32 %nx, i32 %ny, i32 %nz)
  %lx = extractvalue { i32, i32, i32, i1 } %r, 0
  %ly = extractvalue { i32, i32, i32, i1 } %r, 1
  %lz = extractvalue { i32, i32, i32, i1 } %r, 2
  %c = extractvalue { i32, i32, i32, i1 } %r, 3
  %cw = zext i1 %c to i32
  store i32 %lx, ptr %out
  %p1 = getelementptr i32, ptr %out, i32 1
  store i32 %ly, ptr %p1
  %p2 = getelementptr i32, ptr %out, i32 2
  store i32 %lz, ptr %p2
  %p3 = getelementptr i32, ptr %out, i32 3
  store i32 %cw, ptr %p3
  ret void
}
