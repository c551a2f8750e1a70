"""A PettingZoo environment for self-play: two learning agents play the engine's two-player match.

``DuelEnv`` puts one agent against an engine shooter; here both players are agents,
``"player_0"`` and ``"player_1"``, stepped one at a time through PettingZoo's AEC interface (the
one its board games use). The match is the engine's own (``battleship.Game``) under the rules:
turns alternate, a turn fires a volley (one shot, a fixed salvo, or one shot per own ship afloat)
named in full before any of it is answered, or under ``until_miss`` one shot after another until
a miss; the equalising shot and the shot cap apply. A step names one cell of the selected agent's
volley; once the volley is complete it is fired, and ``agent_selection`` is whoever moves next
(the same agent after a hit under ``until_miss``, or while it names the rest of a salvo). A turn
in which an agent has no shot to fire (its shot cap reached, or its fleet sunk before the round's
equalising turn) is played for it, empty: an agent is selected only when it has a cell to name.

Use ``env(...)`` (the environment in PettingZoo's order-enforcing wrapper) or ``raw_env(...)``::

    import battleship
    from battleship.envs import self_play

    env = self_play.env(rules=battleship.Rules.named("salvo"))
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policy(observation)
        env.step(action)

**Observation** of each agent (a ``Dict`` space), what that player may know:

- ``"board"``: ``int8`` ``(rows, cols)``, its target: ``0`` not shot, ``1`` miss, ``2`` hit, ``3``
  the hit that sank a ship (as the disclosure rule tells);
- ``"afloat"``: ``int8`` ``(ship_count,)``: ``0`` for an enemy ship known to be sunk;
- ``"pending"``: ``int8`` ``(rows, cols)``: ``1`` on the cells it named in its volley under way;
- ``"own"``: ``int8`` ``(rows, cols)``, its own ocean: ``0`` water, ``1`` water the enemy shot,
  ``2`` a ship cell, ``3`` a ship cell hit;
- ``"action_mask"``: ``int8`` ``(rows * cols,)``: ``1`` on the cells it may name (not shot, not
  named in its volley under way), PettingZoo's convention for masked policies (also in each
  agent's ``info``, with ``"shots"`` fired, ``"steps"`` taken and the cells still ``"to_name"`` in
  its volley, and after its step the ``"outcome"``: ``"named"``, ``"fired"`` or ``"refused"``).

**Action**: a cell index ``row * cols + col``. Another cell is an invalid shot: under the rules'
``invalid_shot="forfeits"`` it is handed to the match, which wastes it (and aborts the match
after ``max_invalid_in_a_row`` in a row); under ``"refused"`` (the default) the environment
refuses it: nothing changes, the same agent is selected again, and its ``info["outcome"]`` is
``"refused"``; its ``max_invalid_in_a_row``-th refused cell in a row aborts the match with it at
fault, as the engine aborts a shooter that names that many (refusals were free, and an agent
about to lose could stall the match to a truncation at 0).

**Rewards**: 0 until the match ends; then +1 to the winner and -1 to the loser, 0 each for a
draw. A match aborted for invalid shots is lost by the player who made them.

**End**: every agent is terminated when the match ends, and truncated once one of them has taken
``max_steps`` steps (``4 * rows * cols`` unless given).

**Who moves first**: ``first="player_0"`` (the default), ``"player_1"`` or ``"random"`` (drawn at
each ``reset``, for training both sides). **Determinism**: ``reset(seed=s)`` fixes both fleets and
who moves first. ``reset(options={"player_0": ocean, "player_1": ocean})`` plays chosen layouts
(placed ``battleship.Ocean``\\ s of this board and fleet) instead of drawing them; other keys are
ignored.

**Beyond PettingZoo**: ``suggest(agent, shooter)`` gives the move an engine shooter would make in
that agent's game (a baseline, a teacher, or a fixed opponent for league training),
``probability_map(agent)`` the posterior of that agent's target given what it was told, and
``game`` is the match under way. ``observe``, ``action_mask``, ``suggest``, ``probability_map``
and ``player_of`` refuse a name other than ``"player_0"`` and ``"player_1"`` with ``ValueError``.

Needs PettingZoo (``pip install "battleship[pettingzoo]"``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding

try:
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as error:  # pragma: no cover - exercised only without pettingzoo
    raise ImportError(
        'battleship.envs.self_play needs PettingZoo: pip install "battleship[pettingzoo]" (or pip install pettingzoo)'
    ) from error

from battleship._arguments import check_count
from battleship._core import Fleet, Rules, ShotOutcome
from battleship.envs._shared import (
    TARGET_COLOURS,
    RefusedInARow,
    Teacher,
    caught_up_posterior,
    cell_index,
    check_layouts,
    game_arguments,
    generator_kept_if_failed,
    match_reward,
    name_cell,
    picture,
    play_empty_turns,
    record_answer,
    start_match,
    teacher_advice,
)
from battleship.envs.duel import SHIP, WATER
from battleship.game import Game, QueuedShooter
from battleship.posterior import Posterior
from battleship.strategies import resolve_placer

__all__ = ["SelfPlayEnv", "raw_env", "env", "AGENTS"]

AGENTS = ("player_0", "player_1")
"""The agents' names."""

Cell = Tuple[int, int]


class _Side:
    """What one agent knows and has named: its target board, the enemy ships it knows sunk, the
    answers it was told (for its teachers), its volley under way, its steps."""

    def __init__(self, rows: int, cols: int, ship_count: int) -> None:
        self.board = np.zeros((rows, cols), dtype=np.int8)
        self.afloat = np.ones(ship_count, dtype=np.int8)
        self.own_fleet = np.zeros((rows, cols), dtype=np.int8)  # SHIP on its ships' cells
        self.history: List[Tuple[Cell, ShotOutcome]] = []
        self.named: List[Cell] = []
        self.teachers: Dict[str, Teacher] = {}
        self.posterior: Optional[Posterior] = None  # made when probability_map is first asked
        self.steps = 0
        self.hand = QueuedShooter("an agent")  # fires the volley the agent named
        self.refused = RefusedInARow()  # its refused cells in a row

    def record(self, cell: Cell, told: ShotOutcome) -> None:
        record_answer(self.board, self.afloat, self.history, self.teachers.values(), self.posterior, cell, told)


class _Follower:
    """Hands every answer of the match to the side that fired the shot."""

    def __init__(self, env: SelfPlayEnv) -> None:
        self.env = env

    def on_shot(self, player: int, cell: Cell, outcome: ShotOutcome, told: ShotOutcome) -> None:
        if told.valid:  # a forfeited shot is never answered
            self.env._side_of_player(player).record(cell, told)


class SelfPlayEnv(AECEnv):  # type: ignore[misc]
    """Two-player Battleship for two agents (see the module's description).

    Parameters: the board's ``rows`` and ``cols``, the ``fleet`` and the ``rules`` (classic by
    default), ``placers`` (one per agent: names from ``battleship.placer_names()`` or placer
    objects), ``first`` (``"player_0"``, ``"player_1"`` or ``"random"``), ``max_steps`` (per
    agent) and ``render_mode`` (``"human"``, ``"ansi"`` or ``"rgb_array"``). Bad arguments raise
    ``ValueError`` or ``TypeError`` here, not at the first ``reset``.
    """

    metadata: Dict[str, Any] = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "battleship_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        rows: int = 10,
        cols: int = 10,
        fleet: Optional[Fleet] = None,
        rules: Optional[Rules] = None,
        placers: Tuple[Any, Any] = ("uniform", "uniform"),
        first: str = "player_0",
        max_steps: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        # The board's size and the fleet's fit under the touching rule, as the other environments.
        self.rows, self.cols, self.fleet, self.rules, self.max_steps = game_arguments(rows, cols, fleet, rules, max_steps, 4)
        if first not in (*AGENTS, "random"):
            raise ValueError(f"first must be 'player_0', 'player_1' or 'random', got {first!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human', 'ansi' or 'rgb_array', got {render_mode!r}")
        if not isinstance(placers, (tuple, list)) or len(placers) != 2:
            raise ValueError(f"placers must be a pair (one placer per agent), got {placers!r}")
        self._placers = (resolve_placer(placers[0]), resolve_placer(placers[1]))
        cells = self.rows * self.cols
        self.first, self.render_mode = first, render_mode
        self.possible_agents = list(AGENTS)
        self.agents: List[str] = []
        grid = (self.rows, self.cols)
        space = spaces.Dict(
            {
                "board": spaces.Box(low=0, high=3, shape=grid, dtype=np.int8),
                "afloat": spaces.MultiBinary(self.fleet.ship_count),
                "pending": spaces.Box(low=0, high=1, shape=grid, dtype=np.int8),
                "own": spaces.Box(low=0, high=3, shape=grid, dtype=np.int8),
                "action_mask": spaces.Box(low=0, high=1, shape=(cells,), dtype=np.int8),
            }
        )
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(cells) for agent in AGENTS}
        self._np_random, _ = seeding.np_random(None)
        self._game: Optional[Game] = None
        self._sides: Dict[str, _Side] = {}
        self._order: Tuple[str, str] = AGENTS  # the agent of the match's player 0 and player 1
        self._episode_seed = 0

    # ---- the PettingZoo interface -------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: cell indices."""
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Lay out both fleets and decide who moves first (see the module's description). A
        refused layout, or a placer that fails, changes nothing, not even the generator."""
        check_layouts(self, options, AGENTS, others=True)  # PettingZoo's api_test passes its own
        if seed is not None:
            seed = check_count("seed", seed, 0, None)  # a NumPy int too; refused naming it, as the other envs
        with generator_kept_if_failed(self):  # a placer that fails changes nothing
            if seed is not None:
                self._np_random, _ = seeding.np_random(seed)
            rng = self._np_random
            episode_seed = int(rng.integers(0, 2**63))
            first = self.first if self.first != "random" else AGENTS[int(rng.integers(0, 2))]
            order = (first, AGENTS[1 - AGENTS.index(first)])
            sides = {agent: _Side(self.rows, self.cols, self.fleet.ship_count) for agent in AGENTS}
            chosen = options or {}  # other keys are ignored (PettingZoo's api_test passes one)
            fleets = [
                (player, chosen.get(agent), self._placers[AGENTS.index(agent)], f"options[{agent!r}]")
                for player, agent in enumerate(order)
            ]
            players = (sides[order[0]].hand, sides[order[1]].hand)
            game = start_match(self, players, episode_seed, _Follower(self), fleets)
        for player, agent in enumerate(order):  # the ships do not move: worked out once
            sides[agent].own_fleet = np.where(game.ocean(player).ships >= 0, SHIP, WATER).astype(np.int8)
        self._game, self._sides, self._order, self._episode_seed = game, sides, order, episode_seed
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: self._info(agent) for agent in self.agents}
        self.agent_selection = first

    def step(self, action: Any) -> None:
        """Name cell ``action`` for the selected agent's volley; once it is complete, fire it.
        A terminated or truncated agent's step takes ``None`` and removes it; once every agent is
        removed (or before the first ``reset()``), a step is a ``RuntimeError`` asking for one."""
        if not self.agents:  # the raw env, unwrapped: say why instead of a KeyError from inside
            raise RuntimeError("call reset() before step(): no agent is in a match under way")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game
        assert game is not None
        side = self._sides[agent]
        cell = divmod(cell_index(action, self.rows, self.cols), self.cols)
        player = self._order.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        side.steps += 1
        refuse = self.rules.invalid_shot == "refused"
        outcome = name_cell(game, player, side.hand, side.named, cell, side.teachers.values(), refuse, side.refused)
        if outcome == "fired":
            play_empty_turns(game)  # a player with no shot to fire is not asked to act
        if game.is_over:
            match = game.outcome
            for other in self.agents:
                self.rewards[other] = match_reward(match, self._order.index(other))
            self.terminations = dict.fromkeys(self.agents, True)
        elif side.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        for other in self.agents:  # the other agent's info changes only when a volley is fired
            if other == agent or outcome == "fired":
                self.infos[other] = self._info(other)
        self.infos[agent]["outcome"] = outcome
        if not game.is_over:
            self.agent_selection = self._order[game.to_move]
        self._accumulate_rewards()

    def observe(self, agent: str) -> Dict[str, npt.NDArray[np.int8]]:
        """What ``agent`` may know now (see the module's description)."""
        self._check_agent(agent)
        if self._game is None:
            raise RuntimeError("call reset() before observe()")
        side = self._sides[agent]
        pending = np.zeros((self.rows, self.cols), dtype=np.int8)
        for cell in side.named:
            pending[cell] = 1
        return {
            "board": side.board.copy(),
            "afloat": side.afloat.copy(),
            "pending": pending,
            "own": side.own_fleet + self._game.ocean(self._order.index(agent)).shots,
            "action_mask": self.action_mask(agent).astype(np.int8),
        }

    def render(self) -> Any:
        """``"ansi"``: each agent's target as it knows it, as text; ``"human"``: that text printed
        (PettingZoo's text games do so), returning None; ``"rgb_array"``: the two pictures side by
        side (``player_0``'s target on the left), 16 pixels a cell."""
        if self.render_mode is None or self._game is None:
            return None
        if self.render_mode == "rgb_array":
            left, right = (picture(self._sides[agent].board, TARGET_COLOURS) for agent in AGENTS)
            gap = np.full((left.shape[0], 16, 3), 255, dtype=np.uint8)
            return np.ascontiguousarray(np.concatenate([left, gap, right], axis=1))
        from battleship.render import view_text

        parts = []
        for agent in AGENTS:
            player = self._order.index(agent)
            shots = self._game.outcome.shots[player]
            parts.append(f"{agent}'s target (shots: {shots})\n{view_text(self._game.view(player))}\n")
        if self.render_mode == "human":
            print("".join(parts))
            return None
        return "".join(parts)

    def close(self) -> None:
        """Nothing to release."""

    # ---- beyond PettingZoo --------------------------------------------------------------------
    def action_mask(self, agent: str) -> npt.NDArray[np.bool_]:
        """Which of ``agent``'s actions name a cell it has not shot and has not named in its
        volley under way."""
        self._check_agent(agent)
        if self._game is None:
            raise RuntimeError("call reset() before action_mask()")
        side = self._sides[agent]
        mask: npt.NDArray[np.bool_] = np.equal(side.board, 0).reshape(-1)  # every shot is answered
        for row, col in side.named:
            mask[row * self.cols + col] = False
        return mask

    def suggest(self, agent: str, shooter: str = "probability") -> int:
        """The action the engine's shooter ``shooter`` would take now in ``agent``'s game: it sees
        what ``agent`` was told, never the enemy fleet. Same seed, same advice."""
        self._check_agent(agent)
        if self._game is None or agent not in self.agents:
            raise RuntimeError(f"{agent!r} is not in an episode under way; call reset()")
        side = self._sides[agent]
        return teacher_advice(side.teachers, shooter, self, self._agent_seed(agent), side.history, side.named)

    def probability_map(self, agent: str) -> npt.NDArray[np.float64]:
        """``(rows, cols)``: the probability of a ship in each cell of ``agent``'s target given what
        it was told (``battleship.Posterior``, exact or sampled), a ready-made feature for a
        policy. Same seed, same map."""
        self._check_agent(agent)
        if self._game is None:
            raise RuntimeError("call reset() before probability_map()")
        side = self._sides[agent]
        if side.posterior is None:  # asked for mid-episode: told the answers so far, in order
            side.posterior = caught_up_posterior(self, self._agent_seed(agent), side.history)
        return side.posterior.probabilities()

    @property
    def game(self) -> Optional[Game]:
        """The match under way (for inspection and tests; an agent that reads the other's ocean
        cheats). Its player 0 is the agent that moved first: ``player_of``."""
        return self._game

    def player_of(self, agent: str) -> int:
        """``agent``'s player number in ``game`` (0 when it moved first)."""
        self._check_agent(agent)
        return self._order.index(agent)

    # ---- helpers ------------------------------------------------------------------------------
    def _check_agent(self, agent: Any) -> None:
        """ValueError for a name that is not one of the agents (a bad argument, as PettingZoo's
        classic games refuse it), rather than a bare KeyError from inside."""
        if agent not in AGENTS:
            known = " and ".join(repr(name) for name in AGENTS)
            raise ValueError(f"unknown agent {agent!r}; the agents are {known}")

    def _agent_seed(self, agent: str) -> int:
        """The seed of ``agent``'s teachers and posterior: one per agent and episode."""
        return (self._episode_seed + AGENTS.index(agent)) % 2**63

    def _side_of_player(self, player: int) -> _Side:
        return self._sides[self._order[player]]

    def _info(self, agent: str) -> Dict[str, Any]:
        game = self._game
        assert game is not None
        player = self._order.index(agent)
        to_name = 0
        if not game.is_over and game.to_move == player:
            to_name = game.next_volley_size - len(self._sides[agent].named)
        return {
            "action_mask": self.action_mask(agent).astype(np.int8),
            "shots": game.outcome.shots[player],
            "steps": self._sides[agent].steps,
            "to_name": to_name,
        }


raw_env = SelfPlayEnv
"""PettingZoo's name for the unwrapped environment class."""


def env(**kwargs: Any) -> Any:
    """The environment in PettingZoo's ``OrderEnforcingWrapper`` (which refuses ``step`` before
    ``reset``, as PettingZoo's own games are made); ``kwargs`` go to ``SelfPlayEnv``."""
    return wrappers.OrderEnforcingWrapper(SelfPlayEnv(**kwargs))
