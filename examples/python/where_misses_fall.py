"""Where do a shooter's misses go: finding ships, or finishing them? Shooters compared by phase.

    python examples/python/where_misses_fall.py [--shooters A,B,...] [--games N] [--seed S]
                                                [--placer NAME] [--plot FILE.png]

``simulate(..., phases=True)`` counts each miss by what the shooter's own view said before the
shot: hunting (every hit so far belongs to a sunk ship), hunting the last ship afloat, or
targeting a ship already hit. Every shooter plays the same layouts (the same seed), so the
table says where the best one gains its shots on each of the others (with the paired 95 percent
interval of the shots saved): a game is the fleet's ship cells plus these misses. ``--plot`` draws the same as bars (``battleship.plot.miss_phases``,
needs matplotlib).
"""

from __future__ import annotations

import argparse
import sys
from typing import List

import battleship
from battleship.cli import whole_number
from battleship.plot import figure_file


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--shooters", default="hunt_target,parity,probability",
        help="comma-separated shooters (default %(default)s)",
    )
    parser.add_argument("--games", type=whole_number(1), metavar="N", default=20_000,
                        help="games a shooter (default 20,000)")
    parser.add_argument("--seed", type=whole_number(0), metavar="S", default=1, help="the run's seed (default 1)")
    parser.add_argument("--placer", default="uniform", help="how the fleets are laid out (default uniform)")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the bars to FILE (needs matplotlib)")
    args = parser.parse_args()
    if args.plot is not None:  # checked before the games, not after them
        try:
            args.plot = figure_file(args.plot)  # .png added to a name without a suffix
        except (OSError, ValueError) as error:
            print(f"{parser.prog}: error: --plot {error}", file=sys.stderr)
            sys.exit(1 if isinstance(error, OSError) else 2)
    try:
        runs = compare(args.shooters.split(","), args.games, args.seed, args.placer)
    except ValueError as error:  # an unknown shooter or placer, say
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)
    if args.plot:
        draw(runs, args.plot)


def draw(runs: List[battleship.SimulationResult], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from battleship.plot import miss_phases

    miss_phases(runs)  # on a figure of its own, the current one
    plt.savefig(path, dpi=120, bbox_inches="tight")
    plt.close("all")
    print(f"\nwrote {path}")


def compare(shooters: List[str], games: int, seed: int, placer: str) -> List[battleship.SimulationResult]:
    runs = [battleship.simulate(s, games, seed=seed, placer=placer, phases=True, game_shots=True, progress=False)
            for s in shooters]
    print(f"{games:,} classic games a shooter, seed {seed}, placer {placer}; misses a game by phase\n")
    width = max(14, *(len(r.shooter) + 2 for r in runs))  # a module:attribute name is long
    print(f"{'shooter':<{width}}{'mean':>7}{'hunting':>9}{'last ship':>11}{'targeting':>11}{'last ship, of all':>19}")
    for r in runs:
        p = r.phases
        assert p is not None
        share = p.hunting[1] / p.misses() if p.misses() else 0.0  # the last ship's hunt, of every miss
        print(f"{r.shooter:<{width}}{r.mean:>7.2f}{p.hunting_per_game():>9.2f}{p.hunting_per_game(1):>11.2f}"
              f"{p.targeting_per_game():>11.2f}{100 * share:>18.0f}%")
    best = min(runs, key=lambda r: r.mean)
    b = best.phases
    assert b is not None
    for r in runs:
        p = r.phases
        if r is best or p is None:
            continue
        hunting = p.hunting_per_game() - b.hunting_per_game()
        targeting = p.targeting_per_game() - b.targeting_per_game()
        saved = battleship.paired_difference(r, best)  # game by game, on the same layouts
        spread = f"{saved.ci95:.2f}" if saved.games > 1 else "n/a"  # one game: no interval
        print(f"\n{best.shooter} saves {saved.mean:.2f} ± {spread} shots a game on {r.shooter}: "
              f"{hunting:+.2f} hunting ({p.hunting_per_game(1) - b.hunting_per_game(1):+.2f} on the last ship), "
              f"{targeting:+.2f} targeting")
    return runs


if __name__ == "__main__":
    main()
