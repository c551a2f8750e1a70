"""The game behind ``battleship play``, without any screen: settings, rounds and the scoreboard.

A ``Match`` is a series of rounds against one computer opponent; each ``Round`` is one engine
``Game`` where player 0 is the person (a shooter that fires the cells chosen on screen) and
player 1 is a built-in shooter. The person lays out the fleet ship by ship (``move``,
``rotate``, ``confirm``, ``place_rest``, ``undo``), then fires (``fire``); the computer answers
at once. ``hint`` points the cursor at the cell likeliest to hold a ship, given only what the
person was told (``battleship.Posterior``). Every refusal (an illegal spot, a repeated shot)
leaves the round unchanged, apart from the cursor, which goes to the cell named, and says why in
``message``. Everything is deterministic given ``Settings.seed``, but for one thing: on a fleet so
crowded that one uniform layout takes over 4 ms of CPU to draw (the Russian fleet on 7 x 7
without edge contact, say), ``elusive`` and ``spread``, which draw many a placement, would take
up to a minute each round, and the computer lays out its fleet with ``uniform`` instead
(``Match.placer_note`` says so): which one depends on the machine's speed on boards near that
line.

>>> match = Match(Settings(rows=8, cols=8, fleet="classic", seed=3, opponent="random"))
>>> r = match.round
>>> r.stage
'placing'
>>> r.place_rest()
True
>>> r.stage
'shooting'
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from battleship import _core
from battleship._arguments import check_fit, fleet_of
from battleship._core import Fleet, Rng, Rules, ShotOutcome
from battleship.board import REFUSALS, Ocean, TargetView
from battleship.game import Game, QueuedShooter
from battleship.posterior import Posterior
from battleship.strategies import DRAWING_PLACERS, FixedPlacer, _placer_parts, resolve_placer, resolve_shooter

__all__ = ["Settings", "Match", "Round", "Mark", "default_opponent", "cell_name", "STRONGEST"]

Cell = Tuple[int, int]

STRONGEST = ("probability", "parity")
"""Shooters in order of preference for the default opponent (the first one registered wins)."""

TOUCHING = ("allowed", "no_edge_contact", "no_contact")
DISCLOSURE = ("hit_only", "hit_and_sunk", "sunk_with_name")


def default_opponent() -> str:
    """The strongest registered shooter: ``probability`` if the engine has it, else ``parity``."""
    names = _core.shooter_names()
    for name in STRONGEST:
        if name in names:
            return name
    return str(names[-1])


def default_placer() -> str:
    """The hardest layouts to find: ``elusive``, else ``spread``, else ``uniform``."""
    names = _core.placer_names()
    return next((name for name in ("elusive", "spread") if name in names), "uniform")


def cell_name(cell: Cell) -> str:
    """``(row, col)`` as the board labels it: column letter then row number (``(2, 0)`` is A3)."""
    return str(_core.format_cell(cell, "letter_number"))


@dataclass(frozen=True)
class Settings:
    """What ``battleship play`` is played with (the command line's options).

    ``salvo`` is the shots per turn: 1 (one shot, the default), N (a fixed salvo of N shots) or
    0 (one shot per own ship still afloat). ``until_miss`` gives a player another shot after each
    hit (the Russian rule; with one shot a turn only). ``seed`` None draws a fresh one.
    ``layout`` is the person's fleet drawn as ``Ocean.place_layout`` reads it, laid out at the
    start of every round instead of placed by hand (None: placed by hand).
    """

    rows: int = 10
    cols: int = 10
    fleet: str = "classic"
    opponent: str = field(default_factory=default_opponent)
    placer: str = field(default_factory=default_placer)
    touching: str = "no_contact"
    disclosure: str = "sunk_with_name"
    salvo: int = 1
    until_miss: bool = False
    seed: Optional[int] = None
    layout: Optional[str] = None

    def __post_init__(self) -> None:
        for name in ("rows", "cols"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, got {value!r}")
        if not isinstance(self.until_miss, bool):
            raise TypeError(f"until_miss must be True or False, got {self.until_miss!r}")
        for name in ("fleet", "opponent", "placer", "touching", "disclosure"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"{name} must be a name (a str), got {getattr(self, name)!r}")
        # Not a built-in: module:attribute (the person's own Python code) or an installed plugin.
        for name, resolve in (("opponent", resolve_shooter), ("placer", resolve_placer)):
            try:
                resolve(getattr(self, name))
            except ValueError as error:
                raise ValueError(f"{name}: {error}") from None
        if self.touching not in TOUCHING:
            raise ValueError(f"touching must be one of {', '.join(TOUCHING)}, got '{self.touching}'")
        if self.disclosure not in DISCLOSURE:
            raise ValueError(f"disclosure must be one of {', '.join(DISCLOSURE)}, got '{self.disclosure}'")
        if isinstance(self.salvo, bool) or not isinstance(self.salvo, int):
            raise TypeError(f"salvo must be an int, got {self.salvo!r}")
        if self.salvo < 0:
            raise ValueError(f"salvo must be 0 (one shot per ship afloat) or a positive number, got {self.salvo!r}")
        if self.until_miss and self.salvo != 1:
            raise ValueError("until_miss (another shot after each hit) goes with one shot a turn, not a salvo")
        if isinstance(self.seed, bool) or not (self.seed is None or isinstance(self.seed, int)):
            raise TypeError(f"seed must be None or an int, got {self.seed!r}")
        if self.seed is not None and not 0 <= self.seed < 2**64:
            raise ValueError(f"seed must be from 0 to 2**64 - 1, got {self.seed}")
        fleet_of(self.fleet)  # ValueError for a fleet that is neither a name nor lengths
        if not (1 <= self.rows <= 26 and 1 <= self.cols <= 26):
            raise ValueError(f"the board must be 1 to 26 rows and columns, got {self.rows} x {self.cols}")
        problem = self.fleet_object.problem(self.rows, self.cols)
        if problem:
            raise ValueError(f"the {self.fleet} fleet does not fit a {self.rows} x {self.cols} board: {problem}")
        check_fit(self.rows, self.cols, self.fleet_object, self.touching, f"the {self.fleet} fleet")
        if self.layout is not None:
            if not isinstance(self.layout, str):
                raise TypeError(f"layout must be None or a drawing (a str), got {type(self.layout).__name__}")
            try:  # refused now, naming the line, rather than at the first round
                FixedPlacer(self.layout).check(self.rows, self.cols, self.fleet_object, self.touching)
            except ValueError as error:
                raise ValueError(f"layout: {error}") from None

    @property
    def fleet_object(self) -> Fleet:
        """The fleet: a predefined fleet's name, or ship lengths such as ``"3,2"`` (``fleet_of``)."""
        return fleet_of(self.fleet)

    @property
    def rules(self) -> Rules:
        """The engine rules these settings describe."""
        rules = Rules(touching=self.touching, disclosure=self.disclosure)  # type: ignore[arg-type]
        if self.salvo == 0:
            return rules.replace(volley="per_ship_afloat")
        if self.salvo > 1:
            return rules.replace(volley="fixed_salvo", salvo_size=self.salvo)
        if self.until_miss:
            return rules.replace(volley="until_miss")
        return rules

    def describe(self) -> str:
        """One line: board, fleet, rules, opponent."""
        shots = {0: "salvo: 1 shot per ship afloat", 1: "1 shot a turn"}.get(self.salvo, f"salvo of {self.salvo}")
        if self.until_miss:
            shots = "1 shot a turn and another after each hit"
        return (
            f"{self.rows}x{self.cols} {self.fleet if self.fleet in Fleet.names() else 'ships ' + self.fleet}, {self.touching.replace('_', ' ')}, "
            f"{self.disclosure.replace('_', ' ')}, {shots}"
        )


class Mark:
    """What a board cell shows; each mark has its own symbol so the board reads without colour."""

    WATER = "water"  # ·
    SHIP = "ship"  # the ship's letter
    HIT = "hit"  # X
    SUNK = "sunk"  # #
    MISS = "miss"  # o
    UNKNOWN = "unknown"  # ·  (enemy cell not shot)
    AIMED = "aimed"  # *  (chosen for the salvo, not fired yet)
    GHOST = "ghost"  # the letter: the ship being placed, on a legal spot
    ILLEGAL = "illegal"  # !  the ship being placed, on an illegal spot
    REVEALED = "revealed"  # the letter, dim: an enemy ship shown after the round


class Round:
    """One game: placement, then shooting until a fleet is sunk.

    ``stage`` is ``"placing"``, ``"shooting"`` or ``"over"``; ``message`` is the line the screen
    shows (what just happened, or why an action was refused).
    """

    def __init__(
        self, settings: Settings, number: int, seed: int, on_over: Optional[Callable[[Round], None]] = None
    ) -> None:
        self.settings = settings
        self._on_over = on_over
        self.number = number
        self.seed = seed
        self.rows, self.cols = settings.rows, settings.cols
        self.fleet = settings.fleet_object
        self.rules = settings.rules
        self._person = QueuedShooter("you")
        self.game = self._computer_placed(settings, seed)
        self.mine: Ocean = self.game.ocean(0)
        self.theirs: Ocean = self.game.ocean(1)
        self.view: TargetView = self.game.view(0)
        self.names = [self.fleet.ship(i)["name"] for i in range(self.fleet.ship_count)]
        self.symbols = [self.fleet.ship(i)["symbol"] for i in range(self.fleet.ship_count)]
        self._rng = Rng((seed * 2 + 1) % 2**64)
        # placement
        self.placed: List[int] = []
        self.ship: Optional[int] = None
        self.origin: Cell = (0, 0)
        self.orientation = "horizontal"
        self._take_up(0)
        # shooting
        self.stage = "placing"
        self.cursor: Cell = (0, 0)
        self.aimed: List[Cell] = []
        self.turn_shots: List[Tuple[int, Cell, ShotOutcome, ShotOutcome]] = []
        self.last_hit: Optional[int] = None  # the player whose board was hit by the last volley
        self.hit_boards: List[int] = []
        self.winner: Optional[int] = None
        self.stopped = False  # over without a winner or a draw: a player broke the rules
        self.told = ""  # the last turn's shots in words ("You fire at B7: miss. I fire at ...")
        self.verdict = ""  # once over: who won, in words
        self.hint_chance = 0.0  # the last hint's probability of a ship on its cell
        # hints: the posterior over the enemy's layouts, made at the first hint and then told what
        # the person is told (a round without hints spends nothing on it)
        self._belief: Optional[Posterior] = None
        self.hints = 0
        self.message = f"Place your {self._ship_label(0)}: arrows move it, R rotates, Enter places it."
        if settings.layout is not None:  # the fleet as drawn: straight to shooting
            self.mine.place_layout(settings.layout)
            self.placed = list(range(len(self.names)))
            self.ship = None
            self._start_shooting()

    def _computer_placed(self, settings: Settings, seed: int) -> Game:
        """The round's game with the computer's fleet laid out by ``settings.placer``, or by
        ``uniform`` when that placer gives up (``elusive`` and ``spread`` can, on tight boards,
        for some seeds), or by ``sequential`` (``uniform`` gives up on fleets that fit with too
        many layouts to count, such as bbm103's on 8 x 8 with no contact); ValueError when no
        placer finds a layout."""
        for placer in dict.fromkeys((settings.placer, "uniform", "sequential")):
            game = Game(
                self._person, settings.opponent, rows=self.rows, cols=self.cols, fleet=self.fleet,
                rules=self.rules, seed=seed, placers=None, observers=[self],
            )
            try:
                game.place(1, placer)
                return game
            except ValueError:
                continue
        raise ValueError(
            f"the computer found no layout of the {settings.fleet} fleet on {self.rows} x {self.cols} "
            f"under {settings.touching}"
        )

    # ---- observer ------------------------------------------------------------------------
    def on_shot(self, player: int, cell: Cell, outcome: ShotOutcome, told: ShotOutcome) -> None:
        """Engine hook: collects the shots of the turn being played."""
        self.turn_shots.append((player, tuple(cell), outcome, told))  # type: ignore[arg-type]
        if player == 0 and told.valid and self._belief is not None:
            self._belief.record(cell, told)

    # ---- what the screen shows -------------------------------------------------------------
    def _ship_label(self, ship: int) -> str:
        return f"{self.names[ship]} ({self.fleet.ship(ship)['length']})"

    def ship_cells(self, ship: int, origin: Cell, orientation: str) -> List[Cell]:
        """The cells a ship would cover."""
        length = int(self.fleet.ship(ship)["length"])
        dr, dc = (0, 1) if orientation == "horizontal" else (1, 0)
        return [(origin[0] + i * dr, origin[1] + i * dc) for i in range(length)]

    def problem(self) -> Optional[str]:
        """Why the ship being placed cannot go where it is now (a sentence), or None."""
        if self.ship is None:
            return None
        code = self.mine.check_place(self.ship, self.origin, self.orientation)
        return None if code is None else REFUSALS.get(code, code)

    def my_marks(self) -> List[List[Tuple[str, str]]]:
        """The person's board: (mark, symbol) per cell, with the ship being placed on top."""
        ships, shots = self.mine.ships, self.mine.shots
        out: List[List[Tuple[str, str]]] = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                s = int(ships[r, c])
                if s >= 0:
                    if self.mine.is_sunk(s):
                        row.append((Mark.SUNK, "#"))
                    elif shots[r, c]:
                        row.append((Mark.HIT, "X"))
                    else:
                        row.append((Mark.SHIP, self.symbols[s]))
                elif shots[r, c]:
                    row.append((Mark.MISS, "o"))
                else:
                    row.append((Mark.WATER, "·"))
            out.append(row)
        if self.stage == "placing" and self.ship is not None:
            legal = self.problem() is None
            for r, c in self.ship_cells(self.ship, self.origin, self.orientation):
                if 0 <= r < self.rows and 0 <= c < self.cols:
                    out[r][c] = (Mark.GHOST, self.symbols[self.ship]) if legal else (Mark.ILLEGAL, "!")
        return out

    def _sunk_cells(self) -> Dict[Cell, int]:
        """Enemy cells known to belong to a sunk ship (all its cells when sinkings name the ship)."""
        out: Dict[Cell, int] = {}
        for cell, ship in self.view.sunk_reports:
            if ship is not None and ship >= 0:
                p = self.theirs.placement(ship)
                if p is not None:
                    for c in self.ship_cells(ship, p.origin, p.orientation):
                        out[c] = ship
            else:
                out[tuple(cell)] = -1  # type: ignore[index]
        return out

    def enemy_marks(self) -> List[List[Tuple[str, str]]]:
        """The enemy board as the person knows it (and, once the round is over, the ships left)."""
        hits, misses = self.view.hits, self.view.misses
        sunk = self._sunk_cells()
        ships = self.theirs.ships if self.stage == "over" else None
        out: List[List[Tuple[str, str]]] = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                if (r, c) in sunk:
                    row.append((Mark.SUNK, "#"))
                elif hits[r, c]:
                    row.append((Mark.HIT, "X"))
                elif misses[r, c]:
                    row.append((Mark.MISS, "o"))
                elif (r, c) in self.aimed:
                    row.append((Mark.AIMED, "*"))
                elif ships is not None and int(ships[r, c]) >= 0:
                    row.append((Mark.REVEALED, self.symbols[int(ships[r, c])]))
                else:
                    row.append((Mark.UNKNOWN, "·"))
            out.append(row)
        return out

    def enemy_afloat(self) -> List[Tuple[str, Optional[bool]]]:
        """Each enemy ship's name and whether it is known sunk (None: the rules do not say)."""
        named = self.settings.disclosure == "sunk_with_name"
        return [(self._ship_label(i), self.view.known_sunk(i) if named else None) for i in range(len(self.names))]

    def enemy_afloat_count(self) -> Optional[int]:
        """How many enemy ships are afloat, as far as the person has been told (None: not told)."""
        if self.settings.disclosure == "hit_only":
            return None
        return self.view.afloat_count

    @property
    def shots(self) -> Tuple[int, int]:
        """Valid shots fired so far: (the person, the computer)."""
        return self.game.outcome.shots

    def volley_size(self) -> int:
        """How many cells the person names this turn (the engine's count for the next volley)."""
        return max(1, self.game.next_volley_size)

    # ---- placing ---------------------------------------------------------------------------
    def _fits(self, origin: Cell, orientation: str) -> bool:
        assert self.ship is not None
        return all(0 <= r < self.rows and 0 <= c < self.cols for r, c in self.ship_cells(self.ship, origin, orientation))

    def move(self, dr: int, dc: int) -> bool:
        """Move the ship being placed (or, when shooting, the cursor); False at the board's edge."""
        if self.stage == "shooting":
            r, c = self.cursor[0] + dr, self.cursor[1] + dc
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return False
            self.cursor = (r, c)
            return True
        if self.stage != "placing" or self.ship is None:
            return False
        origin = (self.origin[0] + dr, self.origin[1] + dc)
        if not self._fits(origin, self.orientation):
            return False
        self.origin = origin
        self._say_where()
        return True

    def origin_for(self, cell: Cell) -> Cell:
        """Where ``move_to(cell)`` would put the ship being placed (pulled back inside the
        board): a click there again places it."""
        return self._clamped(cell, self.orientation)

    def move_to(self, cell: Cell) -> bool:
        """Put the ship being placed at ``cell`` (its top or left end), pulled back inside the board."""
        if self.stage != "placing" or self.ship is None:
            return False
        self.origin = self._clamped(cell, self.orientation)
        self._say_where()
        return True

    def _clamped(self, origin: Cell, orientation: str) -> Cell:
        assert self.ship is not None
        length = int(self.fleet.ship(self.ship)["length"])
        r, c = origin
        if orientation == "horizontal":
            c = min(c, self.cols - length)
        else:
            r = min(r, self.rows - length)
        return (max(0, min(r, self.rows - 1)), max(0, min(c, self.cols - 1)))

    def rotate(self) -> bool:
        """Turn the ship being placed a quarter (pulled back inside the board if it would stick out)."""
        if self.stage != "placing" or self.ship is None:
            return False
        orientation = "vertical" if self.orientation == "horizontal" else "horizontal"
        if not self._fits(self._clamped(self.origin, orientation), orientation):
            side = "tall" if orientation == "vertical" else "wide"
            self.message = f"The {self.names[self.ship]} cannot turn: it is longer than the board is {side}."
            return False
        self.orientation = orientation
        self.origin = self._clamped(self.origin, orientation)
        self._say_where()
        return True

    def _say_where(self) -> None:
        assert self.ship is not None
        why = self.problem()
        where = f"{self.names[self.ship]} at {cell_name(self.origin)} {self.orientation}"
        self.message = f"{where}: cannot go here, {why}." if why else f"{where}. Enter places it."

    def place_at(self, cell: Cell, orientation: str = "horizontal") -> bool:
        """Place the ship being placed with its top or left end at ``cell``, facing
        ``orientation`` (as typed: ``confirm`` at that spot); refused (False, with the reason)
        if it would stick out of the board or the rules forbid the spot."""
        if self.stage != "placing" or self.ship is None:
            return False
        cells = self.ship_cells(self.ship, cell, orientation)
        if not all(0 <= r < self.rows and 0 <= c < self.cols for r, c in cells):
            self.message = f"The {self.names[self.ship]} at {cell_name(cell)} {orientation} would stick out of the board."
            return False
        self.origin, self.orientation = cell, orientation
        return self.confirm()

    def confirm(self) -> bool:
        """Place the ship being placed where it is; refused (False, with the reason) if illegal."""
        if self.stage != "placing" or self.ship is None:
            return False
        why = self.problem()
        if why:
            self.message = f"Cannot place the {self.names[self.ship]} at {cell_name(self.origin)}: {why}."
            return False
        self.mine.place(self.ship, self.origin, self.orientation)
        self.placed.append(self.ship)
        placed = self.names[self.ship]
        self._next_ship()
        if self.stage == "placing":
            assert self.ship is not None
            self.message = f"{placed} placed. Now your {self._ship_label(self.ship)}."
        return True

    def _next_ship(self) -> None:
        left = [i for i in range(len(self.names)) if not self.mine.is_placed(i)]
        if not left:
            self.ship = None
            self._start_shooting()
            return
        self._take_up(left[0])

    def _take_up(self, ship: int) -> None:
        """Makes ``ship`` the one being placed, at the top left, lying the way it fits the board
        (horizontal unless it is longer than the board is wide)."""
        self.ship = ship
        length = int(self.fleet.ship(ship)["length"])
        self.orientation = "horizontal" if length <= self.cols else "vertical"
        self.origin = self._clamped((0, 0), self.orientation)

    def undo(self) -> bool:
        """Take back the last ship placed (only while placing)."""
        if self.stage != "placing" or not self.placed:
            return False
        ship = self.placed.pop()
        p = self.mine.placement(ship)
        self.mine.unplace(ship)
        self.ship = ship
        if p is not None:
            self.origin, self.orientation = p.origin, p.orientation
        self.message = f"{self.names[ship]} taken back."
        return True

    def place_rest(self) -> bool:
        """Place every ship not yet placed at random, keeping the ships already placed: every way
        to complete the fleet is equally likely (``Ocean.place_rest`` with the engine's ``uniform``
        placer; ``sequential`` when that one gives up, on very tight boards).

        False (nothing changed, and ``message`` says so) when the rest of the fleet does not fit.
        """
        if self.stage != "placing":
            return False
        left = [i for i in range(len(self.names)) if not self.mine.is_placed(i)]
        for placer in ("uniform", "sequential"):
            try:
                self.mine.place_rest(placer, self._rng)
            except ValueError:
                continue
            self.placed.extend(left)
            self._next_ship()
            return True
        self.message = "No room for the rest of the fleet: press U to take back a ship."
        return False

    def _start_shooting(self) -> None:
        self.stage = "shooting"
        self.cursor = (0, 0)
        n = self.volley_size()
        each = "a cell" if n == 1 else f"{n} cells"
        self.message = f"Your fleet is ready. Fire: click {each} of the enemy board, or move the cursor and press Enter."

    # ---- shooting --------------------------------------------------------------------------
    def fire(self, cell: Optional[Cell] = None) -> bool:
        """Fire at ``cell`` (default: the cursor); with a salvo, aim until the volley is full.

        Refused (False, with the reason) if the cell was shot already or is aimed at. When the
        volley is complete it is fired, then the computer plays its turn at once, unless the
        person's turn goes on (``until_miss`` after a hit).
        """
        if self.stage != "shooting":
            return False
        if cell is None:
            cell = self.cursor
        cell = (int(cell[0]), int(cell[1]))
        if not (0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols):
            self.message = "That is off the board."
            return False
        self.cursor = cell
        if not self.view.is_open(cell):
            self.message = f"You already fired at {cell_name(cell)}: pick another cell."
            return False
        if cell in self.aimed:
            self.aimed.remove(cell)
            self.message = f"{cell_name(cell)} no longer aimed at."
            return True
        self.aimed.append(cell)
        n = self.volley_size()
        if len(self.aimed) < n:
            self.message = f"Aimed at {', '.join(cell_name(c) for c in self.aimed)}: {n - len(self.aimed)} more to fire."
            return True
        self._play_turns()
        return True

    def hint(self) -> Optional[Cell]:
        """Moves the cursor to the open cell (not aimed at) likeliest to hold a ship, given only
        what the person was told, and says how likely; None (nothing changes) unless shooting."""
        if self.stage != "shooting":
            return None
        if self._belief is None:
            self._belief = Posterior(self.rows, self.cols, self.fleet, self.rules, seed=self.seed)
            for shot in self.game.record.shots_of(0):
                if shot.told.valid:
                    self._belief.record(shot.cell, shot.told)
        chance = self._belief.probabilities()
        for cell in self.aimed:  # a salvo's aimed cells are taken
            chance[cell] = -1.0
        chance[~self.view.open] = -1.0
        cell = divmod(int(np.argmax(chance)), self.cols)
        self.cursor = cell
        self.hints += 1
        self.hint_chance = float(chance[cell])
        enter = "fires" if self.volley_size() == 1 else "aims"
        self.message = (
            f"Hint: {cell_name(cell)}, a ship there with probability {chance[cell]:.0%} "
            f"(over every enemy layout that fits what you were told). Enter {enter}."
        )
        return cell

    def _play_turns(self) -> None:
        self.turn_shots = []
        self._person.queue = list(self.aimed)
        self.aimed = []
        self.game.play_volley()
        again = self.game.turn_under_way  # until_miss: the person hit, and shoots again
        if not again and not self.game.is_over:
            self.game.play_turn()
        self.hit_boards = sorted({1 - p for p, _, full, _ in self.turn_shots if full.struck})
        self.told = self._describe_turn()
        self.message = self.told + ("  Fire again." if again else "")
        if self.game.is_over:
            self._finish()

    def _describe_turn(self) -> str:
        mine: List[str] = []
        theirs: List[str] = []
        for player, cell, full, told in self.turn_shots:
            where = cell_name(cell)
            if player == 0:
                if told.sank and told.ship is not None and told.ship >= 0:
                    mine.append(f"You fire at {where}: You sank my {self.names[told.ship]}!")
                elif told.sank:
                    mine.append(f"You fire at {where}: You sank a ship!")
                elif told.struck:
                    mine.append(f"You fire at {where}: hit!")
                elif told.valid:
                    mine.append(f"You fire at {where}: miss.")
            elif full.struck:
                name = self.names[full.ship or 0]
                if full.sank:
                    theirs.append(f"I fire at {where}: I sank your {name}!")
                else:
                    theirs.append(f"I fire at {where}: hit your {name}.")
            elif full.valid:
                theirs.append(f"I fire at {where}: miss.")
        return "  ".join(mine + theirs)

    def _finish(self) -> None:
        self.stage = "over"
        outcome = self.game.outcome
        self.winner = outcome.winner if outcome.end == "win" else None
        you, me = outcome.shots
        if outcome.end == "win" and outcome.winner == 0:
            verdict = f"You won in {you} shots!"
        elif outcome.end == "win":
            verdict = f"I won in {me} shots!"
        elif outcome.end == "draw":
            verdict = "A draw!"
        else:
            self.stopped = True
            verdict = f"The round stopped: {_as_told(outcome.reason, outcome.at_fault)}; it counts for nobody."
        self.verdict = verdict
        self.message = f"{self.message}  {verdict} Press N or click for the next round."
        if self._on_over is not None:
            self._on_over(self)


def _as_told(reason: str, at_fault: Optional[int]) -> str:
    """The engine's reason for stopping a game told to the person: ``player 1 made ...`` reads
    ``the computer made ...`` (player 0 is the person, player 1 the computer)."""
    who = {0: "you", 1: "the computer"}
    prefix = f"player {at_fault} "
    if at_fault in who and reason.startswith(prefix):
        return f"{who[at_fault]} {reason[len(prefix):]}"
    return reason


# The placers that draw many uniform layouts to lay out one fleet (elusive 256, spread 16).
_MANY_DRAWS = tuple(name for name in DRAWING_PLACERS if name != "uniform")
# Seconds one uniform draw may take for those placers to stay quick (elusive: about a second).
_SLOW_DRAW = 0.004


def _placer_base(name: str) -> str:
    """The built-in placer ``name`` names, without its settings; itself if it names none."""
    try:
        return _placer_parts(name)[0]
    except ValueError:  # not settings text the engine reads: using the name says why
        return name


def _uniform_draw_seconds(settings: Settings) -> float:
    """How long ``uniform`` took to lay out ``settings``' fleet once (the computer's board; the
    generator of the first round), in CPU seconds of this process: wall time counted the moments
    a busy machine gave to other programs, and called the classic fleet crowded; infinite if it
    found no layout."""
    ocean = Ocean(settings.rows, settings.cols, settings.fleet_object, touching=settings.touching)
    start = time.process_time()  # of every thread: a long uniform search goes on off this one
    try:
        ocean.place_randomly("uniform", Rng(settings.seed or 0))
    except ValueError:
        return math.inf
    return time.process_time() - start


class Match:
    """Rounds against one opponent and the scoreboard across them. ``placer_note`` is "" unless
    the computer's placer was changed to ``uniform`` for a crowded fleet (then it says why, and
    the first round's message ends with it)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        if settings.seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint32)[0])
            self.settings = replace(settings, seed=seed)
        self.wins = [0, 0]
        self.draws = 0
        self.stopped = 0  # rounds stopped because a player broke the rules
        # Where one uniform draw is slow, elusive and spread (which draw many a placement) would
        # leave a blank screen for a minute each round: the computer places with uniform instead.
        self.placer_note = ""
        if _placer_base(self.settings.placer) in _MANY_DRAWS:  # spread(candidates=64) is a spread placer
            draw = _uniform_draw_seconds(self.settings)
            if draw > _SLOW_DRAW:
                self.placer_note = (
                    f" (The computer lays out its fleet with uniform: one uniform layout of this crowded fleet takes "
                    f"{1000 * draw:.0f} ms, and {self.settings.placer} draws many of them a round.)"
                )
                self.settings = replace(self.settings, placer="uniform")
        self.round = self._new_round(1)
        self.round.message += self.placer_note

    def _new_round(self, number: int) -> Round:
        assert self.settings.seed is not None
        return Round(self.settings, number, (self.settings.seed + number - 1) % 2**64, on_over=self._count)

    def _count(self, r: Round) -> None:
        if r.stopped:
            self.stopped += 1
        elif r.winner is None:
            self.draws += 1
        else:
            self.wins[r.winner] += 1

    def next_round(self) -> bool:
        """Start the next round once this one is over; False (nothing changed) before that."""
        if self.round.stage != "over":
            return False
        try:
            self.round = self._new_round(self.round.number + 1)
        except ValueError as error:  # the computer's fleet does not fit: this round stays
            self.round.message = f"No next round: {error}."
            return False
        return True

    def score(self) -> str:
        """``You 2 - 1 Computer`` (and the rounds drawn and stopped, if any)."""
        others = self.others()
        return self.won() + (f", {others}" if others else "")

    def won(self) -> str:
        """The rounds each side won: ``You 2 - 1 Computer``."""
        return f"You {self.wins[0]} - {self.wins[1]} Computer"

    def others(self) -> str:
        """The rounds that no one won: ``1 drawn, 1 stopped`` (empty when there are none)."""
        counts = [(self.draws, "drawn"), (self.stopped, "stopped")]
        return ", ".join(f"{n} {what}" for n, what in counts if n)
