"""The stubs and the public package type-check: mypy --strict passes on the package and on the
Python examples (test_examples.py runs the examples)."""

import ast
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = [*sorted((ROOT / "examples" / "python").glob("*.py")), *(ROOT / "examples" / "plugin_package").glob("*.py")]


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


# What stubtest reports that the stub is right to leave out: every pybind11 class has pybind11's
# metaclass, and GameOutcome and EloRatings have no constructor (pybind11 gives them one that
# raises TypeError).
PYBIND11_ONLY = (
    "is inconsistent, metaclass differs",
    "GameOutcome.__init__ is inconsistent",
    "EloRatings.__init__ is inconsistent",
)


def test_stubtest_finds_the_extension_as_its_stub_describes_it(python_env, tmp_path):
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "battleship._core", "--mypy-config-file", str(ROOT / "pyproject.toml")],
        capture_output=True, text=True, env=python_env, cwd=tmp_path,  # the installed package
    )
    errors = [line for line in done.stdout.splitlines() if line.startswith("error: ")]
    assert errors or done.returncode == 0, done.stdout + done.stderr
    left = [line for line in errors if not any(known in line for known in PYBIND11_ONLY)]
    assert not left, "\n".join(left)


def _runtime_parameters(function, name):
    """Each overload's parameter names, from the first lines of a pybind11 docstring
    (pybind11 calls an unnamed parameter arg0, arg1, ...)."""
    overloads = []
    for line in (function.__doc__ or "").splitlines():
        match = re.match(r"(?:\d+\. )?" + re.escape(name) + r"\((.*)\) ->", line)
        if match is None:
            continue
        depth, names, token = 0, [], ""
        for char in match[1] + ",":
            depth += char in "([{"
            depth -= char in ")]}"
            if char == "," and depth == 0:
                word = re.match(r"\s*(\*{0,2}\w*)", token)[1]
                if word not in ("self", "/", "*", ""):
                    names.append("**" if word.startswith("**") else word)
                token = ""
            else:
                token += char
        overloads.append(names)
    return overloads


def _stub_parameters(function):
    """The names a caller of the stub's function would use; a positional-only parameter is named
    as pybind11 names an unnamed one."""
    args = function.args
    only = [a.arg for a in args.posonlyargs if a.arg != "self"]
    names = [f"arg{i}" for i in range(len(only))] + [a.arg for a in args.args if a.arg != "self"]
    if args.vararg:
        names.append("*" + args.vararg.arg)
    names += [a.arg for a in args.kwonlyargs]
    if args.kwarg:
        names.append("**")
    return names


def test_every_stub_function_takes_the_parameters_the_extension_takes():
    # stubtest cannot see pybind11's signatures; their docstrings can. A stub that names a
    # parameter the extension calls arg0 promises a keyword argument that raises TypeError.
    import battleship
    from battleship import _core

    stub = ast.parse((pathlib.Path(battleship.__file__).parent / "_core.pyi").read_text())
    checked, wrong = 0, []
    for node in stub.body:
        if isinstance(node, ast.FunctionDef):
            scopes, functions = [_core], [node]
        elif isinstance(node, ast.ClassDef):
            name = node.name
            sized = [name[1:] + size for size in ("_128", "_1024")]
            scopes = [getattr(_core, n) for n in (sized if name.startswith("_") else [name])]
            functions = [f for f in node.body if isinstance(f, ast.FunctionDef)]
        else:
            continue
        for function in functions:
            is_property = any(getattr(d, "id", None) == "property" for d in function.decorator_list)
            if is_property or (function.name.startswith("__") and function.name != "__init__"):
                continue
            for scope in scopes:
                runtime = _runtime_parameters(getattr(scope, function.name), function.name)
                checked += 1
                stub_names = _stub_parameters(function)
                if stub_names not in runtime:
                    label = f"{getattr(scope, '__name__', '')}.{function.name}"
                    wrong.append(f"{label}: stub {stub_names}, runtime {runtime}")
    assert checked > 100
    assert not wrong, "\n".join(wrong)
