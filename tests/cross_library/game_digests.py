"""Prints, through the Python package, the digests game_digests.cpp prints through the C++ library:
the same games of every built-in shooter and placer from one seed. scripts/test.sh compares the
two outputs line by line, so the Python layer (seat order, placers, the board-size paths, the
named shooters' inlined loop against the type-erased one) plays exactly the engine's games."""

from __future__ import annotations

from typing import Iterable

import battleship

SEED = 2026


def digest(values: Iterable[int]) -> int:
    """FNV-1a over the values in order, as game_digests.cpp computes it."""
    h = 1469598103934665603
    for v in values:
        h ^= (v + 1) & 0xFFFFFFFFFFFFFFFF
        h = (h * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def solo(shooter: str, placer: str, rules: battleship.Rules, games: int) -> int:
    """The digest of ``games`` solo games: each one's shots, -1 for one not finished."""
    r = battleship.simulate(shooter, games, seed=SEED, placer=placer, rules=rules, game_shots=True, progress=False)
    assert r.game_shots is not None
    return digest(int(s) for s in r.game_shots)


def matches(a: str, b: str, rules: battleship.Rules, games: int) -> int:
    """The digest of matches of ``a`` against ``b`` (both placing with ``spread``): 1000 when
    ``a`` won, plus the rounds, each match set up again by ``match_game``."""
    ends = []
    for i in range(games):
        game = battleship.match_game(a, b, i, seed=SEED, rules=rules, placers=("spread", "spread"))
        outcome = game.play_to_end()
        a_won = outcome.winner == i % 2  # a is player 0 in even matches, player 1 in odd ones
        ends.append(1000 * a_won + outcome.rounds)
    return digest(ends)


def main() -> None:
    classic = battleship.Rules.named("classic")
    no_contact = battleship.Rules(touching="no_contact")  # the classic rules otherwise
    for rule_name, rules in (("classic", classic), ("no_contact", no_contact)):
        for shooter in battleship.shooter_names():
            games = 40 if battleship.shooter_is_slow(shooter) else 1000
            print(f"{rule_name} {shooter}/uniform, {games} games: {solo(shooter, 'uniform', rules, games):016x}")
        for placer in battleship.placer_names():
            print(f"{rule_name} parity/{placer}, 300 games: {solo('parity', placer, rules, 300):016x}")
    print(f"salvo probability-parity: {matches('probability', 'parity', battleship.Rules.named('salvo'), 200):016x}")
    print(f"russian bayes-hunt_target: {matches('bayes', 'hunt_target', battleship.Rules.named('russian'), 20):016x}")


if __name__ == "__main__":
    main()
