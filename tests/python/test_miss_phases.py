"""simulate(..., phases=True): where the misses fall (battleship::CountingMisses), through the
API, results files, combine and the commands' --phases."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

import battleship
from battleship import MissPhases, SimulationResult
from battleship.cli import main

CLASSIC_HITS = 17  # ship cells of the classic fleet


def test_counting_misses_changes_no_game_and_the_misses_are_the_shots_less_the_hits():
    plain = battleship.simulate("parity", 600, seed=2, game_shots=True, progress=False)
    counted = battleship.simulate("parity", 600, seed=2, game_shots=True, phases=True, progress=False)
    assert plain.phases is None
    assert np.array_equal(counted.game_shots, plain.game_shots)  # the same games, shot for shot
    p = counted.phases
    assert p is not None and p.games == 600 and len(p.hunting) == 6 and p.hunting[0] == 0
    assert p.misses() == int(plain.game_shots.sum()) - CLASSIC_HITS * 600
    assert p.unknown == 0 and p.targeting > 0
    assert p.hunting_per_game() == pytest.approx(sum(p.hunting) / 600)
    assert p.hunting_per_game(1) == p.hunting[1] / 600 < p.hunting_per_game()
    assert p.hunting_per_game() + p.targeting_per_game() == pytest.approx(plain.mean - CLASSIC_HITS)
    one_thread = battleship.simulate("parity", 600, seed=2, threads=1, phases=True, progress=False)
    assert one_thread.phases == p


def test_a_python_shooter_s_misses_are_counted_too():
    class FirstOpen:
        """Fires at the first open cell, row by row."""

        def next_shot(self, view, rng):
            return next(cell for cell in view.open_cells())

    r = battleship.simulate(FirstOpen(), 40, rows=6, cols=6, fleet=battleship.Fleet([("Boat", "B", 2, 2)]),
                            seed=1, phases=True, progress=False)
    assert r.phases is not None and r.phases.games == 40
    assert r.phases.misses() == round(r.mean * 40) - 4 * 40


def test_without_named_sinkings_the_misses_after_the_first_hit_are_of_unknown_phase():
    rules = battleship.Rules(disclosure="hit_only")
    r = battleship.simulate("hunt_target", 300, rules=rules, phases=True, progress=False)
    assert r.phases is not None and r.phases.targeting == 0 and r.phases.unknown > 0
    assert r.phases.misses() == round(r.mean * 300) - CLASSIC_HITS * 300


def test_pieces_with_their_misses_combine_into_the_whole_run_s():
    whole = battleship.simulate("probability", 90, seed=4, phases=True, progress=False)
    pieces = [battleship.simulate("probability", 30, seed=4, first_game=k, phases=True, progress=False)
              for k in (60, 0, 30)]
    assert battleship.combine(pieces).phases == whole.phases
    pieces[1] = battleship.simulate("probability", 30, seed=4, progress=False)  # one piece did not count
    assert battleship.combine(pieces).phases is None


def test_misses_by_phase_go_to_a_results_file_and_older_files_without_them_still_read(tmp_path):
    r = battleship.simulate("parity", 50, seed=3, phases=True, progress=False)
    battleship.save_results(r, tmp_path / "r.json")
    (back,) = battleship.load_results(tmp_path / "r.json")
    assert back.phases == r.phases
    older = r.to_dict()
    del older["phases"]
    assert SimulationResult.from_dict(older).phases is None
    bad = r.to_dict()
    bad["phases"]["hunting"][0] = 3
    with pytest.raises(ValueError, match=r"^SimulationResult\.phases\.hunting: expected a list that starts with 0"):
        SimulationResult.from_dict(bad)
    bad["phases"] = {"games": 1, "hunting": [0], "targeting": -1, "unknown": 0}
    with pytest.raises(ValueError, match=r"^SimulationResult\.phases\.targeting: expected at least 0, got -1"):
        SimulationResult.from_dict(bad)


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="phases must be True or False, got 1"):
        battleship.simulate("parity", 10, phases=1, progress=False)  # type: ignore[arg-type]
    p = MissPhases(2, (0, 3, 5), 4, 0)
    with pytest.raises(ValueError, match=r"afloat must be from 0 to 2 \(the fleet's ships\), got 3"):
        p.hunting_per_game(3)
    assert p.hunting_per_game(np.int64(2)) == p.hunting_per_game(2)  # a NumPy int is an int
    for odd in (1.5, None, True):
        with pytest.raises(TypeError, match=rf"^afloat must be an int \(ships afloat\), got {odd}$"):
            p.hunting_per_game(odd)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="misses of fleets of 2 and 1 ships cannot be added"):
        p + MissPhases(1, (0, 1), 0, 0)
    assert p + MissPhases(1, (0, 1, 1), 2, 1) == MissPhases(3, (0, 4, 6), 6, 1)
    assert MissPhases.from_dict(p.to_dict()) == p


def test_the_commands_show_the_misses_by_phase(tmp_path, capsys):
    assert main(["simulate", "parity", "--games", "300", "--seed", "5", "--phases", "--no-progress",
                 "--json", str(tmp_path / "p.json")]) == 0
    out = capsys.readouterr().out
    p = battleship.simulate("parity", 300, seed=5, phases=True, progress=False).phases
    assert p is not None
    assert re.search(r"^shooter +mean +±95% +median +p95 +max +games/s +hunting +last +target$", out, re.M), out
    figures = f"{p.hunting_per_game():.2f} +{p.hunting_per_game(1):.2f} +{p.targeting_per_game():.2f}$"
    assert re.search(rf"^parity .* {figures}", out, re.M), out
    assert "misses a game: hunting (no ship being chased; last: of those, hunting the last ship) and\n" in out
    assert main(["combine", str(tmp_path / "p.json")]) == 0
    assert re.search(rf"^parity .* {figures}", capsys.readouterr().out, re.M)
    assert main(["simulate", "parity", "--games", "30", "--no-progress"]) == 0
    assert "hunting" not in capsys.readouterr().out  # only when asked for
    assert main(["compare", "--shooters", "random,parity", "--games", "30", "--phases", "--no-progress",
                 "--rules", "cs32", "--disclosure", "hit_only"]) == 0
    assert "of unknown phase)" in capsys.readouterr().out


def test_a_result_without_counts_keeps_its_default():
    r = battleship.simulate("parity", 10, progress=False)
    assert dataclasses.replace(r).phases is None and r.to_dict()["phases"] is None


def test_the_plot_draws_each_shooter_s_shots_split_by_phase():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from battleship import plot

    runs = [battleship.simulate(s, 400, seed=1, phases=True, progress=False) for s in ("parity", "probability")]
    ax = plot.miss_phases(runs)
    try:
        bars = {c.get_label(): [patch.get_width() for patch in c.patches] for c in ax.containers}
        assert list(bars) == list(plot.MISS_PARTS[:4])  # no unknown phase under the classic rules
        for k, r in enumerate(runs):
            p = r.phases
            assert p is not None
            assert bars["hits"][k] == pytest.approx(CLASSIC_HITS)
            assert bars["hunting the last ship"][k] == pytest.approx(p.hunting_per_game(1))
            assert bars["hunting, other ships"][k] == pytest.approx(p.hunting_per_game() - p.hunting_per_game(1))
            assert bars["targeting"][k] == pytest.approx(p.targeting_per_game())
            assert sum(widths[k] for widths in bars.values()) == pytest.approx(r.mean)
        assert [t.get_text() for t in ax.get_yticklabels()] == ["parity", "probability"]
    finally:
        plt.close("all")
    figures = len(plt.get_fignums())
    with pytest.raises(ValueError, match="^random: no misses by phase; play it with simulate"):
        plot.miss_phases([runs[0], battleship.simulate("random", 10, progress=False)])
    with pytest.raises(ValueError, match="^miss_phases needs at least one SimulationResult$"):
        plot.miss_phases([])
    assert len(plt.get_fignums()) == figures  # refused before a figure was opened


class _TallyingShooter:
    """Fires at the first open cell, row by row, and counts its own misses by the phase its
    view was in before each shot: what ``match(..., phases=True)`` should count for it."""

    def __init__(self, ships: int) -> None:
        self.games, self.hunting, self.targeting, self._before = 0, [0] * (ships + 1), 0, ("hunting", 0)

    def start(self, view):
        self.games += 1

    def next_shot(self, view, rng):
        self._before = (view.search_phase, view.afloat_count)
        return view.open_cells()[0]

    def on_result(self, view, cell, outcome):
        if outcome.valid and not outcome.struck:
            phase, afloat = self._before
            if phase == "hunting":
                self.hunting[afloat] += 1
            else:
                self.targeting += 1


def test_a_match_counts_each_side_s_misses_as_the_side_would_and_plays_the_same_matches():
    fleet = battleship.Fleet([("Cruiser", "C", 3, 1), ("Boat", "B", 2, 2)])
    mine = _TallyingShooter(fleet.ship_count)
    r = battleship.match(mine, "hunt_target", 60, rows=6, cols=6, fleet=fleet, seed=3, phases=True,
                         game_results=True, progress=False)
    assert r.phases_a == MissPhases(mine.games, tuple(mine.hunting), mine.targeting, 0)
    assert r.phases_a.games == 60 and r.phases_a.targeting > 0 and r.phases_a.hunting[1] > 0
    assert r.phases_b is not None and r.phases_b.games == 60 and r.phases_b.targeting > 0
    again = battleship.match(_TallyingShooter(3), "hunt_target", 60, rows=6, cols=6, fleet=fleet, seed=3,
                             game_results=True, progress=False)
    assert again.phases_a is None and again.phases_b is None
    assert dataclasses.replace(again, seconds=r.seconds) == r  # counting changes no match
    assert np.array_equal(again.game_results, r.game_results)


def test_a_match_s_misses_by_phase_split_over_threads_pieces_and_files(tmp_path):
    whole = battleship.match("probability", "parity", 120, seed=2, phases=True, threads=2, progress=False)
    one_thread = battleship.match("probability", "parity", 120, seed=2, phases=True, threads=1, progress=False)
    assert (one_thread.phases_a, one_thread.phases_b) == (whole.phases_a, whole.phases_b)
    pieces = [battleship.match("probability", "parity", 60, seed=2, first_game=k, phases=True, progress=False)
              for k in (60, 0)]
    combined = battleship.combine(pieces)
    assert (combined.phases_a, combined.phases_b) == (whole.phases_a, whole.phases_b)
    pieces[0] = dataclasses.replace(pieces[0], phases_a=None, phases_b=None)  # a piece that did not count
    assert battleship.combine(pieces).phases_a is None
    battleship.save_results(whole, tmp_path / "m.json")
    (back,) = battleship.load_results(tmp_path / "m.json")
    assert (back.phases_a, back.phases_b) == (whole.phases_a, whole.phases_b)
    older = whole.to_dict()
    del older["phases_a"], older["phases_b"]
    assert battleship.MatchResult.from_dict(older).phases_a is None
    with pytest.raises(ValueError, match="^MatchResult: phases_a and phases_b come together; one of them is missing"):
        battleship.MatchResult.from_dict({**whole.to_dict(), "phases_b": None})
    with pytest.raises(TypeError, match="phases must be True or False, got 'yes'"):
        battleship.match("parity", "random", 10, phases="yes", progress=False)  # type: ignore[arg-type]


def test_the_match_command_shows_each_side_s_misses_by_phase(capsys):
    assert main(["match", "probability", "parity", "--games", "200", "--seed", "4", "--phases",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    r = battleship.match("probability", "parity", 200, seed=4, phases=True, progress=False)
    assert re.search(r"^  misses a match +hunting +last +target", out, re.M), out
    for name, p in (("probability", r.phases_a), ("parity", r.phases_b)):
        assert p is not None
        figures = f"{p.hunting_per_game():.2f} +{p.hunting_per_game(1):.2f} +{p.targeting_per_game():.2f}$"
        assert re.search(rf"^  {name} +{figures}", out, re.M), out
    assert main(["match", "probability", "parity", "--games", "20", "--no-progress"]) == 0
    assert "misses a match" not in capsys.readouterr().out  # only when asked for
    assert main(["match", "parity", "random", "--sprt", "0", "50", "--phases", "--no-progress"]) == 2
    assert "--phases counts the misses of a run of --games matches: not with --sprt" in capsys.readouterr().err



PLAYERS = {"parity": ("parity", "uniform"), "probability": ("probability", "uniform"),
           "hunt_target/spread": ("hunt_target", "spread")}


def test_a_tournament_counts_each_pair_s_misses_as_match_does_and_plays_the_same_matches():
    t = battleship.tournament(PLAYERS, 80, seed=5, phases=True, progress=False)
    plain = battleship.tournament(PLAYERS, 80, seed=5, progress=False)
    assert t.standings == plain.standings
    for (a, b), m in t.matches.items():
        counted_out = dataclasses.replace(m, seconds=0.0, phases_a=None, phases_b=None)
        assert counted_out == dataclasses.replace(plain.matches[(a, b)], seconds=0.0)  # the same matches
        (shooter_a, placer_a), (shooter_b, placer_b) = PLAYERS[a], PLAYERS[b]
        alone = battleship.match(shooter_a, shooter_b, 80, seed=5, placers=(placer_a, placer_b), phases=True,
                                 progress=False)
        assert (alone.phases_a, alone.phases_b) == (m.phases_a, m.phases_b)  # the pair played alone
        assert m.phases_a is not None and m.phases_a.games == 80 and m.phases_a.targeting > 0
        assert m.phases_b is not None and m.phases_b.games == 80 and m.phases_b.targeting > 0
    for name in t.names:
        p = t.phases(name)
        sides = [m.phases_a if m.a == name else m.phases_b for m in t.matches.values() if name in (m.a, m.b)]
        assert len(sides) == 2 and p is not None and p.games == 160 and p == sides[0] + sides[1]
        assert plain.phases(name) is None
    with pytest.raises(KeyError, match="'nobody' is not an entrant"):
        t.phases("nobody")
    with pytest.raises(TypeError, match="phases must be True or False, got 1"):
        battleship.tournament(PLAYERS, 10, phases=1, progress=False)  # type: ignore[arg-type]


def test_a_tournament_s_misses_by_phase_add_up_over_pieces_and_files(tmp_path):
    whole = battleship.tournament(PLAYERS, 60, seed=3, phases=True, progress=False)
    pieces = [battleship.tournament(PLAYERS, 30, seed=3, first_game=k, phases=True, progress=False)
              for k in (30, 0)]
    combined = battleship.combine(pieces)
    assert all(combined.phases(name) == whole.phases(name) for name in whole.names)
    battleship.save_results(whole, tmp_path / "t.json")
    (back,) = battleship.load_results(tmp_path / "t.json")
    assert all(back.phases(name) == whole.phases(name) is not None for name in whole.names)
    uncounted = battleship.tournament(PLAYERS, 30, seed=3, first_game=30, progress=False)
    assert battleship.combine([pieces[1], uncounted]).phases("parity") is None  # only when every piece counted


def test_the_tournament_command_shows_each_player_s_misses_by_phase(tmp_path, capsys):
    assert main(["tournament", "parity", "probability", "random", "--games", "60", "--seed", "2", "--phases",
                 "--no-progress", "--json", str(tmp_path / "t.json")]) == 0
    out = capsys.readouterr().out
    t = battleship.tournament(["parity", "probability", "random"], 60, seed=2, phases=True, progress=False)
    assert re.search(r"^  misses a match +hunting +last +target", out, re.M), out
    rows = [line.split()[0] for line in out.splitlines() if re.match(r"^  \w+ +[0-9.]+ +[0-9.]+ +[0-9.]+$", line)]
    assert rows == [s.name for s in t.standings]  # best first, as the table
    for name in t.names:
        p = t.phases(name)
        assert p is not None
        figures = f"{p.hunting_per_game():.2f} +{p.hunting_per_game(1):.2f} +{p.targeting_per_game():.2f}$"
        assert re.search(rf"^  {name} +{figures}", out, re.M), out
    assert main(["combine", str(tmp_path / "t.json")]) == 0  # a file of it shows them too
    assert re.search(r"^  misses a match +hunting", capsys.readouterr().out, re.M)
    assert main(["tournament", "parity", "random", "--games", "20", "--no-progress"]) == 0
    assert "misses a match" not in capsys.readouterr().out  # only when asked for


def test_combine_says_why_it_left_out_misses_that_only_some_pieces_counted(tmp_path, capsys):
    for first, counted in ((0, ["--phases"]), (40, []), (80, ["--phases"])):
        assert main(["match", "parity", "random", "--games", "40", "--first-game", str(first), *counted,
                     "--no-progress", "--json", str(tmp_path / f"m{first}.json")]) == 0
    capsys.readouterr()
    assert main(["combine", *(str(tmp_path / f"m{first}.json") for first in (0, 40, 80))]) == 0
    out = capsys.readouterr().out
    assert "parity vs random: misses by phase in 2 of 3 pieces, so left out" in out
    assert "misses a match" not in out
    assert main(["combine", str(tmp_path / "m0.json")]) == 0  # one piece, counted: shown, no note
    out = capsys.readouterr().out
    assert "misses a match" in out and "left out" not in out
