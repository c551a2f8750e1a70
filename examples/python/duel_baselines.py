"""The duel environment: an agent's match against one of the engine's shooters (``probability``
unless --opponent names another), and the win shares of the engine's own shooters as baselines.

    pip install "battleship[gym]"
    python examples/python/duel_baselines.py [--episodes N] [--rules classic|salvo|russian]
                                             [--opponent NAME] [--show]

Plays the same seeded matches (who moves first is drawn each episode) with agents that follow the
engine's ``random``, ``parity``, ``probability`` and ``bayes`` shooters through ``env.suggest``,
and prints each one's share of wins, draws and losses with the 95 percent interval of the win
share. A match's return is +1, 0 or -1, so the mean return is what a learnt agent has to beat.
Under ``--rules salvo`` each turn is a volley of one shot per own ship afloat, named a cell a step;
under ``--rules russian`` (the Russian fleet, no contact) a hit earns the agent another step of
the same turn. ``--show`` prints the last match's boards as the environment renders them
(``render_mode="ansi"``): the agent's target and its own fleet.
"""

from __future__ import annotations

import argparse
from typing import Any, Dict

import gymnasium

import battleship
import battleship.envs  # registers "battleship/Duel-v0"
from battleship.cli import whole_number


def tally(env: gymnasium.Env[Any, Any], teacher: str, episodes: int) -> Dict[float, int]:
    duel = env.unwrapped
    assert isinstance(duel, battleship.envs.DuelEnv)
    counts = {1.0: 0, 0.0: 0, -1.0: 0}
    for episode in range(episodes):
        env.reset(seed=episode)  # the same fleets and the same first player for every agent
        total, done = 0.0, False
        while not done:
            _, reward, terminated, truncated, _ = env.step(duel.suggest(teacher))
            total += float(reward)
            done = terminated or truncated
        counts[total] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument(
        "--episodes", type=whole_number(1), metavar="N", default=200, help="matches each agent plays (default 200)"
    )
    parser.add_argument("--rules", choices=["classic", "salvo", "russian"], default="classic",
                        help="the named rule set of the matches (default classic)")
    parser.add_argument("--opponent", metavar="NAME", default="probability",
                        help="the engine's shooter the agents play against (default probability)")
    parser.add_argument("--show", action="store_true", help="print the last match's boards")
    args = parser.parse_args()

    # A rule set named after a fleet (russian) comes with that fleet.
    fleet = battleship.Fleet.named(args.rules) if args.rules in battleship.Fleet.names() else None
    rules = battleship.Rules.named(args.rules)
    try:
        env = gymnasium.make("battleship/Duel-v0", fleet=fleet, rules=rules, first="random",
                             opponent=args.opponent, render_mode="ansi" if args.show else None)
    except ValueError as error:  # an unknown opponent, named with the known ones
        parser.error(str(error))
    print(f"{args.episodes} matches each against '{args.opponent}', {args.rules} rules, first player drawn")
    for teacher in ("random", "parity", "probability", "bayes"):
        counts = tally(env, teacher, args.episodes)
        # Wilson's interval: it keeps a width at 0 and 100 percent, where the normal one has none
        share, low, high = battleship.proportion(counts[1.0], args.episodes)
        print(
            f"{teacher:<12} wins {100 * share:5.1f}% ({100 * low:.1f} to {100 * high:.1f}), draws {counts[0.0]:3d}, "
            f"losses {counts[-1.0]:4d}, mean return {(counts[1.0] - counts[-1.0]) / args.episodes:+.3f}"
        )
    if args.show:
        print(env.render())


if __name__ == "__main__":
    main()
