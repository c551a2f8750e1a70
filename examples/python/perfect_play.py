"""Perfect play on a small board, how far the built-in shooters are from it, and one game of it.

    python examples/python/perfect_play.py [--rows R] [--cols C] [--ships 3] [--seed S]

``--ships`` lists the ship lengths (``2,2`` is two destroyers). Perfect play is found by
exhaustive search over every layout, so keep the board small: 5 x 5 with ships of 3 and 2 is
already too large for the default limits.
"""

from __future__ import annotations

import argparse

import battleship


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--cols", type=int, default=4)
    parser.add_argument("--ships", default="3", help="comma-separated ship lengths (default 3)")
    parser.add_argument("--seed", type=int, default=2, help="seed of the game's layout")
    args = parser.parse_args()

    lengths = [int(n) for n in args.ships.split(",")]
    fleet = battleship.Fleet(
        [battleship.ShipClass(f"Ship {k + 1}", chr(ord("A") + k), n) for k, n in enumerate(lengths)]
    )
    best = battleship.optimal_expected_shots(args.rows, args.cols, fleet=fleet)
    print(f"{args.rows} x {args.cols}, ships {args.ships}: perfect play needs {best:.4f} shots on average")
    for name in ("parity", "probability", "bayes", "expert"):
        # Every layout, played with 4 generators: the exact mean, no sampling noise.
        mean = battleship.exact_mean_shots(name, args.rows, args.cols, fleet=fleet, seeds=4)
        print(f"  {name:<12} {mean:.4f}  ({mean / best - 1:+.2%})")

    # One game, stepped by hand: the shooter says how many shots it still expects.
    ocean = battleship.Ocean(args.rows, args.cols, fleet)
    ocean.place_randomly(rng=args.seed)
    view = battleship.TargetView(args.rows, args.cols, fleet)
    shooter, rng = battleship.OptimalShooter(), battleship.Rng(args.seed)
    shooter.start(view)
    print(f"one game (seed {args.seed}):")
    while not ocean.all_sunk:
        expected = shooter.expected_shots()
        cell = shooter.next_shot(view, rng)
        answer = ocean.fire(cell)
        view.record(cell, answer)
        shooter.on_result(view, cell, answer)
        before = f"(expected {expected:.3f} more before this shot)"
        print(f"  {battleship.format_cell(cell):<4} {answer.result:<5} {before}")
    print(f"sunk in {view.shots_fired} shots")


if __name__ == "__main__":
    main()
