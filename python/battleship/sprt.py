"""Sequential tests of two players' Elo difference: ``sprt`` plays matches until the results
decide between two hypotheses, at error rates chosen beforehand (the engine's
``SprtTest`` and ``sprt_match``).

>>> r = sprt("probability", "random", elo0=0, elo1=100, batch=20, progress=False)
>>> r.decision, r.match.games, r.played
('accept_h1', 12, 20)

Wald's sequential probability ratio test on the matches as wins and losses (a draw counts half
of each). H0: ``a`` is rated ``elo0`` above ``b``; H1: ``elo1`` above (``elo1 > elo0``). After
each pair of matches (one with each player moving first) the log-likelihood ratio of H1 to H0 is
compared with ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``: at or below the first
H0 is accepted, at or above the second H1.
Wald's bounds keep the chance of accepting H1 when ``a`` is at most ``elo0`` stronger at about
``alpha`` or less, and of accepting H0 when it is at least ``elo1`` stronger at about ``beta`` or
less. Between ``elo0`` and ``elo1`` either answer may come, and the test is longest there.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any, Dict, List, Literal, Mapping, NamedTuple, Tuple

from battleship import _core, _records
from battleship._arguments import check_count
from battleship.results import MatchResult
from battleship.simulation import _keep_partial, _PreparedMatch, _progress

__all__ = ["sprt", "SprtResult", "sprt_decision", "SprtState"]


@dataclass(frozen=True)
class SprtResult:
    """What a sequential test gave (``sprt``)."""

    decision: Literal["accept_h0", "accept_h1", "undecided"]
    """H0 or H1 accepted, or undecided: the cap came first."""
    llr: float
    """The log-likelihood ratio of H1 to H0 after the matches counted."""
    lower: float
    """At or below this ratio H0 is accepted: ``log(beta / (1 - alpha))``."""
    upper: float
    """At or above this ratio H1 is accepted: ``log((1 - beta) / alpha)``."""
    elo0: float
    elo1: float
    alpha: float
    beta: float
    batches: int
    """Batches played."""
    played: int
    """Matches played: those counted and the last batch's matches past the deciding pair."""
    match: MatchResult
    """The matches counted, up to the deciding pair, as one run's result (``match`` of that many
    games gives the same); its time is that of every match played, so its ``games_per_second``
    understates the speed when a batch went past the deciding pair (``games_per_second`` here
    counts every match played)."""

    @property
    def games_per_second(self) -> float:
        """Matches played (``played``, not only those counted) per second of the test's time."""
        return self.played / self.match.seconds if self.match.seconds > 0 else 0.0

    def __str__(self) -> str:
        """The hypotheses, the decision, the matches it took (and those played past the deciding
        pair, if any) and the ratio with its bounds, on one line."""
        verdict = {"accept_h0": "H0 accepted", "accept_h1": "H1 accepted", "undecided": "undecided"}[self.decision]
        played = f"{self.played:,} played; " if self.played > self.match.games else ""
        return (
            f"SPRT of {self.match.a} - {self.match.b}, H0: {self.elo0:+g} Elo, H1: {self.elo1:+g} Elo "
            f"(alpha {self.alpha:g}, beta {self.beta:g}): {verdict} after {self.match.games:,} "
            f"match{'' if self.match.games == 1 else 'es'} "
            f"({played}log-likelihood ratio {self.llr:.2f}, bounds {self.lower:.2f} and {self.upper:.2f})"
        )

    def to_dict(self) -> Dict[str, Any]:
        """The result as plain JSON values (``"kind": "sprt"``): every field, ``match`` as
        ``MatchResult.to_dict`` gives it. ``from_dict`` reads it back, equal."""
        return _records.fields_of(self, "sprt")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SprtResult:
        """The result ``to_dict`` gave; ``ValueError`` naming the key of a missing, unknown or
        malformed value, or saying that fewer matches were played than counted, that the test's
        settings are ones ``sprt`` refuses, or that the ratio, its bounds or the decision are not
        what the settings and the matches counted give."""
        return cls._read(data, "SprtResult")

    @classmethod
    def _read(cls, data: Any, where: str) -> SprtResult:
        r = _records
        d = r.record(data, where, {
            "decision": r.one_of(("accept_h0", "accept_h1", "undecided")), "llr": r.real, "lower": r.real,
            "upper": r.real, "elo0": r.real, "elo1": r.real, "alpha": r.real, "beta": r.real,
            "batches": r.count, "played": r.count, "match": MatchResult._read,
        }, kind="sprt")
        if d["played"] < d["match"].games:
            raise ValueError(f"{where}.played: {d['played']:,} is fewer than the matches counted ({d['match'].games:,})")
        m = d["match"]
        try:  # the test's refusals (elo1 above elo0, error rates in (0, 1)), then where it stands
            state = _core.sprt_decision(d["elo0"], d["elo1"], d["alpha"], d["beta"], m.credited_a, m.credited_b, m.draws)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        _records.derived(d, state, where, "the hypotheses, the error rates and the matches counted")
        return cls(**d)


class SprtState(NamedTuple):
    """Where a sequential test stands after some matches (``sprt_decision``)."""

    decision: Literal["accept_h0", "accept_h1", "undecided"]
    """H0 accepted (the ratio at or below ``lower``), H1 accepted (at or above ``upper``), or
    undecided: play on."""
    llr: float
    """The log-likelihood ratio of H1 to H0 over the matches counted."""
    lower: float
    """``log(beta / (1 - alpha))``."""
    upper: float
    """``log((1 - beta) / alpha)``."""


def sprt_decision(
    wins_a: int, wins_b: int, draws: int = 0, *, elo0: float = 0.0, elo1: float = 10.0, alpha: float = 0.05,
    beta: float = 0.05,
) -> SprtState:
    """Where ``sprt``'s test stands after matches played elsewhere: ``wins_a`` won by ``a``,
    ``wins_b`` by ``b`` and ``draws`` drawn (half of each), for H0, ``a`` rated ``elo0`` above
    ``b``, against H1, ``elo1`` above, at error rates ``alpha`` and ``beta``. Ask after each match
    (or each pair of seatings, as ``sprt`` does) and stop at the first decision: the error rates
    hold for a test that stops there, not for tallies looked at once at the end.

    >>> sprt_decision(300, 200, elo0=0, elo1=10).decision
    'undecided'

    ``ValueError`` and ``TypeError`` as ``sprt`` for the hypotheses and error rates, and for
    counts that are not ints or are negative.
    """
    elo0, elo1, alpha, beta = _hypotheses(elo0, elo1, alpha, beta)
    counts = [check_count(name, value, 0) for name, value in (("wins_a", wins_a), ("wins_b", wins_b), ("draws", draws))]
    state = _core.sprt_decision(elo0, elo1, alpha, beta, *counts)
    return SprtState(state["decision"], state["llr"], state["lower"], state["upper"])


def _hypotheses(elo0: Any, elo1: Any, alpha: Any, beta: Any) -> Tuple[float, float, float, float]:
    """The hypotheses and error rates as floats; ``TypeError`` naming one that is not a number,
    ``ValueError`` for one too large for a float (the test's own refusals come after)."""
    given: List[float] = []
    for name, value in (("elo0", elo0), ("elo1", elo1), ("alpha", alpha), ("beta", beta)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):  # NumPy's, Fraction too
            raise TypeError(f"{name} must be a number, got {value!r}")
        try:
            given.append(float(value))
        except OverflowError:
            raise ValueError(f"{name} is too large: {value!r}") from None
    return given[0], given[1], given[2], given[3]


def sprt(
    a: Any,
    b: Any,
    *,
    elo0: float = 0.0,
    elo1: float = 10.0,
    alpha: float = 0.05,
    beta: float = 0.05,
    batch: int = 200,
    max_games: int = 100_000,
    seed: int = 0,
    progress: bool = True,
    **match_options: Any,
) -> SprtResult:
    """Play ``a`` against ``b`` until the test of H0 (``a`` rated ``elo0`` above ``b``) against
    H1 (``elo1`` above) decides, or ``max_games`` matches have been played. The matches are those
    of ``match(a, b, games, seed=seed)``, in order, played ``batch`` at a time (in parallel); after
    each batch the test looks at its matches a pair of seatings at a time and stops at the first
    pair that decides. So the decision, the matches counted and the ratio do not depend on the
    batch or the thread count, and the same seed gives the same decision; the batch only sets how
    many matches past the deciding pair are played and not counted (``SprtResult.played``).
    With a Python shooter or placer, which plays on one thread, a batch buys no parallelism, so
    the test plays a pair of matches at a time whatever ``batch`` says: nothing is played past the
    deciding pair (``batches`` counts those pairs). ``match_options`` go to ``match``
    (``rules``, ``fleet``, ``rows``, ``cols``, ``placers``, ``threads``).

    ``ValueError`` for hypotheses with ``elo1 <= elo0`` or beyond 4000 points, error rates not
    above 0 or adding up to 1 or more, or a ``batch`` that is not a positive even number (``a``
    moves first in even-numbered matches, so a batch is whole pairs of seatings); ``TypeError``
    for hypotheses or error rates that are not numbers, counts that are not ints or an option
    ``match`` does not take here; and whatever ``match`` raises, before any match is played.
    """
    elo0, elo1, alpha, beta = _hypotheses(elo0, elo1, alpha, beta)
    state = _core.sprt_decision(elo0, elo1, alpha, beta, 0, 0, 0)  # the test's own refusals, first
    batch = check_count("batch", batch, 1)
    if batch % 2:
        raise ValueError(f"batch must be even (each player moves first in half the matches), got {batch}")
    max_games = check_count("max_games", max_games, 1)
    seed = check_count("seed", seed, 0)
    for name in match_options:
        if name in ("games", "first_game", "executor", "chunks"):
            raise TypeError(f"sprt() takes no {name!r}: it plays matches 0 to max_games - 1 in batches")
        if name not in _MATCH_OPTIONS:
            raise TypeError(f"sprt() got an unexpected keyword argument {name!r}")
    threads = match_options.pop("threads", None)
    prepared = _PreparedMatch(a, b, seed, **match_options)
    # A test usually decides long before its cap: a count, not a bar that stops at 4 percent.
    update, bar = _progress(progress, None, f"{prepared.label} (SPRT, at most {max_games:,})")

    def result(t: Dict[str, Any]) -> SprtResult:
        return SprtResult(
            decision=t["decision"], llr=t["llr"], lower=state["lower"], upper=state["upper"], elo0=elo0,
            elo1=elo1, alpha=alpha, beta=beta, batches=t["batches"], played=t["played"],
            match=prepared.result(t, 0),
        )

    try:
        return result(prepared.sprt(max_games, threads, update, elo0, elo1, alpha, beta, batch))
    except KeyboardInterrupt as stop:
        _keep_partial(stop, result)  # undecided, over the matches counted
        raise
    finally:
        if bar is not None:
            bar.close()


_MATCH_OPTIONS = ("rules", "fleet", "rows", "cols", "placers", "threads")
