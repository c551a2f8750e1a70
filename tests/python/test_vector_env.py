"""BattleshipVectorEnv: many solo games stepped in one call, the same games as as many
BattleshipEnv, under Gymnasium's vector conventions (next-step autoreset, batched spaces)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import battleship
from battleship.envs import ENV_ID, BattleshipEnv, BattleshipVectorEnv

BOAT_AND_SUB = battleship.Fleet([battleship.ShipClass("Boat", "B", 2), battleship.ShipClass("Sub", "S", 3)])


def random_actions(info: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    """An open cell for each env (any cell when none is open: that env is starting over)."""
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]])


def assert_same_games(vector: BattleshipVectorEnv, singles: list[BattleshipEnv], steps: int, seed: int) -> int:
    """Steps ``vector`` and ``singles`` side by side with the same random open cells; every
    observation, reward, flag and info must agree. Returns how many games ended."""
    rng = np.random.default_rng(seed)
    obs, info = vector.reset(seed=seed)
    for i, env in enumerate(singles):
        one, one_info = env.reset(seed=seed + i)
        assert np.array_equal(one["board"], obs["board"][i]) and np.array_equal(one["afloat"], obs["afloat"][i])
        assert np.array_equal(one_info["action_mask"], info["action_mask"][i])
    restarting = np.zeros(len(singles), dtype=bool)
    ended = 0
    for _ in range(steps):
        actions = random_actions(info, rng)
        obs, rewards, terminated, truncated, info = vector.step(actions)
        for i, env in enumerate(singles):
            if restarting[i]:  # next-step autoreset: the action is ignored, a new game starts
                one, one_info = env.reset()
                reward, term, trunc = 0.0, False, False
            else:
                one, reward, term, trunc, one_info = env.step(int(actions[i]))
            assert np.array_equal(one["board"], obs["board"][i])
            assert np.array_equal(one["afloat"], obs["afloat"][i])
            assert (reward, term, trunc) == (rewards[i], terminated[i], truncated[i])
            assert np.array_equal(one_info["action_mask"], info["action_mask"][i])
            assert (one_info["shots"], one_info["steps"]) == (info["shots"][i], info["steps"][i])
        restarting = terminated | truncated
        ended += int(restarting.sum())
    return ended


def test_each_env_plays_the_games_of_a_battleship_env_seeded_seed_plus_its_index():
    vector = BattleshipVectorEnv(3)
    assert assert_same_games(vector, [BattleshipEnv() for _ in range(3)], 400, seed=10) >= 3
    for i in range(3):  # the hidden fleets too
        assert vector.ocean(i).all_placed


def test_the_same_holds_for_other_boards_fleets_rules_and_step_limits():
    rules = battleship.Rules(disclosure="hit_and_sunk", shot_cap=12)
    kwargs: dict[str, Any] = dict(rows=5, cols=4, fleet=BOAT_AND_SUB, rules=rules, max_steps=14)
    vector = BattleshipVectorEnv(4, **kwargs)
    assert assert_same_games(vector, [BattleshipEnv(**kwargs) for _ in range(4)], 150, seed=3) > 10
    hit_only = dict(kwargs, rules=battleship.Rules(disclosure="hit_only"), placer="spread")
    vector = BattleshipVectorEnv(2, **hit_only)
    assert assert_same_games(vector, [BattleshipEnv(**hit_only) for _ in range(2)], 100, seed=8) > 2
    large = dict(rows=20, cols=12, fleet=BOAT_AND_SUB)  # the 1,024-cell engine
    vector = BattleshipVectorEnv(2, **large)
    assert assert_same_games(vector, [BattleshipEnv(**large) for _ in range(2)], 300, seed=1) >= 2


def test_make_vec_builds_it_and_the_spaces_are_batched():
    envs = gymnasium.make_vec(ENV_ID, num_envs=5, vectorization_mode="vector_entry_point", rows=6, cols=7)
    assert isinstance(envs.unwrapped, BattleshipVectorEnv)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=0)
    assert obs["board"].shape == (5, 6, 7) and obs["board"].dtype == np.int8
    assert obs["afloat"].shape == (5, 5)
    assert obs in envs.observation_space
    assert envs.action_space.shape == (5,) and envs.single_action_space.n == 42
    obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample())
    assert obs in envs.observation_space
    assert rewards.tolist() == [-1.0] * 5
    assert info["action_mask"].shape == (5, 42) and info["_action_mask"].all()


def test_reset_seeds_per_env_and_goes_on_without_a_seed():
    vector = BattleshipVectorEnv(3)
    first, _ = vector.reset(seed=[7, None, 9])
    alone = BattleshipVectorEnv(1)
    for env, seed in ((0, 7), (2, 9)):
        alone.reset(seed=seed)
        assert (vector.ocean(env).ships == alone.ocean(0).ships).all()
    # Without a seed each env draws its next game from where its generator was.
    single = BattleshipEnv()
    single.reset(seed=7)
    single.reset()
    vector.reset()
    assert (vector.ocean(0).ships == single.ocean.ships).all()
    again = BattleshipVectorEnv(3)
    again.reset(seed=4)
    twice = BattleshipVectorEnv(3)
    twice.reset(seed=4)
    assert all((again.ocean(i).ships == twice.ocean(i).ships).all() for i in range(3))
    assert not (again.ocean(0).ships == again.ocean(1).ships).all()


def test_a_bad_batch_of_actions_raises_and_changes_nothing():
    vector = BattleshipVectorEnv(2, rows=4, cols=4, fleet=BOAT_AND_SUB)
    with pytest.raises(gymnasium.error.ResetNeeded):
        vector.step(np.array([0, 0]))
    vector.reset(seed=2)
    vector.step(np.array([0, 5]))
    before = vector._observation_and_info()[0], vector.view(0).shots_fired
    for bad in (np.array([1]), np.array([1, 2, 3]), np.array([1.0, 2.0]), np.array([3, 16]), np.array([-1, 2])):
        with pytest.raises(ValueError):
            vector.step(bad)
    after = vector._observation_and_info()[0], vector.view(0).shots_fired
    assert np.array_equal(before[0]["board"], after[0]["board"]) and before[1] == after[1] == 1
    assert vector._batch.steps().tolist() == [1, 1]


def test_bad_arguments_are_refused_at_construction_or_reset():
    with pytest.raises(ValueError, match="num_envs"):
        BattleshipVectorEnv(0)
    with pytest.raises(ValueError, match="max_steps"):
        BattleshipVectorEnv(2, max_steps=0)
    with pytest.raises(ValueError):
        BattleshipVectorEnv(2, rows=3, cols=3)  # the classic fleet does not fit
    with pytest.raises(ValueError, match="unknown placer"):
        BattleshipVectorEnv(2, placer="nowhere")
    vector = BattleshipVectorEnv(2)
    with pytest.raises(ValueError, match="one entry per env"):
        vector.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match="options"):
        vector.reset(options={"ocean": battleship.Ocean()})


def test_a_python_placer_lays_out_the_fleets_and_a_failing_one_is_reported():
    class TopRows:
        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            ocean.place(0, (0, 0))
            ocean.place(1, (1, 0))
            return True

    vector = BattleshipVectorEnv(2, rows=4, cols=4, fleet=BOAT_AND_SUB, placer=TopRows())
    vector.reset(seed=0)
    assert vector.ocean(1).ships[0].tolist() == [0, 0, -1, -1]
    obs, *_ = vector.step(np.array([0, 15]))
    assert obs["board"][:, 0, 0].tolist() == [2, 0]

    class Never:
        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            return False

    vector = BattleshipVectorEnv(2, rows=4, cols=4, fleet=BOAT_AND_SUB, placer=Never())
    with pytest.raises(ValueError, match="could not lay out"):
        vector.reset(seed=0)


def test_teachers_suggest_what_battleship_env_suggests_in_every_env():
    teachers = ("probability", "hunt_target")
    vector = BattleshipVectorEnv(3, rows=6, cols=6, fleet=BOAT_AND_SUB, teachers=teachers)
    singles = [BattleshipEnv(rows=6, cols=6, fleet=BOAT_AND_SUB) for _ in range(3)]
    vector.reset(seed=20)
    for i, env in enumerate(singles):
        env.reset(seed=20 + i)
    restarting = np.zeros(3, dtype=bool)
    games = 0
    for _ in range(120):
        advice = {name: vector.suggest(name) for name in teachers}
        for i, env in enumerate(singles):
            for name in teachers:
                expected = -1 if restarting[i] else env.suggest(name)
                assert advice[name][i] == expected, (i, name)
        actions = np.where(advice["probability"] < 0, 0, advice["probability"])  # follow it
        _, _, terminated, truncated, _ = vector.step(actions)
        for i, env in enumerate(singles):
            if restarting[i]:
                env.reset()
            else:
                env.step(int(actions[i]))
        restarting = terminated | truncated
        games += int(restarting.sum())
    assert games >= 6


def test_teachers_are_named_up_front():
    with pytest.raises(ValueError, match="unknown shooter"):
        BattleshipVectorEnv(2, teachers=("nobody",))
    with pytest.raises(TypeError, match="sequence"):
        BattleshipVectorEnv(2, teachers="probability")  # type: ignore[arg-type]
    vector = BattleshipVectorEnv(2, teachers=("parity",))
    with pytest.raises(gymnasium.error.ResetNeeded):
        vector.suggest("parity")
    vector.reset(seed=0)
    with pytest.raises(ValueError, match="teachers=\\('probability',\\)"):
        vector.suggest("probability")
    assert vector.suggest("parity").shape == (2,)
