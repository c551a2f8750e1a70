"""What is knowing the enemy's placer worth? The density shooter against one that suspects it.

    python examples/python/knowing_shooter.py [PLACER] [--games N] [--seed S]

``battleship.PriorMixtureShooter(PLACER)`` suspects the enemy of laying out with PLACER (any
built-in placer, settings and all: ``mediocre``, ``"spread(candidates=64)"``) and weighs that
against uniform layouts as the shots come in. It draws 2,000 of PLACER's layouts a game: with
``elusive``, whose every layout rehearses games, a game takes seconds (try ``--games 100``).
It and ``probability`` play the same games, first on PLACER's layouts, then on uniform ones, and
each line gives the difference game by game: what knowing the placer saves, then what suspecting
it wrongly costs.
"""

from __future__ import annotations

import argparse
import sys

import battleship
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("placer", nargs="?", default="spread", help="the placer suspected (default spread)")
    parser.add_argument(
        "--games", type=whole_number(2), metavar="N", default=400, help="games of each, at least 2 (default 400)"
    )
    parser.add_argument("--seed", type=whole_number(0), metavar="S", default=1, help="the layouts' seed (default 1)")
    args = parser.parse_args()
    try:
        knowing = battleship.PriorMixtureShooter(args.placer)
    except (TypeError, ValueError) as error:  # an unknown placer, say
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)
    for layouts in (knowing.placer, "uniform"):
        compare(knowing, layouts, args.games, args.seed)


def compare(knowing: battleship.PriorMixtureShooter, layouts: object, games: int, seed: int) -> None:
    runs = [
        battleship.simulate(shooter, games, seed=seed, placer=layouts, game_shots=True, progress=False)
        for shooter in (knowing, "probability")
    ]
    d = battleship.paired_difference(runs[0], runs[1])
    name = layouts if isinstance(layouts, str) else getattr(layouts, "label", layouts)
    print(
        f"{name} layouts, {d.games:,} games: probability {runs[1].mean:.2f}, {knowing.label} {runs[0].mean:.2f}, "
        f"difference {d.mean:+.2f} ± {d.ci95:.2f} shots"
    )


if __name__ == "__main__":
    main()
