"""Tune a built-in shooter: sweep one of its settings, each value against the default, game by game.

    python examples/python/tune_shooter.py [SHOOTER SETTING VALUE...] [--games N] [--seed S]

``probability``, ``bayes`` and ``expert`` have settings (``battleship.shooter_settings(name)``
lists them with their defaults and ranges); ``battleship.ExpertShooter(layouts=400)`` and its
siblings are the shooter with some of them changed, and play in ``simulate``, ``match``,
``tournament`` and ``Game`` like any built-in. Every value plays the same layouts, so the
difference from the default, game by game, has a narrow interval.
"""

from __future__ import annotations

import argparse
import sys
from typing import List

import battleship
from battleship.cli import whole_number

CLASSES = {"probability": battleship.ProbabilityShooter, "bayes": battleship.BayesShooter,
           "expert": battleship.ExpertShooter}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shooter", nargs="?", default="probability", choices=sorted(CLASSES),
                        help="the shooter (default probability)")
    parser.add_argument("setting", nargs="?", default="hit_weight", help="the setting (default hit_weight)")
    parser.add_argument("values", nargs="*", help="the values to try (default 1 2 4 16)")
    parser.add_argument("--games", type=whole_number(2), metavar="N", default=20_000,
                        help="games a value, at least 2 (default 20,000; the slow shooters take seconds a game "
                        "at most, so try a few hundred)")
    parser.add_argument("--seed", type=whole_number(0), metavar="S", default=1, help="the layouts' seed (default 1)")
    args = parser.parse_args()
    settings = {s["name"]: s for s in battleship.shooter_settings(args.shooter)}
    if args.setting not in settings:
        parser.error(f"{args.shooter} has no setting {args.setting!r}; its settings: {', '.join(settings)}")
    setting = settings[args.setting]
    kind = int if isinstance(setting["default"], int) else float
    try:
        values: List[float] = [kind(v) for v in args.values] if args.values else [1, 2, 4, 16]
    except ValueError as error:
        parser.error(f"{args.setting} takes {'whole numbers' if kind is int else 'numbers'}: {error}")
    try:
        sweep(args.shooter, args.setting, values, args.games, args.seed)
    except (TypeError, ValueError) as error:  # a value out of the setting's range, say
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def sweep(shooter: str, setting: str, values: List[float], games: int, seed: int) -> None:
    listed = {s["name"]: s for s in battleship.shooter_settings(shooter)}[setting]
    tuned = [CLASSES[shooter](**{setting: value}) for value in values]  # refused here if out of range
    print(f"{shooter} {setting}: default {listed['default']:,}, from {listed['low']:,} to {listed['high']:,}; "
          f"{games:,} games a value, seed {seed}")
    default = battleship.simulate(shooter, games, seed=seed, game_shots=True, progress=False)
    print(f"  {'default':<32} mean {default.mean:6.2f} ± {default.ci95:.2f}")
    for s in tuned:
        r = battleship.simulate(s, games, seed=seed, game_shots=True, progress=False)
        d = battleship.paired_difference(r, default)
        print(f"  {r.shooter:<32} mean {r.mean:6.2f} ± {r.ci95:.2f}   minus the default, game by game: "
              f"{d.mean:+.2f} ± {d.ci95:.2f}")


if __name__ == "__main__":
    main()
