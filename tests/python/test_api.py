"""Fleets, rules and simulate: the values a game is played with, and batches of games."""

import math

import numpy as np
import pytest

import battleship
from battleship import Fleet, Rules, ShipClass


def test_predefined_fleets_have_the_seed_ships():
    assert Fleet.classic().lengths == [5, 4, 3, 3, 2]
    assert Fleet.hasbro().classes[4].name == "Patrol Boat"
    assert Fleet.bbm103().lengths == [5, 4, 4, 3, 3, 2, 2, 2, 2]
    assert Fleet.russian().lengths == [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]
    assert Fleet.cs32().classes[0].name == "aircraft carrier"
    assert set(Fleet.names()) == {"classic", "hasbro", "cs32", "bbm103", "russian"}
    assert Fleet.named("russian") == Fleet.russian()


def test_custom_fleets_from_tuples_or_ship_classes_are_equal():
    a = Fleet([("Carrier", "C", 5, 1), ("Boat", "B", 2, 3)])
    b = Fleet([ShipClass("Carrier", "C", 5), ShipClass("Boat", "B", 2, count=3)])
    assert a == b
    assert a.lengths == [5, 2, 2, 2]
    assert len(a) == a.ship_count == 4
    assert a.ship(1) == {"id": 1, "class_index": 1, "copy": 0, "length": 2, "symbol": "B", "name": "Boat"}
    assert a.ship(3)["copy"] == 2


@pytest.mark.parametrize(
    "classes, message",
    [
        ([("Hit", "X", 2, 1)], "symbol 'X'"),
        ([("Zero", "Z", 0, 1)], "length 0"),
        ([("None", "N", 2, 0)], "count 0"),
        ([("A", "A", 2, 1), ("B", "A", 3, 1)], "already used by 'A'"),
        ([], "no ships"),
        ([("Wide", "WW", 2, 1)], "must be one ASCII character, got .WW."),
        ([("x" * 32, "L", 2, 1)], "longer than 31"),
        ([("Many", "M", 1, 33)], "at most 32"),
        ([("Long", "L", 256, 1)], "at most 255"),  # a ship's length and health are kept in a byte
    ],
)
def test_invalid_fleets_are_refused_with_the_reason(classes, message):
    with pytest.raises(ValueError, match=message):
        Fleet(classes)


@pytest.mark.parametrize(
    "ship, message",
    [
        (("", "A", 2), "^a ship class has no name$"),
        (("Zero", "Z", 0), "^'Zero' has length 0; it must be at least 1$"),
        (("Long", "L", 256), "^'Long' has length 256; at most 255 is supported$"),
        (("None", "N", 2, 0), "^'None' has count 0; it must be at least 1$"),
        (("Hit", "X", 2), "^'Hit' uses the symbol 'X', which boards use for water, misses or damage$"),
        (("Blank", " ", 2), "^'Blank' needs a printable, non-blank symbol$"),
        # A NUL would have cut the message short at "'Ca"; a record's text would not keep a tab.
        (("Ca\x00rrier", "C", 5), r"^a ship class's name has a control character \(0\)$"),
        (("Des\ttroyer", "D", 2), r"^a ship class's name has a control character \(9\)$"),
    ],
)
def test_a_ship_class_no_fleet_could_take_is_refused_when_made(ship, message):
    with pytest.raises(ValueError, match=message):
        ShipClass(*ship)
    # From a tuple in a fleet, the same words after the class's place in the list.
    with pytest.raises(ValueError, match=message.replace("^", "^ship class 1: ")):
        Fleet([("Carrier", "C", 5), ship])
    # What only a fleet can judge stays the fleet's: a symbol taken twice, 33 ships in all.
    assert ShipClass("Many", "M", 1, 33).count == 33


def test_a_fleet_refuses_a_ship_id_outside_it():
    with pytest.raises(IndexError, match="ship 5 is not in a fleet of 5 ships"):
        Fleet.classic().ship(5)
    with pytest.raises(IndexError, match="ship -1 is not"):
        Fleet.classic().ship(-1)


def test_an_rng_repeats_its_seed_s_draws_and_keeps_to_its_ranges():
    a, b = battleship.Rng(7), battleship.Rng(7)
    draws = [a.uniform01() for _ in range(2000)]
    assert draws == [b.uniform01() for _ in range(2000)]
    assert all(0.0 <= x < 1.0 for x in draws) and abs(sum(draws) / 2000 - 0.5) < 0.03
    assert battleship.Rng(8).uniform01() != draws[0]
    rng = battleship.Rng(3)
    assert not any(rng.chance(0.0) for _ in range(500)) and all(rng.chance(1.0) for _ in range(500))
    share = sum(rng.chance(0.3) for _ in range(20_000)) / 20_000
    assert abs(share - 0.3) < 0.015  # 4.6 standard deviations


def test_fleet_problems_on_a_board():
    assert Fleet.classic().problem(10, 10) is None
    assert "does not fit on a 4 x 4 board" in Fleet.classic().problem(4, 4)
    assert "covers 17 cells" in Fleet.classic().problem(5, 3)
    # What no board of the engine can be, as Ocean says it (the fleet would fit a 40 x 40 board).
    assert Fleet.classic().problem(40, 40) == "a 40 x 40 board has 1600 cells; at most 1024 are supported (for example 32 x 32)"
    assert Fleet.classic().problem(32, 32) is None
    long = Fleet([("Long", "L", 255, 1)])  # the longest ship plays on a board long enough
    result = battleship.simulate("random", 2, rows=1, cols=300, fleet=long, progress=False)
    assert result.games == 2 and 255 <= result.mean <= 300


def test_rules_take_keywords_and_name_the_allowed_values():
    r = Rules(touching="no_contact", shot_cap=100)
    assert (r.touching, r.shot_cap, r.volley) == ("no_contact", 100, "single")
    with pytest.raises(ValueError, match="allowed: allowed, no_edge_contact, no_contact"):
        Rules(touching="sometimes")
    with pytest.raises(ValueError, match="allowed: hit_only, hit_and_sunk, sunk_with_name"):
        Rules(disclosure="everything")
    with pytest.raises(ValueError, match="salvo_size"):
        Rules(salvo_size=3)
    with pytest.raises(ValueError, match="shot_cap"):
        Rules(shot_cap=-1)
    with pytest.raises(TypeError, match="incompatible constructor arguments"):
        Rules("no_contact")  # keywords only


def test_named_rule_sets_and_replace():
    assert Rules.named("bbm103").equalising_shot
    assert Rules.named("russian") == Rules(touching="no_contact", volley="until_miss")
    salvo = Rules().replace(volley="fixed_salvo", salvo_size=3)
    assert (salvo.volley, salvo.salvo_size) == ("fixed_salvo", 3)
    with pytest.raises(TypeError, match="no field 'speed'"):
        Rules().replace(speed=2)
    with pytest.raises(ValueError, match="unknown rule set 'chess'"):
        Rules.named("chess")
    assert eval(repr(salvo), {"Rules": Rules}) == salvo


def test_simulate_returns_figures_and_a_numpy_histogram():
    r = battleship.simulate("hunt_target", 2000, seed=3, progress=False)
    assert isinstance(r.histogram, np.ndarray)
    assert r.histogram.sum() == r.finished == r.games == 2000
    assert r.min <= r.median <= r.p95 <= r.max <= 100
    shots = np.arange(len(r.histogram))
    assert r.mean == pytest.approx((shots * r.histogram).sum() / r.histogram.sum())
    assert r.games_per_second > 0


def test_any_percentile_is_the_nearest_rank_of_the_games_shots():
    r = battleship.simulate("hunt_target", 250, seed=3, game_shots=True, progress=False)
    ordered = np.sort(r.game_shots)
    for p in (0.001, 1, 10, 33.3, 50, 64.4, 95, 99, 99.9, 100):
        rank = max(1, math.ceil(round(p * 250 / 100, 9)))  # 64.4% of 250 is rank 161 exactly
        assert r.percentile(p) == ordered[rank - 1], p
    assert (r.percentile(50), r.percentile(95), r.percentile(100)) == (r.median, r.p95, r.max)
    assert r.percentile(np.float32(0.1)) == r.min
    nothing = battleship.simulate("parity", 3, rules=battleship.Rules().replace(shot_cap=5), progress=False)
    assert nothing.finished == 0 and nothing.percentile(50) == 0
    for bad, error in ((0, ValueError), (100.5, ValueError), (float("nan"), ValueError), ("50", TypeError),
                       (True, TypeError)):
        with pytest.raises(error, match="^p must be"):
            r.percentile(bad)


def test_random_shooter_mean_matches_the_exact_value():
    r = battleship.simulate("random", 20_000, seed=3, progress=False)
    # Exact mean 17 * 101 / 18 = 95.39; the standard error over 20,000 games is about 0.03.
    assert abs(r.mean - 17 * 101 / 18) < 0.15


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 7), (11, 11), (12, 12), (26, 26), (32, 32)])
def test_any_board_from_1x1_to_32x32(rows, cols):
    fleet = Fleet([("Dot", "D", 1, 1)])
    r = battleship.simulate("random", 200, rows=rows, cols=cols, fleet=fleet, progress=False)
    assert r.finished == 200
    assert r.max <= rows * cols
    if rows * cols == 1:
        assert r.min == r.max == 1


def test_large_boards_with_a_real_fleet():
    r = battleship.simulate(
        "parity", 300, rows=26, cols=26, fleet=Fleet.russian(), rules=Rules(touching="no_contact"), progress=False
    )
    assert r.finished == 300
    assert r.max <= 26 * 26


def test_every_builtin_shooter_and_placer_runs():
    for name in battleship.shooter_names():
        games = 5 if battleship.shooter_is_slow(name) else 50
        assert battleship.simulate(name, games, progress=False).finished == games
    # Each placer is the one used: parity's games on the same seed differ from uniform layouts'.
    uniform = battleship.simulate("parity", 50, seed=3, progress=False, game_shots=True).game_shots
    for name in battleship.placer_names():
        r = battleship.simulate("parity", 50, placer=name, seed=3, progress=False, game_shots=True)
        assert r.finished == 50
        assert (list(r.game_shots) == list(uniform)) == (name == "uniform"), name


def test_only_bayes_and_expert_are_slow_and_unknown_names_are_refused():
    assert [n for n in battleship.shooter_names() if battleship.shooter_is_slow(n)] == ["bayes", "expert"]
    with pytest.raises(ValueError, match="nope"):
        battleship.shooter_is_slow("nope")


def test_shooters_by_class_instance_and_name_give_the_same_games():
    by_name = battleship.simulate("parity", 500, seed=2, progress=False)
    by_class = battleship.simulate(battleship.ParityShooter, 500, seed=2, progress=False)
    by_instance = battleship.simulate(battleship.shooter("parity"), 500, seed=2, progress=False)
    assert by_name == by_class == by_instance


def test_builtin_strategies_repr_as_the_call_that_makes_them_and_compare_by_name():
    made = [battleship.shooter(n) for n in battleship.shooter_names()]
    made += [battleship.placer(n) for n in battleship.placer_names()]
    made += [battleship.ParityShooter(), battleship.MediocrePlacer()]
    for strategy in made:
        kind = "shooter" if isinstance(strategy, battleship.BuiltinShooter) else "placer"
        assert repr(strategy) == f"battleship.{kind}({strategy.name!r})"
        back = eval(repr(strategy), {"battleship": battleship})
        assert back == strategy and hash(back) == hash(strategy) and back is not strategy
    assert battleship.ParityShooter() == battleship.shooter("parity") != battleship.shooter("random")
    assert battleship.UniformPlacer() == battleship.placer("uniform") != battleship.placer("spread")
    assert len({battleship.ParityShooter(), battleship.shooter("parity"), battleship.shooter("random")}) == 2
    # "mediocre" names both a shooter and a placer: they are different strategies.
    assert battleship.shooter("mediocre") != battleship.placer("mediocre")
    assert battleship.placer("mediocre") != battleship.shooter("mediocre")
    assert len({battleship.shooter("mediocre"), battleship.placer("mediocre")}) == 2
    assert battleship.shooter("parity") != "parity" and battleship.placer("uniform") != "uniform"
    for made in (battleship.OptimalShooter(), battleship.OptimalShooter(max_layouts=10, max_positions=20)):
        optimal = eval(repr(made), {"battleship": battleship})
        assert type(optimal) is battleship.OptimalShooter and optimal._limits == made._limits
    assert repr(battleship.OptimalShooter(max_layouts=10)) == (
        "battleship.OptimalShooter(max_layouts=10, max_positions=4000000)"
    )


def test_shot_cap_leaves_games_unfinished():
    r = battleship.simulate("random", 1000, seed=1, rules=Rules(shot_cap=50), progress=False)
    assert r.unfinished > 900
    assert r.finished + r.unfinished == 1000


def test_match_tallies_a_head_to_head():
    m = battleship.match("parity", "random", 400, seed=1, progress=False)
    assert m.wins_a + m.wins_b + m.draws + m.aborted == m.games == 400
    assert m.wins_a > 350
    assert 0.9 < m.share_a <= 1
    even = battleship.match("random", "random", 2000, seed=1, progress=False)
    assert abs(even.share_a - 0.5) < 3 * max(even.ci95_a, 0.01)


def test_a_match_s_win_share_leaves_draws_out_as_the_engine_does():
    # bbm103's equalising shot lets the second player finish the round: some matches are drawn.
    m = battleship.match("hunt_target", "hunt_target", 400, seed=1, rules=Rules.named("bbm103"), progress=False)
    assert m.draws > 0
    assert m.share_a == m.wins_a / (m.wins_a + m.wins_b)
    assert m.ci95_a == pytest.approx(1.96 * (m.share_a * (1 - m.share_a) / (m.wins_a + m.wins_b)) ** 0.5)


def wilson(successes: int, trials: int) -> tuple:
    """Wilson's 95 percent score interval, written out here to check the engine's."""
    z, n = 1.959963984540054, trials
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def test_a_match_s_wilson_interval_keeps_a_width_at_a_clean_sweep():
    m = battleship.match("parity", "hunt_target", 400, seed=1, progress=False)
    low, high = m.interval_a
    assert (low, high) == pytest.approx(wilson(m.wins_a, m.wins_a + m.wins_b))
    assert low < m.share_a < high
    sweep = battleship.match("probability", "random", 20, progress=False)
    assert (sweep.share_a, sweep.ci95_a) == (1.0, 0.0)  # the normal approximation has no width
    low, high = sweep.interval_a
    assert high == 1.0 and low == pytest.approx(wilson(20, 20)[0]) and 0.8 < low < 0.85
    none = battleship.match("probability", "random", 0, progress=False)
    assert none.interval_a == (0.0, 0.0)
    with pytest.raises(ValueError, match=r"successes \(3\) must be at most trials \(2\)"):
        battleship._core.proportion(3, 2)
    # Checked as seeds are (pybind's own conversion took True and listed overloads for the rest).
    for successes, trials, error, message in (
        (True, 3, TypeError, "successes must be an int, got True"),
        (1.5, 3, TypeError, "successes must be an int, got 1.5"),
        (-1, 3, ValueError, "successes must be >= 0, got -1"),
        (1, 2**64, ValueError, r"trials must be <= 2\*\*64 - 1, got 18446744073709551616"),
    ):
        with pytest.raises(error, match=f"^{message}$"):
            battleship.proportion(successes, trials)
    assert battleship.proportion(np.uint64(2), np.int8(4)) == battleship.proportion(2, 4)
    # Named parts, as C++'s Proportion has them, and still the tuple it was.
    p = battleship.proportion(7, 10)
    share, low, high = p
    assert (p.share, p.low, p.high) == (share, low, high)
    assert share == 0.7 and (low, high) == pytest.approx(wilson(7, 10))


def test_a_summary_of_a_name_that_is_not_a_str_is_a_type_error():
    for summary, what in ((battleship.shooter_summary, "shooter"), (battleship.placer_summary, "placer")):
        with pytest.raises(TypeError, match=f"^a {what} name must be a str, got None$"):
            summary(None)  # type: ignore[arg-type]


def test_version_comes_from_the_version_file(root):
    assert battleship.__version__ == (root / "VERSION").read_text().strip()
