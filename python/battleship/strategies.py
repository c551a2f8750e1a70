"""Shooters and placers: the built-in ones by name or class, and your own in Python.

A **shooter** is any object with ``next_shot(view, rng) -> (row, col)``, and optionally
``start(view)`` (a new game begins: reset your memory) and ``on_result(view, cell, outcome)``
(the announced result of each shot; a cell refused as off the board or already shot comes too,
with ``outcome.result == "invalid"``). A **placer** is any object with ``place(ocean, rng) ->
bool`` that places every ship on the empty ``ocean`` (``Ocean.place``) and returns True, or
returns False if it cannot. ``view`` is a ``TargetView``, ``ocean`` an ``Ocean``, ``rng`` a
``battleship.Rng`` seeded per game, so a Python strategy that draws only from ``rng`` is as
reproducible as a C++ one. Python strategies play inside the C++ game loop; an exception they
raise stops the run and surfaces with its traceback, the game it broke counted as aborted.

>>> class FirstOpen:
...     def next_shot(self, view, rng):
...         return view.open_cells()[0]
>>> battleship.simulate(FirstOpen(), games=100).max <= 100     # doctest: +SKIP
True
"""

from __future__ import annotations

import ast
import difflib
import importlib
import importlib.metadata
import importlib.util
import os
from typing import Any, Callable, Dict, List, NoReturn, Optional, Protocol, Tuple, Type, Union, runtime_checkable

from battleship import _core, _shape
from battleship._arguments import check_count, check_unicode, misspelling_note, warn_misspelt_hooks
from battleship._core import Fleet, Rng, Rules, ShotOutcome
from battleship._types import Cell, CellLike
from battleship.board import Ocean, TargetView

__all__ = [
    "Shooter",
    "Placer",
    "BuiltinShooter",
    "BuiltinPlacer",
    "RandomShooter",
    "HuntTargetShooter",
    "ParityShooter",
    "MediocreShooter",
    "CheckerboardSearchShooter",
    "OrientedSearchShooter",
    "ProbabilityShooter",
    "BayesShooter",
    "ExpertShooter",
    "PriorMixtureShooter",
    "OptimalShooter",
    "UniformPlacer",
    "SpreadPlacer",
    "ElusivePlacer",
    "DRAWING_PLACERS",
    "MediocrePlacer",
    "SequentialPlacer",
    "FixedPlacer",
    "shooter",
    "placer",
    "shooter_names",
    "shooter_is_slow",
    "placer_names",
    "strategy_name",
    "imported_strategy",
    "shooter_summary",
    "shooter_settings",
    "placer_summary",
    "plugins",
    "shadowed_plugins",
    "PLUGIN_GROUPS",
]


@runtime_checkable
class Shooter(Protocol):
    """What a Python shooter provides (``start`` and ``on_result`` are optional)."""

    def next_shot(self, view: TargetView, rng: Rng) -> CellLike:
        """The next cell to fire at; it should be open (``view.is_open(cell)``)."""


@runtime_checkable
class Placer(Protocol):
    """What a Python placer provides."""

    def place(self, ocean: Ocean, rng: Rng) -> bool:
        """Place every ship on the empty ``ocean``; False (leaving it empty) if impossible."""


def shooter_names() -> List[str]:
    """Names of the built-in shooters, in table order."""
    return list(_core.shooter_names())


def shooter_is_slow(name: str) -> bool:
    """True for a shooter that takes milliseconds a move (``bayes``, ``expert``), or, for a
    ``module:attribute`` spec or an installed plugin's name, one whose class or object says so
    with ``slow = True``.

    ``battleship compare`` plays at most 200 games with such a shooter; do the same when you
    loop over every name. Raises ``ValueError`` for an unknown name.
    """
    if name in _core.shooter_names():
        return bool(_core.shooter_is_slow(name))
    tuned = _shooter_from_text(name) if isinstance(name, str) else None
    if isinstance(tuned, PriorMixtureShooter):  # a pass over its layouts a move
        return False
    if tuned is not None:  # expert(exact_layouts=500) is as slow as expert
        return bool(_core.shooter_is_slow(tuned.name))
    return getattr(_resolve(name, "shooter", "next_shot"), "slow", False) is True


def shooter_summary(name: str) -> str:
    """The built-in shooter ``name``'s one-line description (``battleship list`` shows them all);
    ``ValueError`` listing the names for an unknown one, ``TypeError`` for a name not a str."""
    if not isinstance(name, str):
        raise TypeError(f"a shooter name must be a str, got {name!r}")
    return str(_core.shooter_summary(name))


def placer_summary(name: str) -> str:
    """The built-in placer ``name``'s one-line description; ``ValueError`` for an unknown name,
    ``TypeError`` for a name not a str."""
    if not isinstance(name, str):
        raise TypeError(f"a placer name must be a str, got {name!r}")
    return str(_core.placer_summary(name))


def _builtin_shooter_name(name: Any) -> str:
    """``name``, checked to name a built-in shooter: ``TypeError`` for what is not a str,
    ``ValueError`` listing the names for an unknown one."""
    if not isinstance(name, str):
        raise TypeError(f"a shooter name must be a str, got {name!r}")
    if name not in _core.shooter_names():
        raise ValueError(f"unknown shooter '{name}'; known: {', '.join(_core.shooter_names())}")
    return name


def _board_of(value: Any, kind: Type[Any], what: str) -> Any:
    """``value``'s engine object; ``TypeError`` naming ``what`` unless ``value`` is a ``kind``
    (a ``TargetView`` or an ``Ocean``), instead of an AttributeError from deep inside."""
    if not isinstance(value, kind):
        raise TypeError(f"{what} must be a battleship.{kind.__name__}, got {value!r}")
    return value._impl


def placer_names() -> List[str]:
    """Names of the built-in placers."""
    return list(_core.placer_names())


class BuiltinShooter:
    """A shooter of the C++ engine, by name; usable in ``simulate``, ``match`` and ``Game``.

    It can also be stepped by hand (``start`` / ``next_shot`` / ``on_result``), for example to
    let the engine answer a person's shots in a game of your own. A shooter never started is
    started on the view of its first call; after that it plays only views of the board, fleet
    and rules it was started on: ``start(view)`` it again for a view of another game.

    It pickles and copies as its name (and its settings, if changed): a copy, even of a shooter
    stepped halfway through a game, is a fresh shooter that has not started (the engine's game
    state does not leave C++).
    """

    name: str
    _impl: Any
    _game: Any  # (rows, cols, fleet, rules) of the view it was started on
    _same_game: Any  # the engine view last found to be of that game (checked once, not each call)

    def __init__(self, name: str) -> None:
        self.name = _builtin_shooter_name(name)
        self._not_started()

    def _not_started(self) -> None:
        """No engine shooter yet: the first call starts one (``_started_on``)."""
        self._impl = None
        self._game = None
        self._same_game = None

    @property
    def engine_spec(self) -> Any:
        """What the engine takes for it: its name, or its settings when it has some."""
        return self.name

    @property
    def settings(self) -> Dict[str, Any]:
        """The settings changed from the engine's defaults (``ExpertShooter(layouts=400)``);
        empty for a shooter as the registry makes it."""
        return {}

    @property
    def label(self) -> str:
        """Its name in results and reports: the name, then the settings changed, if any:
        ``"expert (layouts 400, margin 2.0)"``."""
        changed = ", ".join(f"{key} {value}" for key, value in self.settings.items())
        return f"{self.name} ({changed})" if changed else self.name

    def start(self, view: TargetView) -> None:
        """Begin a new game against ``view``'s target, forgetting the last one. ``ValueError``
        for a view with shots already fired: the shooter would not know of them (tell it each
        answer with ``on_result`` from a fresh view instead)."""
        core_view = _fresh_view(view, self.name)
        impl = _shape.core("Shooter", view.rows, view.cols)(self.engine_spec)
        impl.start(core_view)
        self._keep(impl, view)

    def _started_on(self, view: TargetView) -> Any:
        """The engine's shooter for ``view``: this one's, or a new one started on ``view`` if
        this one was never started (the caller keeps it, with ``_game``, once the call worked).
        ValueError if ``view`` is of another game than the one it was started on."""
        if self._impl is None:
            core_view = _fresh_view(view, self.name)
            impl = _shape.core("Shooter", view.rows, view.cols)(self.engine_spec)
            impl.start(core_view)
            return impl
        core_view = _board_of(view, TargetView, "view")
        if core_view is not self._same_game:  # a view's board, fleet and rules never change
            _check_same_game(self.name, self._game, view)
            self._same_game = core_view
        return self._impl

    def _keep(self, impl: Any, view: TargetView) -> None:
        if impl is not self._impl:
            self._impl, self._game = impl, (view.rows, view.cols, view.fleet, view.rules)
            self._same_game = view._impl

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        """The cell the engine's shooter fires at next (``ValueError`` for a view of another
        board, fleet or rules than the one it was started on, or one with no open cell left)."""
        impl = self._started_on(view)
        cell = impl.next_shot(view._impl, rng)
        self._keep(impl, view)
        return cell  # type: ignore[no-any-return]

    def on_result(self, view: TargetView, cell: CellLike, outcome: ShotOutcome) -> None:
        """Tell the shooter the announced outcome (record it in ``view`` first).

        Refused, changing nothing: ``IndexError`` for a shot fired at a cell off the board (a
        refused shot, with an ``invalid`` outcome, may name one) or for an outcome naming a ship
        outside the fleet; ``ValueError`` for a view of another game, as in ``next_shot``, and
        for an answer the view does not hold (not recorded there, or a hit where it has a miss).
        """
        impl = self._started_on(view)
        impl.on_result(view._impl, cell, outcome)
        self._keep(impl, view)

    def __getstate__(self) -> Dict[str, str]:
        return {"name": self.name}

    def __setstate__(self, state: Dict[str, str]) -> None:
        BuiltinShooter.__init__(self, state["name"])  # subclasses take no name

    def __repr__(self) -> str:
        return f"battleship.shooter({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BuiltinShooter) and (other.name, other.settings) == (self.name, self.settings)

    def __hash__(self) -> int:
        return hash(("shooter", self.name, tuple(self.settings.items())))


def _fresh_view(view: TargetView, name: str) -> Any:
    """The engine's view of ``view``, to start the shooter ``name`` on: ``ValueError`` if shots
    were fired at it already (the shooter starts a game, and would not know of them)."""
    core_view = _board_of(view, TargetView, "view")
    if view.shots_fired:
        raise ValueError(
            f"the {name} shooter starts on a view of a game's start, and {view.shots_fired} shots were fired at "
            "this one: start it on a fresh view and tell it each answer (on_result)"
        )
    return core_view


def _check_same_game(name: str, started: Tuple[int, int, Fleet, Rules], view: TargetView) -> None:
    """``ValueError`` unless ``view`` has the board, fleet and rules (``started``) of the game the
    shooter ``name`` was started on."""
    rows, cols, fleet, rules = started
    if (view.rows, view.cols) != (rows, cols):
        other = f"a {view.rows} x {view.cols} board"
    elif view.fleet != fleet:
        other = "another fleet"
    elif view.rules != rules:
        other = "other rules"
    else:
        return
    raise ValueError(
        f"the {name} shooter was started on a {rows} x {cols} board with another view, "
        f"and this view has {other}: start(view) the shooter on this view first"
    )


class OptimalShooter:
    """Perfect play on small boards: the shots that need the fewest expected shots against
    uniformly random layouts, found by exhaustive search (the C++ ``battleship::OptimalShooter``,
    whose value ``optimal_expected_shots`` gives).

    The first game on a board, fleet and rule set runs the search (seconds at most on the boards
    it can solve); later games and copies handed to ``simulate``, ``match`` or ``Game`` reuse the
    positions solved. It draws no random numbers. Under salvos the first cell of a volley is the
    optimal shot and the rest go to the likeliest cells. Starting on a board it cannot solve
    within ``max_layouts`` layouts and ``max_positions`` positions (the classic game, for one)
    raises ``ValueError`` naming the limit, as does a board over 128 cells.

    It pickles (so ``simulate(..., executor=ProcessPoolExecutor())`` can send it to workers) as
    its limits only: an unpickled copy has solved no position yet and runs its own search.

    >>> import battleship
    >>> fleet = battleship.Fleet([battleship.ShipClass("Cruiser", "C", 3)])
    >>> battleship.simulate(battleship.OptimalShooter(), rows=4, cols=4, fleet=fleet,
    ...                     games=2000).mean                                  # doctest: +SKIP
    5.6...
    """

    name: str = "optimal"
    _impl: Any
    _limits: Dict[str, int]

    def __init__(self, *, max_layouts: int = 200_000, max_positions: int = 4_000_000) -> None:
        self._limits = {
            "max_layouts": check_count("max_layouts", max_layouts, 1),
            "max_positions": check_count("max_positions", max_positions, 1),
        }
        self._impl = _core.OptimalShooter(self._limits["max_layouts"], self._limits["max_positions"])
        self._game: Optional[Tuple[int, int, Fleet, Rules]] = None  # of the view it was started on

    def __getstate__(self) -> Dict[str, int]:
        return dict(self._limits)  # the limits only: the positions solved stay behind

    def __setstate__(self, state: Dict[str, int]) -> None:
        self.__init__(**state)  # type: ignore[misc]

    def start(self, view: TargetView) -> None:
        """Begin a new game against ``view``'s target (the first on a board runs the search).
        ``ValueError`` for a view with shots already fired, as ``BuiltinShooter.start``."""
        core_view = _fresh_view(view, "optimal")
        if view.rows * view.cols > _shape.SMALL:
            raise ValueError(f"the optimal shooter plays boards of at most {_shape.SMALL} cells")
        self._impl.start(core_view)
        self._game = (view.rows, view.cols, view.fleet, view.rules)

    def _started_on(self, view: TargetView) -> Any:
        """The engine's view of ``view``; ``ValueError`` before ``start`` or for a view of
        another game than the one it was started on (its answers would not be this game's)."""
        core_view = _board_of(view, TargetView, "view")
        if self._game is None:
            raise ValueError("the optimal shooter has not started a game: start(view) it first")
        _check_same_game("optimal", self._game, view)
        return core_view

    def next_shot(self, view: TargetView, rng: Rng) -> Cell:
        """The optimal shot from what the shooter was told (``rng`` is not used)."""
        return self._impl.next_shot(self._started_on(view), rng)  # type: ignore[no-any-return]

    def on_result(self, view: TargetView, cell: CellLike, outcome: ShotOutcome) -> None:
        """Tell the shooter the announced outcome (record it in ``view`` first): refused as
        ``BuiltinShooter.on_result`` refuses it, changing nothing."""
        self._impl.on_result(self._started_on(view), cell, outcome)

    def expected_shots(self) -> float:
        """The fewest expected shots still needed from here: perfect play's value of the game's
        start right after ``start``, 0 before the first game or when no layout fits what it was
        told. After a volley of several cells this may run a new search (``ValueError`` past the
        limits)."""
        return float(self._impl.expected_shots())

    def __repr__(self) -> str:
        limits = ", ".join(f"{name}={value}" for name, value in self._limits.items())
        return f"battleship.OptimalShooter({limits})"


class BuiltinPlacer:
    """A placer of the C++ engine, by name."""

    name: str

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise TypeError(f"a placer name must be a str, got {name!r}")
        if name not in _core.placer_names():
            raise ValueError(f"unknown placer '{name}'; known: {', '.join(_core.placer_names())}")
        self.name = name

    @property
    def engine_spec(self) -> Any:
        """What the engine takes for it: its name (a placer with settings hands those over)."""
        return self.name

    @property
    def label(self) -> str:
        """Its name in results and reports: the name, then the settings given to it, if any:
        ``"spread (candidates 64)"``."""
        return self.name

    def place(self, ocean: Ocean, rng: Rng) -> bool:
        """Lay out the whole fleet on the empty ``ocean``."""
        core_ocean = _board_of(ocean, Ocean, "ocean")
        impl = _shape.core("Placer", ocean.rows, ocean.cols)(self.name)
        return bool(impl.place(core_ocean, rng))

    def __repr__(self) -> str:
        return f"battleship.placer({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BuiltinPlacer) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("placer", self.name))



class RandomShooter(BuiltinShooter):
    """Uniformly random among the cells not yet shot (seed 001's baseline)."""

    def __init__(self) -> None:
        super().__init__("random")


class HuntTargetShooter(BuiltinShooter):
    """Random hunting, then the four neighbours of every hit (seed 001)."""

    def __init__(self) -> None:
        super().__init__("hunt_target")


class ParityShooter(BuiltinShooter):
    """Hunt/target hunting on a lattice spaced by the shortest ship afloat: DataGenetics' refinement
    of the seeds' fixed checkerboard (``CheckerboardSearchShooter`` hunts that one)."""

    def __init__(self) -> None:
        super().__init__("parity")


class MediocreShooter(BuiltinShooter):
    """CS32 Project 3's mediocre player: random shots, then the cross around a hit (seed 002)."""

    def __init__(self) -> None:
        super().__init__("mediocre")


class CheckerboardSearchShooter(BuiltinShooter):
    """Seeds 003 and 004: a random open neighbour of any hit, else a random open cell of a fixed
    checkerboard."""

    def __init__(self) -> None:
        super().__init__("checkerboard_search")


class OrientedSearchShooter(BuiltinShooter):
    """Seed 003 with orientation: as ``CheckerboardSearchShooter``, but a line of two hits is
    extended only along that line."""

    def __init__(self) -> None:
        super().__init__("oriented_search")


class _TunedShooter(BuiltinShooter):
    """A built-in shooter whose settings can change: those given (not ``None``) replace the
    engine's defaults, checked at once (``TypeError`` for a value of the wrong type, ``ValueError``
    for one out of its range); ``battleship.shooter_settings(name)`` lists each setting with its
    default and range. It plays the same games as the C++ class with those members set."""

    def __init__(self, name: str, settings: Dict[str, Any]) -> None:
        super().__init__(name)
        given = {key: value for key, value in settings.items() if value is not None}
        self._settings = _core.ShooterSettings(name, given) if given else None

    @property
    def engine_spec(self) -> Any:
        """What the engine takes for it: its name, or its settings when some are changed."""
        return self.name if self._settings is None else self._settings

    @property
    def settings(self) -> Dict[str, Any]:
        """The settings changed from the engine's defaults, in the order given."""
        return {} if self._settings is None else dict(self._settings.settings)

    def __getstate__(self) -> Dict[str, Any]:
        return {"name": self.name, "settings": self.settings}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        _TunedShooter.__init__(self, state["name"], state.get("settings", {}))

    def __repr__(self) -> str:
        changed = ", ".join(f"{key}={value!r}" for key, value in self.settings.items())
        return f"battleship.{type(self).__name__}({changed})"


class ProbabilityShooter(_TunedShooter):
    """DataGenetics' density shooter (seed 001): fires where the most placements of the ships
    afloat fit, placements through unexplained hits weighted.

    ``hit_weight`` (an int, default 8): the weight factor per further unexplained hit a placement
    covers; ``salvo_discount`` (0 to 1, default 0.3): the factor per pending salvo cell it covers.
    """

    def __init__(self, *, hit_weight: Optional[int] = None, salvo_discount: Optional[float] = None) -> None:
        super().__init__("probability", {"hit_weight": hit_weight, "salvo_discount": salvo_discount})


class BayesShooter(_TunedShooter):
    """Fires where a hit is likeliest under the exact posterior over whole fleet layouts, counted
    when the layouts are few and sampled without bias otherwise.

    ``samples`` (default 1,500): importance samples a decision when the layouts are too many to
    count; ``exact_budget`` (default 60,000): most search nodes of an exact count;
    ``retry_rounds`` (default 3): doublings of the samples when none fits; ``salvo_layouts``
    (default 600) and ``salvo_discount`` (0 to 1, default 0.5): how a salvo's later cells are
    chosen; ``tie_tolerance`` (default 0.015) and ``hunt_tolerance`` (default 0.10): the fractions
    within which cells count as tied (targeting, hunting on sampled estimates).
    """

    def __init__(
        self, *, samples: Optional[int] = None, exact_budget: Optional[int] = None, retry_rounds: Optional[int] = None,
        salvo_layouts: Optional[int] = None, salvo_discount: Optional[float] = None,
        tie_tolerance: Optional[float] = None, hunt_tolerance: Optional[float] = None,
    ) -> None:
        super().__init__("bayes", {
            "samples": samples, "exact_budget": exact_budget, "retry_rounds": retry_rounds,
            "salvo_layouts": salvo_layouts, "salvo_discount": salvo_discount, "tie_tolerance": tie_tolerance,
            "hunt_tolerance": hunt_tolerance,
        })


class ExpertShooter(_TunedShooter):
    """The planning shooter (docs/expert.md): exact lookahead over the posterior's layouts when
    they are few, an exact endgame search, the density shooter's cell otherwise.

    ``exact_layouts`` (default 2,000) and ``exact_candidates`` (default 12): at most how many
    layouts the exact lookahead plays out, and how many cells it judges; ``endgame_layouts``
    (default 20, at most 64) and ``endgame_budget`` (default 200,000 nodes): the exact endgame
    search; ``candidates`` (default 1: none), ``layouts`` (default 200),
    ``proposals_per_layout`` (default 2) and ``margin`` (default 2.5 standard errors): rollouts
    that may overrule the density shooter's targeting cell when the layouts are too many to list.
    """

    def __init__(
        self, *, candidates: Optional[int] = None, layouts: Optional[int] = None,
        proposals_per_layout: Optional[int] = None, margin: Optional[float] = None,
        endgame_layouts: Optional[int] = None, endgame_budget: Optional[int] = None,
        exact_layouts: Optional[int] = None, exact_candidates: Optional[int] = None,
    ) -> None:
        super().__init__("expert", {
            "candidates": candidates, "layouts": layouts, "proposals_per_layout": proposals_per_layout,
            "margin": margin, "endgame_layouts": endgame_layouts, "endgame_budget": endgame_budget,
            "exact_layouts": exact_layouts, "exact_candidates": exact_candidates,
        })


PRIOR_MIXTURE = "prior_mixture"  # PriorMixtureShooter's name: not a registry name


class PriorMixtureShooter(BuiltinShooter):
    """The density shooter with a suspicion: it suspects the enemy of laying out its fleet with
    ``placer`` and weighs that against uniform layouts by what each shot reveals (the C++
    ``battleship::PriorMixtureShooter``, whose header describes the model). Before a game's first
    shot it draws ``pool_size`` layouts from the placer; while the evidence favours them it hunts
    where they put the ships, and otherwise it plays as ``ProbabilityShooter``. Against the
    suspected placer's layouts it needs fewer shots than the density shooter, against uniform ones
    about as many: what knowing a placer is worth, and what suspecting the wrong one costs.

    ``placer``: a built-in placer, by name (``"spread"``, the default; ``"elusive(candidates=64)"``)
    or as an object (``SpreadPlacer(candidates=64)``); ``TypeError`` for a placer of your own
    (drawing thousands of layouts a game through Python would be slow). The settings (``None``:
    the engine's default; ``PriorMixtureShooter.settings_table()`` gives each default and range):
    ``pool_size`` (2,000) layouts drawn a game; ``min_support`` (24) the fewest layouts an
    estimate rests on; ``prior_weight`` (0.2) the prior probability of the placer model;
    ``uniform_below`` (0.3) below this weight, hunting shots are the density shooter's;
    ``sinking_evidence`` (1.0) how much a sunk ship's position counts as evidence; ``target_above``
    (0.98) from this weight on, target shots come from the drawn layouts.

    Its ``name`` is ``"prior_mixture"``, which the registry does not list; the object, the name
    (every default) or the name with settings (``"prior_mixture(placer=elusive(candidates=64),
    pool_size=500)"``) play wherever a shooter is taken, on the command line too.
    """

    def __init__(
        self, placer: Any = "spread", *, pool_size: Optional[int] = None, min_support: Optional[int] = None,
        prior_weight: Optional[float] = None, uniform_below: Optional[float] = None,
        sinking_evidence: Optional[float] = None, target_above: Optional[float] = None,
    ) -> None:
        self.name = PRIOR_MIXTURE  # not a registry name, so BuiltinShooter.__init__ would refuse it
        self._not_started()
        self.placer = _suspected_placer(placer)
        given = {
            "pool_size": pool_size, "min_support": min_support, "prior_weight": prior_weight,
            "uniform_below": uniform_below, "sinking_evidence": sinking_evidence, "target_above": target_above,
        }
        self._given: Dict[str, Any] = {key: value for key, value in given.items() if value is not None}
        # The engine checks each value (TypeError, ValueError naming the setting) and fills in
        # its defaults.
        self._spec = _core.PriorMixtureSettings(self.placer.engine_spec, **self._given)
        # Given as the engine reads it (an int setting given as 5e2 is 500), in the order given.
        self._given = {key: getattr(self._spec, key) for key in self._given}

    @staticmethod
    def settings_table() -> List[Dict[str, Any]]:
        """Each setting, a dict with its ``name``, ``default`` and the range accepted (``low`` to
        ``high``), as ``shooter_settings`` lists a built-in shooter's."""
        return [dict(row) for row in _core.PriorMixtureSettings.table]

    @property
    def engine_spec(self) -> Any:
        """What the engine takes for it: the placer and the settings."""
        return self._spec

    @property
    def settings(self) -> Dict[str, Any]:
        """The placer suspected (its label), then the settings given, in the order given."""
        return {"placer": self.placer.label, **self._given}

    def __getstate__(self) -> Dict[str, Any]:
        return {"placer": self.placer, "settings": dict(self._given)}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        PriorMixtureShooter.__init__(self, state["placer"], **state["settings"])

    def __repr__(self) -> str:
        given = "".join(f", {key}={value!r}" for key, value in self._given.items())
        return f"battleship.PriorMixtureShooter({self.placer!r}{given})"


def shooter_settings(name: str) -> List[Dict[str, Any]]:
    """The settings the built-in shooter ``name`` takes (``probability``, ``bayes`` and ``expert``
    have some), each a dict with its ``name``, its ``default`` and the range accepted (``low``
    to ``high``); an empty list for a shooter without settings. ``ValueError`` for an unknown
    name."""
    return _core.shooter_settings(_builtin_shooter_name(name))


def placer_settings(name: str) -> List[Dict[str, Any]]:
    """The settings the built-in placer ``name`` takes (``uniform``, ``spread`` and ``elusive``
    have some), each a dict with its ``name``, its ``default`` and the range accepted (``low`` to
    ``high``), as ``shooter_settings`` lists a shooter's; an empty list for a placer without
    settings. ``ValueError`` for an unknown name."""
    return _core.placer_settings(BuiltinPlacer(name).name)


def _carries_settings(text: str) -> bool:
    """Whether ``text`` names a built-in with its settings, ``expert(layouts=400)`` or
    ``spread(candidates=64)``, rather than a plain name or a ``module:attribute`` spec."""
    return ":" not in text and ("(" in text or ")" in text)


def _settings_text(text: str, kind: str) -> str:
    """``text``, a ``kind``'s name with settings, checked to be text the engine can read
    (``check_unicode``): a lone surrogate, a byte that is not UTF-8 in a command line's argument,
    is refused naming the text, where the binding's refusal would name its own signature."""
    return check_unicode(text, f"{kind} {text!r}", lines=False)


def _placer_parts(name: str) -> Tuple[str, Dict[str, int]]:
    """The placer ``name`` names and the settings it gives: ``spread(candidates=64)`` is
    ``("spread", {"candidates": 64})``; a plain name (or a ``module:attribute`` spec) is itself,
    with no settings. ``ValueError`` for settings text the engine cannot read."""
    if not _carries_settings(name):
        return name, {}
    placer, settings = _core.parse_placer_settings(_settings_text(name, "placer"))
    return placer, dict(settings)


def _placer_from_text(text: str) -> Optional[BuiltinPlacer]:
    """The built-in placer ``text`` names with its settings, ``"elusive(candidates=512,
    rehearsals=4)"``, as ``ElusivePlacer(candidates=512, rehearsals=4)``; ``None`` for text
    without parentheses. Every placer setting is a whole number. The engine reads the text (C++
    ``parse_placer_settings``), refusing with ``ValueError`` as ``_shooter_from_text`` does, and an
    ``elusive`` shortlist longer than its candidates."""
    if "(" not in text and ")" not in text:
        return None
    name, settings = _core.parse_placer_settings(_settings_text(text, "placer"))
    drawing = DRAWING_PLACERS.get(name)
    return drawing(**settings) if drawing is not None else placer(name)


def _shooter_from_text(text: str) -> Optional[BuiltinShooter]:
    """The built-in shooter ``text`` names with its settings, ``"expert(exact_layouts=5000,
    margin=2)"`` (OpenSpiel's way of naming a game with parameters), as
    ``ExpertShooter(exact_layouts=5000, margin=2.0)``; ``None`` for text without parentheses.
    An int setting takes a whole number (``5000``, ``5_000``, ``5e3``), a float one any number.
    The engine reads the text (C++ ``parse_shooter_settings``, so both read it alike):
    ``ValueError`` naming the text for what is not ``NAME(SETTING=VALUE, ...)``, an unknown
    shooter or setting, a setting given twice, a value that is not a number, not whole where it
    must be, or out of range."""
    if text.strip() == PRIOR_MIXTURE:  # not in the registry, so named here with or without settings
        return PriorMixtureShooter()
    if "(" not in text and ")" not in text:
        return None
    if text.partition("(")[0].strip() == PRIOR_MIXTURE:
        return _prior_mixture_from_text(text)
    name, settings = _core.parse_shooter_settings(_settings_text(text, "shooter"))
    kind = BUILTIN_CLASSES[name]
    if not issubclass(kind, _TunedShooter):  # no settings, checked by the engine: as shooter(name) makes it
        return BuiltinShooter(name)
    made = kind.__new__(kind)
    _TunedShooter.__init__(made, name, settings)
    return made


def _prior_mixture_from_text(text: str) -> "PriorMixtureShooter":
    """``"prior_mixture(placer=elusive(candidates=64), pool_size=500)"`` as
    ``PriorMixtureShooter("elusive(candidates=64)", pool_size=500)``: the placer as any placer
    text (``spread`` by default), the other settings numbers, an int setting a whole one
    (``500``, ``5_00``, ``5e2``). Read here, not by the engine, whose settings text holds numbers
    only. ``ValueError`` naming the text, as ``_shooter_from_text``'s, for what is not
    ``prior_mixture(SETTING=VALUE, ...)``, a setting it lacks or given twice, a value that is not a
    number, not whole where it must be, or that the shooter refuses."""

    def refuse(why: str) -> NoReturn:
        raise ValueError(f"shooter {text!r}: {why}")

    body = text.strip()[len(PRIOR_MIXTURE):].strip()
    if not (body.startswith("(") and body.endswith(")")):
        refuse(f"expected {PRIOR_MIXTURE}(SETTING=VALUE, ...), such as {PRIOR_MIXTURE}(placer=elusive)")
    items, depth, start = [], 0, 1
    for at, char in enumerate(body[:-1]):  # split at the commas outside the placer's parentheses
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 1:
            refuse("a ')' closes nothing")
        if char == "," and depth == 1:
            items.append(body[start:at])
            start = at + 1
    if depth != 1:
        refuse("a '(' is not closed")
    items.append(body[start:-1])
    whole = {row["name"]: isinstance(row["default"], int) for row in PriorMixtureShooter.settings_table()}
    given: Dict[str, Any] = {}
    for item in items:
        if not item.strip() and len(items) == 1:
            continue  # prior_mixture(): every default
        key, equals, value = (part.strip() for part in item.partition("="))
        if not (equals and key and value):
            refuse(f"expected SETTING=VALUE, got {item.strip()!r}")
        if key in given:
            refuse(f"{key} is given twice")
        if key == "placer":
            given[key] = value
            continue
        if key not in whole:
            refuse(f"the {PRIOR_MIXTURE} shooter has no setting {key!r}; its settings: placer, {', '.join(whole)}")
        try:
            number = float(value)
        except ValueError:
            refuse(f"{key} must be a number, got {value}")
        if whole[key] and not number.is_integer():
            refuse(f"{key} must be a whole number, got {value}")
        given[key] = int(number) if whole[key] else number
    try:
        return PriorMixtureShooter(**given)
    except (TypeError, ValueError) as error:
        refuse(str(error))


class _UniformDraws(BuiltinPlacer):
    """A built-in placer that lays out uniform draws, with the draws' own search budget and the
    placer's own options: the base of ``UniformPlacer``, ``SpreadPlacer`` and ``ElusivePlacer``."""

    def __init__(self, name: str, search_budget: Optional[int], **options: Optional[int]) -> None:
        super().__init__(name)
        # Each setting's range: the engine's table, which the text reader checks too.
        ranges = {s["name"]: (s["low"], s["high"]) for s in _core.placer_settings(name)}
        self._search_budget = (
            None if search_budget is None else check_count("search_budget", search_budget, *ranges["search_budget"])
        )
        checked = {
            key: None if value is None else check_count(key, value, *ranges[key]) for key, value in options.items()
        }
        # One settings object for the placer's life: the engine placers made from it share what
        # their draws count, so a crowded fleet's layouts are counted once, not per call or thread.
        # It also holds the placer's own options (None: the engine's default), read from there.
        self._settings = _uniform_settings(self.search_budget, name, **checked)

    @property
    def search_budget(self) -> Optional[int]:
        """The most states each search of the uniform draws may visit; ``None`` for the engine's
        default. Read-only: the engine's settings are made once, with the object."""
        return self._search_budget

    @property
    def engine_spec(self) -> Any:
        """What the engine takes for it: the settings that carry the budget and the counts."""
        return self._settings

    def __setstate__(self, state: Dict[str, Any]) -> None:
        # Pickled by 0.1.0 before the options (stop 42): a public search_budget (its settings,
        # pickled as two items, load without options).
        if "search_budget" in state:
            state = dict(state)
            state["_search_budget"] = state.pop("search_budget")
        self.__dict__.update(state)

    def place(self, ocean: Ocean, rng: Rng) -> bool:
        """Lay out the whole fleet on the empty ``ocean``."""
        return bool(_board_of(ocean, Ocean, "ocean").place_with(self.engine_spec, rng))

    def _given(self) -> Dict[str, int]:
        """The settings given to this object other than the engine's defaults, by name: a setting
        given at its default lays out the same layouts as one left out, so the two placers are
        equal, and ``combine`` takes runs of both as one run."""
        s = self._settings
        given = {
            "search_budget": self.search_budget,
            "candidates": s.candidates,
            "shortlist": s.shortlist,
            "rehearsals": s.rehearsals,
        }
        defaults = {
            "search_budget": _core.UniformPlacerSettings.default_search_budget,
            **_core.UniformPlacerSettings.default_options[self.name],
        }
        return {key: value for key, value in given.items() if value is not None and value != defaults.get(key)}

    @property
    def label(self) -> str:
        """Its name in results and reports: the name, then the settings of its choice given to it
        other than the defaults: ``"spread (candidates 4)"``. The search budget, which only
        decides whether a crowded fleet's layouts can be counted, is left out (a run's setup
        states it: ``_placer_label``)."""
        return self._named(search_budget=False)

    def _named(self, search_budget: bool) -> str:
        """Its name, then the settings given to it other than the defaults (``_given``), the
        search budget among them only where ``search_budget``: ``"spread (candidates 4)"``."""
        given = {key: value for key, value in self._given().items() if search_budget or key != "search_budget"}
        return f"{self.name} ({', '.join(f'{key} {value}' for key, value in given.items())})" if given else self.name

    def __repr__(self) -> str:
        given = self._given()
        if not given:
            return super().__repr__()
        shown = ", ".join(f"{key}={value}" for key, value in given.items())
        return f"battleship.{type(self).__name__}({shown})"

    def __eq__(self, other: object) -> bool:
        theirs = other._given() if isinstance(other, _UniformDraws) else {}
        return super().__eq__(other) and theirs == self._given()

    def __hash__(self) -> int:
        # Equal to placer(name) with nothing of its own given, so it hashes the same.
        given = self._given()
        return super().__hash__() if not given else hash(("placer", self.name, tuple(given.items())))


class UniformPlacer(_UniformDraws):
    """Every legal layout equally likely, under any touching rule.

    When random draws keep failing (crowded fleets), it searches for a layout and counts the
    layouts to draw one exactly; ``search_budget`` is the most states each search may visit (16
    to 60 bytes a state), ``None`` for the engine's 300,000. A few crowded fleets that fit need
    more: the Russian fleet on 7 x 7 without edge contact takes 2.1 million states, and with the
    default about one game in five finds no layout (counted as unplaceable).
    ``UniformPlacer(search_budget=3_000_000)`` places it every time, after a count of about half
    a second that one placer object makes once, for every run, thread, game and ocean it lays
    out. Every placer object keeps what it counts, the default budget's too; the name
    ``"uniform"`` counts afresh for each call, or for the life of what holds it (an environment, a
    tournament's player).
    """

    def __init__(self, search_budget: Optional[int] = None) -> None:
        super().__init__("uniform", search_budget)


class SpreadPlacer(_UniformDraws):
    """The least central of ``candidates`` uniform layouts, 16 by default (the engine's
    ``spread``): density shooters need about 3 more shots against it than against uniform
    layouts. More candidates make its layouts harder for them and easier to foresee; 1 lays out
    what ``UniformPlacer`` does.

    Its layouts are ``UniformPlacer`` draws, with the same ``search_budget``: a crowded fleet the
    default gives up on now and then (a draw that finds no layout is skipped, and the placement
    fails only if all of them do) is placed every time with a larger one. Every object keeps what
    its draws count, as a ``UniformPlacer`` does.
    """

    def __init__(self, search_budget: Optional[int] = None, candidates: Optional[int] = None) -> None:
        super().__init__("spread", search_budget, candidates=candidates)

    @property
    def candidates(self) -> Optional[int]:
        """Uniform layouts drawn per placement (at least 1); ``None`` for the engine's 16."""
        return self._settings.candidates  # type: ignore[no-any-return]


class ElusivePlacer(_UniformDraws):
    """The uniform layout a rehearsed density hunt finds last (the engine's ``elusive``): density
    shooters need 8.8 to 10.5 more shots against it (the README's strength table).

    It draws ``candidates`` uniform layouts (256 by default), keeps the ``shortlist`` least
    central (16), plays ``rehearsals`` games of the density shooter against each (2), and keeps
    the one that took the most shots; with ``rehearsals=0`` it keeps the least central, as
    ``SpreadPlacer(candidates=...)`` does. Its layouts are ``UniformPlacer`` draws, with the same
    ``search_budget``, as for ``SpreadPlacer``. Every object keeps what its draws count.
    """

    def __init__(
        self,
        search_budget: Optional[int] = None,
        candidates: Optional[int] = None,
        shortlist: Optional[int] = None,
        rehearsals: Optional[int] = None,
    ) -> None:
        super().__init__(
            "elusive", search_budget, candidates=candidates, shortlist=shortlist, rehearsals=rehearsals
        )

    @property
    def candidates(self) -> Optional[int]:
        """Uniform layouts drawn per placement (at least 1); ``None`` for the engine's 256."""
        return self._settings.candidates  # type: ignore[no-any-return]

    @property
    def shortlist(self) -> Optional[int]:
        """How many of them, the least central, are rehearsed (at least 1, at most the
        candidates drawn); ``None`` for 16."""
        return self._settings.shortlist  # type: ignore[no-any-return]

    @property
    def rehearsals(self) -> Optional[int]:
        """Games of the density shooter played against each shortlisted layout (0: none);
        ``None`` for the engine's 2."""
        return self._settings.rehearsals  # type: ignore[no-any-return]


DRAWING_PLACERS: Dict[str, Callable[..., _UniformDraws]] = {
    "uniform": UniformPlacer,
    "spread": SpreadPlacer,
    "elusive": ElusivePlacer,
}
"""The built-in placers that lay out uniform draws, by name: those that take a ``search_budget``."""


class MediocrePlacer(BuiltinPlacer):
    """CS32's mediocre placement: block half the board, backtrack, 50 tries (seed 002)."""

    def __init__(self) -> None:
        super().__init__("mediocre")


class SequentialPlacer(BuiltinPlacer):
    """Places the ships one at a time in fleet order, each uniformly among the spots still legal,
    starting over when one has none (seed 004's AI): not uniform over layouts."""

    def __init__(self) -> None:
        super().__init__("sequential")


class FixedPlacer:
    """Lays out the same fleet in every game, as a drawing shows it: the text ``Ocean.place_layout``
    reads (one line per row, a ship's symbol on each of its cells, ``.`` for water), or an
    ``Ocean`` whose ships are all placed, which it draws (``Ocean.layout_text``).

    It serves wherever a placer is taken (``simulate``, ``match``, ``Game``, the environments). A
    Python placer (C++'s ``FixedPlacer`` takes a list of placements), so games with it run on one
    thread. ``check`` tries the drawing on a board, fleet and touching rule at once; in a run,
    a drawing the ocean refuses raises from the first game, naming its line (``ValueError``, or
    ``PlacementError`` for a ship the touching rule or a block refuses).

    >>> ocean = Ocean(10, 10, Fleet.classic())
    >>> ocean.place_randomly(rng=3)
    >>> simulate("probability", 100, placer=FixedPlacer(ocean), seed=1, progress=False).games
    100
    """

    name = "fixed"

    def __init__(self, layout: Union[str, Ocean]) -> None:
        if isinstance(layout, Ocean):
            if not layout.all_placed:
                raise ValueError("the ocean's fleet is not all placed: nothing to lay out")
            layout = layout.layout_text()
        if not isinstance(layout, str):
            raise TypeError(f"a fixed layout is a drawing (str) or an Ocean, got {type(layout).__name__}")
        self.layout = layout

    def check(self, rows: int = 10, cols: int = 10, fleet: Optional[Fleet] = None, touching: str = "allowed") -> Ocean:
        """The drawing laid out on a ``rows`` x ``cols`` board with ``fleet`` (None: the classic
        fleet) under ``touching``, or the refusal now, naming the line (``Ocean.place_layout``)."""
        ocean = Ocean(rows, cols, fleet, touching)
        ocean.place_layout(self.layout)
        return ocean

    def place(self, ocean: Ocean, rng: Rng) -> bool:
        """Lay the drawing out on ``ocean`` (``Ocean.place_layout``); ``rng`` is not used."""
        ocean.place_layout(self.layout)
        return True

    def __repr__(self) -> str:
        return f"battleship.FixedPlacer({self.layout!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FixedPlacer) and other.layout == self.layout

    def __hash__(self) -> int:
        return hash(("fixed placer", self.layout))


def shooter(name: str) -> BuiltinShooter:
    """The built-in shooter called ``name``; ValueError listing the names if there is none.
    ``name`` may give settings, as every argument that takes a shooter's name may:
    ``shooter("expert(exact_layouts=5000)")`` is ``ExpertShooter(exact_layouts=5000)``."""
    tuned = _shooter_from_text(name) if isinstance(name, str) else None
    return tuned if tuned is not None else BuiltinShooter(name)


def placer(name: str) -> BuiltinPlacer:
    """The built-in placer called ``name``; ValueError listing the names if there is none.
    ``placer("uniform")`` is a ``UniformPlacer`` (and ``"spread"`` and ``"elusive"`` theirs),
    which keeps what its draws count. ``name`` may give settings, as every argument that takes a
    placer's name may: ``placer("spread(candidates=64)")`` is ``SpreadPlacer(candidates=64)``."""
    tuned = _placer_from_text(name) if isinstance(name, str) else None
    if tuned is not None:
        return tuned
    made = DRAWING_PLACERS.get(name) if isinstance(name, str) else None
    return made() if made is not None else BuiltinPlacer(name)


def _suspected_placer(spec: Any) -> BuiltinPlacer:
    """The built-in placer a ``PriorMixtureShooter`` suspects: ``spec`` itself, or the one its
    name (with settings, if any) names; ``TypeError`` for anything else."""
    if isinstance(spec, BuiltinPlacer):
        return spec
    if isinstance(spec, str):
        return placer(spec)
    raise TypeError(
        "a PriorMixtureShooter suspects a built-in placer: a name such as 'spread', or an object such as "
        f"SpreadPlacer(candidates=64); got {spec!r}"
    )


def strategy_name(strategy: Any) -> str:
    """A short name for a strategy: its registry name, its ``name`` attribute, or its class."""
    if isinstance(strategy, str):
        if not _carries_settings(strategy):
            return strategy
        # A built-in with settings, expert(margin=2), is named expert (margin 2.0), and
        # spread(candidates=64) spread (candidates 64); the two lists share only mediocre, which
        # takes no settings.
        for made_from_text in (_shooter_from_text, _placer_from_text):
            try:
                tuned = made_from_text(strategy)
            except (TypeError, ValueError):  # not one: using it says why
                continue
            return strategy if tuned is None else tuned.label
        return strategy
    if isinstance(strategy, type):
        if issubclass(strategy, (BuiltinShooter, BuiltinPlacer)):
            return str(strategy().name)  # type: ignore[call-arg]
        if issubclass(strategy, OptimalShooter):
            return OptimalShooter.name
        return strategy.__name__
    if isinstance(strategy, (BuiltinShooter, BuiltinPlacer)):
        return strategy.label  # its settings too: two experts with other settings are two players
    name = getattr(strategy, "name", None)
    return name if isinstance(name, str) else type(strategy).__name__


def imported_strategy(spec: str, kind: str = "shooter") -> Any:
    """The object ``spec``, ``"module:attribute"``, names: ``"my_shooters:EdgeShooter"`` is
    ``EdgeShooter`` of the module ``my_shooters`` (imported as ``import`` would: from the
    current directory when Python runs a script there or the ``battleship`` command runs, or
    from ``sys.path``), and the attribute may be dotted (``"pkg.mod:Holder.shooter"``). A file's
    name stands for its module: ``"my_shooters.py:EdgeShooter"`` is the same spec. Every call
    that takes a shooter or placer name takes such a spec, and a class it names is made afresh
    for each run. ``ValueError`` for a spec without both parts, a path (``dir/my_shooters.py``),
    a module that is not there or an attribute it lacks (the message lists the module's shooters,
    or placers); an error inside the module's own code (a module it imports is missing, say) is raised
    as it is, with its traceback. ``kind`` names what is looked for in the messages."""
    module_name, _, attribute = spec.partition(":")
    if attribute and ("/" in module_name or "\\" in module_name):  # import finds modules by name, not by path
        folder, _, file_name = module_name.replace("\\", "/").rpartition("/")
        stem = file_name[:-3] if file_name.endswith(".py") else file_name
        raise ValueError(
            f"{kind} '{spec}': a spec names a module, not a file's path: write {stem}:{attribute} and run "
            f"from the folder that holds {stem}.py ({folder or '/'})"
        )
    if not module_name or not attribute or module_name.startswith("."):  # no package to be relative to
        raise ValueError(f"{kind} '{spec}': expected a name or module:attribute, such as my_shooters:EdgeShooter")
    found, missing = _imported_module(module_name)
    if found is None and module_name.endswith(".py") and len(module_name) > 3:  # alice.py:X: the module alice
        module_name = module_name[:-3]
        found, missing = _imported_module(module_name)
    if found is None:
        raise ValueError(f"{kind} '{spec}': no module named '{missing}' in the current directory or on sys.path")
    owner = f"module '{module_name}'"
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ValueError(f"{kind} '{spec}': {owner} has no attribute '{part}'{_strategies_note(found, kind)}")
        found, owner = getattr(found, part), f"'{part}'"
    return found


def _imported_module(name: str) -> Tuple[Any, Optional[str]]:
    """The module ``name`` and None, or None and the name of the module that is missing (``name``
    or a package above it). A module that is there but imports one that is not raises that
    ``ModuleNotFoundError`` as it is."""
    try:
        return importlib.import_module(name), None
    except ModuleNotFoundError as error:
        if error.name is None or not (name + ".").startswith(error.name + "."):
            raise  # the module is there; something it imports is not
        return None, error.name


_METHOD = {"shooter": "next_shot", "placer": "place"}
"""The method that makes an object a shooter, or a placer."""


def _strategies_in(owner: Any, kind: str) -> List[str]:
    """The public attributes of ``owner`` (a module, a class) that are shooters, or placers
    (``kind``): classes with its method (``_METHOD``), or objects whose class has it; the
    ``Shooter`` and ``Placer`` protocols, which describe one, are not. Nothing is called or made
    to find them."""
    method = _METHOD.get(kind)
    found = []
    for name, value in dict(getattr(owner, "__dict__", {})).items():
        cls = value if isinstance(value, type) else type(value)
        if method is None or name.startswith("_") or getattr(cls, "_is_protocol", False):
            continue
        if callable(getattr(cls, method, None)):
            found.append(name)
    return found


def _strategies_note(owner: Any, kind: str) -> str:
    """``"; its shooters: A, B"`` for a refusal of an attribute ``owner`` lacks, so that a wrong
    name shows the right ones (``"; it has no shooter ..."`` when there is none)."""
    if kind not in _METHOD:
        return ""
    names = _strategies_in(owner, kind)
    if names:
        return f"; its {kind}s: {', '.join(names)}"
    return f"; it has no {kind} (a class or object with a {_METHOD[kind]}() method)"


def _file_spec_hint(name: str, kind: str) -> str:
    """For an unknown plain ``name``, when the module ``name`` is a Python file in the current
    directory: ``"; did you mean name:Shooter?"`` naming its ``kind`` classes (classes defining
    ``_METHOD[kind]``). The file is read, not imported: its code (a game it plays, an ``input()``)
    does not run for a suggestion. Nothing when there is no such file or it has no such class."""
    method = _METHOD.get(kind)
    if method is None or not name.isidentifier():
        return ""
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):  # a module in sys.modules without a spec, say
        return ""
    origin = getattr(found, "origin", None)
    if not isinstance(origin, str) or not origin.endswith(".py"):
        return ""
    if os.path.normcase(os.path.dirname(os.path.realpath(origin))) != os.path.normcase(os.path.realpath(os.getcwd())):
        return ""
    try:
        with open(origin, "rb") as source:
            tree = ast.parse(source.read(), origin)
    except (OSError, SyntaxError, ValueError):
        return ""
    classes = [
        node.name for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name == method for f in node.body)
    ]
    if len(classes) == 1:
        return f"; did you mean {name}:{classes[0]} (the {kind} class in {name}.py)?"
    if classes:
        return f"; did you mean one of {', '.join(f'{name}:{c}' for c in classes)} (the {kind} classes in {name}.py)?"
    return f"; {name}.py here has no {kind} class (one with a {method}() method) to name as {name}:ClassName"


PLUGIN_GROUPS = {"shooter": "battleship.shooters", "placer": "battleship.placers"}
"""The entry-point groups an installed package declares its shooters and placers in, so that they
are taken by name like the built-ins (``plugins``)."""


def plugins(kind: str = "shooter") -> Dict[str, str]:
    """The shooters (or, with ``kind="placer"``, placers) installed packages declare, by name:
    each name's ``module:attribute`` spec. A package declares them as entry points, in its
    ``pyproject.toml``::

        [project.entry-points."battleship.shooters"]
        edge = "my_package.shooters:EdgeShooter"

    and then ``edge`` is taken wherever a shooter name is (``battleship simulate edge``,
    ``battleship.match("edge", "probability")``) and listed by ``battleship list``. A built-in's
    name is not taken over: such an entry is left out (``battleship list`` says so)."""
    return _plugins_by_use(kind)[0]


def shadowed_plugins(kind: str = "shooter") -> Dict[str, str]:
    """The entries installed packages declare under a built-in's name, which ``plugins`` leaves
    out (the name keeps meaning the built-in), by name: each one's ``module:attribute`` spec,
    still playable by that spec."""
    return _plugins_by_use(kind)[1]


def _plugins_by_use(kind: str) -> Tuple[Dict[str, str], Dict[str, str]]:
    """``kind``'s entry points, sorted by name, from one scan of the installed packages (a few
    milliseconds): those taken by their name (``plugins``), and those under a built-in's name
    (``shadowed_plugins``)."""
    if kind not in PLUGIN_GROUPS:
        raise ValueError(f"kind must be 'shooter' or 'placer', got {kind!r}")
    found: Any = importlib.metadata.entry_points()
    group = PLUGIN_GROUPS[kind]
    entries = found.select(group=group) if hasattr(found, "select") else found.get(group, [])  # 3.9: a dict
    builtin = set(_core.shooter_names() if kind == "shooter" else _core.placer_names())
    used: Dict[str, str] = {}
    shadowed: Dict[str, str] = {}
    for e in sorted(entries, key=lambda e: e.name):
        (shadowed if e.name in builtin else used)[e.name] = e.value
    return used, shadowed


def note_own_code(error: BaseException, note: str) -> None:
    """Marks ``error`` as raised by a strategy's own code (its class, its methods), with ``note``
    saying where: as a note (Python 3.11 on) and as ``error.battleship_own_code``, so that the
    command line shows its traceback instead of taking it for a bad option (``raised_by_own_code``)."""
    if hasattr(error, "add_note"):
        error.add_note(note)
    try:
        error.battleship_own_code = note  # type: ignore[attr-defined]
    except AttributeError:  # an exception type that takes no attribute: the note stays
        pass


def raised_by_own_code(error: BaseException) -> bool:
    """Whether ``error`` came out of a strategy's own code: marked by ``note_own_code``, or by the
    engine when a Python strategy aborted a game of a run (``battleship_aborted_game``)."""
    notes = getattr(error, "__notes__", None) or ()
    return (
        hasattr(error, "battleship_own_code")
        or hasattr(error, "battleship_aborted_game")
        or any(isinstance(n, str) and n.startswith("battleship: ") for n in notes)
    )


def _resolve(spec: Any, kind: str, method: str) -> Any:
    """A name (for the engine's fast path) or a Python object with ``method``; a
    ``module:attribute`` spec, or the name of an installed package's plugin, is the object it
    names (``imported_strategy``)."""
    named = f"{kind} '{spec}': " if isinstance(spec, str) else ""  # a refusal says which spec
    if isinstance(spec, str) and (_carries_settings(spec) or (kind == "shooter" and spec == PRIOR_MIXTURE)):
        # a built-in with settings: expert(exact_layouts=5000), spread(candidates=64)
        spec = _shooter_from_text(spec) if kind == "shooter" else _placer_from_text(spec)
    elif isinstance(spec, str) and ":" in spec:
        spec = imported_strategy(spec, kind)
    elif isinstance(spec, str):
        names = _core.shooter_names() if kind == "shooter" else _core.placer_names()
        if spec in names:
            return spec
        installed = plugins(kind)
        if spec not in installed:
            also = f"; installed: {', '.join(installed)}" if installed else ""
            close = difflib.get_close_matches(spec.lower(), [*names, *installed], n=1, cutoff=0.75)
            meant = f"; did you mean {close[0]}?" if close else _file_spec_hint(spec, kind)
            raise ValueError(f"unknown {kind} '{spec}'; known: {', '.join(names)}{also}{meant}")
        spec = imported_strategy(installed[spec], kind)
    made_by = ""
    if isinstance(spec, type):
        made_by = f" (what class {spec.__name__} made)"
        try:
            spec = spec()
        except TypeError as error:
            if error.__traceback__ is not None and error.__traceback__.tb_next is not None:
                note_own_code(error, f"battleship: raised while making a {kind} from class {spec.__name__}")
                raise  # raised inside its __init__: the traceback says where
            raise TypeError(f"cannot make a {kind} from class {spec.__name__}: {error}") from None
        except Exception as error:
            note_own_code(error, f"battleship: raised while making a {kind} from class {spec.__name__}")
            raise
    if isinstance(spec, OptimalShooter) and kind == "shooter":
        return spec._impl  # the engine plays it, copied with the positions it solved
    if isinstance(spec, (BuiltinShooter, BuiltinPlacer)):
        expected = BuiltinShooter if kind == "shooter" else BuiltinPlacer
        if not isinstance(spec, expected):
            raise TypeError(f"expected a {kind}, got {spec!r}")
        return spec.engine_spec
    if kind == "placer" and isinstance(spec, _core.UniformPlacerSettings):
        return spec  # resolved already (an environment hands its placer on to Ocean)
    optional = _OPTIONAL_METHODS.get(kind, ())
    if not callable(getattr(spec, method, None)):
        raise TypeError(
            f"{named}a {kind} is a name ({', '.join(_core.shooter_names() if kind == 'shooter' else _core.placer_names())}), "
            f"a built-in class, or an object with a {method}() method; got {spec!r}{made_by}"
            + misspelling_note(spec, method, optional)
        )
    for name in optional:  # the engine would pass over a value silently
        value = getattr(spec, name, None)
        if value is not None and not callable(value):
            raise TypeError(f"a {kind}'s {name} must be a method (or absent); got {value!r} on {spec!r}")
    warn_misspelt_hooks(spec, optional, "the engine")  # an on_results() would never hear a result
    return spec


# The methods a Python strategy may leave out; one that is there must be callable.
_OPTIONAL_METHODS = {"shooter": ("start", "on_result")}


def resolve_shooter(spec: Any) -> Any:
    """``spec`` as the engine takes it: a built-in's name, or the Python shooter object."""
    return _resolve(spec, "shooter", "next_shot")


def resolve_placer(spec: Any) -> Any:
    """``spec`` as the engine takes it: a built-in's name, the settings of a placer that lays out
    uniform draws, or the Python placer object. The names ``"uniform"``, ``"spread"`` and
    ``"elusive"`` come back as settings of their own, so what their draws count of a crowded fleet
    lasts as long as the caller keeps the result (an environment, for all its resets), not one
    call."""
    resolved = _resolve(spec, "placer", "place")
    if isinstance(resolved, str) and resolved in DRAWING_PLACERS:
        return _uniform_settings(None, resolved)
    return resolved


def _uniform_settings(search_budget: Optional[int], name: str, **options: Optional[int]) -> Any:
    """The engine's settings for the placer ``name`` (one of ``DRAWING_PLACERS``), its draws with
    ``search_budget`` and the placer with ``options`` (None: the engine's defaults)."""
    default = _core.UniformPlacerSettings.default_search_budget
    return _core.UniformPlacerSettings(default if search_budget is None else search_budget, name, **options)


ShooterLike = Union[str, BuiltinShooter, Type[BuiltinShooter], OptimalShooter, Shooter, Any]
"""What a shooter argument accepts: a name, a built-in class or instance, or a Python shooter."""
PlacerLike = Union[str, BuiltinPlacer, Type[BuiltinPlacer], Placer, Any]
"""What a placer argument accepts."""

BUILTIN_CLASSES: Dict[str, Type[BuiltinShooter]] = {
    "random": RandomShooter,
    "hunt_target": HuntTargetShooter,
    "parity": ParityShooter,
    "checkerboard_search": CheckerboardSearchShooter,
    "oriented_search": OrientedSearchShooter,
    "mediocre": MediocreShooter,
    "probability": ProbabilityShooter,
    "bayes": BayesShooter,
    "expert": ExpertShooter,
}
"""Every built-in shooter's class, by name (``shooter(name)`` makes the same shooter)."""

