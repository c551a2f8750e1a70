# Install and export rules: find_package(battleship CONFIG) gives battleship::battleship.
include(CMakePackageConfigHelpers)

# A cache variable so that package managers (vcpkg) can put the config files where they want.
set(BATTLESHIP_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/battleship" CACHE STRING
    "Where battleshipConfig.cmake is installed, relative to the prefix")

install(TARGETS battleship_battleship EXPORT battleshipTargets)
install(DIRECTORY include/ DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
        FILES_MATCHING PATTERN "*.hpp") # headers only: no editor or patch leftovers
install(FILES "${PROJECT_BINARY_DIR}/generated/battleship/version.hpp"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/battleship")
install(EXPORT battleshipTargets NAMESPACE battleship:: DESTINATION "${BATTLESHIP_INSTALL_CMAKEDIR}")

configure_package_config_file(cmake/battleshipConfig.cmake.in
  "${PROJECT_BINARY_DIR}/battleshipConfig.cmake"
  INSTALL_DESTINATION "${BATTLESHIP_INSTALL_CMAKEDIR}")
# Before 1.0 a minor release may break the API, so 0.1 accepts 0.1.x only; from 1.0, the major.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(battleship_compatibility SameMinorVersion)
else()
  set(battleship_compatibility SameMajorVersion)
endif()
write_basic_package_version_file("${PROJECT_BINARY_DIR}/battleshipConfigVersion.cmake"
  COMPATIBILITY ${battleship_compatibility} ARCH_INDEPENDENT)
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/battleship")
install(FILES "${PROJECT_BINARY_DIR}/battleshipConfig.cmake"
              "${PROJECT_BINARY_DIR}/battleshipConfigVersion.cmake"
        DESTINATION "${BATTLESHIP_INSTALL_CMAKEDIR}")
