"""The self-play environment (battleship.envs.self_play): two agents in the engine's match under
the rules' turns and volleys, PettingZoo's AEC contract, refusals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import battleship  # noqa: E402
from battleship.envs import HIT, MISS, UNKNOWN  # noqa: E402
from battleship.envs import self_play  # noqa: E402
from battleship.envs.self_play import AGENTS, SelfPlayEnv  # noqa: E402

SALVO = battleship.Rules(volley="per_ship_afloat")


def play(env: SelfPlayEnv, seed: int, teachers: dict[str, str]) -> list[tuple[str, int, dict]]:
    """Plays an episode with each agent following its teacher; the steps (agent, action, info)."""
    env.reset(seed=seed)
    steps = []
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = env.suggest(agent, teachers[agent])
        env.step(action)
        steps.append((agent, action, {k: v for k, v in env.infos[agent].items() if k != "action_mask"}))
    return steps


def test_passes_pettingzoo_s_own_api_and_seed_tests():
    with warnings.catch_warnings():
        # PettingZoo suggests a Box observation; ours is a Dict with an "action_mask", as DuelEnv's.
        warnings.filterwarnings("ignore", message="Observation")
        # A random player that sinks the fleet with its last open cell has no cell left to name.
        warnings.filterwarnings("ignore", message="Action mask numpy array is all zeros")
        for rules in (None, SALVO, battleship.Rules.named("russian")):
            env = self_play.env(rules=rules)
            for k, agent in enumerate(env.possible_agents):  # api_test's own draws, made repeatable
                env.action_space(agent).seed(k)
            api_test(env, num_cycles=200)
            seed_test(lambda rules=rules: self_play.env(rules=rules), num_cycles=200)


def test_single_shots_alternate_and_each_board_is_what_its_agent_was_told():
    env = SelfPlayEnv()
    env.reset(seed=3)
    assert env.agent_selection == "player_0" and env.player_of("player_0") == 0
    game = env.game
    assert game is not None
    for k in range(40):
        agent = env.agent_selection
        assert agent == AGENTS[k % 2]  # one shot a turn: the agents take turns
        action = env.suggest(agent)
        env.step(action)
        cell = divmod(action, 10)
        enemy = game.ocean(1 - env.player_of(agent))
        board = env.observe(agent)["board"]
        assert board[cell] != UNKNOWN and (board[cell] == MISS) == (enemy.ships[cell] < 0)
        assert env.infos[agent]["outcome"] == "fired"
    for agent in AGENTS:
        obs = env.observe(agent)
        assert (obs["board"] != UNKNOWN).sum() == 20
        assert ((obs["own"] == 1) | (obs["own"] == 3)).sum() == 20  # the other fired 20 times
        assert (obs["own"] >= 2).sum() == 17  # its own ship cells
        assert np.array_equal(obs["action_mask"], (obs["board"] == UNKNOWN).reshape(-1))
        assert np.array_equal(env.infos[agent]["action_mask"], obs["action_mask"])


def test_the_match_is_the_engine_s_and_the_rewards_are_its_result():
    wins = {agent: 0 for agent in AGENTS}
    for seed in range(10):
        env = SelfPlayEnv(first="random")
        steps = play(env, seed, {"player_0": "probability", "player_1": "random"})
        game = env.game
        assert game is not None and game.is_over and game.outcome.end == "win"
        winner = env._order[game.outcome.winner]
        wins[winner] += 1
        record = game.record
        assert record.replay().record.shots == record.shots  # the engine's own match
        # Every cell an agent named was fired by its player, in order.
        for agent in AGENTS:
            named = [divmod(a, 10) for who, a, _ in steps if who == agent]
            assert [s.cell for s in record.shots_of(env.player_of(agent))] == named
        assert env.agents == []  # both were removed by their last step
    assert wins == {"player_0": 10, "player_1": 0}  # probability beats random every time

    env = SelfPlayEnv()
    env.reset(seed=5)
    rewards = {}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
        else:
            env.step(env.suggest(agent, "parity" if agent == "player_0" else "probability"))
    assert sorted(rewards.values()) == [-1.0, 1.0]
    assert rewards[env._order[env.game.outcome.winner]] == 1.0  # type: ignore[union-attr]


def test_a_volley_is_named_a_cell_a_step_then_fired_and_the_turn_passes():
    env = SelfPlayEnv(rules=SALVO)
    env.reset(seed=2)
    game = env.game
    assert game is not None
    for turn in range(4):
        agent = env.agent_selection
        assert agent == AGENTS[turn % 2]
        size = env.infos[agent]["to_name"]
        assert size == game.next_volley_size and size >= 1
        named = []
        for k in range(size - 1):
            action = env.suggest(agent)
            env.step(action)
            named.append(divmod(action, 10))
            obs = env.observe(agent)
            assert env.agent_selection == agent and env.infos[agent]["outcome"] == "named"
            assert env.infos[agent]["to_name"] == size - 1 - k
            assert obs["pending"][named[-1]] == 1 and obs["action_mask"][action] == 0
            assert obs["board"][named[-1]] == UNKNOWN  # named, not yet answered
        env.step(env.suggest(agent))
        assert env.infos[agent]["outcome"] == "fired" and not env.observe(agent)["pending"].any()
        assert all(env.observe(agent)["board"][cell] != UNKNOWN for cell in named)
        assert env.agent_selection != agent


def test_under_until_miss_a_hit_keeps_the_turn_and_a_miss_hands_it_over():
    env = SelfPlayEnv(rules=battleship.Rules.named("russian"))
    env.reset(seed=4)
    kept = handed = 0
    while not any(env.terminations.values()):
        agent = env.agent_selection
        action = env.suggest(agent)
        env.step(action)
        if any(env.terminations.values()):
            break
        if env.observe(agent)["board"][divmod(action, 10)] == MISS:
            handed += 1
            assert env.agent_selection != agent
        else:
            kept += 1
            assert env.agent_selection == agent and env.game.turn_under_way  # type: ignore[union-attr]
    assert kept >= 16 and handed > 10


def test_an_invalid_cell_is_refused_or_forfeited_and_repeated_ones_lose():
    env = SelfPlayEnv()
    env.reset(seed=1)
    env.step(0)  # player_0 fires at (0, 0)
    env.step(env.suggest("player_1"))
    before = env.observe("player_0")
    env.step(0)  # again: refused, nothing changes, player_0 still to move
    assert env.agent_selection == "player_0" and env.infos["player_0"]["outcome"] == "refused"
    assert all(np.array_equal(before[k], v) for k, v in env.observe("player_0").items())
    assert env.game.outcome.shots == (1, 1)  # type: ignore[union-attr]

    env = SelfPlayEnv(rules=battleship.Rules(invalid_shot="forfeits", max_invalid_in_a_row=2))
    env.reset(seed=1)
    env.step(0)
    env.step(env.suggest("player_1"))
    env.step(0)  # forfeited: the shot is spent and the turn passes
    assert env.infos["player_0"]["outcome"] == "fired" and env.agent_selection == "player_1"
    env.step(env.suggest("player_1"))
    env.step(0)  # the second invalid shot in a row aborts the match, lost by player_0
    assert env.game.outcome.end == "aborted"  # type: ignore[union-attr]
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": -1.0, "player_1": 1.0}


def test_refused_steps_truncate_after_max_steps():
    env = SelfPlayEnv(max_steps=3)
    env.reset(seed=1)
    env.step(0)
    env.step(env.suggest("player_1"))
    env.step(0)  # player_0's second and third steps are refused
    assert not env.truncations["player_0"]
    env.step(0)
    assert env.truncations == {"player_0": True, "player_1": True}
    assert not any(env.terminations.values()) and env.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_refused_cells_in_a_row_abort_the_match_lost_by_the_agent_that_named_them():
    # Refusals were free: the agent about to lose could stall the match to a truncation at 0.
    env = SelfPlayEnv(rules=battleship.Rules(max_invalid_in_a_row=2))
    env.reset(seed=1)
    env.step(0)
    env.step(env.suggest("player_1"))
    env.step(0)  # refused once: the match goes on
    assert not env.terminations["player_0"] and env.agent_selection == "player_0"
    env.step(0)  # twice in a row: aborted, player_0 at fault
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": -1.0, "player_1": 1.0}
    assert env.game.outcome.reason == "player 0 made too many invalid shots in a row"


def test_same_seed_same_match_and_random_first_draws_both():
    teachers = {"player_0": "probability", "player_1": "parity"}
    a = play(SelfPlayEnv(first="random"), 11, teachers)
    b = play(SelfPlayEnv(first="random"), 11, teachers)
    assert a == b
    env = SelfPlayEnv(first="random")
    firsts = set()
    for seed in range(12):
        env.reset(seed=seed)
        firsts.add(env.agent_selection)
        assert env.player_of(env.agent_selection) == 0
    assert firsts == set(AGENTS)
    env = SelfPlayEnv(first="player_1")
    env.reset(seed=1)
    assert env.agent_selection == "player_1" and env.player_of("player_1") == 0
    # Seed 0 is a seed like any other, also after other episodes.
    replayed = SelfPlayEnv(first="random")
    play(replayed, 5, teachers)
    assert play(replayed, 0, teachers) == play(SelfPlayEnv(first="random"), 0, teachers)


def test_max_steps_defaults_to_four_steps_a_cell():
    boat = battleship.Fleet([battleship.ShipClass("Boat", "B", 2)])
    assert SelfPlayEnv(rows=3, cols=4, fleet=boat).max_steps == 4 * 12
    assert SelfPlayEnv(rows=3, cols=4, fleet=boat, max_steps=7).max_steps == 7


def test_chosen_layouts_are_played_and_a_refused_one_changes_nothing():
    zero, one = battleship.Ocean(), battleship.Ocean()
    for ship, row in enumerate(range(0, 10, 2)):
        zero.place(ship, (row, 0), "horizontal")
        one.place(ship, (0, 2 * ship), "vertical")
    env = SelfPlayEnv(first="player_1")
    env.reset(seed=1, options={"player_0": zero, "player_1": one, "unused": 1})
    game = env.game
    assert game is not None
    assert np.array_equal(game.ocean(env.player_of("player_0")).ships, zero.ships)
    assert np.array_equal(game.ocean(env.player_of("player_1")).ships, one.ships)
    env.step(0)  # player_1 fires at (0, 0): player_0's carrier
    assert env.observe("player_1")["board"][0, 0] == HIT
    with pytest.raises(ValueError, match=r"options\['player_0'\] must have this environment's board size and fleet"):
        env.reset(seed=2, options={"player_0": battleship.Ocean(8, 8)})
    assert env.game is game and env.observe("player_1")["board"][0, 0] == HIT
    with pytest.raises(ValueError, match=r"options\['player_1'\] must have this environment's board size and fleet"):
        env.reset(options={"player_1": battleship.Ocean(8, 8)})
    # Not even the generator moved: the next unseeded episode is the one it would have been.
    same = SelfPlayEnv(first="player_1")
    same.reset(seed=1, options={"player_0": zero, "player_1": one})
    env.reset()
    same.reset()
    assert env.game is not None and same.game is not None and env.game.seed == same.game.seed
    assert np.array_equal(env.game.ocean(0).ships, same.game.ocean(0).ships)


def test_a_seed_that_is_not_a_non_negative_int_is_refused_by_name():
    env = SelfPlayEnv()
    with pytest.raises(ValueError, match=r"^seed must be >= 0, got -1$"):
        env.reset(seed=-1)
    with pytest.raises(TypeError, match=r"^seed must be an int, got '1'$"):
        env.reset(seed="1")
    env.reset(seed=np.uint32(3))  # a NumPy integer is a seed, as the other envs take it
    twin = SelfPlayEnv()
    twin.reset(seed=3)
    assert env.game.ocean(0) == twin.game.ocean(0) and env.game.ocean(1) == twin.game.ocean(1)


def test_a_placer_that_fails_in_reset_changes_nothing_not_even_the_generator():
    class Switchable:
        fail = False

        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            if self.fail:
                return False
            ocean.place_randomly("uniform", rng)
            return True

    for seeded in (None, 9):  # a seeded reset replaces the generator, an unseeded one draws from it
        placer = Switchable()
        env, same = SelfPlayEnv(placers=(placer, "uniform")), SelfPlayEnv(placers=(Switchable(), "uniform"))
        env.reset(seed=3)
        same.reset(seed=3)
        placer.fail = True
        with pytest.raises(ValueError):
            env.reset(seed=seeded)
        placer.fail = False
        env.reset()
        same.reset()
        assert env.game is not None and same.game is not None and env.game.seed == same.game.seed
        assert np.array_equal(env.game.ocean(0).ships, same.game.ocean(0).ships)


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"first": "second"}, ValueError, "first must be 'player_0', 'player_1' or 'random', got 'second'"),
        ({"placers": ("uniform",)}, ValueError, r"placers must be a pair \(one placer per agent\), got \('uniform',\)"),
        ({"placers": ("uniform", "nowhere")}, ValueError, "unknown placer 'nowhere'; known: uniform"),
        ({"render_mode": "window"}, ValueError, "render_mode must be None, 'human', 'ansi' or 'rgb_array', got 'window'"),
        ({"max_steps": 0}, ValueError, "max_steps must be >= 1, got 0"),
        ({"rows": 3, "cols": 3}, ValueError, r"'Carrier' \(length 5\) does not fit on a 3 x 3 board"),
        (  # every ship fits alone, but no layout of them obeys the touching rule: refused now, not at reset
            {"rows": 6, "cols": 6, "rules": battleship.Rules(touching="no_contact")},
            ValueError,
            "the fleet cannot be laid out on a 6 x 6 board with touching='no_contact'",
        ),
    ],
)
def test_bad_arguments_are_refused_at_construction(kwargs, error, message):
    with pytest.raises(error, match=message):
        SelfPlayEnv(**kwargs)


def test_each_agent_s_probability_map_follows_its_own_game():
    late, follows = SelfPlayEnv(rules=SALVO), SelfPlayEnv(rules=SALVO)
    late.reset(seed=3)
    follows.reset(seed=3)
    for agent in AGENTS:
        follows.probability_map(agent)
    for _ in range(25):  # some volleys of each agent fired, the last one possibly in part named
        late.step(late.suggest(late.agent_selection))
        follows.step(follows.suggest(follows.agent_selection))
        for agent in AGENTS:
            follows.probability_map(agent)  # told each answer as it comes
    maps = {}
    for agent in AGENTS:
        board = late.observe(agent)["board"]
        maps[agent] = late.probability_map(agent)  # asked for mid-episode: replays the answers
        assert np.array_equal(maps[agent], follows.probability_map(agent))
        assert np.all(maps[agent][board >= HIT] == 1.0) and np.all(maps[agent][board == MISS] == 0.0)
        assert maps[agent].sum() == pytest.approx(17.0, abs=1e-9)
    assert not np.array_equal(maps["player_0"], maps["player_1"])  # two games, two targets


def test_calls_before_reset_are_refused_and_render_shows_both_targets():
    env = SelfPlayEnv(render_mode="ansi")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before observe\(\)"):
        env.observe("player_0")
    with pytest.raises(RuntimeError, match=r"'player_0' is not in an episode under way; call reset\(\)"):
        env.suggest("player_0")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before probability_map\(\)"):
        env.probability_map("player_0")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before action_mask\(\)"):
        env.action_mask("player_0")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\): no agent is in a match under way"):
        env.step(0)  # the raw env, unwrapped: it was an AttributeError from inside
    wrapped = self_play.env()
    # PettingZoo's order-enforcing wrapper raises AssertionError itself (a raise, not an assert: kept under -O).
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        wrapped.step(0)
    env.reset(seed=1)
    env.step(env.suggest("player_0"))
    text = env.render()
    assert text is not None and "player_0's target (shots: 1)" in text and "player_1's target (shots: 0)" in text
    pictures = SelfPlayEnv(render_mode="rgb_array")
    pictures.reset(seed=1)
    blank = pictures.render()
    pictures.step(0)
    image = pictures.render()
    assert image.shape == (160, 2 * 160 + 16, 3) and image.dtype == np.uint8
    changed = np.argwhere((image != blank).any(axis=2))
    assert changed.size and changed[:, 1].max() < 160  # only player_0's target, cell (0, 0)
    assert changed[:, 0].max() < 16 and changed[:, 1].max() < 16


@pytest.mark.parametrize("mode", ["ansi", "human", "rgb_array"])
def test_render_gives_nothing_before_reset_or_without_a_render_mode(mode, capsys):
    assert SelfPlayEnv(render_mode=mode).render() is None  # no match yet: nothing drawn, nothing printed
    assert capsys.readouterr().out == ""
    plain = SelfPlayEnv()
    plain.reset(seed=1)
    assert plain.render() is None and capsys.readouterr().out == ""


@pytest.mark.parametrize("method", ["observe", "action_mask", "suggest", "probability_map", "player_of"])
def test_an_unknown_agent_is_refused_by_name_before_and_during_an_episode(method):
    # A bad name is a bad argument (ValueError, as player_of's index() always gave), not a bare KeyError from a dict.
    env = SelfPlayEnv()
    unknown = r"unknown agent 'nobody'; the agents are 'player_0' and 'player_1'"
    with pytest.raises(ValueError, match=unknown):
        getattr(env, method)("nobody")  # before reset too: the name is wrong whatever the state
    env.reset(seed=1)
    env.step(env.suggest("player_0"))
    before = {agent: env.observe(agent) for agent in AGENTS}
    for agent in ("nobody", "Player_0", 0, None):
        with pytest.raises(ValueError, match=f"unknown agent {agent!r}; the agents are 'player_0' and 'player_1'"):
            getattr(env, method)(agent)
    assert env.agent_selection == "player_1" and env.game.outcome.shots == (1, 0)  # type: ignore[union-attr]
    assert all(np.array_equal(before[a][k], v) for a in AGENTS for k, v in env.observe(a).items())


def test_human_rendering_prints_the_text_and_pettingzoo_s_render_test_passes(capsys):
    from pettingzoo.test import render_test

    env = SelfPlayEnv(render_mode="human")
    env.reset(seed=1)
    env.step(env.suggest("player_0"))
    assert env.render() is None
    assert "player_0's target (shots: 1)" in capsys.readouterr().out
    render_test(lambda render_mode=None: self_play.env(render_mode=render_mode))


RULE_SETS = {
    "classic": None,
    "salvo": SALVO,
    "russian": battleship.Rules.named("russian"),
    "forfeits": battleship.Rules(invalid_shot="forfeits", max_invalid_in_a_row=4),
}


@settings(max_examples=40, deadline=None)
@given(
    rules=st.sampled_from(sorted(RULE_SETS)),
    seed=st.integers(0, 2**32),
    actions=st.lists(st.integers(0, 99), min_size=1, max_size=400),
)
def test_any_actions_keep_the_contract(rules, seed, actions):
    """Whatever cells the agents name, valid or not: a refused step changes nothing, a board only
    gains answers at cells its agent fired, and a match that ends gives +1 and -1 (or 0 and 0)."""
    env = SelfPlayEnv(rules=RULE_SETS[rules], first="random")
    env.reset(seed=seed)
    space = env.observation_space("player_0")
    for action in actions:
        if any(env.terminations.values()) or any(env.truncations.values()):
            break
        agent = env.agent_selection
        before = {a: env.observe(a) for a in AGENTS}
        shots_before = env.game.outcome.shots  # type: ignore[union-attr]
        env.step(action)
        outcome = env.infos[agent]["outcome"]
        after = {a: env.observe(a) for a in AGENTS}
        assert all(space.contains(after[a]) for a in AGENTS)
        if outcome == "refused":
            assert all(np.array_equal(before[a][k], after[a][k]) for a in AGENTS for k in after[a])
            assert env.agent_selection == agent
        elif outcome == "named":
            assert env.agent_selection == agent and after[agent]["pending"].sum() == before[agent]["pending"].sum() + 1
        else:
            assert outcome == "fired" and not after[agent]["pending"].any()
            gained = (before[agent]["board"] == UNKNOWN) & (after[agent]["board"] != UNKNOWN)
            player = env.player_of(agent)
            fired = env.game.outcome.shots[player] - shots_before[player]  # type: ignore[union-attr]
            assert gained.sum() <= fired  # a forfeited shot is spent and never answered
        other = AGENTS[1 - AGENTS.index(agent)]
        assert np.array_equal(before[other]["board"], after[other]["board"])  # only the firer learns
    if any(env.terminations.values()):
        assert sorted(env.rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_an_agent_with_no_shot_to_fire_is_not_selected():
    boat = battleship.Fleet([battleship.ShipClass("Boat", "B", 2)])
    layout = battleship.Ocean(1, 4, boat)
    layout.place(0, (0, 2), "horizontal")
    env = self_play.raw_env(rows=1, cols=4, fleet=boat, rules=battleship.Rules(volley="until_miss", shot_cap=2))
    env.reset(seed=0, options={"player_0": layout, "player_1": layout})
    for agent, action in (("player_0", 2), ("player_0", 0), ("player_1", 0)):  # hit, miss: cap; miss
        assert env.agent_selection == agent
        env.step(action)
    # player_0 has fired its 2 shots: its turns are played empty, and player_1 is asked again
    assert env.agent_selection == "player_1" and env.game.outcome.shots == (2, 1)
    env.step(2)  # a hit, and player_1's cap: both fleets afloat, both capped, a draw
    assert all(env.terminations.values()) and env.game.outcome.end == "draw"
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_a_raw_step_after_every_agent_is_removed_asks_for_a_reset():
    env = SelfPlayEnv(rows=4, cols=4, fleet=battleship.Fleet([battleship.ShipClass("Boat", "B", 2)]))
    env.reset(seed=3)
    while env.agents:  # play to the end, then step each terminated agent out
        done = env.terminations[env.agent_selection] or env.truncations[env.agent_selection]
        env.step(None if done else env.suggest(env.agent_selection))
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        env.step(0)  # was a KeyError naming the last agent removed
    env.reset(seed=3)
    assert env.agents == ["player_0", "player_1"] and not any(env.terminations.values())
