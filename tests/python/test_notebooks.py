"""Every notebook under examples/notebooks runs from top to bottom."""

import json
import os
import pathlib
import sys

import pytest

import battleship

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "examples" / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    # The kernel imports the battleship package these tests import (installed or a build tree).
    here = str(pathlib.Path(battleship.__file__).resolve().parents[1])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([here, os.environ.get("PYTHONPATH", "")]))
    # The kernel runs this interpreter: a kernelspec of its own, first on JUPYTER_PATH, so that a
    # user's `python3` kernelspec (another interpreter) cannot stand in for the one under test.
    spec = tmp_path / "jupyter" / "kernels" / "battleship-under-test"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "under test", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", os.pathsep.join([str(tmp_path / "jupyter"), os.environ.get("JUPYTER_PATH", "")]))
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="battleship-under-test", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    errors = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs if o.output_type == "error"]
    assert not errors


def test_there_is_a_notebook():
    assert NOTEBOOKS
