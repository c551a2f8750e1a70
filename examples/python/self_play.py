"""Self-play: two policies in one match through the PettingZoo environment, and the win shares
of a few simple policies against each other.

    pip install "battleship[pettingzoo]"
    python examples/python/self_play.py [--episodes N] [--rules classic|salvo|russian]

A policy here is a function of the environment, the agent and its observation that returns an
action, so the same loop plays a learnt network against itself, against an older copy of itself,
or against the engine's shooters (through ``env.suggest``). Every pair of policies plays the same
seeded matches, the first player drawn each episode; each cell of the printed table is the row
policy's share of the wins against the column policy.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable, Dict, Tuple

import numpy as np

import battleship
from battleship.envs import self_play
from battleship.cli import whole_number

Policy = Callable[[Any, str, Dict[str, Any]], int]


POLICY_RNG = np.random.default_rng(0)
"""The policies' own draws (seeded: the same run prints the same table)."""


def masked_random(env: Any, agent: str, observation: Dict[str, Any]) -> int:
    """A uniformly random cell among those the agent may name."""
    return int(POLICY_RNG.choice(np.flatnonzero(observation["action_mask"])))


def follows(shooter: str) -> Policy:
    """Fires where the engine's ``shooter`` would, in the agent's game."""
    return lambda env, agent, observation: env.unwrapped.suggest(agent, shooter)


def sometimes_random(shooter: str, share: float) -> Policy:
    """Follows ``shooter``, but a random cell a ``share`` of the time (an exploring agent)."""
    best = follows(shooter)

    def policy(env: Any, agent: str, observation: Dict[str, Any]) -> int:
        if POLICY_RNG.random() < share:
            return masked_random(env, agent, observation)
        return best(env, agent, observation)

    return policy


def play(env: Any, policies: Dict[str, Policy], seed: int) -> Tuple[Dict[str, float], int]:
    """One match: each agent's final reward, and the steps it took."""
    env.reset(seed=seed)
    returns, steps = {}, 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            returns[agent] = float(reward)
            env.step(None)
        else:
            env.step(policies[agent](env, agent, observation))
            steps += 1
    return returns, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument(
        "--episodes", type=whole_number(1), metavar="N", default=200, help="matches a pair (default 200)"
    )
    parser.add_argument("--rules", choices=["classic", "salvo", "russian"], default="classic",
                        help="the named rule set of the matches (default classic)")
    args = parser.parse_args()
    rules = battleship.Rules.named(args.rules)
    fleet = battleship.Fleet.russian() if args.rules == "russian" else None
    policies: Dict[str, Policy] = {
        "random": masked_random,
        "parity": follows("parity"),
        "probability 20% random": sometimes_random("probability", 0.2),
        "probability": follows("probability"),
    }
    names = list(policies)
    env = self_play.env(rules=rules, fleet=fleet, first="random")
    print(f"{args.rules} rules, {args.episodes} matches a pair, first player drawn; row's share of the wins")
    width = max(len(name) for name in names) + 2  # two spaces between the columns' names
    print(f"{'':>{width}}" + "".join(f"{name:>{width}}" for name in names))
    start, steps = time.perf_counter(), 0
    for row in names:
        cells = []
        for column in names:
            if row == column:
                cells.append(f"{'-':>{width}}")
                continue
            wins = 0
            for episode in range(args.episodes):
                returns, taken = play(env, {"player_0": policies[row], "player_1": policies[column]}, episode)
                wins += returns["player_0"] > 0
                steps += taken
            cells.append(f"{100 * wins / args.episodes:>{width - 1}.1f}%")
        print(f"{row:>{width}}" + "".join(cells))
    elapsed = time.perf_counter() - start
    print(f"{steps:,} steps in {elapsed:.1f} s: {steps / elapsed:,.0f} steps a second")


if __name__ == "__main__":
    main()
