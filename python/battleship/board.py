"""Boards: ``Ocean`` (a player's own board) and ``TargetView`` (what a shooter may know).

Both pick the compiled class that fits the board (see ``_shape``) and return NumPy arrays of
shape ``(rows, cols)`` for board states. A refused placement raises ``PlacementError`` (a
``ValueError``) and changes nothing; ``check_place`` returns the refusal instead of raising.
"""

from __future__ import annotations

from typing import Any, List, NamedTuple, Optional, Tuple, Type, TypeVar, Union

import numpy as np
import numpy.typing as npt

from battleship import _core, _shape
from battleship._arguments import check_count, check_unicode, fleet_and_rules
from battleship._core import Fleet, Rng, Rules, ShotOutcome
from battleship._types import Cell, CellLike, SearchPhase

__all__ = ["Ocean", "TargetView", "PlacementError", "Placement"]

REFUSALS: dict[str, str] = _core.placement_refusals()
"""Every placement refusal code and the sentence that explains it (the engine's own texts)."""


class PlacementError(ValueError):
    """A ship could not be placed or removed; ``refusal`` is the code (``"overlap"``, ...)."""

    def __init__(self, message: str, refusal: str) -> None:
        super().__init__(message)
        self.refusal = refusal

    def __reduce__(self) -> Tuple[Any, Tuple[str, str]]:
        # BaseException pickles its args alone, which lack `refusal`: a process pool's worker
        # could not send this error back.
        return (type(self), (str(self), self.refusal))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r}, {self.refusal!r})"


def cell_label(cell: Cell) -> Optional[str]:
    """``cell`` as a player names it (``"A2"``, the board's labels), or None for a cell before the
    first row or column, which has no label: for messages a player reads."""
    return _core.format_cell(cell) if min(cell) >= 0 else None


class Placement(NamedTuple):
    """Where a ship lies: its top or left cell, ``"horizontal"`` or ``"vertical"``, its length."""

    origin: Cell
    orientation: str
    length: int


def _seeded(rng: Union[Rng, int, None]) -> Rng:
    if rng is None:
        return Rng(int(np.random.SeedSequence().generate_state(1, np.uint64)[0]))
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool):
        return Rng(check_count("the rng seed", rng, 0))
    raise TypeError(f"rng must be a battleship.Rng, an int seed or None, got {rng!r}")


_B = TypeVar("_B", bound="_Board")


class _Board:
    """What Ocean and TargetView share: the compiled object they front, its size and fleet."""

    _impl: Any

    @classmethod
    def _from_core(cls: Type[_B], impl: Any) -> _B:
        self = cls.__new__(cls)
        self._impl = impl
        return self

    @property
    def rows(self) -> int:
        """Number of rows."""
        return int(self._impl.rows)

    @property
    def cols(self) -> int:
        """Number of columns."""
        return int(self._impl.cols)

    @property
    def fleet(self) -> Fleet:
        """The fleet (its composition is public knowledge)."""
        return self._impl.fleet  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        """Equal by value: oceans with the same ships, damage and blocks; views told the same
        answers in the same order (on the same board, fleet and rules)."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Board)
        return type(self._impl) is type(other._impl) and bool(self._impl == other._impl)

    __hash__ = None  # type: ignore[assignment]

    def copy(self: _B) -> _B:
        """An independent copy."""
        return type(self)._from_core(self._impl.copy())

    def __copy__(self: _B) -> _B:
        return self.copy()

    def __deepcopy__(self: _B, memo: Any) -> _B:
        return self.copy()

    def _repr_svg_(self) -> str:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return f"<div>{self._repr_svg_()}</div>"


class Ocean(_Board):
    """A player's own board: where the ships lie and what the enemy's shots did.

    Ships are numbered as in ``fleet`` (the classic fleet's ship 0 is the Carrier). Every
    mutating call either succeeds completely or changes nothing: ``place`` and ``unplace``
    raise ``PlacementError`` with the reason; ``fire`` returns a ``ShotOutcome`` (an invalid
    shot, off the board or repeated, is an outcome, not an error).

    >>> ocean = Ocean(10, 10, Fleet.classic(), touching="no_contact")
    >>> ocean.place(0, "A1", "horizontal")
    >>> ocean.fire("A1")
    ShotOutcome('hit', ship=0)
    """

    _impl: Any

    def __init__(
        self,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        touching: str = "allowed",
    ) -> None:
        cls = _shape.core("Ocean", rows, cols)
        self._impl = cls(rows, cols, fleet_and_rules(fleet, None)[0], touching)

    # ---- what it is ------------------------------------------------------------------------
    @property
    def touching(self) -> str:
        """The touching rule placements obey."""
        return str(self._impl.touching)

    @property
    def ship_count(self) -> int:
        """Number of ships in the fleet."""
        return int(self._impl.ship_count)

    # ---- placing ---------------------------------------------------------------------------
    def _ship(self, ship: int) -> int:
        if isinstance(ship, bool) or not isinstance(ship, (int, np.integer)):
            raise TypeError(f"a ship is its id in the fleet (an int), got {ship!r}")
        if not 0 <= ship < self.ship_count:
            raise IndexError(f"ship {ship} is not in a fleet of {self.ship_count} ships")
        return int(ship)

    def check_place(self, ship: int, origin: CellLike, orientation: str = "horizontal") -> Optional[str]:
        """Why ``ship`` could not be placed there now (a refusal code), or None if it could.

        Where several reasons apply, the first of ``shooting_started``, ``already_placed``,
        ``off_board``, ``overlap``, ``blocked`` and ``touching`` is given."""
        code = self._impl.check_place(self._ship(ship), origin, orientation)
        return None if code == "none" else str(code)

    def place(self, ship: int, origin: CellLike, orientation: str = "horizontal") -> None:
        """Place ``ship`` with its top or left cell at ``origin``; ``PlacementError`` if refused."""
        code = self._impl.place(self._ship(ship), origin, orientation)
        if code != "none":
            name = self.fleet.ship(int(ship))["name"]
            cell = _core.parse_cell(origin)
            label = f"{cell_label(cell)} " if cell_label(cell) else ""
            way = "vertical" if str(orientation).lower() in ("v", "vertical") else "horizontal"
            raise PlacementError(f"cannot place ship {ship} ({name}) at {label}{cell}, {way}: {REFUSALS[code]}", code)

    def unplace(self, ship: int) -> None:
        """Remove ``ship`` from the board; ``PlacementError`` if it is not there or shots began."""
        code = self._impl.unplace(self._ship(ship))
        if code != "none":
            raise PlacementError(f"cannot remove ship {ship}: {REFUSALS[code]}", code)

    def place_randomly(self, placer: Any = "uniform", rng: Union[Rng, int, None] = None) -> None:
        """Remove every ship and shot, then lay out the whole fleet with ``placer`` (a name or a
        placer object), on the cells not blocked (the blocks stay).

        ``rng`` is a ``battleship.Rng`` or an int seed (None: a fresh random seed). All or
        nothing: raises ``ValueError`` if the placer could not place the fleet, returned True
        without placing every ship, fired at the ocean or changed its blocked cells,
        ``TypeError`` if a Python placer's answer is not True, False or None (None: placed if
        every ship is, as in a run), and passes on whatever a Python placer raises; the ocean is
        then exactly as it was before the call (``rng`` has moved on). Ctrl-C stops a placement that takes long (seconds or minutes on a
        crowded fleet before it gives up) the same way: ``spread`` and ``elusive``, which draw many
        layouts, place off the calling thread, which watches for it (about 80 microseconds a
        call); ``uniform`` makes its first 4,096 tries on it, which place almost every fleet, and
        only then goes on off it (the layout is the one it would draw alone).
        """
        from battleship.strategies import resolve_placer

        generator = _seeded(rng)
        spec = resolve_placer(placer)
        before = self._impl.copy()
        try:
            if isinstance(spec, (str, _core.UniformPlacerSettings)):  # the engine's own
                ok = self._impl.place_with(spec, generator)
            else:
                self._impl.clear_ships()
                ok = _core.placer_answer(spec.place(self, generator), self.all_placed)  # as a run reads it
                if self._impl.shots().any():
                    raise ValueError("a placer must not fire at the ocean it lays out")
                if not np.array_equal(self._impl.blocked(), before.blocked()):  # the blocks stay, as promised
                    raise ValueError("a placer must not block or unblock cells of the ocean it lays out")
                if ok and not self.all_placed:
                    raise ValueError("the placer returned True but did not place every ship")
            if not ok:
                raise ValueError(
                    f"the placer could not lay out this fleet on a {self.rows} x {self.cols} board"
                    + self._why_not_laid_out(spec)
                )
        except BaseException:
            if not self._impl == before:  # a read-only ocean refused the first change
                self._impl.assign(before)
            raise

    def rest_ocean(self) -> Ocean:
        """An empty ocean of the ships not placed yet, on this board under this touching rule, with
        every cell the placed ships rule out blocked (this ocean's blocks, the placed ships' cells
        and the neighbours the touching rule keeps clear): any layout of it completes this one.
        Its fleet keeps this fleet's classes, each counting its ships not placed, so its ship
        ``k`` is this ocean's ``k``-th unplaced ship. ``ValueError`` when every ship is placed."""
        return Ocean._from_core(self._impl.rest_ocean())

    def place_rest(self, placer: Any = "uniform", rng: Union[Rng, int, None] = None) -> None:
        """Place every ship not placed yet with ``placer`` (a name or a placer object), keeping
        the ships placed: the placer lays out ``rest_ocean()``, and its layout joins this one. With
        ``"uniform"`` every legal way to complete the fleet is equally likely (a game's "place the
        others at random"). Nothing to do when every ship is placed.

        All or nothing, as ``place_randomly``: ``ValueError`` naming the ships left if the
        placer lays out no rest (it may not fit around the ships placed), ``PlacementError``
        (``shooting_started``) once the ocean has been shot at, ``RuntimeError`` for an ocean a
        game made read-only; ``rng`` as for ``place_randomly``.
        """
        if self.all_placed:
            return
        if self._impl.shots().any():
            raise PlacementError(f"cannot place the rest of the fleet: {REFUSALS['shooting_started']}", "shooting_started")
        rest = self.rest_ocean()
        try:
            rest.place_randomly(placer, rng)
        except ValueError as e:
            left = ", ".join(f"{i} ({self.fleet.ship(i)['name']})" for i in range(self.ship_count) if not self.is_placed(i))
            raise ValueError(f"the rest of the fleet, ships {left}, was not laid out around the ships placed: {e}") from None
        code = self._impl.place_rest_as(rest._impl)
        if code != "none":  # the rest ocean is laid out legally, so only a broken placer gets here
            raise PlacementError(f"cannot place the rest of the fleet: {REFUSALS[code]}", code)

    def _why_not_laid_out(self, spec: Any) -> str:
        """Why the placer ``spec`` found no layout of this fleet, as ": reason" after "could not
        lay out ...", for the engine's placers that draw uniform layouts: whether the fleet fits
        at all (``fit``, with the placer's budget) and, if it does, that a larger budget lays out
        more (a crowded fleet whose layouts the budget cannot count is placed by random draws
        alone, which may fail on some calls and not others); "" for other placers."""
        from battleship.strategies import DRAWING_PLACERS  # it imports this module

        if isinstance(spec, _core.UniformPlacerSettings):
            name, budget = spec.placer, spec.search_budget
        elif isinstance(spec, str) and spec in DRAWING_PLACERS:
            name, budget = spec, _core.UniformPlacerSettings.default_search_budget
        else:
            return ""
        verdict = self.fit(budget)
        if verdict == "cannot_fit":
            around = "around the blocked cells " if self.blocked.any() else ""
            return f": no layout of it fits {around}under the rule {self.touching!r} (Ocean.fit())"
        return (
            f": {'it fits' if verdict == 'fits' else 'it may fit'}, but is too crowded for the placer to count its "
            f"layouts within its search budget ({budget:,} states), and its random draws found none; a larger "
            f"one lays out more: battleship.{DRAWING_PLACERS[name].__name__}(search_budget=3_000_000)"
        )

    def place_layout(self, text: str) -> None:
        """Lay the fleet out as ``text`` draws it, replacing every ship and shot (the blocks stay):
        one line per board row, a ship's symbol (the fleet's ``symbol``) on each of its cells,
        ``.`` or ``~`` for water; blanks between cells are ignored, ``#`` starts a comment and
        blank lines are skipped, so an indented triple-quoted string reads as drawn.

        All or nothing, with the line of the first problem: a malformed drawing raises
        ``ValueError`` (``line 3: expected 10 cells, found 9``); a ship this ocean refuses (its
        touching rule, a blocked cell) raises ``PlacementError`` with the ship's line and column.
        The ocean is then exactly as it was. ``layout_text`` draws the layout back.

        >>> ocean = Ocean(3, 4, Fleet([ShipClass("Cruiser", "C", 3), ShipClass("Patrol", "P", 2)]))
        >>> ocean.place_layout('''
        ...     C C C .
        ...     . . . .
        ...     P P . .
        ... ''')
        >>> ocean.placement(1)
        Placement(origin=(2, 0), orientation='horizontal', length=2)
        """
        if not isinstance(text, str):
            raise TypeError(f"a layout is drawn as a str, got {type(text).__name__}")
        code, error = self._impl.place_layout(check_unicode(text, "the layout"))
        if error and code != "none":
            raise PlacementError(error, str(code))
        if error:
            raise ValueError(error)

    def layout_text(self) -> str:
        """The ships placed, drawn as ``place_layout`` reads them: one line per row, each cell a
        ship's symbol or ``.``, separated by blanks (ships not placed are left out, and shots are
        not drawn). Raises ``ValueError`` for a fleet whose symbols the format reads otherwise
        (``#``, ``~``, ``,`` or ``;``).

        >>> ocean = Ocean(2, 3, Fleet([ShipClass("Patrol", "P", 2)]))
        >>> ocean.place(0, "A2")
        >>> print(ocean.layout_text(), end="")
        . . .
        P P .
        """
        return str(self._impl.layout_text())

    def fit(self, budget: Optional[int] = None) -> str:
        """Whether the whole fleet can be laid out on this board, around its blocks, under its
        touching rule (the ships placed now do not count): ``"fits"``, ``"cannot_fit"`` (proven
        by an exhaustive search), or ``"unknown"`` (both searches below gave up, on huge crowded
        boards).

        ``budget`` is the most states each of its two searches may visit (a depth-first search,
        then, if that gives up, a count of the layouts cell by cell): None for the ``uniform``
        placer's own, 300,000; a larger one settles more crowded boards at the cost of time and
        memory (16 to 60 bytes a state).

        >>> Ocean(6, 6, Fleet.classic(), touching="no_contact").fit()
        'cannot_fit'
        """
        return str(self._impl.fit(budget))

    def is_placed(self, ship: int) -> bool:
        """Whether ``ship`` is on the board."""
        return bool(self._impl.is_placed(self._ship(ship)))

    @property
    def all_placed(self) -> bool:
        """Whether every ship of the fleet is on the board."""
        return bool(self._impl.all_placed)

    def placement(self, ship: int) -> Optional[Placement]:
        """Where ``ship`` lies, or None if it is not placed."""
        p = self._impl.placement(self._ship(ship))
        return None if p is None else Placement(*p)

    def ship_at(self, cell: CellLike) -> Optional[int]:
        """The ship covering ``cell``, or None (water, or off the board)."""
        return self._impl.ship_at(cell)  # type: ignore[no-any-return]

    # ---- blocks (CS32) ---------------------------------------------------------------------
    def block(self, cell: CellLike) -> None:
        """Block ``cell``: no ship may be placed over it. A cell under a ship is refused
        (``ValueError``), one off the board too (``IndexError``)."""
        self._impl.block(cell)

    def block_random(self, rng: Union[Rng, int, None] = None, count: Optional[int] = None) -> None:
        """Block ``count`` free cells (not under a ship, not blocked) chosen at random; more than
        there are is refused (``ValueError``). The default blocks half the board's cells, or
        every free one if fewer are left, as CS32 does."""
        self._impl.block_random(_seeded(rng), count)

    def unblock(self) -> None:
        """Remove every block."""
        self._impl.unblock()

    def clear(self) -> None:
        """Remove every ship, block and shot."""
        self._impl.clear()

    def repair(self) -> None:
        """Remove every shot and all damage, keeping the ships in place."""
        self._impl.repair()

    # ---- shooting --------------------------------------------------------------------------
    def fire(self, cell: CellLike) -> ShotOutcome:
        """Fire at ``cell``: miss, hit, sunk, or invalid (off the board or repeated)."""
        return self._impl.fire(cell)  # type: ignore[no-any-return]

    def was_shot(self, cell: CellLike) -> bool:
        """Whether ``cell`` has been shot at (False off the board: nothing can be shot there)."""
        return bool(self._impl.was_shot(cell))

    def health(self, ship: int) -> int:
        """Undamaged cells left on ``ship``."""
        return int(self._impl.health(self._ship(ship)))

    def is_sunk(self, ship: int) -> bool:
        """Whether ``ship`` is sunk."""
        return bool(self._impl.is_sunk(self._ship(ship)))

    @property
    def sunk_count(self) -> int:
        """Number of sunk ships."""
        return int(self._impl.sunk_count)

    @property
    def afloat_count(self) -> int:
        """Number of placed ships not yet sunk."""
        return int(self._impl.afloat_count)

    @property
    def all_sunk(self) -> bool:
        """Whether every ship has been sunk."""
        return bool(self._impl.all_sunk)

    # ---- arrays ----------------------------------------------------------------------------
    @property
    def ships(self) -> npt.NDArray[np.int8]:
        """A rows x cols NumPy int8 array (not a list of cells): the ship id covering each cell,
        -1 for water; ``ocean.ships[row, col]`` is one cell's (``ship_at(cell)``: None for water)."""
        return self._impl.ships()  # type: ignore[no-any-return]

    def to_numpy(self) -> npt.NDArray[np.int8]:
        """Same as ``ships``: the layout as an int8 array, -1 for water."""
        return self.ships

    @property
    def shots(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True where a shot was fired;
        ``ocean.shots[row, col]`` is one cell's (``was_shot(cell)`` takes any cell)."""
        return self._impl.shots()  # type: ignore[no-any-return]

    @property
    def hits(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True on each ship cell hit;
        ``ocean.hits[row, col]`` is one cell's."""
        return self._impl.hits()  # type: ignore[no-any-return]

    @property
    def blocked(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True on each blocked cell;
        ``ocean.blocked[row, col]`` is one cell's."""
        return self._impl.blocked()  # type: ignore[no-any-return]

    # ---- Python manners --------------------------------------------------------------------
    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickles as what rebuilds it: board, fleet, touching rule, blocks, ships and shots."""
        placements = []
        for ship in range(self.ship_count):
            placed = self.placement(ship)
            if placed is not None:
                placements.append((ship, placed.origin, placed.orientation))
        state = (self.touching, _cells(self.blocked), placements, _cells(self.shots))
        return _ocean_from, (self.rows, self.cols, self.fleet, state)

    def __str__(self) -> str:
        from battleship.render import ocean_text

        return ocean_text(self)

    def __repr__(self) -> str:
        return f"<Ocean {self.rows} x {self.cols}, {self.ship_count} ships, {self.sunk_count} sunk>"

    def _repr_svg_(self) -> str:
        from battleship.render import ocean_svg

        return ocean_svg(self)



class TargetView(_Board):
    """What a shooter may know about its target: its shots and what it was told.

    Python shooters receive one in ``start``, ``next_shot`` and ``on_result``; it is read-only
    there and valid only during the call (the same object is passed every time, so a shooter
    may keep it). A view built with the constructor is the caller's own and can ``record``.
    """

    _impl: Any

    def __init__(
        self,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        rules: Optional[Rules] = None,
    ) -> None:
        cls = _shape.core("TargetView", rows, cols)
        self._impl = cls(rows, cols, *fleet_and_rules(fleet, rules))

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._impl.rules  # type: ignore[no-any-return]

    @property
    def shots(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True where a shot was fired
        and answered; ``view.shots[row, col]`` is one cell's. ``open_cells()`` lists the cells
        that may still be shot."""
        return self._impl.shots()  # type: ignore[no-any-return]

    @property
    def hits(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True where a ship was hit;
        ``hit_cells()`` is the list of those cells, ``view.hits[row, col]`` one cell's."""
        return self._impl.hits()  # type: ignore[no-any-return]

    @property
    def misses(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True where a shot found
        water; ``view.misses[row, col]`` is one cell's."""
        return self._impl.misses()  # type: ignore[no-any-return]

    @property
    def pending(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True on the cells named in
        the current salvo, results not yet announced; ``view.pending[row, col]`` is one cell's."""
        return self._impl.pending()  # type: ignore[no-any-return]

    @property
    def open(self) -> npt.NDArray[np.bool_]:
        """A rows x cols NumPy boolean mask (not a list of cells): True where a shot may still
        be fired; ``open_cells()`` is the list of those cells (``for cell in view.open`` goes
        over rows of booleans), ``view.open[row, col]`` one cell's."""
        return self._impl.open()  # type: ignore[no-any-return]

    def open_cells(self) -> List[Cell]:
        """The cells that may still be shot, in reading order."""
        return self._impl.open_cells()  # type: ignore[no-any-return]

    def hit_cells(self) -> List[Cell]:
        """The cells where a ship was hit, in reading order."""
        return self._impl.hit_cells()  # type: ignore[no-any-return]

    def is_open(self, cell: CellLike) -> bool:
        """Whether ``cell`` may still be shot (on the board, not shot, not pending)."""
        return bool(self._impl.is_open(cell))

    @property
    def shots_fired(self) -> int:
        """Number of valid shots fired so far."""
        return int(self._impl.shots_fired)

    @property
    def open_count(self) -> int:
        """Number of cells that may still be shot."""
        return int(self._impl.open_count)

    @property
    def sunk_reports(self) -> List[Tuple[Cell, Optional[int]]]:
        """Each announced sinking: (the cell that sank it, the ship or None if not named)."""
        return self._impl.sunk_reports()  # type: ignore[no-any-return]

    def known_sunk(self, ship: int) -> bool:
        """Whether ``ship`` is known to be sunk (only when sinkings name the ship)."""
        return bool(self._impl.known_sunk(ship))

    @property
    def afloat_count(self) -> int:
        """Number of ships not yet announced sunk."""
        return int(self._impl.afloat_count)

    @property
    def shortest_afloat(self) -> int:
        """Length of the shortest ship that may still be afloat (0 if none)."""
        return int(self._impl.shortest_afloat)

    @property
    def search_phase(self) -> SearchPhase:
        """``"hunting"`` when every hit belongs to a ship announced sunk, ``"targeting"`` when
        some hit belongs to a ship still afloat, ``"unknown"`` when the disclosure rule does not
        name sunk ships and there are hits (the view cannot tell which ships they belong to)."""
        return self._impl.search_phase  # type: ignore[no-any-return]

    def record(self, cell: CellLike, outcome: ShotOutcome) -> None:
        """Record the announced ``outcome`` of the shot at ``cell`` (own views only): what the
        view's disclosure rule tells of it (``outcome.disclosed(view.rules.disclosure)``), so a
        view fed the ocean's own answers (``view.record(cell, ocean.fire(cell))``) knows no more
        than a game would tell its shooter.

        Answers no game can give are refused, changing nothing: ``IndexError`` for a fired shot
        off the board or a ship outside the fleet, ``ValueError`` for a cell already answered, a
        ship named after it was sunk, or a sinking after as many as the fleet has ships. An
        ``invalid`` outcome records nothing (it only ends the cell's pending state). These are the
        view's bookkeeping; where the ships could lie is not checked (a sinking of a ship of 3 on
        its first hit is taken, and ``search_phase`` may then say targeting with no ship afloat):
        ``Posterior.record`` refuses answers no layout fits."""
        self._impl.record(cell, outcome)

    def add_pending(self, cell: CellLike) -> None:
        """Mark ``cell`` as named in the current salvo (own views only)."""
        self._impl.add_pending(cell)

    def reset(self) -> None:
        """Forget every shot (own views only)."""
        self._impl.reset()

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickles as what rebuilds it: board, fleet, rules, then the answers as they were told
        (misses, hits, the sinkings in their order) and the pending cells."""
        sunk = self.sunk_reports
        sinking_cells = {cell for cell, _ in sunk}
        hits = [cell for cell in _cells(self.hits) if cell not in sinking_cells]
        state = (_cells(self.misses), hits, sunk, _cells(self.pending))
        return _view_from, (self.rows, self.cols, self.fleet, self.rules, state)

    def __repr__(self) -> str:
        return f"<TargetView {self.rows} x {self.cols}, {self.shots_fired} shots, {self.afloat_count} afloat>"

    def __str__(self) -> str:
        from battleship.render import view_text

        return view_text(self)

    def _repr_svg_(self) -> str:
        from battleship.render import view_svg

        return view_svg(self)


def _cells(grid: npt.NDArray[np.bool_]) -> List[Cell]:
    """The cells a boolean grid marks, row by row."""
    return [(int(r), int(c)) for r, c in np.argwhere(grid)]


def _ocean_from(rows: int, cols: int, fleet: Fleet, state: Tuple[Any, ...]) -> Ocean:
    """The ocean ``Ocean.__reduce__`` describes (what unpickling calls)."""
    touching, blocked, placements, shots = state
    ocean = Ocean(rows, cols, fleet, touching)
    for cell in blocked:
        ocean.block(cell)
    for ship, origin, orientation in placements:
        ocean.place(ship, origin, orientation)
    for cell in shots:
        ocean.fire(cell)
    return ocean


def _view_from(rows: int, cols: int, fleet: Fleet, rules: Rules, state: Tuple[Any, ...]) -> TargetView:
    """The view ``TargetView.__reduce__`` describes (what unpickling calls)."""
    misses, hits, sunk, pending = state
    view = TargetView(rows, cols, fleet, rules)
    for cell in misses:
        view.record(cell, ShotOutcome("miss"))
    for cell in hits:
        view.record(cell, ShotOutcome("hit"))
    for cell, ship in sunk:
        view.record(cell, ShotOutcome("sunk", ship=ship))
    for cell in pending:
        view.add_pending(cell)
    return view


# The compiled module wraps what it lends to Python strategies in these classes.
_core._wrap_view = TargetView._from_core  # type: ignore[attr-defined]
_core._wrap_ocean = Ocean._from_core  # type: ignore[attr-defined]
