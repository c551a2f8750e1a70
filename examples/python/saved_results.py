"""Save a run's results to a file, and study them later: in another session, on another machine.

    python examples/python/saved_results.py [FILE] [--games N] [--shooters A,B,...] [--seed S]

If FILE (default results.json) does not exist yet, the shooters play their solo games, every
game's shots kept, and ``battleship.save_results`` writes their results to it; ``battleship
compare --json FILE`` writes the same kind of file. Then, as a later session would, the script
reads FILE back with ``battleship.load_results`` and prints each result's figures and, for each
pair of results that kept their games' shots and played the same layouts, their difference game
by game (``paired_difference``). Run it twice: the second run plays nothing.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys

import battleship
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default="results.json", help="the results file (default results.json)")
    parser.add_argument("--games", type=whole_number(1), metavar="N", default=2_000, help="games (default 2,000)")
    parser.add_argument("--shooters", default="parity,probability", help="shooters (default parity,probability)")
    parser.add_argument("--seed", type=whole_number(0), metavar="S", default=1, help="the run's seed (default 1)")
    args = parser.parse_args()
    try:
        if not os.path.exists(args.file):
            play_and_save(args.file, args.shooters.split(","), args.games, args.seed)
        study(args.file)
    except (ValueError, OSError) as error:  # an unknown shooter, a malformed file
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def play_and_save(path: str, shooters: list[str], games: int, seed: int) -> None:
    results = [battleship.simulate(s, games, seed=seed, game_shots=True, progress=False) for s in shooters]
    battleship.save_results(results, path, command=["saved_results.py", "--games", str(games), "--seed", str(seed)])
    print(f"played {', '.join(shooters)}, {games:,} games each, and saved the results to {path}\n")


def study(path: str) -> None:
    results = battleship.load_results(path)
    print(f"{path}: {len(results)} result{'s' if len(results) != 1 else ''}")
    solo = [r for r in results if isinstance(r, battleship.SimulationResult)]
    for r in solo:
        print(f"  {r.shooter:<20} {r.games:>7,} games  mean {r.mean:6.2f} ± {r.ci95:.2f}  median {r.median}  "
              f"max {r.max}")
    for a, b in itertools.combinations(solo, 2):
        if a.game_shots is None or b.game_shots is None:
            print(f"  {b.shooter} and {a.shooter}: no game by game shots kept (simulate(..., game_shots=True))")
            continue
        try:
            d = battleship.paired_difference(b, a)
        except ValueError as error:  # different layouts or different games
            print(f"  {b.shooter} and {a.shooter}: not compared game by game ({error})")
            continue
        print(f"  {b.shooter} minus {a.shooter}, game by game: {d.mean:+.2f} ± {d.ci95:.2f} shots "
              f"over {d.games:,} games")
    for other in results:
        if not isinstance(other, battleship.SimulationResult):
            print(f"a {other.to_dict()['kind']}:\n{other}")


if __name__ == "__main__":
    main()
