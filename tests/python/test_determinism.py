"""Same seed, same games, whatever the thread count."""

import dataclasses

import numpy as np
import pytest

import battleship


@pytest.mark.parametrize("shooter", ["random", "parity", "mediocre"])
def test_thread_count_does_not_change_results(shooter):
    one = battleship.simulate(shooter, 3000, seed=5, threads=1, progress=False)
    two = battleship.simulate(shooter, 3000, seed=5, threads=2, progress=False)
    three = battleship.simulate(shooter, 3000, seed=5, threads=3, progress=False)
    assert np.array_equal(one.histogram, two.histogram)
    assert np.array_equal(one.histogram, three.histogram)


def test_different_seeds_give_different_games():
    a = battleship.simulate("random", 3000, seed=5, progress=False)
    b = battleship.simulate("random", 3000, seed=6, progress=False)
    assert not np.array_equal(a.histogram, b.histogram)


def test_match_tallies_do_not_depend_on_threads():
    a = battleship.match("hunt_target", "parity", 500, seed=3, threads=1, progress=False)
    b = battleship.match("hunt_target", "parity", 500, seed=3, threads=2, progress=False)
    assert (a.wins_a, a.wins_b, a.draws, a.mean_rounds) == (b.wins_a, b.wins_b, b.draws, b.mean_rounds)
    assert a == b and dataclasses.replace(a, seconds=a.seconds + 1) == a  # tallies, not the time taken
    assert a != battleship.match("hunt_target", "parity", 500, seed=4, threads=1, progress=False)


def test_tournaments_and_sequential_tests_played_again_are_equal():
    # Their times differ from run to run; a result compares its tallies only, as a simulation's.
    players = ["parity", "hunt_target", "random"]
    t = battleship.tournament(players, 20, seed=2, threads=1, progress=False)
    assert battleship.tournament(players, 20, seed=2, threads=2, progress=False) == t
    assert battleship.tournament(players, 20, seed=3, threads=1, progress=False) != t
    s = battleship.sprt("probability", "random", elo0=0, elo1=100, batch=20, progress=False)
    assert battleship.sprt("probability", "random", elo0=0, elo1=100, batch=20, threads=1, progress=False) == s


def test_the_large_board_path_is_deterministic_too():
    a = battleship.simulate("parity", 300, rows=20, cols=20, seed=1, threads=1, progress=False)
    b = battleship.simulate("parity", 300, rows=20, cols=20, seed=1, threads=2, progress=False)
    assert a == b
