"""Perfect play on a small board, how far the built-in shooters are from it, and one game of it.

    python examples/python/perfect_play.py [--rows R] [--cols C] [--ships 3] [--seed S] [--max-positions N]

``--ships`` lists the ship lengths (``2,2`` is two destroyers). Perfect play is found by
exhaustive search over every layout, so keep the board small: 5 x 5 with ships of 3 and 2 is
already too large for the default limits. A search still running after two seconds says so; one
too large ends with a one-line error once it has solved ``--max-positions`` positions (4,000,000
by default: up to a few minutes; a smaller limit gives up sooner), and Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import sys
import threading
from typing import List

import battleship
from battleship.cli import whole_number


def ship_lengths(text: str) -> List[int]:
    """An argparse type: comma-separated ship lengths, each from 1 to 128 (the most cells a board
    has)."""
    try:
        lengths = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a list of ship lengths such as 3 or 2,2") from None
    for length in lengths:
        if not 1 <= length <= 128:
            raise argparse.ArgumentTypeError(f"a ship's length must be from 1 to 128, got {length}")
    return lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=whole_number(1, 128), metavar="R", default=4, help="board rows (default 4)")
    parser.add_argument("--cols", type=whole_number(1, 128), metavar="C", default=4, help="board columns (default 4)")
    parser.add_argument(
        "--ships", type=ship_lengths, metavar="LENGTHS", default="3", help="comma-separated ship lengths (default 3)"
    )
    parser.add_argument(
        "--seed", type=whole_number(0, 2**64 - 1), metavar="S", default=2, help="seed of the game's layout (default 2)"
    )
    parser.add_argument(
        "--max-positions", type=whole_number(1), metavar="N", default=4_000_000,
        help="most positions the search may solve before it gives up (default 4,000,000)",
    )
    args = parser.parse_args()
    try:
        run(args, parser.prog)
    except ValueError as error:  # the engine's refusal: a fleet that does not fit, too large a search...
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print(f"{parser.prog}: interrupted", file=sys.stderr)
        sys.exit(130)


def run(args: argparse.Namespace, prog: str) -> None:
    ships = ",".join(map(str, args.ships))
    fleet = battleship.Fleet(
        [battleship.ShipClass(f"Ship {k + 1}", chr(ord("A") + k), n) for k, n in enumerate(args.ships)]
    )

    def still_searching() -> None:
        print(f"{prog}: still searching {args.rows} x {args.cols}, ships {ships} (up to {args.max_positions:,} "
              "positions; Ctrl-C stops it, a smaller --max-positions gives up sooner)", file=sys.stderr, flush=True)

    notice = threading.Timer(2.0, still_searching)  # the search runs with the GIL released
    notice.daemon = True
    notice.start()
    try:
        best = battleship.optimal_expected_shots(args.rows, args.cols, fleet=fleet, max_positions=args.max_positions)
    finally:
        notice.cancel()
    print(f"{args.rows} x {args.cols}, ships {ships}: perfect play needs {best:.4f} shots on average")
    for name in ("parity", "probability", "bayes", "expert"):
        # Every layout, played with 4 generators: the exact mean, no sampling noise.
        mean = battleship.exact_mean_shots(name, args.rows, args.cols, fleet=fleet, seeds=4)
        print(f"  {name:<12} {mean:.4f}  ({mean / best - 1:+.2%})")

    # One game, stepped by hand: the shooter says how many shots it still expects.
    ocean = battleship.Ocean(args.rows, args.cols, fleet)
    ocean.place_randomly(rng=args.seed)
    view = battleship.TargetView(args.rows, args.cols, fleet)
    shooter, rng = battleship.OptimalShooter(max_positions=args.max_positions), battleship.Rng(args.seed)
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
