"""A built-in shooter named with its settings, "expert(exact_layouts=5000,margin=2)", wherever a
shooter's name is taken: in Python (simulate, match, tournament, Game, shooter()) and on the
command line (compare --shooters, simulate, match, tournament, optimal, list settings)."""

import json
import re

import numpy as np
import pytest

import battleship
from battleship import ExpertShooter, ProbabilityShooter
from battleship.cli import main
from battleship.strategies import strategy_name


def shots(shooter, games, seed=1):
    return battleship.simulate(shooter, games, seed=seed, game_shots=True, progress=False).game_shots


def test_the_text_makes_the_class_with_those_settings():
    made = battleship.shooter(" expert ( exact_layouts = 5_000 , margin=2 ) ")
    assert type(made) is ExpertShooter and made == ExpertShooter(exact_layouts=5000, margin=2.0)
    assert made.settings == {"exact_layouts": 5000, "margin": 2.0}  # in the order given
    # An int setting takes a whole number however written; a float setting any number.
    assert battleship.shooter("bayes(exact_budget=1e6)").settings == {"exact_budget": 1_000_000}
    assert battleship.shooter("probability(salvo_discount=1)").settings == {"salvo_discount": 1.0}
    # No settings: the shooter as the registry makes it, named plainly.
    assert battleship.shooter("expert()") == battleship.shooter("expert") and strategy_name("expert()") == "expert"
    assert battleship.shooter("random()") == battleship.shooter("random")


def test_the_text_plays_the_classes_games_and_is_named_as_it():
    text = "probability(hit_weight=1)"
    assert np.array_equal(shots(text, 200), shots(ProbabilityShooter(hit_weight=1), 200))
    assert not np.array_equal(shots(text, 200), shots("probability", 200))
    assert battleship.simulate(text, 5, progress=False).shooter == "probability (hit_weight 1)"
    assert strategy_name("expert(margin=2)") == "expert (margin 2.0)" == ExpertShooter(margin=2).label
    # In a match, a tournament and a Game too.
    m = battleship.match(text, "probability", 20, progress=False)
    assert (m.a, m.b) == ("probability (hit_weight 1)", "probability")
    assert m == battleship.match(ProbabilityShooter(hit_weight=1), "probability", 20, progress=False)
    t = battleship.tournament(["probability", text], 10, progress=False)
    assert t.names == ("probability", "probability (hit_weight 1)")
    game = battleship.Game(text, "random", seed=4)
    assert game.players[0] == "probability (hit_weight 1)" and game.play_to_end().end == "win"
    assert battleship.shooter_is_slow("expert(exact_layouts=10)") and not battleship.shooter_is_slow(text)


@pytest.mark.parametrize(
    "text, error, message",
    [
        ("expert(margin=1", ValueError, r"^shooter 'expert\(margin=1': expected NAME\(SETTING=VALUE, \.\.\.\)"),
        ("expert(margin)", ValueError, r"^shooter 'expert\(margin\)': expected SETTING=VALUE, got 'margin'$"),
        ("expert(margin=1,)", ValueError, r"expected SETTING=VALUE, got ''$"),
        ("expert(margin=1,margin=2)", ValueError, r"^shooter '.*': margin is set twice$"),
        ("expert(margin=wide)", ValueError, r"^shooter '.*': margin must be a number, got 'wide'$"),
        ("expert(layouts=2.5)", ValueError, r"^shooter '.*': layouts must be a whole number, got '2\.5'$"),
        ("expert(layouts=0)", ValueError, r"^shooter '.*': layouts must be from 1 to 1,000,000, got 0$"),
        ("expert(layuots=4)", ValueError, r"^shooter '.*': the expert shooter has no setting 'layuots'; its settings: "
         r"candidates, layouts,"),
        ("random(samples=1)", ValueError, r"^shooter '.*': the random shooter takes no settings$"),
        ("expret(layouts=4)", ValueError, r"^shooter '.*': settings are for the built-in shooters; 'expret' is not one"),
    ],
)
def test_bad_text_is_refused_naming_it(text, error, message):
    with pytest.raises(error, match=message):
        battleship.shooter(text)
    with pytest.raises(error, match=message):  # before any game is played
        battleship.simulate(text, 5, progress=False)
    assert strategy_name(text) == text  # a name it cannot give: using the text says why


def test_compare_takes_settings_and_names_rows_as_results(capsys, tmp_path):
    out_file = tmp_path / "r.json"
    args = ["compare", "--shooters", "probability,probability(hit_weight=1),expert(exact_layouts=50)",
            "--games", "60", "--slow-games", "4", "--no-progress", "--json", str(out_file)]
    assert main(args) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("probability", "expert"))]
    assert [row[:30].rstrip() for row in rows[:3]] == [
        "probability", "probability (hit_weight 1)", "expert (exact_layouts 50) *"]
    flat = battleship.simulate(ProbabilityShooter(hit_weight=1), 60, progress=False)
    assert f"{flat.mean:.2f}" in rows[1].split()
    # The slow row is set beside the best fast shooter on its layouts, played again by its text.
    assert "  expert (exact_layouts 50) minus probability, game by game:" in out
    saved = json.loads(out_file.read_text())
    assert [r["shooter"] for r in saved["results"]] == [
        "probability", "probability (hit_weight 1)", "expert (exact_layouts 50)"]


def test_commas_inside_the_parentheses_separate_settings_not_names(capsys):
    assert main(["compare", "--shooters", "parity,expert(exact_layouts=20,margin=2)", "--games", "2",
                 "--no-progress"]) == 0
    assert "expert (exact_layouts 20, margin 2.0)" in capsys.readouterr().out
    # One shooter spelt twice is refused as a name given twice.
    assert main(["compare", "--shooters", "expert(margin=2),expert(margin=2.0)", "--games", "2"]) == 2
    assert "--shooters names expert (margin 2.0) more than once" in capsys.readouterr().err


def test_simulate_match_tournament_and_optimal_take_settings(capsys):
    assert main(["simulate", "probability(hit_weight=1)", "--games", "50", "--no-progress"]) == 0
    assert "probability (hit_weight 1)" in capsys.readouterr().out
    assert main(["match", "probability(hit_weight=2)", "probability", "--games", "30", "--first-loss",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    r = battleship.match(ProbabilityShooter(hit_weight=2), "probability", 30, progress=False)
    assert f"{r.wins_a:,}" in out and "probability (hit_weight 2)'s first loss" in out
    assert main(["tournament", "parity", "probability(hit_weight=1)/spread", "--games", "10", "--no-progress",
                 "--anchor", "probability(hit_weight=1.0)/spread"]) == 0
    out = capsys.readouterr().out
    assert "measured from probability (hit_weight 1)/spread's" in out
    assert main(["optimal", "3", "3", "2", "--shooters", "probability(hit_weight=1)", "--no-progress"]) == 0
    assert "probability (hit_weight 1)" in capsys.readouterr().out
    assert main(["simulate", "expert(layouts=0)", "--games", "5"]) == 2
    assert "layouts must be from 1 to 1,000,000, got 0" in capsys.readouterr().err


def test_list_settings_lists_every_setting_with_default_and_range(capsys):
    assert main(["list", "settings"]) == 0
    out = capsys.readouterr().out
    for name in battleship.shooter_names():
        for s in battleship.shooter_settings(name):
            assert f" {s['name']} " in out
    assert re.search(r"^  probability +hit_weight 8 \(1 to 1,000,000\)$", out, re.M), out
    assert "margin 2.5 (0 to 1,000,000,000)" in out and "tie_tolerance 0.015 (0 to 1)" in out
    assert main(["list", "shooters"]) == 0
    assert "battleship list settings" in capsys.readouterr().out
