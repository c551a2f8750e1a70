"""The stubs and the public package type-check: mypy --strict passes on the package and on the
Python examples."""

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


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_the_examples_run(path, python_env):
    env = dict(python_env, MPLBACKEND="Agg")
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("rules", ["classic", "russian"])
def test_the_self_play_example_prints_its_table(rules, python_env):
    pytest.importorskip("pettingzoo")
    script = ROOT / "examples" / "python" / "self_play.py"
    done = subprocess.run(
        [sys.executable, str(script), "--episodes", "3", "--rules", rules],
        capture_output=True, text=True, env=python_env, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{rules} rules, 3 matches a pair") and "steps a second" in lines[-1]
    table = {line[:24].strip(): line[24:].split() for line in lines[2:6]}  # 24-character columns
    assert list(table) == ["random", "parity", "probability 20% random", "probability"]
    assert table["random"] == ["-", "0.0%", "0.0%", "0.0%"]  # random never wins
    assert table["probability"][0] == "100.0%" and table["probability"][3] == "-"


@pytest.mark.parametrize("rules", ["salvo", "russian"])
def test_the_duel_baselines_run_under_other_rules(rules, python_env):
    script = ROOT / "examples" / "python" / "duel_baselines.py"
    done = subprocess.run(
        [sys.executable, str(script), "--episodes", "4", "--rules", rules],
        capture_output=True, text=True, env=python_env, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{rules} rules" in done.stdout and done.stdout.count("wins") == 4
