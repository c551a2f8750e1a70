"""The options the batch commands share, and how they are read and checked before a run:
the board and rules, the run, the placer's settings, ``--first-game``, ``--json`` and
``--layout``'s file."""

from __future__ import annotations

import argparse
import inspect
import os
import re
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import battleship
from battleship import Fleet, Ocean, Rules, _records
from battleship._arguments import INT_MAX, UINT64_MAX, UINT_MAX, check_count, check_fit, check_writable, fleet_of
from battleship.cli.report import _many
from battleship.strategies import DRAWING_PLACERS, _placer_parts, resolve_placer, resolve_shooter, strategy_name


Subparsers = Any  # argparse._SubParsersAction, which has no public name


AddCommand = Callable[[Subparsers], None]


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


TUNED = "'expert(exact_layouts=5000)' sets a built-in's settings (battleship list settings)"
"""How the help says that a built-in shooter's name may carry its settings."""


FLEET_HELP = f"a predefined fleet ({', '.join(Fleet.names())}) or ship lengths such as 3,2,2, one ship each, 2x16 for sixteen ships of 2 (default classic)"
"""The help of ``--fleet``, wherever it is taken."""


def fleet_name(text: str) -> str:
    """An argparse type: ``text`` if it names a fleet (``fleet_of``), refused as the option's
    error otherwise."""
    try:
        fleet_of(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_board_options(parser: argparse.ArgumentParser, volleys: bool = True) -> None:
    """``--rows --cols --fleet --rules`` and the single-rule overrides; ``--volley`` and
    ``--salvo-size`` only with ``volleys`` (solo games answer every shot at once)."""
    g = parser.add_argument_group("board and rules")
    g.add_argument("--rows", type=int, default=10, help="board rows (default 10)")
    g.add_argument("--cols", type=int, default=10, help="board columns (default 10)")
    g.add_argument("--fleet", type=fleet_name, default="classic", metavar="FLEET", help=FLEET_HELP)
    g.add_argument("--rules", choices=Rules.names(), default="classic", help="predefined rule set (default classic)")
    g.add_argument("--touching", choices=["allowed", "no_edge_contact", "no_contact"], help="override: how close ships may lie")
    g.add_argument("--disclosure", choices=["hit_only", "hit_and_sunk", "sunk_with_name"], help="override: what a hit reveals")
    if volleys:
        g.add_argument("--volley", choices=["single", "fixed_salvo", "per_ship_afloat", "until_miss"], help="override: shots per turn")
        g.add_argument("--salvo-size", type=int, help="override: shots per turn with --volley fixed_salvo")
    g.add_argument("--shot-cap", type=int, help="override: stop after this many shots (0 = none)")


def add_run_options(parser: argparse.ArgumentParser, games: int, what: str = "games to play") -> None:
    """``--games --seed --threads --no-progress``; ``what`` says what ``--games`` counts in its
    help (a head-to-head's games are matches)."""
    g = parser.add_argument_group("run")
    g.add_argument("--games", type=int, default=games, help=f"{what} (default {games:,})")
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
    if changes.get("volley") == "fixed_salvo" and "salvo_size" not in changes and rules.salvo_size == 1:
        # the rules' salvo of 1 would play one shot a turn, as if the option were not there
        raise ValueError("--volley fixed_salvo needs --salvo-size N, the shots of a turn")
    if changes:
        try:
            rules = rules.replace(**changes)
        except ValueError as error:  # the rules' own words name their fields: say the options
            text = re.sub(r"\b(salvo_size|shot_cap)\b", lambda m: "--" + m.group(1).replace("_", "-"), str(error))
            raise ValueError(re.sub(r"\bset volley to\b", "set --volley to", text)) from None
    return args.rows, args.cols, fleet_of(args.fleet), rules


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
    """The placer ``name`` as a run takes it: one that lays out uniform draws with the settings
    its name gives (``spread(candidates=64)``), and ``--search-budget`` and ``--candidates`` where
    those were given and apply to it, else the name. ``ValueError`` when an option and the name
    set one setting twice."""
    base, options = _placer_parts(name)
    for option, key, applies in (
        ("--search-budget", "search_budget", DRAWING_PLACERS),
        ("--candidates", "candidates", CHOOSING_PLACERS),
    ):
        value = getattr(args, key)
        if value is None or base not in applies:
            continue
        if key in options:  # neither can win silently
            raise ValueError(f"placer '{name}' sets {key}, and so does {option}: give it once")
        options[key] = value
    drawing = DRAWING_PLACERS.get(base)
    return drawing(**options) if drawing is not None and options else name


def _budget_text(args: argparse.Namespace, placers: Optional[Sequence[str]] = None) -> str:
    """``--search-budget`` and ``--candidates`` for a run's header, where they apply: to its
    placer, or to those of a tournament's ``placers`` named after each setting."""
    names = [_placer_parts(p)[0] for p in ([args.placer] if placers is None else placers)]

    def applied(kind: Any) -> Tuple[bool, str]:
        which = sorted({p for p in names if p in kind})
        return bool(which), "" if placers is None else f" ({', '.join(which)})"

    text = ""
    drawing, to_drawing = applied(DRAWING_PLACERS)
    choosing, to_choosing = applied(CHOOSING_PLACERS)
    if drawing and args.search_budget is not None:
        text += f", search budget {args.search_budget:,}{to_drawing}"
    if choosing and args.candidates is not None:
        text += f", {_many(args.candidates, 'candidate')}{to_choosing}"
    return text


def _budget_hint(args: argparse.Namespace, placers: Optional[Sequence[str]] = None) -> str:
    """What to try when the placer (or one of a tournament's ``placers``) found no layout for
    some games: a larger budget for its uniform draws (the other placers have no such setting),
    or the sequential placer, which lays a fleet that fits out at once (not uniformly: a large
    board with many ships can defeat both the draws and the count of uniform layouts)."""
    if not any(_placer_parts(p)[0] in DRAWING_PLACERS for p in ([args.placer] if placers is None else placers)):
        return ""
    sequential = "--placer sequential" if placers is None else "players SHOOTER/sequential"
    if args.search_budget is None:
        return f"; a crowded fleet may need --search-budget 3000000, or {sequential} (not uniform)"
    return f" within --search-budget {args.search_budget:,}; or try {sequential} (not uniform)"


def check_per_game_memory(option: str, games: int, bytes_a_game: int) -> None:
    """Refuses ``option``, which keeps ``bytes_a_game`` bytes for each of ``games`` games, where
    they would take more than half of this machine's memory: ``ValueError`` before anything runs
    (the engine fills them before the first game, and the process would be killed or swap)."""
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # not told (Windows): the run tries
        return
    need = games * bytes_a_game
    if memory > 0 and need > memory // 2:
        raise ValueError(
            f"{option} keeps {_many(bytes_a_game, 'byte')} a game: {games:,} games need {need / 2**30:,.1f} GiB, "
            f"more than half of this machine's {memory / 2**30:,.1f} GiB; play fewer games"
        )


def check_run(args: argparse.Namespace, shooters: Sequence[str], placers: Sequence[str]) -> Rules:
    """Refuses, before anything is printed or played, what the run would refuse later: the
    counts, the shooter and placer names, the board, and a fleet that cannot be laid out under
    the touching rule at all (it would give a table of games never played). Returns the rules."""
    check_count("--games", args.games, 1)  # a run of no game measures nothing: say so at once
    check_count("--seed", args.seed, 0)
    first = getattr(args, "first_game", 0)
    if first + args.games > UINT64_MAX + 1:  # game indices are 64-bit
        raise ValueError(f"--first-game + --games must be <= 2**64, got {first} + {args.games}")
    check_count("--threads", args.threads, 0, UINT_MAX)
    for name in shooters:  # a built-in's name, or module:attribute imported (and a class made)
        resolve_shooter(name)
    for name in placers:
        resolve_placer(name)
    bases = {_placer_parts(name)[0] for name in placers}  # spread(candidates=64) is a spread placer
    if args.search_budget is not None:
        check_count("--search-budget", args.search_budget, 1, INT_MAX)
        if not bases & set(DRAWING_PLACERS):  # it would change nothing: say so
            raise ValueError(
                f"--search-budget applies to the {', '.join(DRAWING_PLACERS)} placers; "
                f"this run's placers are {', '.join(sorted(set(placers)))}"
            )
    if args.candidates is not None:
        check_count("--candidates", args.candidates, 1, INT_MAX)
        if not bases & set(CHOOSING_PLACERS):  # it would change nothing: say so
            raise ValueError(
                f"--candidates applies to the {' and '.join(CHOOSING_PLACERS)} placers; "
                f"this run's placers are {', '.join(sorted(set(placers)))}"
            )
    for name in placers:  # a setting given twice, by the name and by an option: before the run
        placer_of(args, name)
    rows, cols, fleet, rules = board_from(args)
    check_fit(rows, cols, fleet, rules.touching, f"the {args.fleet} fleet")
    return rules


def _names(text: Optional[str], option: str) -> List[str]:
    """A comma-separated list of names; ``ValueError`` for an empty one or a name given twice. A
    comma inside parentheses separates a shooter's settings, not names:
    ``probability,expert(layouts=400,margin=2)`` is two names."""
    given, names, depth, start = text or "", [], 0, 0
    for at, char in enumerate(given):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            names.append(given[start:at])
            start = at + 1
    names.append(given[start:])
    if not all(names):
        raise ValueError(f"{option} needs comma-separated names, got {text!r}")
    shown = [strategy_name(name) for name in names]  # expert() is expert, margin=2 is margin=2.0
    twice = sorted({name for name in shown if shown.count(name) > 1})
    if twice:
        raise ValueError(f"{option} names {', '.join(twice)} more than once")
    return names


def _add_first_game_option(p: argparse.ArgumentParser) -> None:
    """``--first-game N``: play a piece of a run, for ``battleship combine``."""
    p.add_argument(
        "--first-game", type=whole_number(0), default=0, metavar="N",
        help="play games N to N + GAMES - 1 of the seed's run, a piece of it (with --json, "
        "battleship combine adds the pieces up into the whole run; default 0)",
    )


LAYOUT_FILE_LIMIT = 1 << 20
"""The most bytes ``--layout`` reads: far more than a drawing of the largest board (1,024 cells)
with comments, far less than a file that is not a drawing."""


def _drawn_layout(path: str, rows: int, cols: int, fleet: Fleet, touching: str) -> Tuple[battleship.FixedPlacer, Ocean]:
    """``--layout FILE``'s placer and the ocean it lays out, checked on the run's board, fleet and
    touching rule before anything is played: ``OSError`` naming the option and the file if it
    cannot be read, ``ValueError`` naming the file (and the line) if it cannot be laid out."""
    try:
        with open(path, "rb") as file:
            raw = file.read(LAYOUT_FILE_LIMIT + 1)  # not all of /dev/zero
        if len(raw) > LAYOUT_FILE_LIMIT:
            raise ValueError(f"larger than {LAYOUT_FILE_LIMIT // 1024} KiB; a drawing is a line a board row")
        placer = battleship.FixedPlacer(_records.utf8_text(raw))
        return placer, placer.check(rows, cols, fleet, touching)
    except OSError as error:
        raise OSError(f"--layout {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise ValueError(f"--layout {path}: {error}") from None


def _check_writable(option: str, path: str, example: str) -> None:
    """Raises, before any game is played, unless ``option``'s file can be written: a name (else
    ``ValueError``, a usage error), not a directory, in a directory that exists and is writable
    (else ``OSError``: a file that cannot be written, exit code 1 as when writing it fails)."""
    if not path:
        raise ValueError(f"{option} needs a file name, such as {example}")
    try:
        check_writable(path)
    except OSError as error:
        raise type(error)(f"{option} {error}") from None


def _add_json_option(p: argparse.ArgumentParser) -> None:
    """``--json FILE``: the results as ``battleship.save_results`` writes them."""
    p.add_argument(
        "--json", metavar="FILE",
        help="also write the results to FILE as JSON (battleship.load_results reads them back); "
        "- writes them to stdout and the report to stderr",
    )


def _json_file(args: argparse.Namespace, plot: Optional[str] = None) -> Optional[str]:
    """``--json``'s file, checked before the run; ``None`` without the option. ``ValueError``
    if it is the file ``--layout`` reads or the one ``--plot`` writes (``plot``): the results
    would replace the one, or the chart them, without a word."""
    path: Optional[str] = args.json
    if path == "-":  # stdout: the report goes to stderr (main)
        return path
    if path is not None:
        _check_writable("--json", path, "results.json")
        for option, other in (("--layout", getattr(args, "layout", None)), ("--plot", plot)):
            if other is not None and _same_file(path, other):
                raise ValueError(f"--json {path} is also {option}'s file; give the results a file of their own")
    return path


def _same_file(a: str, b: str) -> bool:
    """Whether the paths ``a`` and ``b`` name one file (the same path, or links to one file)."""
    if os.path.abspath(a) == os.path.abspath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist yet
        return False


def _save_json(path: Optional[str], results: Sequence[Any], args: argparse.Namespace) -> None:
    """Writes ``results`` to ``--json``'s file, with the command line that made them."""
    if path is None:
        return
    if path == "-":  # the one thing on stdout, after the report that main sent to stderr
        battleship.save_results(results, args.json_out, command=["battleship", *args.argv])
        return
    try:
        battleship.save_results(results, path, command=["battleship", *args.argv])
    except OSError as error:  # after the run: the report is printed, the file is not
        raise OSError(f"--json {path}: {error.strerror or error}") from None
    print(f"wrote {path}")
