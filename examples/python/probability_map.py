"""Where is the fleet? The exact posterior as a heat map, after a few shots of a real game.

    python examples/python/probability_map.py [--shots N] [--out FILE.png]

The picture goes to FILE.png (probability_map.png in the system's temporary folder by default).

Lays out a hidden classic fleet, fires the ``probability`` shooter's first N shots at it (12 by
default; fewer if the fleet sinks first, which here takes 44), tells each answer to a
``battleship.Posterior`` and draws the probability of a ship in every cell (the picture
DataGenetics drew from its density counts, here from the posterior over whole fleet layouts).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

import battleship  # noqa: E402
from battleship import plot  # noqa: E402
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--shots", type=whole_number(0), metavar="N", default=12,
        help="shots to fire, fewer if the fleet sinks first (default 12)",
    )
    parser.add_argument(
        "--out", default=os.path.join(tempfile.gettempdir(), "probability_map.png"), metavar="FILE.png",
        help="where the picture goes (default %(default)s)",
    )
    args = parser.parse_args()
    try:  # before the work, not after it
        out = plot.figure_file(args.out)  # .png added to a name without a suffix
    except (OSError, ValueError) as error:
        print(f"{parser.prog}: error: --out {error}", file=sys.stderr)
        sys.exit(1 if isinstance(error, OSError) else 2)

    ocean = battleship.Ocean()
    ocean.place_randomly(rng=2024)
    view = battleship.TargetView()
    shooter, rng = battleship.shooter("probability"), battleship.Rng(1)
    belief = battleship.Posterior(seed=1)
    shooter.start(view)
    for _ in range(args.shots):
        if ocean.all_sunk:  # nothing left to find: stop firing
            break
        cell = shooter.next_shot(view, rng)  # a cell is left open: the fleet is afloat
        answer = ocean.fire(cell)
        view.record(cell, answer)
        shooter.on_result(view, cell, answer)
        belief.record(cell, answer)
        print(f"{battleship.format_cell(cell):>4}: {answer.result}")
    if ocean.all_sunk:
        print(f"fleet sunk in {view.shots_fired} shots")

    p = belief.probabilities()
    open_cells = (p > 0) & (p < 1)
    if open_cells.any():
        best = np.unravel_index(np.argmax(np.where(open_cells, p, -1)), p.shape)
        cell = (int(best[0]), int(best[1]))
        print(f"{belief!r}: likeliest open cell {battleship.format_cell(cell)} "
              f"({p[best]:.1%}); expected ship cells {p.sum():.2f} of 17")
        # "What if": a copy told a miss there, the original untouched. The chance moves to the
        # cells the layouts covering the likeliest one now cover instead.
        what_if = belief.copy()
        what_if.record(cell, battleship.ShotOutcome("miss"))
        moved = what_if.probabilities() - p
        gain = np.unravel_index(np.argmax(np.where(open_cells, moved, -1)), p.shape)
        print(f"if {battleship.format_cell(cell)} missed: {battleship.format_cell((int(gain[0]), int(gain[1])))} "
              f"would rise most, {p[gain]:.1%} to {p[gain] + moved[gain]:.1%} "
              f"({what_if.shots_fired} answers in the copy, {belief.shots_fired} in the original)")
    else:  # every ship cell is known (the fleet is sunk): no open cell can hold a ship
        print(f"{belief!r}: no open cell can hold a ship; ship cells {p.sum():.2f} of 17")
    plot.probability_map(belief)
    import matplotlib.pyplot as plt

    try:
        plt.savefig(out, dpi=100, bbox_inches="tight")
    except OSError as error:  # the folder went away, or the disk is full
        print(f"{parser.prog}: error: cannot write {out}: {error.strerror or error}", file=sys.stderr)
        sys.exit(1)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
