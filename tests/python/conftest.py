"""Shared fixtures: the package under test is whichever `battleship` is importable (the installed
one after `pip install .`, or the CMake build tree through PYTHONPATH under CTest)."""

from __future__ import annotations

import os
import pathlib
import sys

import pytest
import tempfile

from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

# Nothing is written into the source tree: no example database, Hypothesis' files in /tmp.
set_hypothesis_home_dir(os.path.join(tempfile.gettempdir(), "battleship-hypothesis"))
settings.register_profile("battleship", database=None)
settings.load_profile("battleship")

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture
def python_env() -> dict[str, str]:
    """The environment for subprocesses: the same interpreter, the same import path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in sys.path if p)
    return env
