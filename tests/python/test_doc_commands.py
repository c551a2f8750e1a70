"""Every command line the docs quote for the ``battleship`` command and the Python examples is one
they accept: each is parsed as given (not run, which the figures beside them took minutes to do),
so an option renamed or dropped fails here instead of in a reader's shell."""

from __future__ import annotations

import argparse
import pathlib
import re
import runpy
import shlex
import sys
from typing import Any, Dict, List

import pytest

from battleship import cli

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND = re.compile(r"^(battleship |python3? examples/python/\S+\.py( |$))")


def quoted_commands() -> List[str]:
    """The ``battleship ...`` and ``python examples/python/... `` commands of the docs: inline
    code spans (one wrapped onto the next line read whole), and the lines of shell blocks (their
    comments dropped)."""
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
        spans = [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose)]
        found += [span for span in spans if COMMAND.match(span)]
        for block in re.findall(r"^```(?:sh|bash|console)\n(.*?)^```", text, re.M | re.S):
            for line in block.splitlines():
                line = line.split(" #")[0].strip()
                if COMMAND.match(line):
                    found.append(line)
    return sorted(set(found))


def is_template(command: str) -> bool:
    """A command with a placeholder (``A B``, ``FILE``, ``[SHOOTER]``, ``...``) is a pattern, not
    a command to type as it stands."""
    return any(word.isupper() or "[" in word or "..." in word for word in shlex.split(command))


QUOTED = quoted_commands()


def subcommands(top: argparse.ArgumentParser) -> Dict[str, argparse.ArgumentParser]:
    """The subcommands of ``cli.parser()``'s ``top``, by name."""
    return top._subparsers._group_actions[0].choices


class Parsed(Exception):
    """Raised once a script's arguments are parsed, so that it stops before it plays."""


def test_the_docs_quote_commands_to_check() -> None:
    assert sum(not is_template(c) for c in QUOTED) >= 15, QUOTED
    assert "battleship play --layout examples/layouts/classic.txt" in QUOTED  # a shell block's line


def check_battleship_arguments(argv: List[str]) -> None:
    """``argv`` parsed as ``cli.main`` parses it: a known subcommand, nothing left over."""
    top = cli.parser()
    for parser in (top, *subcommands(top).values()):
        parser.allow_abbrev = False  # the docs spell options out: '--episode' is a typo there
    try:
        args, stray = top.parse_known_args(argv)
    except SystemExit as stop:  # --help and --version exit 0; a refusal exits 2 after saying why
        assert stop.code == 0, f"battleship {shlex.join(argv)} is refused"
        return
    assert args.command is not None, f"battleship {shlex.join(argv)}: no subcommand"
    assert not stray, f"battleship {shlex.join(argv)}: unrecognized {stray}"


@pytest.mark.parametrize("pattern", [c for c in QUOTED if is_template(c) and c.startswith("battleship ")])
def test_a_quoted_pattern_names_a_subcommand_and_its_options(pattern: str) -> None:
    words = shlex.split(pattern)
    known = subcommands(cli.parser())
    assert words[1] in known, f"{pattern!r}: no subcommand {words[1]!r}"
    options = known[words[1]]._option_string_actions
    for word in words[2:]:
        if word.startswith("-"):
            assert word in options, f"{pattern!r}: {words[1]} takes no {word}"


@pytest.mark.parametrize("command", [c for c in QUOTED if not is_template(c)])
def test_a_quoted_command_parses(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A script may register a subcommand (custom_command.py): keep it to this test.
    monkeypatch.setattr(cli, "COMMANDS", list(cli.COMMANDS))
    words = shlex.split(command)
    if words[0] == "battleship":
        if len(words) == 2 and not words[1].startswith("-"):  # the prose names a subcommand
            assert words[1] in subcommands(cli.parser()), f"no subcommand {words[1]!r}"
        else:
            check_battleship_arguments(words[1:])
        return
    script = ROOT / words[1]
    assert script.is_file(), f"{command!r}: no such script"
    parse_args = argparse.ArgumentParser.parse_args

    def parse_then_stop(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> Any:
        self.allow_abbrev = False  # the docs spell options out
        parse_args(self, *args, **kwargs)  # exits 2 on an option the script does not take
        raise Parsed

    def battleship_main(argv: Any = None) -> int:  # a script that hands over to the CLI
        check_battleship_arguments(list(argv if argv is not None else sys.argv[1:]))
        raise Parsed

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
    monkeypatch.setattr(cli, "main", battleship_main)
    monkeypatch.setattr(sys, "argv", [str(script), *words[2:]])
    with pytest.raises(Parsed):
        runpy.run_path(str(script), run_name="__main__")
