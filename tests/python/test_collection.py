"""Objects that refer back to the game they are part of are freed with it: the engine shows the
Python objects it holds to the garbage collector, so a cycle through a Game is collected (a
shooter, observer or environment that kept its Game stayed in memory for ever, 38 KB a game)."""

import gc
import weakref

import pytest

import battleship
from battleship import Game


def collected(make):
    """Whether what ``make()`` returns is freed once dropped and a collection has run."""
    ref = weakref.ref(make())
    gc.collect()
    return ref() is None


class Watcher:
    def on_shot(self, player, cell, outcome, told):
        self.shots = getattr(self, "shots", 0) + 1


class Keeper:
    def next_shot(self, view, rng):
        return view.open_cells()[0]


def test_an_observer_that_keeps_its_game_is_freed_with_it():
    def make():
        watcher = Watcher()
        game = Game("random", "random", seed=1, observers=[watcher])
        watcher.game = game  # a GUI's observer holds the game it shows
        game.play_to_end()
        return watcher

    assert collected(make)


def test_a_python_shooter_that_keeps_its_game_is_freed_with_it():
    def make():
        shooter = Keeper()
        game = Game(shooter, "random", seed=1)
        shooter.game = game
        game.play_turn()
        return shooter

    assert collected(make)


def test_a_game_collected_mid_cycle_leaves_no_dangling_call():
    # The collector lets go of the game's Python objects before freeing it; nothing the game
    # holds is called after that (an observer's finalizer may still hold the game itself).
    leftovers = []

    class Finalizing(Watcher):
        def __del__(self):
            leftovers.append(self.game.is_over)

    def make():
        watcher = Finalizing()
        game = Game("random", "random", seed=1, observers=[watcher])
        watcher.game = game
        game.play_turn()
        return watcher

    assert collected(make)
    assert leftovers == [False]


def test_a_duel_environment_dropped_is_freed():
    pytest.importorskip("gymnasium")
    from battleship.envs import DuelEnv

    def make():
        env = DuelEnv()
        env.reset(seed=1)
        for action in range(3):
            env.step(action)
        env.close()
        return env

    assert collected(make)


def test_a_round_of_the_play_session_dropped_is_freed():
    from battleship.play.session import Match, Settings

    def make():
        match = Match(Settings(rows=6, cols=6, fleet="3,2", seed=3, opponent="random"))
        round_ = match.round
        round_.place_rest()
        round_.fire(round_.view.open_cells()[0])
        return round_

    assert collected(make)


def test_replaying_an_aborted_game_keeps_no_earlier_replay():
    # The replayed shooter raised the same exception object each time: its traceback gathered
    # the frames, and the games, of every replay.
    class LateFailure:
        def next_shot(self, view, rng):
            if view.shots_fired >= 3:
                raise ValueError("late")
            return view.open_cells()[0]

    game = Game(LateFailure(), "random", seed=1)
    with pytest.raises(ValueError):
        game.play_to_end()
    record = game.record
    assert collected(lambda: record.replay())
    errors = []
    for _ in range(3):
        again = record.replay()
        assert again.outcome == record.outcome
        errors.append(next(s for s in again._shooters if hasattr(s, "_error"))._error)
    assert all(e.__traceback__ is None for e in errors)  # raised anew each time, not this one


@pytest.mark.parametrize("cell, shared", [((31, 31), True), ((40, 40), False), ((900, 900), False)])
def test_only_cells_some_board_has_share_one_tuple(cell, shared):
    # A cell of a board (32 x 32 at most as a square) is one tuple for the whole process; one off
    # every board is a new tuple each time: such cells were kept for ever (122 MB for a million).
    class Fixed:
        def next_shot(self, view, rng):
            return cell

    def first_cell():
        game = Game(Fixed(), "random", rows=32, cols=32, seed=1, rules=battleship.Rules(invalid_shot="forfeits"))
        game.play_turn()
        return game.record.shots[0].cell

    one, two = first_cell(), first_cell()
    assert one == two == cell
    assert (one is two) == shared


def test_a_vector_environment_whose_placer_keeps_it_is_freed():
    pytest.importorskip("gymnasium")
    from battleship.envs import BattleshipVectorEnv

    class Keeping:
        def place(self, ocean, rng):
            ocean.place_randomly("uniform", rng)

    def make():
        placer = Keeping()
        env = BattleshipVectorEnv(num_envs=2, placer=placer)
        placer.env = env  # an experiment's placer that reads its environment's state
        env.reset(seed=1)
        env.step([0, 1])
        return env

    assert collected(make)
