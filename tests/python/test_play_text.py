"""``battleship play --text``: the game line by line, driven by a script of typed lines."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from battleship import cli
from battleship.play.session import Settings, cell_name
from battleship.play.text import HELP, play_text

EVERY_CELL = [cell_name((r, c)) for r in range(10) for c in range(10)]


def played(lines, **settings):
    """The match and every line said, for the typed ``lines`` (then the input ends)."""
    said = []
    script = iter(lines)

    def read(prompt):
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    match = play_text(Settings(opponent="random", seed=5, **settings), read=read, write=said.append)
    return match, "\n".join(said)


def test_a_whole_round_is_played_by_typing_cells():
    match, said = played(["auto", *EVERY_CELL])
    assert match.wins[0] + match.wins[1] == 1
    assert "Your fleet is placed." in said and "Your fleet:\n     A  B" in said
    assert "You fire at A1:" in said and "I fire at" in said
    verdict = match.round.verdict
    assert verdict in said and ("You won in" in verdict or "I won in" in verdict)
    assert "Type next for another round, or quit." in said


def test_ships_are_placed_by_cell_and_direction_and_refusals_say_why():
    match, said = played(["A1 h", "A1 v", "A2 h", "J1 h", "B2 sideways", "undo", "A1 down", "auto"])
    r = match.round
    assert "Carrier placed at A1 horizontal." in said
    assert "Cannot place the Battleship at A1" in said  # on the carrier
    assert "touch" in said  # A2 lies beside it under the default no-contact rule
    assert "The Battleship at J1 horizontal would stick out of the board." in said
    assert "'b2 sideways' is not a spot" in said
    assert "Carrier taken back." in said
    assert r.mine.placement(0).orientation == "vertical" and r.stage == "shooting"


def test_firing_refusals_change_nothing_and_board_ships_hint_and_help_answer_in_words():
    match, said = played(["auto", "A1", "A1", "Z99", "11", "hint", "board", "ships", "help"])
    r = match.round
    assert "You already fired at A1: pick another cell." in said
    assert "That is off the board." in said
    assert "'11' is not a cell" in said
    assert "Hint: " in said and "a ship there with probability" in said
    assert "Enemy waters (X hit, # sunk, o miss, * aimed, . not fired at):" in said
    assert "Enemy ships: Carrier (5) afloat" in said and "Your ships: Carrier" in said
    assert HELP in said
    assert r.shots[0] == 1  # one shot fired for all that typing


def test_a_salvo_is_named_cell_by_cell_and_a_cell_named_again_is_taken_back():
    match, said = played(["auto", "A1", "A1", "A1", "B1"], salvo=2)
    assert "Aimed at A1: 1 more to fire." in said
    assert "A1 no longer aimed at." in said
    assert match.round.shots[0] == 2
    assert "Fire: name a cell of the enemy waters, such as B7 (2 to name this turn)." in said


def test_the_next_round_and_quit_and_the_same_seed_gives_the_same_game():
    match, said = played(["auto", *EVERY_CELL, "next", "quit", "A1"])
    assert match.round.number == 2 and match.round.stage == "placing"
    assert "Round 2." in said
    again, said_again = played(["auto", *EVERY_CELL, "next", "quit"])
    assert said_again == said


def test_the_cli_plays_line_by_line_with_no_terminal():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    typed = "\n".join(["auto", *EVERY_CELL, "quit"]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "battleship", "play", "--text", "--opponent", "random", "--seed", "5"],
        input=typed, capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Place your Carrier (5 cells)" in done.stdout
    assert done.stdout.rstrip().endswith("after 1 round.")


def test_without_a_terminal_the_error_points_at_text_mode(capsys):
    assert cli.main(["play", "--seed", "1", "--opponent", "random", "--placer", "uniform"]) == 2
    assert "--text plays line by line" in capsys.readouterr().err


def test_a_dumb_terminal_is_refused_with_the_text_mode_named(capsys, monkeypatch):
    class Tty:
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "stderr", Tty())
    monkeypatch.setenv("TERM", "dumb")
    with pytest.raises(ValueError, match=r"dumb terminal \(TERM=dumb\); --text plays line by line"):
        cli.play._play(cli.parser().parse_args(["play", "--seed", "1", "--opponent", "random", "--placer", "uniform"]))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a pseudo-terminal needs POSIX")
@pytest.mark.parametrize("signal_name, code", [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_a_terminating_signal_ends_the_full_screen_game_with_the_terminal_restored(signal_name, code):
    import pty
    import select
    import signal
    import termios
    import time

    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), TERM="xterm-256color")
    command = [sys.executable, "-m", "battleship", "play", "--opponent", "random", "--seed", "1", "--placer", "uniform"]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game, in the pseudo-terminal
        os.execvpe(sys.executable, command, env)
    shown = b""

    def read_for(seconds):
        nonlocal shown
        end = time.time() + seconds
        while time.time() < end:
            try:
                if select.select([fd], [], [], 0.1)[0]:
                    shown += os.read(fd, 65536)
            except OSError:  # the child has gone
                return

    deadline = time.time() + 60
    while b"Your fleet" not in shown and time.time() < deadline:  # drawn: raw mode, alternate screen
        read_for(0.5)
    assert b"Your fleet" in shown
    assert not termios.tcgetattr(fd)[3] & termios.ECHO
    os.kill(pid, getattr(signal, signal_name))
    read_for(2)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == code
    assert termios.tcgetattr(fd)[3] & termios.ECHO  # echo back on: the terminal restored
    assert b"\x1b[?1049l" in shown  # out of the alternate screen
    os.close(fd)


def test_a_small_board_with_a_fleet_given_by_lengths_is_played_to_the_end():
    cells = [cell_name((r, c)) for r in range(5) for c in range(5)]
    match, said = played(["auto", *cells], rows=5, cols=5, fleet="3,2")
    assert said.startswith("Battleship, 5x5 ships 3,2, no contact")
    assert "Place your Ship 1 (3 cells)" in said
    assert match.round.stage == "over"
    with pytest.raises(ValueError, match="unknown fleet 'x'"):
        Settings(fleet="x")
