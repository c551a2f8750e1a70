"""match(..., game_results=True), match_game and derive_seed: each match of a run, and any of
them set up again as a Game."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import numpy as np
import pytest

import battleship
from battleship import MatchResult


def replayed(a, b, index, seed, **options):
    """How match ``index`` of the run ended when set up again by ``match_game`` and played, as a
    ``game_results`` code, with its rounds."""
    g = battleship.match_game(a, b, index, seed=seed, **options)
    o = g.play_to_end()
    if o.end == "draw":
        return MatchResult.DRAWN, o.rounds
    assert o.end == "win"
    a_won = (o.winner == 0) == (index % 2 == 0)  # a is player 0 in even-numbered matches
    return (MatchResult.A_WON if a_won else MatchResult.B_WON), o.rounds


def test_game_results_say_how_each_match_ended_and_add_up_to_the_tallies():
    r = battleship.match("parity", "hunt_target", 60, seed=5, game_results=True, progress=False)
    assert r.game_results is not None and r.game_results.dtype == np.int8 and len(r.game_results) == 60
    counts = np.bincount(r.game_results, minlength=4)
    assert list(counts) == [r.wins_a, r.wins_b, r.draws, r.aborted]
    assert 0 < r.wins_a < 60  # both players won some: the codes are not all one value
    assert battleship.match("parity", "hunt_target", 60, seed=5, progress=False).game_results is None
    # The same run with and without them: the same tallies.
    plain = battleship.match("parity", "hunt_target", 60, seed=5, progress=False)
    assert replace(plain, seconds=0.0) == replace(r, seconds=0.0)


def test_match_game_sets_each_match_up_again_as_the_run_played_it():
    r = battleship.match("parity", "hunt_target", 40, seed=5, game_results=True, progress=False)
    results, rounds = zip(*(replayed("parity", "hunt_target", i, 5) for i in range(40)))
    assert list(results) == list(r.game_results)
    assert sum(rounds) == r.total_rounds
    # a moves first in even matches: it is the game's player 0 there, player 1 in odd ones.
    assert battleship.match_game("parity", "hunt_target", 6, seed=5).players == ("parity", "hunt_target")
    assert battleship.match_game("parity", "hunt_target", 7, seed=5).players == ("hunt_target", "parity")
    # Its seed is derive_seed(seed, index), as game index of every run.
    g = battleship.Game("hunt_target", "parity", seed=battleship.derive_seed(5, 7))
    assert g.play_to_end() == battleship.match_game("parity", "hunt_target", 7, seed=5).play_to_end()
    assert battleship.derive_seed(5, 7) != battleship.derive_seed(5, 6) != battleship.derive_seed(6, 6)


def test_drawn_matches_are_drawn_again_and_placers_follow_their_players():
    rules = battleship.Rules(shot_cap=60)  # a cap makes draws
    options = dict(rules=rules, placers=("uniform", "spread"))
    r = battleship.match("parity", "hunt_target", 30, seed=2, game_results=True, progress=False, **options)
    assert MatchResult.DRAWN in r.game_results
    assert [replayed("parity", "hunt_target", i, 2, **options)[0] for i in range(30)] == list(r.game_results)
    # With the placers the other way round, at least one match ends otherwise: they are not ignored.
    swapped = dict(rules=rules, placers=("spread", "uniform"))
    assert [replayed("parity", "hunt_target", i, 2, **swapped)[0] for i in range(30)] != list(r.game_results)


def test_aborted_matches_are_marked():
    class NeverPlaces:
        name = "never"

        def place(self, ocean, rng):
            return False

    r = battleship.match("parity", "random", 4, game_results=True, placers=(NeverPlaces(), "uniform"),
                         progress=False)
    assert list(r.game_results) == [MatchResult.ABORTED] * 4 and r.aborted == 4


def test_pieces_keep_their_results_in_match_order():
    whole = battleship.match("parity", "random", 90, seed=3, game_results=True, progress=False)
    with ThreadPoolExecutor(2) as pool:
        split = battleship.match("parity", "random", 90, seed=3, game_results=True, executor=pool, chunks=4,
                                 progress=False)
    assert np.array_equal(split.game_results, whole.game_results)
    later = battleship.match("parity", "random", 50, seed=3, first_game=40, game_results=True, progress=False)
    first = battleship.match("parity", "random", 40, seed=3, game_results=True, progress=False)
    assert np.array_equal(battleship.combine([later, first]).game_results, whole.game_results)
    # Pieces without results, or with a gap between them, give or keep none.
    plain = battleship.match("parity", "random", 40, seed=3, progress=False)
    assert battleship.combine([plain, later]).game_results is None
    gap = battleship.match("parity", "random", 10, seed=3, first_game=95, game_results=True, progress=False)
    with pytest.raises(ValueError, match=r"^combine: pieces leave a gap: games 40 to 94 are in none of them \(games "
                       r"0 to 39 are followed by games 95 to 104\)"):
        battleship.combine([first, gap])
    with pytest.raises(ValueError, match="^combine: pieces leave a gap: games 40 to 94"):  # kept or not
        battleship.combine([plain, replace(gap, game_results=None)])


def test_a_tournament_pair_is_set_up_again_too():
    # The pair's a is the player listed first, whichever order between() is asked in.
    t = battleship.tournament(["hunt_target", "parity", "random"], 20, seed=4, progress=False)
    pair = t.between("parity", "hunt_target")
    assert (pair.a, pair.b) == ("hunt_target", "parity")
    results = [replayed("hunt_target", "parity", i, 4)[0] for i in range(20)]
    assert (results.count(MatchResult.A_WON), results.count(MatchResult.B_WON)) == (pair.wins_a, pair.wins_b)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: battleship.match("parity", "random", 4, game_results="yes"), TypeError,
         "game_results must be True or False, got 'yes'"),
        (lambda: battleship.match_game("parity", "random", -1), ValueError, "index must be >= 0, got -1"),
        (lambda: battleship.match_game("parity", "random", 1.5), TypeError, "index must be an int"),
        (lambda: battleship.match_game("parity", "random", 2**64), ValueError, "index must be <= "),
        (lambda: battleship.match_game("parity", "random", 0, seed=-2), ValueError, "seed must be >= 0"),
        (lambda: battleship.match_game("parity", "random", 0, placers="uniform"), TypeError,
         "placers must be a pair of placers"),
        (lambda: battleship.match_game("parity", "nobody", 0), ValueError, "nobody"),
        (lambda: battleship.derive_seed(-1, 0), ValueError, "seed"),
        (lambda: battleship.derive_seed(0, 2**64), ValueError, "index"),
    ],
)
def test_bad_arguments_are_refused(call, error, message):
    with pytest.raises(error, match=message):
        call()
