# Finds LLVM 22. Two traps on Debian 12: LLVM's version file compares
# major.minor, so find_package(LLVM 22) rejects 22.1.x, and without a hint
# CMake may pick the preinstalled LLVM 14. So: hint the LLVM 22 prefix, then
# check the major version ourselves.
set(DIVOPT_LLVM_HINTS /usr/lib/llvm-22/lib/cmake/llvm /usr/lib/llvm-22)
find_package(LLVM CONFIG HINTS ${DIVOPT_LLVM_HINTS} NO_DEFAULT_PATH)
if(NOT LLVM_FOUND)
  find_package(LLVM CONFIG)
endif()
set(_divopt_llvm_help
    "DivOpt needs LLVM 22. On Debian 12 install it with:\n"
    "  apt-get install llvm-22-dev clang-22 llvm-22-tools\n"
    "(or run scripts/setup.sh), or point LLVM_DIR at LLVM 22's lib/cmake/llvm.")
if(NOT LLVM_FOUND)
  message(FATAL_ERROR "LLVM was not found. " ${_divopt_llvm_help})
endif()
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "Found LLVM ${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}, "
                      "not LLVM 22. " ${_divopt_llvm_help})
endif()
message(STATUS "DivOpt: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")

separate_arguments(LLVM_DEFINITIONS_LIST NATIVE_COMMAND ${LLVM_DEFINITIONS})
set(DIVOPT_LLVM_DEFINITIONS ${LLVM_DEFINITIONS_LIST})
set(DIVOPT_LLVM_INCLUDE_DIRS ${LLVM_INCLUDE_DIRS})
# Honour LLVM's own RTTI and exception settings: a plugin built with
# different ones fails to load (typeinfo) or to link.
set(DIVOPT_LLVM_CXX_FLAGS "")
if(NOT LLVM_ENABLE_RTTI)
  list(APPEND DIVOPT_LLVM_CXX_FLAGS -fno-rtti)
endif()
if(NOT LLVM_ENABLE_EH)
  list(APPEND DIVOPT_LLVM_CXX_FLAGS -fno-exceptions)
endif()
set(DIVOPT_LLVM_TOOLS_DIR ${LLVM_TOOLS_BINARY_DIR})

# Compile flags every target that includes LLVM headers needs.
function(divopt_llvm_target target)
  target_include_directories(${target} SYSTEM PRIVATE ${DIVOPT_LLVM_INCLUDE_DIRS})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR})
  target_compile_definitions(${target} PRIVATE ${DIVOPT_LLVM_DEFINITIONS})
  target_compile_options(${target} PRIVATE ${DIVOPT_LLVM_CXX_FLAGS})
endfunction()
