"""Save a run's results to a file, and study them later: in another session, on another machine.

    python examples/python/saved_results.py [FILE] [--games N] [--shooters A,B,...] [--seed S]

If FILE (default results.json) does not exist yet, the shooters play their solo games, every
game's shots kept, and ``battleship.save_results`` writes their results to it; ``battleship
compare --json FILE`` writes the same kind of file. Then, as a later session would, the script
reads FILE back with ``battleship.load_results`` and prints each result's figures and, for each
pair of results that kept their games' shots and played the same layouts, their difference game
by game (``paired_difference``). Run it twice: the second run plays nothing (it says so if it
was given options to play with: delete FILE, or name another, to play again).
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
    # None: not given (the defaults are set below), so that options given to a run that plays
    # nothing can be told apart and named
    parser.add_argument("--games", type=whole_number(1), metavar="N", help="games (default 2,000)")
    parser.add_argument("--shooters", help="shooters (default parity,probability)")
    parser.add_argument("--seed", type=whole_number(0), metavar="S", help="the run's seed (default 1)")
    args = parser.parse_args()
    given = [f"--{name}" for name in ("games", "shooters", "seed") if getattr(args, name) is not None]
    games = 2_000 if args.games is None else args.games
    shooters = "parity,probability" if args.shooters is None else args.shooters
    seed = 1 if args.seed is None else args.seed
    try:
        if not os.path.exists(args.file):
            directory = os.path.dirname(os.path.abspath(args.file))
            if not os.path.isdir(directory):  # said before the games, not after them
                raise FileNotFoundError(f"{args.file}: directory {directory} does not exist")
            play_and_save(args.file, shooters.split(","), games, seed)
        elif given:
            print(f"{args.file} exists: reading it back, nothing played ({', '.join(given)} not used; "
                  f"delete the file, or name another, to play again)\n")
        study(args.file)
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's flush too
        sys.exit(141)
    except OSError as error:  # a file that cannot be read or written
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(1)
    except ValueError as error:  # an unknown shooter, a malformed file
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
        spread = f"{r.ci95:.2f}" if r.finished > 1 else "n/a"  # one game: no interval, not ± 0
        print(f"  {r.shooter:<20} {r.games:>7,} games  mean {r.mean:6.2f} ± {spread}  median {r.median}  "
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
        spread = f"{d.ci95:.2f}" if d.games > 1 else "n/a"
        print(f"  {b.shooter} minus {a.shooter}, game by game: {d.mean:+.2f} ± {spread} shots "
              f"over {d.games:,} game{'s' if d.games != 1 else ''}")
    for other in results:
        if not isinstance(other, battleship.SimulationResult):
            print(f"a {other.to_dict()['kind']}:\n{other}")


if __name__ == "__main__":
    main()
