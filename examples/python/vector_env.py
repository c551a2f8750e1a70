"""Many games a step: the solo environment vectorised in the engine, against Gymnasium's own.

    python examples/python/vector_env.py [--envs N] [--episodes K]

Plays a masked random policy (a random open cell in every game) until K episodes have ended, in
``BattleshipVectorEnv`` (one C++ loop over the N games a step) and in Gymnasium's
``SyncVectorEnv`` of N ``BattleshipEnv`` (a Python call per game), and prints the mean return and
the steps a second of each. Both are seeded alike, so env i plays the same games in both.
Then it scores the ``probability`` teacher on a fixed test set of N chosen layouts, one per env
(``reset(options={"ocean": layouts})``): the way to compare agents on the same layouts. Last, it
times ``probability_maps()``, every env's posterior map (a feature for an agent), over every core.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np

import battleship
import battleship.envs  # registers battleship/Battleship-v0
from battleship.cli import whole_number


def play(envs: gymnasium.vector.VectorEnv[Any, Any, Any], episodes: int) -> tuple[float, float]:
    """Mean return of the first ``episodes`` episodes to end, and steps a second."""
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    returns = np.zeros(envs.num_envs)
    finished: list[float] = []
    steps, start = 0, time.perf_counter()
    while len(finished) < episodes:
        scores = rng.random(info["action_mask"].shape)
        scores[~info["action_mask"].astype(bool)] = -1.0
        _, rewards, terminated, truncated, info = envs.step(scores.argmax(axis=1))
        returns += rewards
        for env in np.flatnonzero(terminated | truncated):
            finished.append(returns[env])
            returns[env] = 0.0
        steps += envs.num_envs
    return float(np.mean(finished[:episodes])), steps / (time.perf_counter() - start)


def score_on_layouts(count: int) -> float:
    """Mean shots the ``probability`` teacher takes against ``count`` layouts drawn once (seeds 0
    to ``count - 1``), each played in its own env."""
    layouts = []
    for seed in range(count):
        ocean = battleship.Ocean()
        ocean.place_randomly(battleship.placer("uniform"), battleship.Rng(seed))
        layouts.append(ocean)
    envs = battleship.envs.BattleshipVectorEnv(count, teachers=("probability",))
    _, info = envs.reset(seed=0, options={"ocean": layouts})
    shots = np.zeros(count, dtype=np.int64)
    done = np.zeros(count, dtype=bool)
    while not done.all():
        _, _, terminated, truncated, info = envs.step(np.maximum(envs.suggest("probability"), 0))
        ended = (terminated | truncated) & ~done
        shots[ended] = info["shots"][ended]
        done |= ended
    return float(shots.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=whole_number(1, 4096), metavar="N", default=64, help="games a step (default 64)")
    parser.add_argument(
        "--episodes", type=whole_number(1), metavar="K", default=1000, help="episodes to play (default 1,000)"
    )
    args = parser.parse_args()
    for mode in ("vector_entry_point", "sync"):
        envs = gymnasium.make_vec("battleship/Battleship-v0", num_envs=args.envs, vectorization_mode=mode)
        mean, rate = play(envs, args.episodes)
        label = "BattleshipVectorEnv" if mode == "vector_entry_point" else "SyncVectorEnv"
        print(f"{label:<20} {args.envs} envs: mean return {mean:7.2f}, {rate:>11,.0f} steps a second")
    print(f"probability on {args.envs} chosen layouts: mean {score_on_layouts(args.envs):.2f} shots")
    envs = battleship.envs.BattleshipVectorEnv(args.envs)
    envs.reset(seed=0)
    envs.step(np.full(args.envs, 44))  # one shot each, at row 4, column 4
    start = time.perf_counter()
    maps = envs.probability_maps()
    took = time.perf_counter() - start
    print(f"probability_maps(): {maps.shape} in {took * 1e3:.1f} ms; env 0's likeliest open cell now (row, column) {divmod(int(np.where(maps[0] < 1, maps[0], 0).argmax()), maps.shape[2])}")


if __name__ == "__main__":
    main()
