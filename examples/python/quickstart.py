"""Python quick start: simulate the built-in shooters, play one game, look at a board.

In order: every built-in shooter simulated; placer objects and their options; a game on a 12 x
12 board with the Russian fleet and rules; a round robin and its Elo fit; a match, its record
replayed and pickled; a salvo match driven a volley at a time through ``QueuedShooter``, with an
observer; a player resigning; a board by hand, a shot refused with its reason; ``Ocean.fit()``
and blocked cells.

    python examples/python/quickstart.py [--games N]
"""

from __future__ import annotations

import argparse
import pickle
import sys

import battleship
from battleship.cli import whole_number
from battleship.game import QueuedShooter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=whole_number(1), metavar="N", default=10_000, help="games per shooter (default 10,000)"
    )
    args = parser.parse_args()
    try:
        run(args)
    except ValueError as error:  # what the engine refuses, e.g. more games than a run can count
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        sys.exit(2)


def run(args: argparse.Namespace) -> None:
    # Every built-in shooter, 10,000 classic games each (the GIL is released; all cores); slow
    # shooters (bayes, expert: milliseconds a move) play 50 at most.
    for name in battleship.shooter_names():
        games = min(50, args.games) if battleship.shooter_is_slow(name) else args.games
        r = battleship.simulate(name, games, seed=1, progress=False)
        print(f"{name:<20} {games:>6,} games  mean {r.mean:6.2f}  median {r.median:3}  p95 {r.p95:3}  {r.games_per_second:>11,.0f} games/s")

    # Placers that make density shooters work harder: spread keeps the least central of its
    # candidate layouts (16 by default; more make it harder for them and easier to foresee),
    # elusive rehearses a density hunt against its shortlist.
    placers = (battleship.UniformPlacer(), battleship.SpreadPlacer(candidates=4), battleship.SpreadPlacer(),
               battleship.ElusivePlacer(rehearsals=1))
    for placer in placers:
        r = battleship.simulate("probability", min(2_000, args.games), seed=1, placer=placer, progress=False)
        print(f"probability against {placer!r}: mean {r.mean:.2f}")

    # Another board, fleet and rule set.
    russian = battleship.simulate(
        "parity", 2_000, rows=12, cols=12, fleet=battleship.Fleet.russian(),
        rules=battleship.Rules.named("russian"), progress=False,
    )
    print(f"parity on 12 x 12 with the Russian fleet: mean {russian.mean:.2f} shots")

    # A round robin: every pair plays the same number of matches, each moving first in half; an
    # entrant may be a (shooter, placer) pair.
    entrants = ["parity", "probability", ("probability", "elusive")]
    table = battleship.tournament(entrants, min(200, args.games), seed=1, progress=False)
    print(table.table())
    # Does one rating a player describe the results? A chi-square test, and the worst pair.
    fit = table.elo_fit()
    print(fit.summary())
    worst = fit.pairs[0]
    print(f"{worst.a} against {worst.b}: {worst.residual:+.1f} standard deviations from its rating")

    # One game, turn by turn, then its record replayed, and kept: a record pickles.
    game = battleship.Game("parity", "random", seed=7)
    outcome = game.play_to_end()
    print(f"parity vs random: {outcome.end}, winner {outcome.winner}, {outcome.rounds} rounds")
    assert game.record.replay().record == game.record
    kept = pickle.loads(pickle.dumps(game.record))
    first = kept.shots_of(outcome.winner)[0]
    print(f"the winner's first shot: {battleship.format_cell(first.cell)}, {first.outcome.result}")

    # A match driven from outside, as a screen or an agent drives one: player 0's cells are handed
    # to a QueuedShooter before each of its volleys, and an observer hears every shot.
    class SinkingNews:
        def on_shot(self, player: int, cell: tuple[int, int], outcome: battleship.ShotOutcome, told: battleship.ShotOutcome) -> None:
            if outcome.sank:
                print(f"  player {player} sank ship {outcome.ship} at {battleship.format_cell(cell)}")

    me = QueuedShooter("me")
    salvo = battleship.Game(me, "probability", rules=battleship.Rules.named("salvo"), seed=3,
                            placers=None, observers=[SinkingNews()])
    salvo.place(0, "uniform")  # or ship by ship: salvo.ocean(0).place(ship, "A1", "h")
    salvo.place(1, "uniform")
    while not salvo.is_over:
        if salvo.to_move == 0:  # a checkerboard sweep, as many cells as the volley has
            sweep = [c for c in salvo.view(0).open_cells() if (c[0] + c[1]) % 2 == 0] or salvo.view(0).open_cells()
            me.queue = sweep[: salvo.next_volley_size]
        salvo.play_volley()
    ended = salvo.outcome  # the winner's name, not its seat: "win, winner 1" read as a win for me
    result = f"{salvo.players[ended.winner]} won" if ended.winner is not None else ended.end
    print(f"salvo, me against probability: {result} in {ended.rounds} rounds")

    # A player may resign between turns: the match is aborted with that player at fault.
    resigned = battleship.Game("parity", "random", seed=7)
    resigned.play_round()
    resigned.abort("player 1 resigns", at_fault=1)
    print(f"{resigned.outcome.reason}: {resigned.outcome.end}, at fault {resigned.outcome.at_fault}")

    # A board by hand.
    ocean = battleship.Ocean(10, 10, battleship.Fleet.classic(), touching="no_contact")
    ocean.place(0, "A1", "horizontal")
    try:
        ocean.place(1, "A2", "horizontal")
    except battleship.PlacementError as error:
        print(f"refused ({error.refusal}): {error}")
    print(ocean.fire("A1"), ocean.fire("A1").reason)
    print(ocean)

    # Does a fleet fit at all? A search answers (the cell count alone does not), and placers lay
    # a fleet out around blocked cells, which stay blocked: walls for a puzzle.
    tight = battleship.Ocean(6, 6, battleship.Fleet.classic(), touching="no_contact")
    print(f"classic fleet on 6 x 6 with no contact: {tight.fit()}")
    walled = battleship.Ocean(8, 8, battleship.Fleet.classic())
    for col in range(8):
        walled.block((3, col))
    walled.place_randomly("uniform", rng=1)
    print(walled)

    # A crowded fleet that fits, but too rarely for random draws, and whose layouts take more
    # states to count than the uniform placer's default budget: it reports such games as
    # unplaceable. A larger budget counts them (about half a second, once per placer object).
    # spread and elusive lay out uniform draws too, and take the same budget for them (spread
    # draws 16 layouts a game: a few milliseconds each here).
    for placer in (battleship.UniformPlacer(search_budget=3_000_000), battleship.SpreadPlacer(search_budget=3_000_000)):
        crowded = battleship.simulate(
            "parity", 50, rows=8, cols=8, fleet=battleship.Fleet.bbm103(),
            rules=battleship.Rules(touching="no_contact"), placer=placer, progress=False,
        )
        print(f"bbm103's fleet on 8 x 8 without contact, {placer.name}: {crowded.finished} of {crowded.games} "
              f"games laid out (search_budget 3,000,000), parity's mean {crowded.mean:.2f}")


if __name__ == "__main__":
    main()
