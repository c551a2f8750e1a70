"""Plots with matplotlib (imported only when a plot is drawn; ``pip install matplotlib``).

- ``shots_distribution(results)``: the distribution of shots to win for several shooters in one
  figure, the chart of seed 001 (PyShips): shots fired on x, games finished with that many shots
  on y.
- ``miss_phases(results)``: where each shooter's shots go, a bar a shooter: its hits, and its
  misses while hunting, hunting the last ship and targeting (``simulate(..., phases=True)``).
- ``board(ocean_or_view)``: a picture of a board.
- ``probability_map(posterior_or_array)``: the probability of a ship in each cell, as a heat map
  (the DataGenetics picture, from the exact posterior of ``battleship.Posterior``).
- ``figure_file(path)``: the file a figure will be saved to, checked before the work that makes
  the figure (a long run should not end in a failed ``savefig``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from typing import TYPE_CHECKING, Any, Iterable, List, Mapping, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from battleship import _core
from battleship._arguments import check_writable
from battleship.board import Ocean, TargetView
from battleship.posterior import Posterior
from battleship.results import SimulationResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["shots_distribution", "miss_phases", "board", "probability_map", "figure_file"]


def figure_file(path: Union[str, "os.PathLike[str]"]) -> str:
    """The file a figure saved to ``path`` goes to (``.png`` added to a name without a suffix),
    checked before anything is drawn: ``OSError`` if it cannot be written there (a directory, a
    directory that does not exist or is not writable), ``ValueError`` without matplotlib or for a
    format ``savefig`` cannot write (``.pgf`` without the TeX program matplotlib runs for it).

    >>> figure_file("shots")  # doctest: +SKIP
    'shots.png'
    """
    path = os.fspath(path)
    if not isinstance(path, str) or not path:
        raise ValueError(f"a figure needs a file name, such as shots.png, got {path!r}")
    if not os.path.isdir(path) and not os.path.splitext(path)[1]:
        path += ".png"
    check_writable(path)
    if importlib.util.find_spec("matplotlib") is None:
        raise ValueError("needs matplotlib (pip install matplotlib)")
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()  # what savefig can write
    suffix = os.path.splitext(path)[1][1:].lower()
    if suffix not in formats:
        raise ValueError(f"{path}: matplotlib cannot write .{suffix} files; it writes {', '.join(sorted(formats))}")
    if suffix == "pgf":  # matplotlib runs TeX to write it, and fails once the figure is drawn
        import matplotlib

        tex = matplotlib.rcParams["pgf.texsystem"]
        if shutil.which(tex) is None:
            raise ValueError(f"{path}: matplotlib writes .pgf files with {tex}, which is not installed")
    return path


def _axes(ax: Optional[Axes], size: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=size)
    return new


def _labelled(
    results: Union[SimulationResult, Iterable[SimulationResult], Mapping[str, SimulationResult]], chart: str
) -> List[Tuple[str, SimulationResult]]:
    """``(label, result)`` pairs: a mapping's keys, else each result's shooter (one result alone
    is a list of one); every value checked before anything is drawn (``chart`` names the function
    in the errors)."""
    if isinstance(results, SimulationResult):
        results = [results]
    elif isinstance(results, (str, bytes)) or not isinstance(results, Iterable):
        raise TypeError(f"{chart} draws SimulationResults (one, a list or a dict of them), got {results!r}")
    pairs = list(results.items()) if isinstance(results, Mapping) else [(None, r) for r in results]
    if not pairs:
        raise ValueError(f"{chart} needs at least one SimulationResult")
    for _, r in pairs:
        if not isinstance(r, SimulationResult):
            raise TypeError(f"expected SimulationResult values, got {r!r}")
    return [(r.shooter if label is None else label, r) for label, r in pairs]


def shots_distribution(
    results: Union[SimulationResult, Iterable[SimulationResult], Mapping[str, SimulationResult]],
    ax: Optional[Axes] = None,
    title: Optional[str] = "Shots needed to sink the whole fleet",
    share: bool = False,
) -> Axes:
    """One line per shooter: how many games finished after each number of shots, or with
    ``share`` what share of its games did (for results of different numbers of games, whose
    counts would not compare)."""
    items = _labelled(results, "shots_distribution")
    ax = _axes(ax, (9, 5))
    for label, r in items:
        shots = np.arange(len(r.histogram))
        heights = r.histogram / max(r.games, 1) if share else r.histogram
        ax.step(shots, heights, where="mid", label=f"{label} (mean {r.mean:.1f})")
    ax.set_xlabel("shots fired")
    ax.set_ylabel("share of games" if share else "games finished")
    if title:
        ax.set_title(title)
    ax.legend()
    ax.grid(alpha=0.3)
    return ax


MISS_PARTS = ("hits", "hunting, other ships", "hunting the last ship", "targeting", "unknown phase")
"""The parts of a ``miss_phases`` bar, left to right."""


def miss_phases(
    results: Union[SimulationResult, Iterable[SimulationResult], Mapping[str, SimulationResult]],
    ax: Optional[Axes] = None,
    title: Optional[str] = "Where the shots go (mean a game)",
) -> Axes:
    """One horizontal bar per shooter, as long as its mean shots: its hits (the rest of the mean:
    the fleet's ship cells when every game finished), then its misses a game while hunting with
    more than one ship afloat, while hunting the last ship, while targeting, and of unknown phase
    (``MISS_PARTS``). Every result must have counted its misses (``simulate(..., phases=True)``):
    ``ValueError`` naming the first that did not, before anything is drawn."""
    items = _labelled(results, "miss_phases")
    parts = []
    for label, r in items:  # all checked before anything is drawn
        p = r.phases
        if p is None:
            raise ValueError(f"{label}: no misses by phase; play it with simulate(..., phases=True)")
        last = p.hunting_per_game(1) if len(p.hunting) > 1 else 0.0
        misses = (p.hunting_per_game() - last, last, p.targeting_per_game(), p.unknown_per_game())
        parts.append((max(0.0, r.mean - sum(misses)), *misses))
    ax = _axes(ax, (9, 0.6 * len(items) + 1.5))
    rows = np.arange(len(items))
    left = np.zeros(len(items))
    colours = ("#7f8c8d", "#5dade2", "#2874a6", "#e67e22", "#bdc3c7")
    for k, (name, colour) in enumerate(zip(MISS_PARTS, colours)):
        widths = np.array([row[k] for row in parts])
        if name != "unknown phase" or widths.any():  # a part no shooter has stays out of the legend
            ax.barh(rows, widths, left=left, color=colour, label=name)
        left += widths
    ax.set_yticks(rows)
    ax.set_yticklabels([label for label, _ in items])
    ax.invert_yaxis()  # the first shooter on top
    ax.set_xlabel("shots a game")
    if title:
        ax.set_title(title)
    ax.legend(loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return ax


def board(target: Union[Ocean, TargetView], ax: Optional[Axes] = None, title: Optional[str] = None) -> Axes:
    """A picture of an ocean (ships, hits, misses, blocks) or of a view (hits, misses)."""
    from matplotlib.colors import ListedColormap

    if not isinstance(target, (Ocean, TargetView)):  # checked before a figure is opened
        raise TypeError(f"board() draws an Ocean or a TargetView, got {target!r}")
    # 0 water / unknown, 1 ship, 2 miss, 3 hit, 4 blocked
    grid = np.zeros((target.rows, target.cols), dtype=np.int8)
    if isinstance(target, Ocean):
        grid[target.ships >= 0] = 1
        grid[target.blocked] = 4
        grid[target.shots & (target.ships < 0)] = 2
        grid[target.hits] = 3
    else:
        grid[target.misses] = 2
        grid[target.hits] = 3
    ax = _axes(ax, (0.45 * target.cols + 1, 0.45 * target.rows + 1))
    cmap = ListedColormap(["#dbe9f6", "#7f8c8d", "#ffffff", "#e74c3c", "#34495e"])
    ax.imshow(grid, cmap=cmap, vmin=0, vmax=4)
    _cell_labels(ax, target.rows, target.cols)
    if title:
        ax.set_title(title)
    return ax


def _cell_labels(ax: Axes, rows: int, cols: int) -> None:
    """Column letters, row numbers and a grid between the cells."""
    ax.set_xticks(range(cols))
    ax.set_xticklabels([_core.format_cell((0, c))[:-1] for c in range(cols)])
    ax.set_yticks(range(rows))
    ax.set_yticklabels([str(r + 1) for r in range(rows)])
    ax.set_xticks(np.arange(-0.5, cols), minor=True)
    ax.set_yticks(np.arange(-0.5, rows), minor=True)
    ax.grid(which="minor", color="#95a5a6", linewidth=0.5)
    ax.tick_params(which="minor", length=0)


def probability_map(
    source: Union[Posterior, npt.ArrayLike],
    ax: Optional[Axes] = None,
    title: Optional[str] = None,
    vmax: Optional[float] = 1.0,
) -> Axes:
    """A heat map of the probability of a ship in each cell, from a ``Posterior`` or a
    ``(rows, cols)`` array of probabilities, with a colour bar; the likeliest open cell is boxed.
    A ``Posterior``'s shots are marked (a dot for a miss, a cross for a hit), so a miss is told
    apart from an open cell no layout covers. ``vmax`` is the probability drawn darkest: 1 by
    default, so that maps of several positions compare, or None for the map's own largest, which
    shows the pattern of an empty board (its cells lie between about 0.08 and 0.23, pale on the
    full scale). ``ValueError`` for a ``vmax`` outside (0, 1]."""
    if vmax is not None and not (isinstance(vmax, (int, float)) and 0 < vmax <= 1):
        raise ValueError(f"vmax must be a probability above 0 and at most 1, or None, got {vmax!r}")
    answers = None
    if isinstance(source, Posterior):
        probabilities, answers = source.probabilities(), source.answers()
        if title is None:
            title = f"Probability of a ship ({'exact' if source.exact else 'sampled'}, {source.shots_fired} shots)"
    else:
        probabilities = np.asarray(source, dtype=np.float64)
        if probabilities.ndim != 2 or probabilities.size == 0:
            raise ValueError(f"probability_map needs a 2-D array, got shape {probabilities.shape}")
        if np.isnan(probabilities).any() or probabilities.min() < 0 or probabilities.max() > 1:
            raise ValueError("probability_map needs probabilities in [0, 1]")
    rows, cols = probabilities.shape
    ax = _axes(ax, (0.5 * cols + 2, 0.45 * rows + 1))
    darkest = (float(probabilities.max()) or 1.0) if vmax is None else float(vmax)
    image = ax.imshow(probabilities, cmap="YlOrRd", vmin=0, vmax=darkest)
    figure = ax.figure
    assert figure is not None  # an Axes always belongs to a figure (older stubs allow None)
    figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    if answers is not None:
        for code, marker in ((1, "."), (2, "x"), (3, "x")):
            shot_rows, shot_cols = np.nonzero(answers == code)
            if len(shot_rows):
                ax.scatter(shot_cols, shot_rows, marker=marker, c="black" if code < 3 else "white", s=40)
    open_cells = (probabilities > 0) & (probabilities < 1)
    if open_cells.any():
        r, c = np.unravel_index(np.argmax(np.where(open_cells, probabilities, -1)), probabilities.shape)
        ax.add_patch(_box(int(r), int(c)))
    _cell_labels(ax, rows, cols)
    if title:
        ax.set_title(title)
    return ax


def _box(row: int, col: int) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((col - 0.5, row - 0.5), 1, 1, fill=False, edgecolor="#2c3e50", linewidth=2)


