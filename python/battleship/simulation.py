"""Many games in one call: ``simulate`` (one shooter, solo games) and ``match`` (head to head).

Game ``i`` of a run depends only on ``(seed, i)``, so results are identical for any number of
threads. The C++ engine runs with the GIL released; Ctrl-C stops a run within a second (raising
``KeyboardInterrupt``); a tqdm progress bar appears on runs longer than a second (turn it off
with ``progress=False``). Built-in strategies given by name run the same fully inlined loop as
the C++ benchmark; Python strategies play inside that loop on one thread.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional

import numpy as np
import numpy.typing as npt

from battleship import _shape
from battleship._core import Fleet, Rules
from battleship._defaults import fleet_and_rules
from battleship.strategies import resolve_placer, resolve_shooter, strategy_name

__all__ = ["simulate", "match", "SimulationResult", "MatchResult"]


@dataclass(frozen=True)
class SimulationResult:
    """Figures of a batch of solo games: the shots needed to sink the whole fleet."""

    shooter: str
    games: int
    finished: int
    unfinished: int
    unplaceable: int
    mean: float
    stddev: float
    ci95: float
    median: int
    p95: int
    min: int
    max: int
    seconds: float
    games_per_second: float
    histogram: npt.NDArray[np.uint64] = field(repr=False, compare=False)
    """``histogram[n]`` is the number of finished games that took exactly ``n`` shots."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        return (self.shooter, self.games, self.finished, self.unfinished, self.unplaceable) == (
            other.shooter, other.games, other.finished, other.unfinished, other.unplaceable
        ) and np.array_equal(self.histogram, other.histogram)

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class MatchResult:
    """Tallies of a head-to-head run; ``a`` moved first in even-numbered games, ``b`` in odd ones."""

    a: str
    b: str
    games: int
    wins_a: int
    wins_b: int
    draws: int
    aborted: int
    first_mover_wins: int
    mean_rounds: float
    mean_winner_shots: float
    seconds: float
    first_abort: str = ""

    @property
    def share_a(self) -> float:
        """Share of the decided games (wins and draws) that ``a`` won."""
        decided = self.wins_a + self.wins_b + self.draws
        return self.wins_a / decided if decided else 0.0

    @property
    def ci95_a(self) -> float:
        """Half-width of the 95 percent interval of ``share_a`` (normal approximation)."""
        decided = self.wins_a + self.wins_b + self.draws
        p = self.share_a
        return 1.96 * math.sqrt(p * (1 - p) / decided) if decided else 0.0

    @property
    def games_per_second(self) -> float:
        """Games per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0


def _check_count(name: str, value: int, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return int(value)


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 0
    return _check_count("threads", threads, 0)


def _progress(progress: bool, games: int, label: str) -> tuple[Optional[Callable[[int], None]], Any]:
    if not progress:
        return None, None
    from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]

    bar = tqdm(total=games, desc=label, unit="game", delay=1.0, leave=False)

    def update(done: int) -> None:
        bar.update(done - bar.n)

    return update, bar


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
) -> SimulationResult:
    """Play ``games`` solo games of ``shooter`` against fleets laid out by ``placer``.

    ``shooter`` and ``placer`` are names (``battleship.shooter_names()``), built-in classes or
    instances, or Python strategies (which run on one thread). ``threads`` defaults to every
    core. Raises ``ValueError`` for an unknown name, a bad size or a fleet that does not fit,
    ``TypeError`` for an argument of the wrong kind; an exception raised by a Python strategy
    surfaces as itself, with a note naming the game it aborted.
    """
    games = _check_count("games", games, 0)
    seed = _check_count("seed", seed, 0)
    fleet, rules = fleet_and_rules(fleet, rules)
    run = _shape.core("simulate", rows, cols)
    s, p = resolve_shooter(shooter), resolve_placer(placer)
    callback, bar = _progress(progress, games, strategy_name(shooter))
    try:
        raw: Dict[str, Any] = run(s, p, games, seed, _threads(threads), rows, cols, fleet, rules, callback)
    finally:
        if bar is not None:
            bar.close()
    raw.pop("cancelled")
    histogram = np.asarray(raw.pop("histogram"), dtype=np.uint64)
    return SimulationResult(shooter=strategy_name(shooter), histogram=histogram, **raw)


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
) -> MatchResult:
    """Play ``games`` two-player matches of ``a`` against ``b`` under ``rules``.

    ``a`` moves first in even-numbered games and ``b`` in odd ones, so neither gains from moving
    first. Arguments as for ``simulate``; ``placers`` lays out ``a``'s and ``b``'s fleets.
    """
    games = _check_count("games", games, 0)
    seed = _check_count("seed", seed, 0)
    fleet, rules = fleet_and_rules(fleet, rules)
    run = _shape.core("match", rows, cols)
    sa, sb = resolve_shooter(a), resolve_shooter(b)
    if sa is sb and not isinstance(sa, str):
        raise ValueError("a and b are the same Python object; give each side its own")
    pa, pb = resolve_placer(placers[0]), resolve_placer(placers[1])
    callback, bar = _progress(progress, games, f"{strategy_name(a)} vs {strategy_name(b)}")
    try:
        t: Dict[str, Any] = run(sa, sb, pa, pb, games, seed, _threads(threads), rows, cols, fleet, rules, callback)
    finally:
        if bar is not None:
            bar.close()
    won = t["wins_a"] + t["wins_b"]
    return MatchResult(
        a=strategy_name(a),
        b=strategy_name(b),
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
    )


def cores() -> int:
    """Number of cores the default ``threads`` uses."""
    return os.cpu_count() or 1
