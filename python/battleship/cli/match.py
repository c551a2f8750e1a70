"""``battleship match A B``: a head-to-head, or with ``--sprt`` a sequential test."""

from __future__ import annotations

import argparse
import warnings
from typing import Any, List

import battleship
from battleship import _core
from battleship._arguments import check_count
from battleship.cli.options import (
    OWN,
    TUNED,
    Subparsers,
    _add_first_game_option,
    _budget_hint,
    _budget_text,
    _add_json_option,
    _json_file,
    _save_json,
    add_board_options,
    add_run_options,
    check_per_game_memory,
    check_run,
    game_arguments,
    placer_of,
    run_arguments,
)
from battleship.cli.report import (
    _describe,
    _print_match,
    abort_reason,
    nothing_played,
    played_nothing,
    stopped_note,
)


def _match(args: argparse.Namespace) -> int:
    json_file = _json_file(args)
    rules = check_run(args, [args.a, args.b], [args.placer])
    placer = placer_of(args, args.placer)
    test = None
    given = [f"--{name}" for name in ("alpha", "beta", "batch") if getattr(args, name) is not None]
    if args.sprt is None and given:  # they would change nothing: say so
        raise ValueError(f"{' and '.join(given)} set the sequential test: give --sprt ELO0 ELO1 too")
    if args.sprt is not None and args.first_loss:
        raise ValueError("--first-loss shows a match of a run of --games matches: not with --sprt")
    if args.first_loss:  # the run keeps every match's end to find it
        check_per_game_memory("--first-loss", args.games, 1)
    if args.sprt is not None and args.first_game:
        raise ValueError("--first-game plays a piece of a run of --games matches: not with --sprt")
    if args.sprt is not None and args.phases:
        raise ValueError("--phases counts the misses of a run of --games matches: not with --sprt")
    if args.sprt is not None and args.on_error != "raise":
        raise ValueError("--on-error forfeit plays a run of --games matches on: not with --sprt")
    said: List[warnings.WarningMessage] = []
    if args.sprt is not None:
        elo0, elo1 = args.sprt
        args.alpha = 0.05 if args.alpha is None else args.alpha
        args.beta = 0.05 if args.beta is None else args.beta
        args.batch = 200 if args.batch is None else args.batch
        if check_count("--batch", args.batch, 2) % 2:
            raise ValueError(f"--batch must be even (each shooter moves first in half the matches), got {args.batch}")
        try:  # the test's refusals, before any match is played
            _core.sprt_decision(elo0, elo1, args.alpha, args.beta, 0, 0, 0)
        except ValueError as error:
            raise ValueError(f"--sprt: {error}") from None
    setup = f"{_describe(args, rules)}, placer {args.placer}{_budget_text(args)}"  # as simulate's header
    try:
        if args.sprt is not None:
            test = battleship.sprt(args.a, args.b, elo0=elo0, elo1=elo1, alpha=args.alpha, beta=args.beta,
                                   batch=args.batch, max_games=args.games, placers=(placer, placer),
                                   **run_arguments(args))
            r = test.match
        else:
            with warnings.catch_warnings(record=True) as said:  # said after the report, in its words
                warnings.simplefilter("always", UserWarning)
                r = battleship.match(args.a, args.b, args.games, placers=(placer, placer),
                                     game_results=args.first_loss, first_game=args.first_game, phases=args.phases,
                                     on_error=args.on_error, **run_arguments(args))
    except KeyboardInterrupt as stop:  # the matches finished, then stop
        partial = getattr(stop, "partial", None)
        if partial is not None:
            done = partial if args.sprt is None else partial.match
            if done.games:
                _print_match(done, setup, played=done.games if args.sprt is None else partial.played)
                if args.sprt is not None:
                    print(f"  {partial}")
                print(stopped_note(done.games, args.games, args.json))
        raise
    _print_match(r, setup, played=r.games if test is None else test.played)
    hint = _budget_hint(args)
    if r.aborted and "could not place its fleet" in (r.first_abort or "") and hint:
        print(f"  the placer found no layout for some fleets{hint}")  # as simulate says
    if test is not None:
        print(f"  {test}")
    for warning in said:
        print(f"note: {warning.message}")
    if r.game_results is not None:
        _show_first_loss(args, placer, r)
    _save_json(json_file, [r if test is None else test], args)
    if played_nothing([r]):
        return nothing_played(f"no match was played: all {r.games:,} were aborted (the first: {abort_reason(r)})")
    return 0


def _show_first_loss(args: argparse.Namespace, placer: Any, r: battleship.MatchResult) -> None:
    """Sets up again the first match of ``r`` that A lost (``match_game``) and prints how it ended
    and A's view of B's ocean at the end."""
    assert r.game_results is not None
    lost = [r.first_game + i for i, end in enumerate(r.game_results) if end == battleship.MatchResult.B_WON]
    if not lost:
        decided = r.wins_a + r.wins_b
        if not decided:  # "lost no match" read as a clean record where nothing was decided
            print(f"\n{r.a} lost no match: no match was decided ({r.draws:,} drawn, {r.aborted:,} aborted)")
        else:
            print(f"\n{r.a} lost none of the {decided:,} decided matches")
        return
    options = game_arguments(args)
    game = battleship.match_game(args.a, args.b, lost[0], placers=(placer, placer), **options)
    outcome = game.play_to_end()
    assert outcome.winner is not None  # b won it in the run, and wins it again
    loser = 1 - outcome.winner
    seat = "first" if lost[0] % 2 == 0 else "second"
    a, b = (r.a, r.b) if r.a != r.b else (f"{r.a} (A)", f"{r.b} (B)")  # as the report says
    print(f"\n{a}'s first loss, match {lost[0]:,} ({a} moved {seat}): {b} sank every ship in "
          f"{outcome.shots[outcome.winner]} shots, {a} had fired {outcome.shots[loser]}")
    print(f"{b}'s ocean as {a} saw it (X a hit, o a miss, ? not fired at):")
    print(game.view(loser))


def add_match(sub: Subparsers) -> None:
    """``battleship match A B``."""
    p = sub.add_parser(
        "match",
        help="a head-to-head between two shooters",
        description="Play two shooters against each other under the rules and print the tallies "
        "and their Elo difference (as battleship.elo_fit fits it) with its 95% interval.",
    )
    p.add_argument("a", help=f"first shooter: {', '.join(battleship.shooter_names())}, or {OWN}; {TUNED}")
    p.add_argument("b", help="second shooter")
    p.add_argument("--placer", default="uniform", help="placer for both fleets, a name or module:attribute (default uniform)")
    p.add_argument(
        "--first-loss", action="store_true",
        help="then set up again the first match A lost and show it (A's view of B's ocean at the end)",
    )
    p.add_argument(
        "--phases", action="store_true",
        help="also count where each side's misses fall: while hunting, of which the last ship's hunt, and "
        "while targeting a ship already hit (misses a match; the same matches)",
    )
    p.add_argument(
        "--on-error", choices=["raise", "forfeit"], default="raise",
        help="what an exception in a player's Python code does: stop the run (raise, the default: a bug to "
        "mend) or lose the match it broke, a forfeit, and play on (forfeit)",
    )
    _add_json_option(p)
    _add_first_game_option(p)
    g = p.add_argument_group(
        "sequential test",
        "with --sprt, play batches until a sequential probability ratio test decides whether A is "
        "rated ELO0 or ELO1 above B, at the first pair of matches that decides (as battleship.sprt "
        "does); --games is then the most matches played",
    )
    g.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"), help="H0: A is ELO0 above B; H1: ELO1 above")
    g.add_argument("--alpha", type=float, help="chance allowed of accepting H1 when H0 holds (default 0.05)")
    g.add_argument("--beta", type=float, help="chance allowed of accepting H0 when H1 holds (default 0.05)")
    g.add_argument(
        "--batch", type=int,
        help="matches played at once between looks at the results, even (default 200); the decision does not "
        "depend on it",
    )
    add_run_options(p, 1_000, "matches to play (with --sprt, the most it plays)")
    add_board_options(p)
    p.set_defaults(run=_match)
