"""Values meet other types, text reaches SVG escaped, placers cannot cheat or half-place, and
small argument mistakes get messages that name them."""

from __future__ import annotations

import copyreg
import io
import os
import pickle
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import battleship
from battleship import Fleet, Ocean, Rng, Rules, ShipClass, ShotOutcome, TargetView
from battleship.cli import main

# ---- C1: == and != against other types ---------------------------------------------------------

VALUES = [
    ShotOutcome("miss"),
    ShotOutcome("sunk", ship=2),
    Rules(),
    Fleet.classic(),
    ShipClass("Carrier", "C", 5),
    Rng(1),
]
OTHERS = [None, "miss", 0, 1.5, ("miss",), object()]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("other", OTHERS, ids=lambda o: type(o).__name__)  # no addresses
def test_a_value_is_unequal_to_another_type(value, other):
    assert (value == other) is False and (other == value) is False
    assert (value != other) is True and (other != value) is True


def test_membership_and_outcome_comparisons_work_with_other_types():
    ocean = Ocean()
    ocean.place_randomly(rng=1)
    outcome = ocean.fire("A1")
    assert outcome != outcome.result and not outcome == outcome.result
    assert ShotOutcome("miss") in [None, ShotOutcome("miss")]
    assert None not in [Rules(), Fleet.classic(), ShipClass("A", "a", 2), ShotOutcome("hit")]
    assert Rules() != None and Fleet.classic() != "classic"  # noqa: E711
    assert Ocean() != None and Ocean()._impl != None  # noqa: E711


def test_equality_and_hashing_still_agree_within_a_type():
    assert ShotOutcome("hit", ship=1) == ShotOutcome("hit", ship=1) != ShotOutcome("hit", ship=2)
    assert Rules(touching="no_contact") == Rules(touching="no_contact") != Rules()
    assert ShipClass("A", "a", 2) == ShipClass("A", "a", 2) != ShipClass("A", "a", 3)
    assert Rng(3) == Rng(3) != Rng(4)
    for a, b in [
        (ShotOutcome("hit", ship=1), ShotOutcome("hit", ship=1)),
        (Rules.named("bbm103"), Rules.named("bbm103")),
        (Fleet.classic(), Fleet.classic()),
        (ShipClass("A", "a", 2), ShipClass("A", "a", 2)),
    ]:
        assert hash(a) == hash(b)
        assert len({a, b, None, "x"}) == 3  # mixed-type sets need == against other types


def test_a_simulation_result_is_unequal_to_another_type():
    result = battleship.simulate("random", 5, progress=False)
    for other in (5, None, "random", 96.2, battleship.match("random", "random", 2, progress=False)):
        assert (result == other) is False and (other == result) is False and result != other
    assert result == battleship.simulate("random", 5, progress=False)  # while equal results stay equal


# ---- C2: SVG escapes every text ------------------------------------------------------------------


@pytest.mark.parametrize("symbols", [("<", "&"), (">", '"'), ("'", "a")])
def test_svg_with_markup_characters_as_symbols_parses(symbols):
    fleet = Fleet([("A", symbols[0], 2), ("B", symbols[1], 2)])
    ocean = Ocean(4, 4, fleet)
    ocean.place(0, "A1")
    ocean.place(1, "A3")
    ocean.fire("A3")
    root = ET.fromstring(ocean._repr_svg_())
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert symbols[0] in texts and texts.count(symbols[0]) == 2  # both cells of ship 0, intact
    assert symbols[1] in texts  # ship 1: one cell hit, one shown by its symbol
    ET.fromstring(ocean._repr_html_())
    view = TargetView(4, 4, fleet)
    view.record("A1", ShotOutcome("hit", ship=0))
    ET.fromstring(view._repr_svg_())
    ET.fromstring(view._repr_html_())


# ---- C4 and D3: placers cannot fire, and a failed place_randomly changes nothing -----------------


class FiringPlacer:
    def place(self, ocean, rng):
        ocean.place_randomly("uniform", rng=rng)
        ocean.fire((0, 0))
        return True


class Breaks:
    def place(self, ocean, rng):
        ocean.place(0, "A1")
        raise RuntimeError("placer bug")


class HalfPlaces:
    def place(self, ocean, rng):
        ocean.place(0, "A1")
        return True


class GivesUp:
    def place(self, ocean, rng):
        ocean.place(0, "A1")
        return False


class Unblocks:
    """Lays the fleet out over the blocks, which it takes away first."""

    def place(self, ocean, rng):
        ocean.unblock()
        ocean.place_randomly("uniform", rng=rng)
        return True


class Blocks:
    def place(self, ocean, rng):
        ocean.block((9, 9))
        return ocean.place_randomly("uniform", rng=rng)


FIRING = "a placer must not fire at the ocean it lays out"
BLOCKING = "a placer must not block or unblock cells of the ocean it lays out"


def test_a_placer_that_changes_the_blocks_is_refused_by_place_randomly_and_runs():
    # Blocks make puzzles and partial layouts: placers lay out around them and leave them.
    ocean = Ocean()
    ocean.block((4, 4))
    before = ocean.copy()
    for placer in (Unblocks(), Blocks()):
        with pytest.raises(ValueError, match=BLOCKING):
            ocean.place_randomly(placer, rng=1)
        assert ocean == before and ocean.blocked.sum() == 1
    with pytest.raises(ValueError, match=BLOCKING):
        battleship.simulate("random", 3, placer=Blocks(), progress=False)


@pytest.mark.parametrize("progress", [5, None, "yes"])
def test_progress_is_true_or_false(progress):
    # 5 showed a bar, None hid it: both were taken without a word.
    for run in (lambda: battleship.simulate("random", 3, progress=progress),
                lambda: battleship.match("random", "random", 2, progress=progress),
                lambda: battleship.tournament(["random", "parity"], 2, progress=progress)):
        with pytest.raises(TypeError, match=rf"^progress must be True or False, got {re.escape(repr(progress))}$"):
            run()
    assert battleship.simulate("random", 3, progress=np.bool_(False)).games == 3


def test_a_placer_that_fires_is_refused_by_simulate_match_and_game():
    with pytest.raises(ValueError, match=FIRING):
        battleship.simulate("random", 3, placer=FiringPlacer(), progress=False)
    with pytest.raises(ValueError, match=FIRING):
        battleship.match("random", "random", 2, placers=(FiringPlacer(), "uniform"), progress=False)
    game = battleship.Game("random", "random", placers=None, seed=1)
    with pytest.raises(ValueError, match=FIRING):
        game.place(0, FiringPlacer())
    with pytest.raises(ValueError, match=FIRING):
        battleship.Game("random", "random", placers=(FiringPlacer(), "uniform")).play_to_end()


def a_used_ocean() -> Ocean:
    ocean = Ocean(touching="no_contact")
    ocean.place_randomly(rng=7)
    ocean.fire("B2")
    ocean.fire("J10")
    return ocean


@pytest.mark.parametrize(
    "placer, error, message",
    [
        (FiringPlacer(), ValueError, FIRING),
        (Breaks(), RuntimeError, "placer bug"),
        (HalfPlaces(), ValueError, "did not place every ship"),
        (GivesUp(), ValueError, "could not lay out"),
    ],
)
def test_a_failed_place_randomly_leaves_the_ocean_exactly_as_before(placer, error, message):
    ocean = a_used_ocean()
    before = ocean.copy()
    with pytest.raises(error, match=message):
        ocean.place_randomly(placer, rng=1)
    assert ocean == before
    assert np.array_equal(ocean.shots, before.shots) and np.array_equal(ocean.hits, before.hits)
    assert [ocean.health(i) for i in range(ocean.ship_count)] == [before.health(i) for i in range(before.ship_count)]


def test_a_failed_builtin_placer_keeps_the_previous_layout_and_blocks():
    tight = Ocean(3, 3, Fleet([("Boat", "B", 3, 3)]), touching="no_contact")
    tight.block((2, 2))
    tight.place(0, (0, 0), "horizontal")
    tight.fire((0, 1))
    before = tight.copy()
    with pytest.raises(ValueError, match="could not lay out"):
        tight.place_randomly("uniform", 1)
    assert tight == before and tight.blocked[2, 2] and tight.is_placed(0) and tight.health(0) == 2


def test_a_successful_place_randomly_still_replaces_the_layout():
    ocean = a_used_ocean()
    ocean.place_randomly(battleship.placer("uniform"), rng=3)
    assert ocean.all_placed and not ocean.shots.any()


# ---- D2: a refused DuelEnv step changes nothing in the match, but counts as a step ---------------


def test_a_refused_duel_step_changes_nothing_but_the_step_count():
    pytest.importorskip("gymnasium")
    from battleship.envs import DuelEnv

    env = DuelEnv(rules=Rules(volley="fixed_salvo", salvo_size=2), max_steps=50)
    env.reset(seed=1)
    obs, *_ = env.step(0)  # named, not yet fired
    assert env.game is not None
    outcome = env.game.outcome
    for _ in range(3):
        again, reward, terminated, truncated, info = env.step(0)  # already named: refused
        assert info["outcome"] == "refused" and reward == 0.0 and not terminated and not truncated
        assert all(np.array_equal(again[k], obs[k]) for k in obs)
        assert env.game.outcome == outcome and info["to_name"] == 1 and info["fired"] == []
    assert info["steps"] == 4  # documented: refused steps count towards max_steps


# ---- E4: small argument mistakes ---------------------------------------------------------------


@pytest.mark.parametrize("placers", [("uniform",), "uniform", ("uniform", "uniform", "uniform"), None])
def test_match_wants_a_pair_of_placers(placers):
    with pytest.raises(TypeError, match="placers must be a pair of placers"):
        battleship.match("random", "random", 2, placers=placers, progress=False)


@pytest.mark.parametrize("placers", [("uniform",), "uniform", ("uniform", "uniform", "uniform")])
def test_a_game_wants_a_pair_of_placers_or_none(placers):
    with pytest.raises(TypeError, match="placers must be a pair of placers"):
        battleship.Game("random", "random", placers=placers)


def test_a_tournament_player_tuple_must_be_a_pair():
    with pytest.raises(TypeError, match=r"\(shooter, placer\) pair, got a tuple of 3"):
        battleship.tournament([("random", "uniform", "x"), "parity"], 2, progress=False)
    with pytest.raises(TypeError, match="got a tuple of 1"):
        battleship.tournament([("random",), "parity"], 2, progress=False)
    with pytest.raises(TypeError, match=r"got a list of 3: \['random', 'uniform', 'x'\]$"):
        battleship.tournament([["random", "uniform", "x"], "parity"], 2, progress=False)
    # A pair as a list is a pair, as match's placers= takes it; the command line's way is explained.
    as_list = battleship.tournament([["random", "spread"], "parity"], 2, seed=1, progress=False)
    assert as_list == battleship.tournament([("random", "spread"), "parity"], 2, seed=1, progress=False)
    assert as_list.names == ("random/spread", "parity")
    with pytest.raises(ValueError, match=r"^unknown shooter 'random/spread': a player with a placer of its own is a "
                                         r"\(shooter, placer\) pair, \('random', 'spread'\)$"):
        battleship.tournament(["random/spread", "parity"], 2, progress=False)


@pytest.mark.parametrize("rng", [1.5, "7", True, [1], np.float64(2.0)])
def test_an_ocean_s_rng_must_be_a_generator_a_seed_or_none_and_a_refusal_changes_nothing(rng):
    ocean = Ocean(6, 6, Fleet([("Boat", "B", 2, 2)]))
    ocean.block((5, 5))
    ocean.place(0, (0, 0), "h")
    before = ocean.copy()
    message = "rng must be a battleship.Rng, an int seed or None, got " + re.escape(repr(rng))
    with pytest.raises(TypeError, match=message):
        ocean.place_randomly("uniform", rng=rng)
    with pytest.raises(TypeError, match=message):
        ocean.block_random(rng, count=2)
    assert ocean == before and ocean.blocked.sum() == 1 and ocean.is_placed(0) and not ocean.is_placed(1)
    ocean.place_randomly("uniform", rng=np.int64(3))  # a NumPy integer is a seed
    assert ocean.all_placed


@pytest.mark.parametrize(
    "make, name, message",
    [
        (battleship.shooter, 3, "a shooter name must be a str, got 3"),
        (battleship.shooter, b"parity", "a shooter name must be a str, got b'parity'"),
        (battleship.BuiltinShooter, None, "a shooter name must be a str, got None"),
        (battleship.placer, None, "a placer name must be a str, got None"),
        (battleship.BuiltinPlacer, ["uniform"], r"a placer name must be a str, got \['uniform'\]"),
    ],
)
def test_a_builtin_strategy_s_name_must_be_a_str(make, name, message):
    with pytest.raises(TypeError, match=f"^{message}$"):
        make(name)


class NeedsADepth:
    """A strategy class that cannot be made without an argument."""

    def __init__(self, depth: int) -> None:
        self.depth = depth

    def next_shot(self, view, rng):
        return view.open_cells()[0]

    def place(self, ocean, rng):
        ocean.place_randomly("uniform", rng)
        return True


A_PLACER_AS_SHOOTER = r"^expected a shooter, got battleship\.placer\('uniform'\)$"
A_SHOOTER_AS_PLACER = r"^expected a placer, got battleship\.shooter\('parity'\)$"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: battleship.Game(NeedsADepth, "random"), "cannot make a shooter from class NeedsADepth: "),
        (lambda: battleship.simulate(NeedsADepth, 2, progress=False), "cannot make a shooter from class NeedsADepth: "),
        (lambda: battleship.simulate("random", 2, placer=NeedsADepth, progress=False),
         "cannot make a placer from class NeedsADepth: "),
        (lambda: battleship.Game(battleship.placer("uniform")), A_PLACER_AS_SHOOTER),
        (lambda: battleship.Game("random", battleship.UniformPlacer), A_PLACER_AS_SHOOTER),
        (lambda: battleship.match("random", "random", 2, placers=(battleship.shooter("parity"), "uniform"),
                                  progress=False), A_SHOOTER_AS_PLACER),
        (lambda: battleship.tournament([("random", battleship.ParityShooter), "parity"], 2, progress=False),
         A_SHOOTER_AS_PLACER),
    ],
)
def test_a_strategy_that_cannot_be_made_or_is_of_the_other_kind_is_refused_by_name(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_game_place_with_a_shooter_or_an_unmakeable_class_changes_nothing():
    game = battleship.Game("random", "random", placers=None, seed=1)
    for placer, message in (
        (battleship.ParityShooter, A_SHOOTER_AS_PLACER),
        (NeedsADepth, r"^cannot make a placer from class NeedsADepth: .*missing 1 required positional argument"),
    ):
        with pytest.raises(TypeError, match=message):
            game.place(0, placer)
    assert game.outcome.end == "in_progress" and not any(game.ocean(0).is_placed(s) for s in range(5))
    game.place(0, NeedsADepth(1))  # an instance of the same class is a placer
    game.place(1, "uniform")
    assert game.play_to_end().end == "win"


@pytest.mark.parametrize("seed", [1.5, "7", b"7", object()])
def test_vector_env_reset_names_a_bad_seed(seed):
    pytest.importorskip("gymnasium")
    from battleship.envs import BattleshipVectorEnv

    env = BattleshipVectorEnv(2)
    with pytest.raises(TypeError, match="seed must be"):
        env.reset(seed=seed)


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8])
def test_numpy_integers_are_board_sizes(kind):
    ocean = Ocean(kind(4), kind(5), Fleet([("A", "a", 2)]))
    assert (ocean.rows, ocean.cols) == (4, 5)
    assert TargetView(kind(4), kind(5), Fleet([("A", "a", 2)])).rows == 4
    r = battleship.simulate("random", 3, rows=kind(4), cols=kind(5), fleet=Fleet([("A", "a", 2)]), progress=False)
    assert r.games == 3
    with pytest.raises(TypeError, match="rows must be an int"):
        Ocean(np.bool_(True), 4)
    with pytest.raises(TypeError, match="cols must be an int, got True"):
        Ocean(4, True)  # a bool is an int to Python, not a board size
    with pytest.raises(TypeError, match="cols must be an int"):
        Ocean(4, np.float64(4.0))
    with pytest.raises(ValueError, match="at most"):
        Ocean(np.int64(2**62), np.int64(4))  # no wrap-around in rows * cols


def test_compare_refuses_an_unwritable_plot_before_playing(tmp_path, capsys):
    missing = tmp_path / "nowhere" / "x.png"
    # a file that cannot be written: exit code 1, as for a --layout file that cannot be read
    assert main(["compare", "--games", "2", "--shooters", "random", "--plot", str(missing), "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert "battleship: error: --plot" in captured.err and "does not exist" in captured.err
    assert "games per shooter" not in captured.out  # nothing was played
    assert main(["compare", "--games", "2", "--shooters", "random", "--plot", str(tmp_path), "--no-progress"]) == 1
    assert "is a directory" in capsys.readouterr().err
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        assert main(["compare", "--games", "2", "--shooters", "random", "--plot", str(locked / "x.png"), "--no-progress"]) == 1
        assert "not writable" in capsys.readouterr().err


def test_plot_refuses_a_directory_it_may_not_write_and_a_missing_matplotlib(tmp_path, capsys, monkeypatch):
    # root may write anywhere, so the directory's answer is forged: the check, not the mode bits.
    target = str(tmp_path / "x.png")
    with monkeypatch.context() as m:
        m.setattr(os, "access", lambda path, mode, **kwargs: False)
        assert main(["compare", "--games", "2", "--shooters", "random", "--plot", target, "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert f"battleship: error: --plot {target}: directory {tmp_path} is not writable" in captured.err
    assert "games per shooter" not in captured.out  # nothing was played
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    assert main(["compare", "--games", "2", "--shooters", "random", "--plot", target, "--no-progress"]) == 2
    assert "battleship: error: --plot needs matplotlib (pip install matplotlib)" in capsys.readouterr().err
    assert not os.path.exists(target)


def test_play_without_textual_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "textual", None)  # what an import of a missing package meets
    assert main(["play", "--seed", "1"]) == 2
    assert "battleship: error: battleship play needs Textual: pip install textual" in capsys.readouterr().err


# ---- E5: OptimalShooter pickles ------------------------------------------------------------------


def test_optimal_shooter_pickles_with_its_limits():
    shooter = battleship.OptimalShooter(max_layouts=1234, max_positions=5678)
    back = pickle.loads(pickle.dumps(shooter))
    assert isinstance(back, battleship.OptimalShooter) and back._limits == shooter._limits
    fleet = Fleet([ShipClass("Cruiser", "C", 3)])
    small = dict(rows=4, cols=4, fleet=fleet, progress=False)
    assert battleship.simulate(back, 50, **small).mean == battleship.simulate(shooter, 50, **small).mean
    with pytest.raises(ValueError, match="max_layouts"):
        view = TargetView(6, 6, Fleet([("A", "a", 2, 3)]))
        tiny = pickle.loads(pickle.dumps(battleship.OptimalShooter(max_layouts=1)))
        tiny.start(view)


def test_optimal_shooter_plays_in_a_process_pool():
    fleet = Fleet([ShipClass("Cruiser", "C", 3)])
    small = dict(rows=4, cols=4, fleet=fleet, progress=False)
    with ProcessPoolExecutor(max_workers=1) as pool:
        far = battleship.simulate(battleship.OptimalShooter(), 40, executor=pool, chunks=2, **small)
    near = battleship.simulate(battleship.OptimalShooter(), 40, **small)
    assert far.games == near.games == 40 and far.mean == near.mean


# ---- E1 and E2: values the engine cannot hold are refused by name ----------------------------------


@pytest.mark.parametrize(
    "changes, error, message",
    [
        ({"salvo_size": "3"}, TypeError, "salvo_size must be an int"),
        ({"shot_cap": 3.7}, TypeError, "shot_cap must be an int"),
        ({"shot_cap": None}, TypeError, "shot_cap must be an int"),
        ({"shot_cap": 2**40}, ValueError, r"^shot_cap must be <= 2147483647, got 1099511627776$"),
        ({"shot_cap": -(2**70)}, ValueError, r"^shot_cap must be >= -2147483648, got -1180591620717411303424$"),
        ({"salvo_size": True}, TypeError, "salvo_size must be an int, got True"),
        ({"max_invalid_in_a_row": False}, TypeError, "max_invalid_in_a_row must be an int"),
        ({"touching": 3}, TypeError, "touching must be a str"),
        ({"equalising_shot": "yes"}, TypeError, "equalising_shot must be a bool"),
        ({"equalising_shot": float("nan")}, TypeError, "equalising_shot must be a bool, got nan"),
        ({"equalising_shot": 1.5}, TypeError, "equalising_shot must be a bool, got 1.5"),
        ({"equalising_shot": -1}, TypeError, "equalising_shot must be a bool, got -1"),
    ],
)
def test_rules_replace_names_the_field_it_cannot_take(changes, error, message):
    rules = battleship.Rules()
    with pytest.raises(error, match=message):
        rules.replace(**changes)
    assert rules == battleship.Rules()
    with pytest.raises(error, match=message):  # the constructor converts the same way
        battleship.Rules(**changes)


def test_numpy_bools_are_bools_for_the_rules():
    assert battleship.Rules(equalising_shot=np.bool_(True)).equalising_shot is True


def test_numpy_ints_are_ints_for_the_rules():
    assert battleship.Rules(shot_cap=np.int64(80)).shot_cap == 80


@pytest.mark.parametrize("p", [float("nan"), -0.5, 1.5, float("inf"), float("-inf"), 2**63])
def test_a_probability_outside_0_to_1_is_refused_and_draws_nothing(p):
    rng, untouched = battleship.Rng(1), battleship.Rng(1)
    with pytest.raises(ValueError, match=r"p must be a probability from 0 to 1, got "):
        rng.chance(p)
    assert rng == untouched  # no number was drawn
    assert rng.chance(0.0) is False and rng.chance(1) is True  # the ends are probabilities


@pytest.mark.parametrize(
    "ship, error, message",
    [
        (("A", "a", "3"), TypeError, "a ship's length must be an int, got '3'"),
        (("A", "a", 2.5), TypeError, "a ship's length must be an int, got 2.5"),
        (("A", "a", True), TypeError, "a ship's length must be an int, got True"),
        ((None, "a", 3), TypeError, "a ship's name must be a str"),
        (("A", "a", 3, "2"), TypeError, "a ship's count must be an int"),
        (("A", "a", 2**40), ValueError, r"a ship's length must be <= 2147483647, got 1099511627776$"),
        (("A", "a", 3, -(2**40)), ValueError, r"a ship's count must be >= -2147483648, got -1099511627776$"),
    ],
)
def test_a_fleet_names_the_ship_field_it_cannot_take(ship, error, message):
    with pytest.raises(error, match="^ship class 1: " + message):  # and the class's place
        battleship.Fleet([("Carrier", "C", 5), ship])
    with pytest.raises(error, match=message):  # the constructor converts the same way
        battleship.ShipClass(*ship)


def test_a_ship_class_takes_numpy_ints():
    assert battleship.ShipClass("A", "a", np.int64(3), count=np.int32(2)) == battleship.ShipClass("A", "a", 3, 2)


def test_a_placer_must_answer_true_false_or_none():
    class Yes:
        def place(self, ocean, rng):
            ocean.place_randomly("uniform", rng)
            return "yes"

    with pytest.raises(TypeError, match="True, False or None"):
        battleship.simulate("random", 3, placer=Yes(), progress=False)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: battleship.Rng(-1), ValueError, "seed must be >= 0"),
        (lambda: battleship.Rng(2**64), ValueError, r"seed must be <= 2\*\*64 - 1, got 18446744073709551616"),
        (lambda: battleship.Rng(True), TypeError, "seed must be an int, got True"),
        (lambda: battleship.Rng(2.0), TypeError, "seed must be an int, got 2.0"),
        (lambda: battleship.Game(seed=-1), ValueError, "seed must be >= 0"),
        (lambda: battleship.Ocean().place_randomly(rng=-1), ValueError, "seed must be >= 0"),
        (lambda: battleship.Ocean().block_random(-1), ValueError, "seed must be >= 0"),
        (lambda: battleship.simulate("random", 1, seed=2**64), ValueError, "seed must be <="),
        (lambda: battleship.simulate("random", 2**64), ValueError, "games must be <="),
        (lambda: battleship.simulate("random", 1, threads=2**32), ValueError, "threads must be <="),
        (lambda: battleship.simulate("random", 10, first_game=2**64 - 1), ValueError, "first_game \\+ games"),
        (lambda: battleship.match("random", "random", 10, first_game=2**64 - 5), ValueError, "first_game \\+ games"),
        (lambda: battleship.Posterior(seed=2**64), ValueError, "seed must be <="),
        (lambda: battleship.Posterior(samples=2**31), ValueError, "samples must be <= 1000000"),
        (lambda: battleship.Posterior(samples=1_000_001), ValueError, "samples must be <= 1000000, got 1000001"),
        (lambda: battleship.Ocean(10, 10, "classic"), TypeError, "fleet must be a battleship.Fleet"),
        (lambda: battleship.TargetView(10, 10, None, "classic"), TypeError, "rules must be a battleship.Rules"),
    ],
)
def test_values_out_of_the_engines_range_are_refused_by_name(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_the_largest_seed_and_last_games_are_taken():
    assert battleship.simulate("random", 2, seed=2**64 - 1, first_game=2**64 - 2, progress=False).games == 2
    battleship.Rng(2**64 - 1)


@pytest.mark.parametrize("flags", [["--shot-cap", "99999999999"], ["--seed", str(2**64)], ["--threads", str(2**32)]])
def test_the_command_line_refuses_out_of_range_values_without_a_traceback(flags):
    done = subprocess.run(
        [sys.executable, "-m", "battleship", "simulate", "random", "--games", "10", *flags],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "battleship: error:" in done.stderr and "Traceback" not in done.stderr


# ---- text that fuzzing found mis-handled ----------------------------------------------------------


@pytest.mark.parametrize("cell", [bytearray(b"B7"), memoryview(b"B7"), b"B7"])
def test_bytes_of_any_kind_are_not_a_cell(cell):
    with pytest.raises(TypeError, match="must be a \\(row, col\\) pair"):
        battleship.parse_cell(cell)
    with pytest.raises(TypeError, match="must be a \\(row, col\\) pair"):
        Ocean(10, 10).fire(cell)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: battleship.parse_cell("B7\x00"), r"'B7\\x00' is not a cell"),
        (lambda: battleship.parse_cell("\x00"), r"'\\x00' is not a cell"),
        (lambda: Fleet.named("classic\x00x"), r"unknown fleet 'classic\\x00x'; known: "),
        (lambda: Rules.named("classic\x00x"), r"unknown rule set 'classic\\x00x'; known: "),
        (lambda: Rules(touching="a\x00b"), r"unknown touching rule 'a\\x00b'; allowed: "),
        (lambda: ShipClass("Odd\x00", "é", 2), r"the symbol of 'Odd\\x00' must be one ASCII character, got 'é'"),
    ],
)
def test_a_nul_in_bad_text_is_shown_escaped_not_cutting_the_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_text_that_is_not_unicode_is_a_value_error():
    odd = "B\udcff7"  # what os.fsdecode makes of the bytes b"B\xff7"
    with pytest.raises(ValueError, match="a cell is not valid Unicode text"):
        battleship.parse_cell(odd)
    with pytest.raises(ValueError, match="an orientation is not valid Unicode text"):
        Ocean(10, 10).place(0, (0, 0), "h\udcff")
    with pytest.raises(TypeError, match="Unable to cast|must be"):
        battleship.parse_cell(None)  # type: ignore[arg-type]
    # Whole texts too, naming the line of the surrogate; the ocean is left as it was.
    ocean = Ocean(3, 3, Fleet([("Patrol", "P", 2)]))
    with pytest.raises(ValueError, match=r"^line 2: the layout is not valid Unicode text \(a lone surrogate, '\\udcff'\)$"):
        ocean.place_layout("P P .\n. \udcff .\n. . .\n")
    assert not ocean.is_placed(0)
    text = battleship.Game("parity", "random", seed=1).record.to_text().replace("player 1 random", "player 1 r\udcffm")
    with pytest.raises(ValueError, match=r"^line \d+: the record is not valid Unicode text \(a lone surrogate"):
        battleship.GameRecord.from_text(text)


ODD = "classic\udcff"  # what os.fsdecode makes of undecodable bytes
TEXT_ARGUMENTS = [
    ("a fleet's name", lambda text: Fleet.named(text)),
    ("a rule set's name", lambda text: Rules.named(text)),
    ("touching", lambda text: Ocean(10, 10, touching=text)),
    ("result", lambda text: ShotOutcome(text)),
    ("refusal", lambda text: ShotOutcome("invalid", refusal=text)),
    ("disclosure", lambda text: ShotOutcome("hit", ship=0).disclosed(text)),
    ("notation", lambda text: battleship.format_cell((0, 0), text)),
    ("a shot", lambda text: battleship._core.bbm103_check_shot(text)),
]


@pytest.mark.parametrize("what, call", TEXT_ARGUMENTS, ids=[what for what, _ in TEXT_ARGUMENTS])
def test_every_text_argument_names_itself_when_refused(what, call):
    # pybind11's own refusal lists the signatures instead ("incompatible function arguments").
    with pytest.raises(ValueError, match=f"^{what} is not valid Unicode text: 'classic\\\\udcff'$"):
        call(ODD)
    with pytest.raises(TypeError, match=f"^{what} must be a str, got 5$"):
        call(5)


def test_ship_names_are_measured_in_bytes_and_say_so():
    ShipClass("é" * 15, "E", 2)  # 30 bytes
    with pytest.raises(ValueError, match="longer than 31 bytes"):
        ShipClass("é" * 16, "E", 2)


@pytest.mark.parametrize(
    "ship, error, message",
    [
        (2**40, ValueError, r"ship must be None or in \[0, 32\), got 1099511627776"),
        (2**70, ValueError, r"ship must be None or in \[0, 32\)"),
        (32, ValueError, r"ship must be None or in \[0, 32\), got 32"),
        (-1, ValueError, r"ship must be None or in \[0, 32\), got -1"),
        (1.5, TypeError, "ship must be None or an int, got 1.5"),
        ("2", TypeError, "ship must be None or an int"),
    ],
)
def test_a_shot_outcome_names_a_ship_it_cannot_hold(ship, error, message):
    with pytest.raises(error, match=message):
        ShotOutcome("sunk", ship=ship)


def test_a_shot_outcome_takes_numpy_ship_ids_and_pickles():
    o = ShotOutcome("sunk", ship=np.int64(3))
    assert o.ship == 3 and pickle.loads(pickle.dumps(o)) == o
    assert ShotOutcome("hit").ship is None


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: battleship.shooter("parity").next_shot(None, battleship.Rng(1)), "view must be a battleship.TargetView, got None"),
        (lambda: battleship.shooter("parity").start("A1"), "view must be a battleship.TargetView, got 'A1'"),
        (lambda: battleship.shooter("parity").on_result(battleship.Ocean(), "A1", ShotOutcome("miss")), "view must be a battleship.TargetView"),
        (lambda: battleship.OptimalShooter().start(None), "view must be a battleship.TargetView, got None"),
        (lambda: battleship.OptimalShooter().next_shot(None, battleship.Rng(1)), "view must be a battleship.TargetView"),
        (lambda: battleship.placer("uniform").place(None, battleship.Rng(1)), "ocean must be a battleship.Ocean, got None"),
        (lambda: battleship.placer("uniform").place(battleship.TargetView(), battleship.Rng(1)), "ocean must be a battleship.Ocean"),
    ],
)
def test_a_strategy_given_something_else_than_a_board_names_what_it_wanted(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_runs_refuse_a_fleet_that_cannot_be_laid_out_before_any_game():
    # The classic fleet has no no-contact layout on 6 x 6: every game would end unplaced.
    no_contact = battleship.Rules(touching="no_contact")
    with pytest.raises(ValueError, match="cannot be laid out on a 6 x 6 board"):
        battleship.simulate("random", 3, rows=6, cols=6, rules=no_contact, progress=False)
    with pytest.raises(ValueError, match="cannot be laid out on a 6 x 6 board"):
        battleship.match("random", "parity", 3, rows=6, cols=6, rules=no_contact, progress=False)
    with pytest.raises(ValueError, match="cannot be laid out on a 6 x 6 board"):
        battleship.tournament(["random", "parity"], 3, rows=6, cols=6, rules=no_contact)
    # On 7 x 7 it fits: the same call plays.
    assert battleship.simulate("random", 3, rows=7, cols=7, rules=no_contact, progress=False).games == 3


# ---- public refusals the audit found unexercised ---------------------------------------------------


def test_a_fleet_has_at_most_16_ship_classes():
    classes = [(f"S{i}", chr(ord("A") + i), 2) for i in range(17)]
    assert len(Fleet(classes[:16]).classes) == 16  # the limit itself is taken: the refusal is about the 17th
    with pytest.raises(ValueError, match="a fleet has at most 16 ship classes"):
        Fleet(classes)


@pytest.mark.parametrize(
    "ship",
    [42, ("A", "a"), ("A", "a", 2, 1, 9), "Aa2"],  # not a tuple, and tuples of the wrong length
)
def test_a_fleet_entry_that_is_neither_a_ship_class_nor_a_tuple_of_3_or_4_is_refused(ship):
    with pytest.raises(TypeError, match=r"^ship class 0: a ship class is a ShipClass or a \(name, symbol, length\[, count\]\) tuple, got "
                       + re.escape(repr(ship))):
        Fleet([ship])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"result": "invalid", "refusal": "bogus"}, "unknown shot refusal 'bogus'; allowed: off_board, already_shot"),
        ({"result": "invalid"}, "an invalid shot needs a refusal, and only an invalid shot has one"),
        ({"result": "hit", "refusal": "off_board"}, "an invalid shot needs a refusal, and only an invalid shot has one"),
        ({"result": "miss", "refusal": "already_shot"}, "an invalid shot needs a refusal, and only an invalid shot has one"),
    ],
)
def test_a_shot_outcome_wants_a_refusal_exactly_when_it_is_invalid(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ShotOutcome(**kwargs)
    assert ShotOutcome("invalid", refusal="off_board").refusal == "off_board"  # the one combination taken


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: Fleet(None), TypeError, r"a fleet is made of ShipClass objects or \(name, symbol, length\[, count\]\) tuples, got None"),
        (lambda: Fleet(42), TypeError, "a fleet is made of .* got 42$"),
        (lambda: Fleet("CC5"), TypeError, "a fleet is made of .* got 'CC5'$"),  # a str is not a list of ships
        (lambda: Rng(1).below(None), TypeError, "^n must be an int, got None$"),
        (lambda: Rng(1).below(True), TypeError, "^n must be an int, got True$"),
        (lambda: Rng(1).below(2.0), TypeError, "^n must be an int, got 2.0$"),
        (lambda: TargetView().known_sunk(None), TypeError, "^ship must be an int, got None$"),
        (lambda: TargetView().known_sunk(2**70), IndexError, f"^ship {2**70} is not in the fleet$"),
        (lambda: TargetView().record("A1", None), TypeError, "^outcome must be a battleship.ShotOutcome, got None$"),
        (lambda: TargetView().record("A1", "miss"), TypeError, "^outcome must be a battleship.ShotOutcome, got 'miss'$"),
        (lambda: battleship.Posterior().record("A1", None), TypeError, "^outcome must be a battleship.ShotOutcome, got None$"),
    ],
)
def test_arguments_of_the_wrong_type_are_named_not_answered_with_the_signature(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_refused_answer_records_nothing_and_a_fleet_still_takes_any_iterable():
    view = TargetView()
    with pytest.raises(TypeError):
        view.record("A1", None)
    assert view.shots_fired == 0 and not view.known_sunk(0)
    view.record("A1", ShotOutcome("sunk", ship=np.int64(4)))
    assert view.known_sunk(np.int64(4)) and view.shots_fired == 1
    assert Fleet(iter(Fleet.classic().classes)) == Fleet.classic()
    assert Rng(5).below(np.uint8(7)) == Rng(5).below(7)


def test_format_cell_names_an_unknown_notation():
    with pytest.raises(ValueError, match="unknown notation 'bogus'; allowed: letter_number, number_letter, bbm103, cs32"):
        battleship.format_cell((0, 0), "bogus")


@pytest.mark.parametrize("n", [0, 2**32, -1, 2**64 - 1, -(2**70)])
def test_rng_below_takes_1_to_2_to_the_32_exclusive(n):
    with pytest.raises(ValueError, match=rf"below\(n\) needs 1 <= n < 2\*\*32, got {n}"):
        Rng(1).below(n)
    assert Rng(1).below(1) == 0 and 0 <= Rng(1).below(2**32 - 1) < 2**32 - 1  # the bounds themselves are taken


def _tampered_rng_pickle(state: object) -> bytes:
    """A pickle of an Rng whose state was replaced by ``state``, as a corrupted or forged file would hold."""

    class Tamper(pickle.Pickler):
        def reducer_override(self, obj):
            return (copyreg.__newobj__, (Rng,), state) if isinstance(obj, Rng) else NotImplemented

    buffer = io.BytesIO()
    Tamper(buffer).dump(Rng(1))
    return buffer.getvalue()


@pytest.mark.parametrize(
    "state, error, message",
    [
        ((1, 2, 3), ValueError, "an Rng state is 4 ints"),
        ((1, 2, 3, 4, 5), ValueError, "an Rng state is 4 ints"),
        ((), ValueError, "an Rng state is 4 ints"),
        ((1, 2, 3, "x"), TypeError, "an Rng state word must be an int, got 'x'"),
        ((1, 2, 3, -1), ValueError, "an Rng state word must be >= 0, got -1"),
    ],
)
def test_an_rng_state_that_is_not_4_words_is_refused_when_unpickled(state, error, message):
    good = Rng(5).__getstate__()
    assert pickle.loads(_tampered_rng_pickle(good)) == Rng(5)  # the forged pickle does reach Rng.__setstate__
    with pytest.raises(error, match=message):
        pickle.loads(_tampered_rng_pickle(state))
    with pytest.raises(error, match=message):
        Rng.__new__(Rng).__setstate__(state)


@pytest.mark.parametrize(
    "state, error, message",
    [
        (("A", "a", 3), ValueError, r"a ShipClass state is \(name, symbol, length, count\)"),
        (("A", "a", "3", 1), TypeError, "a ship's length must be an int, got '3'"),
        (("A", "a", 3, 2**40), ValueError, r"^a ship's count must be <= 2147483647, got 1099511627776$"),
    ],
)
def test_a_ship_class_state_is_converted_as_the_constructor_converts(state, error, message):
    assert ShipClass.__new__(ShipClass).__setstate__(("A", "a", 3, 2)) is None  # a good state is taken
    with pytest.raises(error, match=message):
        ShipClass.__new__(ShipClass).__setstate__(state)


def test_unplacing_a_ship_that_is_not_placed_is_refused_and_changes_nothing():
    ocean = Ocean()
    ocean.place(1, "A1")
    before = ocean.copy()
    with pytest.raises(battleship.PlacementError, match="cannot remove ship 0: that ship is not on the board"):
        ocean.unplace(0)
    assert ocean == before and ocean.is_placed(1) and not ocean.is_placed(0)


def test_a_python_placer_that_returns_false_without_placing_is_refused_by_name():
    class Refuses:
        def place(self, ocean, rng):
            return False

    ocean = Ocean(8, 9)
    with pytest.raises(ValueError, match="the placer could not lay out this fleet on a 8 x 9 board"):
        ocean.place_randomly(Refuses(), rng=1)
    assert not any(ocean.is_placed(ship) for ship in range(ocean.ship_count))


@pytest.mark.parametrize(
    "state, error, message",
    [
        (("hit", 2), ValueError, r"^a ShotOutcome state is \(result, ship, refusal\)$"),
        (("hit", 2, None, None), ValueError, r"^a ShotOutcome state is \(result, ship, refusal\)$"),
        (("splash", None, None), ValueError, "unknown shot result 'splash'"),
    ],
)
def test_a_shot_outcome_state_is_converted_as_the_constructor_converts(state, error, message):
    good = ShotOutcome("sunk", 3).__getstate__()
    restored = ShotOutcome.__new__(ShotOutcome)
    restored.__setstate__(good)
    assert restored == ShotOutcome("sunk", 3)  # a good state is taken
    assert pickle.loads(pickle.dumps(ShotOutcome("invalid", refusal="off_board"))) == ShotOutcome(
        "invalid", refusal="off_board"
    )
    with pytest.raises(error, match=message):
        ShotOutcome.__new__(ShotOutcome).__setstate__(state)


def test_a_posterior_takes_up_to_max_samples():
    # A million per estimate, in a call Ctrl-C cannot stop, is the most it takes; on a board
    # whose layouts are counted the number does not matter, and the limit itself is taken.
    tiny = battleship.Posterior(3, 3, Fleet([("Boat", "B", 2)]), samples=battleship.posterior.MAX_SAMPLES)
    assert tiny.exact and battleship.posterior.MAX_SAMPLES == 1_000_000


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"result": "miss", "ship": 3}, "only a hit or a sinking names a ship; a miss named ship 3"),
        ({"result": "invalid", "ship": 2, "refusal": "off_board"}, "only a hit or a sinking names a ship; an invalid shot named ship 2"),
    ],
)
def test_a_shot_outcome_that_is_no_hit_names_no_ship(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        ShotOutcome(**kwargs)
    assert ShotOutcome("hit", ship=3).ship == 3 and ShotOutcome("sunk", ship=0).ship == 0


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: Fleet.classic().problem(1 << 40, 1), ValueError, "^rows must be <= 2147483647, got 1099511627776$"),
        (lambda: Fleet.classic().problem("10", 10), TypeError, "rows must be an int, got '10'"),
        (lambda: Fleet.classic().ship(2**63), IndexError, f"ship {2**63} is not in a fleet of 5 ships"),
        (lambda: Fleet.classic().ship("0"), TypeError, "id must be an int, got '0'"),
        (lambda: battleship.Game()._impl.ocean(2**70), IndexError, f"player must be 0 or 1, got {2**70}$"),
    ],
)
def test_fleet_and_game_indices_name_the_value_given(call, error, message):
    with pytest.raises(error, match=message):
        call()
    assert Fleet.classic().problem(10, 10) is None and Fleet.classic().ship(np.int64(4))["length"] == 2


@pytest.mark.parametrize("notation", ["letter_number", "number_letter", "bbm103", "cs32"])
def test_format_cell_writes_only_what_parse_cell_reads_back(notation):
    rows, cols = (1_000_000, 1_000_000) if notation == "cs32" else (999_999, 26 + 26**2 + 26**3)
    for cell in [(rows - 1, 0), (0, cols - 1), (rows - 1, cols - 1)]:
        assert battleship.parse_cell(battleship.format_cell(cell, notation)) == cell
    for cell in [(rows, 0), (0, cols), (2**30 - 1, 2**30 - 1)]:
        with pytest.raises(ValueError, match=f"so that parse_cell reads it back: rows below {rows} and columns below {cols} only"):
            battleship.format_cell(cell, notation)
