"""The built-in shooters' settings from Python: ProbabilityShooter(hit_weight=...),
BayesShooter(samples=...), ExpertShooter(layouts=...), as the C++ classes' public members."""

import copy
import inspect
import pickle

import numpy as np
import pytest

import battleship
from battleship import BayesShooter, ExpertShooter, ProbabilityShooter

TUNED = {"probability": ProbabilityShooter, "bayes": BayesShooter, "expert": ExpertShooter}


def shots(shooter, games, seed=1):
    return battleship.simulate(shooter, games, seed=seed, game_shots=True, progress=False).game_shots


@pytest.mark.parametrize("name", sorted(TUNED))
def test_each_class_takes_exactly_the_settings_the_engine_lists(name):
    listed = [s["name"] for s in battleship.shooter_settings(name)]
    keywords = [p.name for p in inspect.signature(TUNED[name]).parameters.values()]
    assert listed == keywords and listed
    for s in battleship.shooter_settings(name):
        assert s["low"] <= s["default"] <= s["high"]
        assert type(s["default"]) is type(s["low"]) is type(s["high"])


def test_shooters_without_settings_list_none():
    for name in battleship.shooter_names():
        if name not in TUNED:
            assert battleship.shooter_settings(name) == []
    with pytest.raises(ValueError, match="^unknown shooter 'expret'"):
        battleship.shooter_settings("expret")


@pytest.mark.parametrize("name, games", [("probability", 300), ("bayes", 20), ("expert", 10)])
def test_every_setting_at_its_default_plays_the_default_shooter_s_games(name, games):
    defaults = {s["name"]: s["default"] for s in battleship.shooter_settings(name)}
    tuned = TUNED[name](**defaults)
    assert tuned.settings == defaults and tuned.engine_spec != name  # handed over as settings
    assert np.array_equal(shots(tuned, games), shots(name, games))


@pytest.mark.parametrize("name", sorted(TUNED))
def test_every_setting_reaches_its_shooter(name):
    # Each setting, moved from its default, makes a shooter that plays: the table and the
    # members it sets agree (a setting the engine could not set would raise).
    for s in battleship.shooter_settings(name):
        other = s["high"] if s["default"] != s["high"] else s["low"]
        if isinstance(other, int):
            other = min(other, s["default"] + 1) if other > s["default"] else other
        else:
            other = (s["default"] + other) / 2
        r = battleship.simulate(TUNED[name](**{s["name"]: other}), 2, rows=6, cols=6,
                                fleet=battleship.Fleet([("Destroyer", "D", 2, 2)]), progress=False)
        assert r.finished == 2, (s["name"], other)


def test_a_changed_setting_changes_the_games():
    assert not np.array_equal(shots(ProbabilityShooter(hit_weight=1), 300), shots("probability", 300))
    # No weight for hits: the density shooter then needs more shots on average.
    flat = battleship.simulate(ProbabilityShooter(hit_weight=1), 3000, seed=2, progress=False)
    weighted = battleship.simulate("probability", 3000, seed=2, progress=False)
    assert flat.mean > weighted.mean + 1


def test_names_reprs_equality_and_pickling():
    e = ExpertShooter(layouts=400, margin=2)
    assert e.name == "expert" and e.settings == {"layouts": 400, "margin": 2.0}
    assert e.label == "expert (layouts 400, margin 2.0)" == battleship.strategies.strategy_name(e)
    assert repr(e) == "battleship.ExpertShooter(layouts=400, margin=2.0)"
    assert e == ExpertShooter(layouts=400, margin=2.0) and hash(e) == hash(ExpertShooter(layouts=400, margin=2.0))
    assert e != ExpertShooter() and ExpertShooter() == battleship.shooter("expert")
    assert ExpertShooter().label == "expert" and ExpertShooter(layouts=None).settings == {}
    for again in (pickle.loads(pickle.dumps(e)), copy.copy(e), copy.deepcopy(e)):
        assert again == e and type(again) is ExpertShooter and again.settings == e.settings
    # A result names the shooter with its settings: two settings of one shooter are two players.
    r = battleship.simulate(ProbabilityShooter(hit_weight=2), 10, progress=False)
    assert r.shooter == "probability (hit_weight 2)"
    t = battleship.tournament([ProbabilityShooter(), ProbabilityShooter(hit_weight=1)], 20, progress=False)
    assert t.names == ("probability", "probability (hit_weight 1)")


@pytest.mark.parametrize(
    "make, error, message",
    [
        (lambda: ExpertShooter(layouts=0), ValueError, r"^layouts must be from 1 to 1,000,000, got 0$"),
        (lambda: ExpertShooter(layouts=1.5), TypeError, r"^layouts must be an int, got 1\.5$"),
        (lambda: ExpertShooter(layouts=True), TypeError, r"^layouts must be an int, got True$"),
        (lambda: ExpertShooter(margin="2"), TypeError, r"^margin must be a real number, got '2'$"),
        (lambda: ExpertShooter(margin=float("nan")), ValueError, r"^margin must be from 0 to 1,000,000,000, got nan$"),
        (lambda: ProbabilityShooter(salvo_discount=1.5), ValueError, r"^salvo_discount must be from 0 to 1, got 1\.5$"),
        (lambda: BayesShooter(samples=-1), ValueError, r"^samples must be from 1 to 1,000,000, got -1$"),
        (lambda: ExpertShooter(layuots=4), TypeError, r"unexpected keyword argument 'layuots'"),
        (lambda: battleship._core.ShooterSettings("random", {"samples": 1}), ValueError,
         r"^the random shooter takes no settings$"),
        (lambda: battleship._core.ShooterSettings("expert", {"layout": 1}), ValueError,
         r"^the expert shooter has no setting 'layout'; its settings: candidates, layouts, proposals_per_layout, "
         r"margin, endgame_layouts, endgame_budget, exact_layouts and exact_candidates$"),
    ],
)
def test_bad_settings_are_refused_when_the_shooter_is_made(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_a_tuned_shooter_steps_by_hand_and_plays_games():
    shooter = ProbabilityShooter(hit_weight=1)
    game = battleship.Game(shooter, "random", seed=3)
    assert game.play_to_end().end == "win"
    # Stepped by hand, it fires where the same shooter fires in a solo game of the engine.
    solo = battleship.solo_game(shooter, 5, seed=9)
    view = battleship.TargetView()
    rng = battleship.Rng(battleship.derive_seed(9, 5))
    ocean = battleship.Ocean()
    assert battleship.UniformPlacer().place(ocean, rng)
    shooter.start(view)
    for cell, _ in solo.shots[:30]:
        assert shooter.next_shot(view, rng) == cell
        outcome = ocean.fire(cell)
        view.record(cell, outcome)
        shooter.on_result(view, cell, outcome)


def test_every_built_in_shooter_and_placer_has_its_class():
    for name, cls in battleship.strategies.BUILTIN_CLASSES.items():
        assert cls() == battleship.shooter(name) and cls().name == name
    assert sorted(battleship.strategies.BUILTIN_CLASSES) == sorted(battleship.shooter_names())
    assert battleship.SequentialPlacer() == battleship.placer("sequential")
