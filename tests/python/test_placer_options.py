"""SpreadPlacer(candidates=...) and ElusivePlacer(candidates=..., shortlist=..., rehearsals=...):
the engine's options of the two placers that make density shooters work harder."""

from __future__ import annotations

import pickle

import pytest

import battleship
from battleship import ElusivePlacer, Fleet, Ocean, SpreadPlacer, UniformPlacer, simulate

SEEDS = range(12)


def layouts(placer, seeds=SEEDS) -> list:
    """The classic fleet laid out on 10 x 10 by ``placer``, one ocean a seed."""
    oceans = []
    for seed in seeds:
        ocean = Ocean(10, 10, Fleet.classic())
        ocean.place_randomly(placer, seed)
        assert ocean.all_placed
        oceans.append(ocean)
    return oceans


def test_spread_with_one_candidate_lays_out_what_uniform_does():
    assert layouts(SpreadPlacer(candidates=1)) == layouts(UniformPlacer())
    # The option reaches the engine: its default 16 candidates keep other layouts.
    assert layouts(SpreadPlacer(candidates=16)) == layouts(SpreadPlacer())
    assert layouts(SpreadPlacer()) != layouts(UniformPlacer())


def test_elusive_without_rehearsals_keeps_the_least_central_as_spread_does():
    assert layouts(ElusivePlacer(candidates=8, rehearsals=0)) == layouts(SpreadPlacer(candidates=8))
    # A shortlist of one rehearses the least central layout only, and keeps it.
    assert layouts(ElusivePlacer(candidates=8, shortlist=1)) == layouts(SpreadPlacer(candidates=8))
    # With rehearsals over a shortlist it keeps another layout now and then.
    assert layouts(ElusivePlacer(candidates=8, shortlist=4)) != layouts(SpreadPlacer(candidates=8))


def test_more_candidates_make_probability_need_more_shots():
    # Fixed seed: 2,000 games each, the same seeds for both placers.
    few = simulate("probability", 2000, seed=11, placer=SpreadPlacer(candidates=2), progress=False)
    many = simulate("probability", 2000, seed=11, placer=SpreadPlacer(candidates=64), progress=False)
    assert many.mean > few.mean + 1.0


def test_the_options_are_part_of_the_placer_s_identity():
    spread = SpreadPlacer(candidates=4)
    assert spread.candidates == 4 and SpreadPlacer().candidates is None
    assert spread == SpreadPlacer(candidates=4) != SpreadPlacer()
    assert hash(spread) == hash(SpreadPlacer(candidates=4))
    assert repr(spread) == "battleship.SpreadPlacer(candidates=4)"
    assert repr(SpreadPlacer(search_budget=7, candidates=4)) == "battleship.SpreadPlacer(search_budget=7, candidates=4)"
    elusive = ElusivePlacer(candidates=32, shortlist=4, rehearsals=1)
    assert (elusive.candidates, elusive.shortlist, elusive.rehearsals) == (32, 4, 1)
    assert repr(elusive) == "battleship.ElusivePlacer(candidates=32, shortlist=4, rehearsals=1)"
    assert elusive != ElusivePlacer(candidates=32, shortlist=4) != ElusivePlacer()
    assert ElusivePlacer(rehearsals=0) != SpreadPlacer() and ElusivePlacer() == battleship.placer("elusive")
    for placer in (spread, elusive):
        twin = pickle.loads(pickle.dumps(placer))
        assert twin == placer and layouts(twin, range(2)) == layouts(placer, range(2))
    # A run's setup names them: pieces with other options are other runs.
    run = simulate("random", 4, placer=spread, progress=False)
    assert run.setup is not None and run.setup.placers == ("spread (candidates 4)",)
    with pytest.raises(ValueError, match=r"placer 'spread' and 'spread \(candidates 4\)'"):
        battleship.combine([simulate("random", 4, first_game=4, placer="spread", progress=False), run])


@pytest.mark.parametrize(
    "make, error, message",
    [
        (lambda: SpreadPlacer(candidates=0), ValueError, "candidates must be >= 1, got 0"),
        (lambda: ElusivePlacer(shortlist=0), ValueError, "shortlist must be >= 1, got 0"),
        (lambda: ElusivePlacer(rehearsals=-1), ValueError, "rehearsals must be >= 0, got -1"),
        (lambda: ElusivePlacer(candidates=1, shortlist=5), ValueError,
         r"shortlist 5 is more than the 1 candidates elusive draws \(it rehearses some of those\)"),
        (lambda: ElusivePlacer(shortlist=300), ValueError,
         "shortlist 300 is more than the 256 candidates elusive draws by default"),
        (lambda: ElusivePlacer(candidates=2**31), ValueError, "candidates must be <= 2147483647"),
        (lambda: SpreadPlacer(candidates=2.5), TypeError, "candidates must be an int, got 2.5"),
        (lambda: ElusivePlacer(rehearsals=True), TypeError, "rehearsals must be an int, got True"),
    ],
)
def test_bad_options_are_refused(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_the_engine_refuses_options_a_placer_does_not_take():
    settings = battleship._core.UniformPlacerSettings
    with pytest.raises(ValueError, match="the uniform placer takes no candidates"):
        settings(300_000, "uniform", candidates=4)
    with pytest.raises(ValueError, match="the spread placer takes no shortlist"):
        settings(300_000, "spread", shortlist=4)
    with pytest.raises(ValueError, match="the spread placer takes no rehearsals"):
        settings(300_000, "spread", rehearsals=0)
    with pytest.raises(ValueError, match="candidates must be from 1 to 2\\*\\*31 - 1, got 0"):
        settings(300_000, "elusive", candidates=0)
    with pytest.raises(TypeError):
        settings(300_000, "elusive", rehearsals="two")
    made = settings(300_000, "elusive", candidates=32, shortlist=4, rehearsals=1)
    assert (made.candidates, made.shortlist, made.rehearsals) == (32, 4, 1)
    # A shortlist of every candidate is allowed: it rehearses them all.
    assert settings(300_000, "elusive", candidates=4, shortlist=4).shortlist == 4
    assert settings(300_000, "elusive", shortlist=256).shortlist == 256
    assert repr(made) == (
        "UniformPlacerSettings(search_budget=300000, placer='elusive', candidates=32, shortlist=4, rehearsals=1)"
    )
    assert pickle.loads(pickle.dumps(made)) == made != settings(300_000, "elusive")
    assert hash(made) == hash(settings(300_000, "elusive", candidates=32, shortlist=4, rehearsals=1))
    # Settings pickled before spread and elusive took options load with the placer's defaults.
    old = settings.__new__(settings)
    old.__setstate__((300_000, "spread"))
    assert old == settings(300_000, "spread") and old.candidates is None
    with pytest.raises(ValueError, match="bad UniformPlacerSettings state"):
        settings.__new__(settings).__setstate__((300_000, "spread", 4))


@pytest.mark.parametrize("make", [UniformPlacer, SpreadPlacer, ElusivePlacer])
def test_the_settings_are_read_only_and_older_pickles_still_load(make):
    placer = make(search_budget=7)
    with pytest.raises(AttributeError):
        placer.search_budget = 8  # the engine's settings were made with 7
    # What these objects pickled before they took options: a public search_budget, no options.
    older = make(search_budget=7)
    vars(older).clear()
    vars(older).update(name=placer.name, search_budget=7, _settings=placer.engine_spec)
    twin = pickle.loads(pickle.dumps(older))
    assert twin == placer and twin.search_budget == 7 and repr(twin) == repr(placer)
    assert all(getattr(twin, key, None) is None for key in ("candidates", "shortlist", "rehearsals"))
    assert layouts(twin, range(2)) == layouts(placer, range(2))


def test_a_setting_given_at_its_default_is_the_placer_left_at_its_default():
    # The same layouts, so the same placer: `combine` refused a piece run with --candidates 16
    # beside one run without ("placer 'spread' and 'spread (candidates 16)'").
    budget = battleship._core.UniformPlacerSettings.default_search_budget
    for explicit, plain in (
        (SpreadPlacer(candidates=16), battleship.placer("spread")),
        (ElusivePlacer(candidates=256, shortlist=16, rehearsals=2), battleship.placer("elusive")),
        (UniformPlacer(search_budget=budget), battleship.placer("uniform")),
    ):
        assert explicit == plain and hash(explicit) == hash(plain) and repr(explicit) == repr(plain)
        first = simulate("hunt_target", 20, placer=plain, seed=3, progress=False)
        second = simulate("hunt_target", 20, placer=explicit, seed=3, first_game=20, progress=False)
        whole = simulate("hunt_target", 40, placer=plain, seed=3, progress=False)
        assert battleship.combine([first, second]) == whole and second.setup == whole.setup
    # A setting away from its default is still told apart.
    assert SpreadPlacer(candidates=17) != battleship.placer("spread")
    a = simulate("hunt_target", 20, placer=SpreadPlacer(candidates=17), seed=3, first_game=20, progress=False)
    with pytest.raises(ValueError, match=r"placer 'spread' and 'spread \(candidates 17\)'"):
        battleship.combine([simulate("hunt_target", 20, placer="spread", seed=3, progress=False), a])
