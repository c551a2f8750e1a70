"""What the solo and the duel environments share: actions as cell indices, chosen layouts, the
engine's shooters as teachers, pictures of a board."""

from __future__ import annotations

import contextlib
import zlib
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from battleship._arguments import INT_MAX, check_count, check_fit, fleet_and_rules
from battleship._core import Fleet, Rng, Rules, ShotOutcome
from battleship.board import Ocean, TargetView
from battleship.game import Game, GameOutcome, QueuedShooter
from battleship.posterior import HIT, MISS, SUNK, Posterior
from battleship.strategies import BuiltinShooter

Cell = Tuple[int, int]

# Not shot, miss, hit, sunk (the codes of a target board): the colours of the notebook's boards.
TARGET_COLOURS = np.array([[219, 233, 246], [255, 255, 255], [231, 76, 60], [146, 43, 33]], dtype=np.uint8)
_GRID = np.array([127, 140, 141], dtype=np.uint8)
SCALE = 16
"""Pixels a cell in ``rgb_array`` pictures."""
_CODE_OF = {"miss": MISS, "hit": HIT, "sunk": SUNK}
"""The board code of each answer."""


@contextlib.contextmanager
def generator_kept_if_failed(env: Any) -> Iterator[None]:
    """Puts ``env``'s generator (Gymnasium's ``_np_random`` and ``_np_random_seed``, or the
    PettingZoo environment's ``_np_random``) back as it was when the block raises (a placer that
    fails in ``reset``): a failed reset changes nothing, so the next one lays out what it would
    have. A seeded reset replaces the generator, an unseeded one draws from it: both are undone."""
    saved = {name: getattr(env, name) for name in ("_np_random", "_np_random_seed") if hasattr(env, name)}
    generator = saved.get("_np_random")
    state = None if generator is None else generator.bit_generator.state
    try:
        yield
    except BaseException:
        for name, value in saved.items():
            setattr(env, name, value)
        if generator is not None:
            generator.bit_generator.state = state
        raise


def cell_index(action: Any, rows: int, cols: int) -> int:
    """The cell index an action names; TypeError for what is not an integer, ValueError off the board."""
    if isinstance(action, int) and not isinstance(action, bool):
        index = action  # any size: NumPy holds no int past 64 bits, which is still an int off the board
    elif isinstance(action, np.integer):  # what argmax and a space's sample() give: 0.07 us, not 0.9
        index = int(action)
    else:
        try:
            array = np.asarray(action)
            valid = array.shape == () and np.issubdtype(array.dtype, np.integer)
        except (TypeError, ValueError):
            valid = False
        if not valid:
            raise TypeError(f"an action is a cell index (an int), got {action!r}")
        index = int(array)
    if not 0 <= index < rows * cols:
        raise ValueError(f"action {index} is not a cell index of this {rows} x {cols} board")
    return index


def copy_layout(layout: Any, ocean: Ocean, what: str) -> None:
    """Places on the empty ``ocean`` the ships of the placed ``layout`` (an option ``what``)."""
    if not isinstance(layout, Ocean):
        raise TypeError(f"{what} must be a battleship.Ocean, got {layout!r}")
    if (layout.rows, layout.cols) != (ocean.rows, ocean.cols) or layout.fleet != ocean.fleet:
        raise ValueError(f"{what} must have this environment's board size and fleet")
    if not layout.all_placed:
        raise ValueError(f"{what} must have every ship placed")
    for ship in range(ocean.ship_count):
        placement = layout.placement(ship)
        assert placement is not None
        ocean.place(ship, placement.origin, placement.orientation)  # PlacementError if the rules refuse


def game_arguments(
    rows: int, cols: int, fleet: Optional[Fleet], rules: Optional[Rules], max_steps: Optional[int], steps_per_cell: int
) -> Tuple[int, int, Fleet, Rules, int]:
    """The board, fleet, rules and step limit an environment takes, checked (the board's size,
    the fleet's fit under the touching rule); ``max_steps`` defaults to ``steps_per_cell`` steps
    a cell."""
    fleet, rules = fleet_and_rules(fleet, rules)
    check_fit(rows, cols, fleet, rules.touching)
    cells = int(rows) * int(cols)
    steps = steps_per_cell * cells if max_steps is None else check_count("max_steps", max_steps, 1, INT_MAX)
    return int(rows), int(cols), fleet, rules, steps


def target_spaces(rows: int, cols: int, ship_count: int) -> Dict[str, spaces.Space[Any]]:
    """The spaces of a target as an agent sees it: the ``"board"`` of codes and ``"afloat"``."""
    return {
        "board": spaces.Box(low=0, high=3, shape=(rows, cols), dtype=np.int8),
        "afloat": spaces.MultiBinary(ship_count),
    }


def picture(codes: npt.NDArray[np.int8], colours: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """An RGB picture of a board of codes, ``SCALE`` pixels a cell, with grid lines."""
    image = colours[codes].repeat(SCALE, axis=0).repeat(SCALE, axis=1)
    image[::SCALE, :] = _GRID
    image[:, ::SCALE] = _GRID
    return np.ascontiguousarray(image)


def record_answer(
    board: npt.NDArray[np.int8],
    afloat: npt.NDArray[np.int8],
    history: List[Tuple[Cell, ShotOutcome]],
    teachers: Iterable["Teacher"],
    posterior: Optional[Posterior],
    cell: Cell,
    told: ShotOutcome,
) -> None:
    """Records what an agent was told of its shot: on its target ``board``, in ``afloat`` (the
    ship it sank, when the rules name it), in its ``history``, to its ``teachers`` and to its
    ``posterior`` (None until its probability map is first asked for)."""
    board[cell] = _CODE_OF[str(told.result)]
    if told.sank and told.ship is not None and told.ship >= 0:
        afloat[told.ship] = 0
    history.append((cell, told))
    for teacher in teachers:
        teacher.tell(cell, told)
    if posterior is not None:
        posterior.record(cell, told)


def teacher_advice(
    teachers: Dict[str, "Teacher"],
    shooter: str,
    env: Any,
    seed: int,
    history: List[Tuple[Cell, ShotOutcome]],
    named: List[Cell],
) -> int:
    """The action the engine's ``shooter`` would take in an agent's game: its teacher in
    ``teachers``, made and caught up (the answers of ``history``, then the cells ``named`` in the
    volley under way) when first asked; nothing is kept for a bad name."""
    teacher = teachers.get(shooter)
    if teacher is None:
        teacher = Teacher(shooter, (env.rows, env.cols, env.fleet, env.rules), seed, history)
        for cell in named:
            teacher.name(cell)
        teachers[shooter] = teacher
    return teacher.advice()


def checked_layout(env: Any, layout: Any, what: str) -> Ocean:
    """A new ocean of ``env``'s board, fleet and touching rule holding the chosen ``layout`` (an
    option ``what``): ``TypeError``, ``ValueError`` or ``PlacementError`` if it does not fit."""
    scratch = Ocean(env.rows, env.cols, env.fleet, env.rules.touching)
    copy_layout(layout, scratch, what)
    return scratch


def reset_options(env: Any, options: Any) -> Dict[str, Any]:
    """``reset``'s ``options`` as a dict (None: no options); anything but a mapping is refused with
    TypeError naming the argument, before the reset changes anything."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(f"{type(env).__name__}.reset's options must be a dict or None, got {options!r}")
    return dict(options)


def check_layouts(
    env: Any, options: Optional[Dict[str, Any]], keys: Iterable[str], others: bool = False
) -> None:
    """Refuses a bad chosen layout (``options[key]``) before a ``reset`` changes anything, its
    generator included: each one is first copied onto a scratch ocean of ``env``'s board. Unless
    ``others`` are allowed, an option other than the ``keys`` is refused too (ValueError), so a
    misspelt one is not silently ignored."""
    keys = tuple(keys)
    options = reset_options(env, options)
    unknown = sorted(set(options) - set(keys))
    if unknown and not others:
        known = " and ".join(repr(key) for key in keys)
        raise ValueError(f"{type(env).__name__}.reset knows the options {known}, not {unknown}")
    for key in keys:
        layout = options.get(key)
        if layout is not None:
            checked_layout(env, layout, f"options[{key!r}]")


class RefusedInARow:
    """The cells an agent named in a row that were refused (``invalid_shot="refused"``)."""

    def __init__(self) -> None:
        self.count = 0


def name_cell(
    game: Game,
    player: int,
    hand: QueuedShooter,
    named: List[Cell],
    cell: Cell,
    teachers: Iterable["Teacher"],
    refuse_invalid: bool,
    refused: RefusedInARow,
) -> str:
    """An agent (``player`` in ``game``, firing through ``hand``) names ``cell`` for its volley
    under way, ``named``: ``"refused"`` for a cell shot or already named when ``refuse_invalid``
    (nothing changes, but the ``rules.max_invalid_in_a_row``-th such cell in a row aborts the
    match with the agent at fault, as the engine aborts a shooter that names that many: refusals
    were free, and an agent losing a match could stall it to a truncation at 0 instead of -1),
    else the cell joins the volley (and the ``teachers`` learn it is pending): ``"named"``, or
    ``"fired"`` once the volley is complete and the match has fired it (``named`` is then
    emptied, in place)."""
    if refuse_invalid and (not game.view(player).is_open(cell) or cell in named):
        refused.count += 1
        if refused.count >= game.rules.max_invalid_in_a_row:
            game.abort(f"player {player} made too many invalid shots in a row", player)
        return "refused"
    refused.count = 0
    named.append(cell)
    for teacher in teachers:
        teacher.name(cell)
    if len(named) < game.next_volley_size:
        return "named"
    hand.queue = list(named)
    named.clear()
    game.play_volley()  # under until_miss a hit leaves the turn to the same player
    return "fired"


def play_empty_turns(game: Game, agent: Optional[int] = None) -> None:
    """Plays every turn that asks nothing of anyone: the player to move has no shot to fire (its
    shot cap reached, or its last ship sunk before the round's equalising turn), so the engine
    plays the turn empty. With ``agent``, also plays every turn of the other player (the duel's
    opponent). An agent is then only asked to act when it has a cell to name."""
    while not game.is_over and (game.next_volley_size == 0 or (agent is not None and game.to_move != agent)):
        game.play_turn()


def start_match(
    env: Any,
    players: Tuple[Any, Any],
    seed: int,
    observer: Any,
    fleets: Iterable[Tuple[int, Optional[Ocean], Any, str]],
) -> Game:
    """A new match on ``env``'s board, fleet and rules between ``players`` (shooters), followed by
    ``observer``. ``fleets`` lays out each fleet: ``(player, chosen, placer, what)`` copies the
    ``chosen`` layout (an option named ``what``; a refused one raises before the caller changed
    anything) or, when it is None, places with ``placer``."""
    game = Game(
        *players,
        rows=env.rows,
        cols=env.cols,
        fleet=env.fleet,
        rules=env.rules,
        seed=seed,
        placers=None,
        observers=[observer],
    )
    for player, chosen, placer, what in fleets:
        if chosen is not None:
            copy_layout(chosen, game.ocean(player), what)
        else:
            game.place(player, placer)
    return game


def caught_up_posterior(env: Any, seed: int, history: Iterable[Tuple[Cell, ShotOutcome]]) -> Posterior:
    """A posterior over ``env``'s board, fleet and rules, told the answers of ``history`` in
    order: an agent's probability map asked for mid-episode."""
    posterior = Posterior(env.rows, env.cols, env.fleet, env.rules, seed=seed)
    for cell, told in history:
        posterior.record(cell, told)
    return posterior


def match_reward(match: GameOutcome, player: int) -> float:
    """``player``'s reward for the match that ended: +1 for a win, -1 for a loss, 0 for a draw. A
    match aborted by a player's failure (too many invalid shots in a row) is lost by that player;
    one aborted with nobody at fault is a draw."""
    if match.end == "win":
        return 1.0 if match.winner == player else -1.0
    if match.end == "aborted" and match.at_fault is not None:
        return -1.0 if match.at_fault == player else 1.0
    return 0.0


class Teacher:
    """One of the engine's shooters following an agent's game, for ``suggest``: told every answer
    the agent was told (and the cells it has named in a volley not yet fired), never the fleet."""

    def __init__(
        self,
        name: str,
        board: Tuple[int, int, Fleet, Rules],
        seed: int,
        history: Iterable[Tuple[Cell, ShotOutcome]],
    ) -> None:
        rows, cols, fleet, rules = board
        self.cols = cols
        self._made: Tuple[str, Tuple[int, int, Fleet, Rules], int] = (name, board, seed)
        # Every call that moved the shooter, in order: a copy replays them, since the engine's
        # shooter copies only as a fresh one, and one told the same calls is in the same state.
        self._calls: List[Tuple[Any, ...]] = []
        self.shooter = BuiltinShooter(name)  # ValueError for an unknown name
        self.view = TargetView(rows, cols, fleet, rules)
        self.rng = Rng((seed + zlib.crc32(name.encode())) % 2**63)
        self.shooter.start(self.view)
        self.move: Optional[int] = None  # the suggestion for the current state, once asked
        for cell, told in history:  # a teacher asked for mid-episode catches up
            self.tell(cell, told)

    def tell(self, cell: Cell, told: ShotOutcome) -> None:
        self.view.record(cell, told)
        self.shooter.on_result(self.view, cell, told)
        self._calls.append(("tell", cell, told))
        self.move = None

    def name(self, cell: Cell) -> None:
        """``cell`` is named in the volley under way: the next cell of the volley is another. (A
        cell already shot, forfeited under the rules, is not pending: it is never answered.)"""
        if self.view.is_open(cell):
            self.view.add_pending(cell)
            self._calls.append(("name", cell))
            self.move = None

    def advice(self) -> int:
        if self.move is None:
            row, col = self.shooter.next_shot(self.view, self.rng)
            self._calls.append(("advice",))
            self.move = row * self.cols + col
        return self.move

    def __reduce__(self) -> Tuple[Any, ...]:
        """Copied (``copy.deepcopy``, pickle) by replaying its calls on a new teacher: the copy's
        shooter, view and generator are where this one's are, so both advise alike from here."""
        return (_replayed_teacher, (self._made, tuple(self._calls)))


def _replayed_teacher(made: Tuple[str, Tuple[int, int, Fleet, Rules], int], calls: Tuple[Tuple[Any, ...], ...]) -> Teacher:
    """A new teacher ``made`` as given, told ``calls`` in order: a copy of the one that made them
    (an advice is logged only when it asked the shooter, so each replayed one asks it too)."""
    name, board, seed = made
    teacher = Teacher(name, board, seed, ())
    for call in calls:
        if call[0] == "tell":
            teacher.tell(call[1], call[2])
        elif call[0] == "name":
            teacher.name(call[1])
        else:
            teacher.advice()
    return teacher


class BoardEnv(gymnasium.Env[Any, Any]):
    """What the solo and the duel environments share: the board, fleet and rules, the render mode,
    the step limit, cell-index actions, the agent's target board (``"board"``, ``"afloat"``), what
    it was told, and the engine's shooters as teachers (``suggest``)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def _set_up(
        self,
        rows: int,
        cols: int,
        fleet: Optional[Fleet],
        rules: Optional[Rules],
        max_steps: Optional[int],
        steps_per_cell: int,
        render_mode: Optional[str],
    ) -> None:
        """Checks and keeps the arguments both take; ``max_steps`` defaults to ``steps_per_cell``
        steps a cell. Bad arguments raise here, not at the first ``reset``."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'rgb_array', got {render_mode!r}")
        self.rows, self.cols, self.fleet, self.rules, self.max_steps = game_arguments(
            rows, cols, fleet, rules, max_steps, steps_per_cell
        )
        cells = self.rows * self.cols
        self.render_mode = render_mode
        self.ship_count = self.fleet.ship_count
        self.action_space = spaces.Discrete(cells)
        self._board = np.zeros((self.rows, self.cols), dtype=np.int8)  # the observation's "board"
        self._afloat = np.ones(self.ship_count, dtype=np.int8)  # the observation's "afloat"
        self._history: List[Tuple[Cell, ShotOutcome]] = []  # what the agent was told, in order
        self._named: List[Cell] = []  # cells named in a volley not yet fired
        self._teachers: Dict[str, Teacher] = {}
        self._posterior: Optional[Posterior] = None  # made when probability_map is first asked
        self._started = False  # whether reset() has begun an episode (maps may follow its end)
        self._steps = 0
        self._over = True
        self._episode_seed = 0

    def _target_spaces(self) -> Dict[str, spaces.Space[Any]]:
        return target_spaces(self.rows, self.cols, self.ship_count)

    def _start_episode(self) -> None:
        self._board[:] = 0
        self._afloat[:] = 1
        self._history, self._named, self._teachers = [], [], {}
        self._posterior = None
        self._steps = 0
        self._over = False
        self._started = True

    def _require_episode(self, call: str) -> None:
        if self._over:
            raise gymnasium.error.ResetNeeded(f"call reset() before {call}: no episode is under way")

    def suggest(self, shooter: str = "probability") -> int:
        """The action the engine's shooter ``shooter`` would take now (a baseline or a teacher).

        The shooter sees what the agent was told, never the hidden fleet; it is told every shot
        the agent fires (and the cells named in a volley not yet fired), so its advice follows the
        agent's game. Same seed, same advice.
        """
        self._require_episode("suggest()")
        return teacher_advice(self._teachers, shooter, self, self._episode_seed, self._history, self._named)

    def probability_map(self) -> npt.NDArray[np.float64]:
        """``(rows, cols)``: the probability of a ship in each cell of the target given what the
        agent was told (``battleship.Posterior``, exact or sampled): a feature for an agent, or a
        picture of its game (``battleship.plot.probability_map``). Same seed, same map."""
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before probability_map()")
        if self._posterior is None:  # asked for mid-episode: told the answers so far, in order
            self._posterior = caught_up_posterior(self, self._episode_seed, self._history)
        return self._posterior.probabilities()

    def _record_answer(self, cell: Cell, told: ShotOutcome) -> None:
        """Records what the agent was told of a shot: on its board (and the ship it sank, when
        the rules name it), for the teachers and for the probability map."""
        record_answer(self._board, self._afloat, self._history, self._teachers.values(), self._posterior, cell, told)
