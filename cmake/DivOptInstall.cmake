# What `cmake --install` puts where, the CMake package that
# find_package(DivOpt CONFIG) reads, and the Debian package (cpack -G DEB).
#
#   lib/libDivOpt.so                       the pass plugin (DivOpt::Plugin)
#   lib/libdivopt-launch.so                the <<<>>> launch hook of split kernels
#   lib/libdivopt-runtime.a, ...           the runtime (DivOpt::Runtime) and
#                                          what it links (DivOpt::Regroup,
#                                          DivOpt::Model)
#   include/divopt/runtime/*.h             the runtime's headers, included as
#   include/divopt/analysis/model/*.h      "runtime/Launch.h"
#   bin/divopt-explain                     what DivOpt does to a .cu file
#   bin/divopt-profdata                    merges and shows divergence profiles
#   bin/divopt-report                      where a profiled run diverged, what
#                                          it cost, what DivOpt did (Python 3)
#   lib/libDivOptProfile.a,                the profile format (DivOpt::Profile)
#   include/divopt/profile/*.h
#   lib/cmake/DivOpt/                      DivOptConfig.cmake, divopt_enable()
#   share/doc/divopt/                      README, DESIGN, LICENSE
include(CMakePackageConfigHelpers)

set(DIVOPT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/DivOpt)
set(_divopt_exported DivOptModel DivOptProfile)
if(DIVOPT_BUILD_PLUGIN)
  list(APPEND _divopt_exported DivOpt)
endif()
if(DIVOPT_BUILD_RUNTIME)
  # divopt-launch: the <<<>>> hook a program links (-ldivopt-launch).
  list(APPEND _divopt_exported divopt-regroup divopt-launch-plan
       divopt-runtime divopt-launch)
endif()
install(TARGETS ${_divopt_exported}
  EXPORT DivOptTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT DivOpt
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT DivOpt)

# Headers keep their source-tree paths under include/divopt, so the
# runtime's own includes ("runtime/Kernel.h") resolve as in the build.
install(DIRECTORY analysis/model/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/divopt/analysis/model
  COMPONENT DivOpt FILES_MATCHING PATTERN "*.h")
if(DIVOPT_BUILD_RUNTIME)
  install(DIRECTORY runtime/
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/divopt/runtime
    COMPONENT DivOpt FILES_MATCHING PATTERN "*.h")
endif()

install(DIRECTORY profile/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/divopt/profile
  COMPONENT DivOpt FILES_MATCHING PATTERN "*.h")
install(TARGETS divopt-profdata RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  COMPONENT DivOpt)

install(PROGRAMS scripts/explain.sh DESTINATION ${CMAKE_INSTALL_BINDIR}
  RENAME divopt-explain COMPONENT DivOpt)
install(PROGRAMS tools/divopt-report/divopt-report.py
  DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME divopt-report COMPONENT DivOpt)
install(FILES README.md LICENSE docs/DESIGN.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT DivOpt)

install(EXPORT DivOptTargets NAMESPACE DivOpt::
  DESTINATION ${DIVOPT_INSTALL_CMAKEDIR} COMPONENT DivOpt)
configure_package_config_file(cmake/DivOptConfig.cmake.in
  ${PROJECT_BINARY_DIR}/DivOptConfig.cmake
  INSTALL_DESTINATION ${DIVOPT_INSTALL_CMAKEDIR})
# 0.x releases promise nothing across minor versions.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/DivOptConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
# The same package in the build tree (DivOpt_DIR=build), for tests and for
# projects built against a DivOpt that is not installed.
export(EXPORT DivOptTargets NAMESPACE DivOpt::
  FILE ${PROJECT_BINARY_DIR}/DivOptTargets.cmake)
configure_file(cmake/DivOptEnable.cmake ${PROJECT_BINARY_DIR}/DivOptEnable.cmake
  COPYONLY)
install(FILES
  ${PROJECT_BINARY_DIR}/DivOptConfig.cmake
  ${PROJECT_BINARY_DIR}/DivOptConfigVersion.cmake
  cmake/DivOptEnable.cmake
  DESTINATION ${DIVOPT_INSTALL_CMAKEDIR} COMPONENT DivOpt)

# Debian package: the same files under /usr.
set(CPACK_PACKAGE_NAME divopt)
set(CPACK_PACKAGE_VENDOR "DivOpt")
set(CPACK_PACKAGE_CONTACT "DivOpt developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "LLVM 22 pass plugin that removes SIMT branch divergence from CUDA kernels")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The plugin is loaded by clang 22 and opt 22; linking a CUDA program that
# clang compiles and links in one step needs clang-linker-wrapper.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-22, llvm-22, clang-tools-22")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
include(CPack)
