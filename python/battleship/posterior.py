"""Where the hidden fleet probably is: the exact posterior over its layouts, as a NumPy map.

``Posterior`` is told each shot's answer, in order, as a shooter is; ``probabilities()`` gives,
for every cell, the probability that a ship lies there, over all complete fleet layouts that fit
everything told (misses, hits, each sinking as far as the disclosure rule reveals it, the
touching rule), each layout equally likely a priori as the ``uniform`` placer draws them. The
layouts are counted exactly when few and sampled without bias otherwise (``exact`` says which):
the posterior the ``bayes`` shooter fires by.

>>> import battleship
>>> ocean = battleship.Ocean()
>>> ocean.place_randomly(rng=1)
>>> belief = battleship.Posterior(seed=1)
>>> belief.record("E5", ocean.fire("E5"))
>>> belief.probabilities().shape
(10, 10)
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

from battleship import _shape
from battleship._core import Fleet, Rules, ShotOutcome
from battleship._arguments import check_count, fleet_and_rules
from battleship._types import CellLike

__all__ = ["Posterior", "UNKNOWN", "MISS", "HIT", "SUNK", "MAX_SAMPLES"]

UNKNOWN, MISS, HIT, SUNK = 0, 1, 2, 3
"""The codes of ``Posterior.answers()`` (and of the Gymnasium environment's ``"board"``): not
shot, a miss, a hit, the hit that sank a ship."""


MAX_SAMPLES = 1_000_000
"""The most ``samples`` a ``Posterior`` takes. Each estimate (the first, and one after each answer)
draws them all, at about 0.4 us each on a 10 x 10 board and 40 us on 32 x 32 (a million take
0.4 s and a minute; Ctrl-C stops them and leaves the posterior as it was), and the map's sampling
error (about 0.0005 on a cell at 0.5) is then far below anything a shooter can use."""


class Posterior:
    """The posterior over a hidden fleet's layouts, given the answers recorded so far.

    ``samples`` layouts (1 to ``battleship.posterior.MAX_SAMPLES``, a million) are drawn per
    estimate when they are too many to count, from a generator seeded by ``seed`` (the same records
    and seed give the same map). Bad arguments raise ``ValueError``, ``TypeError`` or ``IndexError``.
    """

    _impl: Any

    def __init__(
        self,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        rules: Optional[Rules] = None,
        *,
        samples: int = 1500,
        seed: int = 0,
    ) -> None:
        fleet, rules = fleet_and_rules(fleet, rules)
        samples, seed = check_count("samples", samples, 1, MAX_SAMPLES), check_count("seed", seed, 0)
        self._impl = _shape.core("Posterior", rows, cols)(rows, cols, fleet, rules, samples, seed)
        self.rows, self.cols, self.fleet, self.rules = rows, cols, fleet, rules
        self._samples, self._seed = samples, seed
        self._told: List[Tuple[Any, ShotOutcome]] = []  # the answers recorded, in order: a pickle replays them

    def record(self, cell: CellLike, outcome: ShotOutcome) -> None:
        """Record the answer to the shot at ``cell`` (the ocean's own ``fire`` result will do: only
        what the disclosure rule reveals is used). Raises ``ValueError`` for a cell already
        recorded, an invalid shot, a second sinking of one ship, a sinking after every ship sank,
        or an answer that no layout of the fleet fits with the earlier ones (when the layouts are
        counted; sampling that finds none proves nothing, and the open cells then read 0), and
        ``IndexError`` for a cell off the board or a ship outside the fleet; the posterior is then
        unchanged. The fleet's last hit is taken under every disclosure rule, ``hit_only``
        included, where nothing announces it (see ``over``)."""
        if not isinstance(outcome, ShotOutcome):
            raise TypeError(f"outcome must be a battleship.ShotOutcome, got {outcome!r}")
        self._impl.record(cell, outcome)
        self._told.append((cell, outcome))

    def probabilities(self) -> npt.NDArray[np.float64]:
        """``(rows, cols)`` array: the probability that a ship lies in each cell (1 on hits, 0 on
        misses)."""
        return self._impl.probabilities()  # type: ignore[no-any-return]

    def answers(self) -> npt.NDArray[np.int8]:
        """``(rows, cols)`` ``int8`` array of what was recorded, as the disclosure rule told it:
        ``UNKNOWN`` (0) not shot, ``MISS`` (1), ``HIT`` (2), ``SUNK`` (3, the hit that sank a ship).
        Tells a miss from an open cell no layout covers, which both have probability 0."""
        return self._impl.answers()  # type: ignore[no-any-return]

    @property
    def exact(self) -> bool:
        """Whether the map comes from counting every consistent layout (else from sampling)."""
        return bool(self._impl.exact)

    @property
    def layouts(self) -> Optional[float]:
        """How many layouts fit the records (ships of one class told apart), when counted."""
        return self._impl.layouts  # type: ignore[no-any-return]

    @property
    def over(self) -> bool:
        """Whether the records sank the whole fleet: every ship lies on the hits, so the map is 1
        on the hits and 0 everywhere else, and only misses can still be recorded."""
        return bool(self._impl.over)

    @property
    def shots_fired(self) -> int:
        """Number of answers recorded (as ``TargetView.shots_fired`` counts them; the view's
        ``shots`` is the map of the cells shot, here ``answers() != UNKNOWN``)."""
        return int(self._impl.shots)

    def copy(self) -> "Posterior":
        """An independent copy, its sampler included: the copy and the original, given the same
        records, give the same maps (to ask "what if" without changing this one)."""
        twin = object.__new__(Posterior)
        twin.__dict__.update(self.__dict__)
        twin._impl = self._impl.copy()
        twin._told = list(self._told)
        return twin

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickled as its settings and the answers recorded: the map depends only on them, so the
        posterior read back, told them again in order, is this one (its sampler included)."""
        settings = (self.rows, self.cols, self.fleet, self.rules, self._samples, self._seed)
        return (_replayed, (settings, tuple(self._told)))

    def __copy__(self) -> "Posterior":
        return self.copy()

    def __deepcopy__(self, memo: Any) -> "Posterior":
        return self.copy()

    def _repr_svg_(self) -> str:
        from battleship.render import probability_svg

        return probability_svg(self.probabilities(), self.answers())

    def __repr__(self) -> str:
        kind = "exact" if self.exact else "sampled"
        return f"<Posterior {self.rows} x {self.cols}, {self.shots_fired} shots recorded, {kind}>"


def _replayed(settings: Tuple[Any, ...], told: Tuple[Tuple[Any, ShotOutcome], ...]) -> Posterior:
    """The posterior of ``settings`` told the answers ``told`` in order: what a pickle holds."""
    rows, cols, fleet, rules, samples, seed = settings
    posterior = Posterior(rows, cols, fleet, rules, samples=samples, seed=seed)
    for cell, outcome in told:
        posterior.record(cell, outcome)
    return posterior
