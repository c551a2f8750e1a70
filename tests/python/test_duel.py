"""The duel environment (battleship.envs.DuelEnv): a match against an engine shooter under the
rules' turns and volleys, the API contract, refusals."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import battleship
from battleship.envs import DUEL_ID, HIT, SUNK, UNKNOWN, DuelEnv
from battleship.envs._shared import match_reward
from battleship.envs.duel import DAMAGED, SHIP, SPLASH, WATER
from battleship.game import GameOutcome

SALVO = battleship.Rules(volley="per_ship_afloat")


def play(env: DuelEnv, seed: int, teacher: str = "probability") -> tuple[float, list[dict]]:
    env.reset(seed=seed)
    total, done, infos = 0.0, False, []
    while not done:
        _, reward, terminated, truncated, info = env.step(env.suggest(teacher))
        total += reward
        infos.append(info)
        done = terminated or truncated
    return total, infos


def test_passes_gymnasium_s_own_checker():
    for mode in ("ansi", "rgb_array"):
        check_env(gymnasium.make(DUEL_ID, render_mode=mode).unwrapped, skip_render_check=False)
    check_env(gymnasium.make(DUEL_ID, rules=SALVO).unwrapped)


def test_the_reward_is_the_match_s_result_for_the_agent():
    for seed, first in [(1, "agent"), (2, "opponent"), (3, "agent"), (4, "opponent")]:
        env = DuelEnv(first=first)
        total, infos = play(env, seed)
        match = infos[-1]["match"]
        assert env.game is not None and env.game.is_over and match.end == "win"
        assert total == (1.0 if match.winner == env.agent else -1.0)
        assert [i for i in infos[:-1] if "match" in i] == []  # the reward comes once, at the end
    env = DuelEnv()
    total, infos = play(env, 1, teacher="random")  # random against probability: a sure loss
    assert total == -1.0 and infos[-1]["match"].winner != env.agent


@pytest.mark.parametrize(
    "outcome, rewards",
    [
        (GameOutcome("win", 1, rounds=30, shots=(29, 30)), (-1.0, 1.0)),
        (GameOutcome("draw", rounds=40, shots=(40, 40)), (0.0, 0.0)),
        (GameOutcome("aborted", None, "player 0 made too many invalid shots", 5, (4, 4), 0), (-1.0, 1.0)),
        (GameOutcome("aborted", None, "stopped by the host", 5, (4, 4), None), (0.0, 0.0)),
    ],
)
def test_each_player_s_reward_for_each_way_a_match_ends(outcome, rewards):
    assert (match_reward(outcome, 0), match_reward(outcome, 1)) == rewards


def test_single_shots_alternate_and_the_opponent_answers_every_step():
    env = DuelEnv(first="opponent")
    obs, info = env.reset(seed=8)
    assert env.agent == 1 and len(info["opponent_fired"]) == 1  # its opening shot
    assert (obs["own"] == SPLASH).sum() + (obs["own"] == DAMAGED).sum() == 1  # it fired once
    for _ in range(10):
        obs, reward, terminated, _, info = env.step(env.suggest())
        assert info["outcome"] == "fired" and len(info["fired"]) == 1
        assert len(info["opponent_fired"]) == 1
        assert info["shots"][0] + 1 == info["shots"][1]  # the opponent moved first
    assert (obs["board"] != UNKNOWN).sum() == 10
    assert (obs["own"] >= SHIP).sum() == 17 and ((obs["own"] == SPLASH) | (obs["own"] == DAMAGED)).sum() == 11


def test_the_opponent_plays_as_in_the_engine_s_own_match():
    env = DuelEnv(opponent="parity")
    play(env, 6)
    assert env.game is not None
    record = env.game.record
    assert record.replay().record.shots == record.shots  # the engine replays the duel exactly
    # The opponent's shots do not depend on the agent's: the engine's match with the same seed
    # and placers fires them in the same order.
    reference = battleship.Game("random", "parity", seed=env.game.seed)
    reference.play_to_end()
    mine = [s.cell for s in record.shots_of(1)]
    theirs = [s.cell for s in reference.record.shots_of(1)]
    n = min(len(mine), len(theirs))
    assert n > 30 and mine[:n] == theirs[:n]


def test_a_volley_is_named_a_cell_a_step_then_fired_at_once():
    env = DuelEnv(rules=SALVO)
    obs, info = env.reset(seed=2)
    assert info["to_name"] == 5  # one shot per own ship afloat
    named = []
    for k in range(4):
        action = env.suggest()
        named.append(divmod(action, 10))
        obs, reward, terminated, _, info = env.step(action)
        assert info["outcome"] == "named" and info["fired"] == [] and info["to_name"] == 4 - k
        assert not info["action_mask"][action]  # a named cell cannot be named twice
        assert obs["pending"][named[-1]] == 1 and obs["board"][named[-1]] == UNKNOWN
    obs, reward, terminated, _, info = env.step(env.suggest())
    assert info["outcome"] == "fired" and [cell for cell, _ in info["fired"]][:4] == named
    assert len(info["fired"]) == 5 and not obs["pending"].any()
    assert len(info["opponent_fired"]) == 5  # the opponent's full salvo
    own_ships_afloat = 5 - sum(
        env.game.ocean(env.agent).is_sunk(s) for s in range(5)  # type: ignore[union-attr]
    )
    assert info["to_name"] == own_ships_afloat


def test_under_until_miss_a_hit_keeps_the_turn_and_a_miss_hands_it_over():
    env = DuelEnv(rules=battleship.Rules.named("russian"), opponent="parity")
    obs, info = env.reset(seed=4)
    kept = handed = 0
    done = False
    while not done:
        obs, _, terminated, truncated, info = env.step(env.suggest("probability"))
        done = terminated or truncated
        assert info["outcome"] == "fired" and len(info["fired"]) == 1
        (_, result), = info["fired"]
        if done:
            break
        if result == "miss":
            handed += 1
            # The opponent shot until it missed (or the match ended), and the agent moves again.
            shots = [r for _, r in info["opponent_fired"]]
            assert shots and shots[-1] == "miss" and "miss" not in shots[:-1]
        else:
            kept += 1
            assert info["opponent_fired"] == [] and env.game.turn_under_way  # type: ignore[union-attr]
        assert env.game.to_move == env.agent and info["to_name"] == 1  # type: ignore[union-attr]
    assert kept >= 16 and handed > 10 and terminated
    record = env.game.record  # type: ignore[union-attr]
    assert record.replay().record.shots == record.shots  # the engine's own match, replayable


def test_a_fixed_salvo_and_a_shot_cap_shape_the_volleys():
    rules = battleship.Rules(volley="fixed_salvo", salvo_size=3, shot_cap=7)
    env = DuelEnv(rules=rules)
    _, infos = play(env, 4)
    fired = [len(i["fired"]) for i in infos if i["outcome"] == "fired"]
    assert fired == [3, 3, 1]
    assert infos[-1]["match"].end == "draw" or infos[-1]["match"].end == "win"


def test_a_suggestion_asked_mid_volley_knows_the_cells_already_named():
    def named_then_asked(shooter: str) -> tuple[int, int, np.ndarray]:
        env = DuelEnv(rules=SALVO)
        env.reset(seed=9)
        first = env.suggest("parity")
        env.step(first)
        return first, env.suggest(shooter), env.action_masks()

    for shooter in ("probability", "bayes", "parity"):
        first, advice, mask = named_then_asked(shooter)
        assert advice != first and mask[advice]  # never the cell already named in the volley
        assert named_then_asked(shooter)[1] == advice  # same seed, same advice


def test_an_invalid_cell_is_refused_by_the_environment_or_forfeited_in_the_match():
    env = DuelEnv()
    env.reset(seed=5)
    env.step(0)
    obs, reward, terminated, _, info = env.step(0)
    assert info["outcome"] == "refused" and info["fired"] == [] and info["opponent_fired"] == []
    assert info["steps"] == 2 and info["shots"] == (1, 1)
    forfeit = DuelEnv(rules=battleship.Rules(invalid_shot="forfeits"))
    forfeit.reset(seed=5)
    forfeit.step(0)
    obs, reward, terminated, _, info = forfeit.step(0)
    assert info["outcome"] == "fired" and info["fired"] == [((0, 0), "invalid")]
    assert len(info["opponent_fired"]) == 1 and info["shots"] == (1, 2)  # the turn was lost


def test_a_forfeited_cell_leaves_no_pending_cell_to_the_teachers():
    env = DuelEnv(rules=battleship.Rules(invalid_shot="forfeits"))
    env.reset(seed=5)
    env.step(0)
    env.suggest("parity")  # a teacher following the game
    env.step(0)  # forfeited: never answered
    teacher = env._teachers["parity"]
    assert not teacher.view.pending.any() and teacher.view.shots_fired == 1


def test_too_many_invalid_shots_lose_the_match_for_whoever_made_them():
    env = DuelEnv(rules=battleship.Rules(invalid_shot="forfeits", max_invalid_in_a_row=3))
    env.reset(seed=1)
    env.step(0)
    rewards = [env.step(0)[1] for _ in range(3)]
    assert rewards == [0.0, 0.0, -1.0]
    assert env.game is not None and env.game.outcome.end == "aborted"

    class Stubborn:  # an opponent that fires at one cell for ever
        def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
            return (0, 0)

    env = DuelEnv(rules=battleship.Rules(invalid_shot="forfeits", max_invalid_in_a_row=3), opponent=Stubborn())
    env.reset(seed=1)
    rewards = [env.step(env.suggest())[1] for _ in range(4)]
    assert rewards == [0.0, 0.0, 0.0, 1.0]  # the opponent's third invalid shot in a row ends it


def test_refused_cells_truncate_after_max_steps():
    env = DuelEnv(max_steps=5)
    env.reset(seed=1)
    env.step(0)
    for _ in range(3):
        assert env.step(0)[3] is False
    _, reward, terminated, truncated, _ = env.step(0)
    assert truncated and not terminated and reward == 0.0
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before step\(\): no episode is under way"):
        env.step(1)


def test_refused_cells_in_a_row_abort_the_match_lost_by_the_agent():
    # Refusals were free: an agent about to lose stalled the match to a truncation at 0. The
    # rules' max_invalid_in_a_row refused cells in a row now abort it, as the engine aborts a
    # shooter that names that many; a cell it takes starts the count again.
    env = DuelEnv(rules=battleship.Rules(max_invalid_in_a_row=3))
    env.reset(seed=1)
    env.step(0)
    env.step(0), env.step(0)  # two refused
    assert env.step(1)[4]["outcome"] == "fired"  # taken: the count starts again
    for _ in range(2):
        assert env.step(1)[4]["outcome"] == "refused" and not env.game.is_over
    _, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info["outcome"]) == (-1.0, True, False, "refused")
    assert info["match"].end == "aborted" and info["match"].at_fault == env.agent
    assert info["match"].reason == f"player {env.agent} made too many invalid shots in a row"


def test_an_opponent_that_raises_in_reset_leaves_no_episode():
    # It moved first and raised inside reset(): the env had started the episode, and the next
    # step() paid +1 for a match no action of the agent's had played.
    class Broken:
        def next_shot(self, view, rng):
            raise ValueError("broken opponent")

    env = DuelEnv(opponent=Broken(), first="opponent")
    with pytest.raises(ValueError, match="broken opponent"):
        env.reset(seed=1)
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before step\(\)"):
        env.step(0)


def test_the_info_mask_is_what_gymnasium_samples_with():
    # Discrete.sample(mask=) takes int8: the bool mask failed its assertion.
    for env in (gymnasium.make("battleship/Battleship-v0"), gymnasium.make(DUEL_ID)):
        _, info = env.reset(seed=3)
        assert info["action_mask"].dtype == np.int8
        env.action_space.seed(3)
        for _ in range(5):
            action = env.action_space.sample(mask=info["action_mask"])
            assert info["action_mask"][action] == 1
            _, _, _, _, info = env.step(action)
        assert np.array_equal(info["action_mask"], env.unwrapped.action_masks())


def test_same_seed_same_match_and_random_first_draws_both():
    a, b = DuelEnv(first="random"), DuelEnv(first="random")
    ra, ia = play(a, 11)
    rb, ib = play(b, 11)
    assert ra == rb and [i["fired"] for i in ia] == [i["fired"] for i in ib]
    assert [i["opponent_fired"] for i in ia] == [i["opponent_fired"] for i in ib]
    firsts = set()
    for seed in range(12):
        a.reset(seed=seed)
        firsts.add(a.agent)
    assert firsts == {0, 1}


def test_chosen_layouts_are_played_and_a_refused_one_changes_nothing():
    own, target = battleship.Ocean(), battleship.Ocean()
    for ship, row in enumerate(range(0, 10, 2)):
        own.place(ship, (row, 0), "horizontal")
        target.place(ship, (0, 2 * ship), "vertical")
    env = DuelEnv()
    obs, _ = env.reset(seed=1, options={"own": own, "ocean": target})
    assert env.game is not None
    assert np.array_equal(env.game.ocean(env.agent).ships, own.ships)
    assert np.array_equal(env.game.ocean(1 - env.agent).ships, target.ships)
    assert ((obs["own"] == SHIP) == (own.ships >= 0)).all()
    env.step(0)  # (0, 0): a hit on the carrier
    game = env.game
    with pytest.raises(ValueError, match=r"options\['ocean'\] must have this environment's board size and fleet"):
        env.reset(seed=2, options={"ocean": battleship.Ocean(8, 8)})
    with pytest.raises(ValueError, match="DuelEnv.reset knows the options 'own' and 'ocean', not \\['mine'\\]"):
        env.reset(seed=2, options={"mine": own})
    assert env.game is game and env._observation()["board"][0, 0] == HIT
    same = DuelEnv()
    same.reset(seed=1, options={"own": own, "ocean": target})
    same.step(0)
    assert env.suggest("random") == same.suggest("random")  # advice is seeded as before
    env.reset()  # nor did the generator move: the next match is the one it would have been
    same.reset()
    assert env.game is not None and same.game is not None and env.game.seed == same.game.seed


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"first": "second"}, ValueError, "first must be 'agent', 'opponent' or 'random', got 'second'"),
        ({"opponent": "nobody"}, ValueError, "unknown shooter 'nobody'; known: random"),
        ({"opponent": 3}, TypeError, r"a shooter is a name \(random, .*, or an object with a next_shot\(\) method; got 3"),
        ({"placer": "nowhere"}, ValueError, "unknown placer 'nowhere'; known: uniform"),
        ({"render_mode": "human"}, ValueError, "render_mode must be None, 'ansi' or 'rgb_array', got 'human'"),
        ({"max_steps": 0}, ValueError, "max_steps must be >= 1, got 0"),
        ({"rows": 3, "cols": 3}, ValueError, r"'Carrier' \(length 5\) does not fit on a 3 x 3 board"),
    ],
)
def test_bad_arguments_are_refused_at_construction(kwargs, error, message):
    with pytest.raises(error, match=message):
        DuelEnv(**kwargs)


def test_render_shows_both_boards():
    env = DuelEnv(render_mode="rgb_array")
    env.reset(seed=1)
    env.step(env.suggest())
    image = env.render()
    assert image.shape == (160, 2 * 160 + 16, 3) and image.dtype == np.uint8
    text = DuelEnv(render_mode="ansi")
    text.reset(seed=1)
    out = text.render()
    assert "target" in out and "own fleet" in out


def test_render_gives_nothing_before_reset_or_without_a_render_mode():
    for mode in ("ansi", "rgb_array"):
        assert DuelEnv(render_mode=mode).render() is None  # no match yet
    plain = DuelEnv()
    plain.reset(seed=1)
    assert plain.render() is None and plain.step(plain.suggest())[4]["shots"][0] == 1  # and the match goes on


def test_a_sinking_is_coded_on_the_board():
    env = DuelEnv()
    _, infos = play(env, 3)
    obs = env._observation()
    if infos[-1]["match"].winner == env.agent:
        assert (obs["board"] == SUNK).sum() == 5 and not obs["afloat"].any()
    else:
        assert (obs["own"] == DAMAGED).sum() == 17 and (obs["own"] == WATER).sum() + (obs["own"] == SPLASH).sum() == 83


@pytest.mark.parametrize("name", ["classic", "bbm103", "cs32", "no_contact", "salvo", "pyships", "russian"])
def test_every_rule_set_plays_to_the_end(name):
    rules = battleship.Rules.named(name)
    fleet = battleship.Fleet.named("bbm103") if name == "bbm103" else None
    for first, seed in (("agent", 1), ("opponent", 2)):
        env = DuelEnv(fleet=fleet, rules=rules, first=first, opponent="parity")
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, done = 0.0, False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))  # a masked random agent
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
        assert terminated and env.game is not None and env.game.is_over
        assert info["action_mask"].all() and env.action_masks().all()  # no game takes the next action
        match = info["match"]
        expected = 0.0 if match.end == "draw" else 1.0 if match.winner == env.agent else -1.0
        assert total == expected and match.end in ("win", "draw")
        assert info["shots"] == (match.shots[env.agent], match.shots[1 - env.agent])


def test_the_probability_map_follows_the_agent_s_game():
    late = DuelEnv(rules=SALVO)
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"call reset\(\) before probability_map\(\)"):
        late.probability_map()
    late.reset(seed=3)
    follows = DuelEnv(rules=SALVO)
    follows.reset(seed=3)
    follows.probability_map()
    for _ in range(12):  # some volleys fired, the last one possibly in part named
        late.step(late.suggest())
        follows.step(follows.suggest())
        follows.probability_map()  # told each answer as it comes
    board = late._observation()["board"]
    late_map = late.probability_map()  # asked for mid-episode: replays the answers
    assert np.array_equal(late_map, follows.probability_map())
    assert np.all(late_map[board >= HIT] == 1.0) and np.all(late_map[board == 1] == 0.0)
    assert late_map.sum() == pytest.approx(17.0, abs=1e-9)


class FirstOpen:
    """An opponent that fires at the first open cell, in reading order."""

    def next_shot(self, view, rng):
        return view.open_cells()[0]


BOAT = battleship.Fleet([battleship.ShipClass("Boat", "B", 2)])


def boat_at(cols, col):
    ocean = battleship.Ocean(1, cols, BOAT)
    ocean.place(0, (0, col), "horizontal")
    return ocean


def test_a_turn_with_no_shot_to_fire_is_played_for_the_agent_at_the_shot_cap():
    env = DuelEnv(rows=1, cols=4, fleet=BOAT, rules=battleship.Rules(volley="until_miss", shot_cap=2), opponent=FirstOpen())
    env.reset(seed=0, options={"own": boat_at(4, 2), "ocean": boat_at(4, 2)})
    _, _, _, _, info = env.step(2)  # a hit: the turn goes on
    assert info["outcome"] == "fired" and info["to_name"] == 1
    _, reward, terminated, _, info = env.step(0)  # a miss, and the agent's cap of 2 is reached
    # the agent's later turn is played empty, so the opponent fires on, to its own cap: a draw
    assert info["fired"] == [((0, 0), "miss")]
    assert info["opponent_fired"] == [((0, 0), "miss"), ((0, 1), "miss")]
    assert terminated and reward == 0.0 and info["shots"] == (2, 2) and info["match"].end == "draw"


def test_with_the_equalising_shot_a_sunk_agent_is_not_asked_for_an_empty_volley():
    rules = battleship.Rules(volley="per_ship_afloat", equalising_shot=True)
    env = DuelEnv(rows=1, cols=4, fleet=BOAT, rules=rules, opponent=FirstOpen(), first="opponent")
    _, info = env.reset(seed=0, options={"own": boat_at(4, 0), "ocean": boat_at(4, 2)})
    assert info["opponent_fired"] == [((0, 0), "hit")] and info["to_name"] == 1
    _, reward, terminated, _, info = env.step(0)  # a miss; the opponent sinks the agent's boat
    # the agent has no ship afloat, so its equalising turn is empty and the match ends at once
    assert terminated and reward == -1.0 and info["match"].winner == 1 - env.agent


def test_a_match_the_opponent_ends_in_reset_ends_the_episode_at_the_first_step():
    env = DuelEnv(rows=1, cols=3, fleet=BOAT, rules=battleship.Rules(volley="until_miss"), first="opponent", opponent=FirstOpen())
    _, info = env.reset(seed=0, options={"own": boat_at(3, 0)})
    assert env.game.is_over and info["to_name"] == 0
    _, reward, terminated, truncated, info = env.step(2)
    assert (reward, terminated, truncated, info["outcome"], info["fired"]) == (-1.0, True, False, "over", [])
    assert info["shots"][0] == 0


def test_under_single_shots_a_one_cell_fleet_can_be_sunk_in_reset_too():
    # Not only under until_miss: the opponent's first shot sinks a lone one-cell ship.
    one = battleship.Fleet([("Skiff", "S", 1)])
    env = DuelEnv(rows=1, cols=2, fleet=one, first="opponent", opponent=FirstOpen())
    own = battleship.Ocean(1, 2, one)
    own.place(0, (0, 0))  # where the opponent fires first
    _, info = env.reset(seed=0, options={"own": own})
    assert env.game.is_over and info["to_name"] == 0
    assert info["action_mask"].tolist() == [1, 1]  # any action is taken, and ends the episode
    _, reward, terminated, _, info = env.step(1)
    assert (reward, terminated, info["outcome"]) == (-1.0, True, "over")


def test_an_opponent_that_raises_ends_the_episode_with_it_at_fault():
    class Broken:
        def next_shot(self, view, rng):
            raise ValueError("broken opponent")

    env = DuelEnv(opponent=Broken())
    env.reset(seed=1)
    with pytest.raises(ValueError, match="broken opponent"):
        env.step(0)
    _, reward, terminated, _, info = env.step(1)
    assert terminated and info["outcome"] == "over"
    assert info["match"].end == "aborted" and info["match"].at_fault == 1 - env.agent
    assert info["match"].reason == f"player {1 - env.agent}'s shooter's next_shot raised ValueError: broken opponent"
