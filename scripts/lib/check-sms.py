#!/usr/bin/env python3
"""Checks that collected divergence profiles name the device they ran on.

    check-sms.py [--sms N] PROFILE...

Every `launch` line of every PROFILE must carry `sms=<n>` with n the
multiprocessor count of the device the run used (docs/PROFILE-FORMAT.md),
and there must be one launch line at least. Without --sms, the count is
asked of the driver itself (libcuda.so.1 through ctypes: cuInit,
cuDeviceGet, cuDeviceGetAttribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
of device 0, CUDA_VISIBLE_DEVICES applying as it does to the programs), so
that the check does not trust DivOpt's own query. Prints one line; exits 0
when every launch line matches, 1 when one does not, 2 when the driver
cannot be asked or an argument is wrong. Runs on the GPU machine (no LLVM
needed); scripts/profile-gpu.sh and scripts/pgo-bench-gpu.sh call it.
"""
import ctypes
import sys

CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16


def device_sms(ordinal=0):
    """The driver's multiprocessor count of device `ordinal`; raises
    RuntimeError naming the call that failed."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        raise RuntimeError(f"cannot load libcuda.so.1: {e}")

    def check(result, call):
        if result != 0:
            raise RuntimeError(f"{call} failed with CUresult {result}")

    check(cuda.cuInit(0), "cuInit")
    device = ctypes.c_int(0)
    check(cuda.cuDeviceGet(ctypes.byref(device), ordinal), "cuDeviceGet")
    count = ctypes.c_int(0)
    check(cuda.cuDeviceGetAttribute(ctypes.byref(count),
                                    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                    device),
          "cuDeviceGetAttribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)")
    if count.value < 1:
        raise RuntimeError(f"the driver says {count.value} SMs")
    return count.value


def launch_sms(line):
    """The value of a launch line's sms= field; None without one."""
    for word in line.split()[2:]:
        key, _, value = word.partition("=")
        if key == "sms":
            return value
    return None


def check(paths, sms):
    """(ok, message) for the launch lines of the profiles at paths."""
    lines, wrong = 0, []
    for path in paths:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if not line.startswith("launch "):
                    continue
                lines += 1
                if launch_sms(line) != str(sms):
                    wrong.append(f"{path}:{number}: {line.strip()}")
    if lines == 0:
        return False, f"no launch lines in {len(paths)} profile(s)"
    if wrong:
        return False, (f"{len(wrong)} of {lines} launch lines lack "
                       f"sms={sms}, e.g. {wrong[0]}")
    return True, (f"all {lines} launch lines in {len(paths)} profile(s) "
                  f"carry sms={sms} (the device's count)")


def main(argv):
    sms = None
    if len(argv) >= 2 and argv[0] == "--sms":
        if not argv[1].isdigit() or int(argv[1]) < 1:
            print(f"check-sms: --sms {argv[1]}: not a count >= 1")
            return 2
        sms, argv = int(argv[1]), argv[2:]
    if not argv:
        print("usage: check-sms.py [--sms N] PROFILE...")
        return 2
    if sms is None:
        try:
            sms = device_sms()
        except RuntimeError as e:
            print(f"check-sms: the device's SM count: {e}")
            return 2
    try:
        ok, message = check(argv, sms)
    except OSError as e:
        print(f"check-sms: {e}")
        return 2
    print(message)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
