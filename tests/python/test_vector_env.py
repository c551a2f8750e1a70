"""BattleshipVectorEnv: many solo games stepped in one call, the same games as as many
BattleshipEnv, under Gymnasium's vector conventions (next-step autoreset, batched spaces)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from typing import Any

import gymnasium
import numpy as np
import pytest

import battleship
from battleship.envs import ENV_ID, UNKNOWN, BattleshipEnv, BattleshipVectorEnv

BOAT_AND_SUB = battleship.Fleet([battleship.ShipClass("Boat", "B", 2), battleship.ShipClass("Sub", "S", 3)])


def random_actions(info: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    """An action each env's mask allows (a mask is never empty: an env starting over allows all)."""
    return np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])


def assert_same_games(
    vector: BattleshipVectorEnv, singles: list[BattleshipEnv], steps: int, seed: int, layouts: Any = None
) -> int:
    """Steps ``vector`` and ``singles`` side by side with the same random open cells, the first
    games played on ``layouts`` (one chosen ocean, or None, per env) if given; every observation,
    reward, flag and info must agree. Returns how many games ended."""
    rng = np.random.default_rng(seed)
    obs, info = vector.reset(seed=seed, options=None if layouts is None else {"ocean": layouts})
    for i, env in enumerate(singles):
        one, one_info = env.reset(seed=seed + i, options=None if layouts is None else {"ocean": layouts[i]})
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
            # what the step told: absent (None, unmarked) for an env starting its next game
            assert (one_info.get("outcome"), "outcome" in one_info) == (info["outcome"][i], info["_outcome"][i])
            assert (one_info.get("sunk_ship"), "sunk_ship" in one_info) == (info["sunk_ship"][i], info["_sunk_ship"][i])
        restarting = terminated | truncated
        ended += int(restarting.sum())
    return ended


def test_info_says_what_each_step_told_and_marks_the_envs_that_were_told_it():
    vector = BattleshipVectorEnv(2, rows=3, cols=3, fleet=battleship.Fleet([battleship.ShipClass("Boat", "B", 2)]))
    vector.reset(seed=0)
    cells = [np.flatnonzero(vector.ocean(i).ships.reshape(-1) == 0).tolist() for i in range(2)]
    water = [next(cell for cell in range(9) if cell not in cells[i]) for i in range(2)]
    _, _, _, _, info = vector.step(np.array([cells[0][0], water[1]]))
    assert info["outcome"].tolist() == ["hit", "miss"] and info["_outcome"].tolist() == [True, True]
    assert info["sunk_ship"].tolist() == [None, None] and not info["_sunk_ship"].any()
    _, _, terminated, _, info = vector.step(np.array([cells[0][1], water[1]]))  # env 1 fires again
    assert info["outcome"].tolist() == ["sunk", "repeat"] and terminated.tolist() == [True, False]
    assert info["sunk_ship"].tolist() == ["Boat", None] and info["_sunk_ship"].tolist() == [True, False]
    _, rewards, _, _, info = vector.step(np.array([0, cells[1][0]]))  # env 0 starts its next game
    assert rewards.tolist() == [0.0, -1.0]
    assert info["outcome"].tolist() == [None, "hit"] and info["_outcome"].tolist() == [False, True]


def step_both(vector: BattleshipVectorEnv, singles: list[BattleshipEnv], actions: np.ndarray, restarting: np.ndarray) -> Any:
    """Steps ``vector`` with ``actions``, and each of ``singles`` as next-step autoreset steps it
    (a new game where ``restarting``, else its action); returns the vector's step."""
    result = vector.step(actions)
    for i, env in enumerate(singles):
        if restarting[i]:
            env.reset()
        else:
            env.step(int(actions[i]))
    return result


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
    assert gymnasium.make_vec(ENV_ID, num_envs=2, render_mode=None).unwrapped.num_envs == 2
    with pytest.raises(ValueError, match="does not render"):
        gymnasium.make_vec(ENV_ID, num_envs=2, render_mode="ansi")
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
    # Gymnasium's bookkeeping: the seed a reset was given, and closed after close().
    assert again.np_random_seed == 4 and not again.closed
    again.close()
    assert again.closed
    again.close()  # twice is fine
    assert not (again.ocean(0).ships == again.ocean(1).ships).all()


def test_a_bad_batch_of_actions_raises_and_changes_nothing():
    vector = BattleshipVectorEnv(2, rows=4, cols=4, fleet=BOAT_AND_SUB)
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before step\(\)"):
        vector.step(np.array([0, 0]))
    vector.reset(seed=2)
    vector.step(np.array([0, 5]))
    before = vector._observation_and_info()[0], vector.view(0).shots_fired
    for bad, message in (
        (np.array([1]), r"actions must be 2 cell indices, got array\(\[1\]\)"),
        (np.array([1, 2, 3]), r"actions must be 2 cell indices, got array\(\[1, 2, 3\]\)"),
        (np.array([3, 16]), "env 1: action 16 is not a cell index from 0 to 15"),
        (np.array([-1, 2]), "env 0: action -1 is not a cell index from 0 to 15"),
    ):
        with pytest.raises(ValueError, match=message):
            vector.step(bad)
    for bad in (np.array([1.0, 2.0]), ["a", "b"], np.array([True, False])):  # as BattleshipEnv
        with pytest.raises(TypeError, match="integers"):
            vector.step(bad)
    after = vector._observation_and_info()[0], vector.view(0).shots_fired
    assert np.array_equal(before[0]["board"], after[0]["board"]) and before[1] == after[1] == 1
    assert vector._batch.steps().tolist() == [1, 1]


def test_bad_arguments_are_refused_at_construction_or_reset():
    with pytest.raises(ValueError, match="num_envs"):
        BattleshipVectorEnv(0)
    with pytest.raises(ValueError, match=r"num_envs must be <= 1048576, got 2147483648"):
        BattleshipVectorEnv(2**31)  # refused, instead of exhausting the machine's memory
    with pytest.raises(ValueError, match="max_steps"):
        BattleshipVectorEnv(2, max_steps=0)
    with pytest.raises(ValueError, match=r"'Carrier' \(length 5\) does not fit on a 3 x 3 board"):
        BattleshipVectorEnv(2, rows=3, cols=3)  # the classic fleet does not fit
    with pytest.raises(ValueError, match="unknown placer"):
        BattleshipVectorEnv(2, placer="nowhere")
    vector = BattleshipVectorEnv(2)
    with pytest.raises(ValueError, match="one entry per env"):
        vector.reset(seed=[1, 2, 3])


@pytest.mark.parametrize("env", [None, 1.5, "0", 2**63, 2**64, -1, 2])
def test_an_env_number_that_is_not_one_raises_instead_of_crashing(env):
    # run in a subprocess: these crashed the interpreter (pybind11 3.1 and keep_alive)
    code = (
        "from battleship.envs import BattleshipVectorEnv\n"
        "v = BattleshipVectorEnv(2)\nv.reset(seed=0)\n"
        "for f in (v.ocean, v.view):\n"
        "    try:\n"
        f"        f({env!r})\n"
        "    except (TypeError, IndexError) as e:\n"
        "        print(type(e).__name__, e)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    kind = "IndexError" if isinstance(env, int) else "TypeError"
    assert run.stdout.count(kind) == 2, run.stdout
    if kind == "IndexError":  # the number given, not the one it was clamped to
        assert run.stdout.count(f"IndexError env {env} of 2") == 2, run.stdout


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
        _, _, terminated, truncated, _ = step_both(vector, singles, actions, restarting)
        restarting = terminated | truncated
        games += int(restarting.sum())
    assert games >= 6


def test_teachers_are_named_up_front():
    with pytest.raises(ValueError, match="unknown shooter"):
        BattleshipVectorEnv(2, teachers=("nobody",))
    with pytest.raises(TypeError, match="sequence"):
        BattleshipVectorEnv(2, teachers="probability")  # type: ignore[arg-type]
    vector = BattleshipVectorEnv(2, teachers=("parity",))
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before suggest\(\)"):
        vector.suggest("parity")
    vector.reset(seed=0)
    with pytest.raises(ValueError, match="teachers=\\('probability',\\)"):
        vector.suggest("probability")
    assert vector.suggest("parity").shape == (2,)


def uniform_layout(rows: int, cols: int, fleet: battleship.Fleet, seed: int) -> battleship.Ocean:
    ocean = battleship.Ocean(rows, cols, fleet)
    ocean.place_randomly(battleship.placer("uniform"), battleship.Rng(seed))
    return ocean


def test_chosen_layouts_are_played_as_battleship_env_plays_them():
    kwargs: dict[str, Any] = dict(rows=5, cols=5, fleet=BOAT_AND_SUB)
    layouts = [uniform_layout(5, 5, BOAT_AND_SUB, 3), None, uniform_layout(5, 5, BOAT_AND_SUB, 4)]
    layouts[2].fire((0, 0))  # a chosen layout's shots are not carried into the game
    vector = BattleshipVectorEnv(3, teachers=("probability",), **kwargs)
    singles = [BattleshipEnv(**kwargs) for _ in range(3)]
    assert assert_same_games(vector, singles, 100, seed=30, layouts=layouts) >= 3
    # The teachers are seeded as BattleshipEnv seeds them when it plays a chosen layout.
    vector.reset(seed=31, options={"ocean": layouts})
    for i, env in enumerate(singles):
        env.reset(seed=31 + i, options={"ocean": layouts[i]})
        assert vector.suggest("probability")[i] == env.suggest("probability")
    # One ocean for every env.
    obs, _ = vector.reset(options={"ocean": layouts[0]})
    assert all((vector.ocean(i).ships == layouts[0].ships).all() for i in range(3))
    assert not obs["board"].any()


def test_a_partial_reset_starts_over_only_the_envs_the_mask_marks():
    vector = BattleshipVectorEnv(3, rows=5, cols=5, fleet=BOAT_AND_SUB, max_steps=2)
    with pytest.raises(ValueError, match="first reset"):
        vector.reset(options={"reset_mask": np.array([True, False, True])})
    vector.reset(seed=5)
    vector.step(np.array([0, 1, 2]))
    others = [vector.ocean(i).ships.copy() for i in (0, 2)]
    obs, info = vector.reset(seed=[None, 40, None], options={"reset_mask": np.array([False, True, False])})
    assert info["steps"].tolist() == [1, 0, 1]
    assert obs["board"][1].sum() == 0 and obs["board"][0].reshape(-1)[0] != 0
    assert all((vector.ocean(i).ships == ships).all() for i, ships in zip((0, 2), others))
    alone = BattleshipEnv(rows=5, cols=5, fleet=BOAT_AND_SUB)
    alone.reset(seed=40)
    assert (vector.ocean(1).ships == alone.ocean.ships).all()
    # An env whose game ended and was started over fires its next action instead of skipping it.
    _, _, _, truncated, _ = vector.step(np.array([3, 3, 3]))
    assert truncated.tolist() == [True, False, True]
    vector.reset(options={"reset_mask": np.array([True, False, False])})
    _, rewards, *_ = vector.step(np.array([4, 4, 4]))
    assert rewards.tolist() == [-1.0, -1.0, 0.0]


class OnceFailing:
    """The uniform placer, except that its calls numbered in ``fail_at`` place one ship and
    raise."""

    def __init__(self, *fail_at: int) -> None:
        self.calls, self.fail_at = 0, fail_at

    def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
        self.calls += 1
        if self.calls in self.fail_at:
            ocean.place(0, (0, 0))
            raise RuntimeError("the placer broke")
        return battleship.placer("uniform").place(ocean, rng)


def test_a_reset_that_fails_changes_no_env_and_no_generator():
    kwargs: dict[str, Any] = dict(rows=5, cols=5, fleet=BOAT_AND_SUB)
    flaky = BattleshipVectorEnv(3, placer=OnceFailing(5, 12), **kwargs)  # 5: the second reset
    steady = BattleshipVectorEnv(3, **kwargs)
    obs, info = flaky.reset(seed=1)
    steady.reset(seed=1)
    flaky.step(np.array([0, 0, 0]))
    steady.step(np.array([0, 0, 0]))
    before = flaky._observation_and_info()[0], [flaky.ocean(i).ships.copy() for i in range(3)]
    refusals: list[tuple[Any, type[Exception], str]] = [
        (dict(seed=9), RuntimeError, "the placer broke"),  # the placer breaks at env 1
        (dict(options={"ocean": battleship.Ocean(5, 5, BOAT_AND_SUB)}), ValueError, r"\['ocean'\] must have every ship placed"),
        (dict(options={"ocean": uniform_layout(5, 5, battleship.Fleet.classic(), 1)}), ValueError,
         r"options\['ocean'\] must have this environment's board size and fleet"),
        (dict(options={"ocean": [None, None]}), ValueError, r"\['ocean'\] needs one layout \(or None\) per env \(3\), got 2"),
        (dict(options={"ocean": "layout"}), TypeError, r"\['ocean'\] must be a battleship.Ocean or one per env, got 'layout'"),
        (dict(options={"oceans": None}), ValueError,
         r"BattleshipVectorEnv.reset knows the options 'ocean' and 'reset_mask', not \['oceans'\]"),
        # int64 or int32, whichever is the platform's default integer
        (dict(options={"reset_mask": [1, 0, 0]}), TypeError, r"options\['reset_mask'\] must hold booleans, got int"),
        (dict(options={"reset_mask": np.array([True, False])}), ValueError, r"must have shape \(3,\), got \(2,\)"),
        (dict(options={"reset_mask": np.zeros(3, dtype=bool)}), ValueError, r"\['reset_mask'\] must mark at least one env"),
    ]
    for arguments, error, message in refusals:
        with pytest.raises(error, match=message):
            flaky.reset(**arguments)
        after = flaky._observation_and_info()[0], [flaky.ocean(i).ships.copy() for i in range(3)]
        assert np.array_equal(before[0]["board"], after[0]["board"])
        assert all((b == a).all() for b, a in zip(before[1], after[1]))
    # Both go on alike, through every autoreset; a failure starting a game inside a step (call
    # 12) raises before any env moves, and the step then goes through.
    rng = np.random.default_rng(0)
    info = steady._observation_and_info()[1]
    broke = 0
    for _ in range(150):
        actions = random_actions(info, rng)
        try:
            mine = flaky.step(actions)
        except RuntimeError:
            broke += 1
            assert np.array_equal(flaky._observation_and_info()[0]["board"], steady._observation_and_info()[0]["board"])
            mine = flaky.step(actions)
        theirs = steady.step(actions)
        info = theirs[4]
        assert np.array_equal(mine[0]["board"], theirs[0]["board"]) and np.array_equal(mine[2], theirs[2])
    assert broke == 1


def test_chosen_layouts_obey_the_touching_rule():
    rules = battleship.Rules(touching="no_contact")
    vector = BattleshipVectorEnv(2, rows=5, cols=5, fleet=BOAT_AND_SUB, rules=rules)
    touching = battleship.Ocean(5, 5, BOAT_AND_SUB)
    touching.place(0, (0, 0))
    touching.place(1, (1, 0))
    with pytest.raises(battleship.PlacementError, match=r"cannot place ship 1 \(Sub\) at A2 \(1, 0\), horizontal: the ship would touch another ship"):
        vector.reset(seed=0, options={"ocean": [None, touching]})
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before step\(\)"):  # nothing started
        vector.step(np.array([0, 0]))


def test_action_masks_are_the_open_cells_of_every_env_as_battleship_env_gives_them():
    vector = BattleshipVectorEnv(3, rows=3, cols=4, fleet=BOAT_AND_SUB)
    singles = [BattleshipEnv(rows=3, cols=4, fleet=BOAT_AND_SUB) for _ in range(3)]
    assert np.array_equal(vector.action_masks(), np.stack([env.action_masks() for env in singles]))  # before reset
    obs, info = vector.reset(seed=5)
    for i, env in enumerate(singles):
        env.reset(seed=5 + i)
    rng, restarting, ended = np.random.default_rng(5), np.zeros(3, dtype=bool), 0
    for _ in range(30):
        masks = vector.action_masks()
        assert masks.shape == (3, 12) and masks.dtype == np.bool_
        assert np.array_equal(masks, info["action_mask"])
        open_cells = (obs["board"] == UNKNOWN).reshape(3, 12)
        open_cells[restarting] = True  # a game that ended: its next action is ignored, any is allowed
        assert np.array_equal(masks, open_cells)
        assert np.array_equal(masks, np.stack([env.action_masks() for env in singles]))
        actions = random_actions(info, rng)
        obs, _, terminated, truncated, info = vector.step(actions)
        for i, env in enumerate(singles):
            if restarting[i]:  # next-step autoreset: the action is ignored, a new game starts
                env.reset()
            else:
                env.step(int(actions[i]))
                ended_now = terminated[i] or truncated[i]
                assert masks[i, actions[i]] and vector.action_masks()[i, actions[i]] == ended_now  # fired: closed
        restarting = terminated | truncated
        ended += int(restarting.sum())
    assert ended >= 3  # games ended and started over on the way


def test_a_game_ended_on_its_last_open_cell_leaves_a_mask_to_pick_from():
    # A Boat on the right of a 1 x 2 board, fired at left then right: the game ends with no cell
    # open, and a masked policy asked for the ignored action must still find one allowed.
    fleet = battleship.Fleet([battleship.ShipClass("Boat", "B", 1)])
    ocean = battleship.Ocean(1, 2, fleet)
    ocean.place(0, (0, 1), "horizontal")
    vector = BattleshipVectorEnv(2, rows=1, cols=2, fleet=fleet)
    single = BattleshipEnv(rows=1, cols=2, fleet=fleet)
    _, info = vector.reset(seed=0, options={"ocean": ocean})
    single.reset(seed=0, options={"ocean": ocean})
    assert info["action_mask"].tolist() == [[1, 1], [1, 1]] and info["action_mask"].dtype == np.int8
    _, _, _, _, info = vector.step(np.array([0, 1]))  # env 0 misses, env 1 sinks the Boat
    assert info["action_mask"].tolist() == [[0, 1], [1, 1]]
    obs, _, terminated, _, info = vector.step(np.array([1, 0]))  # env 0 sinks it on its last cell
    assert terminated.tolist() == [True, False] and (obs["board"][0] != UNKNOWN).all()
    assert info["action_mask"][0].all() and vector.action_masks()[0].all()
    for action in (0, 1):
        *_, single_info = single.step(action)
    assert single_info["action_mask"].all() and single.action_masks().all()  # the same for one env
    _, rewards, _, _, info = vector.step(np.array([0, 0]))  # env 0 starts over, its action ignored
    assert rewards[0] == 0.0 and info["action_mask"][0].tolist() == [True, True]


@pytest.mark.parametrize("disclosure", ["sunk_with_name", "hit_only"])
def test_probability_maps_are_battleship_env_maps_on_any_thread_count(disclosure: str):
    kwargs: dict[str, Any] = dict(rows=5, cols=5, fleet=BOAT_AND_SUB, rules=battleship.Rules(disclosure=disclosure))
    vector = BattleshipVectorEnv(3, **kwargs)
    singles = [BattleshipEnv(**kwargs) for _ in range(3)]
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before probability_maps\(\)"):
        vector.probability_maps()
    _, info = vector.reset(seed=12)
    for i, env in enumerate(singles):
        env.reset(seed=12 + i)
    with pytest.raises(ValueError, match="threads"):
        vector.probability_maps(threads=-1)
    rng = np.random.default_rng(1)
    restarting = np.zeros(3, dtype=bool)
    games = 0
    for step in range(80):
        if step % 3 != 2:  # asked at most steps, skipped at some: caught up either way
            maps = vector.probability_maps(threads=1 + step % 2)
            for i, env in enumerate(singles):
                assert np.array_equal(maps[i], env.probability_map()), (step, i)
        actions = random_actions(info, rng)
        _, _, terminated, truncated, info = step_both(vector, singles, actions, restarting)
        restarting = terminated | truncated
        games += int(terminated.sum())
    assert games >= 6  # the maps followed games to their end and into the next ones


def test_sampled_probability_maps_are_seeded_as_battleship_env_seeds_them():
    vector = BattleshipVectorEnv(2)  # the classic game: too many layouts to count, so sampled
    singles = [BattleshipEnv() for _ in range(2)]
    _, info = vector.reset(seed=3)
    for i, env in enumerate(singles):
        env.reset(seed=3 + i)
    rng = np.random.default_rng(2)
    for _ in range(6):
        actions = random_actions(info, rng)
        _, _, _, _, info = vector.step(actions)
        for i, env in enumerate(singles):
            env.step(int(actions[i]))
    maps = vector.probability_maps()
    for i, env in enumerate(singles):
        assert np.array_equal(maps[i], env.probability_map())
    assert singles[0]._posterior is not None and not singles[0]._posterior.exact
    assert not np.array_equal(maps[0], maps[1])


def test_probability_maps_asked_from_several_threads_at_once_are_right_and_crash_nothing():
    # The maps were made with the GIL released: three threads asking one env for them at once
    # updated its posteriors together (a segmentation fault in every run of this test).
    import threading

    vector, alone = BattleshipVectorEnv(num_envs=64), BattleshipVectorEnv(num_envs=64)
    vector.reset(seed=1)
    alone.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(12):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in vector.action_masks()])
        vector.step(actions)
        alone.step(actions)
        expected = alone.probability_maps(threads=1)
        answers: list[Any] = [None] * 3

        def ask(k: int) -> None:
            answers[k] = vector.probability_maps(threads=1)

        askers = [threading.Thread(target=ask, args=(k,)) for k in range(3)]
        for asker in askers:
            asker.start()
        for asker in askers:
            asker.join()
        for answer in answers:
            assert np.array_equal(answer, expected)


def slow_maps_pair() -> tuple[BattleshipVectorEnv, BattleshipVectorEnv, np.ndarray, float]:
    """Two vector envs in the same state, 16 envs on 24 x 24 (a second or two of maps on 2 cores),
    the maps of one and the seconds they took (the other's maps not asked for yet)."""
    made: dict[str, Any] = dict(num_envs=16, rows=24, cols=24)
    pair = BattleshipVectorEnv(**made), BattleshipVectorEnv(**made)
    rng = np.random.default_rng(5)
    _, info = pair[0].reset(seed=4)
    pair[1].reset(seed=4)
    for _ in range(3):
        actions = random_actions(info, rng)
        _, _, _, _, info = pair[0].step(actions)
        pair[1].step(actions)
    start = time.perf_counter()
    maps = pair[1].probability_maps()
    return pair[0], pair[1], maps, time.perf_counter() - start


def maps_under_a_signal(vector: BattleshipVectorEnv, handler: Any, after: float) -> tuple[BaseException, float]:
    """Asks ``vector`` for its maps with ``handler`` run by a signal ``after`` seconds in, as
    Ctrl-C's is: what the call raised (it must), and the seconds until it did."""
    before = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, after)
        start = time.perf_counter()
        with pytest.raises(BaseException) as raised:
            vector.probability_maps()
        return raised.value, time.perf_counter() - start
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX interval timers")
def test_ctrl_c_stops_probability_maps_and_the_next_call_gives_the_maps_of_one_never_stopped():
    # The maps held Ctrl-C until every env's was made (256 envs on 32 x 32: 9 s). Now each env's
    # posterior is caught up or left as it was: none is kept with an estimate cut short.
    def pressed(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    vector, _, whole, seconds = slow_maps_pair()
    raised, stopped_after = maps_under_a_signal(vector, pressed, seconds / 10)
    assert isinstance(raised, KeyboardInterrupt)
    assert stopped_after < max(seconds / 2, 0.25)  # the signal is looked for every 20 ms
    assert np.array_equal(vector.probability_maps(), whole)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX interval timers")
def test_a_signal_handler_cannot_step_or_reset_an_env_whose_maps_are_being_made():
    # The handler runs on the thread that waits for the maps' threads, which read the games.
    vector, never, whole, seconds = slow_maps_pair()
    for meddle in (lambda: vector.step(np.zeros(16, dtype=np.int64)), lambda: vector.reset(seed=9),
                   vector.probability_maps):
        raised, _ = maps_under_a_signal(vector, lambda signum, frame: meddle(), seconds / 10)
        assert isinstance(raised, RuntimeError) and "vector env is busy with another call" in str(raised)
    assert np.array_equal(vector.probability_maps(), whole)
    actions = np.arange(16, dtype=np.int64) + 200  # and it plays on as the one never disturbed
    mine, theirs = vector.step(actions), never.step(actions)
    assert all(np.array_equal(mine[0][key], theirs[0][key]) for key in ("board", "afloat"))
    assert all(np.array_equal(a, b) for a, b in zip(mine[1:4], theirs[1:4]))
