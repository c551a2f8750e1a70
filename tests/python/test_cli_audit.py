"""The command line's answers to the findings of an audit by random command lines, Ctrl-C at random
moments and closed streams: each was a traceback, a run that ate memory, or a wrong exit code."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import battleship
import battleship.plot
from battleship import cli
from battleship.cli import main

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="closes a file descriptor before starting")


def battleship_command(python_env: dict[str, str], *argv: str | bytes, **run: object) -> subprocess.CompletedProcess:
    """``python -m battleship ARGV`` in a child, its output captured unless ``run`` says else."""
    options: dict[str, object] = dict(capture_output=True, env=python_env, timeout=120)
    options.update(run)
    return subprocess.run([sys.executable, "-m", "battleship", *argv], **options)  # type: ignore[call-overload]


@pytest.mark.skipif(not hasattr(os, "sysconf"), reason="the machine's memory is told by os.sysconf")
@pytest.mark.parametrize(
    ("argv", "message"),
    [(["simulate", "random", "--longest"], "--longest keeps 4 bytes a game: 1,000,000,000,000,000 games need "),
     (["match", "random", "parity", "--first-loss"],
      "--first-loss keeps 1 byte a game: 1,000,000,000,000,000 games need ")],
)
def test_a_per_game_array_larger_than_the_machine_is_refused_before_the_run(capsys, argv, message):
    # The engine filled the array before the first game: a numpy MemoryError traceback after the
    # header, or, where it fitted, gigabytes taken before the process was killed.
    assert main([*argv, "--games", str(10**15)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"battleship: error: {message}")
    assert "more than half of this machine's" in captured.err


def test_running_out_of_memory_is_an_error_message(capsys, monkeypatch):
    def hungry(*args, **kwargs):
        raise MemoryError("Unable to allocate 7.45 GiB for an array with shape (2000000000,) and data type int32")

    monkeypatch.setattr(battleship, "simulate", hungry)
    assert main(["simulate", "random", "--games", "10", "--no-progress"]) == 1
    assert capsys.readouterr().err.endswith("battleship: error: out of memory: Unable to allocate 7.45 GiB for an "
                                            "array with shape (2000000000,) and data type int32\n")


def test_a_pgf_chart_without_its_tex_program_is_refused_before_the_run(capsys, monkeypatch, tmp_path):
    # matplotlib runs xelatex to write .pgf: the traceback came once every game was played.
    matplotlib = pytest.importorskip("matplotlib")
    monkeypatch.setattr(battleship.plot.shutil, "which", lambda program: None)  # as on a machine without TeX
    tex = matplotlib.rcParams["pgf.texsystem"]
    chart = tmp_path / "x.pgf"
    with pytest.raises(ValueError, match=rf"x\.pgf: matplotlib writes \.pgf files with {tex}, which is not installed$"):
        battleship.plot.figure_file(chart)
    assert main(["compare", "--shooters", "random", "--games", "2", "--plot", str(chart)]) == 2
    assert capsys.readouterr().out == ""
    assert not chart.exists()


def test_a_chart_matplotlib_fails_to_write_is_an_error_after_the_run(capsys, monkeypatch, tmp_path):
    pytest.importorskip("matplotlib")
    import matplotlib.figure

    def broken(self, *args, **kwargs):
        raise RuntimeError("the writer broke")

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", broken)
    assert main(["compare", "--shooters", "random", "--games", "2", "--plot", str(tmp_path / "x.png")]) == 1
    captured = capsys.readouterr()
    assert "random" in captured.out  # the run's table came first
    assert captured.err.endswith(f"battleship: error: --plot {tmp_path / 'x.png'}: the writer broke\n")


@POSIX
@pytest.mark.parametrize("argv", [["simulate", "random", "--games", "5"], ["optimal", "3", "3", "2"]])
def test_a_command_runs_with_standard_error_closed(python_env, argv):
    # It asked sys.stderr, None, whether it was a terminal, and exited 1 after the header.
    done = battleship_command(python_env, *argv, capture_output=False, stdout=subprocess.PIPE,
                              preexec_fn=lambda: os.close(2))
    assert done.returncode == 0
    assert done.stdout.decode().count("\n") >= 3


@POSIX
def test_play_text_with_standard_input_closed_is_refused(python_env):
    # input() raised RuntimeError("lost sys.stdin") at the first prompt: a traceback.
    done = battleship_command(python_env, "play", "--text", stdin=None, preexec_fn=lambda: os.close(0))
    assert done.returncode == 2
    assert done.stderr.decode().endswith(
        "battleship play: error: play --text reads its moves from standard input, which is closed\n")


@pytest.mark.skipif(sys.platform in ("win32", "darwin") or sys.getfilesystemencoding() != "utf-8",
                    reason="file names of any bytes (macOS's APFS takes UTF-8 names only)")
def test_a_file_name_that_is_not_utf8_is_written_and_shown(python_env, tmp_path):
    # Its lone surrogate made printing "wrote ..." fail with a codec error, told as a usage error
    # (exit 2) once the file was written.
    done = battleship_command(python_env, "simulate", "random", "--games", "3", "--no-progress", "--json", b"\xff.json",
                              cwd=tmp_path, env={**python_env, "PYTHONIOENCODING": "utf-8:strict"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().endswith("wrote \\xff.json\n")
    assert os.path.exists(os.path.join(os.fsencode(tmp_path), b"\xff.json"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["simulate", "bayes(samples=\udcff)"], "shooter 'bayes(samples=\\udcff)' is not valid Unicode text"),
     (["simulate", "random", "--placer", "spread(candidates=\udcff)"],
      "placer 'spread(candidates=\\udcff)' is not valid Unicode text"),
     (["simulate", "prior_mixture(placer=\udcff(x=1))"], "placer '\\udcff(x=1)' is not valid Unicode text")],
)
def test_settings_text_with_a_byte_that_is_not_utf8_says_so(capsys, argv, message):
    # It showed the binding's signature: "parse_shooter_settings(): incompatible function arguments".
    assert main([*argv, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and "(a lone surrogate, '\\udcff': a byte that is not UTF-8)" in err
    assert "incompatible" not in err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_combine_refuses_a_device_on_standard_input_and_standard_input_twice(python_env):
    # `combine - < /dev/zero` read without end (6 GB in 5 s); `combine - -` read nothing the second time.
    with open("/dev/zero", "rb") as zeros:
        done = battleship_command(python_env, "combine", "-", stdin=zeros)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("battleship: error: -: standard input is a terminal or a device")
    piped = battleship_command(python_env, "simulate", "random", "--games", "4", "--json", "-", "--no-progress").stdout
    twice = battleship_command(python_env, "combine", "-", "-", input=piped)
    assert twice.returncode == 2
    assert twice.stderr.decode().endswith("- (standard input) is given more than once; it holds one results file\n")
    once = battleship_command(python_env, "combine", "-", input=piped)
    assert once.returncode == 0 and b"random" in once.stdout


def test_ctrl_c_while_the_commands_are_set_up_is_an_interruption(capsys, monkeypatch):
    # parser() imports the commands' modules, outside the handler of the run's Ctrl-C: a traceback.
    def pressed():
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "parser", pressed)
    assert main(["simulate", "random"]) == 130
    assert capsys.readouterr().err == "battleship: interrupted\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--opponent", "bogus"], "--opponent: unknown shooter 'bogus'; known: random"),
     (["--placer", "bogus"], "--placer: unknown placer 'bogus'; known: uniform"),
     (["--seed", "-1"], "--seed must be from 0 to 2**64 - 1, got -1"),
     (["--until-miss", "--salvo", "3"], "--until-miss (another shot after each hit) goes with one shot a turn")],
)
def test_play_names_a_refused_setting_by_its_option(capsys, argv, message):
    # It said "opponent: ..." and "seed must be ...", where every other command names the option.
    assert main(["play", "--text", *argv]) == 2
    assert capsys.readouterr().err.startswith(f"battleship: error: {message}")


def test_settings_text_whose_parentheses_do_not_pair_says_so(capsys):
    # It said "layouts must be a number, got '1))'".
    assert main(["simulate", "expert(layouts=1)))", "--games", "1"]) == 2
    assert capsys.readouterr().err == (
        "battleship: error: shooter 'expert(layouts=1)))': a parenthesis among the settings: one '(' after the "
        "name, one ')' at the end, such as expert(exact_layouts=5000)\n")
