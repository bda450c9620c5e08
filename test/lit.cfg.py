# lit configuration for DivOpt's FileCheck tests.
import os
import shutil
import sys

import lit.formats

config.name = "DivOpt"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.divopt_obj_root, "test")

tools = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join(
    [tools, config.environment.get("PATH", "")])

opt = os.path.join(tools, "opt")
clang = os.path.join(tools, "clang++")
plugin = config.divopt_plugin

# A plugin built with ASan and UBSan (-DDIVOPT_ENABLE_SANITIZERS=ON; lit
# --param sanitizer_runtime=PATH overrides the runtime CMake found) runs the
# same tests: opt and clang are not instrumented, so they run through
# wrappers that preload the sanitizer runtime, and every test, script and
# substitution that loads the plugin uses the wrappers. A sanitizer report
# aborts the tool: a crash, which fails the test even under `not`.
sanitizer_runtime = lit_config.params.get(
    "sanitizer_runtime", getattr(config, "sanitizer_runtime", ""))
wrapped_tools = tools
if sanitizer_runtime:
    sys.path.insert(0, os.path.dirname(__file__))
    import sanitized_tools

    if not os.path.isfile(sanitizer_runtime):
        lit_config.fatal(f"sanitizer runtime {sanitizer_runtime} not found")
    wrapped_tools = sanitized_tools.write_wrappers(
        os.path.join(config.test_exec_root, "sanitized-tools"), tools,
        sanitizer_runtime)
    opt = os.path.join(wrapped_tools, "opt")
    clang = os.path.join(wrapped_tools, "clang++")
    # scripts/fuzz/variants.py compiles with $CLANG.
    config.environment["CLANG"] = clang
    config.available_features.add("sanitizers")
    lit_config.note(f"sanitized plugin: opt and clang preload "
                    f"{sanitizer_runtime}")
config.divopt_opt = opt
# The CPU-time limit of the compile-time tests (`ulimit -t %cpu-seconds`):
# 3 s, about 2.5 times what they take here, and 9 s under the sanitizers,
# where the plugin runs about 2.5 times slower. CPU time, not wall time, so
# the machine's load counts only through shared caches.
config.substitutions.append(
    ("%cpu-seconds", "9" if sanitizer_runtime else "3"))
config.substitutions.append(("%llvm_tools", wrapped_tools))

config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%divopt_src", config.divopt_src_root))
config.substitutions.append(("%divopt_obj", config.divopt_obj_root))
config.substitutions.append(
    ("%divopt-opt", f"{opt} -load-pass-plugin {plugin}"))
config.substitutions.append(("%opt", opt))
config.substitutions.append(
    ("%clang-cuda",
     f"{clang} -x cuda --cuda-gpu-arch=sm_90 --cuda-path={config.cuda_path} "
     "-Wno-unknown-cuda-version"))
# The same without a GPU architecture: tests name their own.
config.substitutions.append(
    ("%clang-gpu",
     f"{clang} -x cuda --cuda-path={config.cuda_path} "
     "-Wno-unknown-cuda-version"))
config.substitutions.append(("%cuda_path", config.cuda_path))
# divopt-profdata, the divergence profile tool (plain C++, always built).
config.substitutions.append(
    ("%profdata",
     os.path.join(config.divopt_obj_root, "tools", "divopt-profdata",
                  "divopt-profdata")))
# divopt-report (Python 3), run from the source tree.
config.substitutions.append(
    ("%report",
     f"{sys.executable} " + os.path.join(config.divopt_src_root, "tools",
                                         "divopt-report",
                                         "divopt-report.py")))
config.substitutions.append(("%clang", clang))

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
if os.path.exists(os.path.join(config.cuda_path, "include", "cuda_runtime.h")):
    config.available_features.add("cuda")
# Linking a CUDA program: CUDA's runtime library, and clang-linker-wrapper
# for a compile and link in one clang command.
if os.path.exists(os.path.join(config.cuda_path, "lib64", "libcudart.so")):
    config.available_features.add("cudart")
if os.path.exists(os.path.join(tools, "clang-linker-wrapper")):
    config.available_features.add("clang-linker-wrapper")
# The GPU fuzzing runner (built with the runtime); --check-pack needs no GPU.
fuzz_runner = os.path.join(config.divopt_obj_root, "bench", "fuzz",
                           "divopt-fuzz-runner")
if os.path.exists(fuzz_runner):
    config.available_features.add("fuzz-runner")
    config.substitutions.append(
        ("%fuzz-runner",
         "env LD_LIBRARY_PATH=" +
         os.path.join(config.divopt_obj_root, "stub-driver") + " " +
         fuzz_runner))
# libdivopt-launch.so, the <<<>>> launch hook (built with the runtime).
launch_lib_dir = os.path.join(config.divopt_obj_root, "runtime")
if os.path.exists(os.path.join(launch_lib_dir, "libdivopt-launch.so")):
    config.available_features.add("launch-hook")
config.substitutions.append(("%divopt_launch_lib_dir", launch_lib_dir))
