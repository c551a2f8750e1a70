"""battleship.optimal_expected_shots, OptimalShooter, simulate_every_layout and exact_mean_shots:
perfect play on small boards, the shooter that plays it, and a shooter played against every layout,
checked against issue 6's known optima and brute force."""

from __future__ import annotations

import time
from typing import Any

import pytest

import battleship
from battleship import Fleet, Rules, ShipClass
from test_posterior import placements  # every placement of one ship: its layouts

TWO = Fleet([ShipClass("Destroyer", "D", 2)])
TWO_TWO = Fleet([ShipClass("First", "F", 2), ShipClass("Second", "S", 2)])


class ReadingOrder:
    """Fires cell after cell in reading order: a fixed policy whose shots brute force can count."""

    def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
        return view.open_cells()[0]


def test_the_known_optima_of_issue_6() -> None:
    # Exactly, as whole shots over the layouts' count (issue 6 rounds: 6.0833, 8.6696).
    assert battleship.optimal_expected_shots(3, 3, fleet=TWO) == pytest.approx(4.5, abs=1e-12)
    assert battleship.optimal_expected_shots(4, 4, fleet=TWO) == pytest.approx(146 / 24, abs=1e-12)
    assert battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO) == pytest.approx(3884 / 448, abs=1e-12)


def test_telling_less_never_makes_perfect_play_cheaper() -> None:
    fleet = Fleet([ShipClass("Cruiser", "C", 3), ShipClass("Boat", "B", 1)])
    named = battleship.optimal_expected_shots(4, 3, fleet=fleet)
    hit_only = battleship.optimal_expected_shots(4, 3, fleet=fleet, rules=Rules(disclosure="hit_only"))
    assert hit_only > named + 0.01


def test_exact_mean_of_a_python_shooter_matches_brute_force() -> None:
    # Reading order sinks a one-ship fleet with the shot at its last cell in reading order.
    rows, cols = 4, 3
    expected = [max(r * cols + c for r, c in cells) + 1 for cells in placements(rows, cols, 2)]
    mean = battleship.exact_mean_shots(ReadingOrder(), rows, cols, fleet=TWO)
    assert mean == pytest.approx(sum(expected) / len(expected), abs=1e-12)
    assert mean > battleship.optimal_expected_shots(rows, cols, fleet=TWO)


def test_every_layout_gives_the_exact_distribution_of_shots() -> None:
    rows, cols = 4, 3
    expected = [max(r * cols + c for r, c in cells) + 1 for cells in placements(rows, cols, 2)]
    result = battleship.simulate_every_layout(ReadingOrder(), rows, cols, fleet=TWO, seeds=2)
    assert result.shooter == "ReadingOrder"
    assert result.games == result.finished == 2 * len(expected)
    counts = [2 * expected.count(n) for n in range(len(result.histogram))]
    assert result.histogram.tolist() == counts
    assert (result.min, result.max) == (min(expected), max(expected))
    # Built-ins run on every thread asked for, with the same games.
    one = battleship.simulate_every_layout("bayes", 4, 4, fleet=TWO_TWO, seeds=3, seed=4, threads=1)
    two = battleship.simulate_every_layout("bayes", 4, 4, fleet=TWO_TWO, seeds=3, seed=4, threads=2)
    assert one == two and one.games == 3 * 448
    assert battleship.exact_mean_shots("bayes", 4, 4, fleet=TWO_TWO, seeds=3, seed=4) == one.mean
    # A shot cap leaves games unfinished, outside the histogram.
    capped = battleship.simulate_every_layout(ReadingOrder(), rows, cols, fleet=TWO, rules=Rules(shot_cap=6))
    assert capped.unfinished == sum(1 for n in expected if n > 6)
    assert capped.finished == sum(1 for n in expected if n <= 6)


def test_no_shooter_beats_perfect_play() -> None:
    best = battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO)
    for name in ("parity", "probability", "bayes"):
        mean = battleship.exact_mean_shots(name, 4, 4, fleet=TWO_TWO, seeds=2)
        assert mean >= best - 1e-9, name
    assert battleship.exact_mean_shots("probability", 4, 4, fleet=TWO_TWO) < best * 1.01


def test_the_optimal_shooter_takes_perfect_plays_value_over_every_layout() -> None:
    best = battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO)
    shooter = battleship.OptimalShooter()
    assert battleship.exact_mean_shots(shooter, 4, 4, fleet=TWO_TWO) == pytest.approx(best, abs=1e-9)
    # Under another disclosure rule its value and its play change together.
    rules = Rules(disclosure="hit_only")
    hit_only = battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO, rules=rules)
    assert hit_only > best + 0.01
    assert battleship.exact_mean_shots(shooter, 4, 4, fleet=TWO_TWO, rules=rules) == pytest.approx(
        hit_only, abs=1e-9
    )


def test_the_optimal_shooter_stepped_by_hand_sinks_every_layout_at_its_value() -> None:
    # Brute force: play every placement of a lone cruiser by hand with one shooter object.
    fleet = Fleet([ShipClass("Cruiser", "C", 3)])
    shooter = battleship.OptimalShooter()
    rng = battleship.Rng(0)
    shots = []
    for cells in placements(4, 4, 3):
        ocean = battleship.Ocean(4, 4, fleet)
        (r0, c0), (r1, _) = min(cells), max(cells)
        ocean.place(0, (r0, c0), "horizontal" if r0 == r1 else "vertical")
        view = battleship.TargetView(4, 4, fleet)
        shooter.start(view)
        assert shooter.expected_shots() == pytest.approx(5.625, abs=1e-12)
        while not ocean.all_sunk:
            cell = shooter.next_shot(view, rng)
            assert view.is_open(cell)
            outcome = ocean.fire(cell)
            view.record(cell, outcome)
            shooter.on_result(view, cell, outcome)
        assert shooter.expected_shots() == 0.0  # nothing left to find
        shots.append(view.shots_fired)
    assert sum(shots) / len(shots) == pytest.approx(5.625, abs=1e-12)


def test_the_optimal_shooter_plays_in_simulate_match_and_game() -> None:
    fleet = Fleet([ShipClass("Cruiser", "C", 3)])
    one = battleship.simulate(
        battleship.OptimalShooter(), 3000, rows=4, cols=4, fleet=fleet, seed=5, threads=1, progress=False
    )
    two = battleship.simulate(
        battleship.OptimalShooter, 3000, rows=4, cols=4, fleet=fleet, seed=5, threads=2, progress=False
    )
    assert one == two  # the same games on any thread count
    assert abs(one.mean - 5.625) <= 3 * one.ci95 / 1.96  # within three standard errors of the optimum
    result = battleship.match(
        battleship.OptimalShooter(), "random", 400, rows=4, cols=4, fleet=fleet, progress=False
    )
    assert result.a == "optimal" and result.wins_a > 3 * result.wins_b
    game = battleship.Game(battleship.OptimalShooter(), "random", rows=4, cols=4, fleet=fleet, seed=3)
    assert game.play_to_end().end == "win"


def test_the_optimal_shooter_refuses_what_it_cannot_search() -> None:
    with pytest.raises(ValueError, match="max_layouts"):  # the classic game, in a worker thread
        battleship.simulate(battleship.OptimalShooter(), 10, threads=2, progress=False)
    with pytest.raises(ValueError, match="max_positions"):
        battleship.exact_mean_shots(battleship.OptimalShooter(max_positions=10), 4, 4, fleet=TWO_TWO)
    with pytest.raises(ValueError, match="at most 128 cells"):
        battleship.simulate(battleship.OptimalShooter(), 4, rows=12, cols=12, fleet=TWO, progress=False)
    with pytest.raises(ValueError, match="at most 128 cells"):
        battleship.OptimalShooter().start(battleship.TargetView(12, 12, TWO))
    with pytest.raises(ValueError, match="max_layouts"):
        battleship.OptimalShooter(max_layouts=0)
    with pytest.raises(TypeError, match="max_positions"):
        battleship.OptimalShooter(max_positions="many")  # type: ignore[arg-type]
    # A refused start leaves the shooter as it was: it still plays the board it solved.
    shooter = battleship.OptimalShooter()
    view = battleship.TargetView(4, 4, TWO)
    shooter.start(view)
    with pytest.raises(ValueError, match=r"more layouts on this board than max_layouts \(\d+\) allows: too many to search exhaustively"):
        shooter.start(battleship.TargetView(10, 10))
    assert battleship.exact_mean_shots(shooter, 4, 4, fleet=TWO) == pytest.approx(146 / 24, abs=1e-12)


def test_the_optimal_shooter_plays_only_the_game_it_started_from_its_start() -> None:
    shooter = battleship.OptimalShooter()
    view = battleship.TargetView(3, 3, TWO)
    with pytest.raises(ValueError, match=r"^the optimal shooter has not started a game: start\(view\) it first$"):
        shooter.next_shot(view, battleship.Rng(1))
    view.record((0, 0), battleship.ShotOutcome("miss"))
    with pytest.raises(ValueError, match="^the optimal shooter starts on a view of a game's start, and 1 shots were"):
        shooter.start(view)  # it would not know of the miss
    view = battleship.TargetView(3, 3, TWO)
    shooter.start(view)
    for other, what in ((battleship.TargetView(4, 4, TWO), "a 4 x 4 board"),
                        (battleship.TargetView(12, 12, TWO), "a 12 x 12 board"),  # past 128 cells too
                        (battleship.TargetView(3, 3, TWO_TWO), "another fleet")):
        with pytest.raises(ValueError, match=rf"^the optimal shooter was started on a 3 x 3 board .* has {what}"):
            shooter.next_shot(other, battleship.Rng(1))
        with pytest.raises(ValueError, match=rf"has {what}"):
            shooter.on_result(other, (0, 0), battleship.ShotOutcome("miss"))
    cell = shooter.next_shot(view, battleship.Rng(1))  # the refusals changed nothing
    assert view.is_open(cell)


def test_a_python_shooters_exception_surfaces_as_itself() -> None:
    class Broken:
        def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
            raise KeyError("no idea")

    with pytest.raises(KeyError, match="no idea"):
        battleship.exact_mean_shots(Broken(), 3, 3, fleet=TWO)


def test_the_search_reports_the_positions_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    reported: list[int] = []
    made: list[tuple[int, str, str]] = []

    def recording(progress: bool, total: int, label: str, unit: str = "game", unit_scale: bool = False) -> Any:
        made.append((total, label, unit))
        return (reported.append if progress else None), None

    monkeypatch.setattr(battleship.optimal, "_progress", recording)
    best = battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO, max_positions=100_000)
    assert best == pytest.approx(3884 / 448, abs=1e-12)
    assert made == [(100_000, "optimal search", " positions")]
    assert reported == sorted(reported) and 100 < reported[-1] < 100_000
    # The last count is the memory the search needs: exactly that limit suffices, one less does not.
    needed = reported[-1]
    reported.clear()
    assert battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO, max_positions=needed) == best
    assert reported[-1] == needed
    with pytest.raises(ValueError, match=rf"more positions than max_positions \({needed - 1}\) allows"):
        battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO, max_positions=needed - 1)
    reported.clear()
    assert battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO, progress=False) == best
    assert reported == []


def test_bad_arguments_raise_clear_errors() -> None:
    with pytest.raises(ValueError, match="max_layouts"):
        battleship.optimal_expected_shots(10, 10, fleet=Fleet.classic())
    with pytest.raises(ValueError, match="max_positions"):
        battleship.optimal_expected_shots(4, 4, fleet=TWO_TWO, max_positions=10)
    with pytest.raises(ValueError, match="capacity"):
        battleship.optimal_expected_shots(12, 12, fleet=TWO)
    with pytest.raises(ValueError, match="does not fit"):
        battleship.optimal_expected_shots(2, 2, fleet=Fleet([ShipClass("Long", "L", 3)]))
    with pytest.raises(TypeError, match=r"fleet must be a battleship\.Fleet, got 'classic'"):
        battleship.optimal_expected_shots(4, 4, fleet="classic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seeds"):
        battleship.exact_mean_shots("random", 3, 3, fleet=TWO, seeds=0)
    with pytest.raises(ValueError, match="unknown shooter 'no such shooter'; known: "):
        battleship.exact_mean_shots("no such shooter", 3, 3, fleet=TWO)
    with pytest.raises(ValueError, match="capacity"):
        battleship.simulate_every_layout("random", 12, 12, fleet=TWO)
    with pytest.raises(ValueError, match="threads"):
        battleship.simulate_every_layout("random", 3, 3, fleet=TWO, threads=-1)
    with pytest.raises(ValueError, match="shot_cap"):
        battleship.simulate_every_layout("random", 3, 3, fleet=TWO, rules=Rules(shot_cap=-2))
    # The classic game's layouts are refused once past the limit, quickly, not listed to the end.
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"more layouts on this board than max_layouts \(100000\) allows$"):
        battleship.simulate_every_layout("random", 10, 10, fleet=Fleet.classic(), max_layouts=100_000)
    assert time.perf_counter() - start < 30
    assert battleship.simulate_every_layout("random", 3, 3, fleet=TWO, max_layouts=12).games == 12
    with pytest.raises(ValueError, match=r"than max_layouts \(11\) allows"):
        battleship.exact_mean_shots("random", 3, 3, fleet=TWO, max_layouts=11)
    cruisers = Fleet([ShipClass("Cruiser", "C", 3, count=2)])  # fill 2 x 3, never apart
    with pytest.raises(ValueError, match="no layout"):
        battleship.simulate_every_layout("random", 2, 3, fleet=cruisers, rules=Rules(touching="no_contact"))
    with pytest.raises(ValueError, match="no layout"):
        battleship.exact_mean_shots("random", 2, 3, fleet=cruisers, rules=Rules(touching="no_contact"))


def test_an_optimal_shooter_searching_on_one_thread_refuses_the_calls_of_another() -> None:
    # A search runs with the GIL released: another thread's start on the same shooter searched
    # into the same tables at once (a segmentation fault), and a run copied them half made.
    import threading

    from battleship import _core

    fleet = Fleet([ShipClass("Cruiser", "C", 3), ShipClass("Destroyer", "D", 2)])
    shooter = battleship.OptimalShooter(max_positions=150_000_000)  # half an hour on 5 x 5
    token = _core.CancelToken()
    stopped: list[BaseException] = []

    def search() -> None:
        _core.watch_cancel(token)  # token.cancel() below ends the search
        try:
            shooter.start(battleship.TargetView(5, 5, fleet))
        except KeyboardInterrupt as error:
            stopped.append(error)
        finally:
            _core.watch_cancel(None)

    searching = threading.Thread(target=search)
    searching.start()
    try:
        time.sleep(0.5)
        with pytest.raises(RuntimeError, match="in use by another thread"):
            shooter.start(battleship.TargetView(5, 5, fleet))
        with pytest.raises(RuntimeError, match="in use by another thread"):
            shooter.expected_shots()
        with pytest.raises(RuntimeError, match="in use by another thread"):
            battleship.simulate(shooter, 1, rows=5, cols=5, fleet=fleet, progress=False)
    finally:
        token.cancel()
        searching.join(30)
    assert not searching.is_alive() and stopped
    # Once the search is over, the shooter is free again.
    assert battleship.simulate(shooter, 10, rows=3, cols=3, fleet=TWO, progress=False).finished == 10
