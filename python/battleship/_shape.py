"""Choosing the compiled classes for a board size.

The engine is compiled for two board capacities: up to 128 cells (the fast path: 10 x 10,
11 x 11) and up to 1024 cells (32 x 32). Every public class picks the smallest that fits.
"""

from __future__ import annotations

import numbers
from typing import Any

from battleship import _core

SMALL: int = _core.small_capacity
LARGE: int = _core.large_capacity


def check_size(rows: int, cols: int) -> None:
    """Raise ``TypeError``/``ValueError`` unless ``rows`` x ``cols`` is a supported board (each an
    integer: an int or a NumPy integer, not a bool)."""
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must be an int, got {value!r}")
    rows, cols = int(rows), int(cols)  # NumPy integers would overflow rows * cols
    if rows < 1 or cols < 1:
        raise ValueError(f"a board needs at least 1 row and 1 column, got {rows} x {cols}")
    if rows * cols > LARGE:
        raise ValueError(
            f"a {rows} x {cols} board has {rows * cols} cells; at most {LARGE} are supported "
            "(for example 32 x 32)"
        )


def suffix(rows: int, cols: int) -> str:
    """``"128"`` or ``"1024"``: the capacity of the compiled classes for this board."""
    check_size(rows, cols)
    return str(SMALL) if int(rows) * int(cols) <= SMALL else str(LARGE)


def core(kind: str, rows: int, cols: int) -> Any:
    """The compiled class or function ``<kind>_<capacity>`` for a ``rows`` x ``cols`` board."""
    return getattr(_core, f"{kind}_{suffix(rows, cols)}")
