"""The results of runs of games: ``SimulationResult`` (one shooter's solo games, with its
``MissPhases`` when counted), ``MatchResult`` (a head-to-head, with each side's) and the
``RunSetup`` both were played on. Each goes to plain JSON values and back (``to_dict``,
``from_dict``), a malformed value named by its place. ``battleship.simulation`` plays the runs
that make them."""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, Mapping, NamedTuple, Optional, Tuple

import numpy as np
import numpy.typing as npt

from battleship import _core, _records
from battleship._core import Fleet, Rules
from battleship._arguments import INT_MAX, UINT64_MAX

__all__ = ["RunSetup", "MissPhases", "SimulationResult", "MatchResult"]


class Proportion(NamedTuple):
    """A share with its 95 percent interval, as C++'s ``Proportion``: a tuple ``(share, low,
    high)`` that also names its parts."""

    share: float
    """successes / trials (0 when there are no trials)."""
    low: float
    """Lower end of the Wilson 95 percent interval."""
    high: float
    """Upper end of the Wilson 95 percent interval."""


def proportion(successes: int, trials: int) -> Proportion:
    """``successes / trials`` with its Wilson 95 percent interval, which stays inside [0, 1] and
    behaves at 0 and 100 percent, unlike the normal approximation: ``proportion(7, 10).low``.
    All 0 for no trials. ``TypeError`` for counts that are not ints, ``ValueError`` for negative
    ones, ones past 2**64 - 1, or more successes than trials."""
    return Proportion(*_core.proportion(successes, trials))


@dataclass(frozen=True)
class RunSetup:
    """What a run's games were played on, besides the shooters: game ``i`` of a run depends
    only on its shooters and on these. ``simulate`` and ``match`` record it in their results so
    that ``combine`` can refuse pieces of different runs and ``paired_difference`` runs on
    different layouts."""

    seed: int
    rows: int
    cols: int
    fleet: Fleet
    rules: Rules
    placers: Tuple[str, ...]
    """The placer's name for ``simulate``; ``a``'s and ``b``'s for ``match`` (with the uniform
    placer's budget when it has its own). Python placers go by their ``name`` or class name, so
    two with one name are not told apart."""

    def to_dict(self) -> Dict[str, Any]:
        """The setup as plain JSON values: the fleet as its ship classes (``name``, ``symbol``,
        ``length``, ``count``) and the rules as ``Rules.to_dict`` gives them."""
        return {
            "seed": self.seed, "rows": self.rows, "cols": self.cols, "fleet": _records.fleet_to_list(self.fleet),
            "rules": self.rules.to_dict(), "placers": list(self.placers),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunSetup:
        """The setup ``to_dict`` gave; ``ValueError`` naming the key of a missing, unknown or
        malformed value."""
        return cls._read(data, "RunSetup")

    @classmethod
    def _read(cls, data: Any, where: str) -> RunSetup:
        r = _records
        d = r.record(data, where, {
            "seed": r.whole(0, UINT64_MAX), "rows": r.whole(1, INT_MAX), "cols": r.whole(1, INT_MAX),
            "fleet": r.fleet, "rules": r.rules, "placers": r.listed(r.text),
        })
        if not 1 <= len(d["placers"]) <= 2:
            raise ValueError(
                f"{where}.placers: a run has one placer (simulate) or two (match), got {len(d['placers'])}"
            )
        from battleship.board import Ocean  # board.py imports this module

        try:  # the board's size, and a fleet that fits it (ship lengths, cells): no run had less
            Ocean(d["rows"], d["cols"], d["fleet"], d["rules"].touching)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        return cls(**{**d, "placers": tuple(d["placers"])})


@dataclass(frozen=True)
class MissPhases:
    """Where a run's misses fell (``simulate(..., phases=True)``), as the shooter's own view
    told before each shot (``TargetView.search_phase``): while hunting, no ship being chased, by
    the ships still afloat; while targeting a ship already hit; or, under a disclosure rule that
    does not say which ships the hits belong to, of unknown phase after the first hit. A game is
    its hits (17 for the classic fleet) plus its misses, so the misses a game add up to the mean
    shots less the hits when every game finished. C++: ``battleship::MissPhases``."""

    games: int
    """Games played."""
    hunting: Tuple[int, ...]
    """``hunting[k]``: misses while hunting with ``k`` ships afloat (``hunting[0]`` is 0)."""
    targeting: int
    """Misses while some hit belonged to a ship afloat."""
    unknown: int
    """Misses of unknown phase."""

    def misses(self) -> int:
        """Every miss, in any phase."""
        return sum(self.hunting) + self.targeting + self.unknown

    def hunting_per_game(self, afloat: int = 0) -> float:
        """Mean misses a game while hunting with ``afloat`` ships afloat (1: the last ship's
        hunt), or with any number when 0."""
        if not isinstance(afloat, (int, np.integer)) or isinstance(afloat, bool):
            raise TypeError(f"afloat must be an int (ships afloat), got {afloat!r}")
        if afloat < 0 or afloat >= len(self.hunting):
            raise ValueError(f"afloat must be from 0 to {len(self.hunting) - 1} (the fleet's ships), got {afloat}")
        return self._per_game(sum(self.hunting) if afloat == 0 else self.hunting[afloat])

    def targeting_per_game(self) -> float:
        """Mean misses a game while targeting."""
        return self._per_game(self.targeting)

    def unknown_per_game(self) -> float:
        """Mean misses a game of unknown phase."""
        return self._per_game(self.unknown)

    def _per_game(self, misses: int) -> float:
        return misses / self.games if self.games else 0.0

    def __add__(self, other: MissPhases) -> MissPhases:
        """The counts of two batches (pieces of one run, say) added up."""
        if not isinstance(other, MissPhases):
            return NotImplemented
        if len(other.hunting) != len(self.hunting):
            raise ValueError(
                f"misses of fleets of {len(self.hunting) - 1} and {len(other.hunting) - 1} ships cannot be added"
            )
        return MissPhases(self.games + other.games, tuple(a + b for a, b in zip(self.hunting, other.hunting)),
                          self.targeting + other.targeting, self.unknown + other.unknown)

    def to_dict(self) -> Dict[str, Any]:
        """The counts as plain JSON values; ``from_dict`` reads them back."""
        return {"games": self.games, "hunting": list(self.hunting), "targeting": self.targeting,
                "unknown": self.unknown}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MissPhases:
        """The counts ``to_dict`` gave; ``ValueError`` naming the key of a missing, unknown or
        malformed value."""
        return cls._read(data, "MissPhases")

    @classmethod
    def _read(cls, data: Any, where: str) -> MissPhases:
        r = _records
        d = r.record(data, where, {
            "games": r.count, "hunting": r.listed(r.count), "targeting": r.count, "unknown": r.count,
        })
        if len(d["hunting"]) < 2 or d["hunting"][0] != 0:
            raise ValueError(
                f"{where}.hunting: expected a list that starts with 0 (no ship afloat), a count for each number of "
                f"ships afloat after it, got {d['hunting']}"
            )
        return cls(d["games"], tuple(d["hunting"]), d["targeting"], d["unknown"])

    def _check_against(self, games: int, started: int, setup: Optional[RunSetup], where: str) -> None:
        """``ValueError`` unless these counts can be those of a run of ``games`` games, at least
        ``started`` of which the shooter started (every game not lost to its placer), on
        ``setup``: a count for each number of ships afloat, and no misses without a game."""
        if not started <= self.games <= games:
            raise ValueError(
                f"{where}.games: {self.games:,} games started, not from {started:,} (the games played) to "
                f"{games:,} (the run's games)"
            )
        if self.games == 0 and self.misses():
            raise ValueError(f"{where}: {self.misses():,} misses in no game started")
        if setup is not None and len(self.hunting) != setup.fleet.ship_count + 1:
            raise ValueError(
                f"{where}.hunting: {len(self.hunting) - 1} counts by ships afloat, not one for each of the fleet's "
                f"{setup.fleet.ship_count} ships"
            )


def _check_range(first_game: int, games: int, where: str) -> None:
    """``ValueError`` unless games ``first_game`` to ``first_game + games - 1`` have indices (as
    ``first_game`` is refused when a run is played)."""
    if first_game + games > UINT64_MAX + 1:
        raise ValueError(f"{where}.first_game: games {first_game:,} onwards run past the last game index, 2**64 - 1")


def _read_only(result: Any, *names: str) -> None:
    """Holds ``result``'s arrays ``names`` as read-only views: a frozen result whose counts could
    be changed in place (a notebook's ``r.histogram /= r.games``) would no longer say what was
    played, and ``combine`` and ``save_results`` would pass that on. The caller's own arrays stay
    writable."""
    for name in names:
        array = getattr(result, name)
        if isinstance(array, np.ndarray) and array.flags.writeable:
            view = array.view()
            view.setflags(write=False)
            object.__setattr__(result, name, view)


@dataclass(frozen=True, eq=False)  # its own __eq__; eq=True would add a hash over `seconds`
class SimulationResult:
    """Figures of a batch of solo games: the shots needed to sink the whole fleet. The figures
    (``mean`` to ``max``) are over the finished games, and 0 when none finished (``finished``
    says; the command line prints ``n/a``). Two results are equal when their tallies are (the
    shooter, the game counts and the histogram), so a run played again, or combined from pieces,
    equals the original; not hashable (it holds arrays)."""

    shooter: str
    games: int
    """Games played: ``finished + unfinished + unplaceable``."""
    finished: int
    """Games in which every ship was sunk: those the figures below are over."""
    unfinished: int
    """Games stopped before the fleet sank (a shot cap, too many refused shots in a row)."""
    unplaceable: int
    """Games never started: the placer found no layout."""
    mean: float
    """Mean shots."""
    stddev: float
    """Sample standard deviation of the shots (divided by finished - 1; 0 with one game)."""
    ci95: float
    """Half-width of the 95 percent interval of the mean: 1.96 ``stddev`` / sqrt(finished), the
    normal approximation."""
    median: int
    """Nearest-rank median: the fewest shots within which at least half the games ended (with an
    even count, the lower of the two middle games, where NumPy's median takes their mean)."""
    p95: int
    """Nearest-rank 95th percentile: the fewest shots within which at least 95 percent of the
    games ended (the shots of game ceil(0.95 n) in order of shots, no interpolation)."""
    min: int
    """Fewest shots of any game."""
    max: int
    """Most shots of any game."""
    seconds: float
    """Wall-clock time of the run."""
    games_per_second: float
    """Games played (all three kinds) per second of ``seconds``."""
    histogram: npt.NDArray[np.uint64] = field(repr=False, compare=False)
    """``histogram[n]`` is the number of finished games that took exactly ``n`` shots."""
    first_game: int = field(default=0, repr=False, compare=False)
    """Index of the first game played (``simulate``'s ``first_game``)."""
    game_shots: Optional[npt.NDArray[np.int32]] = field(default=None, repr=False, compare=False)
    """With ``simulate(..., game_shots=True)``, ``game_shots[k]`` is the shots game
    ``first_game + k`` took, -1 if it did not finish or its fleet could not be placed; else
    ``None``. Game ``i`` of a seed lays out the same fleet whoever shoots, so two shooters' arrays
    compare game by game (``paired_difference``)."""
    setup: Optional[RunSetup] = field(default=None, repr=False, compare=False)
    """The seed, board, fleet, rules and placer the run played (``None`` for an exact
    evaluation, which plays every layout)."""
    phases: Optional[MissPhases] = field(default=None, repr=False, compare=False)
    """With ``simulate(..., phases=True)``, where the misses fell (hunting, targeting); else
    ``None``."""
    cancelled: bool = field(default=False, repr=False, compare=False)
    """Whether Ctrl-C stopped the run before every game was played: the result a
    ``KeyboardInterrupt`` keeps as ``partial``. Its figures are over the games finished, which
    need not be the first ones, so ``combine`` refuses it; it keeps no ``game_shots`` and no
    ``phases`` (they counted the games cut short too)."""

    def __post_init__(self) -> None:
        _read_only(self, "histogram", "game_shots")

    def __setstate__(self, state: Dict[str, Any]) -> None:  # pickle and copy skip __post_init__
        self.__dict__.update(state)
        _read_only(self, "histogram", "game_shots")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationResult):
            return NotImplemented
        return (self.shooter, self.games, self.finished, self.unfinished, self.unplaceable) == (
            other.shooter, other.games, other.finished, other.unfinished, other.unplaceable
        ) and np.array_equal(np.trim_zeros(self.histogram, "b"), np.trim_zeros(other.histogram, "b"))  # as C++ compares

    __hash__ = None  # type: ignore[assignment]

    def percentile(self, p: float) -> int:
        """The nearest-rank percentile ``p`` (above 0, at most 100) of the finished games' shots:
        the fewest shots within which at least ``p`` percent of them ended, as ``median`` (50) and
        ``p95`` (95) are; 0 when no game finished. ``percentile(99)`` is the shots of the slowest
        game in a hundred. ``ValueError`` for a ``p`` outside (0, 100] or not a number (C++'s
        ``ShotHistogram::percentile`` takes such a ``p`` as the nearest end instead)."""
        if isinstance(p, bool) or not isinstance(p, numbers.Real):
            raise TypeError(f"p must be a real number, got {p!r}")
        if not 0 < p <= 100:  # NaN fails too
            raise ValueError(f"p must be above 0 and at most 100, got {p!r}")
        return int(_core.histogram_percentile(self.histogram, float(p)))

    def to_dict(self) -> Dict[str, Any]:
        """The result as plain JSON values (``"kind": "simulation"``): every field, the arrays as
        lists, ``setup`` as ``RunSetup.to_dict`` gives it. ``from_dict`` reads it back, equal and
        with equal arrays; ``battleship.save_results`` writes it to a file."""
        return _records.fields_of(self, "simulation")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SimulationResult:
        """The result ``to_dict`` gave. ``ValueError`` naming the key of a missing, unknown or
        malformed value, or saying which counts disagree (games played against finished,
        unfinished and unplaced ones, the histogram against the games finished) or which figure
        its counts contradict (``mean`` to ``max``, as the histogram gives them)."""
        return cls._read(data, "SimulationResult")

    @classmethod
    def _read(cls, data: Any, where: str) -> SimulationResult:
        r = _records
        d = r.record(data, where, {
            "shooter": r.name, "games": r.count, "finished": r.count, "unfinished": r.count,
            "unplaceable": r.count, "mean": r.real, "stddev": r.real, "ci95": r.real, "median": r.whole(),
            "p95": r.whole(), "min": r.whole(), "max": r.whole(), "seconds": r.duration,
            "games_per_second": r.duration, "histogram": r.counts(np.uint64, 0, UINT64_MAX), "first_game": r.count,
            "game_shots": r.nullable(r.counts(np.int32, -1, INT_MAX)), "setup": r.nullable(RunSetup._read),
            "phases": r.nullable(MissPhases._read), "cancelled": r.flag,
        }, kind="simulation", optional=("phases", "cancelled"))  # files written before these were kept lack them
        if d["finished"] + d["unfinished"] + d["unplaceable"] != d["games"]:
            raise ValueError(
                f"{where}: finished, unfinished and unplaceable add up to "
                f"{d['finished'] + d['unfinished'] + d['unplaceable']:,}, not games ({d['games']:,})"
            )
        counted = sum(int(n) for n in d["histogram"])  # Python's integers: a sum of uint64s may wrap
        if counted != d["finished"]:
            raise ValueError(
                f"{where}.histogram: counts {counted:,} game{'' if counted == 1 else 's'}, not finished ({d['finished']:,})"
            )
        figures = _core.histogram_summary(d["histogram"].tolist())  # as the run computed them
        del figures["finished"]
        _records.derived(d, figures, where, "the histogram's counts")
        shots = d["game_shots"]
        if shots is not None:
            if len(shots) != d["games"]:
                raise ValueError(f"{where}.game_shots: has {len(shots):,} games, not games ({d['games']:,})")
            finished = shots[shots >= 0]
            # A game past the histogram's end disagrees already; bincount would size an array by it
            # (16 GiB for a shot count of 2**31 - 1 in a file of a kilobyte).
            if (finished.size and finished.max() >= len(d["histogram"])) or not np.array_equal(
                np.bincount(finished, minlength=len(d["histogram"])), d["histogram"]
            ):
                raise ValueError(f"{where}.game_shots: its finished games' shots disagree with the histogram")
        _check_range(d["first_game"], d["games"], where)
        if d.get("phases") is not None:
            started = d["finished"] + d["unfinished"]  # an unplaceable game is never started
            d["phases"]._check_against(d["games"], started, d["setup"], f"{where}.phases")
        return cls(**d)


@dataclass(frozen=True)
class MatchResult:
    """Tallies of a head-to-head run; ``a`` moved first in even-numbered games, ``b`` in odd ones.
    Its repr shows every field it compares, so it evaluates back to an equal result."""

    A_WON: ClassVar[int] = 0
    """In ``game_results``: ``a`` won the match."""
    B_WON: ClassVar[int] = 1
    """In ``game_results``: ``b`` won the match."""
    DRAWN: ClassVar[int] = 2
    """In ``game_results``: the match was drawn."""
    ABORTED: ClassVar[int] = 3
    """In ``game_results``: the match was aborted (a fleet could not be placed...)."""

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
    seconds: float = field(compare=False)
    """Wall-clock time of the run; not compared: equal results are equal tallies, so a run played
    again, or combined from pieces, equals the original (as ``SimulationResult`` compares)."""
    first_abort: str = ""
    total_rounds: int = 0
    """Rounds over all games (``mean_rounds`` without the rounding), for ``combine``."""
    total_winner_shots: int = 0
    """Valid shots the winners fired, over all won games, for ``combine``."""
    first_abort_game: Optional[int] = None
    """Index of the first aborted game (whose reason ``first_abort`` gives), if any."""
    first_abort_by: Optional[str] = None
    """The side that game's abort blames, ``"a"`` or ``"b"`` whichever seat it had (its placer
    failed, its shooter made too many invalid shots in a row or forfeited, as one whose Python
    call raised does under ``on_error="forfeit"``); ``None`` when no game was aborted or the
    abort named nobody."""
    first_game: int = 0
    """Index of the first game played (``match``'s ``first_game``)."""
    forfeits_a: int = 0
    """Aborted games ``a`` was to blame for (its placer failed, its shooter made too many invalid
    shots in a row, raised or forfeited): its forfeits, which ``share_a``, a tournament's standings and its
    ratings count as ``a``'s losses, as a competition scores a crash or an illegal move."""
    forfeits_b: int = 0
    """Aborted games ``b`` was to blame for: ``b``'s forfeits."""
    setup: Optional[RunSetup] = field(default=None, repr=False, compare=False)
    """The seed, board, fleet, rules and placers the run played (a tournament's pairs too: each
    is the batch ``match`` plays for those two players)."""
    game_results: Optional[npt.NDArray[np.int8]] = field(default=None, repr=False, compare=False)
    """With ``match(..., game_results=True)``, how each match ended: ``game_results[k]`` is
    ``MatchResult.A_WON`` (0), ``B_WON`` (1), ``DRAWN`` (2) or ``ABORTED`` (3) for match
    ``first_game + k``; else ``None``. ``match_game`` sets up any of them again, to watch or
    record it."""
    phases_a: Optional[MissPhases] = field(default=None, repr=False, compare=False)
    """With ``match(..., phases=True)``, where ``a``'s misses fell, its ``games`` the matches it
    played (a match ends when either fleet is sunk, so the loser's hunt is cut short); else
    ``None``."""
    phases_b: Optional[MissPhases] = field(default=None, repr=False, compare=False)
    """The same for ``b``."""
    cancelled: bool = field(default=False, repr=False, compare=False)
    """Whether Ctrl-C stopped the run before every match was played: the result a
    ``KeyboardInterrupt`` keeps as ``partial``. Its tallies are of the matches finished, which
    need not be the first ones, so ``combine`` refuses it; it keeps no ``game_results`` and no
    phases (they counted the games cut short too)."""

    def __post_init__(self) -> None:
        _read_only(self, "game_results")

    def __setstate__(self, state: Dict[str, Any]) -> None:  # pickle and copy skip __post_init__
        self.__dict__.update(state)
        _read_only(self, "game_results")

    @property
    def credited_a(self) -> int:
        """Games credited to ``a``: won, or forfeited by ``b``."""
        return self.wins_a + self.forfeits_b

    @property
    def credited_b(self) -> int:
        """Games credited to ``b``: won, or forfeited by ``a``."""
        return self.wins_b + self.forfeits_a

    @property
    def share_a(self) -> float:
        """``a``'s share of the games decided, a forfeit counting as a loss of the side to blame
        (draws and aborts that blamed nobody left out), as C++'s ``MatchResult::share_a`` and a
        tournament's win shares count it."""
        decided = self.credited_a + self.credited_b
        return self.credited_a / decided if decided else 0.0

    @property
    def interval_a(self) -> Tuple[float, float]:
        """The 95 percent interval of ``share_a``, Wilson's (C++ ``MatchResult::share_a``): it
        stays inside [0, 1] and keeps a width at 0 and 100 percent, where ``ci95_a`` shrinks to
        nothing; (0, 0) with no game decided."""
        _, low, high = proportion(self.credited_a, self.credited_a + self.credited_b)
        return low, high

    @property
    def ci95_a(self) -> float:
        """Half-width of the 95 percent interval of ``share_a`` (normal approximation; see
        ``interval_a`` near 0 and 100 percent)."""
        decided = self.credited_a + self.credited_b
        p = self.share_a
        return 1.96 * math.sqrt(p * (1 - p) / decided) if decided else 0.0

    @property
    def games_per_second(self) -> float:
        """Games per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> Dict[str, Any]:
        """The result as plain JSON values (``"kind": "match"``): every field, ``game_results``
        as a list, ``setup`` as ``RunSetup.to_dict`` gives it (the share, its interval and the
        rate are left out: they follow from the fields). ``from_dict`` reads it back, equal."""
        return _records.fields_of(self, "match")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchResult:
        """The result ``to_dict`` gave. ``ValueError`` naming the key of a missing, unknown or
        malformed value, or saying which counts disagree (games against wins, draws and aborted
        games; the first mover's wins against all wins; ``game_results`` against the games; the
        means against the totals; a first aborted game where none was aborted)."""
        return cls._read(data, "MatchResult")

    @classmethod
    def _read(cls, data: Any, where: str) -> MatchResult:
        r = _records
        d = r.record(data, where, {
            "a": r.name, "b": r.name, "games": r.count, "wins_a": r.count, "wins_b": r.count,
            "draws": r.count, "aborted": r.count, "first_mover_wins": r.count, "mean_rounds": r.real,
            "mean_winner_shots": r.real, "seconds": r.duration, "first_abort": r.text, "total_rounds": r.count,
            "total_winner_shots": r.count, "first_abort_game": r.nullable(r.count), "first_game": r.count,
            "first_abort_by": r.nullable(r.one_of(("a", "b"))), "forfeits_a": r.count, "forfeits_b": r.count,
            "setup": r.nullable(RunSetup._read),
            "game_results": r.nullable(r.counts(np.int8, cls.A_WON, cls.ABORTED)),
            "phases_a": r.nullable(MissPhases._read), "phases_b": r.nullable(MissPhases._read), "cancelled": r.flag,
        }, kind="match", optional=(  # older files lack them
            "phases_a", "phases_b", "first_abort_by", "forfeits_a", "forfeits_b", "cancelled"
        ))
        ended = d["wins_a"] + d["wins_b"] + d["draws"] + d["aborted"]
        if ended != d["games"]:
            raise ValueError(
                f"{where}: wins_a, wins_b, draws and aborted add up to {ended:,}, not games ({d['games']:,})"
            )
        if d.get("forfeits_a", 0) + d.get("forfeits_b", 0) > d["aborted"]:
            raise ValueError(f"{where}: forfeits_a and forfeits_b add up to more than the aborted games ({d['aborted']:,})")
        if d["first_mover_wins"] > d["wins_a"] + d["wins_b"]:
            raise ValueError(f"{where}.first_mover_wins: {d['first_mover_wins']:,} is more than the games won")
        won = d["wins_a"] + d["wins_b"]
        _records.derived(d, {
            "mean_rounds": d["total_rounds"] / d["games"] if d["games"] else 0.0,
            "mean_winner_shots": d["total_winner_shots"] / won if won else 0.0,
        }, where, "total_rounds, total_winner_shots and the counts")
        if not d["aborted"] and (d["first_abort"] or d["first_abort_game"] is not None or d.get("first_abort_by")):
            raise ValueError(
                f"{where}: first_abort, first_abort_game and first_abort_by name an aborted game, and aborted is 0"
            )
        ends = d["game_results"]
        if ends is not None:
            if len(ends) != d["games"]:
                raise ValueError(f"{where}.game_results: has {len(ends):,} matches, not games ({d['games']:,})")
            tally = np.bincount(ends, minlength=4).tolist()
            if tally != [d["wins_a"], d["wins_b"], d["draws"], d["aborted"]]:
                raise ValueError(f"{where}.game_results: its ends disagree with wins_a, wins_b, draws and aborted")
        if (d.get("phases_a") is None) != (d.get("phases_b") is None):
            raise ValueError(f"{where}: phases_a and phases_b come together; one of them is missing")
        _check_range(d["first_game"], d["games"], where)
        for side in ("phases_a", "phases_b"):
            if d.get(side) is not None:  # a match not aborted was started by both sides
                d[side]._check_against(d["games"], d["games"] - d["aborted"], d["setup"], f"{where}.{side}")
        if d.get("phases_a") is not None and len(d["phases_a"].hunting) != len(d["phases_b"].hunting):
            raise ValueError(f"{where}: phases_a and phases_b count misses of fleets of different sizes")
        return cls(**d)
