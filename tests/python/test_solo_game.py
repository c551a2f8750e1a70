"""solo_game: a solo game of a run played again with every shot kept."""

from __future__ import annotations

import numpy as np
import pytest

import battleship


class FirstOpen:
    """A Python shooter: the first open cell in reading order."""

    name = "first-open"

    def next_shot(self, view, rng):
        return view.open_cells()[0]


def check_record(g: battleship.SoloGame) -> None:
    """What every record must hold, whatever its game."""
    valid = [outcome for _, outcome in g.shots if outcome.result != "invalid"]
    assert len(valid) == g.valid_shots
    assert g.ocean.all_sunk == g.finished
    assert np.array_equal(g.view.hits, g.ocean.hits)  # what the shooter was told of its hits
    fired = np.zeros((g.ocean.rows, g.ocean.cols), dtype=bool)
    for (row, col), _ in g.shots:
        fired[row, col] = True
    assert np.array_equal(fired, g.ocean.shots)


@pytest.mark.parametrize("shooter", ["random", "parity", "probability", "hunt_target"])
@pytest.mark.parametrize("shot_cap", [0, 50])
def test_each_game_is_the_runs_game_of_that_index(shooter, shot_cap):
    rules = battleship.Rules(shot_cap=shot_cap)
    run = battleship.simulate(shooter, 25, seed=4, rules=rules, game_shots=True, progress=False)
    for i in range(25):
        g = battleship.solo_game(shooter, i, seed=4, rules=rules)
        assert (g.shooter, g.index, g.placed) == (shooter, i, True)
        assert (g.valid_shots if g.finished else -1) == run.game_shots[i]
        check_record(g)


@pytest.mark.parametrize("shooter", ["bayes", "expert", "mediocre", "oriented_search"])
def test_the_slow_and_the_other_shooters_replay_too(shooter):
    run = battleship.simulate(shooter, 3, seed=6, game_shots=True, progress=False)
    assert [battleship.solo_game(shooter, i, seed=6).valid_shots for i in range(3)] == list(run.game_shots)


def test_larger_boards_python_shooters_and_other_placers_too():
    options = dict(rows=16, cols=16, placer="spread")
    run = battleship.simulate("parity", 10, seed=2, game_shots=True, progress=False, **options)
    assert [battleship.solo_game("parity", i, seed=2, **options).valid_shots for i in range(10)] == list(run.game_shots)
    run = battleship.simulate(FirstOpen(), 5, seed=2, game_shots=True, progress=False)
    games = [battleship.solo_game(FirstOpen(), i, seed=2) for i in range(5)]
    assert [g.valid_shots for g in games] == list(run.game_shots)
    assert games[0].shots[0][0] == (0, 0)  # the first open cell, A1
    check_record(games[0])


def test_the_longest_game_of_a_run_is_found_and_drawn():
    run = battleship.simulate("parity", 200, seed=1, game_shots=True, progress=False)
    longest = int(run.game_shots.argmax())
    g = battleship.solo_game("parity", longest, seed=1)
    assert g.valid_shots == run.game_shots.max() == run.max
    assert str(g.ocean).count("X") == 17  # every ship cell hit


def test_a_fleet_the_placer_cannot_lay_out_fires_nothing():
    class NeverPlaces:
        name = "never"

        def place(self, ocean, rng):
            return False

    g = battleship.solo_game("random", 3, placer=NeverPlaces())
    assert (g.placed, g.finished, g.valid_shots, g.shots) == (False, False, 0, ())
    run = battleship.simulate("random", 4, placer=NeverPlaces(), game_shots=True, progress=False)
    assert run.game_shots[3] == -1


def test_a_python_shooters_exception_surfaces_as_itself():
    class Broken:
        def next_shot(self, view, rng):
            raise KeyError("no idea")

    with pytest.raises(KeyError, match="no idea"):
        battleship.solo_game(Broken(), 0)


@pytest.mark.parametrize(
    "arguments, error, message",
    [
        (dict(index=-1), ValueError, "index must be >= 0, got -1"),
        (dict(index=1.5), TypeError, "index must be an int"),
        (dict(index=0, seed=-1), ValueError, "seed must be >= 0"),
        (dict(index=0, rows=1), ValueError, "the fleet covers 17 cells but the board has only 10"),
        (dict(index=0, shooter="nobody"), ValueError, "nobody"),
        (dict(index=0, placer="nowhere"), ValueError, "nowhere"),
    ],
)
def test_bad_arguments_are_refused(arguments, error, message):
    arguments = dict(arguments)
    shooter = arguments.pop("shooter", "random")
    index = arguments.pop("index")
    with pytest.raises(error, match=message):
        battleship.solo_game(shooter, index, **arguments)
