#!/usr/bin/env python3
"""Counts the floating-point SASS instructions of a cubin, without a GPU.

    sass_ops.py k.cubin [more.cubin ...]     # one line per kernel/function

A cubin is an ELF file; each function's machine code is its section
`.text.<name>`, 16 bytes per instruction. On sm_90 the low 9 bits of an
instruction's first little-endian 64-bit word are its opcode, whatever the
operand forms (register, immediate, constant bank: bits 9-11) and
modifiers (.ftz). Probes assembled with ptxas -arch=sm_90 gave the codes
below (test/fuzz/sass-ops.test assembles them again and checks).

Why: ptxas (--fmad=true) fuses some plain `mul`/`add` pairs that LLVM
leaves, and only the machine code tells which. Counting FFMA/FMUL/FADD of
two compiles of one kernel (clang -O3 against clang -O3 + the contraction
pinner) says whether they fuse alike (fusion_check.py).
"""

import struct
import sys

# Low 9 bits of the first word -> name (sm_90).
OPCODES = {
    0x020: "FMUL",
    0x021: "FADD",
    0x023: "FFMA",
    0x028: "DMUL",
    0x029: "DADD",
    0x02B: "DFMA",
    0x030: "HADD2",
    0x031: "HFMA2",
    0x032: "HMUL2",
    # Not counted: 0x035, HFMA2.MMA, which ptxas also uses to load
    # immediates into registers (in kernels without any f16 arithmetic).
}
CLASSES = ("FFMA", "FMUL", "FADD", "DFMA", "DMUL", "DADD", "HFMA2",
           "HMUL2", "HADD2")
INSTRUCTION_BYTES = 16


class NotACubin(ValueError):
    pass


def text_sections(data):
    """{function name: machine code} of an ELF64 cubin's `.text.*`
    sections."""
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise NotACubin("not an ELF64 file")
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = []
    for i in range(shnum):
        name, _typ, _flags, _addr, offset, size = struct.unpack_from(
            "<IIQQQQ", data, shoff + i * shentsize)
        headers.append((name, offset, size))
    if shstrndx >= len(headers):
        raise NotACubin("no section-name table")
    strtab = headers[shstrndx][1]
    out = {}
    for name, offset, size in headers:
        end = data.index(b"\0", strtab + name)
        section = data[strtab + name:end].decode()
        if section.startswith(".text."):
            out[section[len(".text."):]] = data[offset:offset + size]
    return out


def count_code(code):
    """{class: count} of one function's machine code."""
    counts = dict.fromkeys(CLASSES, 0)
    for i in range(0, len(code) - INSTRUCTION_BYTES + 1, INSTRUCTION_BYTES):
        word = struct.unpack_from("<Q", code, i)[0]
        name = OPCODES.get(word & 0x1FF)
        if name:
            counts[name] += 1
    return counts


def count_cubin(path):
    """{function name: {class: count}} of a cubin file."""
    with open(path, "rb") as f:
        data = f.read()
    return {name: count_code(code)
            for name, code in text_sections(data).items()}


def same_fusions(a, b):
    """Whether two functions' counts show the same fusions: the same number
    of FFMA, DFMA and HFMA2. Multiplies and sums alone may differ without a
    value changing: code generation turns a plain `x * 2.0` into `x + x`
    (exact alike) but leaves `mul.rn` alone, and ptxas folds plain
    products it can simplify (x * rsqrt.approx(1.0)) but not `mul.rn`
    ones. A fusion more or less changes a fused count."""
    return all(a.get(c, 0) == b.get(c, 0) for c in ("FFMA", "DFMA", "HFMA2"))


def format_counts(counts):
    return " ".join(f"{c}={counts[c]}" for c in CLASSES if counts.get(c))


def main(argv=None):
    paths = (argv if argv is not None else sys.argv[1:])
    if not paths:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    for path in paths:
        try:
            functions = count_cubin(path)
        except (OSError, NotACubin, struct.error, ValueError) as e:
            print(f"error: {path}: {e}", file=sys.stderr)
            return 1
        for name in sorted(functions):
            print(f"{path} {name} {format_counts(functions[name]) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
