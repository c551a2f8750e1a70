"""A Gymnasium environment for reinforcement learning: the engine's solo game, one step a shot.

The agent fires at a hidden fleet laid out by one of the engine's placers and is told what the
rules disclose, exactly as the engine's own shooters are. Every step costs a reward of -1, so an
episode's return is minus the number of steps it took: the figure the engine's shooters are
compared by (``battleship compare``), and the engine's shooters can be asked for their move at any
point (``suggest``) as baselines or teachers.

Its id is ``"battleship/Battleship-v0"`` (see ``battleship.envs``).

**Observation** (a ``Dict`` space):

- ``"board"``: ``int8`` array ``(rows, cols)``: ``0`` not shot, ``1`` miss, ``2`` hit, ``3`` the
  hit that sank a ship (only when the disclosure rule announces sinkings);
- ``"afloat"``: ``int8`` array ``(ship_count,)``: ``0`` for a ship known to be sunk (only when
  sinkings name the ship), else ``1``.

**Action**: a cell index ``row * cols + col`` (``Discrete(rows * cols)``). A cell already shot
changes nothing and still costs its step, as a wasted turn does; ``action_masks()`` (the
convention of sb3-contrib's ``MaskablePPO``, ``bool``) and ``info["action_mask"]`` (``int8``, as
Gymnasium's ``action_space.sample(mask=)`` takes it) say which cells are open.
Before the first reset and once an episode is over, they allow every action: no game takes it
(Gymnasium's vector envs ignore the action after an episode ends, and a masked policy must still
have one to pick, where a game ended on the last open cell would leave none).

**Info**: ``"action_mask"``, ``"shots"`` (shots fired: a repeated cell is no shot) and
``"steps"``; after a step also ``"outcome"``, what the agent was told: ``"miss"``, ``"hit"``,
``"sunk"`` (a ``"hit"`` under the ``hit_only`` disclosure) or ``"repeat"`` (a cell already
shot), and ``"sunk_ship"``, the name of the ship the step sank, when the disclosure rule names it.

**End**: ``terminated`` when the whole fleet is sunk; ``truncated`` after ``max_steps`` steps
(``2 * rows * cols`` unless given) or when the rules' ``shot_cap`` is reached.

**Determinism**: ``reset(seed=s)`` lays out the same fleet for the same ``s``, and ``suggest``
then gives the same moves.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np
import numpy.typing as npt

from gymnasium import spaces

from battleship._arguments import check_count
from battleship._core import Fleet, Rng, Rules
from battleship.board import Ocean, TargetView
from battleship.envs._shared import (
    TARGET_COLOURS,
    BoardEnv,
    cell_index,
    check_layouts,
    copy_layout,
    generator_kept_if_failed,
    picture,
)
from battleship.strategies import resolve_placer

__all__ = ["BattleshipEnv", "ENV_ID"]

ENV_ID = "battleship/Battleship-v0"
"""The id ``gymnasium.make`` knows the environment by."""


class BattleshipEnv(BoardEnv):
    """Solo Battleship as a Gymnasium environment (see the module's description).

    Parameters: the board's ``rows`` and ``cols`` (up to 1,024 cells, 32 x 32), the ``fleet``
    (classic by default), the ``rules`` (classic; as in the engine's solo games, every answer comes
    at once, so the volley rule does not apply), the
    ``placer`` that lays out the hidden fleet (a name from ``battleship.placer_names()`` or a placer
    object), the ``max_steps`` before truncation, and ``render_mode`` (``"ansi"`` text or
    ``"rgb_array"``).
    Bad arguments raise ``ValueError`` or ``TypeError`` here, not at the first ``reset``.
    """

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
        self._set_up(rows, cols, fleet, rules, max_steps, 2, render_mode)
        self._placer = resolve_placer(placer)  # ValueError for an unknown name
        self._ocean = Ocean(self.rows, self.cols, self.fleet, self.rules.touching)
        self.observation_space = spaces.Dict(self._target_spaces())
        self._view: Optional[TargetView] = None
        self._open = np.ones(self.rows * self.cols, dtype=np.bool_)  # the cells not shot this episode
        self._shots = 0  # shots fired this episode (a repeated cell is none)
        self._disclosure, self._shot_cap = self.rules.disclosure, self.rules.shot_cap  # read once a step

    # ---- the Gymnasium interface --------------------------------------------------------------
    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, npt.NDArray[np.int8]], Dict[str, Any]]:
        """Lay out a new hidden fleet and start an episode.

        ``options={"ocean": ocean}`` plays the layout of a placed ``battleship.Ocean`` of the same
        board and fleet instead of drawing one (to evaluate an agent on chosen layouts); a refused
        layout, or a placer that fails, changes nothing, not even the generator.
        """
        check_layouts(self, options, ("ocean",))  # a refused layout changes nothing
        if seed is not None:
            seed = check_count("seed", seed, 0, None)  # a NumPy int too; refused as BattleshipVectorEnv refuses it
        with generator_kept_if_failed(self):  # and neither does a placer that fails
            super().reset(seed=seed)
            # The engine's generator is seeded from Gymnasium's, so reset(seed=s) fixes the layout.
            episode_seed = int(self.np_random.integers(0, 2**63))
            ocean = Ocean(self.rows, self.cols, self.fleet, self.rules.touching)
            layout = (options or {}).get("ocean")
            if layout is not None:
                copy_layout(layout, ocean, "options['ocean']")
            else:
                ocean.place_randomly(self._placer, Rng(episode_seed))
        self._ocean, self._episode_seed = ocean, episode_seed
        self._view = TargetView(self.rows, self.cols, self.fleet, self.rules)
        self._start_episode()
        self._open[:] = True
        self._shots = 0
        self._disclosure, self._shot_cap = self.rules.disclosure, self.rules.shot_cap
        return self._observation(), self._info()

    def step(self, action: Any) -> Tuple[Dict[str, npt.NDArray[np.int8]], float, bool, bool, Dict[str, Any]]:
        """Fire at cell ``action`` (``row * cols + col``); reward -1 a step."""
        self._require_episode("step()")
        assert self._view is not None
        index = cell_index(action, self.rows, self.cols)
        cell = divmod(index, self.cols)
        full = self._ocean.fire(cell)
        self._steps += 1
        if full.valid:
            told = full.disclosed(self._disclosure)
            self._view.record(cell, told)
            self._record_answer(cell, told)
            self._open[index] = False
            self._shots += 1
            result: str = told.result
        else:
            told, result = full, "repeat"
        terminated = full.sank and self._ocean.all_sunk  # only a sinking can end the episode
        cap = self._shot_cap
        truncated = not terminated and (self._steps >= self.max_steps or (cap > 0 and self._shots >= cap))
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
        return picture(self._board, TARGET_COLOURS)

    # ---- beyond Gymnasium ---------------------------------------------------------------------
    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which actions fire at a cell not yet shot (flat, ``rows * cols`` booleans); every
        action before the first reset and once the episode is over (no game takes it)."""
        if self._over:  # also before the first reset
            return np.ones(self.rows * self.cols, dtype=np.bool_)
        return self._open.copy()

    @property
    def ocean(self) -> Ocean:
        """A copy of the hidden fleet (for inspection and tests; an agent that reads it cheats).
        Changing the copy changes nothing in the episode."""
        return self._ocean.copy()

    @property
    def view(self) -> Optional[TargetView]:
        """A copy of what the agent was told so far, as the engine's ``TargetView`` (changing it
        changes nothing in the episode)."""
        return None if self._view is None else self._view.copy()

    # ---- helpers ------------------------------------------------------------------------------
    def _observation(self) -> Dict[str, npt.NDArray[np.int8]]:
        return {"board": self._board.copy(), "afloat": self._afloat.copy()}

    def _info(self) -> Dict[str, Any]:
        # int8, as Gymnasium's Discrete.sample(mask=) takes it (action_masks() stays bool).
        return {"action_mask": self.action_masks().astype(np.int8), "shots": self._shots, "steps": self._steps}


