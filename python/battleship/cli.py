"""The ``battleship`` command (also ``python -m battleship``).

Subcommands::

    battleship compare               every built-in shooter, 10,000 classic games each
    battleship simulate SHOOTER      one shooter's figures
    battleship match A B             a head-to-head between two shooters
    battleship tournament A B C ...  a round robin, ranked
    battleship combine FILE ...      add up pieces of runs saved with --json
    battleship optimal 4 4 2 2       perfect play on a small board, and each shooter's gap to it
    battleship play                  play against the computer, full screen (Textual)
    battleship replay P1 P2 S1 S2    replay a BBM103 'Battle of Ships' game from its files
    battleship list                  the built-in shooters, placers, fleets and rule sets

Every subcommand has ``--help``; the batch ones share ``--games --seed --threads --rows --cols
--fleet --rules`` (plus single-rule overrides such as ``--touching``). Wherever a shooter or
placer is named, ``module:attribute`` names your own (``my_shooters:EdgeShooter``, a class or
object in ``my_shooters.py`` in the current directory or on ``PYTHONPATH``).

Adding a subcommand
-------------------
Write a function ``add_<name>(subparsers)`` that creates the parser with
``subparsers.add_parser(name, help=..., description=...)``, adds its arguments (reuse
``add_board_options`` for ``--rows/--cols/--fleet/--rules``, ``add_run_options`` for
``--games/--seed/--threads``), and ends with ``parser.set_defaults(run=<function>)``, where the
function takes the parsed ``argparse.Namespace`` and returns the exit code (``board_from(args)``
gives ``(rows, cols, fleet, rules)``, ``run_arguments(args)`` the keyword arguments of
``simulate``, ``match`` and ``tournament``). Then append ``add_<name>`` to ``COMMANDS``, or, from
another module, call ``register(add_<name>)`` before ``main`` runs. A ``ValueError`` or
``TypeError`` the function raises is printed as ``battleship: error: ...`` with exit code 2.
"""

from __future__ import annotations

import argparse
import codecs
import importlib.util
import inspect
import io
import os
import sys
from dataclasses import replace
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import battleship
from battleship import Fleet, Ocean, Rules, _core
from battleship._arguments import INT_MAX, UINT64_MAX, UINT_MAX, check_count, check_fit
from battleship.strategies import DRAWING_PLACERS, PLUGIN_GROUPS, resolve_placer, resolve_shooter
from battleship.tournament import player_name

Subparsers = Any  # argparse._SubParsersAction, which has no public name
AddCommand = Callable[[Subparsers], None]


# ---- shared options ------------------------------------------------------------------------


def whole_number(minimum: int = 1, maximum: Optional[int] = None) -> Callable[[str], int]:
    """An argparse ``type=``: a whole number from ``minimum`` (to ``maximum``, if given). Any
    other text gets argparse's usage error (exit code 2) instead of a traceback. The examples
    read their counts with it too."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum:,}, got {value}")
        return value

    return parse


_positive = whole_number(1)


OWN = "module:attribute, your own (my_shooters:EdgeShooter: a class or object in my_shooters.py)"
"""How the help names a Python strategy given as ``module:attribute`` (``imported_strategy``)."""


def add_board_options(parser: argparse.ArgumentParser, volleys: bool = True) -> None:
    """``--rows --cols --fleet --rules`` and the single-rule overrides; ``--volley`` and
    ``--salvo-size`` only with ``volleys`` (solo games answer every shot at once)."""
    g = parser.add_argument_group("board and rules")
    g.add_argument("--rows", type=int, default=10, help="board rows (default 10)")
    g.add_argument("--cols", type=int, default=10, help="board columns (default 10)")
    g.add_argument("--fleet", choices=Fleet.names(), default="classic", help="predefined fleet (default classic)")
    g.add_argument("--rules", choices=Rules.names(), default="classic", help="predefined rule set (default classic)")
    g.add_argument("--touching", choices=["allowed", "no_edge_contact", "no_contact"], help="override: how close ships may lie")
    g.add_argument("--disclosure", choices=["hit_only", "hit_and_sunk", "sunk_with_name"], help="override: what a hit reveals")
    if volleys:
        g.add_argument("--volley", choices=["single", "fixed_salvo", "per_ship_afloat", "until_miss"], help="override: shots per turn")
        g.add_argument("--salvo-size", type=int, help="override: shots per turn with --volley fixed_salvo")
    g.add_argument("--shot-cap", type=int, help="override: stop after this many shots (0 = none)")


def add_run_options(parser: argparse.ArgumentParser, games: int) -> None:
    """``--games --seed --threads --no-progress``."""
    g = parser.add_argument_group("run")
    g.add_argument("--games", type=int, default=games, help=f"games to play (default {games:,})")
    g.add_argument("--seed", type=int, default=0, help="master seed; same seed, same games (default 0)")
    g.add_argument("--threads", type=int, default=0, help="worker threads (default 0: every core)")
    g.add_argument("--no-progress", action="store_true", help="no progress bar")
    g.add_argument(
        "--search-budget",
        type=int,
        metavar="N",
        help="states the uniform placer (and the draws of spread and elusive) may visit counting "
        "a crowded fleet's layouts (default: the engine's 300,000); crowded fleets past it are "
        "reported as not played",
    )
    g.add_argument(
        "--candidates",
        type=int,
        metavar="N",
        help="uniform layouts the spread and elusive placers choose among (default: theirs, 16 "
        "and 256); more make their layouts harder for density shooters",
    )


def board_from(args: argparse.Namespace) -> Tuple[int, int, Fleet, Rules]:
    """The board size, fleet and rules the options describe."""
    rules = Rules.named(args.rules)
    changes = {
        key: getattr(args, key)
        for key in ("touching", "disclosure", "volley", "salvo_size", "shot_cap")
        if getattr(args, key, None) is not None
    }
    for key, least in (("salvo_size", 1), ("shot_cap", 0)):  # named as the option, not the field
        if key in changes:
            check_count(f"--{key.replace('_', '-')}", changes[key], least, INT_MAX)
    if changes.get("salvo_size", 1) != 1 and "volley" not in changes:
        changes["volley"] = "fixed_salvo"
    if changes:
        rules = rules.replace(**changes)
    return args.rows, args.cols, Fleet.named(args.fleet), rules


def run_arguments(args: argparse.Namespace) -> Dict[str, Any]:
    """The keyword arguments of ``simulate``, ``match`` and ``tournament`` the options give:
    ``seed``, ``threads``, ``rows``, ``cols``, ``fleet``, ``rules`` and ``progress``."""
    rows, cols, fleet, rules = board_from(args)
    return dict(seed=args.seed, threads=args.threads, rows=rows, cols=cols, fleet=fleet, rules=rules,
                progress=not args.no_progress and sys.stderr.isatty())


def game_arguments(args: argparse.Namespace) -> Dict[str, Any]:
    """``run_arguments`` without ``threads`` and ``progress``: what ``solo_game`` and
    ``match_game`` take to set one game of the run up again."""
    options = run_arguments(args)
    del options["threads"], options["progress"]
    return options


CHOOSING_PLACERS = tuple(
    name for name, kind in DRAWING_PLACERS.items() if "candidates" in inspect.signature(kind).parameters
)
"""The placers that choose among uniform draws, so take ``--candidates``: those whose class takes
``candidates`` (spread and elusive), read from the classes rather than listed again."""


def placer_of(args: argparse.Namespace, name: str) -> Any:
    """The placer ``name`` as a run takes it: one that lays out uniform draws with
    ``--search-budget`` and chooses among ``--candidates`` of them where those were given and
    apply to it, else the name."""
    options: Dict[str, int] = {}
    if args.search_budget is not None:
        options["search_budget"] = args.search_budget
    if args.candidates is not None and name in CHOOSING_PLACERS:
        options["candidates"] = args.candidates
    drawing = DRAWING_PLACERS.get(name)
    return drawing(**options) if drawing is not None and options else name


def _budget_text(args: argparse.Namespace) -> str:
    """``--search-budget`` and ``--candidates`` for a run's header, where they apply."""
    text = ""
    if args.placer in DRAWING_PLACERS and args.search_budget is not None:
        text += f", search budget {args.search_budget:,}"
    if args.placer in CHOOSING_PLACERS and args.candidates is not None:
        text += f", {_many(args.candidates, 'candidate')}"
    return text


def _budget_hint(args: argparse.Namespace) -> str:
    """What to try when the placer found no layout for some games: a larger budget for its
    uniform draws (the other placers have no such setting)."""
    if args.placer not in DRAWING_PLACERS:
        return ""
    if args.search_budget is None:
        return "; a crowded fleet may need --search-budget 3000000"
    return f" within --search-budget {args.search_budget:,}"


def check_run(args: argparse.Namespace, shooters: Sequence[str], placers: Sequence[str]) -> Rules:
    """Refuses, before anything is printed or played, what the run would refuse later: the
    counts, the shooter and placer names, the board, and a fleet that cannot be laid out under
    the touching rule at all (it would give a table of games never played). Returns the rules."""
    check_count("games", args.games, 0)
    check_count("seed", args.seed, 0)
    first = getattr(args, "first_game", 0)
    if first + args.games > UINT64_MAX + 1:  # game indices are 64-bit
        raise ValueError(f"--first-game + --games must be <= 2**64, got {first} + {args.games}")
    check_count("threads", args.threads, 0, UINT_MAX)
    for name in shooters:  # a built-in's name, or module:attribute imported (and a class made)
        resolve_shooter(name)
    for name in placers:
        resolve_placer(name)
    if args.search_budget is not None:
        check_count("--search-budget", args.search_budget, 1, INT_MAX)
    if args.candidates is not None:
        check_count("--candidates", args.candidates, 1, INT_MAX)
        if not set(placers) & set(CHOOSING_PLACERS):  # it would change nothing: say so
            raise ValueError(
                f"--candidates applies to the {' and '.join(CHOOSING_PLACERS)} placers; "
                f"this run's placers are {', '.join(sorted(set(placers)))}"
            )
    rows, cols, fleet, rules = board_from(args)
    check_fit(rows, cols, fleet, rules.touching, f"the {args.fleet} fleet")
    return rules


def _many(count: int, noun: str) -> str:
    """``1 game``, ``2 games``, ``10,000 games``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _names(text: Optional[str], option: str) -> List[str]:
    """A comma-separated list of names; ``ValueError`` for an empty one or a name given twice."""
    names = (text or "").split(",")
    if not all(names):
        raise ValueError(f"{option} needs comma-separated names, got {text!r}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"{option} names {', '.join(twice)} more than once")
    return names


def _describe(args: argparse.Namespace, rules: Rules) -> str:
    """The run's board, fleet, rules (as ``check_run`` built them) and seed, for a header; with
    ``--first-game``, the games of the run this piece plays."""
    piece = _piece(getattr(args, "first_game", 0), args.games)
    return f"{args.rows} x {args.cols}, fleet {args.fleet}, {rules!r}, seed {args.seed}{piece}"


def _piece(first_game: int, games: int) -> str:
    """``, games 1,000 to 1,999`` for a piece of ``games`` from ``first_game``; ``""`` for a run
    from game 0."""
    return f", games {first_game:,} to {first_game + games - 1:,}" if first_game else ""


def _add_first_game_option(p: argparse.ArgumentParser) -> None:
    """``--first-game N``: play a piece of a run, for ``battleship combine``."""
    p.add_argument(
        "--first-game", type=whole_number(0), default=0, metavar="N",
        help="play games N to N + GAMES - 1 of the seed's run, a piece of it (with --json, "
        "battleship combine adds the pieces up into the whole run; default 0)",
    )


# ---- compare and simulate ------------------------------------------------------------------
def _table(
    args: argparse.Namespace, shooters: Sequence[str], slow_games: Optional[int] = None, game_shots: bool = False
) -> List[battleship.SimulationResult]:
    """Simulate each shooter and print a row per shooter as it finishes; ``game_shots`` keeps
    every game's shots in the results.

    With ``slow_games`` set, a slow shooter (``battleship.shooter_is_slow``) plays at most that
    many games and is marked with ``*``.
    """
    capped = {
        name: min(args.games, slow_games)
        for name in shooters
        if slow_games is not None and battleship.shooter_is_slow(name) and slow_games < args.games
    }
    if args.layout is not None:  # before check_run, which would speak of --placer's placer
        for option, value in (("--search-budget", args.search_budget), ("--candidates", args.candidates)):
            if value is not None:
                raise ValueError(f"{option} sets the placers that draw layouts; --layout lays out one drawing")
    rules = check_run(args, shooters, [args.placer])
    placer, drawing = _solo_placer(args)
    solo = " (solo games: every shot is answered at once, so the volley rule does not apply)"
    laid_out = f"layout from {args.layout}" if drawing else f"placer {args.placer}{_budget_text(args)}"
    print(f"{_many(args.games, 'game')} per shooter, {_describe(args, rules)}, {laid_out}"
          + (solo if rules.volley != "single" else ""))
    if drawing:
        print(drawing, end="")
    width = _name_width(shooters)
    _print_solo_header(width)
    results = []
    for name in shooters:
        r = battleship.simulate(
            name, capped.get(name, args.games), placer=placer, game_shots=game_shots or name in capped,
            first_game=args.first_game, **run_arguments(args),
        )
        print(_solo_row(r, name + (" *" if name in capped else ""), width, _budget_hint(args)), flush=True)
        results.append(r)
    if capped:
        print(f"* slow shooter (milliseconds a move): {_many(min(capped.values()), 'game')}; change with --slow-games")
        _same_layouts(args, placer, results, capped)
    return results


def _name_width(names: Sequence[str]) -> int:
    """The width of a table's name column: 20, or more for a long name (a module:attribute spec)
    with room for a slow shooter's " *"."""
    return max(20, *(len(name) + 3 for name in names))


def _print_solo_header(width: int) -> None:
    """The header of a table of solo runs (``compare``, ``simulate``, ``combine``)."""
    header = f"{'shooter':<{width}}{'mean':>8}{'±95%':>7}{'median':>8}{'p95':>6}{'max':>6}{'games/s':>13}"
    print(header)
    print("-" * len(header))


def _solo_row(r: battleship.SimulationResult, label: str, width: int, budget_hint: str = "") -> str:
    """A solo run's row: its figures (``n/a`` when no game finished), games per second, and the
    games it did not finish or could not lay out (``budget_hint`` says what to try for those)."""
    unfinished = f"  ({r.unfinished:,} unfinished)" if r.unfinished else ""
    if r.unplaceable:
        unfinished += f"  ({r.unplaceable:,} not played: the placer found no layout{budget_hint})"
    if r.finished:
        figures = f"{r.mean:>8.2f}{r.ci95:>7.2f}{r.median:>8}{r.p95:>6}{r.max:>6}"
    else:  # no game to take figures from
        figures = f"{'n/a':>8}{'':>7}{'':>8}{'':>6}{'':>6}"
    return f"{label:<{width}}{figures}{r.games_per_second:>13,.0f}{unfinished}"


def _same_layouts(
    args: argparse.Namespace, placer: Any, results: Sequence[battleship.SimulationResult], capped: Dict[str, int]
) -> None:
    """Prints how the best shooter that played every game did on the slow shooters' games alone,
    and each slow shooter's shots minus its own, game by game.

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
        best.shooter, games, placer=placer, game_shots=True, first_game=args.first_game, **run_arguments(args)
    )
    if not same.finished:
        return
    games_of = _many(games, "game") if args.layout is not None else _many(games, "layout")  # one drawn layout
    print(f"  {best.shooter} on the same {games_of}: mean {same.mean:.2f} ± {same.ci95:.2f}")
    for r in results:
        if r.shooter in capped and r.finished:
            d = battleship.paired_difference(r, same)
            print(f"  {r.shooter} minus {best.shooter}, game by game: {d.mean:+.2f} ± {d.ci95:.2f} shots")


def _drawn_layout(path: str, rows: int, cols: int, fleet: Fleet, touching: str) -> Tuple[battleship.FixedPlacer, Ocean]:
    """``--layout FILE``'s placer and the ocean it lays out, checked on the run's board, fleet and
    touching rule before anything is played; ``ValueError`` naming the file (and the line) if it
    cannot be read or laid out."""
    try:
        with open(path, encoding="utf-8") as file:
            placer = battleship.FixedPlacer(file.read())
        return placer, placer.check(rows, cols, fleet, touching)
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"--layout {path}: {getattr(error, 'strerror', None) or error}") from None
    except ValueError as error:
        raise ValueError(f"--layout {path}: {error}") from None


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


def _check_writable(option: str, path: str, example: str) -> None:
    """``ValueError`` (so before any game is played) unless ``option``'s file can be written:
    a name, not a directory, in a directory that exists and is writable."""
    if not path:
        raise ValueError(f"{option} needs a file name, such as {example}")
    if os.path.isdir(path):
        raise ValueError(f"{option} {path}: is a directory, not a file name")
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise ValueError(f"{option} {path}: directory {directory} does not exist")
    if not os.access(directory, os.W_OK):
        raise ValueError(f"{option} {path}: directory {directory} is not writable")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise ValueError(f"{option} {path}: the file is not writable")


def _add_json_option(p: argparse.ArgumentParser) -> None:
    """``--json FILE``: the results as ``battleship.save_results`` writes them."""
    p.add_argument(
        "--json", metavar="FILE",
        help="also write the results to FILE as JSON (battleship.load_results reads them back)",
    )


def _json_file(args: argparse.Namespace) -> Optional[str]:
    """``--json``'s file, checked before the run; ``None`` without the option."""
    path: Optional[str] = args.json
    if path is not None:
        _check_writable("--json", path, "results.json")
    return path


def _save_json(path: Optional[str], results: Sequence[Any], args: argparse.Namespace) -> None:
    """Writes ``results`` to ``--json``'s file, with the command line that made them."""
    if path is None:
        return
    try:
        battleship.save_results(results, path, command=["battleship", *args.argv])
    except OSError as error:
        raise ValueError(f"--json {path}: {error.strerror or error}") from None
    print(f"wrote {path}")


def _check_plot_file(path: str) -> str:
    """The file the chart goes to (``.png`` added to a name without a suffix); ``ValueError``
    (so before any game is played) unless a chart can be written there: matplotlib is installed,
    knows the format, and the file's directory exists and is writable."""
    if path and not os.path.isdir(path) and not os.path.splitext(path)[1]:
        path += ".png"
    _check_writable("--plot", path, "shots.png")
    if importlib.util.find_spec("matplotlib") is None:
        raise ValueError("--plot needs matplotlib (pip install matplotlib)")
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()  # what savefig can write
    suffix = os.path.splitext(path)[1][1:].lower()
    if suffix not in formats:
        raise ValueError(f"--plot {path}: matplotlib cannot write .{suffix} files; it writes {', '.join(sorted(formats))}")
    return path


def _compare(args: argparse.Namespace) -> int:
    shooters = battleship.shooter_names() if args.shooters is None else _names(args.shooters, "--shooters")
    plot = None if args.plot is None else _check_plot_file(args.plot)
    json_file = _json_file(args)
    results = _table(args, shooters, slow_games=args.slow_games)
    _save_json(json_file, results, args)
    if plot is not None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        from battleship.plot import shots_distribution

        figure, ax = plt.subplots(figsize=(9, 5))
        shots_distribution(results, ax=ax, title=f"Shots to sink the fleet, {args.games:,} games each")
        try:
            figure.savefig(plot, dpi=120, bbox_inches="tight")
        except OSError as error:
            raise ValueError(f"--plot {plot}: {error}") from None
        finally:
            plt.close(figure)
        print(f"wrote {plot}")
    return 0


def add_compare(sub: Subparsers) -> None:
    """``battleship compare``."""
    p = sub.add_parser(
        "compare",
        help="compare every built-in shooter",
        description="Play every built-in shooter (10,000 classic games each by default) and print "
        "mean, median, p95 and max shots to sink the fleet, and games per second.",
    )
    p.add_argument(
        "--shooters", help="comma-separated shooter names or module:attribute specs (default: every built-in)"
    )
    _add_layout_option(p)
    p.add_argument("--plot", metavar="FILE.png", help="also write the distribution chart (needs matplotlib)")
    _add_json_option(p)
    _add_first_game_option(p)
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
    p.add_argument("shooter", help=f"shooter: {', '.join(battleship.shooter_names())}, or {OWN}")
    _add_layout_option(p)
    p.add_argument(
        "--longest", action="store_true",
        help="then play the run's longest game again and show it: the shot at which each ship sank, and the ocean",
    )
    _add_json_option(p)
    _add_first_game_option(p)
    add_run_options(p, 10_000)
    add_board_options(p, volleys=False)
    p.set_defaults(run=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    json_file = _json_file(args)
    (r,) = _table(args, [args.shooter], game_shots=args.longest)
    if args.longest and r.game_shots is not None and r.finished:
        _show_longest(args, r.first_game + int(r.game_shots.argmax()))
    _save_json(json_file, [r], args)
    return 0


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


# ---- match ---------------------------------------------------------------------------------
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
    if args.sprt is not None and args.first_game:
        raise ValueError("--first-game plays a piece of a run of --games matches: not with --sprt")
    if args.sprt is not None:
        elo0, elo1 = args.sprt
        args.alpha = 0.05 if args.alpha is None else args.alpha
        args.beta = 0.05 if args.beta is None else args.beta
        args.batch = 200 if args.batch is None else args.batch
        if check_count("--batch", args.batch, 2) % 2:
            raise ValueError(f"--batch must be even (each shooter moves first in half the matches), got {args.batch}")
        if args.games == 0:
            raise ValueError("--games is the most matches --sprt plays: at least 1")
        try:  # the test's refusals, before any match is played
            _core.sprt_decision(elo0, elo1, args.alpha, args.beta, 0, 0, 0)
        except ValueError as error:
            raise ValueError(f"--sprt: {error}") from None
        options = run_arguments(args)
        test = battleship.sprt(args.a, args.b, elo0=elo0, elo1=elo1, alpha=args.alpha, beta=args.beta,
                               batch=args.batch, max_games=args.games, placers=(placer, placer), **options)
        r = test.match
    else:
        r = battleship.match(args.a, args.b, args.games, placers=(placer, placer), game_results=args.first_loss,
                             first_game=args.first_game, **run_arguments(args))
    _print_match(r, _describe(args, rules), played=r.games if test is None else test.played)
    if test is not None:
        print(f"  {test}")
    if r.game_results is not None:
        _show_first_loss(args, placer, r)
    _save_json(json_file, [r if test is None else test], args)
    return 0


def _print_match(r: battleship.MatchResult, description: str, played: int) -> None:
    """A head-to-head's tallies, win share, Elo difference and speed (``played`` matches in its
    time: a sequential test's time includes matches past its decision)."""
    a, b = (r.a, r.b) if r.a != r.b else (f"{r.a} (A)", f"{r.b} (B)")  # a shooter against itself
    print(f"{a} vs {b}: {_many(r.games, 'game')}, {description} (each moves first in half the games)")
    low, high = r.interval_a
    width = max(20, len(a), len(b))
    print(f"  {a:<{width}} wins {r.wins_a:>8,}  ({100 * r.share_a:.1f}%, 95% interval {100 * low:.1f}% to "
          f"{100 * high:.1f}%)")
    print(f"  {b:<{width}} wins {r.wins_b:>8,}")
    difference = battleship.elo_fit([replace(r, a=a, b=b)]).difference(a, b)
    print(f"  Elo difference ({a} - {b}): {difference.elo:+.0f} ± {difference.margin:.0f}")
    print(f"  draws {r.draws:,}, aborted {r.aborted:,}, first mover won {r.first_mover_wins:,}")
    rate = played / r.seconds if r.seconds > 0 else 0.0
    print(f"  mean rounds {r.mean_rounds:.2f}, winner's mean shots {r.mean_winner_shots:.2f}, {rate:,.0f} games/s")
    if r.aborted:
        print(f"  first aborted game: {r.first_abort}")


def _show_first_loss(args: argparse.Namespace, placer: Any, r: battleship.MatchResult) -> None:
    """Sets up again the first match of ``r`` that A lost (``match_game``) and prints how it ended
    and A's view of B's ocean at the end."""
    assert r.game_results is not None
    lost = [r.first_game + i for i, end in enumerate(r.game_results) if end == battleship.MatchResult.B_WON]
    if not lost:
        print(f"\n{args.a} lost no match")
        return
    options = game_arguments(args)
    game = battleship.match_game(args.a, args.b, lost[0], placers=(placer, placer), **options)
    outcome = game.play_to_end()
    assert outcome.winner is not None  # b won it in the run, and wins it again
    loser = 1 - outcome.winner
    seat = "first" if lost[0] % 2 == 0 else "second"
    print(f"\n{args.a}'s first loss, match {lost[0]:,} ({args.a} moved {seat}): {args.b} sank every ship in "
          f"{outcome.shots[outcome.winner]} shots, {args.a} had fired {outcome.shots[loser]}")
    print(f"{args.b}'s ocean as {args.a} saw it (X a hit, o a miss, ? not fired at):")
    print(game.view(loser))


def add_match(sub: Subparsers) -> None:
    """``battleship match A B``."""
    p = sub.add_parser(
        "match",
        help="a head-to-head between two shooters",
        description="Play two shooters against each other under the rules and print the tallies "
        "and their Elo difference (as battleship.elo_fit fits it) with its 95% interval.",
    )
    p.add_argument("a", help=f"first shooter: {', '.join(battleship.shooter_names())}, or {OWN}")
    p.add_argument("b", help="second shooter")
    p.add_argument("--placer", default="uniform", help="placer for both fleets, a name or module:attribute (default uniform)")
    p.add_argument(
        "--first-loss", action="store_true",
        help="then set up again the first match A lost and show it (A's view of B's ocean at the end)",
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
    add_run_options(p, 1_000)
    add_board_options(p)
    p.set_defaults(run=_match)


# ---- list ----------------------------------------------------------------------------------
Section = Tuple[str, List[Tuple[str, str]]]
"""A titled list of ``battleship list``: (title, rows of (name, what it is))."""


def _strategy_sections(kind: str) -> List[Section]:
    """The built-in shooters (or placers) with their summaries, and those of installed packages."""
    if kind == "shooter":
        title = "shooters (SHOOTER; * slow: milliseconds a move, compare plays fewer games)"
        rows = [(name + (" *" if battleship.shooter_is_slow(name) else ""), battleship.shooter_summary(name))
                for name in battleship.shooter_names()]
    else:
        title = "placers (--placer NAME, or SHOOTER/PLACER in a tournament)"
        rows = [(name, battleship.placer_summary(name)) for name in battleship.placer_names()]
    sections = [(title, rows)]
    installed = battleship.strategies.plugins(kind)
    if installed:
        rows = [(name, f"{spec}: {_described(spec, kind)}") for name, spec in installed.items()]
        sections.append((f"{kind}s of installed packages (entry points {PLUGIN_GROUPS[kind]})", rows))
    return sections


def _fleet_sections() -> List[Section]:
    """The predefined fleets with their ships."""
    rows = [(name, ", ".join(f"{c.name} {c.length}" + (f" x {c.count}" if c.count > 1 else "")
                             for c in Fleet.named(name).classes)) for name in Fleet.names()]
    return [("fleets (--fleet NAME)", rows)]


def _rule_sections() -> List[Section]:
    """The default rules, and each rule set by what it changes."""
    defaults = Rules().to_dict()
    rows = [("(defaults)", ", ".join(f"{key} {value}" for key, value in defaults.items()))]
    for name in Rules.names():
        changed = {k: v for k, v in Rules.named(name).to_dict().items() if v != defaults[k]}
        rows.append((name, ", ".join(f"{k} {v}" for k, v in changed.items()) or "the defaults"))
    return [("rule sets (--rules NAME; each names what differs from the defaults)", rows)]


LIST_SECTIONS: Dict[str, Callable[[], List[Section]]] = {
    "shooters": lambda: _strategy_sections("shooter"),
    "placers": lambda: _strategy_sections("placer"),
    "fleets": _fleet_sections,
    "rules": _rule_sections,
}
"""What ``battleship list`` lists, in its order, and how."""


def _list(args: argparse.Namespace) -> int:
    what = list(LIST_SECTIONS) if args.what is None else [args.what]
    sections = [section for name in what for section in LIST_SECTIONS[name]()]
    width = max(len(name) for _, rows in sections for name, _ in rows) + 2
    for k, (title, rows) in enumerate(sections):
        print(("\n" if k else "") + title)
        for name, text in rows:
            print(f"  {name:<{width}}{text}")
    if {"shooters", "placers"} & set(what):
        print("\nyour own, wherever a shooter or placer is named: module:attribute (my_shooters:EdgeShooter, a "
              "class or object in my_shooters.py in the current directory or on PYTHONPATH)")
    return 0


def _described(spec: str, kind: str) -> str:
    """The first line of what ``spec`` names says of itself (its ``summary``, else its docstring),
    or why it cannot be loaded: one broken package must not hide the rest of the list."""
    try:
        found = battleship.strategies.imported_strategy(spec, kind)
    except Exception as error:  # noqa: BLE001 (any error of another package's code)
        return f"cannot be loaded ({type(error).__name__}: {error})"
    text = getattr(found, "summary", None)
    if not isinstance(text, str):
        text = (getattr(found, "__doc__", None) or "").strip()
    return text.splitlines()[0] if text else "(no description)"


def add_list(sub: Subparsers) -> None:
    """``battleship list [WHAT]``."""
    p = sub.add_parser(
        "list",
        help="the built-in shooters, placers, fleets and rule sets, each with what it is",
        description="List the names the other commands take: the built-in shooters and placers, each with "
        "its one-line description, the predefined fleets with their ships, and the rule sets with what "
        "each changes.",
    )
    p.add_argument("what", nargs="?", choices=list(LIST_SECTIONS), help="only this list (default: all four)")
    p.set_defaults(run=_list)


# ---- combine -------------------------------------------------------------------------------
def _combine(args: argparse.Namespace) -> int:
    json_file = _json_file(args)
    # Each shooter's, pair's or tournament's pieces, in the order first read.
    groups: Dict[Tuple[str, ...], List[Any]] = {}
    for path in args.files:
        for i, r in enumerate(battleship.load_results(path)):
            if isinstance(r, battleship.SimulationResult):
                key: Tuple[str, ...] = (r.shooter,)
            elif isinstance(r, battleship.MatchResult):
                key = (r.a, r.b)
            elif isinstance(r, battleship.TournamentResult):
                key = ("round robin of", *r.names)
            else:
                raise ValueError(
                    f"{path}: results[{i}] is a {r.to_dict()['kind']}; combine adds up pieces of compare, simulate, "
                    "match and tournament runs"
                )
            groups.setdefault(key, []).append(r)
    if not groups:
        raise ValueError(f"no results in {', '.join(args.files)}")
    combined = []
    for key, pieces in groups.items():
        try:
            combined.append(battleship.combine(pieces))
        except ValueError as error:
            what = f"round robin of {', '.join(key[1:])}" if key[0] == "round robin of" else " vs ".join(key)
            raise ValueError(f"{what}, {_many(len(pieces), 'piece')}: {error}") from None
    print(f"{_many(sum(map(len, groups.values())), 'piece')} from {_many(len(args.files), 'file')}, "
          f"combined into {_many(len(combined), 'result')}")
    solo = [r for r in combined if isinstance(r, battleship.SimulationResult)]
    runs: Dict[Any, List[battleship.SimulationResult]] = {}  # shooters of one setup and range, one table
    for r in solo:
        runs.setdefault((r.setup, r.first_game, r.games), []).append(r)
    for rows in runs.values():
        r = rows[0]
        print(f"\n{_many(r.games, 'game')} per shooter, {_setup_text(r.setup, r.first_game, r.games)}")
        width = _name_width([row.shooter for row in rows])
        _print_solo_header(width)
        for row in rows:
            print(_solo_row(row, row.shooter, width))
    for m in combined:
        if isinstance(m, battleship.MatchResult):
            print()
            _print_match(m, _setup_text(m.setup, m.first_game, m.games), played=m.games)
    for t in combined:
        if isinstance(t, battleship.TournamentResult):
            setup = next(iter(t.matches.values())).setup if t.matches else None
            print()
            _print_tournament(t, _setup_text(setup, t.first_game, t.games, placers=False))
    _save_json(json_file, combined, args)
    return 0


def _setup_text(setup: Optional[battleship.RunSetup], first_game: int, games: int, placers: bool = True) -> str:
    """A combined run's board, fleet (by name when it is a named one), rules, seed, placers
    (unless ``placers`` is False: a tournament's players name their own) and, unless they start
    at 0, its games, for a header."""
    if setup is None:
        return "setup not recorded"
    named = [name for name in Fleet.names() if Fleet.named(name) == setup.fleet]
    fleet = f"fleet {named[0]}" if named else f"ships {', '.join(map(str, setup.fleet.lengths))}"
    laid = f"placer {setup.placers[0]}" if len(set(setup.placers)) == 1 else f"placers {' and '.join(setup.placers)}"
    text = f"{setup.rows} x {setup.cols}, {fleet}, {setup.rules!r}, seed {setup.seed}{_piece(first_game, games)}"
    return f"{text}, {laid}" if placers else text


def add_combine(sub: Subparsers) -> None:
    """``battleship combine FILE ...``."""
    p = sub.add_parser(
        "combine",
        help="add up pieces of runs saved with --json",
        description="Read the results files that compare, simulate, match and tournament wrote with --json "
        "(pieces of runs played with --first-game, on several machines, say), add up each shooter's, each pair's "
        "and each tournament's pieces into the result of the whole run (as battleship.combine does: pieces of "
        "different runs, or that overlap, are refused) and print them.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a results file written with --json")
    _add_json_option(p)
    p.set_defaults(run=_combine)


# ---- tournament ----------------------------------------------------------------------------
def _player(text: str) -> Tuple[str, str]:
    """``SHOOTER`` or ``SHOOTER/PLACER`` as a (shooter, placer) pair."""
    shooter, _, placer = text.partition("/")
    return shooter, placer or "uniform"


def _tournament(args: argparse.Namespace) -> int:
    players = [_player(p) for p in args.players]
    rules = check_run(args, [shooter for shooter, _ in players], [placer for _, placer in players])
    shown = [player_name(shooter, placer) for shooter, placer in players]
    if args.anchor is not None and args.anchor not in shown:  # before the run, not after it
        raise ValueError(f"--anchor {args.anchor}: not a player; the players are {', '.join(shown)}")
    entrants = [(shooter, placer_of(args, placer)) for shooter, placer in players]
    json_file = _json_file(args)
    t = battleship.tournament(entrants, args.games, first_game=args.first_game, **run_arguments(args))
    _print_tournament(t, _describe(args, rules), args.anchor)
    _save_json(json_file, [t], args)
    return 0


def _print_tournament(t: battleship.TournamentResult, setup: str, anchor: Optional[str] = None) -> None:
    """A tournament's report: the run (``setup`` describes it), the standings with every pair's
    shares, the Elo ratings (from ``anchor``'s, or their mean) and their fit, and the time."""
    pairs = len(t.matches)
    print(f"round robin of {len(t.names)}: {_many(t.games, 'game')} a pair, {setup}")
    print("score: points per game (a win 1, a draw 1/2); a column: the row's share of the wins against it")
    reference = "their mean" if anchor is None else f"{anchor}'s"
    print(f"elo: Elo rating fitted to every pair's results, measured from {reference}, ± its 95% margin\n")
    print(t.table(anchor))
    print("\n" + t.elo_fit(anchor).summary())
    print(f"\n{_many(pairs, 'pair')}, {_many(pairs * t.games, 'game')} in {t.seconds:.1f} s")


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
        help=f"SHOOTER or SHOOTER/PLACER; a shooter: {', '.join(battleship.shooter_names())}, or {OWN}",
    )
    p.add_argument("--anchor", metavar="PLAYER", help="measure the Elo ratings from this player's (default: from their mean)")
    _add_json_option(p)
    _add_first_game_option(p)
    add_run_options(p, 1_000)
    add_board_options(p)
    p.set_defaults(run=_tournament)


# ---- optimal -------------------------------------------------------------------------------
def _optimal(args: argparse.Namespace) -> int:
    names = _names(args.shooters, "--shooters")
    for name in names:  # refused before the search, which may take a while
        resolve_shooter(name)
    check_count("--seeds", args.seeds, 1, INT_MAX)
    check_count("--max-positions", args.max_positions, 1)
    longest = max(args.lengths)
    if longest > max(args.rows, args.cols):
        raise ValueError(f"a ship of {longest} does not fit a {args.rows} x {args.cols} board")
    if len(args.lengths) > 16:  # before naming them: past 'Z' and '`' the symbols run out of ASCII
        raise ValueError(f"a fleet has at most 16 ship classes, got {len(args.lengths)} lengths")
    fleet = Fleet([battleship.ShipClass(f"Ship {i + 1}", chr(ord("A") + i), n) for i, n in enumerate(args.lengths)])
    changes = {key: getattr(args, key) for key in ("touching", "disclosure") if getattr(args, key) is not None}
    rules = Rules().replace(**changes) if changes else Rules()
    try:
        best = battleship.optimal_expected_shots(
            args.rows, args.cols, fleet=fleet, rules=rules, max_positions=args.max_positions,
            progress=not args.no_progress and sys.stderr.isatty(),
        )
    except ValueError as error:  # the library names its limits as its arguments; say the option
        raise ValueError(_option_limits(str(error))) from None
    ships = ", ".join(map(str, args.lengths))
    print(f"{args.rows} x {args.cols}, ships {ships}, {rules!r}: perfect play needs {best:.4f} shots on average")
    print(f"{'shooter':<20}{'exact mean':>11}{'gap':>9}")
    for name in names:
        mean = battleship.exact_mean_shots(name, args.rows, args.cols, fleet=fleet, rules=rules, seeds=args.seeds)
        print(f"{name:<20}{mean:>11.4f}{100 * (mean / best - 1):>+8.2f}%", flush=True)
    return 0


def _option_limits(message: str) -> str:
    """``message`` with the library's search limits named as the command line sets them:
    ``max_positions`` is ``--max-positions``; the layouts' limit has no option."""
    message = message.replace("the limit max_positions", "the limit --max-positions")
    return message.replace("the limit max_layouts", "the most this command searches")


def add_optimal(sub: Subparsers) -> None:
    """``battleship optimal ROWS COLS LENGTH...``."""
    p = sub.add_parser(
        "optimal",
        help="perfect play on a small board, and each shooter's gap to it",
        description="Find the fewest expected shots any shooter can need against uniformly random "
        "layouts (an exhaustive search over every layout; small boards only: 5 x 5 with ships of 3 "
        "and 2 needs --max-positions 150000000, about 2 GB and half an hour), then play each "
        "shooter against every layout and print its exact mean and its gap to perfect play.",
    )
    p.add_argument("rows", type=_positive, help="board rows")
    p.add_argument("cols", type=_positive, help="board columns")
    p.add_argument("lengths", type=_positive, nargs="+", metavar="LENGTH", help="ship lengths, one ship each")
    p.add_argument("--shooters", default="hunt_target,parity,probability,bayes,expert", help="comma-separated shooter names or module:attribute specs (default %(default)s)")
    p.add_argument("--seeds", type=_positive, default=4, help="generators each shooter plays every layout with (default %(default)s)")
    p.add_argument("--max-positions", type=_positive, default=4_000_000, help="most positions the search may solve (default %(default)s)")
    p.add_argument("--touching", choices=["allowed", "no_edge_contact", "no_contact"], help="how close ships may lie (default allowed)")
    p.add_argument("--disclosure", choices=["hit_only", "hit_and_sunk", "sunk_with_name"], help="what a hit reveals (default sunk_with_name)")
    p.add_argument("--no-progress", action="store_true", help="no bar of the positions solved")
    p.set_defaults(run=_optimal)


# ---- play ----------------------------------------------------------------------------------
def _salvo(text: str) -> int:
    """An argparse type: shots per turn, or 0 for one per ship afloat ('ships')."""
    if text in ("ships", "afloat"):
        return 0
    return _shots_per_turn(text)


_shots_per_turn = whole_number(1, INT_MAX)  # the engine's salvo size is a 32-bit int


def _play(args: argparse.Namespace) -> int:
    from battleship.play import Settings

    settings = Settings(
        rows=args.rows,
        cols=args.cols,
        fleet=args.fleet,
        opponent=args.opponent,
        placer=args.placer,
        touching=args.touching,
        disclosure=args.disclosure,
        salvo=args.salvo,
        until_miss=args.until_miss,
        seed=args.seed,
    )
    if args.layout is not None:  # on the board the settings above were checked for
        placer, _ = _drawn_layout(args.layout, args.rows, args.cols, settings.fleet_object, args.touching)
        settings = replace(settings, layout=placer.layout)
    try:
        import textual  # noqa: F401
    except ImportError:
        raise ValueError("battleship play needs Textual: pip install textual") from None
    from battleship.play.app import PlayApp

    app = PlayApp(settings)  # lays out the computer's fleet: an unplaceable one is refused here
    if not (sys.stdin.isatty() and sys.stdout.isatty()):  # it would draw into a file, for ever
        raise ValueError("battleship play needs a terminal (its input and output are not one)")
    app.run()
    match = app.match
    played = match.wins[0] + match.wins[1] + match.draws
    if played:
        print(f"{match.score()} after {played} round{'s' if played != 1 else ''}.")
    return 0


def add_play(sub: Subparsers) -> None:
    """``battleship play``."""
    from battleship.play.session import default_opponent, default_placer

    p = sub.add_parser(
        "play",
        help="play against the computer in the terminal",
        description="A full-screen game against one of the engine's shooters (seed 004): place your "
        "fleet with the arrow keys, R and Enter (A places the rest at random), then fire by clicking "
        "the enemy board or with the arrows and Enter. N starts the next round, Q or Esc quits.",
    )
    names = battleship.shooter_names()
    p.add_argument(
        "--opponent", default=default_opponent(), metavar="SHOOTER",
        help=f"the computer's shooter: {', '.join(names)}, or {OWN} (default: the strongest, %(default)s)",
    )
    p.add_argument(
        "--placer", default=default_placer(), metavar="PLACER",
        help=f"how the computer lays out its fleet: {', '.join(battleship.placer_names())}, or module:attribute "
        "(default: the hardest to find, %(default)s)",
    )
    p.add_argument("--rows", type=int, default=10, help="board rows (default 10)")
    p.add_argument("--cols", type=int, default=10, help="board columns (default 10)")
    p.add_argument("--fleet", choices=Fleet.names(), default="classic", help="predefined fleet (default classic)")
    p.add_argument("--touching", choices=["allowed", "no_edge_contact", "no_contact"], default="no_contact", help="how close ships may lie (default no_contact, as seed 004)")
    p.add_argument("--disclosure", choices=["hit_only", "hit_and_sunk", "sunk_with_name"], default="sunk_with_name", help="what a hit reveals (default sunk_with_name)")
    p.add_argument("--salvo", type=_salvo, default=1, metavar="N|ships", help="shots per turn: N, or 'ships' for one per ship afloat (default 1)")
    p.add_argument("--until-miss", action="store_true", help="another shot after each hit, for both players (the Russian rule)")
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible opponent (default: a fresh one)")
    p.add_argument("--layout", metavar="FILE", help="your fleet as drawn in FILE, laid out every round (one line per row, a ship's symbol on each of its cells, '.' for water)")
    p.set_defaults(run=_play)


# ---- replay (seed 000, BBM103) ---------------------------------------------------------------
def _replay(args: argparse.Namespace) -> int:
    import os

    from battleship._core import bbm103_replay

    # File names go as the bytes the system gave (a name need not be UTF-8).
    try:
        here = os.getcwd()
    except FileNotFoundError as error:  # its own message names no file
        message = "the current directory was removed; replay reads OptionalPlayer1.txt and OptionalPlayer2.txt from it"
        raise FileNotFoundError(error.errno, message) from None
    names = (args.player1_txt, args.player2_txt, args.player1_in, args.player2_in, here)
    text, played = bbm103_replay(*(os.fsencode(name) for name in names))
    try:  # the seed prints the report, then writes it; a closed stdout must not lose the file
        if sys.stdout is not None:  # None when the program started with its stdout closed
            sys.stdout.flush()
            sys.stdout.buffer.write(text + b"\n")
            sys.stdout.flush()
    finally:
        with open("Battleship.out", "wb") as out:
            out.write(text)
    return 0 if played else 1


def add_replay(sub: Subparsers) -> None:
    """``battleship replay Player1.txt Player2.txt Player1.in Player2.in``."""
    p = sub.add_parser(
        "replay",
        help="replay a BBM103 'Battle of Ships' game from its files",
        description="Replay a BBM103 'Battle of Ships' game (seed 000) exactly as the seed's program: "
        "the fleet grids and shot lists named, OptionalPlayer1.txt and OptionalPlayer2.txt from the "
        "current directory; print the game and write it to Battleship.out. Exit status 1 when the "
        "report ends with an error.",
    )
    p.add_argument("player1_txt", metavar="Player1.txt", help="player 1's fleet grid")
    p.add_argument("player2_txt", metavar="Player2.txt", help="player 2's fleet grid")
    p.add_argument("player1_in", metavar="Player1.in", help="player 1's shots, e.g. 5,E;10,G;")
    p.add_argument("player2_in", metavar="Player2.in", help="player 2's shots")
    p.set_defaults(run=_replay)


COMMANDS: List[AddCommand] = [
    add_compare, add_simulate, add_match, add_tournament, add_combine, add_optimal, add_play, add_replay, add_list
]
"""The subcommands, in the order ``--help`` lists them."""


def register(add: AddCommand) -> None:
    """Adds a subcommand (see the module docstring)."""
    if add not in COMMANDS:
        COMMANDS.append(add)


def parser() -> argparse.ArgumentParser:
    """The whole command line."""
    p = argparse.ArgumentParser(prog="battleship", description="A fast Battleship engine.")
    p.add_argument("--version", action="version", version=f"battleship {battleship.__version__}")
    # Not required here: main() says what was missing and what was given instead, where argparse
    # would only say that COMMAND is required (even for `battleship --bogus`).
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for add in COMMANDS:
        add(sub)
    p.set_defaults(commands=tuple(sub.choices))
    for command in sub.choices.values():  # so main() can answer a stray option in its words
        command.set_defaults(command_parser=command)
    return p


def _plain_text_fallback(error: UnicodeError) -> Tuple[str, int]:
    """An encoding error handler for output a terminal's encoding cannot show (``PYTHONIOENCODING=
    ascii``): ``±`` as ``+/-``, anything else as ``?``."""
    assert isinstance(error, UnicodeEncodeError)
    bad = error.object[error.start : error.end]
    return "".join("+/-" if char == "±" else "?" for char in bad), error.end


codecs.register_error("battleship.plain_text", _plain_text_fallback)


def _show_what_the_encoding_can(stream: Any) -> None:
    """Let ``stream`` (stdout or stderr) write the tables' ``±`` as ``+/-`` if its encoding has
    no ``±``, instead of stopping the command with a codec error."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(stream, io.TextIOWrapper) or not encoding:
        return
    try:
        "±".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        stream.reconfigure(errors="battleship.plain_text")


def _import_from_here() -> None:
    """Lets ``module:attribute`` specs name modules in the current directory, as ``python -m``
    finds them (a console script has only its own directory on ``sys.path``). Appended, so a
    file here does not shadow an installed module of its name; nothing if the directory was
    removed (the command that reads from it says so)."""
    try:
        here = os.getcwd()
    except OSError:
        return
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command line; returns the exit code."""
    for stream in (sys.stdout, sys.stderr):
        _show_what_the_encoding_can(stream)
    top = parser()
    args, stray = top.parse_known_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # what --json records
    _import_from_here()
    if args.command is None:
        given = f"unrecognized arguments: {' '.join(stray)}; " if stray else ""
        top.error(f"{given}a COMMAND is required, one of: {', '.join(args.commands)}")
    if stray:  # the subcommand's usage line, not the top level's, tells what it does take
        args.command_parser.error(f"unrecognized arguments: {' '.join(stray)}")
    try:
        return int(args.run(args))
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the exit's flush of stdout must not fail again
        return 141  # 128 + SIGPIPE, what a shell shows for a tool the pipe stopped
    except (ValueError, TypeError, IndexError) as error:
        print(f"battleship: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:  # a file that cannot be read or written, e.g. Battleship.out
        print(f"battleship: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("battleship: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
