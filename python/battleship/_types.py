"""Type aliases shared by the public modules."""

from __future__ import annotations

from typing import Literal, Sequence, Tuple, Union

Cell = Tuple[int, int]
"""A cell: zero-based (row, col)."""

CellLike = Union[Tuple[int, int], Sequence[int], str]
"""What a cell argument accepts: (row, col), or text such as ``"B7"``, ``"7B"``, ``"5,E"``."""

SearchPhase = Literal["hunting", "targeting", "unknown"]
"""Which part of the search the next shot belongs to (``TargetView.search_phase``)."""
