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
included. ``info["action_mask"]`` ``(num_envs, rows * cols)``, ``int8`` (``action_masks()`` the
same as ``bool``), says which cells are open; for an env whose game just ended it allows every
action, which the autoreset ignores (as ``BattleshipEnv``'s mask does once its episode is over):
a masked policy always has one to pick.

**What a step told**: ``info["outcome"]`` holds each env's ``BattleshipEnv`` ``info["outcome"]``
(``"miss"``, ``"hit"``, ``"sunk"`` or ``"repeat"``; None for an env starting its next game) and
``info["sunk_ship"]`` the name of the ship a step sank where the disclosure rule names it (else
None); ``info["_outcome"]`` and ``info["_sunk_ship"]`` mark the envs that have one (Gymnasium's
convention for entries only some envs give). Both keys are in every step's info.

**Chosen layouts and partial resets**: ``reset(options={"ocean": ...})`` plays given layouts
(one for every env, or one per env), and ``options={"reset_mask": mask}`` starts over only the
envs ``mask`` marks. A reset is all or nothing: a refused option or a failing placer changes no
env and no generator.

**Teachers**: ``BattleshipVectorEnv(N, teachers=("probability",))`` makes ``suggest("probability")``
return every env's move of that built-in shooter in one call, the same moves as
``BattleshipEnv.suggest`` (a baseline, or the labels for imitation learning).

Made by ``gymnasium.make_vec("battleship/Battleship-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` or directly.
"""

from __future__ import annotations

import zlib
from typing import Any, Dict, List, NoReturn, Optional, Sequence, Tuple, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from battleship import _shape
from battleship._arguments import UINT_MAX, check_count
from battleship._core import Fleet, Rules
from battleship.board import Ocean, TargetView
from battleship.envs._shared import checked_layout, game_arguments, reset_options, target_spaces
from battleship.posterior import UNKNOWN
from battleship.strategies import BuiltinShooter, resolve_placer

__all__ = ["BattleshipVectorEnv"]

Observation = Dict[str, npt.NDArray[np.int8]]

_OUTCOMES = np.array(["miss", "hit", "sunk", "repeat", None], dtype=object)
"""``info["outcome"]`` by the engine's ``ShotResult`` code (``invalid``, a cell already shot, is
``BattleshipEnv``'s ``"repeat"``); code -1, an env that was not stepped, reads the last: None."""

MAX_ENVS = 2**20
"""The most envs one vector env holds: far above any use (about 7 GB on the classic board; 65,536
envs take 450 MB), so that a mistyped count is refused instead of exhausting the memory."""


class BattleshipVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` solo games stepped together (see the module's description).

    The other parameters are ``BattleshipEnv``'s: the board's ``rows`` and ``cols``, the
    ``fleet``, the ``rules``, the ``placer`` of the hidden fleets (a name, a built-in or a Python
    placer) and ``max_steps`` (``2 * rows * cols`` unless given). ``teachers`` names the built-in
    shooters ``suggest`` may ask. ``num_envs`` is at most ``MAX_ENVS``. Bad arguments raise
    ``ValueError`` or ``TypeError`` here, and a bad batch of actions raises before any env moves.
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
        render_mode: Optional[str] = None,
    ) -> None:
        if render_mode is not None:  # gymnasium.make_vec passes render_mode=None
            raise ValueError(f"the vector environment does not render; render_mode must be None, got {render_mode!r}")
        self.num_envs = check_count("num_envs", num_envs, 1, MAX_ENVS)
        self.rows, self.cols, self.fleet, self.rules, self.max_steps = game_arguments(
            rows, cols, fleet, rules, max_steps, 2
        )
        cells = self.rows * self.cols
        self.ship_count = self.fleet.ship_count
        names = [self.fleet.ship(i)["name"] for i in range(self.ship_count)]
        self._ship_names = np.array(names + [None], dtype=object)  # [-1]: no ship named
        self.single_action_space = spaces.Discrete(cells)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.single_observation_space = spaces.Dict(target_spaces(self.rows, self.cols, self.ship_count))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.render_mode = None
        if isinstance(teachers, str):
            raise TypeError(f"teachers is a sequence of shooter names, got {teachers!r}")
        self.teachers = tuple(BuiltinShooter(name).name for name in teachers)  # ValueError if unknown
        self._placer = resolve_placer(placer)
        self._batch = _shape.core("SoloBatch", self.rows, self.cols)(
            self.rows, self.cols, self.fleet, self.rules, self.num_envs, self.max_steps, self._placer,
            list(self.teachers), [zlib.crc32(name.encode()) for name in self.teachers],  # as BattleshipEnv seeds them
        )
        self._generators: List[Optional[np.random.Generator]] = [None] * self.num_envs
        self._autoreset = np.zeros(self.num_envs, dtype=np.bool_)
        self._started = False

    def reset(
        self, *, seed: Optional[Union[int, Sequence[Optional[int]]]] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Observation, Dict[str, Any]]:
        """Start a new game in every env. ``seed``: an int (env ``i`` gets ``seed + i``), one seed
        (or None) per env, or None (envs never seeded get a random seed, the others go on).

        ``options``: ``{"ocean": layout}`` plays chosen layouts instead of drawing them, as
        ``BattleshipEnv``'s option does: one placed ``battleship.Ocean`` for every env, or one per
        env (None draws as usual); ``{"reset_mask": mask}`` (``num_envs`` booleans, Gymnasium's
        partial reset) starts over only the envs it marks, their seeds and layouts taken from
        ``seed`` and ``"ocean"``, the others going on. A refused seed, option or layout, or a
        placer that fails, changes nothing, not even the generators.
        """
        options = reset_options(self, options)
        unknown = sorted(set(options) - {"ocean", "reset_mask"})
        if unknown:
            raise ValueError(f"BattleshipVectorEnv.reset knows the options 'ocean' and 'reset_mask', not {unknown}")
        envs = self._envs_to_reset(options.get("reset_mask"))
        layouts = self._layouts(options.get("ocean"))
        seeds = self._seeds(seed)
        generators = list(self._generators)
        for i in envs:
            if seeds[i] is not None or generators[i] is None:
                generators[i], _ = seeding.np_random(seeds[i])
        self._start(envs, generators, layouts)
        self._generators = generators
        self._autoreset[envs] = False
        self._started = True
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            super().reset(seed=int(seed))  # np_random_seed says the seed, as Gymnasium's vector envs do
        return self._observation_and_info()

    def step(
        self, actions: Any
    ) -> Tuple[Observation, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Dict[str, Any]]:
        """Fire each env's action (a cell index ``row * cols + col``); reward -1 a step, 0 for an
        env starting its next game (its action is ignored)."""
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        array = np.asarray(actions)
        if array.dtype.kind not in "iu":  # as BattleshipEnv refuses a float action
            raise TypeError(f"actions are cell indices (integers), got {actions!r}")
        if array.shape != (self.num_envs,):
            raise ValueError(f"actions must be {self.num_envs} cell indices, got {actions!r}")
        restarting = bool(self._autoreset.any())
        # The engine refuses a bad action before any env moves, with this message; checked here
        # first only where it could not be: before envs restart, and for an unsigned action past
        # int64 (which the conversion below would wrap).
        if restarting or array.dtype.kind == "u":
            cells = self.rows * self.cols
            bad = np.flatnonzero(~self._autoreset & ((array < 0) | (array >= cells)))
            if bad.size:  # refused before any env moves, even those starting a new game
                raise ValueError(f"env {bad[0]}: action {array[bad[0]]} is not a cell index from 0 to {cells - 1}")
        if restarting:
            self._start(np.flatnonzero(self._autoreset), self._generators, [None] * self.num_envs)
        results, sunk = self._batch.step(array.astype(np.int64), self._autoreset)
        rewards = self._autoreset.astype(np.float64) - 1.0  # 0 for an env starting over, else -1
        terminated, truncated = self._batch.terminated(), self._batch.truncated()
        self._autoreset = terminated | truncated
        observation, info = self._observation_and_info()
        info.update(self._told(results, sunk))
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

    def probability_maps(self, threads: Optional[int] = None) -> npt.NDArray[np.float64]:
        """``(num_envs, rows, cols)``: each env's ``BattleshipEnv.probability_map()``, the
        probability of a ship in each cell given what its agent was told (``battleship.Posterior``
        seeded with the env's game seed: the same maps), computed over ``threads`` (every core
        unless given; the same maps on any number). An env's posterior is made when first asked
        for and then told each answer once, so asking every step costs one update an env.
        Ctrl-C stops the call (256 envs on 32 x 32 take seconds) with each env's posterior caught
        up or left as it was: the next call gives the maps of one never stopped. While the maps
        are made, a signal handler's call that would step, reset, map or ``suggest`` for this env
        raises ``RuntimeError``, as does a placer's call back into the env it lays out for."""
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before probability_maps()")
        count = 0 if threads is None else check_count("threads", threads, 0, UINT_MAX)
        return self._batch.probability_maps(count)  # type: ignore[no-any-return]

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``(num_envs, rows * cols)``: which actions fire at a cell not yet shot; every action for
        an env whose game ended at the last step (the next ignores its action)."""
        return self._masks(self._batch.codes())

    def ocean(self, env: int) -> Ocean:
        """Env ``env``'s hidden fleet (for inspection and tests; an agent that reads it cheats)."""
        return Ocean._from_core(self._batch.ocean(env))

    def view(self, env: int) -> TargetView:
        """What env ``env``'s agent was told so far, as the engine's ``TargetView``."""
        return TargetView._from_core(self._batch.view(env))

    def close(self, **kwargs: Any) -> None:
        """Nothing to release; ``closed`` becomes True, as for Gymnasium's vector envs."""
        super().close(**kwargs)

    def __reduce__(self) -> NoReturn:  # what pickle, copy.copy and copy.deepcopy ask for
        raise TypeError(
            "a BattleshipVectorEnv cannot be copied or pickled: its games live in one engine batch; "
            "make another with the same arguments (each BattleshipEnv copies)"
        )

    # ---- helpers ------------------------------------------------------------------------------
    def _seeds(self, seed: Optional[Union[int, Sequence[Optional[int]]]]) -> List[Optional[int]]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (int, np.integer)):
            return [check_count("seed", seed, 0, None) + i for i in range(self.num_envs)]
        if isinstance(seed, (str, bytes)) or not hasattr(seed, "__iter__"):
            raise TypeError(f"seed must be None, an int, or one int or None per env, got {seed!r}")
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"seed needs one entry per env ({self.num_envs}), got {len(seeds)}")
        return [None if s is None else check_count("seed", s, 0, None) for s in seeds]

    def _envs_to_reset(self, mask: Any) -> npt.NDArray[np.int64]:
        """The envs a reset starts over: every one, or those ``options["reset_mask"]`` marks."""
        if mask is None:
            return np.arange(self.num_envs, dtype=np.int64)
        array = np.asarray(mask)
        if array.dtype != np.bool_:
            raise TypeError(f"options['reset_mask'] must hold booleans, got {array.dtype}")
        if array.shape != (self.num_envs,):
            raise ValueError(f"options['reset_mask'] must have shape ({self.num_envs},), got {array.shape}")
        if not array.any():
            raise ValueError("options['reset_mask'] must mark at least one env")
        if not self._started and not array.all():
            raise ValueError("the first reset starts every env: options['reset_mask'] comes later")
        return np.flatnonzero(array).astype(np.int64)

    def _layouts(self, chosen: Any) -> List[Any]:
        """Each env's chosen layout (the engine's ocean, checked as ``BattleshipEnv`` checks it), or
        None to draw one: ``options["ocean"]`` is one ``Ocean`` for all, or one (or None) per env."""
        if chosen is None:
            return [None] * self.num_envs
        if isinstance(chosen, Ocean):
            return [checked_layout(self, chosen, "options['ocean']")._impl] * self.num_envs
        if isinstance(chosen, (str, bytes)) or not isinstance(chosen, Sequence):
            raise TypeError(f"options['ocean'] must be a battleship.Ocean or one per env, got {chosen!r}")
        if len(chosen) != self.num_envs:
            raise ValueError(f"options['ocean'] needs one layout (or None) per env ({self.num_envs}), got {len(chosen)}")
        return [None if layout is None else checked_layout(self, layout, f"options['ocean'][{i}]")._impl
                for i, layout in enumerate(chosen)]

    def _start(self, envs: npt.NDArray[np.int64], generators: List[Optional[np.random.Generator]],
               layouts: List[Any]) -> None:
        """Starts ``envs`` anew, each with the next seed its generator draws (as
        ``BattleshipEnv.reset`` draws it) and its layout in ``layouts`` (None: the placer's). All
        or nothing: if the engine refuses, the generators are put back as they were."""
        drawn: List[np.random.Generator] = []
        for i in envs:
            generator = generators[int(i)]
            assert generator is not None  # seeded by the reset that started the env
            drawn.append(generator)
        saved = [generator.bit_generator.state for generator in drawn]
        try:
            seeds = np.array([int(generator.integers(0, 2**63)) for generator in drawn], dtype=np.uint64)
            self._batch.reset(envs, seeds, [layouts[int(i)] for i in envs])
        except BaseException as error:
            for generator, state in zip(drawn, saved):
                generator.bit_generator.state = state
            if isinstance(error, ValueError) and str(error).startswith("the placer could not lay out"):
                empty = Ocean(self.rows, self.cols, self.fleet, touching=self.rules.touching)
                raise ValueError(f"{error}{empty._why_not_laid_out(self._placer)}") from None
            raise

    def _masks(self, codes: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
        """The open cells of each env; every cell for an env whose game ended, whose next action
        the autoreset ignores (a game ended on the last open cell would leave none to pick)."""
        masks: npt.NDArray[np.bool_] = codes.reshape(self.num_envs, -1) == UNKNOWN
        masks[self._autoreset] = True
        return masks

    def _told(self, results: npt.NDArray[np.intp], sunk: npt.NDArray[np.intp]) -> Dict[str, Any]:
        """The step's ``"outcome"`` and ``"sunk_ship"`` entries, with their masks, from what the
        engine says each env was told: its result (-1 for an env that started its next game) and
        the ship a sinking named (-1 for none)."""
        return {  # one lookup each: index -1 reads the None at the end of the names
            "outcome": _OUTCOMES[results],
            "_outcome": results >= 0,
            "sunk_ship": self._ship_names[sunk],
            "_sunk_ship": sunk >= 0,
        }

    def _observation_and_info(self) -> Tuple[Observation, Dict[str, Any]]:
        """The observation and the info, from one copy of the boards' codes."""
        codes = self._batch.codes()
        every = np.ones(self.num_envs, dtype=np.bool_)
        info = {
            "action_mask": self._masks(codes).astype(np.int8),  # as the single envs' (action_masks() is bool)
            "_action_mask": every,
            "shots": self._batch.shots(),
            "_shots": every,
            "steps": self._batch.steps(),
            "_steps": every,
        }
        return {"board": codes, "afloat": self._batch.afloat()}, info
