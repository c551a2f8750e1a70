"""``battleship play``: a game against the computer in the terminal (Textual)."""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
from dataclasses import replace
from typing import Any, List

import battleship
from battleship._arguments import INT_MAX
from battleship.cli.options import FLEET_HELP, OWN, TUNED, Subparsers, _drawn_layout, fleet_name, whole_number


def _salvo(text: str) -> int:
    """An argparse type: shots per turn, or 0 for one per ship afloat ('ships')."""
    if text in ("ships", "afloat"):
        return 0
    return _shots_per_turn(text)


_shots_per_turn = whole_number(1, INT_MAX)  # the engine's salvo size is a 32-bit int


def _play(args: argparse.Namespace) -> int:
    from battleship.play import Settings

    try:
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
    except ValueError as error:  # named by the option, as every other command names it
        raise ValueError(re.sub(r"^(opponent|placer|seed|until_miss)\b", lambda m: "--" + m[1].replace("_", "-"),
                                str(error))) from None
    if args.layout is not None:  # on the board the settings above were checked for
        placer, _ = _drawn_layout(args.layout, args.rows, args.cols, settings.fleet_object, args.touching)
        settings = replace(settings, layout=placer.layout)
    if args.text:
        if sys.stdin is None:  # started with stdin closed (<&-): input() would fail at the first move
            args.command_parser.error("play --text reads its moves from standard input, which is closed")
        from battleship.play.text import play_text

        def say(line: str) -> None:
            print(line, flush=True)  # each answer as it comes, down a pipe too

        _say_score(play_text(settings, write=say))
        return 0
    try:
        import textual  # noqa: F401
    except ImportError:
        raise ValueError("battleship play needs Textual: pip install textual (or play line by line: --text)") from None
    from battleship.play.app import PlayApp

    app = PlayApp(settings)  # lays out the computer's fleet: an unplaceable one is refused here
    # Textual reads keys from stdin and draws on stderr; stdout takes only the score at the end.
    terminal = all(stream is not None and stream.isatty() for stream in (sys.stdin, sys.stderr))  # None: closed
    if not terminal:  # it would draw into a file, for ever
        raise ValueError("battleship play needs a terminal on its input and its error output; --text plays line by line")
    if os.environ.get("TERM") == "dumb":
        raise ValueError("battleship play cannot draw on a dumb terminal (TERM=dumb); --text plays line by line")
    ended_by: List[int] = []

    def end(signum: int, frame: Any) -> None:  # Textual ends on this as on Q: the terminal restored
        ended_by.append(signum)
        raise KeyboardInterrupt

    # A process manager, timeout, a dropped ssh session, kill -INT (Ctrl-C itself is a key here).
    names = [name for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name)]
    before = {name: signal.signal(getattr(signal, name), end) for name in names}
    try:
        app.run()
    except KeyboardInterrupt:  # Textual passed on the one raised above, the terminal restored
        if not ended_by:
            raise
    finally:
        for name, handler in before.items():
            signal.signal(getattr(signal, name), handler)
    _say_score(app.match)
    if ended_by:
        return 128 + ended_by[0]
    # Textual has printed the traceback of an exception from your own opponent or placer and
    # ended the app with 1: the exit code of a bug in your own code, as from the other commands.
    return 1 if app.return_code else 0


def _say_score(match: Any) -> None:
    """The score on stdout, if a round was played."""
    played = match.wins[0] + match.wins[1] + match.draws + match.stopped
    if played:
        print(f"{match.score()} after {played} round{'s' if played != 1 else ''}.")


def add_play(sub: Subparsers) -> None:
    """``battleship play``."""
    from battleship.play.session import default_opponent, default_placer

    p = sub.add_parser(
        "play",
        help="play against the computer in the terminal",
        description="A full-screen game against one of the engine's shooters (seed 004): place your "
        "fleet with the arrow keys, R and Enter (A places the rest at random), then fire by clicking "
        "the enemy board or with the arrows and Enter; H moves to a hint, U takes a ship back. N starts "
        "the next round, Q or Esc quits (docs/play.md has every key and mark). --text plays the same game "
        "line by line instead, for a screen reader, a pipe or a terminal that cannot draw.",
    )
    names = battleship.shooter_names()
    p.add_argument(
        "--opponent", default=default_opponent(), metavar="SHOOTER",
        help=f"the computer's shooter: {', '.join(names)}, or {OWN}; {TUNED} (default: the strongest, %(default)s)",
    )
    p.add_argument(
        "--placer", default=default_placer(), metavar="PLACER",
        help=f"how the computer lays out its fleet: {', '.join(battleship.placer_names())} (perhaps with "
        "settings, 'spread(candidates=64)'), or module:attribute (default: the hardest to find, %(default)s)",
    )
    p.add_argument("--rows", type=int, default=10, help="board rows (default 10)")
    p.add_argument("--cols", type=int, default=10, help="board columns (default 10)")
    p.add_argument("--fleet", type=fleet_name, default="classic", metavar="FLEET", help=FLEET_HELP)
    p.add_argument("--touching", choices=["allowed", "no_edge_contact", "no_contact"], default="no_contact", help="how close ships may lie (default no_contact, as seed 004)")
    p.add_argument("--disclosure", choices=["hit_only", "hit_and_sunk", "sunk_with_name"], default="sunk_with_name", help="what a hit reveals (default sunk_with_name)")
    p.add_argument("--salvo", type=_salvo, default=1, metavar="N|ships", help="shots per turn: N, or 'ships' for one per ship afloat (default 1)")
    p.add_argument("--until-miss", action="store_true", help="another shot after each hit, for both players (the Russian rule)")
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible opponent (default: a fresh one)")
    p.add_argument("--layout", metavar="FILE", help="your fleet as drawn in FILE, laid out every round (one line per row, a ship's symbol on each of its cells, '.' for water)")
    p.add_argument("--text", action="store_true", help="play line by line, no screen drawn: for a screen reader, a pipe or a plain terminal (help lists the commands)")
    p.set_defaults(run=_play)
