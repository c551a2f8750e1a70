"""Your own shooter and placer in Python, playing inside the C++ game loop.

A shooter is any object with next_shot(view, rng); start(view) and on_result(view, cell,
outcome) are optional. This one hunts on a checkerboard and then targets the neighbours of its
hits (the PyShips "parity" idea), drawing only from the engine's rng so that its games are as
reproducible as a C++ shooter's. When the view's search_phase says every hit is explained by a
sunk ship, the neighbours still queued are dropped: they cannot hold the ships still afloat any
more than any other cell.

A placer is any object with place(ocean, rng) that lays out every ship of the empty ocean and
answers True (False, with the ocean left empty, when it cannot). This one keeps every ship on an
edge of the board, as many people do, which the density shooter learns nothing of.

    python examples/python/python_shooter.py [--games N]
"""

from __future__ import annotations

import argparse
import time
from typing import List, Tuple

import battleship
from battleship import Ocean, Rng, ShotOutcome, TargetView
from battleship.cli import whole_number

Cell = Tuple[int, int]  # a cell: (row, col), counted from 0


class CheckerboardHunter:
    """Checkerboard hunting, then the four neighbours of every hit."""

    name = "py_checkerboard"
    forget_stale = True  # drop the queued neighbours once every hit belongs to a sunk ship

    def __init__(self) -> None:
        self.targets: List[Cell] = []

    def start(self, view: TargetView) -> None:
        self.targets = []

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        if self.forget_stale and view.search_phase == "hunting":
            self.targets = []
        while self.targets:
            cell = self.targets.pop()
            if view.is_open(cell):
                return cell
        cells = view.open_cells()
        lattice = [c for c in cells if (c[0] + c[1]) % 2 == 0] or cells
        return lattice[rng.below(len(lattice))]

    def on_result(self, view: TargetView, cell: Cell, outcome: ShotOutcome) -> None:
        if outcome.struck:
            r, c = cell
            self.targets += [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


class StaleTargets(CheckerboardHunter):
    """The same shooter without the stale-target rule: it fires at every queued neighbour,
    those of ships already sunk too, as the engine's hunt_target and parity do (after PyShips)."""

    name = "py_checkerboard_stale"
    forget_stale = False


class EdgePlacer:
    """Every ship along an edge of the board, each where the rng says among the places left."""

    name = "py_edges"

    def place(self, ocean: Ocean, rng: Rng) -> bool:
        last_row, last_col = ocean.rows - 1, ocean.cols - 1
        for ship in range(ocean.ship_count):
            n = ocean.fleet.ship(ship)["length"]
            edge_places = [(r, c, "h") for r in (0, last_row) for c in range(ocean.cols - n + 1)]
            edge_places += [(r, c, "v") for c in (0, last_col) for r in range(ocean.rows - n + 1)]
            edge_places += [(r, c, "h") for r in range(1, last_row) for c in sorted({0, ocean.cols - n})]
            edge_places += [(r, c, "v") for c in range(1, last_col) for r in sorted({0, ocean.rows - n})]
            free = [p for p in edge_places if ocean.check_place(ship, p[:2], p[2]) is None]
            if not free:  # the edges are full: give up, as the protocol says, with nothing placed
                ocean.clear()
                return False
            r, c, orientation = free[rng.below(len(free))]
            ocean.place(ship, (r, c), orientation)
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=whole_number(1, 1_000_000_000), metavar="N", default=2_000,
        help="solo games of each shooter (default 2,000)",
    )
    args = parser.parse_args()
    start = time.perf_counter()
    mine = battleship.simulate(CheckerboardHunter(), args.games, seed=1, progress=False)
    seconds = time.perf_counter() - start
    engine = battleship.simulate("parity", args.games, seed=1, progress=False)
    stale = battleship.simulate(StaleTargets(), args.games, seed=1, progress=False)
    print(f"{mine.shooter}: mean {mine.mean:.2f} shots ({seconds / (mine.mean * mine.games) * 1e6:.1f} µs per shot)")
    print(f"{stale.shooter} (no stale-target rule): mean {stale.mean:.2f} shots")
    print(f"parity (C++, fires at the neighbours of sunk ships' hits too): mean {engine.mean:.2f} shots")
    duel = battleship.match(CheckerboardHunter(), "parity", 200, seed=1, progress=False)
    print(f"head to head: {duel.a} {duel.wins_a}, {duel.b} {duel.wins_b}, draws {duel.draws}")
    # The placer in a solo run, against the uniform layouts of the same seed.
    games = min(args.games, 500)
    edges = battleship.simulate("probability", games, seed=1, placer=EdgePlacer(), progress=False)
    uniform = battleship.simulate("probability", games, seed=1, progress=False)
    print(f"probability against {EdgePlacer.name}: mean {edges.mean:.2f} shots over {edges.finished} games "
          f"(uniform layouts: {uniform.mean:.2f})")


if __name__ == "__main__":
    main()
