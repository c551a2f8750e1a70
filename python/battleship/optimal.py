"""Perfect play on small boards, and how far any shooter is from it.

``optimal_expected_shots`` is the fewest expected shots any shooter can need to sink a fleet laid
out uniformly at random, found by exhaustive search over every layout (the C++
``battleship::OptimalSearch``); ``OptimalShooter`` plays it. ``simulate_every_layout`` plays a
shooter (a name, a built-in or your own Python object) against every layout, and
``exact_mean_shots`` is its mean. Side by side they say exactly how far a shooter is from perfect,
with no sampling noise. Both are for small boards: the layouts
multiply fast (a 5 x 5 board with ships of 3 and 2 already takes minutes to solve).

>>> import battleship
>>> fleet = battleship.Fleet([battleship.ShipClass("Cruiser", "C", 3)])
>>> battleship.optimal_expected_shots(4, 4, fleet=fleet)
5.625
>>> battleship.exact_mean_shots("probability", 4, 4, fleet=fleet)
5.75
>>> battleship.simulate_every_layout("probability", 4, 4, fleet=fleet).max
9
"""

from __future__ import annotations

from typing import Any, Optional

from battleship import _core
from battleship._core import Fleet, Rules
from battleship._arguments import INT_MAX, UINT_MAX, check_count, fleet_and_rules
from battleship.results import SimulationResult
from battleship.simulation import _progress, solo_result
from battleship.strategies import resolve_shooter


def optimal_expected_shots(
    rows: int,
    cols: int,
    *,
    fleet: Fleet,
    rules: Optional[Rules] = None,
    max_layouts: int = 200_000,
    max_positions: int = 4_000_000,
    progress: bool = True,
) -> float:
    """The fewest expected shots to sink ``fleet`` on a ``rows`` x ``cols`` board, over uniformly
    random layouts, one shot a turn, under ``rules`` (classic unless given: the touching and
    disclosure rules matter; the volley rule and ``shot_cap`` do not enter the search, which
    plays one shot a turn to the end).

    Exact: an exhaustive search over every layout, remembering each position solved (about 50
    bytes each). Raises ``ValueError`` for an invalid fleet or rules, a fleet with no layout, a
    board over 128 cells, or a problem beyond ``max_layouts`` layouts or ``max_positions``
    positions (the message says which limit); ``TypeError`` for arguments of the wrong kind.

    A search that takes more than a second shows a tqdm bar of the positions solved against
    ``max_positions`` (``progress=False`` turns it off): a bar that reaches the end means the
    search is refused. Ctrl-C stops the search (``KeyboardInterrupt``).
    """
    fleet, rules = fleet_and_rules(fleet, rules)
    arguments = (
        check_count("rows", rows, 1, INT_MAX),
        check_count("cols", cols, 1, INT_MAX),
        fleet,
        rules,
        check_count("max_layouts", max_layouts, 1),
        check_count("max_positions", max_positions, 1),
    )
    callback, bar = _progress(progress, max_positions, "optimal search", " positions", unit_scale=True)
    try:
        return _core.optimal_expected_shots(*arguments, callback)
    finally:
        if bar is not None:
            bar.close()


def simulate_every_layout(
    shooter: Any,
    rows: int,
    cols: int,
    *,
    fleet: Fleet,
    rules: Optional[Rules] = None,
    seeds: int = 1,
    seed: int = 0,
    threads: Optional[int] = None,
    max_layouts: int = 10_000_000,
) -> SimulationResult:
    """``shooter`` played against every layout of ``fleet`` on a ``rows`` x ``cols`` board, each
    with the same ``seeds`` generators (derived from ``seed``): the exact distribution of its
    shots against uniformly random layouts (``histogram``, ``median``, ``p95``...), where
    ``simulate`` only samples it. ``shooter`` is a name, a built-in (``OptimalShooter`` too), or a
    Python object with ``next_shot(view, rng)``; Python shooters run on one thread, the others on
    ``threads`` (every core unless given), with the same result on any number.

    With one generator every layout is played by one fixed policy, so the mean is never below
    ``optimal_expected_shots``; more generators show how much random ties matter (``ci95``
    treats the games as a sample, which they are not for a shooter that draws nothing). Games the
    shooter does not finish (a shot cap) are counted in ``unfinished``. Raises ``ValueError`` for
    an unknown name, invalid fleet or rules, a board over 128 cells, a fleet with no layout on the
    board, or more than ``max_layouts`` layouts (they are listed before the first game: the
    classic game's billions would fill the memory); an exception raised by a Python shooter
    surfaces as itself.
    """
    fleet, rules = fleet_and_rules(fleet, rules)
    raw = _core.simulate_every_layout(
        resolve_shooter(shooter),
        check_count("rows", rows, 1, INT_MAX),
        check_count("cols", cols, 1, INT_MAX),
        fleet,
        rules,
        check_count("seeds", seeds, 1, INT_MAX),
        check_count("seed", seed, 0),
        0 if threads is None else check_count("threads", threads, 0, UINT_MAX),
        check_count("max_layouts", max_layouts, 1),
    )
    return solo_result(raw, shooter)


def exact_mean_shots(
    shooter: Any,
    rows: int,
    cols: int,
    *,
    fleet: Fleet,
    rules: Optional[Rules] = None,
    seeds: int = 1,
    seed: int = 0,
    threads: Optional[int] = None,
    max_layouts: int = 10_000_000,
) -> float:
    """``shooter``'s mean shots against uniformly random layouts, every layout played (no
    layout sampled) with each of ``seeds`` generators: the mean of ``simulate_every_layout`` with
    the same arguments, which it raises as. Exact for a shooter that draws nothing; one that
    breaks ties at random keeps the noise of its ``seeds`` generators (``battleship optimal``
    runs one generator at a time and gives the standard error over them)."""
    result = simulate_every_layout(
        shooter, rows, cols, fleet=fleet, rules=rules, seeds=seeds, seed=seed, threads=threads,
        max_layouts=max_layouts,
    )
    return result.mean
