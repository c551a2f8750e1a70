"""The solo game as a Gymnasium vector environment: many games stepped in one call to the engine.

``BattleshipVectorEnv(num_envs)`` is ``num_envs`` copies of ``BattleshipEnv`` (same
observations, actions, rewards and ends; see ``battleship.envs.solo``) whose step is one loop in
C++ over every game (``battleship::SoloBatch``) instead of a Python call per game: what a
learner collecting millions of steps wants. Observations come batched: ``"board"``
``(num_envs, rows, cols)`` and ``"afloat"`` ``(num_envs, ship_count)``, ``int8``.

**Autoreset**: Gymnasium's default, next-step (``metadata["autoreset_mode"]``): when a game
ends, the next ``step`` ignores that env's action and starts its next game, with reward 0 and
neither flag set.

**Determinism**: ``reset(seed=s)`` seeds env ``i`` with ``s + i`` (Gymnasium's convention), and
env ``i`` then plays exactly the games of ``BattleshipEnv`` reset with seed ``s + i``, later games
included. ``info["action_mask"]`` ``(num_envs, rows * cols)`` says which cells are open.

**Teachers**: ``BattleshipVectorEnv(N, teachers=("probability",))`` makes ``suggest("probability")``
return every env's move of that built-in shooter in one call, the same moves as
``BattleshipEnv.suggest`` (a baseline, or the labels for imitation learning).

Made by ``gymnasium.make_vec("battleship/Battleship-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` or directly.
"""

from __future__ import annotations

import zlib
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from battleship import _shape
from battleship._arguments import check_count
from battleship._core import Fleet, Rules
from battleship.board import Ocean, TargetView
from battleship.envs._shared import game_arguments, target_spaces
from battleship.posterior import UNKNOWN
from battleship.strategies import BuiltinShooter, resolve_placer

__all__ = ["BattleshipVectorEnv"]

Observation = Dict[str, npt.NDArray[np.int8]]


class BattleshipVectorEnv(VectorEnv):
    """``num_envs`` solo games stepped together (see the module's description).

    The other parameters are ``BattleshipEnv``'s: the board's ``rows`` and ``cols``, the
    ``fleet``, the ``rules``, the ``placer`` of the hidden fleets (a name, a built-in or a Python
    placer) and ``max_steps`` (``2 * rows * cols`` unless given). ``teachers`` names the built-in
    shooters ``suggest`` may ask. Bad arguments raise ``ValueError`` or ``TypeError`` here, and a
    bad batch of actions raises before any env moves.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 8,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        rules: Optional[Rules] = None,
        placer: Any = "uniform",
        max_steps: Optional[int] = None,
        teachers: Sequence[str] = (),
    ) -> None:
        self.num_envs = check_count("num_envs", num_envs, 1)
        self.rows, self.cols, self.fleet, self.rules, self.max_steps = game_arguments(
            rows, cols, fleet, rules, max_steps, 2
        )
        cells = self.rows * self.cols
        self.ship_count = self.fleet.ship_count
        self.single_action_space = spaces.Discrete(cells)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.single_observation_space = spaces.Dict(target_spaces(self.rows, self.cols, self.ship_count))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.render_mode = None
        if isinstance(teachers, str):
            raise TypeError(f"teachers is a sequence of shooter names, got {teachers!r}")
        self.teachers = tuple(BuiltinShooter(name).name for name in teachers)  # ValueError if unknown
        self._batch = _shape.core("SoloBatch", self.rows, self.cols)(
            self.rows, self.cols, self.fleet, self.rules, self.num_envs, self.max_steps, resolve_placer(placer),
            list(self.teachers), [zlib.crc32(name.encode()) for name in self.teachers],  # as BattleshipEnv seeds them
        )
        self._generators: List[Optional[np.random.Generator]] = [None] * self.num_envs
        self._autoreset = np.zeros(self.num_envs, dtype=np.bool_)
        self._started = False

    def reset(
        self, *, seed: Optional[Union[int, Sequence[Optional[int]]]] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Observation, Dict[str, Any]]:
        """Start a new game in every env. ``seed``: an int (env ``i`` gets ``seed + i``), one seed
        (or None) per env, or None (envs never seeded get a random seed, the others go on)."""
        if options:
            raise ValueError("BattleshipVectorEnv.reset takes no options (BattleshipEnv plays chosen layouts)")
        seeds = self._seeds(seed)
        for i, s in enumerate(seeds):
            if s is not None or self._generators[i] is None:
                self._generators[i], _ = seeding.np_random(s)
        envs = np.arange(self.num_envs, dtype=np.int64)
        self._batch.reset(envs, self._episode_seeds(envs))
        self._autoreset[:] = False
        self._started = True
        return self._observation_and_info()

    def step(
        self, actions: Any
    ) -> Tuple[Observation, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Dict[str, Any]]:
        """Fire each env's action (a cell index ``row * cols + col``); reward -1 a step, 0 for an
        env starting its next game (its action is ignored)."""
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        array = np.asarray(actions)
        if array.shape != (self.num_envs,) or not np.issubdtype(array.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} cell indices, got {actions!r}")
        cells = self.rows * self.cols
        bad = np.flatnonzero(~self._autoreset & ((array < 0) | (array >= cells)))
        if bad.size:  # refused before any env moves, even those starting a new game
            raise ValueError(f"env {bad[0]}: action {array[bad[0]]} is not a cell index from 0 to {cells - 1}")
        restarting = np.flatnonzero(self._autoreset)
        if restarting.size:
            self._batch.reset(restarting.astype(np.int64), self._episode_seeds(restarting))
        self._batch.step(array.astype(np.int64), self._autoreset)
        rewards = np.where(self._autoreset, 0.0, -1.0)
        terminated, truncated = self._batch.terminated(), self._batch.truncated()
        self._autoreset = terminated | truncated
        observation, info = self._observation_and_info()
        return observation, rewards, terminated, truncated, info

    def suggest(self, shooter: str = "probability") -> npt.NDArray[np.int64]:
        """``(num_envs,)``: each env's move of the built-in ``shooter`` (one of ``teachers``), as
        ``BattleshipEnv.suggest`` gives it: it sees what the agent was told, never the fleet. -1
        for an env starting its next game at the next step (its action is ignored)."""
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before suggest()")
        if shooter not in self.teachers:
            raise ValueError(f"{shooter!r} is not a teacher of this env; make it with teachers=({shooter!r},)")
        return self._batch.suggest(self.teachers.index(shooter))  # type: ignore[no-any-return]

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``(num_envs, rows * cols)``: which actions fire at a cell not yet shot."""
        return self._masks(self._batch.codes())

    def ocean(self, env: int) -> Ocean:
        """Env ``env``'s hidden fleet (for inspection and tests; an agent that reads it cheats)."""
        return Ocean._from_core(self._batch.ocean(env))

    def view(self, env: int) -> TargetView:
        """What env ``env``'s agent was told so far, as the engine's ``TargetView``."""
        return TargetView._from_core(self._batch.view(env))

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""

    # ---- helpers ------------------------------------------------------------------------------
    def _seeds(self, seed: Optional[Union[int, Sequence[Optional[int]]]]) -> List[Optional[int]]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (int, np.integer)):
            return [check_count("seed", seed, 0) + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"seed needs one entry per env ({self.num_envs}), got {len(seeds)}")
        return [None if s is None else check_count("seed", s, 0) for s in seeds]

    def _episode_seeds(self, envs: npt.NDArray[np.int64]) -> npt.NDArray[np.uint64]:
        """The next game's seed of each env in ``envs``, drawn as ``BattleshipEnv.reset`` draws it."""
        seeds = []
        for i in envs:
            generator = self._generators[int(i)]
            assert generator is not None
            seeds.append(int(generator.integers(0, 2**63)))
        return np.array(seeds, dtype=np.uint64)

    def _masks(self, codes: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
        return codes.reshape(self.num_envs, -1) == UNKNOWN  # type: ignore[no-any-return]

    def _observation_and_info(self) -> Tuple[Observation, Dict[str, Any]]:
        """The observation and the info, from one copy of the boards' codes."""
        codes = self._batch.codes()
        every = np.ones(self.num_envs, dtype=np.bool_)
        info = {
            "action_mask": self._masks(codes),
            "_action_mask": every,
            "shots": self._batch.shots(),
            "_shots": every,
            "steps": self._batch.steps(),
            "_steps": every,
        }
        return {"board": codes, "afloat": self._batch.afloat()}, info
