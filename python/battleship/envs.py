"""A Gymnasium environment for reinforcement learning: the engine's solo game, one step a shot.

The agent fires at a hidden fleet laid out by one of the engine's placers and is told what the
rules disclose, exactly as the engine's own shooters are. Every step costs a reward of -1, so an
episode's return is minus the number of steps it took: the figure the engine's shooters are
compared by (``battleship compare``), and the engine's shooters can be asked for their move at any
point (``suggest``) as baselines or teachers.

Needs Gymnasium (``pip install "battleship[gym]"``). Importing this module registers the id
``"battleship/Battleship-v0"``, so both of these work::

    import battleship.envs, gymnasium
    env = gymnasium.make("battleship/Battleship-v0")
    env = gymnasium.make("battleship.envs:battleship/Battleship-v0")  # imports the module itself

**Observation** (a ``Dict`` space):

- ``"board"``: ``int8`` array ``(rows, cols)``: ``0`` not shot, ``1`` miss, ``2`` hit, ``3`` the
  hit that sank a ship (only when the disclosure rule announces sinkings);
- ``"afloat"``: ``int8`` array ``(ship_count,)``: ``0`` for a ship known to be sunk (only when
  sinkings name the ship), else ``1``.

**Action**: a cell index ``row * cols + col`` (``Discrete(rows * cols)``). A cell already shot
changes nothing and still costs its step, as a wasted turn does; ``action_masks()`` (the
convention of sb3-contrib's ``MaskablePPO``) and ``info["action_mask"]`` say which cells are open.

**End**: ``terminated`` when the whole fleet is sunk; ``truncated`` after ``max_steps`` steps
(``2 * rows * cols`` unless given) or when the rules' ``shot_cap`` is reached.

**Determinism**: ``reset(seed=s)`` lays out the same fleet for the same ``s``, and ``suggest``
then gives the same moves.
"""

from __future__ import annotations

import zlib
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - exercised only without gymnasium
    raise ImportError(
        'battleship.envs needs Gymnasium: pip install "battleship[gym]" (or pip install gymnasium)'
    ) from error

from battleship._core import Fleet, Rng, Rules, ShotOutcome
from battleship._arguments import check_count, fleet_and_rules
from battleship.board import Ocean, TargetView
from battleship.posterior import HIT, MISS, SUNK, UNKNOWN, Posterior
from battleship.strategies import BuiltinShooter, resolve_placer

__all__ = ["BattleshipEnv", "ENV_ID", "UNKNOWN", "MISS", "HIT", "SUNK"]

ENV_ID = "battleship/Battleship-v0"
"""The id ``gymnasium.make`` knows the environment by."""


_COLOURS = np.array(
    [[219, 233, 246], [255, 255, 255], [231, 76, 60], [146, 43, 33]], dtype=np.uint8
)  # not shot, miss, hit, sunk: the colours of the notebook's board pictures
_GRID = np.array([127, 140, 141], dtype=np.uint8)


class _Teacher:
    """One of the engine's shooters following the episode, for ``suggest``."""

    def __init__(self, name: str, env: BattleshipEnv, history: List[Tuple[Tuple[int, int], ShotOutcome]]) -> None:
        self.shooter = BuiltinShooter(name)
        self.view = TargetView(env.rows, env.cols, env.fleet, env.rules)
        self.rng = Rng((env._episode_seed + zlib.crc32(name.encode())) % 2**63)
        self.shooter.start(self.view)
        self.move: Optional[int] = None  # the suggestion for the current state, once asked
        for cell, told in history:  # a teacher asked for mid-episode catches up
            self.tell(cell, told)

    def tell(self, cell: Tuple[int, int], told: ShotOutcome) -> None:
        self.view.record(cell, told)
        self.shooter.on_result(self.view, cell, told)
        self.move = None


class BattleshipEnv(gymnasium.Env[Any, Any]):
    """Solo Battleship as a Gymnasium environment (see the module's description).

    Parameters: the board's ``rows`` and ``cols`` (up to 1,024 cells, 32 x 32), the ``fleet``
    (classic by default), the ``rules`` (classic; as in the engine's solo games, every answer comes
    at once, so the volley rule does not apply), the
    ``placer`` that lays out the hidden fleet (a name from ``battleship.placer_names()`` or a placer
    object), the ``max_steps`` before truncation, and ``render_mode`` (``"ansi"`` text or
    ``"rgb_array"``).
    Bad arguments raise ``ValueError`` or ``TypeError`` here, not at the first ``reset``.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        rules: Optional[Rules] = None,
        placer: Any = "uniform",
        max_steps: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.fleet, self.rules = fleet_and_rules(fleet, rules)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'rgb_array', got {render_mode!r}")
        self._placer = resolve_placer(placer)  # ValueError for an unknown name
        self._ocean = Ocean(rows, cols, self.fleet, self.rules.touching)  # checks the size and fit
        self.rows, self.cols = int(rows), int(cols)
        cells = self.rows * self.cols
        self.max_steps = 2 * cells if max_steps is None else check_count("max_steps", max_steps, 1)
        self.render_mode = render_mode
        self.ship_count = self.fleet.ship_count
        self.action_space = spaces.Discrete(cells)
        self.observation_space = spaces.Dict(
            {
                "board": spaces.Box(low=0, high=3, shape=(self.rows, self.cols), dtype=np.int8),
                "afloat": spaces.MultiBinary(self.ship_count),
            }
        )
        self._view: Optional[TargetView] = None
        self._board = np.zeros((self.rows, self.cols), dtype=np.int8)
        self._history: List[Tuple[Tuple[int, int], ShotOutcome]] = []
        self._teachers: Dict[str, _Teacher] = {}
        self._posterior: Optional[Posterior] = None
        self._steps = 0
        self._over = True
        self._episode_seed = 0

    # ---- the Gymnasium interface --------------------------------------------------------------
    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, npt.NDArray[np.int8]], Dict[str, Any]]:
        """Lay out a new hidden fleet and start an episode.

        ``options={"ocean": ocean}`` plays the layout of a placed ``battleship.Ocean`` of the same
        board and fleet instead of drawing one (to evaluate an agent on chosen layouts).
        """
        super().reset(seed=seed)
        # The engine's generator is seeded from Gymnasium's, so reset(seed=s) fixes the layout.
        self._episode_seed = int(self.np_random.integers(0, 2**63))
        # A layout is made on a fresh ocean, so a refused one leaves the episode under way intact.
        ocean = Ocean(self.rows, self.cols, self.fleet, self.rules.touching)
        layout = (options or {}).get("ocean")
        if layout is not None:
            self._copy_layout(layout, ocean)
        else:
            ocean.place_randomly(self._placer, Rng(self._episode_seed))
        self._ocean = ocean
        self._view = TargetView(self.rows, self.cols, self.fleet, self.rules)
        self._board[:] = UNKNOWN
        self._history = []
        self._teachers = {}
        self._posterior = None
        self._steps = 0
        self._over = False
        return self._observation(), self._info()

    def step(self, action: Any) -> Tuple[Dict[str, npt.NDArray[np.int8]], float, bool, bool, Dict[str, Any]]:
        """Fire at cell ``action`` (``row * cols + col``); reward -1 a step."""
        if self._view is None or self._over:
            raise gymnasium.error.ResetNeeded("call reset() before step(): no episode is under way")
        index = self._cell_index(action)
        cell = divmod(index, self.cols)
        full = self._ocean.fire(cell)
        self._steps += 1
        if full.valid:
            told = full.disclosed(self.rules.disclosure)  # type: ignore[arg-type]
            self._view.record(cell, told)
            self._history.append((cell, told))
            for teacher in self._teachers.values():
                teacher.tell(cell, told)
            if self._posterior is not None:
                self._posterior.record(cell, told)
            self._board[cell] = {"miss": MISS, "hit": HIT, "sunk": SUNK}[told.result]
            result: str = told.result
        else:
            told, result = full, "repeat"
        terminated = self._ocean.all_sunk
        cap = self.rules.shot_cap
        truncated = not terminated and (
            self._steps >= self.max_steps or (cap > 0 and self._view.shots_fired >= cap)
        )
        self._over = terminated or truncated
        info = self._info()
        info["outcome"] = result
        if told.sank and told.ship is not None:
            info["sunk_ship"] = self.fleet.ship(told.ship)["name"]
        return self._observation(), -1.0, terminated, truncated, info

    def render(self) -> Any:
        """``"ansi"``: the target as text (``?`` not shot, ``o`` miss, ``X`` hit);
        ``"rgb_array"``: a picture, 16 pixels a cell."""
        if self.render_mode is None or self._view is None:
            return None
        if self.render_mode == "ansi":
            from battleship.render import view_text

            return f"{view_text(self._view)}\nshots {self._view.shots_fired}, steps {self._steps}\n"
        scale = 16
        image = _COLOURS[self._board].repeat(scale, axis=0).repeat(scale, axis=1)
        image[::scale, :] = _GRID
        image[:, ::scale] = _GRID
        return np.ascontiguousarray(image)

    # ---- beyond Gymnasium ---------------------------------------------------------------------
    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which actions fire at a cell not yet shot (flat, ``rows * cols`` booleans)."""
        return (self._board.reshape(-1) == UNKNOWN) if self._view is not None else np.ones(
            self.rows * self.cols, dtype=np.bool_
        )

    def suggest(self, shooter: str = "probability") -> int:
        """The action the engine's shooter ``shooter`` would take now (a baseline or a teacher).

        The shooter sees what the agent was told, never the hidden fleet; it is told every shot
        the agent fires, so its advice follows the agent's game. Same seed, same advice.
        """
        if self._view is None or self._over:
            raise gymnasium.error.ResetNeeded("call reset() before suggest(): no episode is under way")
        teacher = self._teachers.get(shooter)
        if teacher is None:  # BuiltinShooter raises ValueError for an unknown name, storing nothing
            teacher = self._teachers[shooter] = _Teacher(shooter, self, self._history)
        if teacher.move is None:
            row, col = teacher.shooter.next_shot(teacher.view, teacher.rng)
            teacher.move = row * self.cols + col
        return teacher.move

    def probability_map(self) -> npt.NDArray[np.float64]:
        """``(rows, cols)``: the probability of a ship in each cell given what the agent was told
        (``battleship.Posterior``, exact or sampled): a feature for an agent, or a picture of its
        game (``battleship.plot.probability_map``). Same seed, same map."""
        if self._view is None:
            raise gymnasium.error.ResetNeeded("call reset() before probability_map()")
        if self._posterior is None:  # asked for mid-episode: told the answers so far, in order
            self._posterior = Posterior(
                self.rows, self.cols, self.fleet, self.rules, seed=self._episode_seed
            )
            for cell, told in self._history:
                self._posterior.record(cell, told)
        return self._posterior.probabilities()

    @property
    def ocean(self) -> Ocean:
        """The hidden fleet (for inspection and tests; an agent that reads it cheats)."""
        return self._ocean

    @property
    def view(self) -> Optional[TargetView]:
        """What the agent was told so far, as the engine's ``TargetView``."""
        return self._view

    # ---- helpers ------------------------------------------------------------------------------
    def _cell_index(self, action: Any) -> int:
        try:
            array = np.asarray(action)
            valid = array.shape == () and np.issubdtype(array.dtype, np.integer)
        except (TypeError, ValueError):
            valid = False
        if not valid or isinstance(action, bool):
            raise TypeError(f"an action is a cell index (an int), got {action!r}")
        index = int(array)
        if not 0 <= index < self.rows * self.cols:
            raise ValueError(f"action {index} is not a cell index of this {self.rows} x {self.cols} board")
        return index

    def _copy_layout(self, layout: Any, ocean: Ocean) -> None:
        if not isinstance(layout, Ocean):
            raise TypeError(f"options['ocean'] must be a battleship.Ocean, got {layout!r}")
        if (layout.rows, layout.cols) != (self.rows, self.cols) or layout.fleet != self.fleet:
            raise ValueError("options['ocean'] must have this environment's board size and fleet")
        if not layout.all_placed:
            raise ValueError("options['ocean'] must have every ship placed")
        for ship in range(self.ship_count):
            placement = layout.placement(ship)
            assert placement is not None
            ocean.place(ship, placement.origin, placement.orientation)  # PlacementError if the rules refuse

    def _observation(self) -> Dict[str, npt.NDArray[np.int8]]:
        afloat = np.ones(self.ship_count, dtype=np.int8)
        if self._view is not None:
            for ship in range(self.ship_count):
                if self._view.known_sunk(ship):
                    afloat[ship] = 0
        return {"board": self._board.copy(), "afloat": afloat}

    def _info(self) -> Dict[str, Any]:
        shots = self._view.shots_fired if self._view is not None else 0
        return {"action_mask": self.action_masks(), "shots": shots, "steps": self._steps}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="battleship.envs:BattleshipEnv")
