"""Is A stronger than B by a margin? A sequential test on matches you play yourself.

    python examples/python/sequential_test.py [A B] [--elo0 E0] [--elo1 E1] [--max-matches N]

``battleship.sprt`` plays the matches for you. When they are played elsewhere (against people, a
web service, another engine), ``battleship.sprt_decision`` judges the tallies so far: ask after
each match, or each pair of seatings, and stop at the first decision. Here the matches are the
engine's own (``match_game``, one at a time), asked after each pair as ``sprt`` asks, so the
script ends where ``battleship.sprt`` on the same shooters ends, and says so.
"""

from __future__ import annotations

import argparse
import sys

import battleship
from battleship.cli import whole_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?", default="parity", help="a shooter (default parity)")
    parser.add_argument("b", nargs="?", default="hunt_target", help="another shooter (default hunt_target)")
    parser.add_argument("--elo0", type=float, default=0.0, help="H0: A is rated this far above B (default 0)")
    parser.add_argument("--elo1", type=float, default=30.0, help="H1: A is rated this far above B (default 30)")
    parser.add_argument(
        "--max-matches", type=whole_number(2), metavar="N", default=4000, help="stop undecided after N (default 4,000)"
    )
    args = parser.parse_args()
    try:
        test(args.a, args.b, args.elo0, args.elo1, args.max_matches)
    except ValueError as error:  # an unknown shooter, hypotheses the test refuses
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def test(a: str, b: str, elo0: float, elo1: float, max_matches: int) -> None:
    state = battleship.sprt_decision(0, 0, elo0=elo0, elo1=elo1)  # refuses a bad test before any match
    wins_a = wins_b = draws = played = 0
    while played < max_matches and state.decision == "undecided":
        game = battleship.match_game(a, b, played)  # A moves first in even-numbered matches
        winner = game.play_to_end().winner
        a_seat = played % 2
        if winner is None:
            draws += 1
        elif winner == a_seat:
            wins_a += 1
        else:
            wins_b += 1
        played += 1
        if played % 2 == 0:  # after each pair of seatings, as sprt looks
            state = battleship.sprt_decision(wins_a, wins_b, draws, elo0=elo0, elo1=elo1)
    print(f"{a} - {b}, H0: {elo0:+g} Elo, H1: {elo1:+g} Elo: {state.decision} after {played:,} matches "
          f"({wins_a} won, {wins_b} lost, {draws} drawn; log-likelihood ratio {state.llr:.2f}, "
          f"bounds {state.lower:.2f} and {state.upper:.2f})")
    played_here = battleship.sprt(a, b, elo0=elo0, elo1=elo1, max_games=max_matches, progress=False)
    same = (played_here.decision, played_here.match.games) == (state.decision, played)
    print(f"battleship.sprt on the same matches: {played_here.decision} after {played_here.match.games:,} "
          f"matches ({'the same' if same else 'NOT the same'})")


if __name__ == "__main__":
    main()
