"""Which matches did shooter A lose against B, and how? Look at one of them again.

    python examples/python/lost_matches.py [A B] [--games N] [--seed S]

``match(..., game_results=True)`` keeps how each match of a run ended, and ``match_game`` sets
any of them up again as a ``Game``: played to its end, it goes as it went in the run. This script
counts A's losses, sets up the first one and shows it: each side's shots, and the loser's view of
the winner's ocean when the game ended (X a hit, o a miss, ? not fired at).
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

import battleship
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?", default="probability", help="a shooter (default probability)")
    parser.add_argument("b", nargs="?", default="parity", help="its opponent (default parity)")
    parser.add_argument(
        "--games", type=whole_number(1), metavar="N", default=1_000, help="matches, at least 1 (default 1,000)"
    )
    parser.add_argument("--seed", type=whole_number(0), metavar="S", default=1, help="the run's seed (default 1)")
    args = parser.parse_args()
    try:
        show_a_loss(args.a, args.b, args.games, args.seed)
    except ValueError as error:  # an unknown shooter name, say
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def show_a_loss(a: str, b: str, games: int, seed: int) -> None:
    r = battleship.match(a, b, games, seed=seed, game_results=True, progress=False)
    assert r.game_results is not None
    lost = np.flatnonzero(r.game_results == battleship.MatchResult.B_WON)
    print(f"{a} vs {b}, seed {seed}: {a} lost {len(lost):,} of {r.games:,} matches ({len(lost) / r.games:.1%})")
    if len(lost) == 0:
        return
    index = int(lost[0])
    game = battleship.match_game(a, b, index, seed=seed)
    outcome = game.play_to_end()
    assert outcome.winner is not None  # b won this match in the run, and wins it again
    winner, loser = outcome.winner, 1 - outcome.winner
    record = game.record
    hits = [sum(s.outcome.result in ("hit", "sunk") for s in record.shots_of(p)) for p in (0, 1)]
    first = "moved first" if index % 2 == 0 else "moved second"
    print(f"match {index} ({a} {first}): {b} sank every ship in {outcome.shots[winner]} shots; "
          f"{a} had fired {outcome.shots[loser]} shots, {hits[loser]} of them hits")
    print(f"\n{b}'s ocean as {a} saw it at the end:")
    print(game.view(loser))


if __name__ == "__main__":
    main()
