"""battleship: a fast Battleship engine (C++20 core) for scripts and notebooks.

The compiled engine lives in the private module ``battleship._core``; this package is the
Python face of it:

- ``Fleet``, ``ShipClass``, ``Rules``: what a game is played with (predefined or custom; they
  pickle and compare equal after a round trip);
- ``Ocean`` (a player's board), ``TargetView`` (what a shooter may know), ``ShotOutcome``,
  ``Rng`` (the engine's portable random generator);
- shooters and placers by name (``shooter_names()``), as classes (``ParityShooter``; with
  settings of their own, ``ExpertShooter(layouts=400)``, ``shooter_settings("expert")``), or your
  own Python objects (see ``battleship.strategies``);
- ``Game`` and ``GameRecord`` for one match (``QueuedShooter`` and ``Game.fire`` for a person's
  moves handed over from outside), ``simulate`` and ``match`` for millions (split
  over processes or machines with ``executor=``, or by hand with ``first_game`` and ``combine``),
  and ``paired_difference`` to compare two shooters game by game on the same layouts
  (``proportion``: a share of wins with its Wilson interval, for tallies of your own)
  (``simulate(..., phases=True)`` also says where the misses fell, ``MissPhases``, and
  ``match(..., phases=True)`` and ``tournament(..., phases=True)`` where each side's fell);
  ``match_game`` sets any match of a run up again as a ``Game`` (``derive_seed`` gives its
  seed), to watch the ones a player lost (``match(..., game_results=True)``), and ``solo_game``
  plays a solo game of a run again with every shot kept;
- ``tournament``, ``elo_fit`` and ``sprt``: round robins (split into pieces like the runs
  above), Elo ratings with the test of their fit, and sequential tests that play two players
  until their Elo difference is decided (``sprt_decision``: the same test on tallies of your own);
- ``save_results`` and ``load_results``: any of those results in a JSON file and back (each
  result's ``to_dict`` and ``from_dict``);
- ``Posterior``: where the hidden fleet probably is, given the answers so far (a NumPy map);
- ``optimal_expected_shots``, ``OptimalShooter``, ``simulate_every_layout`` and
  ``exact_mean_shots``: perfect play on small boards, a shooter that plays it, and any shooter
  played against every layout (how far it is from perfect);
- ``battleship.plot`` for charts, and the ``battleship`` command (``battleship --help``);
- ``battleship.envs`` for reinforcement learning: the solo game as a Gymnasium environment
  (``pip install "battleship[gym]"``).

>>> import battleship
>>> result = battleship.simulate("random", 1000, seed=1, progress=False)
>>> 90 < result.mean < 100
True
"""

from __future__ import annotations

from battleship._core import Fleet, Rng, Rules, ShipClass, ShotOutcome, derive_seed, format_cell, parse_cell
from battleship.board import Ocean, Placement, PlacementError, TargetView
from battleship.game import Game, GameOutcome, GameRecord, QueuedShooter, ShotRecord
from battleship.optimal import exact_mean_shots, optimal_expected_shots, simulate_every_layout
from battleship.posterior import Posterior
from battleship.simulation import (
    MatchResult,
    MissPhases,
    PairedDifference,
    RunSetup,
    SimulationResult,
    SoloGame,
    combine,
    match,
    match_game,
    paired_difference,
    simulate,
    solo_game,
)
from battleship.tournament import (
    EloDifference,
    EloFit,
    PairFit,
    Rating,
    Standing,
    TournamentResult,
    elo_fit,
    elo_ratings,
    tournament,
)
from battleship.sprt import SprtResult, SprtState, sprt, sprt_decision
from battleship.results import Proportion, proportion
from battleship.results_file import load_results, save_results
from battleship.strategies import (
    BayesShooter,
    BuiltinPlacer,
    BuiltinShooter,
    CheckerboardSearchShooter,
    ElusivePlacer,
    ExpertShooter,
    FixedPlacer,
    HuntTargetShooter,
    MediocrePlacer,
    MediocreShooter,
    OptimalShooter,
    OrientedSearchShooter,
    ParityShooter,
    PriorMixtureShooter,
    Placer,
    ProbabilityShooter,
    RandomShooter,
    SequentialPlacer,
    Shooter,
    SpreadPlacer,
    UniformPlacer,
    placer,
    placer_names,
    placer_settings,
    placer_summary,
    shooter,
    shooter_is_slow,
    shooter_names,
    shooter_settings,
    shooter_summary,
)
from battleship._core import __version__

__all__ = [
    "__version__",
    "Fleet",
    "ShipClass",
    "Rules",
    "Rng",
    "ShotOutcome",
    "parse_cell",
    "format_cell",
    "Ocean",
    "TargetView",
    "Placement",
    "PlacementError",
    "Game",
    "GameOutcome",
    "GameRecord",
    "ShotRecord",
    "QueuedShooter",
    "simulate",
    "match",
    "match_game",
    "solo_game",
    "SoloGame",
    "derive_seed",
    "combine",
    "paired_difference",
    "proportion",
    "Proportion",
    "tournament",
    "TournamentResult",
    "Standing",
    "Rating",
    "EloFit",
    "EloDifference",
    "PairFit",
    "elo_fit",
    "elo_ratings",
    "sprt",
    "SprtResult",
    "sprt_decision",
    "SprtState",
    "save_results",
    "load_results",
    "Posterior",
    "optimal_expected_shots",
    "exact_mean_shots",
    "simulate_every_layout",
    "SimulationResult",
    "MissPhases",
    "MatchResult",
    "PairedDifference",
    "RunSetup",
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
    "MediocrePlacer",
    "SequentialPlacer",
    "FixedPlacer",
    "shooter",
    "placer",
    "shooter_is_slow",
    "shooter_names",
    "placer_names",
    "shooter_summary",
    "shooter_settings",
    "placer_settings",
    "placer_summary",
]
