"""``battleship tournament A B C ...``: a round robin, ranked."""

from __future__ import annotations

import argparse
import warnings
from typing import Tuple

import battleship
from battleship.cli.options import (
    OWN,
    TUNED,
    Subparsers,
    _add_first_game_option,
    _add_json_option,
    _budget_hint,
    _budget_text,
    _json_file,
    _save_json,
    add_board_options,
    add_run_options,
    check_run,
    placer_of,
    run_arguments,
)
from battleship.cli.report import (
    _describe,
    _print_tournament,
    abort_reason,
    nothing_played,
    played_nothing,
    stopped_note,
)
from battleship.strategies import strategy_name
from battleship.tournament import player_name


def _player(text: str) -> Tuple[str, str]:
    """``SHOOTER`` or ``SHOOTER/PLACER`` as a (shooter, placer) pair."""
    shooter, slash, placer = text.partition("/")
    if slash and not placer:  # a placer left out after "/" is a slip, not uniform
        raise ValueError(f"player {text!r}: no placer after '/'; write SHOOTER for the uniform placer, or SHOOTER/PLACER")
    return shooter, placer or "uniform"


def _shown(args: argparse.Namespace, shooter: str, placer: str) -> str:
    """The player's name in the results: ``expert(margin=2)/spread`` is ``expert (margin 2.0)/spread``,
    and ``probability/spread(candidates=64)`` is ``probability/spread (candidates 64)``, as is
    ``probability/spread`` with ``--candidates 64``: one placer, one name, however it was given."""
    return player_name(strategy_name(shooter), strategy_name(placer_of(args, placer)))


def _tournament(args: argparse.Namespace) -> int:
    players = [_player(p) for p in args.players]
    rules = check_run(args, [shooter for shooter, _ in players], [placer for _, placer in players])
    shown = [_shown(args, shooter, placer) for shooter, placer in players]
    twice = sorted({name for name in shown if shown.count(name) > 1})
    if twice:  # the Python API's advice, a mapping of names, has no command-line form
        raise ValueError(f"{twice[0]} is entered twice: give each player once (SHOOTER/PLACER tells players apart)")
    if args.anchor is not None:  # before the run, not after it; spelt as a player is
        anchor = _shown(args, *_player(args.anchor))  # random/uniform is random
        if anchor not in shown:
            raise ValueError(f"--anchor {args.anchor}: not a player; the players are {', '.join(shown)}")
        args.anchor = anchor
    entrants = [(shooter, placer_of(args, placer)) for shooter, placer in players]  # named as shown
    json_file = _json_file(args)
    setup = _describe(args, rules) + _budget_text(args, [placer for _, placer in players])
    with warnings.catch_warnings(record=True) as said:  # said after the table, in its words
        warnings.simplefilter("always", UserWarning)
        try:
            t = battleship.tournament(entrants, args.games, first_game=args.first_game, phases=args.phases,
                                      on_error=args.on_error, **run_arguments(args))
        except KeyboardInterrupt as stop:  # the pairs that played, then stop
            partial = getattr(stop, "partial", None)
            played = 0 if partial is None else sum(m.games for m in partial.matches.values())
            if partial is not None and played:
                _print_tournament(partial, setup, args.anchor)
                pairs = len(players) * (len(players) - 1) // 2
                print(stopped_note(played, args.games * pairs, args.json))
            raise
    _print_tournament(t, setup, args.anchor)
    for warning in said:
        print(f"note: {warning.message}")
    if any("could not place its fleet" in m.first_abort for m in t.matches.values()):
        hint = _budget_hint(args, [placer for _, placer in players])
        if hint:
            print(f"  the placers found no layout for some fleets{hint}")  # as match says
    _save_json(json_file, [t], args)
    if played_nothing(t.matches.values()):
        first = next((abort_reason(m) for m in t.matches.values() if m.first_abort), "")
        return nothing_played(f"no match was played: every pair's were aborted (the first: {first})")
    return 0


def add_tournament(sub: Subparsers) -> None:
    """``battleship tournament A B C ...``."""
    p = sub.add_parser(
        "tournament",
        help="a round robin between shooters, ranked",
        description="Play every pair of players against each other under the rules and print the "
        "standings, Elo ratings and every pair's win shares, and test whether one rating a player "
        "describes the results (a chi-square test, and the pair described worst). A player is SHOOTER or SHOOTER/PLACER "
        "(expert/elusive): how it shoots and how it lays out its fleet (uniform by default).",
    )
    p.add_argument(
        "players", nargs="+", metavar="PLAYER",
        help=f"SHOOTER or SHOOTER/PLACER; a shooter: {', '.join(battleship.shooter_names())}, or {OWN}; {TUNED}",
    )
    p.add_argument("--anchor", metavar="PLAYER", help="measure the Elo ratings from this player's (default: from their mean)")
    p.add_argument(
        "--on-error", choices=["raise", "forfeit"], default="raise",
        help="what an exception in a player's Python code does: stop the tournament (raise, the default: "
        "a bug to mend) or lose the match it broke, a forfeit, and play on (forfeit: a class tournament)",
    )
    p.add_argument(
        "--phases", action="store_true",
        help="also count where each player's misses fall: while hunting, of which the last ship's hunt, and "
        "while targeting a ship already hit (misses a match over all its pairs; the same matches)",
    )
    _add_json_option(p)
    _add_first_game_option(p)
    add_run_options(p, 1_000, "matches each pair plays")
    add_board_options(p)
    p.set_defaults(run=_tournament)
