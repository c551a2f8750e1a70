"""The BBM103 replay (seed 000) on non-ASCII shots: judged as the seed's Python judges them.

The seed reads a shot ``ROW,COL`` with ``ROW.isnumeric()`` and ``COL.isalpha()`` (Unicode
classes), then ``int(ROW)`` (any decimal digits; a ``ValueError`` message is printed as it is)
and ``ord(COL)``. The engine reproduces that from generated tables
(include/battleship/detail/unicode_tables.hpp, written by scripts/gen_unicode_tables.py): these
tests check the tables against this Python for every code point, and the C++ verdicts on a
sample covering every range edge, when this Python's Unicode version is the tables' one; rows past
int()'s 4300-digit limit, when this Python is the tables' one. Expected reports were checked
against the seed's own program (run outside the repository).
"""

from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from typing import Optional

import pytest

from conftest import ROOT
from test_replay import GRID1, GRID2, SHIPS1, SHIPS2

HEADER = ROOT / "include" / "battleship" / "detail" / "unicode_tables.hpp"
TEXT = HEADER.read_text(encoding="utf-8")
TABLES_UNICODE = re.search(r'unicode_version\[\] = "([0-9.]+)"', TEXT).group(1)  # type: ignore[union-attr]
same_unicode = pytest.mark.skipif(
    unicodedata.unidata_version != TABLES_UNICODE,
    reason=f"tables are Unicode {TABLES_UNICODE}, this Python has {unicodedata.unidata_version}",
)
TABLES_PYTHON = re.search(r'python_version\[\] = "([0-9.]+)"', TEXT).group(1)  # type: ignore[union-attr]
same_python = pytest.mark.skipif(
    sys.version_info[:2] != tuple(int(part) for part in TABLES_PYTHON.split(".")[:2]),
    reason=f"the engine answers past 4300 digits as Python {TABLES_PYTHON}'s int() does; this Python differs",
)
MAX = 0x110000


def table(name: str) -> str:
    m = re.search(r"> " + name + r"\{\{?(.*?)\}\}?;", TEXT, re.S)
    assert m, name
    return m.group(1)


def members(name: str) -> set[int]:
    out: set[int] = set()
    for a, b in re.findall(r"\{0x([0-9A-F]+), 0x([0-9A-F]+)\}", table(name)):
        out.update(range(int(a, 16), int(b, 16) + 1))
    return out


def python_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1


@same_unicode
def test_the_generated_tables_are_pythons_answers_for_every_code_point() -> None:
    alpha, numeric = members("alpha"), members("numeric")
    zeros = [int(z, 16) for z in re.findall(r"0x([0-9A-F]+)", table("decimal_zeros"))]
    decimal = {z + v: v for z in zeros for v in range(10)}
    assert len(alpha) > 100_000 and len(numeric) > 1_000 and len(decimal) == 660
    for cp in range(MAX):
        c = chr(cp)
        assert (cp in alpha) == c.isalpha(), hex(cp)
        assert (cp in numeric) == c.isnumeric(), hex(cp)
        assert decimal.get(cp, -1) == (python_int(c) if c.isnumeric() else -1), hex(cp)


def seed_verdict(shot: str) -> tuple[str, Optional[tuple[int, int]], bytes]:
    """What the seed's program makes of one shot, from Python's own str and int (not its code)."""
    parts = shot.split(",")
    if len(parts) < 2 or "" in parts:
        return "missing_argument", None, f"IndexError: Missing argument. You entered '{shot}' ,the correct format would be such as '3,A'.\n\n".encode()
    if len(parts) > 2:
        return "too_many_arguments", None, f"ValueError: Too many arguments. You entered '{shot}' ,the correct format would be such as '3,A'.\n\n".encode()
    row, col = parts
    if not row.isnumeric() or not col.isalpha():
        return "bad_arguments", None, f"ValueError: Bad arguments. You entered '{shot}' ,the correct format would be such as '3,A'.\n\n".encode()
    try:
        r = int(row) - 1
    except ValueError as e:
        return "int_refused", None, str(e).encode()
    if len(col) != 1:
        return "unsupported", None, b""  # ord() raises TypeError: the seed's catch-all
    c = ord(col) - 65
    if 0 <= r <= 9 and 0 <= c <= 9:
        return "valid", (r, c), b""
    return "invalid_operation", None, b"AssertionError: Invalid Operation.\n\n"


def engine_verdict(shot: str) -> tuple[str, Optional[tuple[int, int]], bytes]:
    from battleship._core import bbm103_check_shot

    verdict, cell, text = bbm103_check_shot(shot)
    return verdict, cell, b"" if verdict == "unsupported" else text


def sample_code_points() -> list[int]:
    """Every edge of every table range (and its neighbours), every numeric character, every 17th
    code point besides: the verdict's every branch on every table, in a few seconds."""
    edges: set[int] = set()
    for name in ("alpha", "numeric", "space"):
        for a, b in re.findall(r"\{0x([0-9A-F]+), 0x([0-9A-F]+)\}", table(name)):
            for cp in (int(a, 16), int(b, 16)):
                edges.update((cp - 1, cp, cp + 1))
    for z in re.findall(r"0x([0-9A-F]+)", table("decimal_zeros")):
        edges.update(range(int(z, 16) - 1, int(z, 16) + 11))
    picked = edges | members("numeric") | set(range(0, MAX, 17))
    return sorted(cp for cp in picked if 0 <= cp < MAX and not 0xD800 <= cp <= 0xDFFF)


@same_unicode
def test_code_points_as_row_and_as_column_get_the_seeds_verdict() -> None:
    # Surrogates are left out: they cannot come out of a UTF-8 file.
    mismatches = []
    for cp in sample_code_points():
        c = chr(cp)
        for shot in (c + ",A", "3," + c, "1" + c + ",J"):
            if engine_verdict(shot) != seed_verdict(shot):
                mismatches.append((hex(cp), shot, engine_verdict(shot), seed_verdict(shot)))
    assert mismatches[:5] == []


@pytest.mark.parametrize(
    "shot",
    [
        "\u0663,A", "\uff11\uff10,J", "1\u0660,A", "\U0001d7d2,B", "\uff10,A",  # decimal digits
        "\u00b2,A", "\u00bd,A", "\u4e94,A", "\u216b,A", "\u4e94,AB",  # int() refuses
        "\u00b2" + "1" * 300 + ",A", "1" * 198 + "\u00b2,A", "1" * 197 + "\u00b2,A",  # repr cut at 200
        "1" * 4300 + ",A", "\u00b2" + "1" * 5000 + ",A",  # at the digit limit, and refused before it
        "3,\u00e9", "3,\uff21", "3,\U0001d400", "3,A\u0301", "3,\u00a0A", "\ufeff3,A", "3\uff0cA",
        "3,\uff21\uff22", "0,\u00e9\u00e9",
    ],
)
def test_pinned_shots(shot: str) -> None:
    assert engine_verdict(shot) == seed_verdict(shot)


# Past 4300 digits int()'s answer depends on the Python: 3.9 and 3.10 word the limit without
# "digits", and from 3.12 a character that is not a digit speaks before the limit does.
@same_python
@pytest.mark.parametrize("shot", ["1" * 4301 + ",A", "1" * 5000 + "\u00b2,A", "\u0663" * 4301 + ",A"])
def test_shots_past_the_digit_limit(shot: str) -> None:
    assert engine_verdict(shot) == seed_verdict(shot)


def write_game(d, shots1: str, shots2: str) -> None:
    files = {"Player1.txt": GRID1, "Player2.txt": GRID2, "OptionalPlayer1.txt": SHIPS1, "OptionalPlayer2.txt": SHIPS2}
    for name, text in files.items():
        (d / name).write_bytes(text.encode())
    (d / "Player1.in").write_bytes(shots1.encode())
    (d / "Player2.in").write_bytes(shots2.encode())


def replay(d) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "battleship", "replay", "Player1.txt", "Player2.txt", "Player1.in", "Player2.in"], cwd=d, capture_output=True)


def test_replay_fires_non_ascii_digits_and_prints_the_seeds_errors(tmp_path) -> None:
    write_game(tmp_path, "\u0663,A;\u4e94,B;3,\u00e9;\uff15,I;", "1\u0660,A;2,A;")
    p = replay(tmp_path)
    assert p.returncode == 0, p.stderr
    report = (tmp_path / "Battleship.out").read_bytes().decode()
    assert p.stdout.decode() == report + "\n"
    # ٣,A is 3,A (a miss: 0), then round 2 reads 五,B (int()'s message, no newline), 3,é (an
    # invalid operation) and fires ５,I (5,I, a hit); player 2 misses 2,A.
    assert "Enter your move: \u0663,A\n\nPlayer2's Move" in report
    assert "Enter your move: 1\u0660,A\n\nPlayer1's Move\n\nRound : 2" in report
    assert (
        "Enter your move: \u4e94,B\n\ninvalid literal for int() with base 10: '\u4e94'"
        "Enter your move: 3,\u00e9\n\nAssertionError: Invalid Operation.\n\n"
        "Enter your move: \uff15,I\n\nPlayer2's Move"
    ) in report
    assert "3 - - - C C C C C B -\t\t3 0 - - P P - - - - D\n" in report.split("Final Information")[1]
    assert "2 0 - - P - - - - B P\t\t2 - - - - B B B B - D\n" in report.split("Final Information")[1]
    assert "10X B B B - - - - - -\t\t10- - - - - B B B B -\n" in report.split("Final Information")[1]
    assert "5 D - - - - - - - - -\t\t5 - - C - - - - - X P\n" in report.split("Final Information")[1]


def test_replay_names_the_line_of_a_byte_that_is_not_utf8(tmp_path) -> None:
    write_game(tmp_path, "1,A;", "1,A;")
    (tmp_path / "Player1.in").write_bytes(b"1,A;\r\n2,\xc3\xa9;3,\xc3;")
    p = replay(tmp_path)
    assert p.returncode == 1
    assert p.stdout == b"Error: Player1.in, line 2: byte 8 (0xc3) is not UTF-8 (invalid continuation byte); the seed's program reads its files as UTF-8 text\n"
