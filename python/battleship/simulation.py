"""Many games in one call: ``simulate`` (one shooter, solo games) and ``match`` (head to head).

Game ``i`` of a run depends only on ``(seed, i)``, so results are identical for any number of
threads. The C++ engine runs with the GIL released; Ctrl-C stops a run within a second (raising
``KeyboardInterrupt``): the games in progress stop before their next shot, even a slow shooter's
on a huge board; a tqdm progress bar appears on runs longer than a second (turn it off with
``progress=False``). Built-in strategies given by name run the same fully inlined loop as
the C++ benchmark; Python strategies play inside that loop on one thread.

A run can also be split: ``first_game`` plays games ``[first_game, first_game + games)`` of the
run, ``combine`` adds such pieces up into exactly the result of one run, and ``executor=`` does
both over any ``concurrent.futures``-style executor (a process pool, a Dask cluster's client).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import os
import pickle
import threading
import time
from dataclasses import dataclass, replace
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    List,
    Optional,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    overload,
)

import numpy as np
import numpy.typing as npt

from battleship import _core, _shape
from battleship._core import Fleet, Rules, ShotOutcome
from battleship._arguments import (
    UINT64_MAX,
    UINT_MAX,
    check_count,
    check_fit,
    check_own_shooters,
    fleet_and_rules,
    placer_pair,
    warn_user,
)
from battleship._types import Cell
from battleship.board import Ocean, TargetView
from battleship.game import Game
from battleship.results import MatchResult, MissPhases, RunSetup, SimulationResult
from battleship.strategies import (
    FixedPlacer,
    _carries_settings,
    _placer_from_text,
    _UniformDraws,
    resolve_placer,
    resolve_shooter,
    strategy_name,
)

if TYPE_CHECKING:  # tournament imports this module
    from battleship.tournament import TournamentResult

__all__ = [
    "simulate",
    "match",
    "combine",
    "paired_difference",
    "SimulationResult",
    "MissPhases",
    "MatchResult",
    "PairedDifference",
    "RunSetup",
]


def _run_range(games: int, seed: int, first_game: int) -> Tuple[int, int, int]:
    """``games``, ``seed`` and ``first_game`` checked: games numbered past 2**64 - 1 cannot be
    told apart (game ``i``'s seed is derived from ``i``), so they are refused, not wrapped."""
    games, seed = check_count("games", games, 0), check_count("seed", seed, 0)
    first_game = check_count("first_game", first_game, 0)
    if first_game + games > UINT64_MAX + 1:
        raise ValueError(f"first_game + games must be <= 2**64, got {first_game} + {games}")
    return games, seed, first_game


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 0
    return check_count("threads", threads, 0, UINT_MAX)


class _LateBar:
    """A tqdm bar of ``total`` ``unit`` (``None``: a count with no end) made only once the run has
    lasted a second: most calls end sooner, and making a bar, even one tqdm's ``delay`` keeps
    hidden, costs about 0.1 ms a call (a one-game run takes less). ``to(done)`` moves it to a
    count, ``update(n)`` adds to it, ``close()`` closes it if it was made."""

    def __init__(self, total: Optional[int], label: str, unit: str, unit_scale: bool,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._settings = dict(total=total, desc=label, unit=unit, unit_scale=unit_scale, leave=False)
        self._clock, self._start = clock, clock()
        self._done = 0
        self.bar: Any = None
        """The tqdm bar once made, else None."""

    def to(self, done: int) -> None:
        """Moves the bar to ``done``, making it if the run has lasted a second."""
        self._done = done
        if self.bar is None and self._clock() - self._start >= 1.0:
            if importlib.util.find_spec("ipywidgets") is not None:  # a notebook's bar needs it
                from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
            else:  # tqdm.auto would warn in every notebook call ("IProgress not found"): a text bar
                from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore,no-redef]
            self.bar = tqdm(**self._settings)
        if self.bar is not None:
            self.bar.update(done - self.bar.n)

    def update(self, n: int) -> None:
        """Adds ``n`` to the count."""
        self.to(self._done + n)

    def close(self) -> None:
        """Closes the bar, if it was made."""
        if self.bar is not None:
            self.bar.close()


def _progress(
    progress: bool, total: Optional[int], label: str, unit: str = "game", unit_scale: bool = False
) -> tuple[Optional[Callable[[int], None]], Optional[_LateBar]]:
    """A callback moving a progress bar of ``total`` ``unit`` (``None``: a count with no end, for
    a run that may stop early) to the count it is given, and the bar (to close); nothing when not
    ``progress``. The bar appears only after a second (``_LateBar``); ``unit_scale`` writes large
    counts as 1.2M. ``TypeError`` for a ``progress`` that is not True or False (5 showed a bar)."""
    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"progress must be True or False, got {progress!r}")
    if not progress:
        return None, None
    bar = _LateBar(total, label, unit, unit_scale)
    return bar.to, bar


def simulate(
    shooter: Any = "random",
    games: int = 10_000,
    *,
    seed: int = 0,
    threads: Optional[int] = None,
    rules: Optional[Rules] = None,
    fleet: Optional[Fleet] = None,
    rows: int = 10,
    cols: int = 10,
    placer: Any = "uniform",
    progress: bool = True,
    first_game: int = 0,
    executor: Any = None,
    chunks: Optional[int] = None,
    game_shots: bool = False,
    phases: bool = False,
) -> SimulationResult:
    """Play ``games`` solo games of ``shooter`` against fleets laid out by ``placer``.

    ``shooter`` and ``placer`` are names (``battleship.shooter_names()``), built-in classes or
    instances, or Python strategies (which run on one thread). ``threads`` defaults to every
    core. Raises ``ValueError`` for an unknown name, a bad size or a fleet that does not fit,
    ``TypeError`` for an argument of the wrong kind; an exception raised by a Python strategy
    surfaces as itself, with a note naming the game it aborted.

    ``first_game`` plays games ``[first_game, first_game + games)`` of the run (a piece for
    ``combine``). ``executor``, any object whose ``submit(fn, *args, **kwargs)`` returns a future
    with ``result()`` (``concurrent.futures`` pools, a Dask ``distributed.Client``), splits the
    run into ``chunks`` pieces (16 unless given; ``chunks`` without ``executor`` is refused)
    played there, each on ``threads`` threads (1 unless given), and combines them: the same
    result as one local run, whatever the split.
    Strategies and arguments travel to the workers by pickling; a thread pool shares one Python
    strategy object between the pieces, so give a stateful one as its class (each piece then
    makes its own). Ctrl-C (or a piece's error) stops the call and the pieces running on this
    process's threads; pieces elsewhere run on (a ``ProcessPoolExecutor``'s ``with`` block then
    waits for the pieces its workers had begun or queued). A piece's error that cannot be pickled
    comes back as a ``RuntimeError`` saying what it said, with its notes.

    ``game_shots=True`` also keeps every game's shots (``SimulationResult.game_shots``, 4 bytes a
    game), so that two shooters run on the same seed compare game by game:
    ``paired_difference(simulate("bayes", 2000, game_shots=True), simulate("probability", 2000,
    game_shots=True))``.

    ``phases=True`` also counts where the misses fall (``SimulationResult.phases``, a
    ``MissPhases``): while hunting, by the ships afloat, or while targeting a ship already hit.
    The games are the same; the run goes through the engine's type-erased path, about a tenth
    slower for the fastest shooters.
    """
    games, seed, first_game = _run_range(games, seed, first_game)
    fleet, rules = fleet_and_rules(fleet, rules)
    check_fit(rows, cols, fleet, rules.touching)  # else every game would end unplaced
    for option, value in (("game_shots", game_shots), ("phases", phases)):
        if not isinstance(value, bool):
            raise TypeError(f"{option} must be True or False, got {value!r}")
    run = _shape.core("simulate", rows, cols)
    s, p = resolve_shooter(shooter), resolve_placer(placer)
    _chunks_need_an_executor(chunks, executor)
    if executor is not None:
        pieces: List[SimulationResult]
        pieces, seconds = _run_pieces(
            simulate, executor, chunks, games, first_game, threads, progress, strategy_name(shooter),
            shooter, seed=seed, rules=rules, fleet=fleet, rows=rows, cols=cols, placer=placer,
            game_shots=game_shots, phases=phases,
        )
        whole = combine(pieces)
        return replace(whole, seconds=seconds, games_per_second=whole.games / seconds if seconds > 0 else 0.0)
    setup = RunSetup(seed, rows, cols, fleet, rules, (_placer_label(placer),))
    callback, bar = _progress(progress, games, strategy_name(shooter))
    try:
        raw: Dict[str, Any] = run(
            s, p, games, seed, _threads(threads), rows, cols, fleet, rules, callback, first_game,
            game_shots, phases,
        )
    except KeyboardInterrupt as stop:
        _keep_partial(stop, lambda kept: solo_result(kept, shooter, first_game, setup))
        raise
    finally:
        if bar is not None:
            bar.close()
    return solo_result(raw, shooter, first_game, setup)


def _keep_partial(stop: KeyboardInterrupt, result: Callable[[Dict[str, Any]], Any]) -> None:
    """Sets ``stop.partial`` to ``result`` of the figures the engine kept on ``stop`` of the games
    a Ctrl-C left finished (a run stopped after an hour keeps that hour's games), if it kept any."""
    kept = stop.__dict__.pop("_battleship_partial", None)
    if kept is None:
        return
    # Misses by phase counted the games cut short too, which the other figures leave out.
    for figures in [kept, *kept.get("matches", [])]:
        for key in ("phases", "phases_a", "phases_b"):
            figures.pop(key, None)
    stop.partial = result(kept)  # type: ignore[attr-defined]


def solo_game(
    shooter: Any,
    index: int,
    *,
    seed: int = 0,
    rules: Optional[Rules] = None,
    fleet: Optional[Fleet] = None,
    rows: int = 10,
    cols: int = 10,
    placer: Any = "uniform",
) -> SoloGame:
    """Game ``index`` of ``simulate(shooter, seed=seed, ...)`` played again with every shot kept:
    the same layout and the same shots (``valid_shots`` is the run's ``game_shots[index]`` when
    the game finished), to look at the game that took a shooter longest. Give the run's
    arguments; a Python shooter or placer must start as the run's did (a fresh object).

    Refused as ``simulate`` refuses its arguments; ``TypeError`` or ``ValueError`` for an
    ``index`` that is not an int from 0 to 2**64 - 1. An exception a Python strategy raises
    surfaces as itself.
    """
    index, seed = check_count("index", index, 0), check_count("seed", seed, 0)
    fleet, rules = fleet_and_rules(fleet, rules)
    check_fit(rows, cols, fleet, rules.touching)
    run = _shape.core("solo_game", rows, cols)
    raw = run(resolve_shooter(shooter), resolve_placer(placer), seed, index, rows, cols, fleet, rules)
    return SoloGame(
        shooter=strategy_name(shooter),
        index=index,
        shots=tuple(zip(raw["cells"], raw["outcomes"])),
        valid_shots=raw["shots"],
        finished=raw["finished"],
        placed=raw["placed"],
        ocean=Ocean._from_core(raw["ocean"]),
        view=TargetView._from_core(raw["view"]),
    )


def solo_result(
    raw: Dict[str, Any], shooter: Any, first_game: int = 0, setup: Optional[RunSetup] = None
) -> SimulationResult:
    """The ``SimulationResult`` of the engine's figures ``raw`` for a run of ``shooter`` from game
    ``first_game`` on ``setup``."""
    raw = dict(raw)
    histogram = np.asarray(raw.pop("histogram"), dtype=np.uint64)
    counted = raw.pop("phases", None)  # the engine's dict has MissPhases.to_dict's keys
    phases = None if counted is None else MissPhases.from_dict(counted)
    return SimulationResult(
        shooter=strategy_name(shooter), histogram=histogram, first_game=first_game, setup=setup,
        phases=phases, **raw,
    )


@dataclass(frozen=True)
class SoloGame:
    """One solo game of a run played again with every shot kept (``solo_game``)."""

    shooter: str
    index: int
    """The game's index in its run: its generator is ``Rng(derive_seed(seed, index))``."""
    shots: Tuple[Tuple[Cell, ShotOutcome], ...]
    """Every cell the shooter named, in order, with the ocean's answer (before the disclosure rule
    hid anything from the shooter); refused shots are there too, answered ``"invalid"``."""
    valid_shots: int
    """The shots that counted: ``game_shots[index]`` of the run when ``finished``."""
    finished: bool
    """Whether every ship was sunk (not if the shot cap or the refused-shot limit came first, or
    the fleet could not be placed); the run's ``game_shots`` is -1 for such a game."""
    placed: bool
    """Whether the placer laid the fleet out; without that no shot is fired."""
    ocean: Ocean
    """The fleet as laid out, every shot marked on it (``str(ocean)`` draws it)."""
    view: TargetView
    """What the shooter knew when the game ended."""

    __hash__ = None  # type: ignore[assignment]  # it holds an ocean and a view, which change


@dataclass(frozen=True)
class PairedDifference:
    """Shots ``a`` took minus the shots ``b`` took, game by game, over the games both finished.

    On the same layouts, what makes a layout hard for both shooters cancels in the difference,
    so its interval is narrower than that of two separate means, by as much as the two shooters'
    shots go together: over 4,000 classic games, 0.28 against 0.38 for ``parity`` and
    ``checkerboard_search``, whose hunts are alike, but no narrower for ``probability`` and
    ``parity``, whose shots on a layout hardly go together.
    """

    a: str
    b: str
    games: int
    """Games both runs finished (the others are left out)."""
    mean: float
    """Mean difference in shots: negative when ``a`` needed fewer."""
    stddev: float
    """Sample standard deviation of the differences."""
    ci95: float
    """Half-width of the 95 percent interval of ``mean`` (normal approximation)."""


def paired_difference(a: SimulationResult, b: SimulationResult) -> PairedDifference:
    """How many more shots ``a``'s shooter took than ``b``'s on the same games.

    Both runs must keep their games' shots (``simulate(..., game_shots=True)``), cover the same
    games (the same ``first_game`` and ``games``) and lay out the same fleets in them: the same
    seed, board, fleet, placer and touching rule (their ``setup``; the other rules may differ, to
    measure what a rule costs a shooter). ``ValueError`` otherwise, ``TypeError`` unless both are
    ``SimulationResult``.
    """
    shots_a, shots_b = _kept_shots("a", a), _kept_shots("b", b)
    if (a.first_game, a.games) != (b.first_game, b.games):
        raise ValueError(
            f"paired_difference: the runs cover different games: {a.shooter} games {_span(a)}, "
            f"{b.shooter} games {_span(b)}"
        )
    differences = _differences(a.setup, b.setup, _LAYOUT_FIELDS)
    if differences:
        raise ValueError(
            f"paired_difference: the runs lay out different fleets ({differences}); pairing "
            "needs the same layouts, so compare their means instead"
        )
    games, mean, stddev, ci95 = _core.paired_difference(shots_a, shots_b)  # C++'s, as its callers'
    return PairedDifference(a=a.shooter, b=b.shooter, games=int(games), mean=mean, stddev=stddev, ci95=ci95)


def _kept_shots(name: str, r: Any) -> npt.NDArray[np.int32]:
    """The games' shots of ``paired_difference``'s argument ``name``; ``TypeError`` unless it is
    a ``SimulationResult``, ``ValueError`` unless it kept them."""
    if not isinstance(r, SimulationResult):
        raise TypeError(f"paired_difference: {name} must be a SimulationResult, got {r!r}")
    if r.game_shots is None:
        raise ValueError(
            f"paired_difference: {name} ({r.shooter}) did not keep its games' shots; "
            "run simulate(..., game_shots=True)"
        )
    return r.game_shots


def _span(r: Union[SimulationResult, MatchResult]) -> str:
    """The games a run covers, as errors name them."""
    return f"{r.first_game} to {r.first_game + r.games - 1}" if r.games else "none"


def match(
    a: Any = "parity",
    b: Any = "random",
    games: int = 1_000,
    *,
    seed: int = 0,
    threads: Optional[int] = None,
    rules: Optional[Rules] = None,
    fleet: Optional[Fleet] = None,
    rows: int = 10,
    cols: int = 10,
    placers: tuple[Any, Any] = ("uniform", "uniform"),
    progress: bool = True,
    first_game: int = 0,
    executor: Any = None,
    chunks: Optional[int] = None,
    game_results: bool = False,
    phases: bool = False,
    on_error: str = "raise",
) -> MatchResult:
    """Play ``games`` two-player matches of ``a`` against ``b`` under ``rules``.

    ``a`` moves first in even-numbered games and ``b`` in odd ones, so neither gains from moving
    first. Arguments as for ``simulate``; ``placers`` lays out ``a``'s and ``b``'s fleets.
    ``game_results=True`` also keeps how each match ended (``MatchResult.game_results``, a byte a
    match), and ``match_game(a, b, i, seed=seed)`` sets match ``i`` up again as a ``Game``.
    ``phases=True`` also counts where each side's misses fall (``MatchResult.phases_a`` and
    ``phases_b``), the same matches played. ``on_error`` as for ``tournament``: an exception in a
    player's Python code stops the run (``"raise"``), or loses the match it broke, that player's
    forfeit, and the run plays on (``"forfeit"``, with a ``UserWarning`` saying how many calls
    raised and which was first).
    """
    if on_error not in ("raise", "forfeit"):
        raise ValueError(f"on_error must be 'raise' or 'forfeit', got {on_error!r}")
    games, seed, first_game = _run_range(games, seed, first_game)
    for option, value in (("game_results", game_results), ("phases", phases)):
        if not isinstance(value, bool):
            raise TypeError(f"{option} must be True or False, got {value!r}")
    prepared = _PreparedMatch(a, b, seed, rules, fleet, rows, cols, placers)
    _chunks_need_an_executor(chunks, executor)
    if executor is not None:
        pieces: List[MatchResult]
        pieces, seconds = _run_pieces(
            match, executor, chunks, games, first_game, threads, progress, prepared.label, a, b, seed=seed,
            rules=prepared.rules, fleet=prepared.fleet, rows=rows, cols=cols, placers=placers,
            game_results=game_results, phases=phases, on_error=on_error,
        )
        return replace(combine(pieces), seconds=seconds)
    callback, bar = _progress(progress, games, prepared.label)
    try:
        t = prepared.play(games, first_game, threads, callback, game_results=game_results, phases=phases,
                          forfeit_errors=on_error == "forfeit")
    except KeyboardInterrupt as stop:
        _keep_partial(stop, lambda kept: prepared.result(kept, first_game))
        raise
    finally:
        if bar is not None:
            bar.close()
    warn_forfeits(t)
    return prepared.result(t, first_game)


def warn_forfeits(figures: Dict[str, Any]) -> None:
    """The ``UserWarning`` of a run that played on past its players' exceptions
    (``on_error="forfeit"``): how many calls raised, and the first, if any did."""
    calls = figures.get("forfeited_calls", 0)
    if calls:
        warn_user(f"{calls:,} call{'s' if calls != 1 else ''} of the players' Python code raised, each forfeiting "
                  f"its match; the first: {figures['first_forfeit']}")


def match_game(
    a: Any,
    b: Any,
    index: int,
    *,
    seed: int = 0,
    rules: Optional[Rules] = None,
    fleet: Optional[Fleet] = None,
    rows: int = 10,
    cols: int = 10,
    placers: tuple[Any, Any] = ("uniform", "uniform"),
    observers: Sequence[Any] = (),
) -> Game:
    """Match ``index`` of ``match(a, b, seed=seed, ...)`` (or of a tournament's pair, ``a`` being
    the one listed first, as ``TournamentResult.between`` names it) set up again as a ``Game``, fleets placed and nothing played: ``play_to_end()`` plays
    it as the run did, and ``record`` keeps every shot. ``a`` moves first in even-numbered
    matches, so it is the game's player 0 when ``index`` is even and player 1 when it is odd;
    the game's seed is ``derive_seed(seed, index)``. Give the same arguments as to the run;
    Python strategies must start as the run's did (a fresh object of the same kind).

    Refused as ``match`` and ``Game`` refuse their arguments; ``TypeError`` or ``ValueError``
    for an ``index`` that is not an int from 0 to 2**64 - 1.
    """
    index = check_count("index", index, 0)
    first_placer, second_placer = placer_pair("placers", placers)
    a_first = index % 2 == 0
    return Game(
        a if a_first else b, b if a_first else a, rows=rows, cols=cols, fleet=fleet, rules=rules,
        seed=_core.derive_seed(check_count("seed", seed, 0), index),
        placers=(first_placer, second_placer) if a_first else (second_placer, first_placer), observers=observers,
    )


class _PreparedMatch:
    """A ``match`` between ``a`` and ``b`` with its arguments checked (refused as ``match`` refuses
    them, before anything runs), to play in ranges of matches: ``match`` plays one, ``sprt`` a
    batch at a time."""

    def __init__(
        self, a: Any, b: Any, seed: int, rules: Optional[Rules] = None, fleet: Optional[Fleet] = None, rows: int = 10,
        cols: int = 10, placers: Any = ("uniform", "uniform"),
    ) -> None:
        self.fleet, self.rules = fleet_and_rules(fleet, rules)
        check_fit(rows, cols, self.fleet, self.rules.touching)  # else every game would end unplaced
        _shape.check_size(rows, cols)
        self._shooters = resolve_shooter(a), resolve_shooter(b)
        check_own_shooters(self._shooters, "two sides")
        first_placer, second_placer = placer_pair("placers", placers)
        self._placers = resolve_placer(first_placer), resolve_placer(second_placer)
        self.names = strategy_name(a), strategy_name(b)
        self.label = f"{self.names[0]} vs {self.names[1]}"
        self.setup = RunSetup(
            seed, rows, cols, self.fleet, self.rules, (_placer_label(first_placer), _placer_label(second_placer))
        )

    def play(
        self, games: int, first_game: int, threads: Optional[int], progress: Optional[Callable[[int], None]],
        game_results: bool = False, phases: bool = False, forfeit_errors: bool = False,
    ) -> Dict[str, Any]:
        """The engine's tallies of matches ``first_game`` to ``first_game + games - 1``, the matches
        done reported to ``progress``; with ``game_results``, how each ended too, with ``phases``
        each side's misses by phase, and with ``forfeit_errors`` the calls that raised and
        forfeited their match."""
        s = self.setup
        return _shape.core("match", s.rows, s.cols)(  # type: ignore[no-any-return]
            *self._shooters, *self._placers, games, s.seed, _threads(threads), s.rows, s.cols, s.fleet, s.rules,
            progress, first_game, game_results, phases, forfeit_errors,
        )

    def sprt(
        self, max_games: int, threads: Optional[int], progress: Optional[Callable[[int], None]], elo0: float,
        elo1: float, alpha: float, beta: float, batch: int,
    ) -> Dict[str, Any]:
        """The engine's sequential test (``sprt_match``) of matches 0 onwards, at most
        ``max_games``: the tallies of the matches counted, with ``"decision"``, ``"llr"``,
        ``"batches"`` and ``"played"``."""
        s = self.setup
        return _shape.core("sprt", s.rows, s.cols)(  # type: ignore[no-any-return]
            *self._shooters, *self._placers, max_games, s.seed, _threads(threads), s.rows, s.cols, s.fleet,
            s.rules, progress, elo0, elo1, alpha, beta, batch,
        )

    def result(self, tallies: Dict[str, Any], first_game: int) -> MatchResult:
        """The ``MatchResult`` of ``tallies`` from ``play`` or ``sprt`` (with ``game_results`` and
        each side's misses by phase if they hold them)."""
        return replace(
            _match_result(*self.names, tallies, self.setup, first_game), game_results=tallies.get("game_results")
        )


def _placer_label(placer: Any) -> str:
    """A placer as a run's setup names it: its name, with the settings given to it (its uniform
    draws' budget, which can change the layouts of crowded fleets; spread's or elusive's options):
    ``"spread (search_budget 2000000, candidates 4)"``; a ``FixedPlacer`` with a digest of its
    drawing, so that ``combine`` tells runs of two drawings apart: ``"fixed (layout 3f2a...)"``."""
    if isinstance(placer, FixedPlacer):
        return f"fixed (layout {_drawing_digest(placer.layout)})"
    if isinstance(placer, str) and _carries_settings(placer):
        placer = _placer_from_text(placer)  # spread(candidates=4) as SpreadPlacer(candidates=4) is named
    if isinstance(placer, _UniformDraws):
        return placer._named(search_budget=True)
    return strategy_name(placer)


def _drawing_digest(layout: str) -> str:
    """12 hexadecimal digits of a digest of a layout drawing's cells, without what does not change
    the layout: comments, blank lines, the separators between cells, ``~`` for water rather than
    ``.``, a byte order mark (as ``Ocean.place_layout`` reads a drawing)."""
    cells = str.maketrans({" ": None, "\t": None, ",": None, ";": None, "\r": None, "~": "."})
    rows = [line.split("#")[0].translate(cells) for line in layout.removeprefix("\ufeff").splitlines()]
    return hashlib.sha256("\n".join(row for row in rows if row).encode()).hexdigest()[:12]


def _match_result(
    a: str, b: str, t: Dict[str, Any], setup: Optional[RunSetup] = None, first_game: int = 0
) -> MatchResult:
    """A ``MatchResult`` from the engine's tallies of ``a`` against ``b`` on ``setup``, from game
    ``first_game``, with each side's misses by phase when the tallies hold them."""
    won = t["wins_a"] + t["wins_b"]
    phases_a, phases_b = (MissPhases.from_dict(t[side]) if side in t else None for side in ("phases_a", "phases_b"))
    return MatchResult(
        a=a,
        b=b,
        games=t["games"],
        wins_a=t["wins_a"],
        wins_b=t["wins_b"],
        draws=t["draws"],
        aborted=t["aborted"],
        first_mover_wins=t["first_mover_wins"],
        mean_rounds=t["rounds"] / t["games"] if t["games"] else 0.0,
        mean_winner_shots=t["winner_shots"] / won if won else 0.0,
        seconds=t["seconds"],
        first_abort=t["first_abort"],
        total_rounds=t["rounds"],
        total_winner_shots=t["winner_shots"],
        first_abort_game=t.get("first_abort_game"),
        first_abort_by=t.get("first_abort_by"),
        first_game=first_game,
        forfeits_a=t.get("forfeits_a", 0),
        forfeits_b=t.get("forfeits_b", 0),
        setup=setup,
        phases_a=phases_a,
        phases_b=phases_b,
        cancelled=t.get("cancelled", False),
    )


def _chunks_need_an_executor(chunks: Optional[int], executor: Any) -> None:
    """``ValueError`` for ``chunks`` without an ``executor``: it would be ignored, the run played
    here in one piece."""
    if chunks is not None and executor is None:
        raise ValueError(f"chunks={chunks!r} splits a run among an executor's workers; give executor= too")


def _pieces(games: int, first_game: int, chunks: Optional[int]) -> List[Tuple[int, int]]:
    """``chunks`` contiguous ranges (first game, games) covering the run, sizes within one."""
    count = 16 if chunks is None else check_count("chunks", chunks, 1)
    count = max(1, min(count, games))
    size, extra = divmod(games, count)
    pieces, start = [], first_game
    for k in range(count):
        n = size + (1 if k < extra else 0)
        pieces.append((start, n))
        start += n
    return pieces


def _run_pieces(
    run: Callable[..., Any], executor: Any, chunks: Optional[int], games: int, first_game: int,
    threads: Optional[int], progress: bool, label: str, *args: Any, **kwargs: Any,
) -> Tuple[List[Any], float]:
    """The results of ``run`` over pieces of the games, played on ``executor`` on ``threads``
    threads each (1 unless given); wall-clock time."""
    if not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must have a submit(fn, *args, **kwargs) method, got {executor!r}")
    pieces = _pieces(games, first_game, chunks)
    each = 1 if threads is None else _threads(threads)
    start = time.perf_counter()
    stop = _core.CancelToken()
    futures = [
        executor.submit(_piece, stop, os.getpid(), run, *args, games=n, first_game=first, threads=each, progress=False, **kwargs)
        for first, n in pieces
    ]
    _, bar = _progress(progress, games, label)
    # Futures that say when they are done (concurrent.futures', Dask's) are watched, so that a
    # piece that fails while an earlier one still runs stops the call at once, not once every
    # piece before it has finished.
    failed = threading.Event()
    watched = all(callable(getattr(f, "add_done_callback", None)) and callable(getattr(f, "done", None)) for f in futures)
    if watched:
        for future in futures:
            future.add_done_callback(lambda done: failed.set() if _raised(done) else None)
    results: List[Any] = []
    try:
        for (_, n), future in zip(pieces, futures):
            while watched and not future.done():
                if failed.wait(0.05):
                    for other in futures:
                        if other.done() and _raised(other):
                            other.result()  # raises that piece's error
            results.append(future.result())
            if bar is not None:
                bar.update(n)
    except BaseException:
        stop.cancel()  # the pieces already running on this process's threads stop too
        for future in futures:
            future.cancel()
        raise
    finally:
        if bar is not None:
            bar.close()
    return results, time.perf_counter() - start


def _raised(future: Any) -> bool:
    """Whether the done ``future`` ended with an error (or was cancelled)."""
    try:
        return future.exception() is not None
    except BaseException:  # cancelled
        return True


def _piece(stop: _core.CancelToken, caller: int, run: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``run(*args, **kwargs)``, a piece of an executor run, stopped early once ``stop`` is
    cancelled when it runs on a thread of the caller's process (Ctrl-C reaches only the caller's
    main thread; a piece in another process gets a copy of the token that nothing cancels). In
    another process than ``caller``'s, an error that cannot be pickled comes back as a stand-in."""
    _core.watch_cancel(stop)
    try:
        return run(*args, **kwargs)
    except Exception as error:
        if os.getpid() == caller or _travels(error):
            raise
        # A process pool would send back a PicklingError, or break, in place of the error.
        raise _stand_in(error) from None
    finally:
        _core.watch_cancel(None)


def _travels(error: BaseException) -> bool:
    """Whether ``error`` comes back whole from a process (pickled and unpickled)."""
    try:
        pickle.loads(pickle.dumps(error))
        return True
    except Exception:
        return False


def _stand_in(error: BaseException) -> RuntimeError:
    """A RuntimeError that says what ``error`` said, with its notes and the game it aborted, for
    an error that cannot travel between processes (an exception whose class pickling cannot
    rebuild, or one that holds a lock, say)."""
    stand_in = RuntimeError(f"{type(error).__name__}: {error}")
    for note in getattr(error, "__notes__", None) or ():
        if isinstance(note, str) and hasattr(stand_in, "add_note"):
            stand_in.add_note(note)
    for mark in ("battleship_aborted_game", "battleship_own_code"):
        if hasattr(error, mark):
            setattr(stand_in, mark, getattr(error, mark))
    return stand_in


_ONE_KIND = "combine: all results must be of one kind: SimulationResult, MatchResult or TournamentResult"


@overload
def combine(results: Sequence[SimulationResult]) -> SimulationResult: ...
@overload
def combine(results: Sequence[MatchResult]) -> MatchResult: ...
@overload
def combine(results: Sequence[TournamentResult]) -> TournamentResult: ...
def combine(
    results: Sequence[Union[SimulationResult, MatchResult, TournamentResult]],
) -> Union[SimulationResult, MatchResult, TournamentResult]:
    """Add up the results of pieces of one run (``first_game`` ranges, in any order).

    For pieces that cover a run's games once each, the result is that of the whole run: the same
    histogram, figures and tallies (a tournament's: every pair's, and the standings counted from
    them). ``seconds`` is the pieces' time added up. When every piece kept its games' shots (or
    its matches' results), so does the result, in game order. Raises ``ValueError`` for no
    results, results of different shooters (pairs, tournament players) or of different runs
    (another seed, board, fleet, rules or placer: their ``setup``), pieces that overlap (a game
    counted twice) or leave a gap (the result would claim games no piece played), counts that add
    up past 2**64 - 1, a cancelled tournament, ``TypeError`` for a mix of kinds.
    """
    from battleship.tournament import TournamentResult, _combine_tournaments  # it imports this module

    if isinstance(results, (SimulationResult, MatchResult, TournamentResult)):  # it is no list of pieces
        raise TypeError(f"combine takes a list of results, the pieces of one run; got one {type(results).__name__}")
    results = list(results)
    if not results:
        raise ValueError("combine needs at least one result")
    first = results[0]
    if isinstance(first, TournamentResult):
        tournaments = [r for r in results if isinstance(r, TournamentResult)]
        if len(tournaments) != len(results):
            raise TypeError(_ONE_KIND)
        return _combine_tournaments(tournaments)
    if isinstance(first, SimulationResult):
        solo = [r for r in results if isinstance(r, SimulationResult)]
        if len(solo) != len(results):
            raise TypeError(_ONE_KIND)
        if any(r.shooter != first.shooter for r in solo):
            raise ValueError(f"combine: results of different shooters ({', '.join(sorted({r.shooter for r in solo}))})")
        _check_one_run(solo)
        length = max(len(r.histogram) for r in solo)
        histogram = np.zeros(length, dtype=np.uint64)
        for r in solo:
            histogram[: len(r.histogram)] += r.histogram
        games = sum(r.games for r in solo)
        seconds = sum(r.seconds for r in solo)
        figures = _core.histogram_summary(histogram.tolist())
        return _within_64_bits(SimulationResult(
            shooter=first.shooter,
            games=games,
            unfinished=sum(r.unfinished for r in solo),
            unplaceable=sum(r.unplaceable for r in solo),
            seconds=seconds,
            games_per_second=games / seconds if seconds > 0 else 0.0,
            histogram=histogram,
            first_game=_first_game(solo),
            game_shots=_joined(solo, "game_shots"),
            setup=first.setup,
            phases=_added_phases([r.phases for r in solo]),
            **figures,
        ))
    if not isinstance(first, MatchResult):
        raise TypeError(f"combine takes SimulationResult, MatchResult or TournamentResult objects, got {first!r}")
    matches = [r for r in results if isinstance(r, MatchResult)]
    if len(matches) != len(results):
        raise TypeError(_ONE_KIND)
    if any((r.a, r.b) != (first.a, first.b) for r in matches):
        raise ValueError("combine: results of different pairs of players")
    _check_one_run(matches)
    aborted = [r for r in matches if r.first_abort_game is not None]
    earliest = min(aborted, key=lambda r: r.first_abort_game or 0) if aborted else None
    tallies = {
        key: sum(getattr(r, key) for r in matches)
        for key in ("games", "wins_a", "wins_b", "draws", "aborted", "forfeits_a", "forfeits_b", "first_mover_wins", "seconds")
    }
    tallies["rounds"] = sum(r.total_rounds for r in matches)
    tallies["winner_shots"] = sum(r.total_winner_shots for r in matches)
    tallies["first_abort"] = earliest.first_abort if earliest else ""
    tallies["first_abort_game"] = earliest.first_abort_game if earliest else None
    tallies["first_abort_by"] = earliest.first_abort_by if earliest else None
    return _within_64_bits(replace(
        _match_result(first.a, first.b, tallies, first.setup, _first_game(matches)),
        game_results=_joined(matches, "game_results"),
        phases_a=_added_phases([r.phases_a for r in matches]),
        phases_b=_added_phases([r.phases_b for r in matches]),
    ))


_Combined = TypeVar("_Combined", SimulationResult, MatchResult)


def _within_64_bits(combined: _Combined) -> _Combined:
    """``combined``, or ``ValueError`` naming a count of it that the pieces added up past 2**64 - 1,
    what the engine's counts and the results files hold (games, rounds, shots, misses: Python adds
    them up without wrapping, so a result no reader would take back could be made)."""
    stack: List[Tuple[Any, str]] = [(combined, type(combined).__name__)]
    while stack:
        value, where = stack.pop()
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            stack.extend((getattr(value, f.name), f"{where}.{f.name}") for f in dataclasses.fields(value))
        elif isinstance(value, tuple):
            stack.extend((v, f"{where}[{k}]") for k, v in enumerate(value))
        elif isinstance(value, int) and value > UINT64_MAX:
            raise ValueError(f"combine: the pieces' {where} add up to {value:,}, past the 64-bit counts (2**64 - 1)")
    return combined


def _first_game(pieces: Sequence[Union[SimulationResult, MatchResult]]) -> int:
    """The first game of the run ``pieces`` add up to: the earliest of the pieces that played
    any (a piece of no games names a first game it did not play)."""
    played = [r.first_game for r in pieces if r.games]
    return min(played) if played else min(r.first_game for r in pieces)


def _added_phases(pieces: Sequence[Optional[MissPhases]]) -> Optional[MissPhases]:
    """The pieces' misses by phase added up, when every piece counted them; else ``None``."""
    counted = [p for p in pieces if p is not None]
    if len(counted) != len(pieces):
        return None
    total = counted[0]
    for p in counted[1:]:
        total = total + p
    return total


def _check_one_run(pieces: Sequence[Union[SimulationResult, MatchResult]]) -> None:
    """``ValueError`` unless ``pieces`` share one setup and no game is in two of them, and none
    was cancelled (its games need not be the first of its range)."""
    for r in pieces:
        if r.cancelled:
            raise ValueError(
                f"combine: a cancelled piece (games {r.first_game} onwards) stops part of the way; play it again"
            )
    for r in pieces[1:]:
        differences = _differences(pieces[0].setup, r.setup, _RUN_FIELDS)
        if differences:
            raise ValueError(f"combine: pieces of different runs ({differences})")
    ordered = sorted((r for r in pieces if r.games), key=lambda r: r.first_game)
    for before, after in zip(ordered, ordered[1:]):
        if after.first_game < before.first_game + before.games:
            raise ValueError(
                f"combine: pieces overlap: games {_span(before)} and games {_span(after)} "
                "would count some games twice"
            )
        if after.first_game > before.first_game + before.games:  # the result would claim them
            raise ValueError(
                f"combine: pieces leave a gap: games {before.first_game + before.games} to "
                f"{after.first_game - 1} are in none of them (games {_span(before)} are followed by games "
                f"{_span(after)}); the pieces of a run cover one range of games"
            )


_RUN_FIELDS = ("seed", "rows", "cols", "fleet", "rules", "placers")
"""What ``combine``'s pieces must share: everything that fixes a run's games."""
_LAYOUT_FIELDS = ("seed", "rows", "cols", "fleet", "touching", "placers")
"""What fixes a run's layouts (the placer sees the touching rule, not the rest of the rules)."""


def _differences(a: Optional[RunSetup], b: Optional[RunSetup], names: Sequence[str]) -> str:
    """The ``names`` on which two setups differ, with both values, as errors name them; empty
    if they agree (or neither was recorded)."""
    if a == b:
        return ""
    if a is None or b is None:
        return "one records its setup, the other does not"

    solo = len(a.placers) == 1  # one placer: named as such, without the tuple

    def value(s: RunSetup, name: str) -> Any:
        v = s.rules.touching if name == "touching" else getattr(s, name)
        return v[0] if name == "placers" and solo else v

    return ", ".join(
        f"{'placer' if n == 'placers' and solo else n} {value(a, n)!r} and {value(b, n)!r}"
        for n in names
        if value(a, n) != value(b, n)
    )


def _joined(pieces: Sequence[Union[SimulationResult, MatchResult]], name: str) -> Any:
    """The pieces' per-game arrays ``name`` (``game_shots``, ``game_results``) in game order
    (``None`` unless every piece kept them); the pieces cover one range of games
    (``_check_one_run``)."""
    if any(getattr(r, name) is None for r in pieces):
        return None
    return np.concatenate([getattr(r, name) for r in sorted(pieces, key=lambda r: r.first_game)])


def cores() -> int:
    """Number of cores the default ``threads`` uses."""
    return os.cpu_count() or 1
