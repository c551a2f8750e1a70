"""Each game's shots (simulate(..., game_shots=True)) and paired differences between shooters."""

from __future__ import annotations

import concurrent.futures
import math
import pickle
import re

import numpy as np
import pytest

import battleship
from battleship import Fleet, Rules, combine, paired_difference, simulate


class FirstOpenCell:
    """A Python shooter: the first open cell in reading order."""

    def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
        return view.open_cells()[0]


def test_runs_keep_no_game_shots_unless_asked():
    assert simulate("parity", 10, progress=False).game_shots is None


# The engine's paths: the classic board's inlined loop, another small board, the large boards'
# module, and a Python strategy (one thread, through the strategy adapter).
PATHS = [
    ("probability", dict()),
    ("parity", dict(rows=8, cols=9)),
    ("hunt_target", dict(rows=12, cols=12, fleet=Fleet.russian())),
    (FirstOpenCell(), dict(rows=6, cols=6, fleet=Fleet([("A", "a", 3), ("B", "b", 2)]))),
]


@pytest.mark.parametrize("shooter, board", PATHS)
def test_game_shots_are_the_histogram_s_games_each_in_its_place(shooter, board):
    run = simulate(shooter, 300, seed=4, first_game=50, game_shots=True, progress=False, **board)
    shots = run.game_shots
    assert shots is not None and shots.dtype == np.int32 and len(shots) == 300
    assert run.first_game == 50
    assert np.all(shots > 0) and run.finished == 300
    counts = np.bincount(shots, minlength=len(run.histogram))
    assert np.array_equal(counts, run.histogram)
    # Entry k is game 50 + k, whatever the thread that played it: a one-game run of that game
    # took exactly that many shots.
    for k in (0, 1, 137, 299):
        alone = simulate(shooter, 1, seed=4, first_game=50 + k, progress=False, **board)
        assert alone.min == shots[k], k


def test_game_shots_do_not_depend_on_the_thread_count():
    one = simulate("hunt_target", 2000, seed=8, threads=1, game_shots=True, progress=False)
    two = simulate("hunt_target", 2000, seed=8, threads=2, game_shots=True, progress=False)
    assert one.game_shots is not None and two.game_shots is not None
    assert np.array_equal(one.game_shots, two.game_shots)
    assert len(np.unique(one.game_shots)) > 10  # games differ: not one value repeated


def test_games_that_did_not_finish_are_minus_one():
    capped = simulate("hunt_target", 400, seed=3, rules=Rules(shot_cap=55), game_shots=True, progress=False)
    assert capped.game_shots is not None and capped.unfinished > 0
    assert np.count_nonzero(capped.game_shots == -1) == capped.unfinished
    assert np.all(capped.game_shots[capped.game_shots >= 0] <= 55)

    class Refuses:
        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            return False

    unplaced = simulate("random", 5, placer=Refuses(), game_shots=True, progress=False)
    assert unplaced.unplaceable == 5 and unplaced.game_shots is not None
    assert unplaced.game_shots.tolist() == [-1] * 5


def test_kept_shots_survive_pickling():  # as a cluster job saves its piece
    piece = simulate("parity", 50, seed=2, first_game=7, game_shots=True, progress=False)
    back = pickle.loads(pickle.dumps(piece))
    assert back.first_game == 7 and back.game_shots is not None and piece.game_shots is not None
    assert np.array_equal(back.game_shots, piece.game_shots)


def test_game_shots_must_be_a_bool():
    with pytest.raises(TypeError, match="game_shots must be True or False"):
        simulate("random", 5, game_shots="yes", progress=False)  # type: ignore[arg-type]


def test_more_games_than_an_array_can_hold_are_refused_before_any_is_played():
    with pytest.raises(ValueError, match="4 bytes a game; 4611686018427387904 games is more than an array can hold"):
        simulate("random", 2**62, game_shots=True, progress=False)


def test_pieces_combined_in_any_order_keep_the_game_order():
    whole = simulate("parity", 1000, seed=6, game_shots=True, progress=False)
    pieces = [simulate("parity", n, seed=6, first_game=first, game_shots=True, progress=False)
              for first, n in [(700, 300), (0, 400), (400, 300)]]
    merged = combine(pieces)
    assert merged.first_game == 0 and merged.game_shots is not None and whole.game_shots is not None
    assert np.array_equal(merged.game_shots, whole.game_shots)
    # A piece without them: the merged result has none (its figures are still the run's).
    mixed = combine([pieces[0], simulate("parity", 700, seed=6, progress=False)])
    assert mixed.game_shots is None and mixed == simulate("parity", 1000, seed=6, progress=False)


def test_pieces_with_a_gap_cannot_join_their_game_shots():
    def piece(first: int, n: int) -> battleship.SimulationResult:
        return simulate("random", n, seed=1, first_game=first, game_shots=True, progress=False)

    with pytest.raises(ValueError, match="games 0 to 9 are followed by games 11 to 15"):
        combine([piece(0, 10), piece(11, 5)])
    # Overlapping pieces are refused whether they keep their shots or not (test_distributed).


def test_an_executor_returns_the_game_shots_of_one_local_run():
    local = simulate("parity", 900, seed=2, game_shots=True, progress=False)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as executor:
        remote = simulate("parity", 900, seed=2, game_shots=True, progress=False, executor=executor, chunks=4)
    assert remote.game_shots is not None and local.game_shots is not None
    assert np.array_equal(remote.game_shots, local.game_shots)


def test_the_paired_difference_is_taken_game_by_game():
    a = simulate("hunt_target", 3000, seed=11, game_shots=True, progress=False)
    b = simulate("parity", 3000, seed=11, game_shots=True, progress=False)
    assert a.game_shots is not None and b.game_shots is not None
    d = paired_difference(a, b)
    assert (d.a, d.b, d.games) == ("hunt_target", "parity", 3000)
    # Every game finished, so the mean difference is the difference of the means.
    assert d.mean == pytest.approx(a.mean - b.mean, abs=1e-9)
    by_hand = a.game_shots.astype(float) - b.game_shots
    assert d.stddev == pytest.approx(by_hand.std(ddof=1))
    assert d.ci95 == pytest.approx(1.96 * by_hand.std(ddof=1) / math.sqrt(3000))
    assert d.mean > 0  # parity's lattice hunt needs fewer shots than hunt_target's random one
    opposite = paired_difference(b, a)
    assert opposite.mean == pytest.approx(-d.mean) and opposite.ci95 == pytest.approx(d.ci95)
    same = paired_difference(a, a)
    assert same.mean == 0 and same.stddev == 0 and same.ci95 == 0


def test_the_same_layouts_narrow_the_interval():
    # Both hunt on a lattice, so a layout hard for one tends to be hard for the other: the
    # pairing removes that shared spread. (PairedDifference's docstring quotes these figures.)
    a = simulate("parity", 4000, seed=3, game_shots=True, progress=False)
    b = simulate("checkerboard_search", 4000, seed=3, game_shots=True, progress=False)
    d = paired_difference(a, b)
    assert d.ci95 < 0.8 * math.hypot(a.ci95, b.ci95)


def test_runs_under_rules_that_leave_the_layouts_alone_pair():
    # What a rule costs a shooter: the same layouts, shot at with and without sinking disclosed.
    told = simulate("probability", 1000, seed=2, game_shots=True, progress=False)
    untold = simulate("probability", 1000, seed=2, rules=Rules(disclosure="hit_only"), game_shots=True,
                      progress=False)
    assert told.game_shots is not None and untold.game_shots is not None
    d = paired_difference(untold, told)
    assert d.games == 1000
    assert d.mean == pytest.approx(float(np.mean(untold.game_shots - told.game_shots.astype(float))))
    assert d.mean > 0  # knowing which ship sank saves shots


def test_games_either_run_left_unfinished_are_left_out():
    capped = Rules(shot_cap=60)
    a = simulate("hunt_target", 500, seed=5, rules=capped, game_shots=True, progress=False)
    b = simulate("parity", 500, seed=5, rules=capped, game_shots=True, progress=False)
    assert a.game_shots is not None and b.game_shots is not None
    both = (a.game_shots >= 0) & (b.game_shots >= 0)
    assert 0 < np.count_nonzero(both) < 500
    d = paired_difference(a, b)
    assert d.games == np.count_nonzero(both)
    assert d.mean == pytest.approx(float(np.mean(a.game_shots[both] - b.game_shots[both])))


def test_paired_difference_refusals():
    kept = simulate("random", 20, seed=1, game_shots=True, progress=False)
    with pytest.raises(ValueError, match=r"b \(parity\) did not keep its games' shots"):
        paired_difference(kept, simulate("parity", 20, seed=1, progress=False))
    with pytest.raises(ValueError, match="parity games 5 to 24"):
        paired_difference(kept, simulate("parity", 20, seed=1, first_game=5, game_shots=True, progress=False))
    with pytest.raises(ValueError, match="different games"):
        paired_difference(kept, simulate("parity", 19, seed=1, game_shots=True, progress=False))
    with pytest.raises(TypeError, match="a must be a SimulationResult"):
        paired_difference(kept.game_shots, kept)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "other, named",
    [
        ({"seed": 2}, "seed 1 and 2"),
        ({"placer": "spread"}, "placer 'uniform' and 'spread'"),
        ({"rows": 9}, "rows 10 and 9"),
        ({"cols": 8}, "cols 10 and 8"),
        ({"fleet": Fleet.russian()}, "fleet Fleet.classic() and Fleet.russian()"),
        ({"rules": Rules(touching="no_contact")}, "touching 'allowed' and 'no_contact'"),
    ],
)
def test_runs_on_different_layouts_do_not_pair(other, named):
    # Game i of each would be another layout: the "paired" interval would pair nothing.
    kept = simulate("parity", 30, seed=1, game_shots=True, progress=False)
    elsewhere = simulate("parity", 30, **{"seed": 1, **other}, game_shots=True, progress=False)
    with pytest.raises(ValueError, match=f"lay out different fleets \\({re.escape(named)}\\)"):
        paired_difference(kept, elsewhere)
