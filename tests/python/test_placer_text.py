"""A built-in placer named with its settings, "spread(candidates=64)", wherever a placer's name is
taken: in Python (placer(), simulate, match, tournament, Ocean.place) and on the command line
(--placer, a tournament's SHOOTER/PLACER, with --candidates and --search-budget, list settings)."""

import numpy as np
import pytest

import battleship
from battleship import ElusivePlacer, Ocean, Rng, SpreadPlacer, UniformPlacer
from battleship.cli import main
from battleship.strategies import strategy_name


def shots(placer, games=120, seed=1):
    return battleship.simulate("parity", games, placer=placer, seed=seed, game_shots=True, progress=False).game_shots


def test_the_text_makes_the_class_with_those_settings():
    made = battleship.placer(" elusive ( candidates = 5_12, rehearsals=0 ) ")
    assert type(made) is ElusivePlacer and made == ElusivePlacer(candidates=512, rehearsals=0)
    assert (made.candidates, made.shortlist, made.rehearsals) == (512, None, 0)
    assert battleship.placer("uniform(search_budget=3e6)") == UniformPlacer(search_budget=3_000_000)
    # No settings: the placer as its name makes it.
    assert battleship.placer("spread()") == battleship.placer("spread") == SpreadPlacer()
    assert battleship.placer("sequential( )") == battleship.placer("sequential")
    assert type(battleship.placer("mediocre()")) is type(battleship.placer("mediocre"))


def test_the_text_lays_out_the_classes_layouts_and_is_named_as_it():
    text = "spread(candidates=4)"
    assert np.array_equal(shots(text), shots(SpreadPlacer(candidates=4)))
    assert not np.array_equal(shots(text), shots("spread"))
    assert battleship.simulate("parity", 5, placer=text, progress=False).setup.placers == ("spread (candidates 4)",)
    assert strategy_name(text) == "spread (candidates 4)" == SpreadPlacer(candidates=4).label
    assert strategy_name("spread(candidates=16)") == "spread"  # its default: the same layouts as spread
    assert strategy_name("elusive(rehearsals=0)") == "elusive (rehearsals 0)"
    # A match, a tournament, an ocean.
    m = battleship.match("parity", "parity", 10, placers=(text, "uniform"), progress=False)
    assert m == battleship.match("parity", "parity", 10, placers=(SpreadPlacer(candidates=4), "uniform"),
                                 progress=False)
    t = battleship.tournament([("parity", text), ("parity", "spread")], 4, progress=False)
    assert t.names == ("parity/spread (candidates 4)", "parity/spread")
    by_text, by_class = Ocean(), Ocean()
    by_text.place_randomly(text, Rng(5))
    by_class.place_randomly(SpreadPlacer(candidates=4), Rng(5))
    assert by_text == by_class
    # An environment lays out its episodes with it.
    from battleship.envs import BattleshipEnv

    layouts = []
    for placer in (text, SpreadPlacer(candidates=4), "spread"):
        env = BattleshipEnv(placer=placer)
        env.reset(seed=9)
        layouts.append(env.ocean.layout_text())
    assert layouts[0] == layouts[1] != layouts[2]


@pytest.mark.parametrize(
    "text, message",
    [
        ("spread(candidates=8", r"^placer 'spread\(candidates=8': expected NAME\(SETTING=VALUE, \.\.\.\), such as "
                                r"spread\(candidates=64\)$"),
        ("spread(candidates=0)", r"^placer '.*': candidates must be from 1 to 2,147,483,647, got 0$"),
        ("spread(candidates=2.5)", r"^placer '.*': candidates must be a whole number, got '2\.5'$"),
        ("spread(candidates=1,candidates=2)", r"^placer '.*': candidates is set twice$"),
        ("uniform(candidates=4)", r"^placer '.*': the uniform placer has no setting 'candidates'; its settings: "
                                  r"search_budget$"),
        ("sequential(max_restarts=5)", r"^placer '.*': the sequential placer takes no settings$"),
        ("sprad(candidates=4)", r"^placer '.*': settings are for the built-in placers; 'sprad' is not one "
                                r"\(uniform, sequential, mediocre, spread, elusive\)$"),
        ("elusive(shortlist=300)", r"^placer '.*': shortlist 300 is more than the 256 candidates elusive draws by "
                                   r"default \(it rehearses some of those\)$"),
    ],
)
def test_bad_text_is_refused_naming_it(text, message):
    with pytest.raises(ValueError, match=message):
        battleship.placer(text)
    with pytest.raises(ValueError, match=message):  # before any game is played
        battleship.simulate("parity", 5, placer=text, progress=False)
    assert strategy_name(text) == text  # a name it cannot give: using the text says why


def test_the_shortlist_refusal_is_worded_once_for_text_and_class():
    with pytest.raises(ValueError) as by_class:
        ElusivePlacer(candidates=8, shortlist=9)
    with pytest.raises(ValueError) as by_text:
        battleship.placer("elusive(candidates=8, shortlist=9)")
    assert str(by_text.value) == f"placer 'elusive(candidates=8, shortlist=9)': {by_class.value}"


def test_placer_settings_lists_each_setting_with_its_default_and_range():
    assert battleship.placer_settings("elusive") == [
        {"name": "search_budget", "default": battleship._core.UniformPlacerSettings.default_search_budget, "low": 1,
         "high": 2**31 - 1},
        {"name": "candidates", "default": 256, "low": 1, "high": 2**31 - 1},
        {"name": "shortlist", "default": 16, "low": 1, "high": 2**31 - 1},
        {"name": "rehearsals", "default": 2, "low": 0, "high": 2**31 - 1},
    ]
    assert [s["name"] for s in battleship.placer_settings("spread")] == ["search_budget", "candidates"]
    assert battleship.placer_settings("sequential") == []
    with pytest.raises(ValueError, match="unknown placer 'sprad'"):
        battleship.placer_settings("sprad")


def test_the_command_line_takes_placer_settings(capsys):
    assert main(["simulate", "parity", "--placer", "spread(candidates=4)", "--games", "40", "--no-progress"]) == 0
    by_text = capsys.readouterr().out
    assert "placer spread(candidates=4)" in by_text
    assert main(["simulate", "parity", "--placer", "spread", "--candidates", "4", "--games", "40",
                 "--no-progress"]) == 0
    by_option = capsys.readouterr().out
    def figures(out):  # the row's figures but the last, games/s
        return [line.split()[:-1] for line in out.splitlines() if line.startswith("parity")]

    assert figures(by_text) and figures(by_text) == figures(by_option)
    assert main(["simulate", "parity", "--placer", "spread", "--games", "40", "--no-progress"]) == 0
    assert figures(capsys.readouterr().out) != figures(by_text)  # the setting changes the games
    # An option fills in what the name leaves out, and may not set what it sets.
    assert main(["simulate", "parity", "--placer", "elusive(rehearsals=0)", "--candidates", "32", "--games", "4",
                 "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["simulate", "parity", "--placer", "spread(candidates=4)", "--candidates", "8", "--games", "4"]) == 2
    assert "placer 'spread(candidates=4)' sets candidates, and so does --candidates: give it once" in (
        capsys.readouterr().err)
    assert main(["simulate", "parity", "--placer", "sequential()", "--search-budget", "9", "--games", "4"]) == 2
    assert "--search-budget applies to the uniform, spread, elusive placers" in capsys.readouterr().err
    assert main(["simulate", "parity", "--placer", "spread(candidates=0)", "--games", "4"]) == 2
    assert "candidates must be from 1 to 2,147,483,647, got 0" in capsys.readouterr().err


def test_a_tournament_names_players_by_their_placers_settings(capsys):
    assert main(["tournament", "parity/spread(candidates=4)", "parity/spread", "--games", "4", "--no-progress",
                 "--anchor", "parity/spread(candidates=4.0)"]) == 0
    out = capsys.readouterr().out
    assert "parity/spread (candidates 4)" in out and "measured from parity/spread (candidates 4)'s" in out
    # The default's value is the placer itself: one player entered twice.
    assert main(["tournament", "parity/spread(candidates=16)", "parity/spread", "--games", "4"]) == 2
    assert "parity/spread is entered twice" in capsys.readouterr().err
    # Given by --candidates instead, it is the same placer, with the same name: pieces of a
    # tournament typed either way combine.
    assert main(["tournament", "parity/spread", "probability/elusive", "--candidates", "8", "--games", "2",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "| parity/spread (candidates 8) |" in out and "| probability/elusive (candidates 8) |" in out
    assert main(["tournament", "parity/spread(candidates=8)", "probability/elusive(candidates=8)", "--games", "2",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "| parity/spread (candidates 8) |" in out and "| probability/elusive (candidates 8) |" in out


def test_the_play_session_lays_out_a_crowded_fleet_with_uniform_whatever_the_placer_s_settings(monkeypatch):
    import battleship.play.session as session

    monkeypatch.setattr(session, "_SLOW_DRAW", 0.0)  # every fleet is crowded
    for placer in ("spread", "spread(candidates=16)", "elusive(candidates=32)"):
        assert session.Match(session.Settings(placer=placer, seed=1)).settings.placer == "uniform"


def test_list_settings_lists_the_placers_settings(capsys):
    assert main(["list", "settings"]) == 0
    out = capsys.readouterr().out
    assert "placer settings (PLACER(SETTING=VALUE,...), such as 'spread(candidates=64)')" in out
    assert "  elusive" in out and "candidates 256 (1 to 2,147,483,647)" in out
    assert "rehearsals 2 (0 to 2,147,483,647)" in out
    assert main(["list", "placers"]) == 0
    assert "'spread(candidates=64)' (battleship list settings)" in capsys.readouterr().out
