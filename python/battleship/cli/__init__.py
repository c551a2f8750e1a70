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
    battleship list                  the built-in shooters and their settings, placers, fleets, rule sets

Every subcommand has ``--help``; the batch ones share ``--games --seed --threads --rows --cols
--fleet --rules`` (plus single-rule overrides such as ``--touching``). Wherever a shooter or
placer is named, ``module:attribute`` names your own (``my_shooters:EdgeShooter``, a class or
object in ``my_shooters.py`` in the current directory or on ``PYTHONPATH``). A built-in shooter's
name may carry its settings, as OpenSpiel names a game with parameters:
``'expert(exact_layouts=5000,margin=2)'`` (``battleship list settings`` lists them; quote it for
the shell).

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
``TypeError`` the function raises is printed as ``battleship: error: ...`` with exit code 2, an
``OSError`` (a file that cannot be read or written) with exit code 1; an exception raised in a
shooter's or placer's own code keeps its traceback (exit code 1).

Modules
-------
One module a command, and what they share: ``options`` (the shared options, read and checked
before a run), ``report`` (the tables and reports the commands print), ``solo`` (``compare``
and ``simulate``), ``match``, ``tournament``, ``combine``, ``listing`` (``list``), ``optimal``,
``play`` and ``replay``. This package holds the parser, ``main`` and the list of commands.
"""

from __future__ import annotations

import argparse
import codecs
import io
import os
import sys
import traceback
from typing import Any, List, Optional, Sequence, Tuple

import battleship
from battleship.cli.combine import add_combine
from battleship.cli.listing import add_list
from battleship.cli.match import add_match
from battleship.cli.optimal import add_optimal
from battleship.cli.options import (
    OWN,
    AddCommand,
    Subparsers,
    add_board_options,
    add_run_options,
    board_from,
    check_run,
    game_arguments,
    placer_of,
    run_arguments,
    whole_number,
)
from battleship.cli.play import add_play
from battleship.cli.replay import add_replay
from battleship.cli.solo import add_compare, add_simulate
from battleship.cli.tournament import add_tournament
from battleship.strategies import raised_by_own_code

__all__ = [
    "main", "parser", "register", "COMMANDS", "AddCommand", "Subparsers", "OWN", "whole_number",
    "add_board_options", "add_run_options", "board_from", "run_arguments", "game_arguments", "check_run",
    "placer_of",
]
"""What a subcommand of your own builds on (the module docstring says how)."""


COMMANDS: List[AddCommand] = [
    add_compare, add_simulate, add_match, add_tournament, add_combine, add_optimal, add_play, add_replay, add_list
]
"""The subcommands, in the order ``--help`` lists them."""


def register(add: AddCommand) -> None:
    """Adds a subcommand (see the module docstring)."""
    if add not in COMMANDS:
        COMMANDS.append(add)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, except that help and version text stdout cannot take is an error
    (argparse drops the ``OSError`` and exits 0, so ``battleship --help > /dev/full`` succeeded);
    what it writes to stderr, a usage error's message, is written as argparse does. Options are
    taken only in full, in every subcommand (which argparse makes with this class): a prefix
    made ``optimal --seed 7`` mean ``--seeds 7``, and would let a later option change what an
    old script's abbreviation means."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def _print_message(self, message: str, file: Optional[Any] = None) -> None:
        if file is sys.stdout and file is not None and message:
            file.write(message)
        else:
            super()._print_message(message, file)


def parser() -> argparse.ArgumentParser:
    """The whole command line."""
    p = _Parser(prog="battleship", description="A fast Battleship engine.")
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
    ascii``): ``±`` as ``+/-``, a lone surrogate standing for a byte that is not UTF-8 (in a file
    name given on the command line, ``os.fsdecode``'s) as that byte's ``\\xff``, anything else as
    ``?``."""
    assert isinstance(error, UnicodeEncodeError)
    bad = error.object[error.start : error.end]
    return "".join(_plain(char) for char in bad), error.end


def _plain(char: str) -> str:
    """``char``, which the output's encoding cannot write, in plain ASCII (``_plain_text_fallback``)."""
    if char == "±":
        return "+/-"
    if "\udc80" <= char <= "\udcff":
        return f"\\x{ord(char) - 0xDC00:02x}"
    return "?"


codecs.register_error("battleship.plain_text", _plain_text_fallback)


def _show_what_the_encoding_can(stream: Any) -> None:
    """Let ``stream`` (stdout or stderr) write what its encoding lacks in plain ASCII
    (``_plain_text_fallback``: the tables' ``±``, a file name's byte that is not UTF-8): a codec
    error would stop the command once its work is done, and be told as a usage error."""
    if isinstance(stream, io.TextIOWrapper) and stream.encoding and stream.errors == "strict":
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


def _flushed(code: int) -> int:
    """``code`` once stdout is written out, else what ``_unwritten`` says."""
    if sys.stdout is None:  # started with stdout closed (``>&-``): nothing was written to flush
        return code
    try:
        sys.stdout.flush()
        return code
    except OSError as error:
        return _unwritten(error)


def _os_error_text(error: OSError) -> str:
    """``error`` as a person reads it: ``nonexist.json: No such file or directory`` (Python's
    own text begins ``[Errno 2]``); as Python words it when it names no file."""
    if error.strerror and error.filename is not None:
        return f"{error.filename}: {error.strerror}"
    return error.strerror or str(error)


def _unwritten(error: OSError) -> int:
    """The exit code for output stdout could not take: 141 if the reader went away (``| head``:
    quietly, as Unix tools do), else 1 with the reason (``> /dev/full``)."""
    if not isinstance(error, BrokenPipeError):
        print(f"battleship: error: cannot write the output: {_os_error_text(error)}", file=sys.stderr)
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the exit's flush of stdout must not fail again
    except (OSError, ValueError):  # no stdout file descriptor to replace
        pass
    return 141 if isinstance(error, BrokenPipeError) else 1


class _Output:
    """stdout for a command, unless it is a terminal: an error writing to it (``> /dev/full``)
    is marked ``battleship_output``, so that it is told apart from a file's that names none. For
    a command that writes a file (``keep_going``), once the reader of its output has gone (``|
    head``), what it prints is dropped, so that the command goes on to write its file; ``gone``
    says whether that happened."""

    def __init__(self, stream: Any, keep_going: bool, text: Optional["_Output"] = None) -> None:
        self.stream = stream
        self.keep_going = keep_going
        self.gone = False
        self._text = text  # the text stream's guard, for its binary buffer's: one `gone`

    @property
    def buffer(self) -> "_Output":
        """The binary stream under the text one (``battleship replay`` writes bytes), guarded
        alike."""
        return _Output(self.stream.buffer, self.keep_going, self)

    def write(self, text: Any) -> int:
        self._guarded(lambda: self.stream.write(text))
        return len(text)

    def flush(self) -> None:
        self._guarded(self.stream.flush)

    def _guarded(self, call: Any) -> None:
        owner = self._text or self
        if owner.gone:
            return
        try:
            call()
        except BrokenPipeError as error:
            if not self.keep_going:
                raise
            owner.gone = True
            _unwritten(error)  # stdout's descriptor now writes nowhere, so its last flush passes
        except OSError as error:
            error.battleship_output = True  # type: ignore[attr-defined]
            raise

    def __getattr__(self, name: str) -> Any:  # isatty, encoding, fileno...: the stream's
        return getattr(self.stream, name)


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # not a file, or closed
        return False


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command line; returns the exit code."""
    if sys.stderr is None:  # started with stderr closed (2>&-): its messages go nowhere, the run goes on
        sys.stderr = open(os.devnull, "w")
    for stream in (sys.stdout, sys.stderr):
        _show_what_the_encoding_can(stream)
    try:
        top = parser()  # imports the commands' modules: Ctrl-C may well come here
        args, stray = top.parse_known_args(argv)
    except SystemExit as done:  # --help and --version: done once their text is out
        if done.code in (0, None) and (code := _flushed(0)):
            return code
        raise
    except OSError as error:  # that text could not be written (_Parser)
        return _unwritten(error)
    except KeyboardInterrupt:
        return _interrupted()
    args.argv = list(sys.argv[1:] if argv is None else argv)  # what --json records
    _import_from_here()
    if args.command is None:
        given = f"unrecognized arguments: {' '.join(stray)}; " if stray else ""
        top.error(f"{given}a COMMAND is required, one of: {', '.join(args.commands)}")
    if stray:  # the subcommand's usage line, not the top level's, tells what it does take
        args.command_parser.error(f"unrecognized arguments: {' '.join(stray)}")
    if sys.stdout is None:  # started with stdout closed (>&-): what it prints goes nowhere, files are written
        if getattr(args, "json", None) == "-":
            args.command_parser.error("--json -: standard output is closed; give --json a file")
        sys.stdout = open(os.devnull, "w")
    try:
        if getattr(args, "json", None) == "-":  # the JSON alone on stdout, for a pipe; the report beside it
            stdout, sys.stdout = sys.stdout, sys.stderr
            args.json_out = _Output(stdout, keep_going=False)
            try:
                code = int(args.run(args))
                args.json_out.flush()
                return code
            finally:
                sys.stdout = stdout
        # A file to write (--json, --plot): finished, and kept, when the output's reader goes away.
        keep_going = bool(getattr(args, "json", None) or getattr(args, "plot", None))
        if not keep_going and _is_terminal(sys.stdout):  # input() edits lines only on the terminal itself
            return int(args.run(args))
        guard = _Output(sys.stdout, keep_going)
        sys.stdout = guard
        try:
            code = int(args.run(args))
            guard.flush()  # here, not at exit: a report that cannot be written is an error
        finally:
            sys.stdout = guard.stream
        return 141 if guard.gone and code == 0 else code
    except BrokenPipeError as error:  # 128 + SIGPIPE, what a shell shows for a tool the pipe stopped
        if raised_by_own_code(error):  # a shooter's own pipe or socket, not our stdout
            _show_traceback(error)
            return 1
        return _unwritten(error)
    except KeyboardInterrupt:
        return _interrupted()
    except Exception as error:
        if raised_by_own_code(error):  # a bug in your shooter or placer, not a bad option
            _show_traceback(error)
            return 1
        if isinstance(error, OSError) and getattr(error, "battleship_output", False):
            return _unwritten(error)  # printing the report failed (``> /dev/full``), not a file
        if isinstance(error, OSError):  # a file that cannot be read or written, e.g. Battleship.out
            print(f"battleship: error: {_os_error_text(error)}", file=sys.stderr)
            return 1
        if isinstance(error, (ValueError, TypeError, IndexError)):
            print(f"battleship: error: {error}", file=sys.stderr)
            return 2
        if isinstance(error, MemoryError):  # numpy's says how much it asked for
            print(f"battleship: error: out of memory: {error or 'an allocation failed'}", file=sys.stderr)
            return 1
        raise


def _interrupted() -> int:
    """Says the command was stopped by Ctrl-C; 130, the exit code a shell gives a program SIGINT
    ended (128 + 2)."""
    print("battleship: interrupted", file=sys.stderr)
    return 130


def _show_traceback(error: BaseException) -> None:
    """``error``'s traceback on stderr, with what the engine noted about it: Python prints the
    notes from 3.11 on; before, the engine's mark says which game it aborted."""
    traceback.print_exception(type(error), error, error.__traceback__)
    if getattr(error, "__notes__", None):
        return
    game = getattr(error, "battleship_aborted_game", None)
    note = getattr(error, "battleship_own_code", None)
    if game is not None:
        print(f"battleship: game {game} was aborted by this exception; the run stopped there", file=sys.stderr)
    elif note is not None:
        print(note, file=sys.stderr)
