"""UniformPlacer(search_budget=...): the uniform placer with a larger search, for crowded fleets
that the engine's default budget (300,000 states) cannot count; SpreadPlacer and ElusivePlacer,
which draw uniform layouts, take it for their draws."""

from __future__ import annotations

import concurrent.futures
import copy
import pickle

import numpy as np
import pytest

import battleship
from battleship import ElusivePlacer, Fleet, Ocean, Rules, SpreadPlacer, UniformPlacer, simulate
from battleship.envs import BattleshipEnv, BattleshipVectorEnv, DuelEnv

# bbm103's fleet on 8 x 8 without contact fits, but random draws never find a layout and
# counting its layouts takes 1.6 million states (uniform.hpp): past the default budget.
CROWDED = {"rows": 8, "cols": 8, "fleet": Fleet.bbm103(), "rules": Rules(touching="no_contact")}
ENOUGH = 2_000_000


def legal_layout(ocean: Ocean) -> bool:
    """Every ship placed where the rules allow it, given the others."""
    if not ocean.all_placed:
        return False
    for ship in range(ocean.ship_count):
        p = ocean.placement(ship)
        assert p is not None
        ocean.unplace(ship)
        if ocean.check_place(ship, p.origin, p.orientation) is not None:
            return False
        ocean.place(ship, p.origin, p.orientation)
    return True


def test_the_default_budget_cannot_lay_out_the_crowded_fleet_and_a_larger_one_can():
    given_up = simulate("random", 2, seed=1, threads=1, progress=False, **CROWDED)
    assert given_up.unplaceable == 2
    placed = simulate("random", 40, seed=1, placer=UniformPlacer(search_budget=ENOUGH), progress=False, **CROWDED)
    assert placed.unplaceable == 0 and placed.finished == 40


def test_a_larger_budget_keeps_runs_deterministic_on_any_thread_count():
    placer = UniformPlacer(search_budget=ENOUGH)
    one = simulate("parity", 30, seed=5, threads=1, placer=placer, progress=False, **CROWDED)
    two = simulate("parity", 30, seed=5, threads=2, placer=placer, progress=False, **CROWDED)
    assert one == two and np.array_equal(one.histogram, two.histogram)


def test_the_budget_changes_nothing_where_random_draws_succeed():
    # The classic fleet is laid out by random draws long before any search: the same layouts.
    default = simulate("parity", 2000, seed=3, game_shots=True, progress=False)
    budgeted = simulate("parity", 2000, seed=3, placer=UniformPlacer(search_budget=ENOUGH), game_shots=True,
                        progress=False)
    assert default.game_shots is not None and budgeted.game_shots is not None
    assert np.array_equal(default.game_shots, budgeted.game_shots)


def test_an_ocean_a_game_and_an_environment_take_it():
    placer = UniformPlacer(search_budget=ENOUGH)
    ocean = Ocean(8, 8, Fleet.bbm103(), touching="no_contact")
    ocean.place_randomly(placer, 4)
    assert legal_layout(ocean)
    again = Ocean(8, 8, Fleet.bbm103(), touching="no_contact")
    assert placer.place(again, battleship.Rng(4))  # the placer called by hand: the same layout
    assert again == ocean
    game = battleship.Game("parity", "random", placers=(placer, placer), **CROWDED)
    assert game.play_to_end().winner in (0, 1)
    assert game.ocean(0).all_placed and game.ocean(1).all_placed
    env = BattleshipEnv(placer=placer, **CROWDED)
    env.reset(seed=2)
    assert env.ocean.all_placed
    duel = DuelEnv(placer=placer, opponent_placer=placer, **CROWDED)
    duel.reset(seed=2)
    vector = BattleshipVectorEnv(num_envs=3, placer=placer, **CROWDED)
    vector.reset(seed=2)  # the engine's batch lays out every env's fleet, or raises
    with pytest.raises(ValueError, match=r"could not lay out the fleet of env 0 on a 8 x 8 board: it fits, but is too "
                                         r"crowded .*battleship.UniformPlacer\(search_budget=3_000_000\)$"):
        BattleshipVectorEnv(num_envs=3, **CROWDED).reset(seed=2)
    with pytest.raises(ValueError, match=r"could not lay out this fleet on a 8 x 8 board: it fits, but is too crowded"):
        BattleshipEnv(**CROWDED).reset(seed=2)  # which the environment took: the fleet fits


def test_matches_and_tournaments_take_it():
    placer = UniformPlacer(search_budget=ENOUGH)
    duel = battleship.match("parity", "random", 6, placers=(placer, placer), progress=False, **CROWDED)
    assert duel.aborted == 0 and duel.wins_a + duel.wins_b + duel.draws == 6
    refused = battleship.match("parity", "random", 2, placers=(placer, "uniform"), threads=1, progress=False,
                               **CROWDED)
    assert refused.aborted == 2  # b's default placer cannot lay out its fleet
    round_robin = battleship.tournament([("parity", placer), ("random", placer)], 4, progress=False, **CROWDED)
    assert sum(s.wins + s.losses + s.draws for s in round_robin.standings) == 8


def counted(placer: UniformPlacer, ocean: Ocean) -> bool:
    """Whether the engine placers made from ``placer`` have counted ``ocean``'s layouts."""
    return bool(placer.engine_spec.has_counted(ocean._impl))


def crowded_ocean() -> Ocean:
    return Ocean(8, 8, Fleet.bbm103(), touching="no_contact")


@pytest.mark.parametrize("first_use", ["ocean", "game", "run on two threads", "environment"])
def test_a_placer_object_counts_a_crowded_fleet_once_wherever_it_is_used(first_use):
    # The count (1.6 million states, about half a second) is made by the first use and serves
    # every later one: before, each Game.place call and each thread of a run counted again.
    placer = UniformPlacer(search_budget=ENOUGH)
    assert not counted(placer, crowded_ocean())
    if first_use == "ocean":
        crowded_ocean().place_randomly(placer, 1)
    elif first_use == "game":
        battleship.Game("parity", "random", placers=(placer, "sequential"), **CROWDED)
    elif first_use == "run on two threads":
        simulate("random", 4, seed=1, threads=2, placer=placer, progress=False, **CROWDED)
    else:
        DuelEnv(placer=placer, opponent_placer="sequential", **CROWDED).reset(seed=1)
    assert counted(placer, crowded_ocean())
    assert not counted(UniformPlacer(search_budget=ENOUGH), crowded_ocean())  # its own object
    assert not counted(placer, Ocean(8, 8, Fleet.bbm103(), touching="no_edge_contact"))


def test_a_placer_object_s_count_changes_no_layout():
    # A warm placer, fresh ones counting each time and an unpickled copy (which counts again)
    # lay out the same fleets.
    kept = UniformPlacer(search_budget=ENOUGH)
    for seed in range(3):
        warm = crowded_ocean()
        warm.place_randomly(kept, seed)
        cold = crowded_ocean()
        cold.place_randomly(UniformPlacer(search_budget=ENOUGH), seed)
        assert warm == cold and legal_layout(warm)
    copied = pickle.loads(pickle.dumps(kept))
    assert counted(kept, crowded_ocean()) and not counted(copied, crowded_ocean())
    again = crowded_ocean()
    again.place_randomly(copied, 2)
    assert again == warm
    run = simulate("random", 6, seed=4, threads=2, placer=kept, game_shots=True, progress=False, **CROWDED)
    fresh = simulate("random", 6, seed=4, threads=1, placer=UniformPlacer(search_budget=ENOUGH),
                     game_shots=True, progress=False, **CROWDED)
    assert run.game_shots is not None and fresh.game_shots is not None
    assert np.array_equal(run.game_shots, fresh.game_shots)


def test_the_default_budget_refuses_the_crowded_fleet_and_changes_nothing():
    ocean = Ocean(8, 8, Fleet.bbm103(), touching="no_contact")
    ocean.place(0, (0, 0), "horizontal")
    before = ocean.copy()
    with pytest.raises(ValueError, match=r"could not lay out this fleet on a 8 x 8 board: it fits, but is too crowded "
                                         r"for the placer to count its layouts within its search budget \(300,000 states\)"
                                         r".*battleship.UniformPlacer\(search_budget=3_000_000\)$"):
        ocean.place_randomly(UniformPlacer(), 4)
    assert ocean == before
    # The hint names the placer that failed; a fleet that cannot fit at all is told so instead.
    with pytest.raises(ValueError, match=r"\(400,000 states\).*battleship.SpreadPlacer\(search_budget=3_000_000\)$"):
        ocean.place_randomly(battleship.SpreadPlacer(search_budget=400_000), 4)
    assert ocean == before
    tight = Ocean(6, 6, Fleet.classic(), touching="no_contact")
    with pytest.raises(ValueError, match=r"6 x 6 board: no layout of it fits under the rule 'no_contact' \(Ocean.fit\(\)\)$"):
        tight.place_randomly("elusive", 1)
    tight.block((0, 0))
    with pytest.raises(ValueError, match=r"no layout of it fits around the blocked cells under the rule 'no_contact'"):
        tight.place_randomly("uniform", 1)


def test_a_budget_is_part_of_the_placer_s_identity():
    assert UniformPlacer() == battleship.placer("uniform") and repr(UniformPlacer()) == "battleship.placer('uniform')"
    placer = UniformPlacer(search_budget=ENOUGH)
    assert placer != UniformPlacer() and placer == UniformPlacer(search_budget=ENOUGH)
    assert hash(placer) == hash(UniformPlacer(search_budget=ENOUGH))
    assert repr(placer) == "battleship.UniformPlacer(search_budget=2000000)"
    assert pickle.loads(pickle.dumps(placer)) == placer
    # A run's setup names the budget: pieces with and without it are different runs.
    run = simulate("random", 5, placer=placer, progress=False)
    assert run.setup is not None and run.setup.placers == ("uniform (search_budget 2000000)",)
    with pytest.raises(ValueError, match="placer 'uniform' and 'uniform \\(search_budget 2000000\\)'"):
        battleship.combine([simulate("random", 5, first_game=5, progress=False), run])


def test_an_environment_holding_a_budgeted_placer_pickles_and_copies():
    env = BattleshipEnv(placer=UniformPlacer(search_budget=ENOUGH), **CROWDED)
    for twin in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        env.reset(seed=3)
        twin.reset(seed=3)
        assert env.ocean.all_placed and twin.ocean == env.ocean  # the same hidden layout
    settings = battleship._core.UniformPlacerSettings(ENOUGH)
    assert pickle.loads(pickle.dumps(settings)) == settings != battleship._core.UniformPlacerSettings(7)
    assert repr(settings) == "UniformPlacerSettings(search_budget=2000000, placer='uniform')"
    # A uniform placer's settings pickled before they named their placer load as the uniform's.
    old = battleship._core.UniformPlacerSettings.__new__(battleship._core.UniformPlacerSettings)
    old.__setstate__((ENOUGH,))
    assert old == settings


def test_a_budgeted_run_splits_over_processes():
    placer = UniformPlacer(search_budget=ENOUGH)
    local = simulate("parity", 12, seed=2, placer=placer, progress=False, **CROWDED)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        remote = simulate("parity", 12, seed=2, placer=placer, progress=False, executor=pool, chunks=2, **CROWDED)
    assert remote == local and remote.unplaceable == 0


@pytest.mark.parametrize(
    "budget, error, message",
    [
        (0, ValueError, "search_budget must be >= 1, got 0"),
        (-3, ValueError, "search_budget must be >= 1, got -3"),
        (2**31, ValueError, "search_budget must be <= 2147483647"),
        (1.5, TypeError, "search_budget must be an int, got 1.5"),
        (True, TypeError, "search_budget must be an int, got True"),
        ("big", TypeError, "search_budget must be an int, got 'big'"),
    ],
)
def test_bad_budgets_are_refused(budget, error, message):
    with pytest.raises(error, match=message):
        UniformPlacer(search_budget=budget)


def test_the_engine_refuses_bad_settings_and_placers_it_does_not_know():
    with pytest.raises(ValueError, match="search_budget must be from 1"):
        battleship._core.UniformPlacerSettings(0)
    with pytest.raises(ValueError, match="placer must be 'uniform', 'spread' or 'elusive', got 'sequential'"):
        battleship._core.UniformPlacerSettings(10, "sequential")
    with pytest.raises(TypeError):
        battleship._core.UniformPlacerSettings(10, 3)
    with pytest.raises(ValueError, match="bad UniformPlacerSettings state"):
        battleship._core.UniformPlacerSettings.__new__(battleship._core.UniformPlacerSettings).__setstate__((1, 2))
    ocean = Ocean()
    ocean.place_randomly("uniform", 1)
    before = ocean.copy()
    with pytest.raises(TypeError, match="place_with takes a built-in placer's name or settings"):
        ocean._impl.place_with(object(), battleship.Rng(1))
    assert ocean == before


# Ten destroyers without contact on 7 x 7: random draws almost never find a layout, and the
# default budget counts the layouts in a few milliseconds, so the default placer draws exactly.
COUNTABLE = {"rows": 7, "cols": 7, "fleet": Fleet([("Destroyer", "D", 2, 10)]), "rules": Rules(touching="no_contact")}


def countable_ocean() -> Ocean:
    return Ocean(7, 7, COUNTABLE["fleet"], touching="no_contact")


def test_every_uniform_placer_object_keeps_its_count_the_default_budget_s_too():
    for placer in (UniformPlacer(), battleship.placer("uniform")):
        assert isinstance(placer, UniformPlacer) and not counted(placer, countable_ocean())
        countable_ocean().place_randomly(placer, 1)
        assert counted(placer, countable_ocean())
    assert UniformPlacer() == battleship.placer("uniform") == battleship.BuiltinPlacer("uniform")
    assert len({UniformPlacer(), battleship.placer("uniform"), battleship.BuiltinPlacer("uniform")}) == 1
    # The name "uniform" (a fresh placer, counting at each call) lays out what a warm object does.
    warm = UniformPlacer()
    for seed in range(3):
        by_object, by_name = countable_ocean(), countable_ocean()
        by_object.place_randomly(warm, seed)
        by_name.place_randomly("uniform", seed)
        assert by_object == by_name and legal_layout(by_name)


@pytest.mark.parametrize("make", [BattleshipEnv, DuelEnv])
def test_an_environment_given_the_uniform_placer_by_name_counts_once_for_all_its_resets(make):
    env = make(**COUNTABLE)  # the default placer, "uniform"
    kept = env._placers[0] if make is DuelEnv else env._placer
    assert not kept.has_counted(countable_ocean()._impl)
    env.reset(seed=1)
    assert kept.has_counted(countable_ocean()._impl)
    # A warm environment lays out what a fresh one does.
    env.reset(seed=2)
    fresh = make(**COUNTABLE)
    fresh.reset(seed=2)
    for warm_ocean, fresh_ocean in zip(oceans(env), oceans(fresh)):
        assert warm_ocean == fresh_ocean and warm_ocean.all_placed


def oceans(env) -> list:
    """The fleets an environment laid out."""
    return [env.ocean] if isinstance(env, BattleshipEnv) else [env._game.ocean(0), env._game.ocean(1)]


# SpreadPlacer and ElusivePlacer: their candidates are uniform draws, with the same budget.
DRAWING = [(SpreadPlacer, "spread"), (ElusivePlacer, "elusive")]


@pytest.mark.parametrize("make, name", DRAWING)
def test_spread_and_elusive_take_a_budget_for_their_draws(make, name):
    # bbm103's crowded fleet: the default budget gives up on every draw (uniform's test above).
    placer = make(search_budget=ENOUGH)
    run = simulate("random", 4, seed=1, placer=placer, game_shots=True, progress=False, **CROWDED)
    assert run.unplaceable == 0 and run.finished == 4
    assert run.setup is not None and run.setup.placers == (f"{name} (search_budget 2000000)",)
    assert counted(placer, crowded_ocean())
    ocean = crowded_ocean()
    ocean.place_randomly(placer, 7)
    assert legal_layout(ocean)


@pytest.mark.parametrize("make, name", DRAWING)
def test_spread_and_elusive_objects_lay_out_what_their_names_do(make, name):
    assert isinstance(battleship.placer(name), make)
    assert make() == battleship.placer(name) == battleship.BuiltinPlacer(name) != UniformPlacer()
    assert len({make(), battleship.placer(name), battleship.BuiltinPlacer(name)}) == 1
    assert repr(make()) == f"battleship.placer('{name}')"
    budgeted = make(search_budget=ENOUGH)
    assert budgeted != make() and budgeted != UniformPlacer(search_budget=ENOUGH)
    assert budgeted == make(search_budget=ENOUGH) and hash(budgeted) == hash(make(search_budget=ENOUGH))
    assert repr(budgeted) == f"battleship.{make.__name__}(search_budget=2000000)"
    assert pickle.loads(pickle.dumps(budgeted)) == budgeted
    # The object's settings build the registry's placer: the name, the object and the engine's
    # placer stepped by hand lay out the same fleets, and the object keeps what its draws count.
    kept = make()
    assert not counted(kept, countable_ocean())
    for seed in range(2):  # an elusive placement here takes most of a second
        by_object, by_name, by_hand = countable_ocean(), countable_ocean(), countable_ocean()
        by_object.place_randomly(kept, seed)
        by_name.place_randomly(name, seed)
        assert battleship.BuiltinPlacer(name).place(by_hand, battleship.Rng(seed))
        assert by_object == by_name == by_hand and legal_layout(by_object)
    assert counted(kept, countable_ocean())


@pytest.mark.parametrize("name", ["spread", "elusive"])
def test_an_environment_given_spread_or_elusive_by_name_counts_once(name):
    env = BattleshipEnv(placer=name, **COUNTABLE)
    assert env._placer.placer == name and not env._placer.has_counted(countable_ocean()._impl)
    env.reset(seed=1)
    assert env._placer.has_counted(countable_ocean()._impl)
    fresh = BattleshipEnv(placer=name, **COUNTABLE)
    env.reset(seed=2)
    fresh.reset(seed=2)
    assert env.ocean == fresh.ocean and legal_layout(env.ocean)
