"""Long runs: Ctrl-C stops simulate within a second; the progress bar can be turned off."""

import _thread
import pickle
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

import battleship
from battleship import _core

# The child restores Python's Ctrl-C handler first: a test run started in the background by a
# non-interactive shell (`cmd &`, nohup) inherits SIGINT ignored, and Python then installs no
# KeyboardInterrupt handler at all, so the signal would never reach simulate.
LONG_RUN = """
import signal, sys, time, battleship
signal.signal(signal.SIGINT, signal.default_int_handler)
print("started", flush=True)
t = time.monotonic()
try:
    RUN
except KeyboardInterrupt:
    print("interrupted after", time.monotonic() - t, flush=True)
    sys.exit(3)
"""


CROWDED = 'rows=32, cols=32, fleet=battleship.Fleet([("Carrier", "C", 5, 32)]), rules=battleship.Rules(touching="no_contact")'


def interrupted(script, python_env):
    """Runs ``script`` (which prints "started", then works until Ctrl-C and exits 3), sends it
    SIGINT a second after it started, and returns its output and the seconds it took to stop."""
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=python_env)
    assert proc.stdout.readline().strip() == "started"
    time.sleep(1.0)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 3 and "interrupted" in out, out
    return out, time.monotonic() - sent


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    "run",
    [
        'battleship.simulate("mediocre", 10**9, rows=32, cols=32, progress=False)',
        # one game of about 10 s: it stops before its next shot, not at its end
        'battleship.simulate("expert", 1, rows=32, cols=32, progress=False)',
        'battleship.match("expert", "bayes", 1, rows=32, cols=32, progress=False)',
        # placements that search for minutes before giving up: 32 ships of 5 without contact on
        # 32 x 32 are too crowded to draw by rejection and too many to count (they once ignored
        # Ctrl-C for over 100 seconds)
        f'battleship.simulate("random", 10, placer="elusive", {CROWDED}, progress=False)',
        f'battleship.match("random", "random", 10, placers=("uniform", "elusive"), {CROWDED}, progress=False)',
    ],
)
def test_ctrl_c_stops_a_long_simulate_within_a_second(python_env, run):
    _, elapsed = interrupted(LONG_RUN.replace("RUN", run), python_env)
    assert elapsed < 1.5  # includes interpreter shutdown


GAME_PLAYED_ON = """
import signal, sys, time, battleship
signal.signal(signal.SIGINT, signal.default_int_handler)
game = battleship.Game("expert", "expert", rows=32, cols=32, seed=1)
print("started", flush=True)
t = time.monotonic()
try:
    game.play_to_end()
except KeyboardInterrupt:
    print("interrupted after", time.monotonic() - t, flush=True)
    stopped = len(game.record.shots)
    print("stopped", game.outcome.end, stopped, flush=True)
    game.play_turn()
    print("played on", game.outcome.end, len(game.record.shots) - stopped, flush=True)
    sys.exit(3)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_game_s_play_to_end_between_turns_and_it_plays_on(python_env):
    out, elapsed = interrupted(GAME_PLAYED_ON, python_env)
    assert elapsed < 1.5
    stopped = re.search(r"^stopped (\w+) (\d+)$", out, re.M)
    assert stopped and stopped[1] == "in_progress" and int(stopped[2]) > 0, out
    assert re.search(r"^played on in_progress 1$", out, re.M), out  # one turn: one shot


STUCK = """
class Stuck:  # a student's loop that finds no cell: never returns
    def next_shot(self, view, rng):
        while True:
            pass
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    "run",
    [
        "battleship.simulate(Stuck(), 5, progress=False)",
        'battleship.match(Stuck(), "random", 5, progress=False)',
        'battleship.tournament(["random", "parity", Stuck()], 5, progress=False)',
    ],
)
def test_ctrl_c_stops_a_run_whose_python_shooter_never_returns(python_env, run):
    # The run's flag is read between moves, which never come: KeyboardInterrupt is raised inside
    # the shooter's own thread (it waited for ever).
    _, elapsed = interrupted(LONG_RUN.replace("RUN", run).replace("import signal", STUCK + "import signal"), python_env)
    assert elapsed < 1.5


LONG_SEARCH = """
import signal, sys, battleship
signal.signal(signal.SIGINT, signal.default_int_handler)
fleet = battleship.Fleet([battleship.ShipClass("Cruiser", "C", 3), battleship.ShipClass("Destroyer", "D", 2)])
print("started", flush=True)
try:
    SEARCH
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    "search",
    [
        "battleship.optimal_expected_shots(5, 5, fleet=fleet, max_positions=150_000_000)",
        "battleship.OptimalShooter(max_positions=150_000_000).start(battleship.TargetView(5, 5, fleet))",
    ],
)
def test_ctrl_c_stops_a_long_perfect_play_search(python_env, search):
    _, elapsed = interrupted(LONG_SEARCH.replace("SEARCH", search), python_env)
    assert elapsed < 5  # it used to run on to the end of the search (half an hour)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_the_pieces_an_executor_runs_on_threads(python_env):
    # Ctrl-C reaches the caller, waiting for the pieces' futures; the pieces already running on
    # the pool's threads went on to their end (the process then waited for them at exit: over
    # 30 seconds for this run).
    run = ('battleship.simulate("probability", 20_000_000, executor=concurrent.futures.ThreadPoolExecutor(2), '
           'chunks=4, progress=False)')
    script = LONG_RUN.replace("import signal,", "import concurrent.futures, signal,").replace("RUN", run)
    _, elapsed = interrupted(script, python_env)
    assert elapsed < 1.5  # includes waiting for the pool's threads at exit


NESTED = """
class Simulating:  # a shooter that runs a simulation of its own to choose each shot
    def next_shot(self, view, rng):
        battleship.simulate("probability", 10**9, progress=False)
        return view.open_cells()[0]
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_run_a_python_strategy_started_as_well(python_env):
    # The inner run watched no signal (it runs off the main thread) and played on to its end.
    script = LONG_RUN.replace("t = time.monotonic()", NESTED + "t = time.monotonic()")
    _, elapsed = interrupted(script.replace("RUN", 'battleship.simulate(Simulating(), 1, progress=False)'), python_env)
    assert elapsed < 1.5


def test_a_cancelled_token_stops_the_runs_of_the_threads_watching_it():
    token = _core.CancelToken()
    assert not token.cancelled
    token.cancel()
    _core.watch_cancel(token)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt, match="^the run was cancelled: the caller of this piece was interrupted"):
            battleship.simulate("random", 10**9, threads=1, progress=False)
    finally:
        _core.watch_cancel(None)
    assert token.cancelled and time.monotonic() - started < 1
    assert battleship.simulate("random", 100, progress=False).games == 100  # no longer watched
    assert not pickle.loads(pickle.dumps(token)).cancelled  # another process cannot cancel it: a fresh one


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("placer", ["elusive", "uniform"])
def test_ctrl_c_stops_a_long_placement_and_leaves_the_ocean_as_it_was(python_env, placer):
    # place_randomly on the crowded fleet draws uniform layouts for many seconds before it gives
    # up (elusive draws many); past its first tries it runs off the main thread, which watches for
    # Ctrl-C.
    ocean = 'battleship.Ocean(32, 32, fleet=battleship.Fleet([("Carrier", "C", 5, 32)]), touching="no_contact")'
    _, elapsed = interrupted(LONG_RUN.replace("RUN", f'{ocean}.place_randomly("{placer}", 1)'), python_env)
    assert elapsed < 1.5


def test_the_uniform_placer_s_first_tries_here_give_the_layout_it_gives_alone():
    # Ocean.place_randomly("uniform") tries first on the calling thread, then starts over off it:
    # the layout must be the placer's own, for fleets placed at once and fleets that need counting.
    for fleet, rows, touching, search_budget in [
        (battleship.Fleet.classic(), 10, "allowed", None),
        (battleship.Fleet.russian(), 7, "no_edge_contact", 3_000_000),  # counted past the first tries
    ]:
        placer = battleship.UniformPlacer() if search_budget is None else battleship.UniformPlacer(
            search_budget=search_budget)  # one for all seeds: it counts once
        for seed in range(3):
            ocean = battleship.Ocean(rows, rows, fleet=fleet, touching=touching)
            ocean.place_randomly(placer, seed)
            rng = battleship.Rng(seed)
            alone = battleship.Ocean(rows, rows, fleet=fleet, touching=touching)
            assert placer.place(alone, rng) and ocean == alone


def test_an_interrupted_placement_changes_nothing():
    ocean = battleship.Ocean(32, 32, fleet=battleship.Fleet([("Carrier", "C", 5, 32)]), touching="no_contact")
    for ship in range(32):  # five a row on every other row: a legal layout, laid by hand
        ocean.place(ship, (2 * (ship // 5), 6 * (ship % 5)))
    before = [ocean.placement(ship) for ship in range(32)]
    timer = threading.Timer(0.5, _thread.interrupt_main)  # Ctrl-C, as the main thread sees it
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            ocean.place_randomly("elusive", 1)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.5
    assert [ocean.placement(ship) for ship in range(32)] == before


def test_ctrl_c_stops_a_posterior_s_long_estimate_and_changes_nothing():
    # A million samples on 32 x 32 take about a minute: the first estimate, and one per answer.
    timer = threading.Timer(0.3, _thread.interrupt_main)  # Ctrl-C, as the main thread sees it
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            battleship.Posterior(32, 32, samples=1_000_000)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.5
    # An answer told to a posterior with many samples, stopped: the posterior is as it was. Other
    # threads run meanwhile: they read the posterior as it was, and may not tell it an answer.
    posterior = battleship.Posterior(32, 32, samples=20_000, seed=4)
    before = posterior.probabilities()
    miss = battleship.ShotOutcome("miss")
    whole = posterior.copy()
    started = time.monotonic()
    whole.record((3, 3), miss)  # the same answer, not interrupted: about a second
    alone = time.monotonic() - started
    soon = min(0.1, alone / 4)
    seen = {}

    def meanwhile():
        seen["map"] = posterior.probabilities()
        try:
            posterior.record((5, 5), miss)
        except RuntimeError as refusal:
            seen["refusal"] = str(refusal)
        _thread.interrupt_main()

    timer = threading.Timer(soon, meanwhile)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            posterior.record((3, 3), miss)
    finally:
        timer.join()
    assert time.monotonic() - started < max(alone / 2, soon + 0.3)  # long before the whole estimate
    assert (seen["map"] == before).all()
    assert seen["refusal"] == (
        "this Posterior is being told another answer (from another thread): tell it one answer at a time"
    )
    assert posterior.shots_fired == 0 and (posterior.probabilities() == before).all()
    assert not posterior.answers().any()
    # The same answer told again is taken, with the whole estimate.
    posterior.record((3, 3), miss)
    assert posterior.shots_fired == 1 and (posterior.probabilities() == whole.probabilities()).all()


def test_ctrl_c_stops_a_slow_shooter_s_move_asked_by_hand_and_changes_nothing():
    # bayes with many samples on 32 x 32: about a second a move (4.5 s at 100,000 samples).
    view = battleship.TargetView(32, 32)

    def started():
        shooter = battleship.BayesShooter(samples=20_000)
        shooter.start(view)
        return shooter

    began = time.monotonic()
    whole = started().next_shot(view, battleship.Rng(5))
    alone = time.monotonic() - began
    asked, rng = started(), battleship.Rng(5)
    refused = []

    def meanwhile():  # another thread asks the same shooter while its move runs
        try:
            asked.next_shot(view, battleship.Rng(6))
        except RuntimeError as refusal:
            refused.append(str(refusal))
        _thread.interrupt_main()

    timer = threading.Timer(min(0.1, alone / 4), meanwhile)
    timer.start()
    began = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            asked.next_shot(view, rng)
    finally:
        timer.join()
    assert time.monotonic() - began < max(alone / 2, 0.4)
    assert refused == [
        "this shooter is in use by another thread: a call on it releases the GIL while it works, "
        "so calls from two threads must take turns"
    ]
    # The stopped move changed neither the shooter nor the generator: asked again, the same move.
    assert asked.next_shot(view, rng) == whole


def test_ctrl_c_stops_a_slow_shooter_s_turn_in_a_game_and_the_match_plays_on():
    # bayes with many samples on 32 x 32: about a second a move, its turn taken with the GIL held
    # until stop 71.
    def game():
        return battleship.Game(battleship.BayesShooter(samples=20_000), "random", rows=32, cols=32, seed=3)

    whole = game()
    began = time.monotonic()
    whole.play_turn()
    alone = time.monotonic() - began
    stopped = game()
    timer = threading.Timer(min(0.1, alone / 4), _thread.interrupt_main)
    timer.start()
    began = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            stopped.play_turn()
    finally:
        timer.join()
    assert time.monotonic() - began < max(alone / 2, 0.4)
    # The turn was taken back, generator and all: no shot fired, and played again it is the turn
    # of the game never stopped.
    assert len(stopped.record.shots) == 0 and stopped.outcome.end == "in_progress"
    stopped.play_turn()
    assert stopped.record.shots == whole.record.shots and len(whole.record.shots) == 1


def test_ctrl_c_stops_a_move_its_settings_make_long_on_a_smaller_board():
    # On 20 x 20 bayes's move at its defaults takes about a millisecond and runs on the calling
    # thread; with 300,000 samples it takes seconds, and runs off it.
    view = battleship.TargetView(20, 20)
    shooter = battleship.BayesShooter(samples=300_000)
    shooter.start(view)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    began = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            shooter.next_shot(view, battleship.Rng(1))
    finally:
        timer.join()
    assert time.monotonic() - began < 1.5


@pytest.mark.parametrize("where", ["by hand", "in a game", "in a run"])
def test_ctrl_c_stops_a_prior_mixture_drawing_a_slow_placers_pool(where):
    # Its first move draws 20,000 of elusive's layouts, each rehearsing games: about 6 s (0.6 s
    # for the default 2,000).
    suspicious = battleship.PriorMixtureShooter("elusive", pool_size=20_000)
    if where == "by hand":
        view = battleship.TargetView()
        suspicious.start(view)
        call = lambda: suspicious.next_shot(view, battleship.Rng(1))  # noqa: E731
    elif where == "in a game":
        game = battleship.Game(suspicious, "random", seed=1)
        call = game.play_turn
    else:
        call = lambda: battleship.simulate(suspicious, 4, progress=False)  # noqa: E731
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    began = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.join()
    assert time.monotonic() - began < 1.5
    if where == "in a game":  # the turn was taken back: the match plays on
        assert game.outcome.end == "in_progress" and len(game.record.shots) == 0


def test_ctrl_c_stops_a_long_elo_fit():
    # 3,000 players: about a minute (time grows as players cubed; the crash audit's 900 took two
    # minutes before the fit's matrix was factored once for all its columns).
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            _core.fit_elo(3000, [(0, 1, 1, 0, 0)], None)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.5


def test_a_progress_callback_error_stops_the_run():
    calls = []

    class Stop(Exception):
        pass

    import battleship.simulation as sim

    original = sim._progress

    def failing(progress, games, label):
        def update(done):
            calls.append(done)
            raise Stop()

        return update, None

    sim._progress = failing
    try:
        with pytest.raises(Stop):
            battleship.simulate("mediocre", 10**8, rows=32, cols=32)
    finally:
        sim._progress = original
    assert calls


def test_a_progress_bar_is_made_only_once_a_run_has_lasted_a_second(monkeypatch):
    # Making a tqdm bar, even one its delay keeps hidden, cost about 0.1 ms a call: more than a
    # one-game run. The bar starts at the count reached when it is made.
    import tqdm
    import tqdm.auto

    import battleship.simulation as sim

    made = []

    class Recording:
        def __init__(self, **settings):
            self.settings, self.n, self.closed = settings, 0, False
            made.append(self)

        def update(self, n):
            self.n += n

        def close(self):
            self.closed = True

    monkeypatch.setattr(tqdm, "tqdm", Recording)
    monkeypatch.setattr(tqdm.auto, "tqdm", Recording)
    battleship.simulate("random", 100, threads=1)  # progress=True, far under a second
    assert made == []
    now = [0.0]
    bar = sim._LateBar(100, "random", "game", False, clock=lambda: now[0])
    bar.to(10)
    bar.update(5)
    assert made == [] and bar.bar is None
    now[0] = 1.0
    bar.update(5)
    assert len(made) == 1 and made[0].n == 20 and made[0].settings["total"] == 100
    bar.to(60)
    assert made[0].n == 60 and not made[0].closed
    bar.close()
    assert made[0].closed


def test_a_run_whose_first_game_is_slow_shows_its_bar_before_that_game_ends(monkeypatch):
    # The bindings passed the count on only when it changed: a bar made after a second first
    # appeared when the first game ended (7 s for expert on 32 x 32).
    import tqdm
    import tqdm.auto

    made = []

    class Recording:
        def __init__(self, **settings):
            self.n = 0
            made.append(time.monotonic())

        def update(self, n):
            self.n += n

        def close(self):
            pass

    class SlowFirstShot:
        def next_shot(self, view, rng):
            if not view.shots.any():
                time.sleep(2.5)
            return view.open_cells()[0]

    monkeypatch.setattr(tqdm, "tqdm", Recording)
    monkeypatch.setattr(tqdm.auto, "tqdm", Recording)
    started = time.monotonic()
    battleship.simulate(SlowFirstShot(), 1, progress=True)
    ended = time.monotonic()
    assert len(made) == 1
    assert made[0] - started < 2.2 and ended - made[0] > 0.2  # made during the first shot's wait (at 1.25 s)


def test_progress_false_prints_nothing(capsys):
    battleship.simulate("random", 2000, progress=False)
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""
