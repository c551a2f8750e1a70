"""The Gymnasium environment (battleship.envs): the API contract, the rules it keeps, refusals."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import battleship
from battleship.envs import ENV_ID, HIT, MISS, SUNK, UNKNOWN, BattleshipEnv, BattleshipVectorEnv, DuelEnv


def ship_cells(env: BattleshipEnv) -> set[tuple[int, int]]:
    ships = env.ocean.ships
    return {(int(r), int(c)) for r, c in zip(*np.nonzero(ships >= 0))}


def play_suggested(env: BattleshipEnv, seed: int, shooter: str = "probability") -> tuple[float, int, dict]:
    env.reset(seed=seed)
    total, done, info = 0.0, False, {}
    while not done:
        _, reward, terminated, truncated, info = env.step(env.suggest(shooter))
        total += reward
        done = terminated or truncated
    return total, env.view.shots_fired, info


def test_passes_gymnasium_s_own_checker():
    for mode in ("ansi", "rgb_array"):  # made by gymnasium.make, so the checker sees every mode
        check_env(gymnasium.make(ENV_ID, render_mode=mode).unwrapped, skip_render_check=False)
    boat = battleship.Fleet([battleship.ShipClass("Boat", "B", 2)])
    check_env(gymnasium.make(ENV_ID, rows=4, cols=5, fleet=boat).unwrapped)


def test_make_knows_both_ids():
    env = gymnasium.make(ENV_ID, rows=6, cols=6, fleet=battleship.Fleet([battleship.ShipClass("Sub", "S", 3)]))
    obs, info = env.reset(seed=1)
    assert obs["board"].shape == (6, 6)
    env = gymnasium.make("battleship.envs:" + ENV_ID)
    assert env.unwrapped.rows == 10


def test_an_episode_sinks_the_fleet_and_its_return_counts_the_shots():
    env = BattleshipEnv()
    total, shots, info = play_suggested(env, seed=5)
    assert env.ocean.all_sunk
    assert total == -shots == -info["steps"]
    obs = env._observation()
    struck = {(int(r), int(c)) for r, c in zip(*np.nonzero(obs["board"] >= HIT))}
    assert struck == ship_cells(env)  # every hit is a ship cell and every ship cell was hit
    assert (obs["board"] == SUNK).sum() == env.ship_count  # one sinking shot a ship
    assert not obs["afloat"].any()
    assert (obs["board"] != UNKNOWN).sum() == shots


def test_suggestions_play_as_the_engine_s_shooter_does():
    # probability averages 44.2 shots over 1,000,000 games (docs/expert.md); 60 games of its
    # suggestions must land in the band a 60-game mean keeps (standard deviation about 8.6).
    env = BattleshipEnv()
    shots = [play_suggested(env, seed)[1] for seed in range(60)]
    assert 41.0 < float(np.mean(shots)) < 47.5
    hunt = [play_suggested(env, seed, "hunt_target")[1] for seed in range(60)]
    assert float(np.mean(hunt)) > float(np.mean(shots)) + 10  # hunt_target averages 66


def test_a_teacher_asked_mid_episode_catches_up():
    env = BattleshipEnv()
    env.reset(seed=11)
    for _ in range(12):
        env.step(env.suggest("parity"))
    late = env.suggest("probability")
    fresh = BattleshipEnv()
    fresh.reset(seed=11)
    for _ in range(12):
        fresh.step(fresh.suggest("parity"))
        fresh.suggest("probability")  # followed from the first shot
    assert fresh.suggest("probability") == late
    assert env.action_masks()[late]


def test_same_seed_same_layout_and_advice_other_seed_other_layout():
    a, b = BattleshipEnv(), BattleshipEnv()
    a.reset(seed=3)
    b.reset(seed=3)
    assert np.array_equal(a.ocean.ships, b.ocean.ships)
    for _ in range(20):
        move = a.suggest("probability")
        assert b.suggest("probability") == move
        assert np.array_equal(a.step(move)[0]["board"], b.step(move)[0]["board"])
    b.reset(seed=4)
    assert not np.array_equal(a.ocean.ships, b.ocean.ships)


def test_a_repeated_shot_changes_nothing_but_costs_its_step():
    env = BattleshipEnv()
    env.reset(seed=2)
    first = env.step(0)
    obs, reward, terminated, truncated, info = env.step(0)
    assert info["outcome"] == "repeat" and reward == -1.0
    assert np.array_equal(obs["board"], first[0]["board"])
    assert info["steps"] == 2 and info["shots"] == 1
    assert not info["action_mask"][0] and info["action_mask"].sum() == 99


def test_observation_codes_follow_the_truth():
    env = BattleshipEnv()
    env.reset(seed=8)
    ships = env.ocean.ships
    for index in range(100):
        obs, _, terminated, _, info = env.step(index)
        r, c = divmod(index, 10)
        expected = MISS if ships[r, c] < 0 else (SUNK if info["outcome"] == "sunk" else HIT)
        assert obs["board"][r, c] == expected
        if terminated:
            break
    assert terminated


@pytest.mark.parametrize("disclosure", ["hit_only", "hit_and_sunk", "sunk_with_name"])
def test_the_agent_is_told_only_what_the_disclosure_rule_reveals(disclosure):
    env = BattleshipEnv(rules=battleship.Rules(disclosure=disclosure))
    env.reset(seed=4)
    destroyer = next(i for i in range(env.ship_count) if env.fleet.ship(i)["length"] == 2)
    cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(env.ocean.ships == destroyer))]
    for r, c in cells:
        obs, _, _, _, info = env.step(r * 10 + c)
    last = cells[-1]
    if disclosure == "hit_only":
        assert obs["board"][last] == HIT and info["outcome"] == "hit"
        assert "sunk_ship" not in info and obs["afloat"].all()
    elif disclosure == "hit_and_sunk":
        assert obs["board"][last] == SUNK and "sunk_ship" not in info and obs["afloat"].all()
    else:
        assert obs["board"][last] == SUNK and info["sunk_ship"] == env.fleet.ship(destroyer)["name"]
        assert obs["afloat"][destroyer] == 0 and obs["afloat"].sum() == env.ship_count - 1


def test_truncation_by_steps_and_by_the_shot_cap():
    env = BattleshipEnv(max_steps=3)
    env.reset(seed=1)
    results = [env.step(0)[2:4] for _ in range(3)]  # a repeated cell: never sinks the fleet
    assert results == [(False, False), (False, False), (False, True)]
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before step\(\): no episode is under way"):
        env.step(1)
    capped = BattleshipEnv(rules=battleship.Rules(shot_cap=4))
    capped.reset(seed=1)
    truncated = [capped.step(i)[3] for i in range(4)]
    assert truncated == [False, False, False, True] and capped.view.shots_fired == 4


def test_max_steps_defaults_to_the_documented_multiple_of_the_board_s_cells():
    boat = battleship.Fleet([battleship.ShipClass("Boat", "B", 2)])
    assert BattleshipEnv(rows=3, cols=4, fleet=boat).max_steps == 2 * 12
    assert DuelEnv(rows=3, cols=4, fleet=boat).max_steps == 4 * 12
    assert BattleshipVectorEnv(2, rows=3, cols=4, fleet=boat).max_steps == 2 * 12
    assert BattleshipEnv(rows=3, cols=4, fleet=boat, max_steps=5).max_steps == 5
    # The default is what truncates: a repeated cell never sinks the boat.
    env = BattleshipEnv(rows=3, cols=4, fleet=boat)
    env.reset(seed=1)
    assert [env.step(0)[3] for _ in range(24)] == [False] * 23 + [True]


def test_a_chosen_layout_is_played():
    layout = battleship.Ocean()
    layout.place_randomly("uniform", rng=99)
    env = BattleshipEnv()
    env.reset(seed=1, options={"ocean": layout})
    assert np.array_equal(env.ocean.ships, layout.ships)


class _Switchable:
    """Lays out uniform draws, or fails (returns False) while ``fail`` is set."""

    def __init__(self) -> None:
        self.fail = False

    def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
        if self.fail:
            return False
        ocean.place_randomly("uniform", rng)
        return True


@pytest.mark.parametrize("make", [BattleshipEnv, DuelEnv])
def test_a_seed_that_is_not_a_non_negative_int_is_refused_by_name(make):
    env = make()
    with pytest.raises(ValueError, match=r"^seed must be >= 0, got -1$"):
        env.reset(seed=-1)
    with pytest.raises(TypeError, match=r"^seed must be an int, got 1.5$"):
        env.reset(seed=1.5)
    env.reset(seed=2**64)  # any size Gymnasium takes
    # A NumPy integer is a seed, the same one (Gymnasium itself refuses it; the vector env took it).
    env.reset(seed=np.int64(5))
    twin = make()
    twin.reset(seed=5)
    assert env.np_random.bit_generator.state == twin.np_random.bit_generator.state


def test_a_placer_that_fails_in_reset_changes_nothing_not_even_the_generator():
    for seeded in (None, 9):  # a seeded reset replaces the generator, an unseeded one draws from it
        placer = _Switchable()
        env, same = BattleshipEnv(placer=placer), BattleshipEnv(placer=_Switchable())
        env.reset(seed=3)
        same.reset(seed=3)
        placer.fail = True
        with pytest.raises(ValueError):
            env.reset(seed=seeded)
        placer.fail = False
        env.reset()
        same.reset()
        assert np.array_equal(env.ocean.ships, same.ocean.ships)
        placer = _Switchable()
        duel, other = DuelEnv(placer=placer, first="random"), DuelEnv(placer=_Switchable(), first="random")
        duel.reset(seed=3)
        other.reset(seed=3)
        placer.fail = True
        with pytest.raises(ValueError):
            duel.reset(seed=seeded)
        placer.fail = False
        got, expected = duel.reset()[0], other.reset()[0]
        assert all(np.array_equal(got[key], expected[key]) for key in expected), seeded  # own fleet, who moved


def test_a_refused_layout_leaves_the_episode_under_way():
    env = BattleshipEnv(rules=battleship.Rules(touching="no_contact"))
    env.reset(seed=6)
    env.step(55)
    before = env.ocean.ships.copy()
    touching = battleship.Ocean()
    touching.place(0, "A1", "horizontal")
    touching.place(1, "A2", "horizontal")  # under the carrier's row: touches it
    for ship, cell in zip(range(2, 5), [(9, 0), (7, 0), (5, 0)]):
        touching.place(ship, cell, "horizontal")
    with pytest.raises(battleship.PlacementError, match=r"ship 1 \(Battleship\) at A2 \(1, 0\), horizontal: the ship would touch"):
        env.reset(options={"ocean": touching})
    with pytest.raises(ValueError, match=r"options\['ocean'\] must have this environment's board size and fleet"):
        env.reset(options={"ocean": battleship.Ocean(8, 8)})
    with pytest.raises(TypeError, match=r"options\['ocean'\] must be a battleship.Ocean, got 'A1'"):
        env.reset(options={"ocean": "A1"})
    with pytest.raises(ValueError, match=r"BattleshipEnv.reset knows the options 'ocean', not \['oceans'\]"):
        env.reset(options={"oceans": touching})  # misspelt: refused, not ignored
    assert np.array_equal(env.ocean.ships, before)
    same = BattleshipEnv(rules=battleship.Rules(touching="no_contact"))
    same.reset(seed=6)
    same.step(55)
    assert env.suggest("random") == same.suggest("random")  # advice is seeded as before
    assert env.step(56)[4]["steps"] == 2  # the episode goes on
    env.reset()  # nor did the generator move: the next episode is the one it would have been
    same.reset()
    assert np.array_equal(env.ocean.ships, same.ocean.ships)


@pytest.mark.parametrize(
    "action, error, message",
    [
        (100, ValueError, "action 100 is not a cell index of this 10 x 10 board"),
        (-1, ValueError, "action -1 is not a cell index of this 10 x 10 board"),
        (2**64, ValueError, "action 18446744073709551616 is not a cell index of this 10 x 10 board"),
        ("A1", TypeError, r"an action is a cell index \(an int\), got 'A1'"),
        (1.5, TypeError, r"an action is a cell index \(an int\), got 1.5"),
        (True, TypeError, r"an action is a cell index \(an int\), got True"),
        ([1, 2], TypeError, r"an action is a cell index \(an int\), got \[1, 2\]"),
        # not even an array: NumPy refuses the ragged list before the type is looked at
        ([[0], [1, 2]], TypeError, r"an action is a cell index \(an int\), got \[\[0\], \[1, 2\]\]"),
    ],
)
def test_a_bad_action_raises_and_changes_nothing(action, error, message):
    env = BattleshipEnv()
    env.reset(seed=1)
    env.step(3)
    with pytest.raises(error, match=message):
        env.step(action)
    assert env.view.shots_fired == 1 and env.step(4)[4]["steps"] == 2
    assert env.step(np.int64(5))[4]["shots"] == 3  # NumPy integers are cell indices too


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"placer": "nonsense"}, ValueError, "unknown placer 'nonsense'; known: uniform"),
        ({"render_mode": "human"}, ValueError, "render_mode must be None, 'ansi' or 'rgb_array', got 'human'"),
        ({"max_steps": 0}, ValueError, "max_steps must be >= 1, got 0"),
        ({"rows": 0}, ValueError, "a board needs at least 1 row and 1 column, got 0 x 10"),
        ({"rows": 2, "cols": 2}, ValueError, r"'Carrier' \(length 5\) does not fit on a 2 x 2 board"),
        ({"fleet": "classic"}, TypeError, "fleet must be a battleship.Fleet, got 'classic'"),
    ],
)
def test_bad_arguments_are_refused_at_construction(kwargs, error, message):
    with pytest.raises(error, match=message):
        BattleshipEnv(**kwargs)


@pytest.mark.parametrize(
    "make",
    [
        lambda **kw: BattleshipEnv(**kw),
        lambda **kw: battleship.envs.DuelEnv(**kw),
        lambda **kw: battleship.envs.BattleshipVectorEnv(2, **kw),
    ],
)
def test_a_fleet_that_cannot_be_laid_out_under_the_touching_rule_is_refused_at_construction(make):
    # 17 cells fit a 1 x 17 row, but not with a gap between the ships (no contact)
    with pytest.raises(ValueError, match=r"cannot be laid out on a 1 x 17 board with touching='no_contact'"):
        make(rows=1, cols=17, rules=battleship.Rules.named("no_contact"))
    make(rows=1, cols=21, rules=battleship.Rules.named("no_contact")).reset(seed=0)  # 4 gaps: fits


def test_the_ocean_and_view_it_shows_are_copies_that_cannot_change_the_episode():
    env = BattleshipEnv()
    env.reset(seed=0)
    env.step(0)
    ocean, view = env.ocean, env.view
    for cell in zip(*np.nonzero(ocean.ships >= 0)):
        ocean.fire((int(cell[0]), int(cell[1])))
    view.add_pending((5, 5))
    assert ocean.all_sunk and not env.ocean.all_sunk
    assert env.view.shots_fired == 1 and not env.view.pending.any()
    _, _, terminated, _, info = env.step(1)
    assert not terminated and info["shots"] == 2


def test_step_and_suggest_need_an_episode():
    env = BattleshipEnv()
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before step\(\): no episode is under way"):
        env.step(0)
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before suggest\(\): no episode is under way"):
        env.suggest()
    env.reset(seed=1)
    with pytest.raises(ValueError, match="unknown shooter"):
        env.suggest("nonsense")


def test_render_text_and_picture():
    env = BattleshipEnv(render_mode="ansi")
    env.reset(seed=2)
    cell = next(iter(sorted(ship_cells(env))))
    env.step(cell[0] * 10 + cell[1])
    text = env.render()
    assert "X" in text and "shots 1" in text
    picture = BattleshipEnv(render_mode="rgb_array")
    picture.reset(seed=2)
    picture.step(cell[0] * 10 + cell[1])
    image = picture.render()
    assert image.shape == (160, 160, 3) and image.dtype == np.uint8
    centre = image[cell[0] * 16 + 8, cell[1] * 16 + 8]
    assert tuple(centre) == (231, 76, 60)  # the hit colour
    other = (cell[0] + 5) % 10, cell[1]  # not shot: the colour of unknown water
    assert tuple(image[other[0] * 16 + 8, other[1] * 16 + 8]) == (219, 233, 246)
    assert tuple(image[cell[0] * 16, cell[1] * 16 + 8]) == (127, 140, 141)  # the grid line
    assert BattleshipEnv().render() is None


def test_gymnasium_wrappers_apply():
    env = gymnasium.wrappers.FlattenObservation(BattleshipEnv())
    obs, _ = env.reset(seed=1)
    assert obs.shape == (100 + 5,)


def test_volley_rules_do_not_apply_to_a_solo_game():
    # As in simulate: each answer comes at once, so a salvo rule changes nothing here.
    salvo = BattleshipEnv(rules=battleship.Rules(volley="fixed_salvo", salvo_size=3))
    single = BattleshipEnv()
    for env in (salvo, single):
        env.reset(seed=12)
    done = False
    while not done:
        move = single.suggest("probability")
        assert salvo.suggest("probability") == move
        a, b = salvo.step(move), single.step(move)
        assert np.array_equal(a[0]["board"], b[0]["board"]) and a[2:4] == b[2:4]
        done = a[2] or a[3]
    assert salvo.ocean.all_sunk


def test_large_boards_and_other_fleets_play_to_the_end():
    env = BattleshipEnv(rows=20, cols=30, fleet=battleship.Fleet.russian(), rules=battleship.Rules.named("russian"))
    total, shots, info = play_suggested(env, seed=3, shooter="parity")
    assert env.ocean.all_sunk and total == -shots
    assert env._observation()["board"].shape == (20, 30)
    assert (env._observation()["board"] == SUNK).sum() == env.ship_count


@pytest.mark.parametrize("make", [BattleshipEnv, DuelEnv, lambda: BattleshipVectorEnv(2), "self_play"])
@pytest.mark.parametrize("options", [5, "ocean", ["ocean"]])
def test_reset_options_that_are_not_a_dict_are_refused_by_name(make, options):
    if make == "self_play":
        pytest.importorskip("pettingzoo")
        from battleship.envs.self_play import SelfPlayEnv as make
    env = make()
    with pytest.raises(TypeError, match=r"\.reset's options must be a dict or None, got "):
        env.reset(options=options)
    env.reset(options={})  # an empty dict is no option, as None is
