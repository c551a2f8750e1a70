"""Plots with matplotlib (imported only when a plot is drawn; ``pip install matplotlib``).

- ``shots_distribution(results)``: the distribution of shots to win for several shooters in one
  figure, the chart of seed 001 (PyShips): shots fired on x, games finished with that many shots
  on y.
- ``board(ocean_or_view)``: a picture of a board.
- ``probability_map(posterior_or_array)``: the probability of a ship in each cell, as a heat map
  (the DataGenetics picture, from the exact posterior of ``battleship.Posterior``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Union

import numpy as np
import numpy.typing as npt

from battleship import _core
from battleship.board import Ocean, TargetView
from battleship.posterior import Posterior
from battleship.simulation import SimulationResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["shots_distribution", "board", "probability_map"]


def _axes(ax: Optional[Axes], size: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=size)
    return new


def shots_distribution(
    results: Union[Iterable[SimulationResult], Mapping[str, SimulationResult]],
    ax: Optional[Axes] = None,
    title: Optional[str] = "Shots needed to sink the whole fleet",
) -> Axes:
    """One line per shooter: how many games finished after each number of shots."""
    items = list(results.items()) if isinstance(results, Mapping) else [(r.shooter, r) for r in results]
    if not items:
        raise ValueError("shots_distribution needs at least one SimulationResult")
    for _, r in items:  # all checked before anything is drawn
        if not isinstance(r, SimulationResult):
            raise TypeError(f"expected SimulationResult values, got {r!r}")
    ax = _axes(ax, (9, 5))
    for label, r in items:
        shots = np.arange(len(r.histogram))
        ax.step(shots, r.histogram, where="mid", label=f"{label} (mean {r.mean:.1f})")
    ax.set_xlabel("shots fired")
    ax.set_ylabel("games finished")
    if title:
        ax.set_title(title)
    ax.legend()
    ax.grid(alpha=0.3)
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
    source: Union[Posterior, npt.ArrayLike], ax: Optional[Axes] = None, title: Optional[str] = None
) -> Axes:
    """A heat map of the probability of a ship in each cell, from a ``Posterior`` or a
    ``(rows, cols)`` array of probabilities, with a colour bar; the likeliest open cell is boxed.
    A ``Posterior``'s shots are marked (a dot for a miss, a cross for a hit), so a miss is told
    apart from an open cell no layout covers."""
    answers = None
    if isinstance(source, Posterior):
        probabilities, answers = source.probabilities(), source.answers()
        if title is None:
            title = f"Probability of a ship ({'exact' if source.exact else 'sampled'}, {source.shots} shots)"
    else:
        probabilities = np.asarray(source, dtype=np.float64)
        if probabilities.ndim != 2 or probabilities.size == 0:
            raise ValueError(f"probability_map needs a 2-D array, got shape {probabilities.shape}")
        if np.isnan(probabilities).any() or probabilities.min() < 0 or probabilities.max() > 1:
            raise ValueError("probability_map needs probabilities in [0, 1]")
    rows, cols = probabilities.shape
    ax = _axes(ax, (0.5 * cols + 2, 0.45 * rows + 1))
    image = ax.imshow(probabilities, cmap="YlOrRd", vmin=0, vmax=1)
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


