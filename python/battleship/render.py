"""Boards as text and SVG (what ``str()`` and the notebook ``_repr_svg_`` show).

Marks: ``.`` water, the ship's symbol for an undamaged ship cell, ``X`` a hit, ``o`` a miss,
``#`` a blocked cell (another mark when a ship's symbol is ``#``: ``blocked_mark``); a view shows
``?`` for cells not yet shot and ``*`` for cells shot in a volley not yet answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Optional, Sequence, Tuple
from xml.sax.saxutils import escape

import numpy as np
import numpy.typing as npt

from battleship import _core

if TYPE_CHECKING:
    from battleship.board import Ocean, TargetView

__all__ = ["ocean_text", "view_text", "ocean_svg", "view_svg", "probability_svg", "blocked_mark"]

CELL = 24
COLOURS = {
    "water": "#dbe9f6",
    "ship": "#7f8c8d",
    "hit": "#e74c3c",
    "miss": "#ffffff",
    "blocked": "#34495e",
    "unknown": "#dbe9f6",
    "sunk": "#922b21",
    "pending": "#f5cba7",
}


def blocked_mark(symbols: Sequence[str]) -> str:
    """The mark of a blocked cell on a board whose ships use ``symbols``: ``#`` unless a ship
    uses it (CS32 allows any printable symbol but ``X``, ``o`` and ``.``), then the first of
    ``%&@=+`` or of the other printable characters that no ship and no other mark uses."""
    return _core.blocked_mark("".join(symbols))  # the engine's rule, which its text uses too


def _ocean_cells(ocean: Ocean) -> List[List[Tuple[str, str]]]:
    """Each cell of the ocean as (kind, mark): water ``.``, ship (its symbol), hit ``X``, miss
    ``o`` or blocked (``blocked_mark``)."""
    ships, shots, blocked = ocean.ships, ocean.shots, ocean.blocked
    symbols = [ocean.fleet.ship(i)["symbol"] for i in range(ocean.ship_count)]
    block = blocked_mark(symbols)
    cells = []
    for r in range(ocean.rows):
        row = []
        for c in range(ocean.cols):
            s = int(ships[r, c])
            if s >= 0:
                row.append(("hit", "X") if shots[r, c] else ("ship", symbols[s]))
            elif shots[r, c]:
                row.append(("miss", "o"))
            elif blocked[r, c]:
                row.append(("blocked", block))
            else:
                row.append(("water", "."))
        cells.append(row)
    return cells


def _view_cells(view: TargetView) -> List[List[Tuple[str, str]]]:
    """Each cell of the view as (kind, mark): hit ``X``, miss ``o``, pending ``*`` (shot this
    volley, not yet answered) or unknown ``?``."""
    hits, misses, pending = view.hits, view.misses, view.pending

    def cell(r: int, c: int) -> Tuple[str, str]:
        if hits[r, c]:
            return ("hit", "X")
        if misses[r, c]:
            return ("miss", "o")
        return ("pending", "*") if pending[r, c] else ("unknown", "?")

    return [[cell(r, c) for c in range(view.cols)] for r in range(view.rows)]


def _require(value: object, kind: str, function: str) -> None:
    """``TypeError`` naming ``function`` unless ``value`` is a ``battleship.board`` ``kind``
    (looked up when called: the board module imports this one)."""
    from battleship import board

    if not isinstance(value, getattr(board, kind)):
        raise TypeError(f"{function} draws a battleship.{kind}, got {value!r}")


def ocean_text(ocean: Ocean) -> str:
    """The ocean as its owner sees it, with row numbers and column letters."""
    _require(ocean, "Ocean", "ocean_text")
    return str(ocean._impl.text())  # C++ io/board_text.hpp draws it


def view_text(view: TargetView) -> str:
    """The target as the shooter knows it."""
    _require(view, "TargetView", "view_text")
    return str(view._impl.text())


def _frame(rows: int, cols: int, draw_cell: Callable[[int, int, float, float], List[str]]) -> str:
    """An SVG grid with column letters and row numbers; ``draw_cell(r, c, x, y)`` draws each cell."""
    w, h = (cols + 1) * CELL, (rows + 1) * CELL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'font-family="sans-serif" font-size="11">'
    ]
    for c in range(cols):
        label = _core.format_cell((0, c), "letter_number")[:-1]
        out.append(f'<text x="{(c + 1.5) * CELL}" y="{0.7 * CELL}" text-anchor="middle">{escape(label)}</text>')
    for r in range(rows):
        out.append(f'<text x="{0.5 * CELL}" y="{(r + 1.7) * CELL}" text-anchor="middle">{r + 1}</text>')
        for c in range(cols):
            out.extend(draw_cell(r, c, (c + 1) * CELL, (r + 1) * CELL))
    out.append("</svg>")
    return "".join(out)


_GLYPHS = {"X": "&#x2715;", "o": "&#x2022;"}
"""What a hit and a miss are drawn with."""


def _cell(x: float, y: float, fill: str, text: str = "", ink: Optional[str] = None, small: bool = False) -> List[str]:
    """One cell of an SVG grid: its square, and ``text`` centred in it (``ink`` its colour,
    ``small`` for figures). ``text`` is SVG markup: escape plain text first."""
    out = [f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#95a5a6"/>']
    if text:
        size = ' font-size="8"' if small else ""
        colour = f' fill="{ink}"' if ink else ""
        height = 0.65 if small else 0.7
        out.append(f'<text x="{x + CELL / 2}" y="{y + height * CELL}" text-anchor="middle"{size}{colour}>{text}</text>')
    return out


def _svg(cells: List[List[Tuple[str, str]]]) -> str:
    """The cells drawn by kind: a ship cell with its symbol, a hit and a miss with their glyphs,
    the others plain (so a ship whose symbol is another kind's mark is still drawn as a ship)."""

    def draw(r: int, c: int, x: float, y: float) -> List[str]:
        kind, mark = cells[r][c]
        if kind in ("hit", "miss"):
            return _cell(x, y, COLOURS[kind], _GLYPHS[mark])
        if kind == "ship":
            return _cell(x, y, COLOURS["ship"], escape(mark), ink="white")
        return _cell(x, y, COLOURS[kind])

    return _frame(len(cells), len(cells[0]), draw)


def probability_svg(
    probabilities: npt.NDArray[np.float64], answers: Optional[npt.NDArray[np.int8]] = None
) -> str:
    """A probability map as an SVG heat map (pale yellow 0 to dark red 1), each open cell's share
    in percent; what a ``Posterior`` shows in a notebook. With ``answers`` (``Posterior.answers()``
    codes) the cells shot are drawn as a board draws them, a miss apart from an open cell no
    layout covers. ``ValueError`` unless ``probabilities`` is a 2-D array of numbers from 0 to 1
    and ``answers``, if given, has its shape."""
    probabilities = np.asarray(probabilities, dtype=np.float64)  # ValueError for what is no number
    if probabilities.ndim != 2 or probabilities.size == 0:
        raise ValueError(f"probability_svg needs a 2-D array, got shape {probabilities.shape}")
    if np.isnan(probabilities).any() or probabilities.min() < 0 or probabilities.max() > 1:
        raise ValueError("probability_svg needs probabilities from 0 to 1")
    if answers is not None:
        answers = np.asarray(answers)
        if answers.shape != probabilities.shape:
            raise ValueError(f"answers must have the probabilities' shape {probabilities.shape}, got {answers.shape}")
    low, high = np.array([255, 247, 188]), np.array([189, 0, 38])
    shot_fill = {1: COLOURS["miss"], 2: COLOURS["hit"], 3: COLOURS["sunk"]}

    def draw(r: int, c: int, x: float, y: float) -> List[str]:
        code = 0 if answers is None else int(answers[r, c])
        if code in shot_fill:
            glyph = _GLYPHS["o" if code == 1 else "X"]
            return _cell(x, y, shot_fill[code], glyph, ink="white" if code == 3 else "black")
        p = float(probabilities[r, c])
        red, green, blue = (low + (high - low) * p).round().astype(int)
        ink = "white" if p > 0.6 else "black"
        return _cell(x, y, f"rgb({red},{green},{blue})", str(round(100 * p)), ink=ink, small=True)

    return _frame(probabilities.shape[0], probabilities.shape[1], draw)


def ocean_svg(ocean: Ocean) -> str:
    """The ocean as an SVG picture: ships grey, hits red, misses white, blocks dark."""
    _require(ocean, "Ocean", "ocean_svg")
    return _svg(_ocean_cells(ocean))


def view_svg(view: TargetView) -> str:
    """The shooter's knowledge as an SVG picture."""
    _require(view, "TargetView", "view_svg")
    return _svg(_view_cells(view))
