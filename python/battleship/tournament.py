"""Round-robin tournaments: every pair of players meets in ``games`` two-player matches, and the
players are ranked by the share of points they took (a win 1, a draw 1/2).

>>> t = tournament(["random", "parity", "probability"], games=200, progress=False)
>>> [s.name for s in t.standings]
['probability', 'parity', 'random']

Each pair's batch is exactly what ``battleship.match`` gives for those two players with the same
seed and rules (the engine's ``round_robin`` plays it), so any pair can be replayed alone.
``TournamentResult.elo_fit`` and ``elo_fit`` fit Elo ratings to the results and test whether one
rating a player describes them (the engine's ``fit_elo``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from battleship import _core, _records, _shape
from battleship._core import Fleet, Rules
from battleship._arguments import check_count, check_fit, check_own_shooters, fleet_and_rules
from battleship.results import MatchResult, MissPhases, RunSetup
from battleship.simulation import (
    _keep_partial,
    _match_result,
    _placer_label,
    _progress,
    _run_range,
    _threads,
    combine,
    warn_forfeits,
)
from battleship.strategies import resolve_placer, resolve_shooter, strategy_name

__all__ = [
    "tournament",
    "TournamentResult",
    "Standing",
    "Rating",
    "EloDifference",
    "PairFit",
    "EloFit",
    "elo_fit",
    "elo_ratings",
]

Player = Union[Any, Tuple[Any, Any]]
"""A player: a shooter (name, built-in class or Python shooter), or a (shooter, placer) pair."""


@dataclass(frozen=True)
class Standing:
    """A player's record over a tournament."""

    name: str
    wins: int
    losses: int
    draws: int
    score: float
    """Points per match won, lost or drawn: a win 1, a draw 1/2."""


@dataclass(frozen=True)
class Rating:
    """A player's Elo rating (``elo_ratings``): 400 points apart means odds of 10 to 1."""

    name: str
    elo: float
    """The rating, measured from the mean of all ratings or from the anchor's (which is 0)."""
    margin: float
    """Half-width of the rating's 95 percent interval, measured from the same reference."""


@dataclass(frozen=True)
class EloDifference:
    """Two players' rating difference with its 95 percent margin (``EloFit.difference``)."""

    elo: float
    margin: float


@dataclass(frozen=True)
class PairFit:
    """How a pair's results compare with what their ratings expect (``EloFit.pairs``)."""

    a: str
    b: str
    matches: int
    """Matches won, lost or drawn (a forfeit a loss of the player to blame; aborts that blamed
    nobody left out)."""
    share: float
    """``a``'s share of the points against ``b``, a draw half a point."""
    expected: float
    """The share ``a``'s and ``b``'s ratings expect."""
    residual: float
    """How many standard deviations ``share`` is from ``expected``: positive when ``a`` did
    better against ``b`` than the ratings say."""


@dataclass(frozen=True)
class EloFit:
    """Elo ratings fitted to two-player results (``elo_fit``), with the test of whether one rating
    a player describes them.

    The fit is the Bradley-Terry model's maximum-likelihood estimate: ``a`` beats ``b`` with
    probability ``1 / (1 + 10 ** ((elo_b - elo_a) / 400))``, a draw counts half a win to each
    (a forfeit is a loss of the player to blame; aborts that blamed nobody are left out), and every pair of players gets one virtual drawn match, which
    keeps a player who won or lost everything at a finite rating. Several results of one pair add
    up; players who never met are compared through the players they did meet (two groups with
    no results between them are held together by the virtual draws alone, and their wide margins
    say so). Ratings are measured from their mean, or from the player ``anchor``'s. The margins
    (95 percent, from the likelihood's curvature) are sound for hundreds of matches a pair, not a
    handful.

    The model gives each player one number, so it cannot describe a cycle (``a`` beats ``b``
    beats ``c`` beats ``a``), nor a player who does well against some styles of play and badly
    against others. ``chi_square`` (Pearson's statistic, the sum of the pairs' squared
    ``residual``s) and ``p_value`` test that: a small p-value (below 0.05, say) says the ratings
    misdescribe some pairs, and ``pairs`` lists them worst first. Draws spread the points less
    than wins and losses, so with draws the test errs towards a good fit.
    """

    names: Tuple[str, ...]
    """The players, in the order they were entered or first met."""
    anchor: Optional[str]
    """The player the ratings are measured from, or None for their mean."""
    ratings: List[Rating]
    """Every player's rating, best first (ties in ``names`` order)."""
    chi_square: float
    """Pearson's statistic: the sum of the pairs' squared residuals."""
    degrees_of_freedom: int
    """The pairs that met, less the ratings free to fit them (a player each, less one for each
    group of players joined by results)."""
    p_value: float
    """The chance of a ``chi_square`` at least this large if one rating a player were the truth;
    1 when nothing is tested (two players, or pairs that form no cycle)."""
    pairs: List[PairFit]
    """Every pair that met, the one the ratings describe worst first."""
    _fit: _core.EloRatings = field(repr=False, compare=False)

    __hash__ = None  # type: ignore[assignment]  # it holds lists: "unhashable type: 'list'" misled

    def _player(self, name: str) -> int:
        if name not in self.names:
            raise KeyError(f"{name!r} is not rated; the players are {', '.join(map(repr, self.names))}")
        return self.names.index(name)

    def rating(self, name: str) -> Rating:
        """Player ``name``'s rating. ``KeyError`` for a name that is not rated."""
        self._player(name)
        return next(r for r in self.ratings if r.name == name)

    def difference(self, a: str, b: str) -> EloDifference:
        """``a``'s rating minus ``b``'s, with the 95 percent margin of the difference itself,
        from the ratings' covariance (the two ratings' errors are not independent, so their
        margins do not simply combine)."""
        return EloDifference(*self._fit.difference(self._player(a), self._player(b)))

    def expected_share(self, a: str, b: str) -> float:
        """The share of the points ``a`` is expected to take against ``b`` under the ratings."""
        return self._fit.expected_share(self._player(a), self._player(b))

    def summary(self) -> str:
        """One line on the test of the fit: the statistic, its degrees of freedom, the p-value
        and the pair the ratings describe worst."""
        if self.degrees_of_freedom == 0:
            return "Fit of one rating a player: nothing to test (no results form a cycle)"
        worst = self.pairs[0]
        return (
            f"Fit of one rating a player: chi-square {self.chi_square:.1f} on {self.degrees_of_freedom} "
            f"degree{'' if self.degrees_of_freedom == 1 else 's'} of freedom, p = {self.p_value:.2g}; "
            f"worst described: {worst.a} took "
            f"{100 * worst.share:.1f}% against {worst.b}, {100 * worst.expected:.1f}% expected "
            f"({worst.residual:+.1f} standard deviations)"
        )


def _fit(names: Sequence[str], results: Iterable[MatchResult], anchor: Optional[str]) -> EloFit:
    """The Elo fit of players ``names`` to ``results``: the engine's ``fit_elo`` on every pair's
    results added up, with the names put back."""
    index = {name: k for k, name in enumerate(names)}
    if anchor is not None and not isinstance(anchor, str):  # a player's index is no name
        raise TypeError(f"the anchor must be a player's name (a str), got {anchor!r}")
    if anchor is not None and anchor not in index:
        raise ValueError(f"the anchor {anchor!r} is not a player; the players are {', '.join(map(repr, names))}")
    tallies: Dict[Tuple[str, str], Tuple[int, int, int]] = {}  # wins each side, draws
    for m in results:  # a forfeit is a loss of the side to blame
        if (m.b, m.a) in tallies:  # the pair met before, the other way round
            pair, wins_a, wins_b = (m.b, m.a), m.credited_b, m.credited_a
        else:
            pair, wins_a, wins_b = (m.a, m.b), m.credited_a, m.credited_b
        before = tallies.get(pair, (0, 0, 0))
        tallies[pair] = (before[0] + wins_a, before[1] + wins_b, before[2] + m.draws)
    records = [(index[a], index[b], *tally) for (a, b), tally in tallies.items()]
    fit = _core.fit_elo(len(names), records, None if anchor is None else index[anchor])
    ratings = [Rating(name, elo, margin) for name, elo, margin in zip(names, fit.elo, fit.margin)]
    pairs = []
    for (a, b), (wins_a, wins_b, draws) in tallies.items():
        matches = wins_a + wins_b + draws
        share = (wins_a + draws / 2) / matches if matches else 0.0
        expected = fit.expected_share(index[a], index[b])
        pairs.append(PairFit(a, b, matches, share, expected, fit.residual((index[a], index[b], wins_a, wins_b, draws))))
    return EloFit(
        names=tuple(names),
        anchor=anchor,
        ratings=sorted(ratings, key=lambda r: -r.elo),
        chi_square=fit.chi_square,
        degrees_of_freedom=fit.degrees_of_freedom,
        p_value=fit.fit_p_value(),
        pairs=sorted(pairs, key=lambda p: -abs(p.residual)),
        _fit=fit,
    )


def _names(results: Sequence[MatchResult]) -> List[str]:
    """The players of ``results`` in the order they are first met; ``ValueError`` for a result
    of a player against itself or fewer than two players."""
    names: List[str] = []
    for m in results:
        if not isinstance(m, MatchResult):
            raise TypeError(f"Elo ratings are fitted to MatchResult objects (match results), got a {type(m).__name__}")
        if m.a == m.b:
            raise ValueError(f"a result of {m.a!r} against itself cannot rate it")
        names += [n for n in (m.a, m.b) if n not in names]
    if len(names) < 2:
        raise ValueError(f"ratings need results between at least two players, got {len(names)} players")
    return names


def elo_fit(results: Iterable[MatchResult], *, anchor: Optional[str] = None) -> EloFit:
    """Elo ratings fitted to the results of ``match`` runs between any players, with the test of
    their fit (``EloFit`` says how). Ratings are measured from their mean, or from the player
    ``anchor``'s.

    >>> fit = elo_fit([match("parity", "random", 200, progress=False)], anchor="random")
    >>> fit.rating("random").elo, fit.degrees_of_freedom
    (0.0, 0)

    ``ValueError`` for results naming fewer than two players, a result of a player against
    itself, or an anchor that is not a player; ``TypeError`` for an anchor that is not a str.
    """
    results = list(results)
    return _fit(_names(results), results, anchor)


def elo_ratings(results: Iterable[MatchResult], *, anchor: Optional[str] = None) -> List[Rating]:
    """The players' Elo ratings fitted to the results of ``match`` runs, best first:
    ``elo_fit(results, anchor=anchor).ratings`` (``EloFit`` says how they are fitted).

    >>> r = elo_ratings([match("parity", "random", 200, progress=False)], anchor="random")
    >>> [x.name for x in r], r[1].elo
    (['parity', 'random'], 0.0)

    ``ValueError`` for results naming fewer than two players, a result of a player against
    itself, or an anchor that is not a player.
    """
    return elo_fit(results, anchor=anchor).ratings


@dataclass(frozen=True)
class TournamentResult:
    """What a round robin gave: every pair's batch and the standings, best first."""

    names: Tuple[str, ...]
    """The players, in the order they were entered."""
    matches: Dict[Tuple[str, str], MatchResult]
    """The batch of every pair ``(a, b)``, ``a`` entered before ``b``."""
    standings: List[Standing]
    """Every player's record, best first: by score, then by wins, then in the order entered."""
    games: int
    """Matches a pair."""
    seconds: float = field(compare=False)
    """Wall-clock time of the run; not compared, as ``MatchResult.seconds``."""
    cancelled: bool = False
    """Whether Ctrl-C stopped the run before every pair had played all its matches: the result
    a ``KeyboardInterrupt`` keeps as ``partial``, with the pairs that played (the last of them
    part of the way); ``combine`` refuses it."""

    __hash__ = None  # type: ignore[assignment]  # it holds a dict and a list

    @property
    def first_game(self) -> int:
        """The first match each pair played: 0 unless the tournament is a piece of a longer one
        (``tournament(..., first_game=N)``), as its batches say."""
        return min((m.first_game for m in self.matches.values()), default=0)

    def between(self, a: str, b: str) -> MatchResult:
        """The batch between players ``a`` and ``b`` (in either order; its ``a`` is the one
        entered first). ``KeyError`` for a pair that did not play, naming the pair and saying
        whether a name is not an entrant or the run stopped before the pair played."""
        for pair in ((a, b), (b, a)):
            if pair in self.matches:
                return self.matches[pair]
        unknown = [name for name in (a, b) if name not in self.names]
        if unknown:
            raise KeyError(f"{unknown[0]!r} is not an entrant; the entrants are {', '.join(map(repr, self.names))}")
        why = ": the run was cancelled before their match" if self.cancelled else ""
        raise KeyError(f"{a!r} and {b!r} did not play{why}")

    def phases(self, name: str) -> Optional[MissPhases]:
        """Where player ``name``'s misses fell over all its matches (``tournament(...,
        phases=True)``): its side of every pair's counts added up, its ``games`` the matches it
        played; ``None`` unless every pair it played counted them. ``KeyError`` for a name that
        is not an entrant."""
        if name not in self.names:
            raise KeyError(f"{name!r} is not an entrant; the entrants are {', '.join(map(repr, self.names))}")
        sides = [m.phases_a if m.a == name else m.phases_b for m in self.matches.values() if name in (m.a, m.b)]
        total: Optional[MissPhases] = None
        for side in sides:
            if side is None:
                return None
            total = side if total is None else total + side
        return total

    def share(self, a: str, b: str) -> float:
        """``a``'s share of the matches against ``b`` that were decided (a forfeit a loss of the
        player to blame)."""
        m = self.between(a, b)
        won, lost = (m.credited_a, m.credited_b) if m.a == a else (m.credited_b, m.credited_a)
        return won / (won + lost) if won + lost else 0.0

    def elo_fit(self, anchor: Optional[str] = None) -> EloFit:
        """Elo ratings fitted to the tournament's results with the test of their fit (as
        ``battleship.elo_fit`` fits them): measured from the mean rating, or from player
        ``anchor``'s. A run cut short rates every entrant, from the pairs it played."""
        return _fit(self.names, self.matches.values(), anchor)

    def ratings(self, anchor: Optional[str] = None) -> List[Rating]:
        """Every player's Elo rating, best first: ``elo_fit(anchor).ratings``."""
        return self.elo_fit(anchor).ratings

    def table(self, anchor: Optional[str] = None) -> str:
        """The standings, each player's Elo rating with its 95 percent margin (measured from
        their mean or from ``anchor``'s) and every pair's shares as a Markdown table: row against
        column. ``n/a`` where there is nothing to measure: a share of a pair with no match won or
        lost, a rating of a player with no match decided (the fit would give its prior)."""
        elo = {r.name: r for r in self.ratings(anchor)}
        header = "| player | score | elo | wins | losses | draws | " + " | ".join(self.names) + " |"
        lines = [header, "|" + " --- |" * (6 + len(self.names))]
        for s in self.standings:
            cells = []
            for other in self.names:
                try:
                    m = None if other == s.name else self.between(s.name, other)
                except KeyError:  # a pair a cancelled run did not reach
                    cells.append("?")
                    continue
                if m is None:
                    cells.append("")
                elif m.credited_a + m.credited_b:
                    cells.append(f"{100 * self.share(s.name, other):.1f}%")
                else:
                    cells.append("n/a")
            decided = s.wins + s.losses + s.draws
            # Rounded as an int first: a rating just below 0 printed "-0"
            rating = f"{round(elo[s.name].elo):+d} ± {elo[s.name].margin:.0f}" if decided else "n/a"
            lines.append(
                f"| {s.name} | {s.score:.3f} | {rating} | {s.wins} | {s.losses} | {s.draws} | " + " | ".join(cells) + " |"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> Dict[str, Any]:
        """The result as plain JSON values (``"kind": "tournament"``): the players, the standings
        (each ``{"name", "wins", "losses", "draws", "score"}``) and every pair's batch as
        ``MatchResult.to_dict`` gives it, in the order played. Ratings are left out: ``elo_fit``
        fits them again from the batches. ``from_dict`` reads it back, equal."""
        return {
            "kind": "tournament", "names": list(self.names),
            "standings": [{"name": s.name, "wins": s.wins, "losses": s.losses, "draws": s.draws, "score": s.score}
                          for s in self.standings],
            "matches": [m.to_dict() for m in self.matches.values()],
            "games": self.games, "seconds": self.seconds, "cancelled": self.cancelled,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentResult:
        """The result ``to_dict`` gave. ``ValueError`` naming the key of a missing, unknown or
        malformed value, or what disagrees: a batch of a pair that is not two entrants (the one
        entered first as ``a``) or played twice, or standings that are not one for each entrant
        or not what the matches give (their wins, losses, draws and score)."""
        return cls._read(data, "TournamentResult")

    @classmethod
    def _read(cls, data: Any, where: str) -> TournamentResult:
        r = _records
        standing = {"name": r.name, "wins": r.count, "losses": r.count, "draws": r.count, "score": r.real}
        d = r.record(data, where, {
            "names": r.listed(r.name),
            "standings": r.listed(lambda item, at: Standing(**r.record(item, at, standing))),
            "matches": r.listed(MatchResult._read), "games": r.count, "seconds": r.duration, "cancelled": r.flag,
        }, kind="tournament")
        names = d["names"]
        if len(set(names)) != len(names) or len(names) < 2:
            raise ValueError(f"{where}.names: expected two or more different names, got {names}")
        if sorted(s.name for s in d["standings"]) != sorted(names):
            raise ValueError(f"{where}.standings: expected one standing for each of {', '.join(names)}")
        matches: Dict[Tuple[str, str], MatchResult] = {}
        for k, m in enumerate(d["matches"]):
            pair = (m.a, m.b)
            if m.a not in names or m.b not in names or names.index(m.a) >= names.index(m.b) or pair in matches:
                raise ValueError(
                    f"{where}.matches[{k}]: {m.a!r} against {m.b!r} is not a pair of entrants, the one entered "
                    "first as a, played once"
                )
            if m.games > d["games"] or (m.games < d["games"] and not d["cancelled"]):
                raise ValueError(
                    f"{where}.matches[{k}]: {m.games:,} matches of {m.a!r} against {m.b!r}, not games ({d['games']:,})"
                    + (" or fewer" if d["cancelled"] else "")
                )
            matches[pair] = m
        sizes = {len(p.hunting) - 1 for m in matches.values() for p in (m.phases_a, m.phases_b) if p is not None}
        if len(sizes) > 1:  # one fleet a tournament, which a batch without its setup does not say
            shown = " and ".join(map(str, sorted(sizes)))
            raise ValueError(f"{where}.matches: misses by phase of fleets of {shown} ships")
        standings = _standings(names, matches.values())
        counted = [(s.name, s.wins, s.losses, s.draws) for s in standings]
        if [(s.name, s.wins, s.losses, s.draws) for s in d["standings"]] != counted:
            raise ValueError(f"{where}.standings: they disagree with the matches (the standings counted from them: "
                             f"{', '.join(f'{n} {w}-{l}-{dr}' for n, w, l, dr in counted)})")
        for k, (given, made) in enumerate(zip(d["standings"], standings)):
            _records.derived({"score": given.score}, {"score": made.score}, f"{where}.standings[{k}]",
                             "its wins, losses and draws")
        return cls(**{**d, "names": tuple(names), "matches": matches})


def player_name(shooter: str, placer: str) -> str:
    """A player's name in the results: its shooter's, and ``/placer`` unless it is ``uniform``."""
    return shooter if placer == "uniform" else f"{shooter}/{placer}"


def _entrants(players: Union[Sequence[Player], Mapping[str, Player]]) -> List[Tuple[str, Any, Any, str]]:
    """(name, shooter, placer, the placer as a run's setup names it) of each player; a player
    without a placer uses ``uniform``, and is named by its shooter (and its placer when not
    ``uniform``) unless a mapping names it."""
    items: List[Tuple[Optional[str], Player]]
    if isinstance(players, str):  # its letters are no players
        raise TypeError(f"players is a list of shooters (or a mapping of names to them), got the string {players!r}")
    items = list(players.items()) if isinstance(players, Mapping) else [(None, p) for p in players]
    out = []
    for name, player in items:
        if isinstance(player, (tuple, list)):  # a list too, as match's placers= takes one
            if len(player) != 2:
                kind = type(player).__name__
                raise TypeError(
                    f"a player is a shooter or a (shooter, placer) pair, got a {kind} of {len(player)}: {player!r}"
                )
            shooter, placer = player
        else:
            shooter, placer = player, "uniform"
        if isinstance(shooter, str) and "/" in shooter and ":" not in shooter:  # the command line's way
            mine, _, theirs = shooter.partition("/")
            raise ValueError(
                f"unknown shooter {shooter!r}: a player with a placer of its own is a (shooter, placer) pair, "
                f"({mine!r}, {theirs!r})"
            )
        if name is None:
            name = player_name(strategy_name(shooter), strategy_name(placer))
        out.append((str(name), resolve_shooter(shooter), resolve_placer(placer), _placer_label(placer)))
    return out


def tournament(
    players: Union[Sequence[Player], Mapping[str, Player]],
    games: int = 1_000,
    *,
    seed: int = 0,
    threads: Optional[int] = None,
    rules: Optional[Rules] = None,
    fleet: Optional[Fleet] = None,
    rows: int = 10,
    cols: int = 10,
    progress: bool = True,
    first_game: int = 0,
    phases: bool = False,
    on_error: str = "raise",
) -> TournamentResult:
    """Play a round robin: every pair of ``players`` meets in ``games`` matches.

    ``players`` is a list of shooters (names such as ``"parity"``, built-in classes or Python
    shooters) or ``(shooter, placer)`` pairs (a list of two too), or a mapping from the names
    to show to them.
    Within a pair, the player entered first moves first in even-numbered matches. Arguments as
    for ``battleship.match``: with ``first_game``, every pair plays matches ``first_game`` to
    ``first_game + games - 1`` of its run, a piece that ``battleship.combine`` adds to the other
    pieces; ``phases=True`` counts where each side's misses fall in every pair (each batch's
    ``phases_a`` and ``phases_b``; ``TournamentResult.phases(name)`` adds up a player's), the
    same matches played. ``ValueError`` for fewer than two players or two with one name.

    An exception raised by a player's Python code stops the tournament (``on_error="raise"``, the
    default: a bug to mend), or with ``on_error="forfeit"`` (a class tournament) loses the match
    it broke, the player's forfeit, and the tournament plays on; a ``UserWarning`` then says how
    many calls raised and which was first (its game, its player and its exception). Ctrl-C stops
    it either way.
    """
    if on_error not in ("raise", "forfeit"):
        raise ValueError(f"on_error must be 'raise' or 'forfeit', got {on_error!r}")
    games, seed, first_game = _run_range(games, seed, first_game)
    if not isinstance(phases, bool):
        raise TypeError(f"phases must be True or False, got {phases!r}")
    fleet, rules = fleet_and_rules(fleet, rules)
    check_fit(rows, cols, fleet, rules.touching)  # else every game would end unplaced
    entrants = _entrants(players)
    names = [name for name, _, _, _ in entrants]
    if len(entrants) < 2:
        raise ValueError(f"a tournament needs at least two players, got {len(entrants)}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"two players are named '{twice[0]}'; names must differ (a mapping names them)")
    shooters = [s for _, s, _, _ in entrants]
    check_own_shooters(shooters, "players")
    pairs = len(entrants) * (len(entrants) - 1) // 2
    callback, bar = _progress(progress, games * pairs, f"round robin of {len(entrants)}")
    labels = [label for _, _, _, label in entrants]
    order = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]

    def result(t: Dict[str, Any]) -> TournamentResult:
        # Each pair's batch is what match() plays for those two players with the same arguments.
        matches = {
            (names[i], names[j]): _match_result(
                names[i], names[j], m, RunSetup(seed, rows, cols, fleet, rules, (labels[i], labels[j])), first_game
            )
            for (i, j), m in zip(order, t["matches"])
        }
        return TournamentResult(
            names=tuple(names),
            matches=matches,
            standings=_standings(names, matches.values()),
            games=games,
            seconds=t["seconds"],
            cancelled=t["cancelled"],
        )

    try:
        t: Dict[str, Any] = _shape.core("tournament", rows, cols)(
            names, shooters, [p for _, _, p, _ in entrants], games, seed, _threads(threads), rows, cols,
            fleet, rules, callback, first_game, phases, on_error == "forfeit",
        )
    except KeyboardInterrupt as stop:
        _keep_partial(stop, result)  # the pairs played, and the one stopped part of the way
        raise
    finally:
        if bar is not None:
            bar.close()
    warn_forfeits(t)
    return result(t)


def _combine_tournaments(pieces: Sequence[TournamentResult]) -> TournamentResult:
    """The tournament that ``pieces`` of one (``tournament(..., first_game=N)`` ranges, in any
    order) add up to: each pair's batches combined as ``battleship.combine`` combines matches,
    and the standings counted again from them. ``battleship.combine`` calls it for tournaments.
    ``ValueError`` for pieces of different players (or entered in another order), a cancelled
    piece (its pairs stop part of the way) or one without every pair (a hand-edited file), and
    what ``combine`` refuses for a pair, named."""
    first = pieces[0]
    names = first.names
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    for r in pieces:
        if r.names != names:
            raise ValueError(
                f"combine: tournaments of different players ({', '.join(names)} and {', '.join(r.names)})"
            )
        if r.cancelled:
            raise ValueError(
                f"combine: a cancelled piece (matches {r.first_game} onwards) stops part of the way; play it again"
            )
        missing = [pair for pair in pairs if pair not in r.matches]
        if missing:
            raise ValueError(f"combine: a piece without the pair {missing[0][0]} vs {missing[0][1]}")
    matches: Dict[Tuple[str, str], MatchResult] = {}
    for pair in pairs:
        try:
            matches[pair] = combine([r.matches[pair] for r in pieces])
        except ValueError as error:
            raise ValueError(f"{pair[0]} vs {pair[1]}: {error}") from None
    return TournamentResult(
        names=first.names, matches=matches, standings=_standings(first.names, matches.values()),
        games=sum(r.games for r in pieces), seconds=sum(r.seconds for r in pieces),
    )


def _standings(names: Sequence[str], results: Iterable[MatchResult]) -> List[Standing]:
    """Every player's record over ``results`` (pairs of ``names``), best first: the engine's
    ranking (``standings_of``: by score, then by wins, then in the order entered)."""
    index = {name: k for k, name in enumerate(names)}
    records = [(index[m.a], index[m.b], m.credited_a, m.credited_b, m.draws) for m in results]
    return [
        Standing(s["name"], s["wins"], s["losses"], s["draws"], s["score"])
        for s in _core.standings(list(names), records)
    ]
