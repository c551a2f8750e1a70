"""Is one shooter better than another? Compare them game by game, on the same layouts.

    python examples/python/paired_comparison.py [A B] [--games N] [--seed S]

Game ``i`` of a seed lays out the same fleet whoever shoots. With ``game_shots=True`` a run keeps
every game's shots, and ``battleship.paired_difference`` takes the difference game by game: what
made a layout hard for both shooters cancels, so its interval is narrower than the one that two
separate means give, by as much as the two shooters' shots go together.
"""

from __future__ import annotations

import argparse
import math
import sys

import battleship
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?", default="parity", help="a shooter (default parity)")
    parser.add_argument(
        "b", nargs="?", default="checkerboard_search", help="another shooter (default checkerboard_search)"
    )
    parser.add_argument(
        "--games", type=whole_number(2), metavar="N", default=20_000, help="games, at least 2 (default 20,000)"
    )
    parser.add_argument("--seed", type=whole_number(0), metavar="S", default=1, help="the layouts' seed (default 1)")
    args = parser.parse_args()
    try:
        compare(args.a, args.b, args.games, args.seed)
    except ValueError as error:  # an unknown shooter name, say
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def compare(a: str, b: str, games: int, seed: int) -> None:
    runs = [battleship.simulate(name, games, seed=seed, game_shots=True, progress=False) for name in (a, b)]
    for r in runs:
        print(f"{r.shooter:<20} mean {r.mean:.2f} ± {r.ci95:.2f} over {r.finished:,} games")
    first, second = runs
    separate = math.hypot(first.ci95, second.ci95)  # the interval of a difference of two means
    print(f"{a} minus {b}, from the two means: {first.mean - second.mean:+.2f} ± {separate:.2f} shots")
    d = battleship.paired_difference(first, second)
    print(f"{a} minus {b}, game by game:       {d.mean:+.2f} ± {d.ci95:.2f} shots ({d.games:,} games)")
    if d.ci95 > 0 and abs(d.mean) > d.ci95:
        print(f"{a if d.mean < 0 else b} needs fewer shots: the 95 percent interval leaves out zero")
    else:
        print("no difference shown: the 95 percent interval holds zero")


if __name__ == "__main__":
    main()
