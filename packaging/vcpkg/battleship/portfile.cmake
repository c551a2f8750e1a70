# vcpkg overlay port for this checkout (header-only, so one release configuration):
#
#   vcpkg install battleship --overlay-ports=<checkout>/packaging/vcpkg
#
# Consumers then write find_package(battleship CONFIG REQUIRED) and link battleship::battleship.
# The port installs the project's own `cmake --install` (headers plus the generated
# battleship/version.hpp) with the tests, examples, benchmarks and Python module off. For a
# registry port, replace SOURCE_PATH with vcpkg_from_github(... REF <release tag> SHA512 ...).
# vcpkg's cache keys hash this folder, not the checkout: after the checkout changes, run
# `vcpkg remove battleship` and install again with --no-binarycaching.
set(SOURCE_PATH "${CMAKE_CURRENT_LIST_DIR}/../../..")
set(VCPKG_BUILD_TYPE release)

vcpkg_cmake_configure(
  SOURCE_PATH "${SOURCE_PATH}"
  OPTIONS
    -DBATTLESHIP_BUILD_TESTS=OFF
    -DBATTLESHIP_BUILD_EXAMPLES=OFF
    -DBATTLESHIP_BUILD_BENCH=OFF
    -DBATTLESHIP_BUILD_DOCS=OFF
    -DBATTLESHIP_BUILD_PYTHON=OFF
    -DBATTLESHIP_INSTALL_CMAKEDIR=share/battleship)
vcpkg_cmake_install()
vcpkg_cmake_config_fixup(PACKAGE_NAME battleship CONFIG_PATH share/battleship)

file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/debug" "${CURRENT_PACKAGES_DIR}/lib")
file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
