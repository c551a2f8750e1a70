"""Add a subcommand of your own to the ``battleship`` command line: ``battleship.cli.register``.

    python examples/python/custom_command.py [placers [SHOOTER] [--placers NAME,NAME,...]
                                             [--games N] [--seed S] [--candidates N] ...]
    python examples/python/custom_command.py compare --games 100    # the built-in ones still work

The new subcommand, ``placers SHOOTER``, plays one shooter (default ``probability``) against
every built-in placer (``battleship.placer_names()``, or those ``--placers`` names), on the same
seed for each, and prints how many shots each placer's layouts cost it: mean (± its 95 percent
interval), median, p95, and the mean's difference from the uniform placer's, which is always
played first as the baseline. ``spread`` and ``elusive`` choose, among uniform draws, the layouts
a density shooter finds late; ``--candidates`` sets how many draws they choose among.

``add_placers`` builds the parser as the module docstring of ``battleship.cli`` describes: the
shared ``--rows --cols --fleet --rules`` and ``--games --seed --threads --search-budget
--candidates`` options come from ``add_board_options`` and ``add_run_options``, ``check_run``
refuses bad names and counts before anything is played, and ``placer_of`` applies the search
options to the placers they concern. The script registers it and hands its arguments (with none,
``placers``) to ``battleship.cli.main``, which prints a ``ValueError`` such as an unknown placer
name as ``battleship: error: ...`` and exits with status 2.

The default run (2,000 games a placer) takes under 2 s; ``elusive`` is the slow placer, a quarter
of a second per 1,000 games on two cores. The slow shooters (``bayes``, ``expert``) take
30 to 90 ms a game on two cores, some 5 to 15 minutes at the default: give them ``--games 200``.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

import battleship
from battleship.cli import (
    Subparsers,
    add_board_options,
    add_run_options,
    board_from,
    check_run,
    main,
    placer_of,
    register,
    run_arguments,
)

BASELINE = "uniform"


def add_placers(sub: Subparsers) -> None:
    """``battleship placers [SHOOTER]``."""
    p = sub.add_parser(
        "placers",
        help="one shooter against every built-in placer",
        description="One shooter against every built-in placer: how many shots each placer's "
        "layouts cost it, on the same seed, with each mean's difference from the uniform placer's.",
    )
    p.add_argument("shooter", nargs="?", default="probability",
                   help="shooter name (default probability): "
                   + ", ".join(battleship.shooter_names()))
    p.add_argument("--placers", metavar="NAMES",
                   help="comma-separated placers (default: every built-in, "
                   f"{','.join(battleship.placer_names())}); {BASELINE} is always played first")
    add_run_options(p, 2_000)
    add_board_options(p, volleys=False)  # solo games: every shot is answered at once
    p.set_defaults(run=run_placers)


def placer_list(text: Optional[str]) -> List[str]:
    """The placers to play, the baseline first, each once; a misspelt name stays in, for
    ``check_run`` to refuse by name."""
    names = battleship.placer_names() if text is None else text.split(",")
    return list(dict.fromkeys([BASELINE, *names]))


def run_placers(args: argparse.Namespace) -> int:
    """Plays ``args.shooter`` against each placer and prints a row each as it finishes."""
    names = placer_list(args.placers)
    rules = check_run(args, [args.shooter], names)  # ValueError: main says so, exit status 2
    rows, cols, _, _ = board_from(args)
    print(f"{args.shooter}, {args.games:,} games per placer, {rows} x {cols}, fleet {args.fleet}, "
          f"{rules!r}, seed {args.seed}")
    header = f"{'placer':<12}{'mean':>8}{'±95%':>7}{'median':>8}{'p95':>6}{'vs ' + BASELINE:>13}"
    print(header)
    print("-" * len(header))
    baseline: Optional[float] = None
    for name in names:
        r = battleship.simulate(args.shooter, args.games, placer=placer_of(args, name),
                                **run_arguments(args))
        if not r.finished:  # no game to take figures from: --games 0, or no layout found
            figures = f"{'n/a':>8}{'':>7}{'':>8}{'':>6}{'':>13}"
        else:
            if name == BASELINE:
                baseline = r.mean
            difference = f"{r.mean - baseline:>+13.2f}" if baseline is not None else f"{'n/a':>13}"
            figures = f"{r.mean:>8.2f}{r.ci95:>7.2f}{r.median:>8}{r.p95:>6}{difference}"
        note = f"  ({r.unplaceable:,} not played: no layout found)" if r.unplaceable else ""
        print(f"{name:<12}{figures}{note}".rstrip(), flush=True)
    return 0


if __name__ == "__main__":
    register(add_placers)
    raise SystemExit(main(sys.argv[1:] or ["placers"]))
