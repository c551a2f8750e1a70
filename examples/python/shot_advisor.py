"""A shot advisor for a game played elsewhere: on paper, against a friend, in another program.

    python examples/python/shot_advisor.py [--shooter NAME] [--rules NAME] [--seed N]
    python examples/python/shot_advisor.py --demo SEED [--rules salvo]

It keeps a ``battleship.TargetView`` of your own shots, asks one of the engine's shooters
(``probability`` by default) where to fire, and reads back what your opponent answered, one line
per shot, in the board game's words::

    B7 miss
    B7 hit
    B7 sunk Destroyer      (under sunk_with_name disclosure, the classic rules: name the ship)

Words are case-insensitive and blank lines are skipped; ``quit`` (or the end of the input) stops.
Under a volley rule (``--rules salvo``, ``--salvo-size 3``) a turn is several shots: the advisor
picks them one at a time and marks each with ``view.add_pending(cell)`` so that the next pick is
another cell, as the engine's own game loop does inside a volley; the board it prints shows those
cells as ``*``. Under ``salvo`` (one shot per ship of yours afloat) the advisor cannot see your
fleet: type ``afloat N`` when your opponent has sunk some of it.

You need not follow the advice: answer any cell still open and it is recorded instead of a
suggestion; the suggestions left unfired at the end of the volley are withdrawn. An answer no
game can give is refused, saying why, and asked again: a line that is not an answer, a cell off
the board or answered before, a ship not in the fleet or already sunk, and an answer that no
layout of the fleet fits together with the earlier ones (``B7 sunk Destroyer`` on the first hit:
a ``battleship.Posterior`` told the same answers checks each one first; it proves such an answer
impossible when it can count the layouts, which it always can for the ship sunk).

``--demo SEED`` answers for your opponent from a fleet laid out at random with that seed, and
prints each answer as if typed, so that the whole game runs unattended. The demo plays your side
only: your own fleet stays afloat, so under ``salvo`` every volley has a shot per ship.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import List, Optional, Tuple

import battleship
from battleship import BuiltinShooter, Ocean, Rng, Rules, ShotOutcome, TargetView
from battleship.cli import add_board_options, board_from, whole_number

Cell = Tuple[int, int]  # a cell: (row, col), counted from 0


PLAIN = {"miss": ShotOutcome("miss"), "hit": ShotOutcome("hit")}
"""The answers that name no ship, as typed (a sinking is ``sunk`` and, maybe, the ship)."""

def ship_named(view: TargetView, name: str) -> int:
    """The id of the ship a sinking names (case-insensitive), for ``ShotOutcome("sunk", ship=)``.

    A player names a class, not a copy: bbm103's fleet has four Patrol Boats and two Battleships.
    The sinking goes to the first copy of that class not yet sunk. Which copy it is does not
    matter: copies of a class have the same length, so the view (and the shooter) learn the same
    whichever of them is marked sunk. ``ValueError`` if the fleet has no such class or every ship
    of it is already sunk."""
    fleet = view.fleet
    wanted = " ".join(name.split()).casefold()
    copies = [i for i in range(fleet.ship_count) if fleet.ship(i)["name"].casefold() == wanted]
    if not copies:
        known = ", ".join(dict.fromkeys(fleet.ship(i)["name"] for i in range(fleet.ship_count)))
        raise ValueError(f"no ship called '{name}' in this fleet ({known})")
    for ship in copies:
        if not view.known_sunk(ship):
            return ship
    raise ValueError(f"every {fleet.ship(copies[0])['name']} is already sunk")


def parse_answer(line: str, view: TargetView) -> tuple[Cell, ShotOutcome]:
    """The cell and the outcome a line such as ``B7 sunk Destroyer`` tells, as the rules disclose
    it (a sinking under ``hit_only`` is recorded as the hit the view may know of; a ship named
    where sinkings are not named is left out). ``ValueError`` for a line that is not an answer."""
    words = line.split()
    if len(words) < 2 or words[1].lower() not in ("miss", "hit", "sunk"):
        raise ValueError("not an answer: write e.g. 'B7 miss', 'B7 hit' or 'B7 sunk Destroyer' "
                         "(or 'quit')")
    cell = battleship.parse_cell(words[0])  # ValueError for text that is not a cell
    if not (0 <= cell[0] < view.rows and 0 <= cell[1] < view.cols):
        raise ValueError(f"{words[0]} is not on the {view.rows} x {view.cols} board")
    if view.shots[cell]:
        raise ValueError(f"{words[0]} was answered before")
    result, rest = words[1].lower(), " ".join(words[2:])
    disclosure = view.rules.disclosure
    if result in PLAIN:
        if rest:
            raise ValueError(f"a {result} names no ship")
        return cell, PLAIN[result]
    if disclosure != "sunk_with_name":
        return cell, ShotOutcome("sunk").disclosed(disclosure)
    if not rest:
        raise ValueError("these rules name the ship sunk: write e.g. 'B7 sunk Destroyer'")
    return cell, ShotOutcome("sunk", ship=ship_named(view, rest))


def fleet_sunk(view: TargetView) -> bool:
    """Whether every ship is sunk: each sinking announced, or (under ``hit_only``, where none is)
    as many hits as the fleet has ship cells."""
    return view.afloat_count == 0 or int(view.hits.sum()) >= view.fleet.total_length


class StdinAnswers:
    """The opponent's answers as the user types them (None at the end of the input)."""

    def __init__(self) -> None:
        self.prompt = "> " if sys.stdin.isatty() else ""

    def read(self, unanswered: List[Cell]) -> Optional[str]:
        try:
            return input(self.prompt)
        except (EOFError, KeyboardInterrupt):  # Ctrl-D, Ctrl-C, the end of a file: stop
            if self.prompt:
                print()
            return None


class DemoAnswers:
    """The opponent's answers from a hidden fleet, printed as if typed: the next suggested cell
    not yet answered is fired at, and its outcome told as the rules disclose it."""

    def __init__(self, view: TargetView, seed: int) -> None:
        rules = view.rules
        self.ocean = Ocean(view.rows, view.cols, view.fleet, touching=rules.touching)
        self.ocean.place_randomly("uniform", rng=seed)
        self.disclosure = rules.disclosure

    def read(self, unanswered: List[Cell]) -> Optional[str]:
        cell = unanswered[0]
        told = self.ocean.fire(cell).disclosed(self.disclosure)
        line = f"{battleship.format_cell(cell)} {told.result}"
        if told.ship is not None:
            line += f" {self.ocean.fleet.ship(told.ship)['name']}"
        print(f"> {line}")
        return line


def advise(view: TargetView, shooter: BuiltinShooter, rng: Rng,
           answers: StdinAnswers | DemoAnswers) -> None:
    """Suggests volley after volley and records the answers until the fleet is sunk, the shot
    cap is reached, or the answers end."""
    rules = view.rules
    # told every answer before the view: it refuses one that no layout fits (the view takes it)
    check = battleship.Posterior(view.rows, view.cols, view.fleet, rules, samples=1)
    own_afloat = view.fleet.ship_count  # your own ships afloat: 'afloat N' changes it
    shooter.start(view)
    turn, again = 0, False
    while not fleet_sunk(view):
        # Rules.volley_size is what Game.next_volley_size asks for a game the engine holds:
        # under per_ship_afloat it counts your own ships afloat, which only you know.
        n = rules.volley_size(own_afloat=own_afloat, open_cells=view.open_count,
                              shots_fired=view.shots_fired)
        if n == 0:
            print(f"no shots left: the shot cap of {rules.shot_cap} is reached, "
                  f"{view.afloat_count} ships afloat")
            return
        # Name the volley one cell at a time, each marked pending so the next pick is another
        # cell: the engine's game loop does the same (include/battleship/game.hpp, fire_volley).
        suggested: List[Cell] = []
        for _ in range(n):
            cell = shooter.next_shot(view, rng)
            assert view.is_open(cell), "a built-in shooter names an open cell"
            view.add_pending(cell)
            suggested.append(cell)
        if not again:
            turn += 1
        print(view)
        shots = "1 shot" if n == 1 else f"{n} shots"
        after = " (again, after a hit)" if again else ""
        print(f"turn {turn}{after}, {shots}: {' '.join(map(battleship.format_cell, suggested))}")
        answered: List[Cell] = []
        struck = False
        while len(answered) < n and not fleet_sunk(view):
            unanswered = [c for c in suggested if c not in answered]
            line = answers.read(unanswered)
            if line is None or line.strip().lower() == "quit":
                fired, afloat = view.shots_fired, view.afloat_count
                state = f"{fired} shot{'' if fired == 1 else 's'} fired, {afloat} ship{'' if afloat == 1 else 's'} afloat"
                print(f"{'input ended' if line is None else 'quit'}: {state}")
                return
            if not line.strip():
                continue
            words = line.split()
            if words[0].lower() == "afloat":
                own_afloat = set_afloat(words, own_afloat, rules, view.fleet.ship_count)
                continue
            try:
                cell, outcome = parse_answer(line, view)
                check.record(cell, outcome)  # refuses, unchanged, an answer no layout fits
                view.record(cell, outcome)
            except (ValueError, IndexError) as error:
                print(f"refused: '{line.strip()}': {error}; answer again")
                continue
            shooter.on_result(view, cell, outcome)
            answered.append(cell)
            struck = struck or outcome.struck
        # Suggestions not fired (the user answered cells of their own instead) are withdrawn.
        # The view has no call that clears one pending cell; an 'invalid' outcome records
        # nothing and only ends the cell's pending state (TargetView.record), so it does that.
        # Its refusal code is required by ShotOutcome and means nothing here.
        unfired = [c for c in suggested if view.pending[c]]
        for cell in unfired:
            view.record(cell, ShotOutcome("invalid", refusal="already_shot"))
        if unfired and not fleet_sunk(view):
            print(f"not fired, withdrawn: {' '.join(map(battleship.format_cell, unfired))}")
        again = rules.volley == "until_miss" and struck
    print(view)
    ships = view.fleet.ship_count
    print(f"all {ships} ship{'s' if ships != 1 else ''} sunk in {view.shots_fired} shots")


def set_afloat(words: List[str], current: int, rules: Rules, ships: int) -> int:
    """``afloat N``: how many of the user's own ships are afloat (from the next volley on)."""
    if rules.volley != "per_ship_afloat":
        print(f"refused: 'afloat N' counts only under the per_ship_afloat volley "
              f"(these rules: {rules.volley})")
        return current
    if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= ships:
        print(f"refused: write 'afloat N', N from 1 to {ships}: the ships of yours still afloat")
        return current
    print(f"from the next volley: {words[1]} shots a turn")
    return int(words[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_board_options(parser)
    parser.add_argument(
        "--shooter", choices=battleship.shooter_names(), default="probability",
        help="the engine's shooter that gives the advice (default %(default)s)",
    )
    parser.add_argument(
        "--seed", type=whole_number(0, 2**63), metavar="N",
        help="seed of the shooter's rng (default: the --demo seed, else a fresh one)",
    )
    parser.add_argument(
        "--demo", type=whole_number(0, 2**63), metavar="SEED",
        help="answer from a hidden fleet laid out with SEED, unattended",
    )
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else args.demo
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    try:
        rows, cols, fleet, rules = board_from(args)
        view = TargetView(rows, cols, fleet, rules)
        answers = DemoAnswers(view, args.demo) if args.demo is not None else StdinAnswers()
    except (ValueError, TypeError, IndexError) as error:  # a board the fleet does not fit...
        parser.error(str(error))
    print(f"{rows} x {cols}, fleet {args.fleet}, volley {rules.volley}, disclosure "
          f"{rules.disclosure}; shooter {args.shooter}, seed {seed}")
    advise(view, BuiltinShooter(args.shooter), Rng(seed), answers)


if __name__ == "__main__":
    main()
