"""battleship.Posterior: the exact posterior as a probability map, checked against brute force."""

from __future__ import annotations

import copy
import itertools
import re

import matplotlib
import numpy as np
import pytest

from battleship import (
    BuiltinShooter,
    Fleet,
    Game,
    Ocean,
    Posterior,
    Rng,
    Rules,
    ShipClass,
    ShotOutcome,
    TargetView,
    plot,
    render,
    simulate,
)
from battleship.posterior import HIT, MISS, SUNK

matplotlib.use("Agg")

SMALL = Fleet([ShipClass("Sub", "S", 3), ShipClass("Boat", "B", 2)])


def placements(rows: int, cols: int, length: int) -> list[frozenset[tuple[int, int]]]:
    out = []
    for r, c in itertools.product(range(rows), range(cols)):
        if c + length <= cols:
            out.append(frozenset((r, c + k) for k in range(length)))
        if length > 1 and r + length <= rows:
            out.append(frozenset((r + k, c) for k in range(length)))
    return out


def brute_force(rows: int, cols: int, hits: set, misses: set, announced: bool = True) -> tuple[np.ndarray, int]:
    """Every layout of SMALL (touching allowed) covering the hits, clear of the misses and, when
    sinkings are `announced` (none was), with no ship entirely hit; the share of them covering
    each cell."""
    covered = np.zeros((rows, cols))
    count = 0
    for sub, boat in itertools.product(placements(rows, cols, 3), placements(rows, cols, 2)):
        ships = sub | boat
        if sub & boat or ships & misses or not hits <= ships:
            continue
        if (announced and (sub <= hits or boat <= hits)) or ships <= hits:
            continue
        count += 1
        for cell in ships:
            covered[cell] += 1
    return covered / count, count


def test_an_exact_map_equals_the_brute_force_count():
    misses, hits = {(0, 0), (2, 2), (3, 1)}, {(1, 1)}
    belief = Posterior(4, 5, SMALL)
    for cell in sorted(misses):
        belief.record(cell, ShotOutcome("miss"))
    belief.record((1, 1), ShotOutcome("hit", ship=0))  # a plain hit is never named to the shooter
    expected, count = brute_force(4, 5, hits, misses)
    assert belief.exact and belief.layouts == count
    assert np.allclose(belief.probabilities(), expected, atol=1e-12)


def test_a_sinking_is_read_as_the_shooter_reads_it():
    # The boat lies at (0, 3)-(0, 4); hitting (0, 4) then (0, 3) sinks it.
    ocean = Ocean(4, 5, SMALL)
    ocean.place(0, (2, 0), "horizontal")
    ocean.place(1, (0, 3), "horizontal")
    belief = Posterior(4, 5, SMALL)
    for cell in [(0, 4), (0, 3)]:
        belief.record(cell, ocean.fire(cell))
    p = belief.probabilities()
    # Told the boat sank at (0, 3): it is exactly the two hits, and the sub lies anywhere else.
    ring_free = {(r, c) for r in range(4) for c in range(5)} - {(0, 3), (0, 4)}
    expected = np.zeros((4, 5))
    subs = [s for s in placements(4, 5, 3) if s <= ring_free]
    for s in subs:
        for cell in s:
            expected[cell] += 1 / len(subs)
    expected[0, 3] = expected[0, 4] = 1.0
    assert belief.exact and np.allclose(p, expected, atol=1e-12)


def test_a_sampled_map_keeps_the_fleet_s_size_and_the_board_s_shape():
    belief = Posterior(seed=3)
    p = belief.probabilities()
    assert not belief.exact and belief.layouts is None
    assert p.sum() == pytest.approx(17.0, abs=1e-9)  # every layout covers 17 cells
    assert p[0, 0] < p[4, 4] and p[0, 0] < p[0, 4]  # corners are the least likely cells
    assert np.abs(p - p.T).mean() < 0.02  # the square board's symmetry, within sampling noise


def test_same_records_and_seed_same_map():
    ocean = Ocean()
    ocean.place_randomly(rng=5)
    a, b, c = Posterior(seed=2), Posterior(seed=2), Posterior(seed=3)
    for cell in ["E5", "F6", "B2", "H3"]:
        told = ocean.fire(cell)
        for belief in (a, b, c):
            belief.record(cell, told)
    assert np.array_equal(a.probabilities(), b.probabilities())
    assert not np.array_equal(a.probabilities(), c.probabilities())


@pytest.mark.parametrize("duplicate", [lambda p: p.copy(), copy.copy, copy.deepcopy])
def test_a_copy_is_independent_and_samples_as_the_original(duplicate):
    ocean = Ocean()
    ocean.place_randomly(rng=5)
    belief = Posterior(seed=2)
    belief.record("E5", ocean.fire("E5"))
    twin = duplicate(belief)
    told = ocean.fire("F6")
    twin.record("F6", told)
    assert (belief.shots_fired, twin.shots_fired) == (1, 2)  # the original is unchanged
    belief.record("F6", told)  # the same records from here: the same sampled map
    assert np.array_equal(belief.probabilities(), twin.probabilities())


def test_the_disclosure_rule_is_applied_to_what_is_recorded():
    rules = Rules(disclosure="hit_only")
    ocean = Ocean(4, 5, SMALL)
    ocean.place(0, (2, 0), "horizontal")
    ocean.place(1, (0, 3), "horizontal")
    full, told = Posterior(4, 5, SMALL, rules), Posterior(4, 5, SMALL, rules)
    for cell in [(0, 4), (0, 3)]:
        answer = ocean.fire(cell)
        full.record(cell, answer)
        told.record(cell, answer.disclosed("hit_only"))
    assert np.array_equal(full.probabilities(), told.probabilities())
    # Not told of the sinking: the hits may be the boat, or two cells of the sub.
    expected, count = brute_force(4, 5, {(0, 3), (0, 4)}, set(), announced=False)
    assert full.exact and full.layouts == count
    assert np.allclose(full.probabilities(), expected, atol=1e-12)


def test_the_fleet_s_last_hit_ends_the_game_even_when_nothing_announces_it():
    rules = Rules(disclosure="hit_only")
    ocean = Ocean(4, 5, SMALL)
    ocean.place(0, (2, 0), "horizontal")  # the sub: (2, 0) to (2, 2)
    ocean.place(1, (0, 2), "horizontal")  # the boat: (0, 2), (0, 3)
    belief = Posterior(4, 5, SMALL, rules)
    for cell in [(2, 0), (2, 1), (0, 2), (0, 3)]:
        belief.record(cell, ocean.fire(cell))
        assert not belief.over
    belief.record((2, 2), ocean.fire((2, 2)))  # sinks the fleet; told as a plain hit
    assert ocean.all_sunk and belief.over
    hits = {(2, 0), (2, 1), (2, 2), (0, 2), (0, 3)}
    expected = np.zeros((4, 5))
    for cell in hits:
        expected[cell] = 1.0
    assert np.array_equal(belief.probabilities(), expected)
    # The layouts whose ships are exactly the hits: the sub and the boat where they are.
    count = sum(
        1
        for sub, boat in itertools.product(placements(4, 5, 3), placements(4, 5, 2))
        if not sub & boat and sub | boat == hits
    )
    assert belief.exact and belief.layouts == count == 1
    with pytest.raises(ValueError, match="no layout"):
        belief.record((3, 3), ShotOutcome("hit"))  # every ship is found: only water is left
    belief.record((3, 3), ShotOutcome("miss"))
    assert belief.shots_fired == 6
    # A last hit no layout that fit could have had is refused.
    other = Posterior(4, 5, SMALL, rules)
    for cell in [(2, 0), (2, 1), (0, 2), (0, 3)]:
        other.record(cell, ShotOutcome("hit"))
    with pytest.raises(ValueError, match="no layout"):
        other.record((3, 4), ShotOutcome("hit"))
    assert not other.over and other.shots_fired == 4


def test_refused_records_leave_the_map_as_it_was():
    belief = Posterior(4, 5, SMALL)
    belief.record((0, 0), ShotOutcome("miss"))
    before = belief.probabilities()
    with pytest.raises(ValueError, match="already recorded"):
        belief.record((0, 0), ShotOutcome("hit"))
    with pytest.raises(IndexError, match=r"cell \(4, 0\) is not on the 4 x 5 board"):
        belief.record((4, 0), ShotOutcome("miss"))
    with pytest.raises(ValueError, match="invalid"):
        belief.record((1, 1), ShotOutcome("invalid", refusal="already_shot"))
    with pytest.raises(ValueError, match="no layout"):
        belief.record((3, 3), ShotOutcome("sunk", ship=1))  # a boat cannot sink on its first hit
    with pytest.raises(IndexError, match="not in a fleet"):
        belief.record((3, 3), ShotOutcome("sunk", ship=7))
    with pytest.raises(IndexError, match="not in a fleet"):  # as a view refuses it, though no
        belief.record((3, 3), ShotOutcome("hit", ship=9))  # disclosure rule tells a hit's ship
    with pytest.raises(TypeError, match=r"outcome must be a battleship\.ShotOutcome, got 'miss'"):
        belief.record((3, 3), "miss")  # type: ignore[arg-type]
    assert belief.shots_fired == 1 and np.array_equal(belief.probabilities(), before)


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"samples": 0}, ValueError, "samples must be >= 1, got 0"),
        ({"seed": -1}, ValueError, "seed must be >= 0, got -1"),
        ({"samples": 1.5}, TypeError, "samples must be an int, got 1.5"),
        ({"rows": 2, "cols": 2}, ValueError, r"'Carrier' \(length 5\) does not fit on a 2 x 2 board"),
        ({"fleet": "classic"}, TypeError, "fleet must be a battleship.Fleet, got 'classic'"),
    ],
)
def test_bad_arguments_are_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        Posterior(**kwargs)


def test_the_environment_s_map_follows_its_episode():
    from battleship.envs import BattleshipEnv

    env = BattleshipEnv()
    env.reset(seed=7)
    for _ in range(15):
        env.step(env.suggest("probability"))
    late = env.probability_map()  # asked for mid-episode: replays the answers
    board = env._observation()["board"]
    assert np.all(late[board >= 2] == 1.0) and np.all(late[board == 1] == 0.0)
    assert late.sum() == pytest.approx(17.0, abs=1e-9)
    follows = BattleshipEnv()
    follows.reset(seed=7)
    follows.probability_map()
    for _ in range(15):
        follows.step(follows.suggest("probability"))
        follows.probability_map()  # told each answer as it comes
    assert np.array_equal(follows.probability_map(), late)


def test_answers_are_what_the_disclosure_rule_told():
    belief = Posterior(4, 5, SMALL)
    assert belief.answers().dtype == np.int8 and not belief.answers().any()
    ocean = Ocean(4, 5, SMALL)
    ocean.place(0, (0, 0), "horizontal")
    ocean.place(1, (2, 0), "horizontal")
    for cell in [(3, 4), (2, 0), (2, 1), (0, 0)]:
        belief.record(cell, ocean.fire(cell))
    expected = np.zeros((4, 5), dtype=np.int8)
    expected[3, 4], expected[2, 0], expected[2, 1], expected[0, 0] = MISS, HIT, SUNK, HIT
    assert np.array_equal(belief.answers(), expected)
    hidden = Posterior(4, 5, SMALL, Rules(disclosure="hit_only"))
    hidden.record((2, 0), ShotOutcome("hit"))
    hidden.record((2, 1), ShotOutcome("sunk", ship=1))  # the ocean's full answer
    assert hidden.answers()[2, 1] == HIT  # a sinking hit_only never discloses is a plain hit


def test_the_heat_map_draws_and_refuses_what_is_not_a_map():
    belief = Posterior(seed=1)
    ax = plot.probability_map(belief)
    assert "sampled" in ax.get_title() and len(ax.patches) == 1  # the likeliest cell is boxed
    assert not ax.collections  # nothing shot, nothing marked
    belief.record((0, 0), ShotOutcome("miss"))
    belief.record((5, 5), ShotOutcome("hit"))
    ax = plot.probability_map(belief)
    marked = sorted(tuple(map(int, xy)) for col in ax.collections for xy in col.get_offsets())
    assert marked == [(0, 0), (5, 5)]  # (x, y): the miss and the hit
    ax = plot.probability_map(np.full((3, 4), 0.25), title="flat")
    assert ax.get_title() == "flat"
    in_range = r"probability_map needs probabilities in \[0, 1\]"
    for bad, message in (
        (np.ones(5), r"probability_map needs a 2-D array, got shape \(5,\)"),
        (np.full((2, 2), 1.5), in_range),
        (np.full((2, 2), np.nan), in_range),
    ):
        with pytest.raises(ValueError, match=message):
            plot.probability_map(bad)


def test_the_heat_map_s_darkest_colour_is_1_or_the_map_s_own_largest():
    prior = np.array([[0.1, 0.2], [0.15, 0.05]])
    full = plot.probability_map(prior).images[0]
    assert full.get_clim() == (0.0, 1.0)  # maps of several positions compare
    own = plot.probability_map(prior, vmax=None).images[0]
    assert own.get_clim() == (0.0, 0.2)  # an empty board's pattern shows
    assert plot.probability_map(prior, vmax=0.5).images[0].get_clim() == (0.0, 0.5)
    for bad in (0, 1.5, -1, "high"):
        with pytest.raises(ValueError, match="vmax must be a probability above 0 and at most 1, or None"):
            plot.probability_map(prior, vmax=bad)


def test_the_board_plot_codes_every_cell_of_an_ocean_and_of_a_view():
    import matplotlib.pyplot as plt

    # codes: 0 water / unknown, 1 ship, 2 miss, 3 hit, 4 blocked
    ocean = Ocean(3, 4, SMALL)
    ocean.block((2, 3))
    ocean.place(0, (0, 0), "horizontal")  # the sub: (0, 0) to (0, 2)
    ocean.place(1, (0, 3), "vertical")  # the boat: (0, 3) and (1, 3)
    assert [ocean.fire(cell).result for cell in [(0, 1), (1, 1), (0, 3), (1, 3)]] == ["hit", "miss", "hit", "sunk"]
    ax = plot.board(ocean, title="my ocean")
    expected = np.array([[1, 3, 1, 3], [0, 2, 0, 3], [0, 0, 0, 4]])
    assert np.array_equal(np.asarray(ax.images[0].get_array()), expected)
    assert ax.images[0].get_clim() == (0, 4)  # a code is always the same colour, whatever the board holds
    assert ax.get_title() == "my ocean"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B", "C", "D"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["1", "2", "3"]
    view = TargetView(3, 4, SMALL)
    view.record((0, 0), ShotOutcome("hit", ship=1))
    view.record((0, 1), ShotOutcome("sunk", ship=1))
    view.record((2, 2), ShotOutcome("miss"))
    view.add_pending((1, 1))  # named, not yet answered: still unknown
    _, drawn = plt.subplots()
    assert plot.board(view, ax=drawn) is drawn and drawn.get_title() == ""
    expected = np.array([[3, 3, 0, 0], [0, 0, 0, 0], [0, 0, 2, 0]])
    assert np.array_equal(np.asarray(drawn.images[0].get_array()), expected)
    assert drawn.images[0].get_clim() == (0, 4)  # no ship or block here, yet a hit keeps the colour of a hit
    plt.close("all")


NOT_BOARDS = {"Posterior": lambda: Posterior(4, 5, SMALL), "Game": lambda: Game(rows=8, cols=8)}


@pytest.mark.parametrize("make", NOT_BOARDS.values(), ids=NOT_BOARDS.keys())
def test_the_board_plot_refuses_what_is_not_a_board_and_draws_nothing(make):
    import matplotlib.pyplot as plt

    other = make()
    _, ax = plt.subplots()
    with pytest.raises(TypeError, match="^board\\(\\) draws an Ocean or a TargetView, got " + re.escape(repr(other))):
        plot.board(other, ax=ax)
    assert not ax.images and not ax.get_title()
    plt.close("all")


@pytest.mark.parametrize("other", [None, "A1", 42])
def test_the_board_plot_refuses_an_object_without_a_size_with_the_same_type_error(other):
    # The refusal above, for anything that is not a board; these have no rows or cols to read first.
    import matplotlib.pyplot as plt

    plt.close("all")
    with pytest.raises(TypeError, match="^board\\(\\) draws an Ocean or a TargetView, got " + re.escape(repr(other))):
        plot.board(other)  # type: ignore[arg-type]
    assert plt.get_fignums() == []  # refused before a figure is opened


def test_the_shots_distribution_refuses_no_results_and_values_that_are_not_results():
    import matplotlib.pyplot as plt

    with pytest.raises(ValueError, match="^shots_distribution needs at least one SimulationResult$"):
        plot.shots_distribution([])
    with pytest.raises(ValueError, match="^shots_distribution needs at least one SimulationResult$"):
        plot.shots_distribution({})
    _, ax = plt.subplots()
    with pytest.raises(TypeError, match="^expected SimulationResult values, got 5$"):
        plot.shots_distribution({"five": 5}, ax=ax)  # type: ignore[dict-item]
    assert not ax.lines and not ax.get_title()
    result = simulate("random", 20, progress=False)
    plt.close("all")
    with pytest.raises(TypeError, match="^expected SimulationResult values, got 5$"):
        plot.shots_distribution({"mine": result, "five": 5})  # type: ignore[dict-item]
    assert plt.get_fignums() == []  # every value is checked before a figure is opened
    _, ax = plt.subplots()
    drawn = plot.shots_distribution({"mine": result}, ax=ax)
    assert drawn is ax and [line.get_label() for line in ax.lines] == [f"mine (mean {result.mean:.1f})"]
    plt.close("all")


def test_a_posterior_repr_gives_its_board_shots_and_kind():
    exact = Posterior(4, 5, SMALL)
    assert exact.exact and repr(exact) == "<Posterior 4 x 5, 0 shots recorded, exact>"
    exact.record((0, 0), ShotOutcome("miss"))
    exact.record((1, 1), ShotOutcome("hit"))
    assert repr(exact) == "<Posterior 4 x 5, 2 shots recorded, exact>"
    sampled = Posterior(seed=1)
    assert not sampled.exact and repr(sampled) == "<Posterior 10 x 10, 0 shots recorded, sampled>"


def test_a_notebook_shows_the_map_as_a_heat_map():
    belief = Posterior(4, 5, SMALL)
    belief.record((0, 0), ShotOutcome("miss"))
    svg = belief._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") == 20
    p = belief.probabilities()
    shown = [int(t.split(">")[1].split("<")[0]) for t in svg.split('font-size="8"')[1:]]
    assert shown == [round(100 * v) for v in p.reshape(-1)[1:]]  # each open cell's share, in order
    assert svg.count("&#x2022;") == 1  # the miss is drawn as a miss, not as a 0
    flat = render.probability_svg(p)  # without the answers every cell is a share
    assert flat.count('font-size="8"') == 20 and 'fill="rgb(255,247,188)"' in flat


def test_the_pictures_refuse_what_they_cannot_draw_with_a_python_exception_naming_it():
    with pytest.raises(TypeError, match=r"^ocean_text draws a battleship.Ocean, got 'x'$"):
        render.ocean_text("x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^ocean_svg draws a battleship.Ocean, got <TargetView 10 x 10"):
        render.ocean_svg(TargetView())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^view_text draws a battleship.TargetView, got None$"):
        render.view_text(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^view_svg draws a battleship.TargetView, got 5$"):
        render.view_svg(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"needs a 2-D array, got shape \(3,\)"):
        render.probability_svg(np.zeros(3))
    with pytest.raises(ValueError, match="needs probabilities from 0 to 1"):
        render.probability_svg(np.full((2, 2), np.nan))
    with pytest.raises(ValueError, match=r"answers must have the probabilities' shape \(2, 2\), got \(3, 3\)"):
        render.probability_svg(np.zeros((2, 2)), np.zeros((3, 3), dtype=np.int8))
    assert render.probability_svg([[0.5, 0.25]]).count("<rect") == 2  # a nested list is an array
    assert render.view_text(TargetView(2, 3, SMALL)) == str(TargetView(2, 3, SMALL))


def test_the_charts_take_one_result_alone_and_refuse_what_is_no_result_by_name():
    import matplotlib.pyplot as plt

    run = simulate("parity", 20, progress=False, phases=True)
    assert plot.shots_distribution(run).get_legend().get_texts()[0].get_text().startswith("parity")
    assert [t.get_text() for t in plot.miss_phases(run).get_yticklabels()] == ["parity"]
    plt.close("all")
    for chart in (plot.shots_distribution, plot.miss_phases):
        for wrong in ("parity", 5, None):
            with pytest.raises(TypeError, match=rf"^{chart.__name__} draws SimulationResults \(one, a list or a dict"):
                chart(wrong)  # type: ignore[arg-type]
    assert plt.get_fignums() == []


def test_figure_file_checks_where_a_figure_goes_before_it_is_drawn(tmp_path):
    assert plot.figure_file(tmp_path / "shots") == str(tmp_path / "shots.png")  # a suffix added
    assert plot.figure_file(str(tmp_path / "shots.svg")) == str(tmp_path / "shots.svg")
    with pytest.raises(FileNotFoundError, match="directory .*nowhere does not exist"):
        plot.figure_file(tmp_path / "nowhere" / "x.png")
    with pytest.raises(IsADirectoryError, match="is a directory, not a file name"):
        plot.figure_file(tmp_path)
    with pytest.raises(ValueError, match=r"cannot write \.jpgx files; it writes .*png"):
        plot.figure_file(tmp_path / "x.jpgx")
    with pytest.raises(ValueError, match="a figure needs a file name"):
        plot.figure_file("")
    assert list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize("disclosure", ["hit_and_sunk", "hit_only"])
def test_every_answer_of_a_real_game_is_taken_when_sinkings_do_not_name_the_ship(disclosure):
    # The Russian fleet has four ships of length 1 and three of length 2: when a sinking does not
    # say which ship sank, sampling could miss every layout. Such answers were once refused as
    # inconsistent (in about half of these games); a real game's answers must all be taken, and
    # the map must keep some open cell possible (it read 0 everywhere about once a game).
    fleet, rules = Fleet.russian(), Rules(disclosure=disclosure)
    for game in range(8):
        ocean = Ocean(10, 10, fleet)
        ocean.place_randomly("uniform", rng=game)
        belief = Posterior(10, 10, fleet, rules, seed=game)
        view = TargetView(10, 10, fleet, rules)
        shooter, rng = BuiltinShooter("parity"), Rng(game)
        shooter.start(view)
        while not ocean.all_sunk:
            cell = shooter.next_shot(view, rng)
            answer = ocean.fire(cell)
            told = answer.disclosed(disclosure)
            view.record(cell, told)
            shooter.on_result(view, cell, told)
            belief.record(cell, answer)  # raised ValueError before
            if not belief.over:
                assert belief.probabilities()[belief.answers() == 0].max() > 0
        assert belief.over and belief.shots_fired == view.shots_fired
