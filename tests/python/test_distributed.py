"""Split runs: first_game ranges, combine, and executor= give exactly the result of one run."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import pickle
import re
import time
from typing import Any

import numpy as np
import pytest

import battleship
from battleship import Fleet, Rules, combine, match, simulate


def same_games(a: battleship.SimulationResult, b: battleship.SimulationResult) -> None:
    """Everything but the time: histogram, counts and every figure."""
    assert a == b  # shooter, games, finished, unfinished, unplaceable and the histogram
    assert a.setup == b.setup
    for name in ("mean", "stddev", "ci95", "median", "p95", "min", "max"):
        assert getattr(a, name) == getattr(b, name), name


def same_tallies(a: battleship.MatchResult, b: battleship.MatchResult) -> None:
    ignore = {"seconds"}
    for f in dataclasses.fields(a):
        if f.name not in ignore:
            assert getattr(a, f.name) == getattr(b, f.name), f.name


class FirstOpenCell:
    """A picklable Python shooter: the first open cell in reading order."""

    def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
        return view.open_cells()[0]


def test_ranges_combined_in_any_order_are_the_whole_run():
    whole = simulate("hunt_target", 3000, seed=9, progress=False)
    pieces = [
        simulate("hunt_target", n, seed=9, first_game=first, progress=False, threads=t)
        for first, n, t in [(2000, 1000, 1), (0, 1234, 2), (1234, 766, 1)]
    ]
    merged = combine(pieces)
    same_games(merged, whole)
    assert merged.seconds == pytest.approx(sum(p.seconds for p in pieces))
    # A range is its own games: not the start of the run again.
    assert simulate("hunt_target", 1000, seed=9, first_game=2000, progress=False) != simulate(
        "hunt_target", 1000, seed=9, progress=False
    )


def test_ranges_combined_keep_every_piece_s_unfinished_games():
    capped = Rules(shot_cap=55)  # hunt_target needs more than 55 shots in about half its games
    whole = simulate("hunt_target", 600, seed=3, rules=capped, progress=False)
    pieces = [simulate("hunt_target", n, seed=3, rules=capped, first_game=first, progress=False)
              for first, n in [(0, 200), (200, 400)]]
    assert all(p.unfinished > 0 for p in pieces)
    merged = combine(pieces)
    assert merged.unfinished == whole.unfinished == sum(p.unfinished for p in pieces)
    same_games(merged, whole)


def test_pieces_with_a_gap_are_refused_rather_than_claim_the_games_missing():
    # Added up, games 0 to 499 and 501 to 999 would be a result of 999 games from game 0 on: it
    # would claim game 500 and leave out game 999.
    pieces = [simulate("parity", 500, seed=2, progress=False), simulate("parity", 499, seed=2, first_game=501,
                                                                        progress=False)]
    with pytest.raises(ValueError, match=r"^combine: pieces leave a gap: games 500 to 500 are in none of them"):
        combine(pieces)
    with pytest.raises(ValueError, match=r"^combine: pieces leave a gap: games 500 to 500"):
        combine(pieces[::-1])  # in any order
    filled = combine([*pieces, simulate("parity", 1, seed=2, first_game=500, progress=False)])
    assert filled == simulate("parity", 1000, seed=2, progress=False)


def test_pieces_whose_counts_add_up_past_64_bits_are_refused_by_name():
    # Results files hold counts of up to 2**64 - 1 each; Python adds them up without wrapping, so
    # two pieces read from files could make a result that no reader takes back.
    half = 2**63
    pieces = []
    for first in (0, half // 2):
        d = match("parity", "random", 10, seed=2, phases=True, progress=False).to_dict()
        d.update(games=half // 2, wins_a=half // 2, first_mover_wins=half // 4, total_rounds=3 * half // 2,
                 total_winner_shots=3 * half // 2, mean_rounds=3.0, mean_winner_shots=3.0, first_game=first,
                 phases_a=None, phases_b=None)
        pieces.append(battleship.MatchResult.from_dict(d))
    with pytest.raises(ValueError, match=r"^combine: the pieces' MatchResult\.total_\w+ add up to 27,670,116,110,"
                                         r"564,327,424, past the 64-bit counts \(2\*\*64 - 1\)$"):
        combine(pieces)
    solo = simulate("parity", 10, seed=2, phases=True, progress=False)
    many = dataclasses.replace(solo.phases, targeting=2**64 - 1)
    later = simulate("parity", 10, seed=2, first_game=10, phases=True, progress=False)
    with pytest.raises(ValueError, match=r"^combine: the pieces' SimulationResult\.phases\.targeting add up to "):
        combine([dataclasses.replace(solo, phases=many), later])
    assert combine([solo, later]).games == 20


def test_a_piece_of_no_games_names_no_first_game_of_the_sum():
    # A piece of no games says game 0 is its first, yet it played none: the sum starts where the
    # pieces that played start, and adds up with the rest of the run.
    empty = simulate("parity", 0, seed=2, progress=False)
    later = combine([simulate("parity", 100, seed=2, first_game=100, progress=False), empty])
    assert later.first_game == 100 and later.games == 100
    assert combine([simulate("parity", 100, seed=2, progress=False), later]) == simulate(
        "parity", 200, seed=2, progress=False)
    m = combine([match("parity", "random", 0, seed=2, progress=False),
                 match("parity", "random", 50, seed=2, first_game=50, progress=False)])
    assert m.first_game == 50 and m.games == 50
    assert combine([empty, empty]).first_game == 0  # no piece played: the pieces' own


@pytest.mark.parametrize("pool", [concurrent.futures.ThreadPoolExecutor, concurrent.futures.ProcessPoolExecutor])
def test_an_executor_plays_the_same_games_as_one_local_run(pool):
    rules = Rules(touching="no_edge_contact")
    local = simulate("parity", 4000, seed=5, rules=rules, placer="spread", progress=False)
    with pool(max_workers=2) as executor:
        remote = simulate("parity", 4000, seed=5, rules=rules, placer="spread", progress=False,
                          executor=executor, chunks=7)
        same_games(remote, local)
        assert remote.seconds > 0 and remote.games_per_second == pytest.approx(4000 / remote.seconds)
        both = match("probability", "parity", 600, seed=4, progress=False)
        # A shooter object, as a name, travels too (the subclasses pickle as their names).
        spread = match("probability", battleship.ParityShooter(), 600, seed=4, progress=False,
                       executor=executor, chunks=5)
        same_tallies(spread, both)


def test_python_strategies_travel_to_worker_processes():
    local = simulate(FirstOpenCell(), 40, seed=1, progress=False)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as executor:
        same_games(simulate(FirstOpenCell(), 40, seed=1, progress=False, executor=executor, chunks=3), local)


def test_other_boards_and_fleets_split_too():
    kwargs = dict(rows=12, cols=12, fleet=Fleet.russian(), rules=Rules.named("russian"), progress=False)
    whole = simulate("probability", 300, seed=3, **kwargs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as executor:
        same_games(simulate("probability", 300, seed=3, executor=executor, **kwargs), whole)


def test_match_ranges_keep_the_run_s_seating_and_first_abort():
    whole = match("hunt_target", "random", 301, seed=6, progress=False)
    same_tallies(combine([match("hunt_target", "random", 150, seed=6, first_game=151, progress=False),
                          match("hunt_target", "random", 151, seed=6, progress=False)]), whole)

    class Refuses:
        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            return False

    late = match("random", "random", 3, seed=1, first_game=7, placers=(Refuses(), "uniform"), progress=False)
    early = match("random", "random", 3, seed=1, first_game=4, placers=(Refuses(), "uniform"), progress=False)
    assert late.first_abort_game == 7 and early.first_abort_game == 4
    assert late.first_abort_by == early.first_abort_by == "a"  # A's placer, in either seat
    assert late.first_abort.startswith("player 1") and early.first_abort.startswith("player 0")
    merged = combine([late, early])
    assert merged.aborted == 6 and merged.first_abort_game == 4 and merged.first_abort == early.first_abort
    assert merged.first_abort_by == "a"
    b_fails = match("random", "random", 2, seed=1, placers=("uniform", Refuses()), progress=False)
    assert b_fails.first_abort_by == "b" and b_fails.first_abort.startswith("player 1")
    assert match("random", "random", 2, seed=1, progress=False).first_abort_by is None


def test_results_record_the_setup_their_games_were_played_on():
    rules = Rules.named("russian")
    solo = simulate("parity", 20, seed=3, rows=8, cols=9, fleet=Fleet.russian(), rules=rules,
                    placer=battleship.MediocrePlacer(), progress=False)
    assert solo.setup == battleship.RunSetup(3, 8, 9, Fleet.russian(), rules, ("mediocre",))
    duel = match("parity", "random", 6, seed=4, first_game=10, placers=("spread", "uniform"), progress=False)
    assert duel.setup == battleship.RunSetup(4, 10, 10, Fleet.classic(), Rules(), ("spread", "uniform"))
    assert duel.first_game == 10
    # A cluster job's saved piece keeps it.
    assert pickle.loads(pickle.dumps(solo)).setup == solo.setup
    # Exact evaluations play every layout, not a seeded run.
    assert battleship.simulate_every_layout("parity", rows=3, cols=3, fleet=Fleet([("Boat", "B", 2)])).setup is None


@pytest.mark.parametrize(
    "other, named",
    [
        ({"seed": 8}, "seed 7 and 8"),
        ({"rows": 9}, "rows 10 and 9"),
        ({"fleet": Fleet.russian()}, "fleet Fleet.classic() and Fleet.russian()"),
        ({"rules": Rules(shot_cap=80)}, "rules Rules.named('classic') and Rules("),
        ({"placer": "spread"}, "placer 'uniform' and 'spread'"),
    ],
)
def test_pieces_of_different_runs_are_refused(other, named):
    # Their sum would be neither run: another seed's games, or another game altogether.
    piece = simulate("parity", 10, seed=7, progress=False)
    elsewhere = simulate("parity", 10, first_game=10, **{"seed": 7, **other}, progress=False)
    with pytest.raises(ValueError, match=r"combine: pieces of different runs \(" + re.escape(named)):
        combine([piece, elsewhere])


def test_match_pieces_of_different_runs_are_refused():
    piece = match("parity", "random", 4, seed=7, progress=False)
    with pytest.raises(ValueError, match=r"placers \('uniform', 'uniform'\) and \('uniform', 'spread'\)"):
        combine([piece, match("parity", "random", 4, seed=7, first_game=4, placers=("uniform", "spread"),
                              progress=False)])
    with pytest.raises(ValueError, match="seed 7 and 9"):
        combine([piece, match("parity", "random", 4, seed=9, first_game=4, progress=False)])


def test_overlapping_pieces_are_refused():
    # A game in two pieces would count twice, kept shots or not.
    with pytest.raises(ValueError, match="pieces overlap: games 0 to 9 and games 5 to 14"):
        combine([simulate("random", 10, seed=1, progress=False),
                 simulate("random", 10, seed=1, first_game=5, progress=False)])
    with pytest.raises(ValueError, match="pieces overlap: games 3 to 5 and games 3 to 5"):
        run = match("random", "parity", 3, seed=1, first_game=3, progress=False)
        combine([run, run])
    with pytest.raises(ValueError, match="pieces overlap"):
        shots = simulate("random", 10, seed=1, game_shots=True, progress=False)
        combine([shots, simulate("random", 4, seed=1, first_game=9, game_shots=True, progress=False)])
    # Empty pieces overlap nothing.
    empty = simulate("random", 0, seed=1, first_game=5, progress=False)
    assert combine([simulate("random", 10, seed=1, progress=False), empty]).games == 10


def test_bad_splits_are_refused():
    result = simulate("random", 10, progress=False)
    other = simulate("parity", 10, progress=False)
    with pytest.raises(ValueError, match="at least one"):
        combine([])
    with pytest.raises(TypeError, match="^combine takes a list of results, the pieces of one run; got one SimulationResult$"):
        combine(result)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="different shooters"):
        combine([result, other])
    one_kind = "^combine: all results must be of one kind: SimulationResult, MatchResult or TournamentResult$"
    with pytest.raises(TypeError, match=one_kind):
        combine([result, match("random", "random", 2, progress=False)])
    with pytest.raises(TypeError, match=one_kind):
        combine([match("random", "random", 2, progress=False), result])  # the mix, match first
    kinds = "SimulationResult, MatchResult or TournamentResult"
    with pytest.raises(TypeError, match=f"combine takes {kinds} objects, got 42"):
        combine([42])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="different pairs"):
        combine([match("random", "parity", 2, progress=False), match("parity", "random", 2, progress=False)])
    with pytest.raises(ValueError, match="first_game"):
        simulate("random", 10, first_game=-1, progress=False)
    with pytest.raises(TypeError, match="submit"):
        simulate("random", 10, executor=object(), progress=False)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as executor:
        with pytest.raises(ValueError, match="chunks"):
            simulate("random", 10, executor=executor, chunks=0, progress=False)
    # Without an executor nothing is split: chunks would be ignored without a word.
    for run in (lambda: simulate("random", 10, chunks=4, progress=False),
                lambda: match("random", "parity", 10, chunks=4, progress=False)):
        with pytest.raises(ValueError, match=r"^chunks=4 splits a run among an executor's workers; give executor= too$"):
            run()


def test_an_error_in_a_piece_surfaces_and_the_rest_is_cancelled():
    started: list[int] = []

    class Broken:
        def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
            started.append(1)
            time.sleep(0.2)  # long enough for the caller to cancel the pieces still queued
            raise RuntimeError("broken shooter")

    class Recording(concurrent.futures.ThreadPoolExecutor):
        def __init__(self) -> None:
            super().__init__(max_workers=1)
            self.futures: list[concurrent.futures.Future[Any]] = []

        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
            future = super().submit(fn, *args, **kwargs)
            self.futures.append(future)
            return future

    with Recording() as executor:
        with pytest.raises(RuntimeError, match="broken shooter"):
            simulate(Broken(), 50, executor=executor, chunks=10, progress=False)
    assert len(executor.futures) == 10
    assert executor.futures[-1].cancelled()  # queued behind the failure: never run
    assert len(started) < 10


def test_a_piece_that_fails_while_earlier_ones_run_stops_the_call_at_once():
    # The call waited for every piece before the failed one to finish (the first piece here,
    # 3,000 games of a Python shooter, all played) before it raised and cancelled the rest.
    played = []

    class Counting(FirstOpenCell):
        def start(self, view: battleship.TargetView) -> None:
            played.append(1)

    class LastPieceFails(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future[Any]:
            if kwargs["first_game"] == 9000:  # the last of 4 pieces of 3,000 games

                def fail() -> None:
                    raise ValueError("the last piece failed")

                return super().submit(fail)
            return super().submit(fn, *args, **kwargs)

    with LastPieceFails(max_workers=4) as executor:
        with pytest.raises(ValueError, match="the last piece failed"):
            simulate(Counting, 12_000, executor=executor, chunks=4, progress=False)
    assert len(played) < 3000  # the running pieces were stopped, the first one too


class Unpicklable(Exception):
    """An exception pickling cannot rebuild: its constructor takes two arguments."""

    def __init__(self, what: str, where: int) -> None:
        super().__init__(f"{what} at {where}")


class RaisesUnpicklable(FirstOpenCell):
    def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
        raise Unpicklable("no shot", 7)


def test_an_error_a_process_cannot_send_back_comes_back_as_what_it_said():
    # The pool broke ("a process in the pool was terminated abruptly"): message and note lost.
    with concurrent.futures.ProcessPoolExecutor(max_workers=1) as executor:
        with pytest.raises(RuntimeError, match=r"^Unpicklable: no shot at 7") as info:
            simulate(RaisesUnpicklable(), 4, seed=1, executor=executor, chunks=2, progress=False)
    assert str(info.value) == "Unpicklable: no shot at 7"
    assert info.value.battleship_aborted_game == 0
    assert any("game 0 (seed 1) was aborted" in n for n in getattr(info.value, "__notes__", ["game 0 (seed 1) was aborted"]))
    # On this process's threads the error comes back as itself.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as executor:
        with pytest.raises(Unpicklable, match="no shot at 7"):
            simulate(RaisesUnpicklable(), 4, seed=1, executor=executor, chunks=2, progress=False)


class Sweep:
    """A stateful Python shooter: sweeps the board in reading order from a random start."""

    def start(self, view: battleship.TargetView) -> None:
        self.order: list[tuple[int, int]] = []

    def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
        if not self.order:
            first = rng.below(view.rows * view.cols)
            cells = [divmod((first + k) % (view.rows * view.cols), view.cols) for k in range(view.rows * view.cols)]
            self.order = [c for c in cells if view.is_open(c)]
        return self.order.pop(0)


def test_a_stateful_python_shooter_given_as_a_class_gets_its_own_object_per_piece():
    local = simulate(Sweep, 60, seed=8, progress=False)
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as executor:
        same_games(simulate(Sweep, 60, seed=8, progress=False, executor=executor, chunks=6), local)
