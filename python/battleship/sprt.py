"""Sequential tests of two players' Elo difference: ``sprt`` plays matches in batches until the
results decide between two hypotheses, at error rates chosen beforehand (the engine's
``SprtTest`` and ``sprt_match``).

>>> r = sprt("probability", "random", elo0=0, elo1=100, batch=20, progress=False)
>>> r.decision, r.match.games
('accept_h1', 20)

Wald's sequential probability ratio test on the matches as wins and losses (a draw counts half
of each). H0: ``a`` is rated ``elo0`` above ``b``; H1: ``elo1`` above (``elo1 > elo0``). After
each batch the log-likelihood ratio of H1 to H0 is compared with ``log(beta / (1 - alpha))`` and
``log((1 - beta) / alpha)``: at or below the first H0 is accepted, at or above the second H1.
Wald's bounds keep the chance of accepting H1 when ``a`` is at most ``elo0`` stronger at about
``alpha`` or less, and of accepting H0 when it is at least ``elo1`` stronger at about ``beta`` or
less. Between ``elo0`` and ``elo1`` either answer may come, and the test is longest there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Optional

from battleship import _core
from battleship._arguments import check_count
from battleship.simulation import MatchResult, _progress, combine, match
from battleship.strategies import strategy_name

__all__ = ["sprt", "SprtResult"]


@dataclass(frozen=True)
class SprtResult:
    """What a sequential test gave (``sprt``)."""

    decision: Literal["accept_h0", "accept_h1", "undecided"]
    """H0 or H1 accepted, or undecided: the cap came first."""
    llr: float
    """The log-likelihood ratio of H1 to H0 after the last batch."""
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
    match: MatchResult
    """Every match played, as one run's result (``match`` of that many games gives the same)."""

    def __str__(self) -> str:
        verdict = {"accept_h0": "H0 accepted", "accept_h1": "H1 accepted", "undecided": "undecided"}[self.decision]
        return (
            f"SPRT of {self.match.a} - {self.match.b}, H0: {self.elo0:+g} Elo, H1: {self.elo1:+g} Elo "
            f"(alpha {self.alpha:g}, beta {self.beta:g}): {verdict} after {self.match.games:,} matches "
            f"(log-likelihood ratio {self.llr:.2f}, bounds {self.lower:.2f} and {self.upper:.2f})"
        )


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
    """Play ``a`` against ``b`` in batches of ``batch`` matches until the test of H0 (``a`` rated
    ``elo0`` above ``b``) against H1 (``elo1`` above) decides, or ``max_games`` matches have been
    played. The matches are those of ``match(a, b, games, seed=seed)``, in order, so the result
    does not depend on the thread count, and the same seed gives the same decision.
    ``match_options`` go to ``match`` (``rules``, ``fleet``, ``rows``, ``cols``, ``placers``,
    ``threads``).

    ``ValueError`` for hypotheses with ``elo1 <= elo0`` or beyond 4000 points, error rates not
    above 0 or adding up to 1 or more, or a ``batch`` that is not a positive even number (``a``
    moves first in even-numbered matches, so a batch is whole pairs of seatings); ``TypeError``
    for counts that are not ints; and whatever ``match`` raises.
    """
    state = _core.sprt_decision(elo0, elo1, alpha, beta, 0, 0, 0)  # the test's own refusals, first
    batch = check_count("batch", batch, 1)
    if batch % 2:
        raise ValueError(f"batch must be even (each player moves first in half the matches), got {batch}")
    max_games = check_count("max_games", max_games, 1)
    for name in ("games", "first_game", "executor", "chunks"):
        if name in match_options:
            raise TypeError(f"sprt() takes no {name!r}: it plays matches 0 to max_games - 1 in batches")
    whole: Optional[MatchResult] = None
    batches = 0
    update, bar = _progress(progress, max_games, f"{strategy_name(a)} vs {strategy_name(b)} (SPRT)")
    try:
        while (whole is None or whole.games < max_games) and state["decision"] == "undecided":
            played = 0 if whole is None else whole.games
            piece = match(a, b, min(batch, max_games - played), seed=seed, first_game=played, progress=False,
                          **match_options)
            whole = piece if whole is None else combine([whole, piece])
            batches += 1
            state = _core.sprt_decision(elo0, elo1, alpha, beta, whole.wins_a, whole.wins_b, whole.draws)
            if update is not None:
                update(whole.games)
    finally:
        if bar is not None:
            bar.close()
    assert whole is not None  # max_games >= 1: at least one batch
    return SprtResult(
        decision=state["decision"], llr=state["llr"], lower=state["lower"], upper=state["upper"],
        elo0=float(elo0), elo1=float(elo1), alpha=float(alpha), beta=float(beta), batches=batches, match=whole,
    )
