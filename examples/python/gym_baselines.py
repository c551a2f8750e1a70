"""The Gymnasium environment: an agent's loop, and the engine's shooters as baselines.

    pip install "battleship[gym]"
    python examples/python/gym_baselines.py [--episodes N]

Plays the same seeded episodes three ways: a masked random agent (fires at a random open cell),
and agents that follow the engine's ``parity`` and ``probability`` shooters through
``env.suggest``. An episode's return is minus its shots, so the mean return is what a learnt
agent has to beat. Any agent plugs in where ``act`` is: read ``obs`` (``"board"`` and
``"afloat"``), pick an action among ``env.action_masks()``.
"""

from __future__ import annotations

import argparse
from typing import Any, Callable, Dict

import gymnasium
import numpy as np

import battleship.envs  # registers "battleship/Battleship-v0"
from battleship.cli import whole_number


Agent = Callable[[Dict[str, Any], np.random.Generator], int]
"""An agent: the observation and a generator in, an action out."""


def mean_return(env: gymnasium.Env[Any, Any], act: Agent, episodes: int) -> float:
    rng = np.random.default_rng(0)
    returns = []
    for episode in range(episodes):
        obs, info = env.reset(seed=episode)  # the same layouts for every agent
        total, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, info = env.step(act(obs, rng))
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return float(np.mean(returns))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--episodes", type=whole_number(1), metavar="N", default=200, help="episodes each agent plays (default 200)"
    )
    args = parser.parse_args()

    env = gymnasium.make("battleship/Battleship-v0")
    core = env.unwrapped  # the BattleshipEnv under Gymnasium's checking wrappers
    assert isinstance(core, battleship.envs.BattleshipEnv)

    def masked_random(obs: Dict[str, Any], rng: np.random.Generator) -> int:
        return int(rng.choice(np.flatnonzero(core.action_masks())))

    agents: Dict[str, Agent] = {
        "masked random": masked_random,
        "parity (suggest)": lambda obs, rng: core.suggest("parity"),
        "probability (suggest)": lambda obs, rng: core.suggest("probability"),
    }
    print(f"{args.episodes} episodes each, classic fleet and rules, uniform layouts")
    for name, act in agents.items():
        print(f"{name:<24} mean return {mean_return(env, act, args.episodes):7.2f}")


if __name__ == "__main__":
    main()
