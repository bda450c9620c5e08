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

config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%divopt_src", config.divopt_src_root))
config.substitutions.append(
    ("%divopt-opt", f"{opt} -load-pass-plugin {plugin}"))
config.substitutions.append(("%opt", opt))
config.substitutions.append(
    ("%clang-cuda",
     f"{clang} -x cuda --cuda-gpu-arch=sm_90 --cuda-path={config.cuda_path} "
     "-Wno-unknown-cuda-version"))
config.substitutions.append(("%clang", clang))

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
if os.path.exists(os.path.join(config.cuda_path, "include", "cuda_runtime.h")):
    config.available_features.add("cuda")
