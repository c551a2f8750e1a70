"""Conan 2 recipe: the header-only engine as the package ``battleship/<VERSION>``.

    conan create . -s compiler.cppstd=20      # package it and build test_package/ against it

Consumers write ``find_package(battleship CONFIG REQUIRED)`` and link ``battleship::battleship``,
exactly as with a plain CMake install. The package is the project's own ``cmake --install`` (the
headers plus the generated ``battleship/version.hpp``), built with the tests, examples, benchmarks
and Python module off, so Conan needs nothing but CMake and a C++20 compiler.
"""

import os

from conan import ConanFile
from conan.tools.build import check_min_cppstd
from conan.tools.cmake import CMake, CMakeToolchain, cmake_layout
from conan.tools.files import copy, load, rmdir


class BattleshipConan(ConanFile):
    name = "battleship"
    description = "A Battleship engine: rules, simulator and strong players (header-only C++20)"
    license = "MIT"
    topics = ("battleship", "game", "simulation", "header-only")
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    exports_sources = "CMakeLists.txt", "VERSION", "LICENSE", "cmake/*", "include/*"
    no_copy_source = True

    def set_version(self):
        # One version for C++, Python and Conan: the VERSION file.
        self.version = load(self, os.path.join(self.recipe_folder, "VERSION")).strip()

    def validate(self):
        # Always: a profile without compiler.cppstd would otherwise build consumers with the
        # compiler's default standard (gnu++17 for g++ 12), and CMakeDeps' target, unlike our
        # own battleshipConfig.cmake, does not carry cxx_std_20.
        check_min_cppstd(self, 20)

    def layout(self):
        cmake_layout(self)

    def generate(self):
        toolchain = CMakeToolchain(self)
        for part in ("TESTS", "EXAMPLES", "BENCH", "DOCS", "PYTHON"):
            toolchain.cache_variables[f"BATTLESHIP_BUILD_{part}"] = False
        toolchain.generate()

    def build(self):
        CMake(self).configure()

    def package(self):
        CMake(self).install()
        copy(self, "LICENSE", self.source_folder, os.path.join(self.package_folder, "licenses"))
        # Consumers get CMakeDeps' config files (package_info below), not ours; the LICENSE is in
        # licenses/ already.
        rmdir(self, os.path.join(self.package_folder, "share"))

    def package_id(self):
        self.info.clear()  # headers only: one package for every configuration

    def package_info(self):
        self.cpp_info.set_property("cmake_file_name", "battleship")
        self.cpp_info.set_property("cmake_target_name", "battleship::battleship")
        # As battleshipConfigVersion.cmake: before 1.0, find_package(battleship 0.1) takes 0.1.x only
        # (CMakeDeps' own default is SameMajorVersion, which would take 0.0.1 or 0.9).
        major = str(self.version).split(".")[0]
        self.cpp_info.set_property("cmake_config_version_compat",
                                   "SameMinorVersion" if major == "0" else "SameMajorVersion")
        self.cpp_info.bindirs = []
        self.cpp_info.libdirs = []
        if self.settings.os in ("Linux", "FreeBSD"):
            self.cpp_info.system_libs = ["pthread"]  # the simulator's worker threads
