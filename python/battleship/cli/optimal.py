"""``battleship optimal ROWS COLS LENGTH ...``: perfect play on a small board, and each
shooter's gap to it."""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
import threading

import battleship
from battleship import Rules
from battleship._arguments import INT_MAX, check_count, class_numbers, fleet_of
from battleship.cli.options import TUNED, Subparsers, _names, _positive
from battleship.cli.report import _name_width, rules_words
from battleship.strategies import resolve_shooter, strategy_name


def _optimal(args: argparse.Namespace) -> int:
    names = _names(args.shooters, "--shooters")
    for name in names:  # refused before the search, which may take a while
        resolve_shooter(name)
    check_count("--seeds", args.seeds, 1, INT_MAX)
    check_count("--max-positions", args.max_positions, 1)
    fleet = fleet_of(",".join(args.lengths))
    longest = max(c.length for c in fleet.classes)
    if longest > max(args.rows, args.cols):
        raise ValueError(f"a ship of {longest} does not fit a {args.rows} x {args.cols} board")
    changes = {key: getattr(args, key) for key in ("touching", "disclosure") if getattr(args, key) is not None}
    rules = Rules().replace(**changes) if changes else Rules()
    bar = not args.no_progress and sys.stderr.isatty()
    # Without a terminal there is no bar: a search that lasts says so once, not minutes of silence.
    notice = threading.Timer(NOTICE_AFTER, print, (f"battleship optimal: still searching, at most "
                             f"{args.max_positions:,} positions (--max-positions); Ctrl-C stops it",),
                             {"file": sys.stderr, "flush": True})
    if not args.no_progress and not bar:
        notice.start()
    try:
        best = battleship.optimal_expected_shots(
            args.rows, args.cols, fleet=fleet, rules=rules, max_positions=args.max_positions, progress=bar,
        )
    except ValueError as error:  # the library names its limits as its arguments; say the option
        raise ValueError(_option_limits(str(error))) from None
    finally:
        notice.cancel()
    ships = ", ".join(args.lengths)
    print(f"{args.rows} x {args.cols}, ships {ships}, {rules_words(rules)}: perfect play needs {best:.4f} shots on average")
    generators = "1 generator (seed 0)" if args.seeds == 1 else f"{args.seeds} generators (seeds 0 to {args.seeds - 1})"
    print(f"Each shooter against every layout, with each of {generators}; "
          "s.e.: the standard error of the mean over them, 0 when they play alike")
    width = _name_width([strategy_name(name) for name in names])  # a long name shifted its row's numbers
    print(f"{'shooter':<{width}}{'mean':>9}{'s.e.':>9}{'gap':>9}")
    for name in names:
        # One run a generator: a shooter that breaks ties at random plays differently with each,
        # and their spread is the only noise left in its mean (the layouts are all played).
        means = [
            battleship.exact_mean_shots(name, args.rows, args.cols, fleet=fleet, rules=rules, seed=seed)
            for seed in range(args.seeds)
        ]
        mean = statistics.fmean(means)
        standard_error = statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0.0
        gap = mean / best - 1
        gap = 0.0 if abs(gap) < 1e-12 else gap  # a last-bit difference is no gap: -0.00% read as better than perfect
        print(f"{strategy_name(name):<{width}}{mean:>9.4f}{standard_error:>9.4f}{100 * gap:>+8.2f}%", flush=True)
    return 0


NOTICE_AFTER = 5.0
"""Seconds a search runs, without a terminal's bar, before the command says it is still at it."""


def _option_limits(message: str) -> str:
    """``message`` with the library's search limits named as the command line sets them:
    ``max_positions`` is ``--max-positions``; the layouts' limit has no option."""
    message = message.replace("than max_positions (", "than --max-positions (")
    return re.sub(r"than max_layouts \((\d+)\) allows", r"than this command searches (\1)", message)


def _ship_class(text: str) -> str:
    """An argparse type: a ship's length (``3``) or a class of ships (``2x2``: two of 2), as
    ``--fleet`` takes them, ``text`` stripped."""
    numbers = class_numbers(text)
    if numbers is None or not all(n.strip("0") for n in numbers):  # 0 or 2x0
        raise argparse.ArgumentTypeError(f"'{text}' is neither a ship's length (3) nor a class of ships (2x2: two ships of 2)")
    return text.strip()


def add_optimal(sub: Subparsers) -> None:
    """``battleship optimal ROWS COLS LENGTH...``."""
    p = sub.add_parser(
        "optimal",
        help="perfect play on a small board, and each shooter's gap to it",
        description="Find the fewest expected shots any shooter can need against uniformly random "
        "layouts (an exhaustive search over every layout; small boards only: 5 x 5 with ships of 3 "
        "and 2 needs --max-positions 150000000, about 2 GB and half an hour), then play each "
        "shooter against every layout, once with each of --seeds generators, and print its mean, "
        "the standard error of that mean over the generators (a shooter that breaks ties at random "
        "plays differently with each; the layouts add no noise) and its gap to perfect play.",
    )
    p.add_argument("rows", type=_positive, help="board rows")
    p.add_argument("cols", type=_positive, help="board columns")
    p.add_argument("lengths", type=_ship_class, nargs="+", metavar="LENGTH", help="ship lengths, one ship each; LENGTHxCOUNT is COUNT ships of LENGTH (2x2)")
    p.add_argument("--shooters", default="hunt_target,parity,probability,bayes,expert", help=f"comma-separated shooter names or module:attribute specs (default %(default)s); {TUNED}")
    p.add_argument("--seeds", type=_positive, default=4, help="generators each shooter plays every layout with, seeded 0 to N - 1 (default %(default)s)")
    p.add_argument("--max-positions", type=_positive, default=4_000_000, help="most positions the search may solve (default %(default)s)")
    p.add_argument("--touching", choices=["allowed", "no_edge_contact", "no_contact"], help="how close ships may lie (default allowed)")
    p.add_argument("--disclosure", choices=["hit_only", "hit_and_sunk", "sunk_with_name"], help="what a hit reveals (default sunk_with_name)")
    p.add_argument("--no-progress", action="store_true", help="no bar of the positions solved")
    p.set_defaults(run=_optimal)
