"""``battleship replay``: a BBM103 'Battle of Ships' game replayed from its files (seed 000)."""

from __future__ import annotations

import argparse
import os
import sys

from battleship.cli.options import Subparsers, _same_file


def _replay(args: argparse.Namespace) -> int:
    from battleship._core import bbm103_replay

    # File names go as the bytes the system gave (a name need not be UTF-8).
    try:
        here = os.getcwd()
    except FileNotFoundError as error:  # its own message names no file
        message = "the current directory was removed; replay reads OptionalPlayer1.txt and OptionalPlayer2.txt from it"
        raise FileNotFoundError(error.errno, message) from None
    for given in (args.player1_txt, args.player2_txt, args.player1_in, args.player2_in):
        if _same_file(given, "Battleship.out"):  # the report would be written over it, the game lost
            raise ValueError(f"{given} is Battleship.out, where replay writes its report; give the game's files other names")
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
