# divopt_enable(<target>
#               [REMARKS]
#               [DEVICE_ONLY]
#               [PIPELINE <passes>]
#               [OPTIONS <-divopt-option>...]
#               [ARCHITECTURES <cc>...])
#
# Compiles the CUDA sources of <target> with clang 22 and DivOpt. DivOpt
# runs in optimized compiles (-O1 and above: Release, RelWithDebInfo).
#
#   REMARKS        print what DivOpt did and refused, and why
#                  (-Rpass=divopt -Rpass-missed=divopt -Rpass-analysis=divopt)
#   DEVICE_ONLY    load the plugin in the device compile only; by default it
#                  is loaded in the host compile as well (it leaves host
#                  modules as they are), so that -divopt-* options reach a
#                  compile that knows them
#   PIPELINE       the passes DivOpt runs (-divopt-pipeline), in opt's
#                  -passes syntax, e.g. "function(branch-dist)"
#   OPTIONS        further DivOpt options (-divopt-auto=false, ...)
#   ARCHITECTURES  compute capabilities (90, 90a, 120, ...) when neither the
#                  target's CUDA_ARCHITECTURES nor CMAKE_CUDA_ARCHITECTURES
#                  says (the CXX route below only; see divopt_cuda_as_cxx)
#
# Two routes, chosen by what the project enabled:
#   * the CUDA language with clang (CMAKE_CUDA_COMPILER=clang++-22; CMake
#     3.28 or newer identifies clang 22): the options are added to the
#     target's CUDA compiles;
#   * CMake without a clang CUDA compiler (Debian 12's CMake 3.25): the
#     target's .cu sources become CXX sources compiled by the C++ compiler,
#     which must be clang++-22, as `clang++-22 -x cuda --cuda-gpu-arch=sm_XX`,
#     and the target links CUDA's runtime (CUDA::cudart).
# Compute capabilities 88 and 110 need PTX 9.0, which clang 22 does not
# pick for CUDA 13 on its own: they get --cuda-feature=+ptx90.
include_guard(GLOBAL)

function(_divopt_gpu_arch_flags Out)
  set(Flags)
  foreach(Arch IN LISTS ARGN)
    string(REGEX REPLACE "-(real|virtual)$" "" Arch "${Arch}")
    if(NOT Arch MATCHES "^[0-9]+[af]?$")
      message(FATAL_ERROR "divopt: '${Arch}' is not a compute "
                          "capability (90, 90a, 120, ...)")
    endif()
    list(APPEND Flags --cuda-gpu-arch=sm_${Arch})
    if(Arch MATCHES "^(88|110)")
      list(APPEND Flags --cuda-feature=+ptx90)
    endif()
  endforeach()
  list(REMOVE_DUPLICATES Flags)
  set(${Out} ${Flags} PARENT_SCOPE)
endfunction()

# The compiler must be clang 22: the plugin is built against LLVM 22's API.
function(_divopt_check_compiler Lang)
  set(Id "${CMAKE_${Lang}_COMPILER_ID}")
  set(Version "${CMAKE_${Lang}_COMPILER_VERSION}")
  if(NOT Id STREQUAL "Clang" OR NOT Version MATCHES "^22\\.")
    message(FATAL_ERROR
      "divopt_enable: DivOpt is an LLVM 22 plugin and needs clang 22 as the "
      "${Lang} compiler, not ${Id} ${Version} (${CMAKE_${Lang}_COMPILER}). "
      "Configure with -DCMAKE_${Lang}_COMPILER=clang++-22.")
  endif()
endfunction()

# The target's .cu sources, as absolute paths, into Out.
function(_divopt_cuda_sources Target Out)
  get_target_property(SourceDir ${Target} SOURCE_DIR)
  get_target_property(Sources ${Target} SOURCES)
  set(CudaSources)
  foreach(Source IN LISTS Sources)
    if(Source MATCHES "\\.cu$" AND NOT Source MATCHES "^\\$<")
      get_filename_component(Source "${Source}" ABSOLUTE BASE_DIR "${SourceDir}")
      list(APPEND CudaSources "${Source}")
    endif()
  endforeach()
  if(NOT CudaSources)
    message(FATAL_ERROR "divopt: target '${Target}' has no .cu sources")
  endif()
  set(${Out} ${CudaSources} PARENT_SCOPE)
endfunction()

# divopt_cuda_as_cxx(<target> [ARCHITECTURES <cc>...])
#
# Where CUDA is not an enabled language: compiles the target's .cu sources
# as CXX sources, `clang++-22 -x cuda --cuda-gpu-arch=sm_XX`, and links
# CUDA::cudart; what divopt_enable does on that route, without DivOpt (for
# a target built both ways). The architectures are the target's
# CUDA_ARCHITECTURES, else CMAKE_CUDA_ARCHITECTURES, else ARCHITECTURES.
# They belong to the source file: targets that share a .cu file share them.
# With CUDA enabled it does nothing.
function(divopt_cuda_as_cxx Target)
  cmake_parse_arguments(PARSE_ARGV 1 DIVOPT "" "" "ARCHITECTURES")
  if(DIVOPT_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "divopt_cuda_as_cxx: unknown arguments "
                        "'${DIVOPT_UNPARSED_ARGUMENTS}'")
  endif()
  get_property(Languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("CUDA" IN_LIST Languages)
    return()
  endif()
  _divopt_check_compiler(CXX)
  get_target_property(Archs ${Target} CUDA_ARCHITECTURES)
  if(NOT Archs)
    set(Archs ${CMAKE_CUDA_ARCHITECTURES})
  endif()
  if(NOT Archs)
    set(Archs ${DIVOPT_ARCHITECTURES})
  endif()
  if(NOT Archs)
    message(FATAL_ERROR "divopt: no GPU architecture for '${Target}': set "
                        "its CUDA_ARCHITECTURES (e.g. 90), "
                        "CMAKE_CUDA_ARCHITECTURES, or pass ARCHITECTURES")
  endif()
  _divopt_gpu_arch_flags(ArchFlags ${Archs})
  if(NOT TARGET CUDA::cudart)
    find_package(CUDAToolkit REQUIRED)
  endif()
  get_filename_component(CudaPath "${CUDAToolkit_BIN_DIR}" DIRECTORY)
  _divopt_cuda_sources(${Target} CudaSources)
  foreach(Source IN LISTS CudaSources)
    get_property(Done SOURCE ${Source} TARGET_DIRECTORY ${Target}
                 PROPERTY DIVOPT_CUDA_FLAGS)
    if(Done)
      if(NOT Done STREQUAL "${ArchFlags}")
        message(FATAL_ERROR "divopt: ${Source} is compiled for ${Done} "
                            "already; '${Target}' wants ${ArchFlags}")
      endif()
      continue()
    endif()
    set_property(SOURCE ${Source} TARGET_DIRECTORY ${Target}
                 PROPERTY DIVOPT_CUDA_FLAGS "${ArchFlags}")
    set_property(SOURCE ${Source} TARGET_DIRECTORY ${Target}
                 PROPERTY LANGUAGE CXX)
    set_property(SOURCE ${Source} TARGET_DIRECTORY ${Target} APPEND
                 PROPERTY COMPILE_OPTIONS -xcuda ${ArchFlags}
                 --cuda-path=${CudaPath} -Wno-unknown-cuda-version)
  endforeach()
  target_link_libraries(${Target} PRIVATE CUDA::cudart)
endfunction()

function(divopt_enable Target)
  cmake_parse_arguments(PARSE_ARGV 1 DIVOPT "REMARKS;DEVICE_ONLY" "PIPELINE"
                        "OPTIONS;ARCHITECTURES")
  if(DIVOPT_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "divopt_enable: unknown arguments "
                        "'${DIVOPT_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT TARGET ${Target})
    message(FATAL_ERROR "divopt_enable: no target named '${Target}'")
  endif()
  if(NOT TARGET DivOpt::Plugin)
    message(FATAL_ERROR "divopt_enable: this DivOpt was built without its "
                        "plugin (DIVOPT_BUILD_PLUGIN=OFF)")
  endif()
  get_target_property(Plugin DivOpt::Plugin LOCATION)

  # The LLVM options DivOpt reads.
  set(LlvmOptions ${DIVOPT_OPTIONS})
  if(DEFINED DIVOPT_PIPELINE)
    list(APPEND LlvmOptions "-divopt-pipeline=${DIVOPT_PIPELINE}")
  endif()
  foreach(Option IN LISTS LlvmOptions)
    if(NOT Option MATCHES "^-divopt-")
      message(FATAL_ERROR "divopt_enable: OPTIONS takes DivOpt's -divopt-* "
                          "options, not '${Option}'")
    endif()
  endforeach()

  # SHELL: keeps repeated -Xarch_device and -mllvm from being merged away.
  set(Flags)
  if(DIVOPT_DEVICE_ONLY)
    list(APPEND Flags "SHELL:-Xarch_device -fpass-plugin=${Plugin}")
    foreach(Option IN LISTS LlvmOptions)
      list(APPEND Flags "SHELL:-Xarch_device -mllvm=${Option}")
    endforeach()
  else()
    list(APPEND Flags "-fpass-plugin=${Plugin}")
    foreach(Option IN LISTS LlvmOptions)
      list(APPEND Flags "SHELL:-mllvm ${Option}")
    endforeach()
  endif()
  if(DIVOPT_REMARKS)
    list(APPEND Flags -Rpass=divopt -Rpass-missed=divopt
                      -Rpass-analysis=divopt)
  endif()

  set(CudaSources)
  _divopt_cuda_sources(${Target} CudaSources)
  # A rebuilt plugin recompiles the kernels.
  set_property(SOURCE ${CudaSources} TARGET_DIRECTORY ${Target} APPEND
               PROPERTY OBJECT_DEPENDS "${Plugin}")

  get_property(Languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("CUDA" IN_LIST Languages)
    _divopt_check_compiler(CUDA)
    get_target_property(Archs ${Target} CUDA_ARCHITECTURES)
    foreach(Arch IN LISTS Archs)
      if(Arch MATCHES "^(88|110)")
        list(APPEND Flags --cuda-feature=+ptx90)
        break()
      endif()
    endforeach()
    set(Language CUDA)
  else()
    divopt_cuda_as_cxx(${Target} ARCHITECTURES ${DIVOPT_ARCHITECTURES})
    set(Language CXX)
  endif()
  # On the target, not its sources: a source shared with a target without
  # DivOpt compiles there without it. On the CXX route the flags reach the
  # target's .cpp files too, where they change nothing (DivOpt leaves host
  # modules as they are).
  foreach(Flag IN LISTS Flags)
    target_compile_options(${Target} PRIVATE
                           "$<$<COMPILE_LANGUAGE:${Language}>:${Flag}>")
  endforeach()
  # With the plugin on the host side, launches of split kernels call the
  # <<<>>> hook (docs/HOST-LAUNCH.md); linked as needed or not, as its
  # reference is weak.
  if(NOT DIVOPT_DEVICE_ONLY AND TARGET DivOpt::Launch)
    target_link_options(${Target} PRIVATE "LINKER:--no-as-needed")
    target_link_libraries(${Target} PRIVATE DivOpt::Launch)
    # The hook launches through the shared CUDA runtime: a program linked
    # with the static one (CMake's CUDA default) registers its kernels
    # there, where the hook cannot find them, and runs every kernel
    # unsplit (seen on the GPU machine's CMake 4.4).
    if(Language STREQUAL "CUDA")
      set_target_properties(${Target} PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
    endif()
  endif()
endfunction()
