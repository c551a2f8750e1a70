"""Ctrl-C keeps what a run finished: the KeyboardInterrupt's ``partial`` result, and the command
line's report of it."""

import _thread
import json
import signal
import subprocess
import sys
import threading
import time

import pytest

import battleship

# Never ends within a test: the interrupt always lands mid-run.
FOREVER = 10**9


def interrupted_after(seconds, run):
    """The KeyboardInterrupt that Ctrl-C (as the main thread sees it) raises in ``run()``
    ``seconds`` after it starts."""
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as stopped:
            run()
    finally:
        timer.cancel()
    return stopped.value


def test_an_interrupted_simulate_keeps_the_games_it_finished():
    stop = interrupted_after(0.5, lambda: battleship.simulate("parity", FOREVER, seed=3, threads=1,
                                                               game_shots=True, phases=True, progress=False))
    partial = stop.partial
    assert isinstance(partial, battleship.SimulationResult) and partial.cancelled
    assert 0 < partial.games < FOREVER and partial.finished == partial.games
    # On one thread the games finished are the first ones: the result of a run of that many.
    whole = battleship.simulate("parity", partial.games, seed=3, threads=1, phases=True, progress=False)
    assert partial == whole and not whole.cancelled
    assert (partial.mean, partial.p95, partial.max) == (whole.mean, whole.p95, whole.max)
    # Its length would be the run's, not the games played; the misses by phase counted the game
    # cut short too.
    assert partial.game_shots is None and partial.phases is None


def test_an_interrupted_simulate_on_many_threads_adds_up():
    partial = interrupted_after(0.5, lambda: battleship.simulate("random", FOREVER, threads=2, progress=False)).partial
    assert partial.cancelled and 0 < partial.games < FOREVER
    assert int(partial.histogram.sum()) == partial.finished == partial.games
    assert 94 < partial.mean < 97  # random's 95.39, over many thousands of games


def test_an_interrupted_match_keeps_the_matches_it_finished():
    stop = interrupted_after(0.5, lambda: battleship.match("probability", "parity", FOREVER, seed=2, threads=1,
                                                           game_results=True, progress=False))
    partial = stop.partial
    assert isinstance(partial, battleship.MatchResult) and partial.cancelled
    assert 0 < partial.games < FOREVER and partial.game_results is None
    whole = battleship.match("probability", "parity", partial.games, seed=2, threads=1, progress=False)
    assert partial == whole and not whole.cancelled


def test_an_interrupted_sequential_test_is_undecided_over_the_matches_counted():
    # Two copies of one shooter between hypotheses 0.2 Elo apart: no decision within a second.
    stop = interrupted_after(0.5, lambda: battleship.sprt("random", "random", elo0=-0.1, elo1=0.1, batch=2,
                                                          max_games=FOREVER, threads=1, progress=False))
    partial = stop.partial
    assert isinstance(partial, battleship.SprtResult) and partial.decision == "undecided"
    assert partial.match.cancelled and 0 < partial.match.games <= partial.played


def test_an_interrupted_tournament_keeps_the_pairs_that_played():
    games = 3_000  # the first pair's in a fraction of a second; the second pair's never
    stop = interrupted_after(1.0, lambda: battleship.tournament(
        {"random": "random", "parity": "parity", "slow": "expert"}, games, seed=5, threads=1,
        progress=False))
    partial = stop.partial
    assert isinstance(partial, battleship.TournamentResult) and partial.cancelled
    first = partial.between("random", "parity")
    assert first == battleship.match("random", "parity", games, seed=5, progress=False)
    cut = partial.between("random", "slow")
    assert cut.cancelled and 0 < cut.games < games
    with pytest.raises(KeyError, match="cancelled before their match"):
        partial.between("parity", "slow")
    assert sum(s.wins + s.losses + s.draws for s in partial.standings) == 2 * (first.games + cut.games)


def test_combine_refuses_a_cancelled_piece_and_files_keep_the_flag(tmp_path):
    partial = interrupted_after(0.3, lambda: battleship.simulate("random", FOREVER, threads=1, progress=False)).partial
    rest = battleship.simulate("random", 100, first_game=partial.games, threads=1, progress=False)
    with pytest.raises(ValueError, match="cancelled piece"):
        battleship.combine([partial, rest])
    path = tmp_path / "partial.json"
    battleship.save_results([partial], path)
    (back,) = battleship.load_results(path)
    assert back.cancelled and back == partial
    # A file written before results said whether they were cancelled reads as not cancelled.
    record = json.loads(path.read_text())
    del record["results"][0]["cancelled"]
    path.write_text(json.dumps(record))
    assert not battleship.load_results(path)[0].cancelled


def test_a_run_that_is_not_interrupted_is_not_cancelled():
    assert not battleship.simulate("random", 10, progress=False).cancelled
    assert not battleship.match("random", "parity", 10, progress=False).cancelled


def test_an_error_other_than_ctrl_c_keeps_no_partial_result():
    class Broken:
        def next_shot(self, view, rng):
            raise RuntimeError("a bug")

    with pytest.raises(RuntimeError) as raised:
        battleship.simulate(Broken(), 10, progress=False)
    assert not hasattr(raised.value, "partial") and not hasattr(raised.value, "_battleship_partial")


CLI = """
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # a background test run ignores SIGINT
from battleship.cli import main
print("started", flush=True)
sys.exit(main(ARGS))
"""


def cli_interrupted(args, python_env, after=1.5):
    """The exit code and the output of ``battleship ARGS`` sent SIGINT ``after`` seconds in."""
    proc = subprocess.Popen([sys.executable, "-c", CLI.replace("ARGS", repr(args))], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=python_env)
    assert proc.stdout.readline().strip() == "started"
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_compare_interrupted_prints_the_row_of_the_games_finished_and_writes_nothing(python_env, tmp_path):
    path = tmp_path / "out.json"
    code, out, err = cli_interrupted(
        ["compare", "--shooters", "random,mediocre", "--games", str(FOREVER), "--json", str(path),
         "--threads", "1"], python_env)
    assert code == 130 and "battleship: interrupted" in err
    lines = out.splitlines()
    row = next(line for line in lines if line.startswith("random "))
    assert 94 < float(row.split()[1]) < 97
    note = next(line for line in lines if line.startswith("interrupted (Ctrl-C) after "))
    assert note.endswith(f"of {FOREVER:,} games: the figures of random's row are over those; nothing was written "
                         f"to {path}")
    assert not path.exists()
    assert not any(line.startswith("mediocre") for line in lines)  # never started


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_match_and_tournament_interrupted_print_their_report_of_the_games_finished(python_env):
    code, out, _ = cli_interrupted(["match", "parity", "random", "--games", str(FOREVER), "--threads", "1"],
                                   python_env)
    assert code == 130 and "parity vs random: " in out and "Elo difference" in out
    played = int(out.split("parity vs random: ")[1].split(" games")[0].replace(",", ""))
    assert 0 < played < FOREVER and f"interrupted (Ctrl-C) after {played:,} of " in out
    code, out, _ = cli_interrupted(["tournament", "random", "parity", "--games", str(FOREVER), "--threads", "1"],
                                   python_env)
    assert code == 130 and "| parity |" in out and "interrupted (Ctrl-C) after " in out
    assert f", {FOREVER:,} games in" not in out  # the footer counts the games played
