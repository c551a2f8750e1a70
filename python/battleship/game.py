"""Two-player matches: ``Game`` plays one under any rules; ``GameRecord`` keeps it and replays it.

>>> game = Game("parity", "random", seed=7)
>>> outcome = game.play_to_end()
>>> outcome.end, outcome.winner
('win', 0)
>>> game.record.replay().record == game.record
True
"""

from __future__ import annotations

import operator
import re
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable, List, NoReturn, Optional, Tuple

from battleship import _core, _shape
from battleship._core import Fleet, Rng, Rules, ShotOutcome, format_cell, parse_cell
from battleship._arguments import (
    check_count,
    check_own_shooters,
    check_unicode,
    fleet_and_rules,
    misspelling_note,
    placer_pair,
    warn_misspelt_hooks,
)
from battleship._types import Cell
from battleship.board import Ocean, Placement, TargetView, cell_label
from battleship.strategies import resolve_placer, resolve_shooter, strategy_name

__all__ = ["Game", "GameOutcome", "GameRecord", "ShotRecord", "QueuedShooter"]


@dataclass(frozen=True)
class GameOutcome:
    """How a match ended: ``end`` is ``"in_progress"``, ``"win"``, ``"draw"`` or ``"aborted"``.

    An aborted match names in ``at_fault`` the player whose failure ended it (its fleet could not
    be placed, it made too many invalid shots in a row, it resigned through ``Game.abort``, or its
    engine shooter threw ``battleship::Forfeit``), or None when no player is to blame. Players are
    0 and 1 here and in every ``reason``."""

    end: str
    winner: Optional[int] = None
    reason: str = ""
    rounds: int = 0
    shots: Tuple[int, int] = (0, 0)
    at_fault: Optional[int] = None

    @classmethod
    def _from_core(cls, o: Any) -> GameOutcome:
        shots = (int(o.shots[0]), int(o.shots[1]))
        return cls(str(o.end), o.winner, str(o.reason), int(o.rounds), shots, o.at_fault)


@dataclass(frozen=True)
class ShotRecord:
    """One shot of a match: who fired, where, what happened and what the shooter was told."""

    player: int
    cell: Cell
    outcome: ShotOutcome
    told: ShotOutcome


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a match exactly; pickles and compares equal after a round trip."""

    rows: int
    cols: int
    fleet: Fleet
    rules: Rules
    seed: int
    players: Tuple[str, str]
    placements: Tuple[Tuple[Optional[Placement], ...], Tuple[Optional[Placement], ...]]
    """Each player's ships where they lay when the first shot was fired, indexed by ship id:
    ``None`` for a ship not on the board (a fleet laid out in part by hand)."""
    shots: Tuple[ShotRecord, ...]
    outcome: GameOutcome

    def shots_of(self, player: int) -> List[ShotRecord]:
        """The shots ``player`` fired, in order."""
        return [s for s in self.shots if s.player == player]

    def to_text(self) -> str:
        """The record as text, in the engine's record format (include/battleship/game_record.hpp:
        one line a ship, a shot, the outcome; the same as C++ ``to_text`` writes), to store a game
        (finished or in progress) where a pickle may not go, or to hand it to a C++ program.
        ``from_text`` reads it back equal, but for names and a reason, which are kept on one line
        and trimmed. ``ValueError`` for a fleet placed in part by hand: the text takes every ship
        of a player or none."""
        layouts = []
        for player, placements in enumerate(self.placements):
            laid = [p for p in placements if p is not None]
            if laid and len(laid) != len(placements):
                raise ValueError(f"player {player}'s fleet is placed in part: a record's text takes every ship or none")
            layouts.append([(p.origin[0], p.origin[1], p.orientation == "vertical", p.length) for p in laid])
        o = self.outcome
        shots = [(s.player, s.cell[0], s.cell[1], s.outcome) for s in self.shots]
        winner, at_fault = (-1 if x is None else x for x in (o.winner, o.at_fault))  # the C++ "none"
        outcome = (o.end, winner, o.reason, o.rounds, o.shots, at_fault)
        setup = (self.rows, self.cols, self.fleet, self.rules, self.seed, self.players)
        return str(_core.record_to_text(*setup, layouts, shots, outcome))

    @classmethod
    def from_text(cls, text: str, check: bool = True) -> GameRecord:
        """The record ``text`` holds (as ``to_text`` or C++ ``to_text`` writes it). ``ValueError``
        naming the line and the problem if it is not one, and, with ``check``, if its game does
        not replay as written (a shot's answer the ocean contradicts, a shot out of turn, a ship
        that cannot lie where it is placed, a wrong outcome): a save that was cut short or
        changed by hand is refused, not played on."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        rows, cols, fleet, rules, seed, players, layouts, shots, outcome = _core.record_from_text(
            check_unicode(text, "the record"), check
        )
        placements = tuple(
            tuple(Placement((row, col), "vertical" if vertical else "horizontal", length) for row, col, vertical, length in laid)
            or (None,) * fleet.ship_count
            for laid in layouts
        )
        end, winner, reason, rounds, counts, at_fault = outcome
        return cls(
            rows,
            cols,
            fleet,
            rules,
            seed,
            players,
            placements,  # type: ignore[arg-type]
            tuple(ShotRecord(p, (r, c), full, full.disclosed(rules.disclosure)) for p, r, c, full in shots),
            GameOutcome(end, None if winner < 0 else winner, reason, rounds, counts, None if at_fault < 0 else at_fault),
        )

    def replay(self) -> Game:
        """A new game with the same layouts whose players fire the recorded shots, played to the
        end. A game recorded in progress, or aborted between turns, is played as far as the record
        goes; one aborted by a shooter's exception ends as it did, the replayed shooter raising an
        exception of the same name and message from the same call.

        Its record equals this one: that is what "replays exactly" means. ``ValueError`` if a
        side's recorded shots run out before the game they record ends (a record read with
        ``from_text(text, check=False)`` and changed by hand: ``from_text(text)`` names the line).
        """
        raised = _RAISED.match(self.outcome.reason) if self.outcome.end == "aborted" else None
        shooters = [
            _Replaying(self.players[p], (s.cell for s in self.shots_of(p)))
            if raised is None or int(raised[1]) != p
            else _RaisingAgain(self.players[p], (s.cell for s in self.shots_of(p)), raised[2], raised[3], raised[4])
            for p in (0, 1)
        ]
        game = self._set_up(shooters, (None, None), ())
        try:
            return self._replayed(game, raised is not None)
        except _RecordRunsOut as error:
            raise ValueError(
                f"the record does not replay: {error} (read with check=False? GameRecord.from_text(text) "
                "names the line at fault)"
            ) from None
        finally:
            for shooter in shooters:  # the game goes on as any other: an empty queue is the usual error
                shooter.replaying = False

    def _replayed(self, game: Game, raised: bool) -> Game:
        """``game``, set up by ``replay``, played as the record goes."""
        if self.outcome.end in ("win", "draw"):
            game.play_to_end()
            return game
        # A game recorded before its end (in progress, or aborted by hand between turns): fire the
        # recorded shots, then leave it as it stood, instead of asking the players for cells they
        # never named. One a shooter's exception aborted ends as it did: the shooter raises again.
        try:
            while not game.is_over and len(game._recorder.shots) < len(self.shots):
                game.play_volley()  # a record taken mid-turn (until_miss, after a hit) ends there
            if raised and not game.is_over:
                game.play_turn()  # the turn in which the shooter raised, before or after its shots
        except _RaisedAgain:
            pass
        if self.outcome.end == "aborted" and not game.is_over:
            game.abort(self.outcome.reason, self.outcome.at_fault)
        return game

    def resume(
        self, first: Any = None, second: Any = None, *, placers: Tuple[Any, Any] = (None, None), observers: Iterable[Any] = ()
    ) -> Game:
        """A game set up where this record left off, to play on: one saved between two web requests
        (``to_text``, ``from_text``), or until tomorrow. The same board, fleet, rules and seed; the
        recorded shots are fired again, and the game is left as the record left it.

        ``first`` and ``second`` play the two sides from here. None (the default) is a
        ``QueuedShooter`` named as in the record: it fires the recorded shots, then takes a
        person's through ``Game.fire``. An engine shooter (a name, a class, an object) must fire
        the recorded shots itself, which it does when it is the shooter that played them and its
        player draws as it did: give the placer that laid out its fleet in ``placers`` (one per
        player; None places the record's fleet by hand), since a player's generator draws the
        layout before any shot. ``observers`` hear the shots fired again too.

        ``ValueError``, naming the first difference, if a placer lays out another fleet than the
        record's, or a shooter fires another cell than the record's.
        """
        raised = _RAISED.match(self.outcome.reason) if self.outcome.end == "aborted" else None
        if raised is not None:  # its shooter would have to raise again, in the same call
            raise ValueError(f"a game aborted by a shooter's exception cannot be resumed: {self.outcome.reason}")
        given = (first, second)
        shooters = [
            QueuedShooter(self.players[p], (s.cell for s in self.shots_of(p))) if given[p] is None else given[p]
            for p in (0, 1)
        ]
        placers = placer_pair("placers", placers, "players")
        game = self._set_up(shooters, placers, observers)
        for player, placer in enumerate(placers):
            laid = game._layout(player)
            if placer is not None and laid != self.placements[player]:
                ship = next(k for k, (a, b) in enumerate(zip(laid, self.placements[player])) if a != b)
                raise ValueError(
                    f"player {player}'s placer lays out ship {ship} at {laid[ship]}, "
                    f"where the record has {self.placements[player][ship]}"
                )
        checked = 0  # the shots compared with the record's so far
        while not game.is_over and checked < len(self.shots):
            game.play_volley()
            shots = game._recorder.shots  # the shots so far, without building a whole record
            for k in range(checked, min(len(shots), len(self.shots))):
                if shots[k] != self.shots[k]:
                    player = shots[k].player
                    game.abort("resumed off its record", None)
                    hint = "" if placers[player] is not None else "; if a placer laid its fleet out, give it in placers="
                    raise ValueError(
                        f"shot {k}: player {player} ({game.players[player]}) fired {format_cell(shots[k].cell)} -> "
                        f"{shots[k].outcome.result}, where the record has {format_cell(self.shots[k].cell)} -> "
                        f"{self.shots[k].outcome.result}{hint}"
                    )
            checked = len(shots)
        if self.outcome.end == "aborted" and not game.is_over:
            game.abort(self.outcome.reason, self.outcome.at_fault)
        return game

    def _set_up(self, shooters: List[Any], placers: Tuple[Any, Any], observers: Iterable[Any]) -> Game:
        """A game of this record's setup, each fleet laid out by its placer or, for None, placed
        where the record has it (a ship left off the board stays off it)."""
        rows, cols, fleet, rules, seed = self.rows, self.cols, self.fleet, self.rules, self.seed
        game = Game(*shooters, rows=rows, cols=cols, fleet=fleet, rules=rules, seed=seed, placers=None, observers=observers)
        for player in (0, 1):
            if placers[player] is not None:
                game.place(player, placers[player])
                continue
            ocean = game.ocean(player)
            for ship, p in enumerate(self.placements[player]):
                if p is not None:
                    ocean.place(ship, p.origin, p.orientation)
        return game


class QueuedShooter:
    """A shooter that fires the cells it is handed, in order: a person at a screen, a learning
    agent, or a recorded game replayed. ``Game.fire`` hands it a volley once the rules allow it
    (the way to take a person's moves); ``queue`` holds the cells still to fire, and the match
    asking for a cell when it is empty is an error (``RuntimeError``), which aborts the match."""

    def __init__(self, name: str, cells: Iterable[Cell] = ()) -> None:
        self.name = name
        self.queue: List[Cell] = list(cells)

    def start(self, view: TargetView) -> None:
        """Nothing to set up: the cells are handed over before the turns that fire them."""

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        """The first cell of ``queue``, removed from it; ``RuntimeError`` if it is empty."""
        if not self.queue:
            raise RuntimeError(f"{self.name} has no cell left to fire")
        return self.queue.pop(0)


_RAISED = re.compile(r"player ([01])'s shooter's (start|next_shot|on_result) raised ([A-Za-z_]\w*): (.*)", re.S)
"""The reason a game gives when a Python shooter's call raised (``Game._guard`` words it)."""
_CUT_SHORT = re.compile(r"player [01]'s volley was cut short: ")
"""The engine's reason when a volley's shots were told and a hook raised (an observer's
``on_shot``): ``Game._guard`` words it as for any other exception, naming it."""


class _RecordRunsOut(RuntimeError):
    """A replayed side was asked for a cell its record does not have."""


class _Replaying(QueuedShooter):
    """A side of a replayed record: its recorded cells, in order. Asked for one more while the
    replay plays, the record does not replay (``_RecordRunsOut``); after it, as any queue."""

    def __init__(self, name: str, cells: Iterable[Cell]) -> None:
        super().__init__(name, cells)
        self.replaying = True

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        if self.replaying and not self.queue:
            raise _RecordRunsOut(f"{self.name}'s recorded shots run out before the game ends")
        return super().next_shot(view, rng)


class _RaisedAgain(Exception):
    """The base of the exceptions a replay's shooter raises again (named as the originals)."""


class _RaisingAgain(_Replaying):
    """A replayed shooter whose exception aborted the game: it fires its recorded cells, then
    raises an exception of the same name and message from the same call, so that the replay ends
    with the same reason, round and shots as the game did."""

    def __init__(self, name: str, cells: Iterable[Cell], method: str, error: str, message: str) -> None:
        super().__init__(name, cells)
        self._method = method
        self._error = type(error, (_RaisedAgain,), {})(message)

    def _again(self, method: str) -> None:
        if method == self._method and (method == "start" or not self.queue):
            # A new exception each time: one raised again would gather the frames of every
            # replay in its traceback, and with them the games they played.
            raise type(self._error)(*self._error.args)

    def start(self, view: TargetView) -> None:
        self._again("start")

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        self._again("next_shot")
        if not self.queue and self._method == "on_result":  # a salvo's cell named, never answered:
            return view.open_cells()[0]  # the record does not have it, any open cell stands in
        return super().next_shot(view, rng)

    def on_result(self, view: TargetView, cell: Cell, outcome: ShotOutcome) -> None:
        self._again("on_result")


_HOOKS = ("on_placement", "on_turn_start", "on_shot", "on_sunk", "on_game_over")
"""The observer methods a ``Game`` calls."""


def _misspelt(watcher: Any) -> str:
    """`` (it has on_gameover(): a misspelling of on_game_over?)`` for an observer refused for
    having none of the ``_HOOKS``, when one of its methods looks like a misspelling of one."""
    for hook in _HOOKS:
        note = misspelling_note(watcher, hook, _HOOKS)
        if note:
            return note
    return ""


class _Recorder:
    """Forwards a game's events to the user's observers, and reads the shots the engine records.
    Only the hooks some observer has are there (the engine looks them up once and calls those),
    so a game of built-in shooters with no observer runs no Python code until it ends (Ctrl-C
    then stops it between two turns, where it can go on); the shots are made ``ShotRecord``s
    when read."""

    def __init__(self, observers: Iterable[Any], fired: Callable[[int], List[Tuple[int, Cell, ShotOutcome, ShotOutcome]]]) -> None:
        self._shots: List[ShotRecord] = []
        self._fired = fired  # the engine's shots from the n-th on
        watchers = list(observers)
        for hook in _HOOKS:
            heard = [getattr(o, hook) for o in watchers if hasattr(o, hook)]
            if heard:
                setattr(self, hook, self._forwarder(hook, heard))

    @property
    def shots(self) -> List[ShotRecord]:
        """The shots so far (a list this recorder keeps: read, not changed, by its callers)."""
        made = len(self._shots)
        new = self._fired(made)
        if new:
            # One slice assignment from `made`, not an extend: two threads reading at once write
            # the same records over the same places instead of adding them twice.
            self._shots[made:] = [ShotRecord(*shot) for shot in new]
        return self._shots

    @staticmethod
    def _forwarder(hook: str, heard: List[Any]) -> Callable[..., None]:
        """The hook ``hook`` calling each of ``heard``, with the engine's ocean or outcome as the
        Python class."""
        convert: Callable[[Any], Any] = {"on_placement": Ocean._from_core, "on_game_over": GameOutcome._from_core}.get(
            hook, lambda value: value)

        def forward(*event: Any) -> None:
            event = (*event[:-1], convert(event[-1]))  # the ocean or the outcome is the last
            for hear in heard:
                hear(*event)

        return forward


def _player(player: Any) -> int:
    """``player`` as 0 or 1: ``TypeError`` if it is not an integer, ``IndexError`` if another."""
    if isinstance(player, bool):
        raise TypeError(f"player must be 0 or 1, got {player!r}")
    try:
        p = operator.index(player)
    except TypeError:
        raise TypeError(f"player must be 0 or 1, got {player!r}") from None
    if p not in (0, 1):
        raise IndexError(f"player must be 0 or 1, got {p}")
    return p


class Game:
    """A two-player match: player 0 (``first``) moves first.

    ``first`` and ``second`` are shooters: a built-in's name (``"parity"``), a built-in class or
    instance, or any Python object with ``next_shot(view, rng)`` (see ``battleship.strategies``).
    ``placers`` lays out both fleets at once (names or placer objects); pass ``placers=None`` to
    place the ships yourself through ``game.ocean(player)`` before the first turn. ``seed`` fixes
    every random draw of the match. ``observers`` receive, as C++'s ``GameObserver`` does,
    ``on_placement(player, ocean)`` (both fleets, just before the first turn; ``ocean`` a copy),
    ``on_turn_start(player, round)``, ``on_shot(player, cell, outcome, told)``,
    ``on_sunk(player, ship)`` (right after the ``on_shot`` of the shot that sank ``ship`` of
    ``player``'s opponent, whatever the disclosure rule tells the shooter) and
    ``on_game_over(outcome)``, those of the five they have when the game is made (``TypeError``
    for one that has none).

    If a Python strategy raises, the exception propagates from the call that was playing, the
    match is over with ``outcome.end == "aborted"`` (the reason names the exception and, for a
    shooter, its player and method, that player then ``at_fault``), and any further play raises
    ``RuntimeError``. Ctrl-C is the exception: a ``KeyboardInterrupt`` that a play call sees
    between two turns or volleys (a match of built-in shooters sees Ctrl-C nowhere else, but in
    the move of a slow one, ``bayes`` or ``expert``, that its board and settings may make long, at
    its defaults on a board larger than 20 x 20: elsewhere it
    stops once the turn it came during is played), or that a Python shooter's ``next_shot``
    raises, leaves the match as it was before that turn or volley, and play can go on (the turn,
    begun again, is announced again to ``on_turn_start``, as in C++); one in an observer's hook,
    or after a shot was fired, aborts it. A call
    refused for its arguments (a player other than 0 or 1, an unknown
    placer) changes nothing. Once the first turn is played the oceans are read-only (their
    mutators raise ``RuntimeError``), and an observer or strategy calling back into the match it
    is part of (``play_turn`` from ``on_shot``) gets ``RuntimeError``, the match unchanged by that
    call.
    """

    def __init__(
        self,
        first: Any = "parity",
        second: Any = "parity",
        *,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        rules: Optional[Rules] = None,
        seed: int = 0,
        placers: Optional[Tuple[Any, Any]] = ("uniform", "uniform"),
        observers: Iterable[Any] = (),
    ) -> None:
        self.fleet, self.rules = fleet_and_rules(fleet, rules)
        self.rows, self.cols, self.seed = rows, cols, check_count("seed", seed, 0)
        layout_with = None if placers is None else placer_pair("placers", placers, "players")
        a, b = resolve_shooter(first), resolve_shooter(second)
        check_own_shooters((a, b), "first and second players")
        try:
            watchers = list(observers)
        except TypeError:
            raise TypeError(f"observers must be an iterable of observer objects, got {observers!r}") from None
        for watcher in watchers:  # one with none of the hooks would hear nothing, without a word
            if not any(callable(getattr(watcher, hook, None)) for hook in _HOOKS):
                raise TypeError(f"an observer needs at least one of {', '.join(_HOOKS)}; got {watcher!r}{_misspelt(watcher)}")
        for watcher in watchers:  # a misspelt hook beside a right one would go unheard as silently
            warn_misspelt_hooks(watcher, _HOOKS, "a Game")
        self.players = (strategy_name(first), strategy_name(second))
        self._shooters = (a, b)
        self._impl = _shape.core("Game", rows, cols)(rows, cols, self.fleet, self.rules, a, b, seed)
        self._recorder = _Recorder(watchers, self._impl.fired)
        self._impl.observe(self._recorder)
        self._aborted: Optional[str] = None  # why Python ended the match (a strategy raised)
        self._at_fault: Optional[int] = None  # then, the player to blame
        self._busy: Optional[int] = None  # the thread of the call playing or placing, if any
        self._entry = threading.Lock()  # makes checking and setting _busy one step
        self._placements: Optional[Tuple[Tuple[Optional[Placement], ...], Tuple[Optional[Placement], ...]]] = None
        if layout_with is not None:
            for player in (0, 1):
                self.place(player, layout_with[player])

    # ---- set-up ----------------------------------------------------------------------------
    def place(self, player: int, placer: Any = "uniform") -> None:
        """Lay out ``player``'s fleet with ``placer`` (replacing any ships placed already), around
        the cells blocked on its ocean (they stay blocked).

        Refused, changing nothing: ``IndexError`` / ``TypeError`` for a player other than 0 or 1,
        ``ValueError`` / ``TypeError`` for an unknown placer, ``RuntimeError`` once play has
        started or the match is over. ``ValueError`` if the placer could not lay out the fleet:
        the match is then aborted.
        """
        player = _player(player)
        spec = resolve_placer(placer)
        self._check_not_busy()
        if self._aborted is not None:
            raise RuntimeError(f"the game was aborted: {self._aborted}")
        if self._impl.started:
            raise RuntimeError(f"player {player}'s fleet cannot be placed: play has started")
        if self._impl.is_over:
            raise RuntimeError(f"player {player}'s fleet cannot be placed: the game is over")
        try:
            placed = self._guard(lambda: self._impl.place(player, spec), f"player {player}'s placer")
        except BaseException:  # the placer raised: the match is aborted, with this player at fault
            self._at_fault = player
            raise
        if not placed:
            self._aborted = f"player {player}'s placer could not lay out the fleet"
            self._at_fault = player
            raise ValueError(self._aborted)

    def set_ocean(self, player: int, ocean: Ocean) -> None:
        """Give ``player`` a copy of the fleet laid out on ``ocean``: a layout built apart (by hand,
        by a screen's drag and drop, read with ``Ocean.place_layout``), each ship checked as it
        was placed there.

        Refused, changing nothing: ``TypeError`` for an ocean that is not a ``battleship.Ocean``
        (or a player other than 0 or 1, with ``IndexError``); ``ValueError`` for an ocean of
        another board or fleet, placed under another touching rule, with a ship missing, or shot
        at; ``RuntimeError`` once play has started or the match is over.
        """
        player = _player(player)
        if not isinstance(ocean, Ocean):
            raise TypeError(f"ocean must be a battleship.Ocean, got {type(ocean).__name__}")
        self._check_not_busy()
        if self._aborted is not None:
            raise RuntimeError(f"the game was aborted: {self._aborted}")
        why = "the ocean is for another board or fleet"
        if (ocean.rows, ocean.cols) == (self.rows, self.cols):  # else another compiled shape too
            why = str(self._impl.set_ocean(player, ocean._impl))
        if why == "done":
            return
        error = RuntimeError if why == "fleets cannot change once play has started" else ValueError
        raise error(f"player {player}'s ocean cannot be set: {why}")

    def abort(self, reason: str, at_fault: Optional[int] = None) -> None:
        """End the match now as aborted, with ``reason`` (a player resigns, a user quits);
        ``at_fault`` names the player to blame, if any. Does nothing once the match is over.

        Refused, changing nothing: ``TypeError`` for a reason that is not a string,
        ``IndexError`` / ``TypeError`` for ``at_fault`` other than None, 0 or 1, and
        ``RuntimeError`` from the game's own observer or strategy (abort between calls).
        """
        if not isinstance(reason, str):
            raise TypeError(f"reason must be a string, got {type(reason).__name__}")
        player = -1 if at_fault is None else _player(at_fault)
        self._check_not_busy()
        if self.is_over:
            return
        self._impl.abort(reason, player)

    def ocean(self, player: int) -> Ocean:
        """``player``'s own ocean: place ships by hand here before the first turn; read-only
        (``RuntimeError`` from its mutators) once play has started."""
        return Ocean._from_core(self._impl.ocean(_player(player)))

    def view(self, player: int) -> TargetView:
        """What ``player`` knows of the opponent's ocean (read-only)."""
        return TargetView._from_core(self._impl.view(_player(player)))

    # ---- play ------------------------------------------------------------------------------
    def _check_not_busy(self) -> None:
        busy = self._busy
        if busy == threading.get_ident():
            raise RuntimeError("a game cannot be played from its own observer or strategy")
        if busy is not None:
            raise RuntimeError("another thread is playing this game: a game takes one call at a time")

    def _guard(self, call: Any, who: str = "a strategy") -> Any:
        with self._entry:  # two threads must not both pass the check
            self._check_not_busy()
            self._busy = threading.get_ident()
        try:
            if self._aborted is not None:
                raise RuntimeError(f"the game was aborted: {self._aborted}")
            if self._placements is None and who == "play":
                self._placements = (self._layout(0), self._layout(1))
            try:
                return call()
            except BaseException as error:
                if self._resumable(error):
                    raise  # Ctrl-C between turns, or in a shooter before it named a cell: play on
                if self._impl.is_over and self._impl.raised is None and not _CUT_SHORT.match(self._impl.outcome.reason):
                    raise  # an observer told of the end raised: the match was played, its outcome stands
                raised = self._impl.raised  # (player, "the shooter's next_shot") if a shooter did
                if raised is not None:
                    who, self._at_fault = f"player {raised[0]}'s {raised[1].removeprefix('the ')}", raised[0]
                self._aborted = f"{who} raised {type(error).__name__}: {error}"
                raise
        finally:
            self._busy = None

    def _resumable(self, error: BaseException) -> bool:
        """Whether ``error``, from a play call, left the match as it was before a turn or a
        volley: a signal's exception (Ctrl-C's KeyboardInterrupt) seen between turns, or a
        KeyboardInterrupt in a shooter's ``next_shot`` (the engine takes back the volley's cells
        named so far)."""
        if self._impl.is_over:
            return False
        if self._impl.interrupted:  # whatever the signal's handler raised
            return True
        raised = self._impl.raised
        return isinstance(error, KeyboardInterrupt) and raised is not None and raised[1] == "the shooter's next_shot"

    def __reduce__(self) -> NoReturn:  # what pickle, copy.copy and copy.deepcopy ask for
        raise TypeError(
            "a Game cannot be copied: its shooters' state stays in the engine; "
            "game.record.replay() rebuilds a finished game"
        )

    def _layout(self, player: int) -> Tuple[Optional[Placement], ...]:
        ocean = self.ocean(player)
        return tuple(ocean.placement(ship) for ship in range(ocean.ship_count))

    def play_turn(self) -> None:
        """Play one turn of the player to move (nothing once the match is over)."""
        self._guard(self._impl.play_turn, "play")

    def play_volley(self) -> None:
        """Play the next volley of the player to move (nothing once the match is over).

        A turn is one volley, except under the ``until_miss`` volley rule, where a volley that
        hits is followed by another of the same player (``turn_under_way`` is then true). A
        caller handing a player's cells over as they are chosen (a GUI, the duel environment)
        plays volley by volley, each chosen knowing the answers to the last; the match is the
        same as when played turn by turn."""
        self._guard(self._impl.play_volley, "play")

    def fire(self, player: int, cells: Iterable[Any]) -> List[ShotRecord]:
        """Fire ``player``'s next volley at ``cells`` (``"B7"`` or ``(row, col)``), handed over from
        outside (a web request, a chat message, a click) for a player played by a
        ``QueuedShooter``; returns the volley's shots as recorded, in order (show the player
        ``told``, what the rules disclose; ``outcome`` is the whole truth).

        Refused with ``ValueError``, changing nothing, for what a player can get wrong, with a
        reason to show them: the match is over, or a fleet is not placed yet; it is the other
        player's turn; a text that is not a cell; not as many cells as ``next_volley_size``; and,
        under ``invalid_shot="refused"`` (the default), a cell off the board, already shot, or
        named twice (under ``"forfeits"`` those are fired and wasted, as the rules say).
        ``RuntimeError`` if ``player`` is not played by a ``QueuedShooter``, or its queue is not
        empty. Under ``until_miss`` each volley is one cell; while ``turn_under_way`` the same
        player fires again. The other player's turn is played by ``play_turn`` (an engine
        shooter) or by ``fire`` (another person).
        """
        player = _player(player)
        shooter = self._shooters[player]
        if not isinstance(shooter, QueuedShooter):
            raise RuntimeError(f"player {player} is played by {self.players[player]!r}, not a QueuedShooter")
        if shooter.queue:
            raise RuntimeError(f"player {player}'s QueuedShooter still has {len(shooter.queue)} cells queued")
        if isinstance(cells, (str, tuple)):
            cells = [cells]  # one cell, "B7" or (row, col), as a volley of one
        volley = [parse_cell(c) for c in cells]  # ValueError naming a text that is not a cell
        if self.is_over:
            raise ValueError("the match is over")
        for p in (0, 1):
            if not self._impl.started and not self.ocean(p).all_placed:
                raise ValueError(f"player {p}'s fleet is not placed yet")
        if player != self.to_move:
            raise ValueError(f"it is player {self.to_move}'s turn")
        due = self.next_volley_size
        if len(volley) != due:
            raise ValueError(f"a volley of {due} cell{'s' if due != 1 else ''} is due, got {len(volley)}")
        if self.rules.invalid_shot == "refused":
            view = self.view(player)
            for k, cell in enumerate(volley):
                name = cell_label(cell) or str(cell)
                if not (0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols):
                    raise ValueError(f"{name} is off the {self.rows} x {self.cols} board")
                if not view.is_open(cell):
                    raise ValueError(f"{name} was already shot")
                if cell in volley[:k]:
                    raise ValueError(f"{name} is named twice")
        fired = len(self._recorder.shots)
        shooter.queue.extend(volley)
        self.play_volley()
        return self._recorder.shots[fired:]

    def play_round(self) -> None:
        """Play until both players have moved, or the match is over."""
        self._guard(self._impl.play_round, "play")

    def play_to_end(self) -> GameOutcome:
        """Play until the match is over; returns the outcome. Ctrl-C stops it between two turns
        (``KeyboardInterrupt``), the match still under way: call again to play on."""
        self._guard(self._impl.play_to_end, "play")
        return self.outcome

    @property
    def outcome(self) -> GameOutcome:
        """The outcome so far (``end == "in_progress"`` until the match is over)."""
        if self._aborted is not None:
            o = GameOutcome._from_core(self._impl.outcome)
            return GameOutcome("aborted", None, self._aborted, o.rounds, o.shots, self._at_fault)
        return GameOutcome._from_core(self._impl.outcome)

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self._aborted is not None or bool(self._impl.is_over)

    @property
    def to_move(self) -> int:
        """Whose turn is next."""
        return int(self._impl.to_move)

    @property
    def next_volley_size(self) -> int:
        """How many cells the player to move names in its next volley (the volley rule, capped by
        the open cells and the shot cap; 0 once the match is over). Under ``until_miss`` a turn
        may hold several volleys: see ``play_volley``."""
        return int(self._impl.next_volley_size)

    @property
    def turn_under_way(self) -> bool:
        """Whether the player to move is in the middle of a turn (under ``until_miss``, its last
        volley hit and it shoots again)."""
        return not self.is_over and bool(self._impl.turn_under_way)

    @property
    def record(self) -> GameRecord:
        """The match so far, as a ``GameRecord``."""
        placements = self._placements or (self._layout(0), self._layout(1))
        return GameRecord(
            self.rows,
            self.cols,
            self.fleet,
            self.rules,
            self.seed,
            self.players,
            placements,
            tuple(self._recorder.shots),
            self.outcome,
        )

    def __repr__(self) -> str:
        o = self.outcome
        return f"<Game {self.players[0]} vs {self.players[1]}, {self.rows} x {self.cols}: {o.end}>"


