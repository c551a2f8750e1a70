"""The package managers' recipes agree with the project: one version, one target name."""

import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_the_vcpkg_port_has_the_project_version():
    port = json.loads((ROOT / "packaging/vcpkg/battleship/vcpkg.json").read_text())
    assert port["version"] == (ROOT / "VERSION").read_text().strip()
    assert port["license"] == "MIT"


def test_the_conan_recipe_reads_the_version_file_and_exports_the_cmake_target():
    recipe = (ROOT / "conanfile.py").read_text()
    assert re.search(r'load\(self, os\.path\.join\(self\.recipe_folder, "VERSION"\)\)', recipe)
    assert '"cmake_target_name", "battleship::battleship"' in recipe
    assert 'license = "MIT"' in recipe


def test_the_python_build_asks_for_the_cmake_the_project_needs():
    # scikit-build-core takes any cmake on PATH that meets cmake.version; one older than the
    # root CMakeLists.txt's minimum would fail the build instead of being replaced from PyPI.
    lists = (ROOT / "CMakeLists.txt").read_text()
    cmake = re.search(r"cmake_minimum_required\(VERSION (\d+\.\d+(?:\.\d+)?)", lists)
    pyproject = re.search(r'^cmake\.version = ">=([\d.]+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert cmake and pyproject
    assert pyproject.group(1) == cmake.group(1)
