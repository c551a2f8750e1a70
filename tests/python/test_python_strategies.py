"""Python strategies inside the C++ game loop: simulate, match and Game."""

import contextvars
import gc
import re
import threading
import time
import traceback
import weakref

import numpy as np
import pytest

import battleship
from battleship import Game, Rules


class RandomPy:
    """The random shooter in Python, drawing only from the engine's rng."""

    def start(self, view):
        self.cells = view.open_cells()

    def next_shot(self, view, rng):
        i = rng.below(len(self.cells))
        self.cells[i], self.cells[-1] = self.cells[-1], self.cells[i]
        return self.cells.pop()


class HitsLogger:
    def __init__(self):
        self.results = []
        self.starts = 0

    def start(self, view):
        self.starts += 1

    def next_shot(self, view, rng):
        return view.open_cells()[0]

    def on_result(self, view, cell, outcome):
        assert view.shots[cell]  # the view already holds the shot
        self.results.append(outcome.result)


def test_a_python_shooter_plays_inside_simulate():
    r = battleship.simulate(RandomPy(), 3000, seed=4, progress=False)
    assert r.finished == 3000
    # Same distribution as the C++ random shooter: mean 17 * 101 / 18 = 95.39 (se about 0.08).
    assert abs(r.mean - 95.39) < 0.4


def test_python_shooters_are_told_every_result():
    logger = HitsLogger()
    r = battleship.simulate(logger, 20, seed=1, progress=False)
    assert logger.starts == 20
    assert len(logger.results) == int((np.arange(len(r.histogram)) * r.histogram).sum())
    assert logger.results.count("sunk") == 20 * 5


def test_python_strategies_are_deterministic_and_ignore_threads():
    a = battleship.simulate(RandomPy(), 500, seed=9, threads=1, progress=False)
    b = battleship.simulate(RandomPy(), 500, seed=9, threads=2, progress=False)
    assert a == b


def test_a_python_strategy_keeps_its_thread_s_state_from_call_to_call_in_a_run():
    # The run's worker thread made a Python thread state at every call and threw it away (about
    # 5 microseconds, most of a Python shooter's time): threading.local and context variables set
    # in one call (a decimal context, numpy.errstate) were gone at the next.
    local = threading.local()
    depth = contextvars.ContextVar("depth", default=0)

    class Remembering:
        def __init__(self):
            self.seen = []

        def place(self, ocean, rng):
            local.placed = getattr(local, "placed", 0) + 1
            return ocean.place_randomly()

        def start(self, view):
            local.shots = 0
            depth.set(depth.get() + 1)

        def next_shot(self, view, rng):
            local.shots += 1  # AttributeError with a fresh thread state
            self.seen.append((threading.get_ident(), depth.get(), local.placed))
            return view.open_cells()[0]

    remembering = Remembering()
    r = battleship.simulate(remembering, 5, seed=1, placer=remembering, progress=False, game_shots=True)
    assert r.finished == 5 and len(remembering.seen) == sum(r.game_shots)
    assert len({thread for thread, _, _ in remembering.seen}) == 1  # one worker thread...
    assert [d for _, d, _ in remembering.seen] == sorted(d for _, d, _ in remembering.seen)
    assert remembering.seen[-1][1:] == (5, 5)  # ...whose state lasted the run: 5 starts, 5 layouts
    assert getattr(local, "placed", None) is None  # not this thread's


class Exploding:
    def __init__(self, at):
        self.at, self.calls = at, 0

    def next_shot(self, view, rng):
        self.calls += 1
        if self.calls == self.at:
            raise ZeroDivisionError("boom in next_shot")
        return view.open_cells()[0]


def test_an_exception_in_a_python_shooter_surfaces_with_its_traceback():
    with pytest.raises(ZeroDivisionError, match="boom in next_shot") as info:
        battleship.simulate(Exploding(250), 1000, seed=1, progress=False)
    frames = [f.name for f in traceback.extract_tb(info.value.__traceback__)]
    assert "next_shot" in frames
    # The game it broke is reported as aborted: with 100 shots a game at most, call 250 is in
    # game 2 or later, never game 0.
    assert info.value.battleship_aborted_game >= 2
    assert any("aborted" in n for n in getattr(info.value, "__notes__", ["aborted"]))


class Sealed(Exception):
    """An exception that refuses the attribute naming the aborted game."""

    def __setattr__(self, name, value):
        if name == "battleship_aborted_game":
            raise AttributeError(name)
        super().__setattr__(name, value)


class SealedShooter(Exploding):
    def next_shot(self, view, rng):
        if self.calls + 1 == self.at:
            self.calls += 1
            raise Sealed("sealed in next_shot")
        return super().next_shot(view, rng)


def test_an_exception_that_takes_no_attribute_still_surfaces_with_its_note():
    with pytest.raises(Sealed, match="sealed in next_shot") as info:
        battleship.simulate(SealedShooter(250), 1000, seed=1, progress=False)
    assert not hasattr(info.value, "battleship_aborted_game")
    assert any("aborted" in n for n in getattr(info.value, "__notes__", ["aborted"]))


def test_an_exception_in_a_game_aborts_it_and_propagates():
    game = Game(Exploding(3), "random", seed=1)
    with pytest.raises(ZeroDivisionError):
        game.play_to_end()
    assert game.is_over
    assert game.outcome.end == "aborted"
    assert game.outcome.reason.startswith("player 0's shooter's next_shot raised ZeroDivisionError")
    assert game.outcome.at_fault == 0  # the player whose shooter raised
    with pytest.raises(RuntimeError, match="aborted"):
        game.play_turn()


def test_the_second_players_shooter_raising_puts_it_at_fault_and_an_observer_no_one():
    class Quiet:
        def next_shot(self, view, rng):
            return view.open_cells()[0]

        def on_result(self, view, cell, outcome):
            raise ValueError("cannot take it")

    game = Game("parity", Quiet(), seed=2)
    with pytest.raises(ValueError):
        game.play_to_end()
    outcome = game.outcome
    assert outcome.at_fault == 1 and outcome.reason == "player 1's shooter's on_result raised ValueError: cannot take it"
    # The shot it was told of was fired: the totals and the record hold it, as the boards do.
    assert outcome.shots == (1, 1) and game.view(1).shots_fired == 1 and int(game.ocean(0).shots.sum()) == 1
    assert len(game.record.shots_of(1)) == 1

    class Failing:
        def on_shot(self, *args):
            raise KeyError("observer")

    watched = Game("parity", "parity", seed=2, observers=[Failing()])
    with pytest.raises(KeyError):
        watched.play_turn()
    assert watched.outcome.end == "aborted" and watched.outcome.at_fault is None
    assert watched.outcome.reason.startswith("play raised KeyError")

    class FailingAtTheEnd:
        def on_game_over(self, outcome):
            raise KeyError("too late")

    ended = Game("parity", "random", seed=2, observers=[FailingAtTheEnd()])
    with pytest.raises(KeyError):
        ended.play_to_end()
    alone = Game("parity", "random", seed=2).play_to_end()
    assert ended.outcome == alone and ended.outcome.end == "win"  # the match was played: its result stands


def test_an_exception_in_match_aborts_the_run():
    with pytest.raises(ZeroDivisionError):
        battleship.match(Exploding(40), "random", 100, progress=False)


@pytest.mark.parametrize(
    "answer, error, message",
    [
        ("nowhere", ValueError, r"^next_shot's result 'nowhere' is not a cell: "),
        (3.5, TypeError, r"^next_shot's result must be a \(row, col\) pair of integers or text such as 'B7', got 3\.5(\n|$)"),
        (None, TypeError, r"^next_shot's result must be a \(row, col\) pair"),
        ((1, 2, 3), TypeError, r"^next_shot's result must be a \(row, col\) pair .* got \(1, 2, 3\)(\n|$)"),
        ((2**40, 0), ValueError, r"^next_shot's result is out of range: \(1099511627776, 0\)(\n|$)"),
    ],
)
def test_a_bad_cell_from_a_python_shooter_is_a_clear_error(answer, error, message):
    class Bad:
        def next_shot(self, view, rng):
            return answer

    with pytest.raises(error, match=message):
        battleship.simulate(Bad(), 5, progress=False)


def test_objects_without_the_methods_are_refused():
    with pytest.raises(TypeError, match="next_shot"):
        battleship.simulate(object(), 5, progress=False)
    with pytest.raises(TypeError, match="place"):
        battleship.simulate("random", 5, placer=object(), progress=False)
    with pytest.raises(ValueError, match="unknown shooter"):
        Game("nope", "random")


@pytest.mark.parametrize("method", ["start", "on_result"])
def test_an_optional_method_that_cannot_be_called_is_refused_and_none_counts_as_absent(method):
    # The engine passed over a start or on_result it could not call: the shooter played on
    # without its set-up, or without being told its results.
    broken = type("Broken", (RandomPy,), {method: 5})
    for play in (lambda: battleship.simulate(broken(), 5, progress=False),
                 lambda: battleship.match(broken(), "random", games=2, progress=False),
                 lambda: Game(broken(), "random")):
        with pytest.raises(TypeError, match=f"a shooter's {method} must be a method \\(or absent\\); got 5 on"):
            play()
    if method == "on_result":  # RandomPy's own start is needed; a None on_result is no method
        absent = type("Absent", (RandomPy,), {"on_result": None})
        played = battleship.simulate(absent(), 20, seed=1, progress=False)
        assert played.finished == 20
        assert list(played.histogram) == list(battleship.simulate(RandomPy(), 20, seed=1, progress=False).histogram)


def test_the_view_lent_to_a_shooter_cannot_be_used_after_the_game():
    class Keeper:
        def start(self, view):
            self.view = view

        def next_shot(self, view, rng):
            return view.open_cells()[0]

    keeper = Keeper()
    battleship.simulate(keeper, 3, progress=False)
    with pytest.raises(RuntimeError, match="only be used during the call"):
        keeper.view.open_cells()


class LinePlacer:
    """Every ship in its own row, from column 0."""

    def place(self, ocean, rng):
        for ship in range(ocean.ship_count):
            ocean.place(ship, (2 * ship, 0), "horizontal")
        return True


def test_a_python_placer_lays_out_the_fleet():
    # Hunting row by row from the top finds that layout in a known number of shots.
    class Rows:
        def next_shot(self, view, rng):
            return view.open_cells()[0]

    r = battleship.simulate(Rows(), 10, placer=LinePlacer(), progress=False)
    # Row 8 holds the Destroyer in columns 0-1: the last hit is cell 81, the 82nd shot.
    assert r.min == r.max == 82


def test_a_placer_that_lies_is_an_error():
    class Liar:
        def place(self, ocean, rng):
            ocean.place(0, (0, 0))
            return True

    with pytest.raises(ValueError, match="placed only 1 of 5 ships"):
        battleship.simulate("random", 5, placer=Liar(), progress=False)


def test_a_placer_s_answer_means_the_same_to_an_ocean_as_to_a_run():
    class Answering:
        def __init__(self, answer):
            self.answer = answer

        def place(self, ocean, rng):
            battleship.placer("uniform").place(ocean, rng)
            return self.answer

    for answer in ("yes", [True]):
        ocean = battleship.Ocean()
        with pytest.raises(TypeError, match=rf"^what place\(\) returns must be True, False or None, got {re.escape(repr(answer))}$"):
            ocean.place_randomly(Answering(answer), 1)
        assert (ocean.ships < 0).all()  # changed nothing
        with pytest.raises(TypeError, match=r"what place\(\) returns must be True, False or None"):
            battleship.simulate("random", 2, placer=Answering(answer), progress=False)
    ocean = battleship.Ocean()
    ocean.place_randomly(Answering(None), 1)  # None: placed when every ship is, as in a run
    assert ocean.all_placed
    for number in (np.int64(1), np.float32(1.0), 1 + 0j, np.bool_(True)):  # a number counts as its truth
        ocean = battleship.Ocean()
        ocean.place_randomly(Answering(number), 1)
        assert ocean.all_placed
        assert battleship.simulate("random", 2, placer=Answering(number), progress=False).unplaceable == 0
    for nothing in (np.int64(0), 0.0):  # ... so a zero is False: not placed, the ocean left empty
        ocean = battleship.Ocean()
        with pytest.raises(ValueError, match="could not lay out this fleet"):
            ocean.place_randomly(Answering(nothing), 1)
        assert (ocean.ships < 0).all()
        assert battleship.simulate("random", 2, placer=Answering(nothing), progress=False).unplaceable == 2
    assert battleship.simulate("random", 2, placer=Answering(None), progress=False).unplaceable == 0


def test_python_shooter_against_a_cpp_shooter_in_a_game():
    game = Game(RandomPy(), "parity", seed=3, rules=Rules(touching="no_contact"))
    outcome = game.play_to_end()
    assert outcome.end == "win"
    record = game.record
    assert record.players == ("RandomPy", "parity")
    loser = 1 - outcome.winner
    assert game.ocean(loser).all_sunk
    assert not game.ocean(outcome.winner).all_sunk


def test_a_builtin_shooter_starts_only_on_a_view_of_a_game_s_start():
    view = battleship.TargetView(3, 3, battleship.Fleet([("Cruiser", "C", 3)]))
    for r, c in [(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)]:
        view.record((r, c), battleship.ShotOutcome("miss"))
    for name in battleship.shooter_names():  # started here, a shooter would not know of the misses
        with pytest.raises(ValueError, match=rf"^the {name} shooter starts on a view of a game's start, and 8 shots"):
            battleship.shooter(name).next_shot(view, battleship.Rng(1))  # started on its first call
        with pytest.raises(ValueError, match=rf"^the {name} shooter starts on a view of a game's start"):
            battleship.shooter(name).start(view)


@pytest.mark.parametrize("name", ["parity", "probability", "bayes"])
def test_the_engine_s_own_shooter_object_refuses_a_view_it_was_not_started_on(name):
    # battleship.shooter() checks this itself; the engine's object it wraps must not crash when
    # called directly (it read the geometry of a game it never built: a segmentation fault).
    engine = battleship._core.Shooter_128(name)
    view, rng = battleship.TargetView(), battleship.Rng(1)
    with pytest.raises(RuntimeError, match=rf"^the {name} shooter has not started a game: start\(view\) first$"):
        engine.next_shot(view._impl, rng)
    with pytest.raises(RuntimeError, match="has not started a game"):
        engine.on_result(view._impl, (0, 0), battleship.ShotOutcome("miss"))
    engine.start(view._impl)
    assert view.is_open(engine.next_shot(view._impl, rng))
    for other in (battleship.TargetView(5, 5), battleship.TargetView(rules=battleship.Rules(touching="no_contact"))):
        with pytest.raises(ValueError, match=rf"^the {name} shooter was started on a view of another board, fleet"):
            engine.next_shot(other._impl, rng)


def test_a_builtin_shooter_can_be_stepped_by_hand():
    ocean = battleship.Ocean()
    ocean.place_randomly(rng=5)
    view = battleship.TargetView()
    shooter, rng = battleship.ParityShooter(), battleship.Rng(5)
    shooter.start(view)
    shots = 0
    while not ocean.all_sunk:
        cell = shooter.next_shot(view, rng)
        outcome = ocean.fire(cell)
        assert outcome.valid
        view.record(cell, outcome)
        shooter.on_result(view, cell, outcome)
        shots += 1
    assert 17 <= shots <= 100


def test_match_with_a_python_side():
    m = battleship.match(RandomPy(), "parity", 60, seed=2, progress=False)
    assert m.games == 60 and m.wins_b > m.wins_a


class RaisesInGame:
    """Reads the board in order and raises at the first shot of the ``at``-th game it starts."""

    def __init__(self, at):
        self.at, self.games = at, 0

    def start(self, view):
        self.games += 1

    def next_shot(self, view, rng):
        if self.games == self.at:
            raise ZeroDivisionError(f"boom in game {self.games} of this shooter")
        return view.open_cells()[0]


class PlacesFromTheSixthCall(LinePlacer):
    """Gives up on its first five layouts (those games end unplaced), then lays out rows."""

    def __init__(self):
        self.calls = 0

    def place(self, ocean, rng):
        self.calls += 1
        return self.calls > 5 and super().place(ocean, rng)


def aborted_game(run):
    """The game of the run that ``run``'s Python strategy aborted, as its error names it."""
    with pytest.raises(ZeroDivisionError, match="boom in game") as info:
        run()
    game = info.value.battleship_aborted_game
    assert any(f"game {game} " in note for note in getattr(info.value, "__notes__", [f"game {game} "]))
    return game


def test_a_failure_names_the_game_of_the_run_not_the_strategy_s_own_count():
    # It named how many games the failing object had begun: game 9 of a run from game 5,000, a
    # "game 69" in a tournament of 60 matches a pair, game 0 after five games ended unplaced.
    assert aborted_game(lambda: battleship.simulate(RaisesInGame(10), 20, first_game=5000, progress=False)) == 5009
    assert aborted_game(lambda: battleship.match(RaisesInGame(10), "random", 20, first_game=300, progress=False)) == 309
    players = {"py": RaisesInGame(70), "random": "random", "parity": "parity"}
    # py's pairs come first: its 70th game is match 9 of its second pair
    assert aborted_game(lambda: battleship.tournament(players, 60, progress=False)) == 9
    assert aborted_game(lambda: battleship.simulate(RaisesInGame(1), 10, placer=PlacesFromTheSixthCall(), progress=False)) == 5
    # solo_game plays the game of the index it is given
    assert aborted_game(lambda: battleship.solo_game(RaisesInGame(1), 42)) == 42


def _drop_core(wrapper, kept):
    """Takes the engine's object out of a strategy's view or ocean, as a careless strategy might,
    and notes whether it outlives the strategy's last reference to it (a weak reference)."""
    raw = wrapper.__dict__.pop("_impl", None)
    if raw is not None:
        ref = weakref.ref(raw)
        del raw
        gc.collect()
        kept.append(ref() is not None)


def test_a_strategy_that_drops_its_view_s_or_ocean_s_engine_object_does_not_free_it():
    # The engine lends the view and ocean through those objects; freed, its next loan wrote into
    # freed memory (found by the crash audit, under AddressSanitizer). Now the engine holds them.
    kept = []

    class Dropper(RandomPy):
        def next_shot(self, view, rng):
            _drop_core(view, kept)
            return super().next_shot(view, rng)

    # One game each: the wrapper without its engine object can no longer start another.
    assert battleship.simulate(Dropper(), games=1, seed=1, progress=False).games == 1
    assert kept == [True]
    kept.clear()

    class DroppingPlacer:
        def place(self, ocean, rng):
            placed = battleship.UniformPlacer().place(ocean, rng)
            _drop_core(ocean, kept)
            return placed

    assert battleship.simulate("random", games=1, placer=DroppingPlacer(), seed=1, progress=False).games == 1
    assert kept == [True]


def test_a_placement_still_running_when_its_lent_ocean_is_taken_back_is_refused_not_written():
    # A placer hands its ocean's engine object to another thread, whose placement (with the GIL
    # released) outlives the placer's call: it wrote into the run's ocean after the run had moved
    # on (found by the crash audit, under AddressSanitizer). It now works on a copy, and is
    # refused when it would put it back.
    outcome = {}
    entered = threading.Event()

    class HandsOver:
        def place(self, ocean, rng):
            core = ocean._impl

            def place_elsewhere():
                entered.set()
                started = time.monotonic()
                try:  # about a second
                    outcome["placed"] = core.place_with("spread(candidates=5000000)", battleship.Rng(7))
                except RuntimeError as refusal:
                    outcome["refusal"] = str(refusal)
                outcome["ran"] = time.monotonic() - started

            outcome["thread"] = threading.Thread(target=place_elsewhere)
            outcome["thread"].start()
            entered.wait()
            time.sleep(0.2)  # the other placement is under way, on the ocean as it was
            return battleship.UniformPlacer().place(ocean, rng)

    assert battleship.simulate("random", games=1, placer=HandsOver(), seed=3, progress=False).games == 1
    outcome["thread"].join()
    assert "placed" not in outcome
    assert outcome["refusal"].startswith("the ocean can only be used during the call it was passed to")
    assert outcome["ran"] > 0.2  # refused as it put the ocean back, not as it began
