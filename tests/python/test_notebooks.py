"""Every notebook under examples/notebooks runs from top to bottom, and prints what its text
says it shows."""

import json
import os
import pathlib
import re
import sys

import pytest

import battleship

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "examples" / "notebooks").glob("*.ipynb"))

# What each notebook's prose claims of its printed output, as patterns over its lines: issue 6's
# known optima; the centre is probability's first shot and perfect play fires elsewhere; the
# engine's parity beats PyShips' mean of 65.
CLAIMS = {
    "perfect_play.ipynb": [
        r"^3 x 3 \{2\}\s+4\.5000 ",
        r"^4 x 4 \{3\}\s+5\.6250 ",
        r"^4 x 4 \{2, 2\}\s+8\.6696 ",
        r"^probability fires first at C3$",
        r"^perfect play fires first at (?!C3$)[A-E][1-5]$",
    ],
    "pyships_compare.ipynb": [
        r"^parity\s+always under 80 shots, mean about 65\s+mean (?:[0-5]\d|6[0-4])\.\d\d, ",
        r"^shots: 30  hits: \d+  misses told: \d+  open cells: 70$",  # the board after 30 shots
    ],
}


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
    streams = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs if o.output_type == "stream"]
    # A search longer than a second may draw a progress bar there; nothing may warn.
    assert not [o.text for o in streams if o.name == "stderr" and "Warning" in o.text]
    printed = "".join(o.text for o in streams if o.name == "stdout")
    for claim in CLAIMS.get(path.name, []):
        assert re.search(claim, printed, re.MULTILINE), (claim, printed)


def test_there_is_a_notebook():
    assert NOTEBOOKS
    assert set(CLAIMS) <= {p.name for p in NOTEBOOKS}
