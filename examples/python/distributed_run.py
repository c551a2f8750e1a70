"""One long run split over processes (or machines), with exactly the result of a local run.

    python examples/python/distributed_run.py [--games N]

Game ``i`` of a run depends only on ``(seed, i)``, so the games can be played anywhere:

1. ``executor=``: any ``concurrent.futures``-style executor plays the pieces and the results
   come back combined. A Dask cluster works the same way (``executor=distributed.Client(...)``).
2. By hand, for batch jobs on a cluster: job ``k`` plays its range with ``first_game`` and saves
   its result (results pickle); ``battleship.combine`` adds the pieces up. Each result records
   its seed, board, fleet, rules and placer (``setup``), so a piece of another run is refused.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import pickle
import sys

import battleship
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=whole_number(3), metavar="N", default=200_000, help="games, at least 3 (default 200,000)"
    )
    args = parser.parse_args()
    try:
        run(args.games)
    except ValueError as error:  # what the engine refuses, e.g. more games than a run can count
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def run(games: int) -> None:
    local = battleship.simulate("parity", games, seed=42, progress=False)
    print(f"local run:        mean {local.mean:.4f}, median {local.median}, p95 {local.p95}")

    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        spread = battleship.simulate("parity", games, seed=42, progress=False, executor=pool, chunks=8)
    print(f"2 processes:      mean {spread.mean:.4f}, median {spread.median}, p95 {spread.p95}")

    # Three "jobs", each saving its piece as a cluster job would, then combined.
    saved = []
    for job, (first, n) in enumerate([(0, games // 3), (games // 3, games // 3), (2 * (games // 3), games - 2 * (games // 3))]):
        piece = battleship.simulate("parity", n, seed=42, first_game=first, progress=False)
        saved.append(pickle.dumps(piece))
        print(f"job {job}: games {first:>7,} to {first + n - 1:>7,}, mean {piece.mean:.4f}")
    combined = battleship.combine([pickle.loads(blob) for blob in saved])
    print(f"three jobs:       mean {combined.mean:.4f}, median {combined.median}, p95 {combined.p95}")

    assert spread == local and combined == local  # the same histogram, game for game
    print("identical histograms: yes")

    # A job run with another seed by mistake: its games are not this run's.
    stray = battleship.simulate("parity", games // 3, seed=43, first_game=games, progress=False)
    try:
        battleship.combine([combined, stray])
    except ValueError as error:
        print(f"a stray piece:    refused ({error})")


if __name__ == "__main__":
    main()
