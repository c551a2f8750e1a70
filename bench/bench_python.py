"""Python-side figures: the engine's speed from Python, and what a shooter written in Python costs.

    pip install . && python bench/bench_python.py [--games N] [--python-games M] [--episodes E]

Prints, never fails on time:

1. ``battleship.simulate("parity", N)`` with 1 thread and with every core, in games per second;
   compare with ``bench_games --shooter parity --games N`` (the same C++ loop, no Python).
2. The cost per shot of a shooter written in Python (a minimal one: a uniformly random open cell,
   so nearly all the time is the call from C++ into Python and back), against the C++ ``random``
   shooter called the same way, timed over M games and N games (so that the runs are long enough
   to time).
3. The Gymnasium environment's steps per second (``battleship.envs``, when Gymnasium is
   installed): an agent firing at the cells in a random order, on the bare environment and through
   ``gymnasium.make``'s checking wrappers, over E episodes; then an agent that follows
   ``suggest("probability")`` and asks for ``probability_map()`` (the posterior) before every
   step; the vector environment stepped the same ways, its maps computed over every core (the
   slower of these runs play E // 10 or E // 20 episodes).
4. The duel environment's steps per second (``DuelEnv``: a match against ``probability``, which
   plays its own turn inside every step), with the same random-order agent.
5. An environment's resets on a fleet that random draws cannot lay out (32 one-cell ships on
   10 x 10 without edge contact, which the uniform placer counts and then draws from exactly):
   the environment counts at its first reset, timed alone, and the next E // 40 resets draw from
   that count (their mean is printed); ``Ocean.place_randomly("uniform")`` counts at every call
   (the mean of E // 40 calls).
6. What counting misses by phase costs (``phases=True``) in head-to-heads and tournaments, on one
   thread, best of three: ``match("probability", "parity", N // 10)`` and a round robin of
   ``random``, ``parity``, ``hunt_target`` and ``probability``, ``N // 50`` matches a pair.
7. What a call costs, for loops of short runs: the best of 60 calls of one game (one match a pair
   for the tournament; the games take microseconds of it), with the default progress bar, of
   ``simulate("probability", 1, threads=1)``, ``match("parity", "probability", 1, threads=1)``
   and ``tournament(["random", "parity", "probability"], 1, threads=1)``.
8. A match played from Python, object by object: ``Game("parity", "parity", seed=i)`` made and
   played to its end, and its record replayed, in microseconds (the best of five rounds of 200
   games), the way a game maker or a notebook plays one.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Callable, Tuple

import battleship
from battleship import Rng, TargetView
from battleship._types import Cell
from battleship.cli import whole_number


class PythonRandom:
    """The smallest useful Python shooter: a uniformly random open cell."""

    name = "python_random"

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        cells = view.open_cells()
        return cells[rng.below(len(cells))]


def timed(shooter: object, games: int, threads: int) -> Tuple[battleship.SimulationResult, float]:
    start = time.perf_counter()
    result = battleship.simulate(shooter, games, seed=1, threads=threads, progress=False)
    return result, time.perf_counter() - start


def env_steps(episodes: int) -> None:
    try:
        import gymnasium
        import numpy as np

        from battleship.envs import ENV_ID, BattleshipEnv, DuelEnv
    except ImportError:
        print("Gymnasium environment: skipped (pip install gymnasium)")
        return
    for label, env in (("bare", BattleshipEnv()), ("gymnasium.make", gymnasium.make(ENV_ID)), ("duel, bare", DuelEnv())):
        steps, start = 0, time.perf_counter()
        for episode in range(episodes):
            env.reset(seed=episode)
            order = np.random.default_rng(episode).permutation(100)  # a duel may end before the order does
            done, i = False, 0
            while not done:
                _, _, terminated, truncated, _ = env.step(int(order[i]))
                i += 1
                done = terminated or truncated
            steps += i
        seconds = time.perf_counter() - start
        print(f"Gymnasium environment, {label:<14}: {steps / seconds:>9,.0f} steps/s over {episodes:,} episodes (mean {steps / episodes:.2f} steps)")
    from battleship.envs import BattleshipVectorEnv

    for num_envs in (16, 256):  # a random open cell in each env every step, drawn with NumPy
        rng = np.random.default_rng(0)

        def random_open(info: Any, vector: Any) -> Any:
            scores = rng.random(info["action_mask"].shape)
            scores[info["action_mask"] == 0] = -1.0  # an int8 mask: ~ would flip bits, not select
            return scores.argmax(axis=1)

        rate = vector_steps(BattleshipVectorEnv(num_envs), episodes, random_open)
        print(f"Gymnasium vector environment, {num_envs:>3} envs: {rate:>11,.0f} steps/s (masked random policy included)")

    def advised(info: Any, vector: Any) -> Any:
        advice = vector.suggest("probability")
        return np.where(advice < 0, 0, advice)  # -1: an env starting over ignores its action

    rate = vector_steps(BattleshipVectorEnv(64, teachers=("probability",)), episodes, advised)
    print(f"Gymnasium vector environment,  64 envs, playing suggest('probability'): {rate:>11,.0f} steps/s")

    def advised_with_maps(info: Any, vector: Any) -> Any:
        vector.probability_maps()  # every env's posterior, over every core
        return advised(info, vector)

    rate = vector_steps(BattleshipVectorEnv(64, teachers=("probability",)), max(1, episodes // 20), advised_with_maps)
    print(f"Gymnasium vector environment,  64 envs, probability_maps() and suggest() every step: {1e3 / rate:.2f} ms an env-step")
    steps, seconds = single_steps(BattleshipEnv(), max(1, episodes // 10), map_too=False)
    print(f"Gymnasium environment, playing suggest('probability'): {steps / seconds:>9,.0f} steps/s")
    steps, seconds = single_steps(BattleshipEnv(), max(1, episodes // 20), map_too=True)
    print(f"Gymnasium environment with probability_map() and suggest() every step: {seconds / steps * 1e3:.2f} ms a step")
    crowded_resets(BattleshipEnv, max(1, episodes // 40))


def crowded_resets(make_env: Any, resets: int) -> None:
    """Item 5: milliseconds a reset of a crowded fleet, and a placement by name for comparison. The
    first reset, which counts the layouts, is timed apart from the ``resets`` after it, which
    draw from that count (a mean over both would depend on how many were made)."""
    fleet = battleship.Fleet([("Boat", "B", 1, 32)])
    env = make_env(rows=10, cols=10, fleet=fleet, rules=battleship.Rules(touching="no_edge_contact"))
    start = time.perf_counter()
    env.reset(seed=0)
    first = time.perf_counter() - start
    start = time.perf_counter()
    for episode in range(1, resets + 1):
        env.reset(seed=episode)
    per_reset = (time.perf_counter() - start) / resets
    start = time.perf_counter()
    for episode in range(resets):
        battleship.Ocean(10, 10, fleet, touching="no_edge_contact").place_randomly("uniform", episode)
    per_call = (time.perf_counter() - start) / resets
    print(f"32 one-cell ships on 10 x 10 without edge contact: an environment's first reset "
          f"{first * 1e3:.2f} ms (it counts), each later one {per_reset * 1e3:.2f} ms (mean of {resets:,}); "
          f"{per_call * 1e3:.2f} ms an Ocean.place_randomly('uniform') (it counts at each call; mean of {resets:,})")


def vector_steps(vector: Any, episodes: int, policy: Callable[[Any, Any], Any]) -> float:
    """Steps a second of ``vector`` stepped by ``policy(info, vector)`` until ``episodes`` ended."""
    _, info = vector.reset(seed=0)
    steps, ended, start = 0, 0, time.perf_counter()
    while ended < episodes:
        _, _, terminated, truncated, info = vector.step(policy(info, vector))
        steps += vector.num_envs
        ended += int((terminated | truncated).sum())
    return steps / (time.perf_counter() - start)


def single_steps(env: Any, episodes: int, map_too: bool) -> Tuple[int, float]:
    """Steps and seconds of ``episodes`` episodes of ``env`` playing ``suggest("probability")``,
    asking for ``probability_map()`` every step too when ``map_too``."""
    steps, start = 0, time.perf_counter()
    for episode in range(episodes):
        env.reset(seed=episode)
        done = False
        while not done:
            if map_too:
                env.probability_map()
            _, _, terminated, truncated, _ = env.step(env.suggest("probability"))
            steps += 1
            done = terminated or truncated
    return steps, time.perf_counter() - start


def best_of_three(run: Callable[[], Any]) -> float:
    """The shortest of three timings of ``run()``, in seconds."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def call_cost() -> None:
    """Item 7: milliseconds a call of one game takes, its game included, the best of 60 (the first
    calls fill the engine's tables, which later calls keep), with the default progress bar."""
    for label, run in (
        ("simulate('probability', 1, threads=1)", lambda: battleship.simulate("probability", 1, threads=1)),
        ("match('parity', 'probability', 1, threads=1)",
         lambda: battleship.match("parity", "probability", 1, threads=1)),
        ("tournament(['random', 'parity', 'probability'], 1, threads=1)",
         lambda: battleship.tournament(["random", "parity", "probability"], 1, threads=1)),
    ):
        best = min(best_of_three(run) for _ in range(20))  # 60 calls
        print(f"{label}: {best * 1e3:.3f} ms a call, its game included (best of 60)")


def game_cost() -> None:
    """Item 8: microseconds a ``Game`` takes made and played to its end, and its record replayed."""
    def best_of_five(run: Callable[[int], Any]) -> float:
        rounds = []
        for _ in range(5):
            start = time.perf_counter()
            for i in range(200):
                run(i)
            rounds.append((time.perf_counter() - start) / 200)
        return min(rounds)

    played = best_of_five(lambda i: battleship.Game("parity", "parity", seed=i).play_to_end())
    game = battleship.Game("parity", "parity", seed=3)
    game.play_to_end()
    record = game.record
    replayed = best_of_five(lambda i: record.replay())
    print(f"Game('parity', 'parity').play_to_end(): {played * 1e6:.1f} µs a game, made and played; "
          f"its record's replay(): {replayed * 1e6:.1f} µs (best of 5 x 200)")


def phases_cost(games: int) -> None:
    matches = max(games // 10, 1)
    players = ["random", "parity", "hunt_target", "probability"]
    per_pair = max(games // 50, 1)
    for label, played, run in (
        (f"match('probability', 'parity', {matches:,})", matches,
         lambda phases: battleship.match("probability", "parity", matches, seed=1, threads=1, phases=phases,
                                         progress=False)),
        (f"tournament of 4, {per_pair:,} a pair", 6 * per_pair,
         lambda phases: battleship.tournament(players, per_pair, seed=1, threads=1, phases=phases, progress=False)),
    ):
        rates = [played / best_of_three(lambda: run(phases)) for phases in (False, True)]
        print(f"{label}, 1 thread: {rates[0]:>9,.0f} matches/s, with phases=True {rates[1]:>9,.0f} "
              f"({100 * (rates[1] / rates[0] - 1):+.1f}%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    count = whole_number(1)
    parser.add_argument(
        "--games", type=count, default=1_000_000, metavar="N",
        help="games of the parity and C++ random runs; also N // 10 matches and a tournament's N // 50 a pair "
             "(default 1,000,000)")
    parser.add_argument(
        "--python-games", type=count, default=2_000, metavar="M", help="games of the Python shooter (default 2,000)")
    parser.add_argument(
        "--episodes", type=count, default=2_000, metavar="E",
        help="episodes of the Gymnasium environments; the slower runs play E // 10 to E // 40 (default 2,000)")
    args = parser.parse_args()

    print(f"battleship {battleship.__version__}, {os.cpu_count()} hardware threads, classic game")
    for threads in (1, 0):
        r, seconds = timed("parity", args.games, threads)
        label = "1 thread" if threads == 1 else "every core"
        print(f"simulate('parity', {args.games:,}), {label:<10}: {seconds:6.2f} s, {r.games / seconds:>11,.0f} games/s, mean {r.mean:.2f}")

    mine, py_seconds = timed(PythonRandom(), args.python_games, 1)
    engine, cpp_seconds = timed("random", args.games, 1)
    py_shots = mine.mean * mine.games
    cpp_shots = engine.mean * engine.games
    print(f"Python shooter: {py_seconds / py_shots * 1e6:.2f} µs per shot over {py_shots:,.0f} shots "
          f"(mean {mine.mean:.2f}); C++ random: {cpp_seconds / cpp_shots * 1e6:.3f} µs per shot (mean {engine.mean:.2f})")
    env_steps(args.episodes)
    phases_cost(args.games)
    call_cost()
    game_cost()


if __name__ == "__main__":
    main()
