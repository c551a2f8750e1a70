"""Which game took a shooter longest, and where did the shots go? Play it again.

    python examples/python/longest_game.py [SHOOTER] [--games N] [--seed S]

``simulate(..., game_shots=True)`` keeps every game's shots, and ``solo_game`` plays any game of
the run again with every shot kept. This script finds the run's longest game, plays it again,
says at which shot each ship went down, and draws the ocean at the end (each ship by its symbol,
X where it was hit, o a miss).
"""

from __future__ import annotations

import argparse
import sys

import battleship
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shooter", nargs="?", default="probability", help="a shooter (default probability)")
    parser.add_argument(
        "--games", type=whole_number(1), metavar="N", default=10_000, help="games, at least 1 (default 10,000)"
    )
    parser.add_argument("--seed", type=whole_number(0), metavar="S", default=1, help="the run's seed (default 1)")
    args = parser.parse_args()
    try:
        show_longest(args.shooter, args.games, args.seed)
    except ValueError as error:  # an unknown shooter name, say
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def show_longest(shooter: str, games: int, seed: int) -> None:
    run = battleship.simulate(shooter, games, seed=seed, game_shots=True, progress=False)
    assert run.game_shots is not None
    longest = int(run.game_shots.argmax())
    print(f"{run.shooter}, {run.games:,} games, seed {seed}: mean {run.mean:.2f}; "
          f"the longest is game {longest}, {run.game_shots[longest]} shots")
    g = battleship.solo_game(shooter, longest, seed=seed)
    fleet = g.ocean.fleet
    valid = 0
    for _, outcome in g.shots:
        valid += outcome.result != "invalid"
        if outcome.result == "sunk" and outcome.ship is not None:
            print(f"  shot {valid:>3}: {fleet.ship(outcome.ship)['name']} sunk")
    print(f"\nthe ocean after {g.valid_shots} shots:")
    print(g.ocean)


if __name__ == "__main__":
    main()
