"""Type aliases shared by the public modules."""

from __future__ import annotations

from typing import Sequence, Tuple, Union

Cell = Tuple[int, int]
"""A cell: zero-based (row, col)."""

CellLike = Union[Tuple[int, int], Sequence[int], str]
"""What a cell argument accepts: (row, col), or text such as ``"B7"``, ``"7B"``, ``"5,E"``."""
