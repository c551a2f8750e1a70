"""PriorMixtureShooter: the density shooter that suspects a placer, from Python.

It must need fewer shots than the density shooter on the layouts of the placer it suspects, play
as the C++ class does with the settings given (each reaching the engine, defaults included),
refuse what it cannot play, and travel (pickle, copy, repr) as every built-in shooter does.
"""

from __future__ import annotations

import copy
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

import battleship as b


def placed_ocean() -> b.Ocean:
    ocean = b.Ocean()
    ocean.place_randomly(rng=1)
    return ocean


def mean_shots(shooter: object, placer: object, games: int = 300, **options: object) -> float:
    return float(b.simulate(shooter, games=games, placer=placer, seed=5, progress=False, **options).mean)


def test_on_the_layouts_it_suspects_it_needs_fewer_shots_than_the_density_shooter() -> None:
    # Measured: 38.8 against 47.7 shots over these 300 games (mediocre's layouts are far from
    # uniform); the C++ test finds the same gap over 1,000 games.
    knowing = mean_shots(b.PriorMixtureShooter("mediocre"), "mediocre")
    density = mean_shots("probability", "mediocre")
    assert knowing < density - 5, (knowing, density)


def test_against_uniform_layouts_it_plays_about_as_the_density_shooter() -> None:
    # The evidence turns it away from the wrong suspicion: measured 44.3 against 43.9.
    suspicious = mean_shots(b.PriorMixtureShooter("mediocre"), "uniform")
    density = mean_shots("probability", "uniform")
    assert abs(suspicious - density) < 1.5, (suspicious, density)


def test_the_same_seed_plays_the_same_games_on_any_thread_count() -> None:
    shooter = b.PriorMixtureShooter("spread", pool_size=300)
    runs = [b.simulate(shooter, games=60, placer="spread", seed=3, threads=t, progress=False, game_shots=True)
            for t in (1, 2)]
    assert np.array_equal(runs[0].game_shots, runs[1].game_shots)


def test_the_defaults_it_lists_are_the_engines() -> None:
    """Given at its listed default, every setting plays the games of the setting left out."""
    defaults = {row["name"]: row["default"] for row in b.PriorMixtureShooter.settings_table()}
    assert list(defaults) == ["pool_size", "min_support", "prior_weight", "uniform_below", "sinking_evidence",
                              "target_above"]
    plain = b.simulate(b.PriorMixtureShooter(), games=40, placer="spread", seed=2, progress=False, game_shots=True)
    given = b.simulate(b.PriorMixtureShooter(**defaults), games=40, placer="spread", seed=2, progress=False,
                       game_shots=True)
    assert np.array_equal(plain.game_shots, given.game_shots)


@pytest.mark.parametrize(
    "changed",
    [{"pool_size": 30}, {"min_support": 1}, {"prior_weight": 0.9}, {"uniform_below": 0.0}, {"sinking_evidence": 0.0},
     {"target_above": 0.3}],
)
def test_each_setting_reaches_the_engine(changed: dict[str, object]) -> None:
    plain = b.simulate(b.PriorMixtureShooter("mediocre"), games=40, placer="mediocre", seed=2, progress=False,
                       game_shots=True)
    other = b.simulate(b.PriorMixtureShooter("mediocre", **changed), games=40, placer="mediocre", seed=2,
                       progress=False, game_shots=True)
    assert not np.array_equal(plain.game_shots, other.game_shots)


def test_the_placers_own_settings_reach_the_engine() -> None:
    by_name = b.simulate(b.PriorMixtureShooter("spread"), games=40, placer="spread", seed=2, progress=False,
                         game_shots=True)
    by_text = b.simulate(b.PriorMixtureShooter("spread(candidates=2)"), games=40, placer="spread", seed=2,
                         progress=False, game_shots=True)
    by_object = b.simulate(b.PriorMixtureShooter(b.SpreadPlacer(candidates=2)), games=40, placer="spread", seed=2,
                           progress=False, game_shots=True)
    assert np.array_equal(by_text.game_shots, by_object.game_shots)
    assert not np.array_equal(by_name.game_shots, by_object.game_shots)


def test_stepped_by_hand_it_sinks_the_fleet_without_firing_twice() -> None:
    shooter, ocean, view, rng = b.PriorMixtureShooter("spread", pool_size=200), b.Ocean(), b.TargetView(), b.Rng(4)
    b.placer("spread").place(ocean, b.Rng(9))
    shooter.start(view)
    fired = set()
    while not ocean.all_sunk:
        cell = shooter.next_shot(view, rng)
        assert cell not in fired
        fired.add(cell)
        outcome = ocean.fire(cell)
        view.record(cell, outcome)
        shooter.on_result(view, cell, outcome)
    assert 17 <= len(fired) <= 100


def test_it_plays_matches_games_and_boards_larger_than_the_classic_one() -> None:
    result = b.match(b.PriorMixtureShooter(pool_size=100), "random", games=10, seed=1, progress=False)
    assert result.wins_a + result.wins_b + result.draws == 10 and result.wins_a >= 8
    game = b.Game(b.PriorMixtureShooter(pool_size=100), "parity", seed=2)
    game.play_to_end()
    assert game.is_over
    large = b.simulate(b.PriorMixtureShooter(pool_size=100), games=5, rows=12, cols=12, seed=1, progress=False)
    assert large.finished == 5


@pytest.mark.parametrize(
    ("placer", "error", "message"),
    [
        (object(), TypeError, "built-in placer"),
        (b.FixedPlacer(placed_ocean()), TypeError, "built-in placer"),
        (3, TypeError, "built-in placer"),
        ("no_such_placer", ValueError, "unknown placer"),
        ("spread(candidates=0)", ValueError, "candidates"),
    ],
)
def test_a_placer_it_cannot_suspect_is_refused(placer: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        b.PriorMixtureShooter(placer)


def test_a_placer_of_your_own_is_refused() -> None:
    class EdgePlacer:
        def place(self, ocean: b.Ocean, rng: b.Rng) -> bool:
            return bool(ocean.place_randomly("uniform", rng))

    with pytest.raises(TypeError, match="a PriorMixtureShooter suspects a built-in placer"):
        b.PriorMixtureShooter(EdgePlacer())


@pytest.mark.parametrize(
    ("setting", "value", "error"),
    [
        ("pool_size", 0, ValueError),
        ("pool_size", 20_001, ValueError),
        ("pool_size", 2.5, TypeError),
        ("pool_size", True, TypeError),
        ("min_support", -1, ValueError),
        ("prior_weight", 1.0, ValueError),
        ("prior_weight", 0.0, ValueError),
        ("uniform_below", 1.5, ValueError),
        ("sinking_evidence", -0.1, ValueError),
        ("target_above", "high", TypeError),
        ("target_above", float("nan"), ValueError),
    ],
)
def test_a_setting_out_of_range_or_of_the_wrong_type_is_refused_naming_it(setting: str, value: object,
                                                                          error: type) -> None:
    with pytest.raises(error, match=setting):
        b.PriorMixtureShooter(**{setting: value})  # type: ignore[arg-type]


def test_it_pickles_copies_and_reprs_as_the_shooter_it_is() -> None:
    shooter = b.PriorMixtureShooter(b.ElusivePlacer(candidates=64), pool_size=500, prior_weight=0.5)
    assert shooter.settings == {"placer": "elusive (candidates 64)", "pool_size": 500, "prior_weight": 0.5}
    assert shooter.label == "prior_mixture (placer elusive (candidates 64), pool_size 500, prior_weight 0.5)"
    for again in (pickle.loads(pickle.dumps(shooter)), copy.deepcopy(shooter), eval(repr(shooter), {"battleship": b})):
        assert again == shooter and hash(again) == hash(shooter)
        assert again.engine_spec.pool_size == 500
    assert shooter != b.PriorMixtureShooter(b.ElusivePlacer(candidates=64), pool_size=500)
    assert shooter != b.ProbabilityShooter()


@pytest.mark.parametrize(
    ("text", "made"),
    [
        ("prior_mixture", b.PriorMixtureShooter()),
        ("prior_mixture()", b.PriorMixtureShooter()),
        ("prior_mixture(placer=elusive(candidates=64), pool_size=5e2)",
         b.PriorMixtureShooter(b.ElusivePlacer(candidates=64), pool_size=500)),
        (" prior_mixture ( placer = mediocre , prior_weight = 0.5 ) ",
         b.PriorMixtureShooter("mediocre", prior_weight=0.5)),
    ],
)
def test_its_name_with_settings_names_it_wherever_a_shooter_is_named(text: str, made: b.PriorMixtureShooter) -> None:
    assert b.shooter(text) == made
    assert not b.shooter_is_slow(text)
    by_text, by_object = (b.simulate(spec, games=20, seed=1, progress=False, game_shots=True) for spec in (text, made))
    assert np.array_equal(by_text.game_shots, by_object.game_shots)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("prior_mixture(pool_size=1.5)", "pool_size must be a whole number, got 1.5"),
        ("prior_mixture(pool_size=0)", "pool_size must be from 1 to 20,000, got 0"),
        ("prior_mixture(prior_weight=abc)", "prior_weight must be a number, got abc"),
        ("prior_mixture(nope=1)", "the prior_mixture shooter has no setting 'nope'; its settings: placer, pool_size"),
        ("prior_mixture(pool_size=1, pool_size=2)", "pool_size is given twice"),
        ("prior_mixture(pool_size)", "expected SETTING=VALUE, got 'pool_size'"),
        ("prior_mixture(placer=spread(candidates=2)", "a '(' is not closed"),
        ("prior_mixture(placer=spread))", "a ')' closes nothing"),
        ("prior_mixture(placer=nope)", "unknown placer 'nope'"),
        ("prior_mixture(placer=spread)x", "expected prior_mixture(SETTING=VALUE, ...)"),
    ],
)
def test_its_text_is_refused_naming_the_text_and_why(text: str, why: str) -> None:
    with pytest.raises(ValueError) as refused:
        b.shooter(text)
    assert str(refused.value).startswith(f"shooter {text!r}: ") and why in str(refused.value)


def test_the_command_line_plays_it_by_its_text(python_env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "battleship", "simulate", "prior_mixture(placer=mediocre, pool_size=500)",
         "--placer", "mediocre", "--games", "100"],
        capture_output=True, text=True, env=python_env, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"^prior_mixture \(placer mediocre, pool_size 500\) +\d+\.\d\d ", done.stdout, re.M), done.stdout


def test_battleship_list_shows_it_and_its_settings(python_env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "battleship", "list"], capture_output=True, text=True,
                          env=python_env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^  prior_mixture +density shooter that suspects a placer", done.stdout, re.M), done.stdout
    settings = done.stdout[done.stdout.index("  prior_mixture        placer spread"):]
    for row in b.PriorMixtureShooter.settings_table():
        assert re.search(rf"^ +{row['name']} ", settings, re.M), (row, settings)
