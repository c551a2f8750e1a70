"""`battleship replay`: the BBM103 "Battle of Ships" replay (seed 000), run as a user runs it.

The expected report was produced by the seed's own program on these files (outside the
repository) and checked by hand; the C++ suite (tests/test_bbm103.cpp) pins the same report.
"""

import os
import subprocess
import sys

import pytest

GRID1 = ";;;P;;;;;B;P\n;;;P;;;;;B;P\n;;;C;C;C;C;C;B;\nD;;;;;;;;B;\nD;;;;;;;;;\nD;;;;;;;;;\n;S;S;S;;;;;;\n;;;;;;;;;\n;P;P;;;;P;P;;\nB;B;B;B;;;;;;\n"
SHIPS1 = "B1:1,I;down;\nB2:10,A;right;\nP1:9,G;right;\nP2:1,J;down;\nP3:1,D;down;\nP4:9,B;right;"
GRID2 = ";;;;;;;;;D\n;;;;B;B;B;B;;D\n;;;P;P;;;;;D\n;;;;;;;;;\n;;C;;;;;;P;P\n;;C;;P;;;;;\n;;C;;P;;;;;\n;;C;;;;;;;P\n;;C;;;;S;S;S;P\n;;;;;B;B;B;B;\n"
SHIPS2 = "B1:10,F;right;\nB2:2,E;right;\nP1:8,J;down;\nP2:6,E;down;\nP3:3,D;right;\nP4:5,I;right;"


def fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_game(d, shots1="5,I;5,J;1,A;", shots2=",A;x,B;3,B;11,C;2,D,E;", ships=True):
    files = {"Player1.txt": GRID1, "Player2.txt": GRID2, "Player1.in": shots1, "Player2.in": shots2}
    if ships:
        files.update({"OptionalPlayer1.txt": SHIPS1, "OptionalPlayer2.txt": SHIPS2})
    for name, text in files.items():
        (d / name).write_bytes(text.encode())


def replay(d, *args):
    args = args or ("Player1.txt", "Player2.txt", "Player1.in", "Player2.in")
    return subprocess.run([sys.executable, "-m", "battleship", "replay", *args], cwd=d, capture_output=True, env=os.environ.copy())


def test_a_short_game_is_the_seeds_report_on_stdout_and_in_battleship_out(tmp_path):
    write_game(tmp_path)
    p = replay(tmp_path)
    assert p.returncode == 0, p.stderr
    report = (tmp_path / "Battleship.out").read_bytes()
    assert p.stdout == report + b"\n"  # the seed prints the report, then writes it
    assert len(report) == 4175 and fnv1a(report) == 0x9B309E19F45AF3F3
    assert report.startswith(b"Battle of Ships Game\n\nPlayer1's Move\n\nRound : 1\t\t\t\t\tGrid Size: 10x10\n\n")
    assert b"Enter your move: ,A\n\nIndexError: Missing argument. You entered ',A' ,the correct format would be such as '3,A'.\n\n" in report
    assert b"Enter your move: 2,D,E\n\nValueError: Too many arguments." in report
    assert b"list index out of rangeFinal Information\n\n" in report
    assert b"3 - 0 - C C C C C B -\t\t3 - - - P P - - - - D\n" in report  # misses are the digit 0
    assert report.endswith(b"Patrol Boat\t- - - -\t\t\tPatrol Boat\tX - - -\n\n")


def test_the_python_binding_returns_the_same_report(tmp_path):
    from battleship._core import bbm103_replay

    write_game(tmp_path)
    text, played = bbm103_replay("Player1.txt", "Player2.txt", "Player1.in", "Player2.in", str(tmp_path))
    assert played and fnv1a(text) == 0x9B309E19F45AF3F3
    assert not (tmp_path / "Battleship.out").exists()  # the binding writes nothing


def test_a_missing_ship_file_gives_the_seeds_ioerror_line(tmp_path):
    write_game(tmp_path, ships=False)
    p = replay(tmp_path)
    assert p.returncode == 1
    line = f"IOError: input file(s) [Errno 2] No such file or directory: '{os.path.realpath(tmp_path)}/OptionalPlayer1.txt' is/are not reachable."
    assert (tmp_path / "Battleship.out").read_text() == line
    assert p.stdout.decode() == line + "\n"


def test_unreachable_named_files_are_listed(tmp_path):
    write_game(tmp_path)
    p = replay(tmp_path, "Player1.txt", "Nope.txt", "Player1.in", "None.in")
    assert p.returncode == 1
    assert p.stdout == b"IOError: input file(s) Nope.txt, None.in is/are not reachable.\n"


def test_where_the_seed_crashes_the_report_ends_with_a_precise_error(tmp_path):
    write_game(tmp_path, shots1="1,A;2,B\n;3,AB;", shots2="1,A;2,A;")
    p = replay(tmp_path)
    assert p.returncode == 1
    report = (tmp_path / "Battleship.out").read_text()
    assert report.endswith(
        "Enter your move: 3,AB\n\nError: Player1.in, line 2: shot 3 '3,AB': the column 'AB' has several letters; it must be one letter A-J, as in '3,A'"
    )
    assert "kaBOOM" not in report


def test_a_bad_ship_file_is_refused_before_the_game(tmp_path):
    write_game(tmp_path)
    (tmp_path / "OptionalPlayer2.txt").write_text(SHIPS2.replace("P4:5,I;right;", "P4:5,I;left;"))
    p = replay(tmp_path)
    assert p.returncode == 1
    assert p.stdout == b"Error: OptionalPlayer2.txt, line 6: the direction 'left' is not 'right' or 'down'\n"


def test_a_closed_stdout_still_gets_battleship_out_written(tmp_path):
    write_game(tmp_path)
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write to the pipe now fails, as into `| head` gone away
    try:
        p = subprocess.run([sys.executable, "-m", "battleship", "replay", "Player1.txt", "Player2.txt",
                            "Player1.in", "Player2.in"], cwd=tmp_path, stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert p.returncode == 141 and p.stderr == b""
    assert fnv1a((tmp_path / "Battleship.out").read_bytes()) == 0x9B309E19F45AF3F3


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_report_that_cannot_be_printed_says_so_and_battleship_out_is_written(tmp_path):
    # It said "battleship: error: No space left on device", as for a file it could not write.
    write_game(tmp_path)
    with open("/dev/full", "wb") as full:
        p = subprocess.run([sys.executable, "-m", "battleship", "replay", "Player1.txt", "Player2.txt",
                            "Player1.in", "Player2.in"], cwd=tmp_path, stdout=full, stderr=subprocess.PIPE)
    assert p.returncode == 1
    assert p.stderr == b"battleship: error: cannot write the output: No space left on device\n"
    assert fnv1a((tmp_path / "Battleship.out").read_bytes()) == 0x9B309E19F45AF3F3


def test_a_program_started_with_stdout_closed_writes_battleship_out_quietly(tmp_path):
    write_game(tmp_path)  # `battleship replay ... >&-`: Python's sys.stdout is None then
    p = subprocess.run([sys.executable, "-m", "battleship", "replay", "Player1.txt", "Player2.txt",
                        "Player1.in", "Player2.in"], cwd=tmp_path, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
    assert p.returncode == 0 and p.stderr == b"", p.stderr
    assert fnv1a((tmp_path / "Battleship.out").read_bytes()) == 0x9B309E19F45AF3F3


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_or_oversized_file_is_refused_by_name(tmp_path):
    write_game(tmp_path)
    p = replay(tmp_path, "/dev/zero", "Player2.txt", "Player1.in", "Player2.in")
    assert p.returncode == 1
    assert p.stdout == b"Error: zero: the file holds more than 1048576 bytes, which no BBM103 input file does\n"
    (tmp_path / "Player1.in").write_bytes(b"1,A;" * 300_000)  # 1.2 MB
    p = replay(tmp_path)
    assert p.returncode == 1 and p.stdout.startswith(b"Error: Player1.in: the file holds more than")


def test_a_shot_list_of_a_megabyte_is_replayed(tmp_path):
    write_game(tmp_path, shots1="1,A;\n" * 200_000)  # just under the limit; in 24 s before each shot's line was counted on
    p = replay(tmp_path)
    assert p.returncode == 0, p.stderr
    assert b"Final Information" in p.stdout


def test_replay_needs_four_files(tmp_path):
    p = replay(tmp_path, "Player1.txt")
    assert p.returncode == 2 and b"usage" in p.stderr
    assert not (tmp_path / "Battleship.out").exists()


def test_a_path_with_no_file_name_is_unreachable_not_an_empty_file(tmp_path):
    write_game(tmp_path)
    p = replay(tmp_path, "Player1.txt", "Player2.txt", "Player1.in", "missing/")
    assert p.returncode == 1, p.stderr
    assert p.stdout == b"IOError: input file(s) missing/ is/are not reachable.\n"


def test_a_file_name_that_is_not_utf8_is_read_as_the_system_gave_it(tmp_path):
    if sys.platform == "win32" or sys.getfilesystemencoding().lower() != "utf-8":
        pytest.skip("names are bytes decoded with surrogateescape only on UTF-8 POSIX systems")
    write_game(tmp_path)
    odd = os.fsdecode(b"P1\xff.in")
    (tmp_path / "Player1.in").rename(tmp_path / odd)
    assert replay(tmp_path, "Player1.txt", "Player2.txt", odd, "Player2.in").returncode == 0
    p = replay(tmp_path, "Player1.txt", "Player2.txt", os.fsdecode(b"none\xff.in"), "Player2.in")
    assert p.returncode == 1 and p.stdout == b"IOError: input file(s) none\xff.in is/are not reachable.\n"


def test_battleship_out_that_cannot_be_written_is_an_error_line_not_a_traceback(tmp_path):
    write_game(tmp_path)
    (tmp_path / "Battleship.out").mkdir()
    p = replay(tmp_path)
    assert p.returncode == 1
    assert p.stderr.startswith(b"battleship: error: ") and b"Battleship.out" in p.stderr
    assert b"Traceback" not in p.stderr


def remove_working_directory():
    here = os.getcwd()
    for name in os.listdir(here):
        os.remove(name)
    os.rmdir(here)


def test_a_removed_working_directory_is_named_as_the_problem(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    write_game(gone)
    # The shell's `cd gone && rm -r ../gone && battleship replay ...`: the files are gone too.
    p = subprocess.run([sys.executable, "-m", "battleship", "replay", "Player1.txt", "Player2.txt",
                        "Player1.in", "Player2.in"], cwd=gone, capture_output=True,
                       preexec_fn=remove_working_directory)
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr == (b"battleship: error: the current directory was removed; replay reads "
                        b"OptionalPlayer1.txt and OptionalPlayer2.txt from it\n")


def test_a_game_file_named_battleship_out_is_refused_not_written_over(tmp_path):
    # The report was written over the player's shots it had just read (from the CLI audit).
    write_game(tmp_path)
    os.rename(tmp_path / "Player2.in", tmp_path / "Battleship.out")
    p = replay(tmp_path, "Player1.txt", "Player2.txt", "Player1.in", "./Battleship.out")
    assert p.returncode == 2
    assert p.stderr.decode().endswith("error: ./Battleship.out is Battleship.out, where replay writes its report; give "
                                      "the game's files other names\n")
    assert (tmp_path / "Battleship.out").read_bytes() == b",A;x,B;3,B;11,C;2,D,E;"
