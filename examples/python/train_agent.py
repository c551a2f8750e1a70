"""Train an agent in the Gymnasium environment: a policy gradient in plain NumPy.

    pip install "battleship[gym]"
    python examples/python/train_agent.py [--episodes N] [--size N] [--seed S]

The agent scores each open cell from the 3 x 3 window around it (what each of those cells shows:
not shot, miss, hit, sunk, or off the board; 45 weights shared by every cell) plus a weight of
the cell's own (where ships tend to lie), and fires by a softmax over the scores of the open
cells (``info["action_mask"]``). It learns by REINFORCE: after each training game, every move is
made likelier in proportion to how much sooner than usual the game ended after it, and less
likely if later (usual: the mean number of shots still to come at that move, a running mean). No deep-learning
library: the point is the loop, which any learner plugs into.

The board is ``--size`` x ``--size`` (5 by default) with a cruiser (3) and a destroyer (2), classic
rules. After training, the agent plays its likeliest cell each move, beside a masked random
agent and the engine's ``probability`` shooter (``env.suggest``), all on the same layouts (those
of seeds 0 to ``--tests`` - 1). With the defaults (10,000 training games, 8 s of one core):
random 21.78 shots, the trained agent 13.05, ``probability`` 11.42; perfect play needs 11.25 on
this board (docs/expert.md). Its training games took 18.92 shots at first, 13.82 at the end
(it still explores).
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable, List, Tuple

import numpy as np
import numpy.typing as npt

import battleship
from battleship.cli import whole_number
from battleship.envs import BattleshipEnv

OFF_BOARD = 4  # the window's fifth state, beside the board's 0 to 3 (not shot, miss, hit, sunk)
STATES = 5
WINDOW = 3

Floats = npt.NDArray[np.float64]
Move = Tuple[Floats, int, Floats]
"""A move of a training game: the features of every cell, the cell chosen, the policy's odds."""


class WindowPolicy:
    """A softmax over the open cells of scores that are linear in each cell's window."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.weights = np.zeros(WINDOW * WINDOW * STATES)  # shared by every cell
        self.cell_bias = np.zeros(rows * cols)  # a cell's own preference

    def features(self, board: npt.NDArray[np.int8]) -> Floats:
        """``(cells, 45)``: for each cell, a one-hot of each window cell's state."""
        reach = WINDOW // 2
        padded = np.full((self.rows + 2 * reach, self.cols + 2 * reach), OFF_BOARD, dtype=np.intp)
        padded[reach : reach + self.rows, reach : reach + self.cols] = board
        cells = np.arange(self.rows * self.cols)
        features = np.zeros((self.rows * self.cols, self.weights.size))
        for offset in range(WINDOW * WINDOW):
            row, col = divmod(offset, WINDOW)
            states = padded[row : row + self.rows, col : col + self.cols].ravel()
            features[cells, offset * STATES + states] = 1.0
        return features

    def probabilities(self, features: Floats, open_cells: npt.NDArray[np.bool_]) -> Floats:
        """The policy's odds of firing at each cell (0 at a cell shot)."""
        scores = np.where(open_cells, features @ self.weights + self.cell_bias, -np.inf)
        odds: Floats = np.exp(scores - scores.max())
        odds /= odds.sum()
        return odds

    def learn(self, moves: List[Move], advantages: List[float], rate: float) -> None:
        """One REINFORCE step: the gradient of log p(move) is the chosen cell's features minus
        their mean under the policy (and likewise for the cell weights)."""
        for (features, cell, p), advantage in zip(moves, advantages):
            step = rate * advantage / len(moves)
            self.weights += step * (features[cell] - p @ features)
            self.cell_bias -= step * p
            self.cell_bias[cell] += step


def train(env: BattleshipEnv, policy: WindowPolicy, episodes: int, seed: int, rate: float) -> None:
    rng = np.random.default_rng(seed)
    to_come = np.zeros(env.rows * env.cols * 2 + 1)  # running mean of the shots to come at move k
    obs, info = env.reset(seed=seed)  # then reset() draws the next layout from the same generator
    block, shots = max(1, episodes // 8), []
    for episode in range(episodes):
        moves = []
        done = False
        while not done:
            features = policy.features(obs["board"])
            p = policy.probabilities(features, info["action_mask"].astype(bool))
            cell = int(rng.choice(p.size, p=p))
            moves.append((features, cell, p))
            obs, _, terminated, truncated, info = env.step(cell)
            done = terminated or truncated
        length = len(moves)
        advantages = []
        for k in range(length):  # fewer shots to come than usual after move k: a good move
            advantages.append(to_come[k] - (length - k))
            to_come[k] += 0.02 * ((length - k) - to_come[k])
        policy.learn(moves, advantages, rate)
        shots.append(length)
        if (episode + 1) % block == 0 or episode + 1 == episodes:
            first = len(shots) - (len(shots) - 1) % block
            print(f"  training games {first:,}-{len(shots):,}: mean {np.mean(shots[first - 1 :]):.2f} shots")
        obs, info = env.reset()


Agent = Callable[[BattleshipEnv, Any, Any], int]


def mean_shots(env: BattleshipEnv, act: Agent, games: int) -> float:
    """Mean shots over the layouts of seeds 0 to ``games`` - 1 (the same for every agent)."""
    total = 0
    for seed in range(games):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, terminated, truncated, info = env.step(act(env, obs, info))
            done = terminated or truncated
        total += info["shots"]
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--episodes", type=whole_number(1), metavar="N", default=10_000, help="training games (default 10000)"
    )
    parser.add_argument(
        "--size", type=whole_number(4, 10), metavar="N", default=5, help="the board's side, 4 to 10 (default 5)"
    )
    parser.add_argument(
        "--seed", type=whole_number(0), metavar="S", default=0, help="seed of the training run (default 0)"
    )
    parser.add_argument("--rate", type=float, metavar="R", default=0.05, help="learning rate (default 0.05)")
    parser.add_argument(
        "--tests", type=whole_number(1), metavar="N", default=300, help="games each plays after training (default 300)"
    )
    args = parser.parse_args()
    if not 0 < args.rate <= 1:  # NaN too
        parser.error(f"argument --rate: must be above 0 and at most 1, got {args.rate}")

    fleet = battleship.Fleet([battleship.ShipClass("Cruiser", "C", 3), battleship.ShipClass("Destroyer", "D", 2)])
    env = BattleshipEnv(rows=args.size, cols=args.size, fleet=fleet)
    policy = WindowPolicy(args.size, args.size)
    print(f"REINFORCE on {args.size} x {args.size}, ships 3 and 2, classic rules: {args.episodes:,} training games")
    start = time.perf_counter()
    train(env, policy, args.episodes, args.seed, args.rate)
    print(f"trained in {time.perf_counter() - start:.1f} s")

    picker = np.random.default_rng(args.seed)

    def trained(env: BattleshipEnv, obs: Any, info: Any) -> int:
        return int(np.argmax(policy.probabilities(policy.features(obs["board"]), info["action_mask"].astype(bool))))

    def masked_random(env: BattleshipEnv, obs: Any, info: Any) -> int:
        return int(picker.choice(np.flatnonzero(info["action_mask"])))

    def probability(env: BattleshipEnv, obs: Any, info: Any) -> int:
        return env.suggest("probability")

    print(f"on the layouts of seeds 0 to {args.tests - 1}, the same for each (mean shots):")
    for name, act in (("masked random", masked_random), ("trained agent", trained), ("probability", probability)):
        print(f"  {name:<14} {mean_shots(env, act, args.tests):6.2f}")


if __name__ == "__main__":
    main()
