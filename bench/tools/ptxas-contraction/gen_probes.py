# PTX probes: does ptxas (--fmad=true) contract plain mul/add pairs?
# Writes probes.ptx: one kernel per way a plain mul can meet its add (same
# block, across blocks, through a PHI or a selp, .rn forms, f64); run.sh
# assembles it with ptxas -O3 and -O0 and counts FFMA/FMUL/FADD per kernel.
hdr = """.version 8.8
.target sm_90
.address_size 64
"""
def k(name, body, regs="f32", ty="f32"):
    return f""".visible .entry {name}(.param .u64 P, .param .{ty} A, .param .{ty} B, .param .{ty} C, .param .u32 T)
{{
  .reg .pred %p<4>; .reg .{ty} %f<20>; .reg .b64 %rd<4>; .reg .b32 %r<4>;
  ld.param.u64 %rd1, [P]; cvta.to.global.u64 %rd2, %rd1;
  ld.param.{ty} %f1, [A]; ld.param.{ty} %f2, [B]; ld.param.{ty} %f3, [C];
  ld.param.u32 %r1, [T]; and.b32 %r2, %r1, 1; setp.ne.u32 %p1, %r2, 0;
{body}
  ret;
}}
"""
W = lambda r, ty="f32": f"  st.global.{ty} [%rd2], {r};\n"
probes = {
 "same_block": "  mul.f32 %f4, %f1, %f2;\n  add.f32 %f5, %f4, %f3;\n" + W("%f5"),
 "same_block_2uses": "  mul.f32 %f4, %f1, %f2;\n  add.f32 %f5, %f4, %f3;\n" + W("%f5") + W("%f4"),
 "same_block_2adds": "  mul.f32 %f4, %f1, %f2;\n  add.f32 %f5, %f4, %f3;\n  add.f32 %f6, %f4, %f1;\n" + W("%f5") + W("%f6"),
 "xblock_1use": "  mul.f32 %f4, %f1, %f2;\n  @%p1 bra L1;\n  add.f32 %f5, %f4, %f3;\n" + W("%f5") + "L1:\n",
 "xblock_2arms": "  mul.f32 %f4, %f1, %f2;\n  @%p1 bra L1;\n  add.f32 %f5, %f4, %f3;\n" + W("%f5") + "  bra.uni L2;\nL1:\n  sub.f32 %f6, %f4, %f3;\n" + W("%f6") + "L2:\n",
 "xblock_join": "  mul.f32 %f4, %f1, %f2;\n  @%p1 bra L1;\n" + W("%f3") + "L1:\n  add.f32 %f5, %f4, %f3;\n" + W("%f5"),
 "phi_muls": "  @%p1 bra L1;\n  mul.f32 %f4, %f1, %f2;\n  bra.uni L2;\nL1:\n  mul.f32 %f4, %f1, %f3;\nL2:\n  add.f32 %f5, %f4, %f3;\n" + W("%f5"),
 "selp_mul": "  mul.f32 %f4, %f1, %f2;\n  mul.f32 %f6, %f1, %f3;\n  selp.f32 %f7, %f4, %f6, %p1;\n  add.f32 %f5, %f7, %f3;\n" + W("%f5"),
 "sub_subtrahend": "  mul.f32 %f4, %f1, %f2;\n  sub.f32 %f5, %f3, %f4;\n" + W("%f5"),
 "mul_rn": "  mul.rn.f32 %f4, %f1, %f2;\n  add.f32 %f5, %f4, %f3;\n" + W("%f5"),
 "add_rn": "  mul.f32 %f4, %f1, %f2;\n  add.rn.f32 %f5, %f4, %f3;\n" + W("%f5"),
 "loop": "  mul.f32 %f4, %f1, %f2;\n  mov.f32 %f5, %f3;\n  mov.u32 %r3, 0;\nL1:\n  add.f32 %f5, %f4, %f5;\n  add.u32 %r3, %r3, 1;\n  setp.lt.u32 %p2, %r3, %r1;\n  @%p2 bra L1;\n" + W("%f5"),
 "xblock_1use_far": "  mul.f32 %f4, %f1, %f2;\n  @%p1 bra L1;\n  mul.f32 %f8, %f3, %f3;\n  mul.f32 %f9, %f8, %f8;\n" + W("%f9") + "  add.f32 %f5, %f4, %f3;\n" + W("%f5") + "L1:\n",
 "neg_add": "  mul.f32 %f4, %f1, %f2;\n  neg.f32 %f6, %f4;\n  add.f32 %f5, %f6, %f3;\n" + W("%f5"),
}
src = hdr
for n, b in probes.items():
    src += k(n, b)
# double
src += k("f64_xblock_1use", "  mul.f64 %f4, %f1, %f2;\n  @%p1 bra L1;\n  add.f64 %f5, %f4, %f3;\n" + W("%f5","f64") + "L1:\n", ty="f64")
src += k("f64_same_block", "  mul.f64 %f4, %f1, %f2;\n  add.f64 %f5, %f4, %f3;\n" + W("%f5","f64"), ty="f64")
open("probes.ptx", "w").write(src)
