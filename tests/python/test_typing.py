"""The stubs and the public package type-check: mypy --strict passes on the package and on the
Python examples (test_examples.py runs the examples)."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "python").glob("*.py"))


def test_mypy_strict_passes_on_the_examples(python_env, tmp_path):
    pytest.importorskip("mypy")
    assert EXAMPLES
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), *map(str, EXAMPLES)],
        capture_output=True, text=True, env=python_env,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_passes_on_the_package(python_env, tmp_path):
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "-p", "battleship"],
        capture_output=True, text=True, env=python_env, cwd=tmp_path,  # the installed package
    )
    assert done.returncode == 0, done.stdout + done.stderr
