"""A Gymnasium environment for reinforcement learning: a two-player match against one of the
engine's shooters, one step a cell.

The agent and the ``opponent`` (an engine shooter, ``"probability"`` unless given) each have a
fleet laid out by a placer, and play the engine's own two-player match (``battleship.Game``)
under the rules: turns alternate, a turn fires a volley (one shot, a fixed salvo, or one shot per
own ship afloat) named in full before any of it is answered, or under ``until_miss`` one shot
after another until a miss; the equalising shot and the shot cap apply. A step names one cell of
the agent's volley; once the volley is complete it is fired (``Game.play_volley``), the opponent
plays its turn unless the agent's goes on (``until_miss`` after a hit), and the next observation
is the agent's next decision. A turn in which the agent has no shot to fire (its shot cap reached,
or its fleet sunk before the round's equalising turn) is played for it, empty. Its id is
``"battleship/Duel-v0"`` (see ``battleship.envs``).

**Observation** (a ``Dict`` space):

- ``"board"``: ``int8`` ``(rows, cols)``, what the agent knows of the opponent's ocean:
  ``0`` not shot, ``1`` miss, ``2`` hit, ``3`` the hit that sank a ship;
- ``"afloat"``: ``int8`` ``(ship_count,)``: ``0`` for an opponent ship known to be sunk;
- ``"pending"``: ``int8`` ``(rows, cols)``: ``1`` on the cells named in the volley under way;
- ``"own"``: ``int8`` ``(rows, cols)``, the agent's own ocean: ``0`` water, ``1`` water the
  opponent shot, ``2`` a ship cell, ``3`` a ship cell hit.

**Action**: a cell index ``row * cols + col``. ``action_masks()`` (``bool``; ``info["action_mask"]``
the same as ``int8``, as ``action_space.sample(mask=)`` takes it) gives the cells not shot and not
named in the volley under way (every cell before the first reset and once the match is over, as
``BattleshipEnv``'s does). Another cell is an invalid shot: under the rules'
``invalid_shot="forfeits"`` it is handed to the match, which wastes it as a shot of the volley
(and aborts the match after ``max_invalid_in_a_row`` in a row); under ``"refused"`` (the default)
the environment refuses it itself: nothing in the match changes (boards, volley under way, whose
turn) and ``info["outcome"]`` is ``"refused"``, but the step still counts towards ``max_steps``,
and the rules' ``max_invalid_in_a_row``-th refused cell in a row aborts the match with the agent
at fault, as the engine aborts a shooter that names that many (refusals were free, and an agent
about to lose could stall the match to a truncation at 0).

**Reward**: 0 until the match ends; then +1 for a win, -1 for a loss, 0 for a draw. A match
aborted for too many invalid shots in a row is lost by the player who made them. So is a match
whose Python ``opponent`` raised: the exception passes out of ``step()``, the match is aborted
with the opponent at fault, and the next ``step()`` ends the episode with +1 (``info["match"]``
says why). An exception from the opponent's opening turn passes out of ``reset()`` and leaves no
episode: ``step()`` asks for another ``reset()``.

**End**: ``terminated`` when the match ends (a shot cap that ends it drawn too: unlike the solo
game's cap, which truncates, it ends the match the rules play); ``truncated`` after ``max_steps``
steps, refused ones included (``4 * rows * cols`` unless given).

**Who moves first**: ``first="agent"`` (the default), ``"opponent"``, or ``"random"`` (drawn at
each ``reset``). **Determinism**: ``reset(seed=s)`` fixes both fleets, who moves first and the
opponent's every draw.

**Beyond Gymnasium**, as in the solo game: ``suggest(name)`` (an engine shooter's next cell in
the agent's game), ``action_masks()`` and ``probability_map()`` (the posterior of the target
given what the agent was told).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from battleship._arguments import check_count
from battleship._core import Fleet, Rules, ShotOutcome
from battleship.envs._shared import (
    TARGET_COLOURS,
    BoardEnv,
    RefusedInARow,
    cell_index,
    check_layouts,
    generator_kept_if_failed,
    match_reward,
    name_cell,
    picture,
    play_empty_turns,
    start_match,
)
from battleship.game import Game, QueuedShooter
from battleship.posterior import UNKNOWN
from battleship.strategies import resolve_placer, resolve_shooter, strategy_name

__all__ = ["DuelEnv", "DUEL_ID", "WATER", "SPLASH", "SHIP", "DAMAGED"]

DUEL_ID = "battleship/Duel-v0"
"""The id ``gymnasium.make`` knows the duel by."""

WATER, SPLASH, SHIP, DAMAGED = 0, 1, 2, 3
"""The codes of the observation's ``"own"``: water, water the opponent shot, a ship cell, a ship
cell hit."""

_OWN_COLOURS = np.array([[219, 233, 246], [255, 255, 255], [93, 109, 126], [231, 76, 60]], dtype=np.uint8)
Cell = Tuple[int, int]


class _Follower:
    """Follows the match's shots: the agent's board, what it was told (for teachers), the shots
    of this step."""

    def __init__(self, env: DuelEnv) -> None:
        self.env = env

    def on_shot(self, player: int, cell: Cell, outcome: ShotOutcome, told: ShotOutcome) -> None:
        env = self.env
        if player != env._agent:
            env._opponent_fired.append((cell, str(outcome.result)))
            return
        env._fired.append((cell, str(told.result)))
        if not told.valid:
            return
        env._record_answer(cell, told)


class DuelEnv(BoardEnv):
    """Two-player Battleship against one of the engine's shooters (see the module's description).

    Parameters: the board's ``rows`` and ``cols``, the ``fleet`` and the ``rules`` (classic by
    default), the ``opponent`` (a shooter name from ``battleship.shooter_names()``, a built-in
    class or a Python shooter), the ``placer`` of the agent's fleet and the ``opponent_placer``,
    ``first`` (``"agent"``, ``"opponent"`` or ``"random"``), ``max_steps`` and ``render_mode``
    (``"ansi"`` or ``"rgb_array"``). Bad arguments raise ``ValueError`` or ``TypeError`` here.
    """

    def __init__(
        self,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        rules: Optional[Rules] = None,
        opponent: Any = "probability",
        placer: Any = "uniform",
        opponent_placer: Any = "uniform",
        first: str = "agent",
        max_steps: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self._set_up(rows, cols, fleet, rules, max_steps, 4, render_mode)
        if first not in ("agent", "opponent", "random"):
            raise ValueError(f"first must be 'agent', 'opponent' or 'random', got {first!r}")
        self._opponent = resolve_shooter(opponent)  # ValueError / TypeError for what is not one
        self._placers = (resolve_placer(placer), resolve_placer(opponent_placer))
        self.first, self.opponent = first, strategy_name(opponent)
        grid = (self.rows, self.cols)
        self.observation_space = spaces.Dict(
            {
                **self._target_spaces(),
                "pending": spaces.Box(low=0, high=1, shape=grid, dtype=np.int8),
                "own": spaces.Box(low=0, high=3, shape=grid, dtype=np.int8),
            }
        )
        self._game: Optional[Game] = None
        self._hand = QueuedShooter("the agent")  # fires the volley the agent named
        self._refused = RefusedInARow()  # the agent's refused cells in a row
        self._agent = 0
        self._fired: List[Tuple[Cell, str]] = []
        self._opponent_fired: List[Tuple[Cell, str]] = []
        self._own_fleet = np.zeros((self.rows, self.cols), dtype=np.int8)

    # ---- the Gymnasium interface --------------------------------------------------------------
    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, npt.NDArray[np.int8]], Dict[str, Any]]:
        """Lay out both fleets, decide who moves first, and play the opponent's first turn if it
        moves first.

        ``options={"own": ocean, "ocean": ocean}`` plays chosen layouts (placed
        ``battleship.Ocean``\\ s of this board and fleet) for the agent's fleet and for the
        opponent's (the one the agent fires at) instead of drawing them; a refused layout, or a
        placer that fails, changes nothing, not even the generator.

        When the opponent moves first it plays its turn here, and on a small board that turn can
        sink the agent's whole fleet (a fleet of one small ship, under any volley rule; a larger
        one under ``until_miss`` or a salvo): the match is then over before the agent's first
        decision. ``info["to_name"]`` is 0, and the next ``step``, whatever its action, ends the
        episode with the loss (``info["outcome"]`` ``"over"``); the action mask stays the open
        cells, as any of them is taken, so a masked policy still has an action to sample.
        """
        check_layouts(self, options, ("own", "ocean"))
        if seed is not None:
            seed = check_count("seed", seed, 0, None)  # a NumPy int too; refused as BattleshipVectorEnv refuses it
        with generator_kept_if_failed(self):  # a placer that fails changes nothing either
            super().reset(seed=seed)
            episode_seed = int(self.np_random.integers(0, 2**63))
            agent = 0 if self.first == "agent" else 1 if self.first == "opponent" else int(self.np_random.integers(0, 2))
            players = (self._hand, self._opponent) if agent == 0 else (self._opponent, self._hand)
            chosen = options or {}
            fleets = [
                (agent, chosen.get("own"), self._placers[0], "options['own']"),
                (1 - agent, chosen.get("ocean"), self._placers[1], "options['ocean']"),
            ]
            game = start_match(self, players, episode_seed, _Follower(self), fleets)
        self._game, self._agent, self._episode_seed = game, agent, episode_seed
        # The agent's ships do not move: SHIP on their cells, WATER elsewhere, worked out once.
        self._own_fleet = np.where(game.ocean(agent).ships >= 0, SHIP, WATER).astype(np.int8)
        self._fired, self._opponent_fired = [], []
        self._refused = RefusedInARow()
        self._start_episode()
        try:
            self._play_opponent()  # its opening turn, when it moves first
        except BaseException:
            self._over = True  # an exception from the opponent leaves no episode to step
            raise
        return self._observation(), self._info()

    def step(self, action: Any) -> Tuple[Dict[str, npt.NDArray[np.int8]], float, bool, bool, Dict[str, Any]]:
        """Name cell ``action`` for the agent's volley; once it is complete, fire it and let the
        opponent play (unless the agent's turn goes on). Reward +1 / -1 / 0 when the match ends
        (win / loss / draw), else 0."""
        self._require_episode("step()")
        assert self._game is not None
        cell = divmod(cell_index(action, self.rows, self.cols), self.cols)
        self._steps += 1
        self._fired, self._opponent_fired = [], []
        refuse = self.rules.invalid_shot == "refused"
        if self._game.is_over:  # the opponent ended the match in reset(), before any decision
            result = "over"
        else:
            result = name_cell(
                self._game, self._agent, self._hand, self._named, cell, self._teachers.values(), refuse, self._refused
            )
        if result == "fired":
            self._play_opponent()  # unless the agent's turn goes on (until_miss after a hit)
        match = self._game.outcome
        terminated = self._game.is_over
        truncated = not terminated and self._steps >= self.max_steps
        self._over = terminated or truncated
        info = self._info()
        info["outcome"] = result
        if terminated:
            info["match"] = match
        return self._observation(), match_reward(match, self._agent) if terminated else 0.0, terminated, truncated, info

    def render(self) -> Any:
        """``"ansi"``: the target and the agent's own ocean as text; ``"rgb_array"``: both
        pictures side by side (target on the left), 16 pixels a cell."""
        if self.render_mode is None or self._game is None:
            return None
        if self.render_mode == "ansi":
            from battleship.render import ocean_text, view_text

            shots = self._info()["shots"]
            return (
                f"target (agent's shots: {shots[0]})\n{view_text(self._game.view(self._agent))}\n"
                f"own fleet (opponent's shots: {shots[1]})\n{ocean_text(self._game.ocean(self._agent))}\n"
            )
        target, own = picture(self._board, TARGET_COLOURS), picture(self._own(), _OWN_COLOURS)
        gap = np.full((target.shape[0], 16, 3), 255, dtype=np.uint8)
        return np.ascontiguousarray(np.concatenate([target, gap, own], axis=1))

    # ---- beyond Gymnasium ---------------------------------------------------------------------
    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which actions name a cell not yet shot and not named in the volley under way; every
        action before the first reset and once the match is over (no game takes it)."""
        if self._over:
            return np.ones(self.rows * self.cols, dtype=np.bool_)
        mask: npt.NDArray[np.bool_] = np.equal(self._board, UNKNOWN).reshape(-1)
        for row, col in self._named:
            mask[row * self.cols + col] = False
        return mask

    @property
    def game(self) -> Optional[Game]:
        """The match under way (for inspection and tests; an agent that reads the opponent's
        ocean cheats)."""
        return self._game

    @property
    def agent(self) -> int:
        """The agent's player number in ``game`` (0 when it moved first)."""
        return self._agent

    # ---- helpers ------------------------------------------------------------------------------
    def _play_opponent(self) -> None:
        assert self._game is not None
        play_empty_turns(self._game, self._agent)

    def _own(self) -> npt.NDArray[np.int8]:
        assert self._game is not None
        return self._own_fleet + self._game.ocean(self._agent).shots  # a shot turns 0 to 1, 2 to 3

    def _observation(self) -> Dict[str, npt.NDArray[np.int8]]:
        pending = np.zeros((self.rows, self.cols), dtype=np.int8)
        for cell in self._named:
            pending[cell] = 1
        own = self._own() if self._game is not None else np.zeros_like(pending)
        return {"board": self._board.copy(), "afloat": self._afloat.copy(), "pending": pending, "own": own}

    def _info(self) -> Dict[str, Any]:
        shots = (0, 0)
        if self._game is not None:
            fired = self._game.outcome.shots
            shots = (fired[self._agent], fired[1 - self._agent])
        to_name = self._game.next_volley_size - len(self._named) if self._game is not None and not self._game.is_over else 0
        return {
            "action_mask": self.action_masks().astype(np.int8),  # as Discrete.sample(mask=) takes it
            "shots": shots,
            "steps": self._steps,
            "to_name": to_name,
            "fired": list(self._fired),
            "opponent_fired": list(self._opponent_fired),
        }
