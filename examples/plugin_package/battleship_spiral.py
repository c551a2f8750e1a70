"""An example plugin for battleship: a shooter that hunts from the centre outwards and a placer
that pushes every ship into a corner. Installed, they play as ``spiral`` and ``corners``
(``pyproject.toml`` declares the names)."""

from __future__ import annotations

from typing import List, Tuple

from battleship import Ocean, Rng, ShotOutcome, TargetView

Cell = Tuple[int, int]


class SpiralShooter:
    """Hunts on a checkerboard from the centre outwards, then fires around each hit."""

    def __init__(self) -> None:
        self.targets: List[Cell] = []

    def start(self, view: TargetView) -> None:
        self.targets = []

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        while self.targets:
            cell = self.targets.pop()
            if view.is_open(cell):
                return cell
        middle = ((view.rows - 1) / 2, (view.cols - 1) / 2)
        cells = view.open_cells()
        lattice = [c for c in cells if (c[0] + c[1]) % 2 == 0] or cells
        return min(lattice, key=lambda c: (abs(c[0] - middle[0]) + abs(c[1] - middle[1]), c))

    def on_result(self, view: TargetView, cell: Cell, outcome: ShotOutcome) -> None:
        if outcome.struck:
            r, c = cell
            self.targets += [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


class CornerPlacer:
    """Lays each ship, longest first, on the free spot nearest a corner (ties drawn by the rng)."""

    def place(self, ocean: Ocean, rng: Rng) -> bool:
        order = sorted(range(ocean.ship_count), key=lambda s: -ocean.fleet.ship(s)["length"])
        for ship in order:
            spots = [((r, c), o) for o in ("h", "v") for r in range(ocean.rows) for c in range(ocean.cols)
                     if ocean.check_place(ship, (r, c), o) is None]
            if not spots:
                ocean.clear()
                return False

            def corner_distance(spot: Tuple[Cell, str]) -> int:
                (r, c), _ = spot
                return min(r, ocean.rows - 1 - r) + min(c, ocean.cols - 1 - c)

            nearest = min(map(corner_distance, spots))
            choices = [s for s in spots if corner_distance(s) == nearest]
            origin, orientation = choices[rng.below(len(choices))]
            ocean.place(ship, origin, orientation)
        return True
