"""``battleship compare`` and ``battleship simulate``: solo runs, one table row a shooter."""

from __future__ import annotations

import argparse
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple

import battleship
from battleship._whole_file import write_whole
from battleship.cli.options import (
    OWN,
    TUNED,
    Subparsers,
    _add_first_game_option,
    _add_json_option,
    _budget_hint,
    _budget_text,
    _drawn_layout,
    _json_file,
    _names,
    _positive,
    _same_file,
    _save_json,
    add_board_options,
    add_run_options,
    board_from,
    check_per_game_memory,
    check_run,
    game_arguments,
    placer_of,
    run_arguments,
)
from battleship.cli.report import (
    PHASES_LEGEND,
    _describe,
    _many,
    _name_width,
    _print_solo_header,
    _solo_row,
    finished_nothing,
    invalid_shot_limit,
    nothing_played,
    played_nothing,
    stopped_note,
)
from battleship.strategies import strategy_name


def _table(
    args: argparse.Namespace, shooters: Sequence[str], slow_games: Optional[int] = None, game_shots: bool = False
) -> List[battleship.SimulationResult]:
    """Simulate each shooter and print a row per shooter as it finishes; ``game_shots`` keeps
    every game's shots in the results.

    With ``slow_games`` set, a slow shooter (``battleship.shooter_is_slow``) plays at most that
    many games and is marked with ``*``.
    """
    shown = {name: strategy_name(name) for name in shooters}  # as results name it: expert (margin 2.0)
    capped = {
        shown[name]: min(args.games, slow_games)
        for name in shooters
        if slow_games is not None and battleship.shooter_is_slow(name) and slow_games < args.games
    }
    if args.layout is not None:  # before check_run, which would speak of --placer's placer
        for option, value in (("--search-budget", args.search_budget), ("--candidates", args.candidates)):
            if value is not None:
                raise ValueError(f"{option} sets the placers that draw layouts; --layout lays out one drawing")
    rules = check_run(args, shooters, [args.placer])
    placer, drawing = _solo_placer(args)
    # The rules of turns mean nothing to a solo game: say which of them this run's rules set.
    idle = [what for what, set_here in (("the volley rule", rules.volley != "single"),
                                         ("the equalising shot", rules.equalising_shot),
                                         ("forfeiting invalid shots", rules.invalid_shot == "forfeits")) if set_here]
    solo = ""
    if idle:
        rule_list = ", ".join(idle[:-1]) + (" and " if len(idle) > 1 else "") + idle[-1]
        solo = (f" (solo games: every shot is answered at once, so {rule_list} "
                f"{'does' if len(idle) == 1 else 'do'} not apply)")
    laid_out = f"layout from {args.layout}" if drawing else f"placer {args.placer}{_budget_text(args)}"
    print(f"{_many(args.games, 'game')} per shooter, {_describe(args, rules)}, {laid_out}{solo}")
    if drawing:
        print(drawing, end="")
    width = _name_width(list(shown.values()))
    _print_solo_header(width, args.phases)
    results = []
    for name in shooters:
        label, games = shown[name] + (" *" if shown[name] in capped else ""), capped.get(shown[name], args.games)
        try:
            r = battleship.simulate(
                name, games, placer=placer, game_shots=game_shots or shown[name] in capped,
                first_game=args.first_game, phases=args.phases, **run_arguments(args),
            )
        except KeyboardInterrupt as stop:  # the games this shooter finished, then stop
            partial = getattr(stop, "partial", None)
            if partial is not None and partial.games:
                print(_solo_row(partial, label, width, _budget_hint(args)))
                print(stopped_note(partial.games, games, args.json, f"the figures of {shown[name]}'s row"))
            raise
        print(_solo_row(r, label, width, _budget_hint(args)), flush=True)
        results.append(r)
    if args.phases:
        print(PHASES_LEGEND)
    if capped:
        print(f"* slow shooter (milliseconds a move): {_many(min(capped.values()), 'game')}; change with --slow-games")
        if args.first_game or args.json is not None:  # a piece of a split run: say what it holds
            first = args.first_game
            print(f"  (they played games {first:,} to {first + min(capped.values()) - 1:,} only: pieces combine into "
                  "one run only where every piece played all its games, so give such pieces --slow-games "
                  f"{args.games:,} or more)")
        _same_layouts(args, placer, results, capped, {label: name for name, label in shown.items()})
    return results


def _same_layouts(
    args: argparse.Namespace, placer: Any, results: Sequence[battleship.SimulationResult], capped: Dict[str, int],
    specs: Dict[str, str],
) -> None:
    """Prints how the best shooter that played every game did on the slow shooters' games alone,
    and each slow shooter's shots minus its own, game by game. ``specs`` gives the name on the
    command line of each shooter by its results' name (``expert (margin 2.0)``: ``expert(margin=2)``).

    Game ``i`` lays out the same fleet for any shooter, so the slow rows' games (``capped`` holds
    one count for all of them) are the first games of the others'. On a few hundred games a slow
    shooter's mean carries an interval of about a shot; set beside the fast shooter's mean on the
    same layouts, the two compare fairly, and their paired difference has a narrower interval.
    """
    full = [r for r in results if r.shooter not in capped and r.finished]
    if not full:
        return
    best = min(full, key=lambda r: r.mean)
    games = min(capped.values())
    same = battleship.simulate(
        specs[best.shooter], games, placer=placer, game_shots=True, first_game=args.first_game, **run_arguments(args)
    )
    if not same.finished:
        return
    games_of = _many(games, "game") if args.layout is not None else _many(games, "layout")  # one drawn layout
    print(f"  {best.shooter} on the same {games_of}: mean {same.mean:.2f} ± {same.ci95:.2f}")
    for r in results:
        if r.shooter in capped and r.finished:
            d = battleship.paired_difference(r, same)
            print(f"  {r.shooter} minus {best.shooter}, game by game: {d.mean:+.2f} ± {d.ci95:.2f} shots")


def _solo_placer(args: argparse.Namespace) -> Tuple[Any, str]:
    """The placer of a ``compare`` or ``simulate`` run and, with ``--layout FILE``, the drawing
    it lays out every game (``_drawn_layout``); without it, ``--placer``'s and ``""``."""
    if args.layout is None:
        return placer_of(args, args.placer), ""
    rows, cols, fleet, rules = board_from(args)
    placer, ocean = _drawn_layout(args.layout, rows, cols, fleet, rules.touching)
    return placer, ocean.layout_text()


def _add_layout_option(p: argparse.ArgumentParser) -> None:
    """``--layout FILE``, given instead of ``--placer``."""
    choice = p.add_mutually_exclusive_group()
    choice.add_argument("--placer", default="uniform", help="placer name or module:attribute (default uniform)")
    choice.add_argument(
        "--layout",
        metavar="FILE",
        help="lay out the fleet as drawn in FILE in every game, instead of a placer: one line per row, "
        "a ship's symbol on each of its cells, '.' for water (examples/layouts/classic.txt)",
    )


def _add_phases_option(p: argparse.ArgumentParser) -> None:
    """``--phases``: the misses by phase, as columns of the table."""
    p.add_argument(
        "--phases", action="store_true",
        help="also count where the misses fall: while hunting, of which the last ship's hunt, and while "
        "targeting a ship already hit (misses a game; the same games, up to a tenth slower)",
    )


def _check_plot_file(path: str) -> str:
    """The file the chart goes to (``.png`` added to a name without a suffix), checked before any
    game is played by ``battleship.plot.figure_file``, its refusals naming the option."""
    if not path:
        raise ValueError("--plot needs a file name, such as shots.png")
    from battleship.plot import figure_file

    try:
        return figure_file(path)
    except (OSError, ValueError) as error:
        raise type(error)(f"--plot {error}") from None


def _compare(args: argparse.Namespace) -> int:
    shooters = battleship.shooter_names() if args.shooters is None else _names(args.shooters, "--shooters")
    plot = None if args.plot is None else _check_plot_file(args.plot)
    if plot is not None and args.layout is not None and _same_file(plot, args.layout):
        raise ValueError(f"--plot {plot} is also --layout's file; give the chart a file of its own")
    json_file = _json_file(args, plot)
    results = _table(args, shooters, slow_games=args.slow_games)
    _save_json(json_file, results, args)
    if played_nothing(results):
        return nothing_played(_NONE_PLACED + _budget_hint(args))
    if plot is not None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        from battleship.plot import shots_distribution

        figure, ax = plt.subplots(figsize=(9, 5))
        # The slow shooters play fewer games: their counts would be a flat line beside the
        # others', so then every line is a share of its own games, and the title says how many.
        fewer = [r for r in results if r.games != args.games]
        title = f"Shots to sink the fleet, {args.games:,} games each"
        if fewer:
            title += " (" + "; ".join(f"{r.shooter}: {r.games:,}" for r in fewer) + ")"
        shots_distribution(results, ax=ax, title=title, share=bool(fewer))
        try:
            # Whole or not at all: a full disk left a chart cut off where the old one was.
            kind = os.path.splitext(plot)[1][1:].lower()
            write_whole(plot, lambda out: figure.savefig(out, format=kind, dpi=120, bbox_inches="tight"), binary=True)
        except OSError as error:
            raise OSError(f"--plot {plot}: {error.strerror or error}") from None
        except (RuntimeError, ValueError) as error:  # what else matplotlib's writers raise: after the run, not a usage error
            raise OSError(f"--plot {plot}: {error}") from None
        finally:
            plt.close(figure)
        print(f"wrote {plot}")
    return _invalid_shots_only(results)


def add_compare(sub: Subparsers) -> None:
    """``battleship compare``."""
    p = sub.add_parser(
        "compare",
        help="compare every built-in shooter",
        description="Play every built-in shooter (10,000 classic games each by default) and print "
        "mean, median, p95 and max shots to sink the fleet, and games per second.",
    )
    p.add_argument(
        "--shooters",
        help=f"comma-separated shooter names or module:attribute specs (default: every built-in); {TUNED}",
    )
    _add_layout_option(p)
    p.add_argument("--plot", metavar="FILE.png", help="also write the distribution chart (needs matplotlib)")
    _add_json_option(p)
    _add_first_game_option(p)
    _add_phases_option(p)
    p.add_argument(
        "--slow-games",
        type=_positive,
        default=200,
        metavar="N",
        help="games for slow shooters such as bayes (default %(default)s); the best other shooter's mean "
        "on those games is printed beside them, with each slow shooter's difference from it, game by "
        "game",
    )
    add_run_options(p, 10_000)
    add_board_options(p, volleys=False)
    p.set_defaults(run=_compare)


def add_simulate(sub: Subparsers) -> None:
    """``battleship simulate SHOOTER``."""
    p = sub.add_parser(
        "simulate", help="simulate one shooter", description="Play one shooter many times and print its figures."
    )
    p.add_argument("shooter", help=f"shooter: {', '.join(battleship.shooter_names())}, or {OWN}; {TUNED}")
    _add_layout_option(p)
    p.add_argument(
        "--longest", action="store_true",
        help="then play the run's longest game again and show it: the shot at which each ship sank, and the ocean",
    )
    _add_json_option(p)
    _add_first_game_option(p)
    _add_phases_option(p)
    add_run_options(p, 10_000)
    add_board_options(p, volleys=False)
    p.set_defaults(run=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    json_file = _json_file(args)
    if args.longest:  # the run keeps every game's shots to find it
        check_per_game_memory("--longest", args.games, 4)
    (r,) = _table(args, [args.shooter], game_shots=args.longest)
    if args.longest and r.game_shots is not None and r.finished:
        _show_longest(args, r.first_game + int(r.game_shots.argmax()))
    elif args.longest:  # said, not left out without a word
        print("--longest: no game finished, so there is no longest game to show")
    _save_json(json_file, [r], args)
    return nothing_played(_NONE_PLACED + _budget_hint(args)) if played_nothing([r]) else _invalid_shots_only([r])


_NONE_PLACED = "no game was played: the placer found no layout of the fleet for any of them"


def _invalid_shots_only(results: Sequence[battleship.SimulationResult]) -> int:
    """Exit code 1, saying so, if a shooter finished none of its games, every one stopped by its
    invalid shots (a broken shooter, as a match whose every game is aborted); else 0."""
    broken = [r for r in results if finished_nothing(r)]
    if not broken:
        return 0
    limit = invalid_shot_limit(broken[0])
    names = ", ".join(r.shooter for r in broken)
    return nothing_played(
        f"no game was finished by {names}: every one stopped at {limit} invalid shots in a row "
        "(cells off the board or already shot)"
    )


def _show_longest(args: argparse.Namespace, index: int) -> None:
    """Plays game ``index`` of the run again (``solo_game``) and prints when each ship sank and the
    ocean at the end."""
    options = game_arguments(args)
    g = battleship.solo_game(args.shooter, index, placer=_solo_placer(args)[0], **options)
    print(f"\nthe longest game, game {index:,}: {g.valid_shots} shots (X a hit, o a miss)")
    valid = 0
    for _, outcome in g.shots:
        valid += outcome.result != "invalid"
        if outcome.result == "sunk" and outcome.ship is not None:
            print(f"  shot {valid:>3}: {g.ocean.fleet.ship(outcome.ship)['name']} sunk")
    print(g.ocean)
