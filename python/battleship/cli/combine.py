"""``battleship combine FILE ...``: pieces of runs saved with ``--json`` added up."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from typing import Any, Dict, List, Tuple

import battleship
from battleship.cli.options import Subparsers, _add_json_option, _json_file, _save_json
from battleship.cli.report import (
    PHASES_LEGEND,
    _many,
    _name_width,
    _print_match,
    _print_solo_header,
    _print_tournament,
    _setup_text,
    _solo_row,
)
from battleship.results_file import _results_in


def _players(key: Tuple[str, ...]) -> Tuple[str, Tuple[str, ...]]:
    """What a group's key is a piece of, and its players in order."""
    if key[0] == "round robin of":
        return "tournament", key[1:]
    return ("match", key) if len(key) == 2 else ("simulation", key)


def _check_order(groups: Dict[Tuple[str, ...], List[Any]], key: Tuple[str, ...], path: str, i: int) -> None:
    """``ValueError`` if a piece read earlier has the players of ``key`` in another order: a
    match's shares and a tournament's table are by position, so such pieces cannot be added up,
    and were most likely meant as one run."""
    kind, players = _players(key)
    for other in groups:
        other_kind, theirs = _players(other)
        if kind != "simulation" and other_kind == kind and theirs != players and sorted(theirs) == sorted(players):
            raise ValueError(
                f"{path}: results[{i}] is a piece of a {kind} of {', '.join(players)}, and an earlier piece has "
                f"them as {', '.join(theirs)}: play every piece with the players in one order"
            )


_PIPE_RESULTS_IN = "pipe results in (battleship simulate ... --json - | battleship combine -)"
"""How ``-`` is meant to be used, said when standard input cannot be it."""


def _results_of(path: str) -> List[Any]:
    """The results in the file ``path``, or for ``-`` those piped in on standard input (``--json
    -``; read as bytes, so on any system, not only where ``/dev/stdin`` exists)."""
    if path != "-":
        return battleship.load_results(path)
    if sys.stdin is None:
        raise ValueError(f"-: standard input is closed; {_PIPE_RESULTS_IN}")
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError):  # a stream with no file behind it (sys.stdin replaced): no device
        mode = 0
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):  # a terminal would wait, /dev/zero be read for ever
        raise ValueError(f"-: standard input is a terminal or a device, not a results file; {_PIPE_RESULTS_IN}")
    return _results_in(sys.stdin.buffer.read(), "standard input")


def _combine(args: argparse.Namespace) -> int:
    json_file = _json_file(args)
    if json_file is not None and os.path.exists(json_file):
        for path in args.files:  # a piece written over by the sum would be lost
            if os.path.exists(path) and os.path.samefile(path, json_file):
                raise ValueError(f"--json {json_file} is one of the files to combine; write the sum to another file")
    if args.files.count("-") > 1:  # the second would read what the first left: nothing
        raise ValueError("- (standard input) is given more than once; it holds one results file")
    # Each shooter's, pair's or tournament's pieces, in the order first read.
    groups: Dict[Tuple[str, ...], List[Any]] = {}
    for path in args.files:
        for i, r in enumerate(_results_of(path)):
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
            _check_order(groups, key, path, i)
            groups.setdefault(key, []).append(r)
    if not groups:
        raise ValueError(f"no results in {', '.join(args.files)}")
    combined, notes = [], []
    for key, pieces in groups.items():
        what = f"round robin of {', '.join(key[1:])}" if key[0] == "round robin of" else " vs ".join(key)
        try:
            combined.append(battleship.combine(pieces))
        except ValueError as error:
            hint = ""
            if "leave a gap" in str(error) and isinstance(pieces[0], battleship.SimulationResult):
                hint = ("; a slow shooter plays only --slow-games of each compare piece: give every piece "
                        "--slow-games at least its --games")
            raise ValueError(f"{what}, {_many(len(pieces), 'piece')}: {error}{hint}") from None
        counted = sum(map(_counted_phases, pieces))
        if 0 < counted < len(pieces):  # combine keeps them only when every piece has them
            notes.append(f"{what}: misses by phase in {counted} of {_many(len(pieces), 'piece')}, so left out "
                         "(a sum needs every piece's: play the others again with --phases)")
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
        phases = any(row.phases is not None for row in rows)
        _print_solo_header(width, phases)
        for row in rows:
            print(_solo_row(row, row.shooter, width))
        if phases:
            print(PHASES_LEGEND)
    for m in combined:
        if isinstance(m, battleship.MatchResult):
            print()
            _print_match(m, _setup_text(m.setup, m.first_game, m.games), played=m.games)
    for t in combined:
        if isinstance(t, battleship.TournamentResult):
            setup = next(iter(t.matches.values())).setup if t.matches else None
            print()
            _print_tournament(t, _setup_text(setup, t.first_game, t.games, placers=False))
    if notes:
        print("\n" + "\n".join(notes))
    _save_json(json_file, combined, args)
    return 0


def _counted_phases(r: Any) -> bool:
    """Whether result ``r`` holds misses by phase (every pair's, for a tournament)."""
    if isinstance(r, battleship.SimulationResult):
        return r.phases is not None
    if isinstance(r, battleship.MatchResult):
        return r.phases_a is not None
    return all(r.phases(name) is not None for name in r.names)


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
    p.add_argument("files", nargs="+", metavar="FILE", help="a results file written with --json; - reads one from standard input")
    _add_json_option(p)
    p.set_defaults(run=_combine)
