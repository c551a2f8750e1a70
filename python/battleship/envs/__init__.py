"""Gymnasium environments for reinforcement learning, on the engine's own games.

- ``BattleshipEnv`` (id ``"battleship/Battleship-v0"``): the solo game, one step a shot, -1 a
  step: an episode's return is minus the shots it took (``battleship.envs.solo``).
- ``BattleshipVectorEnv``: many solo games stepped in one call to the engine, the same games as
  that many ``BattleshipEnv`` (``gymnasium.make_vec("battleship/Battleship-v0", num_envs=N,
  vectorization_mode="vector_entry_point")``; ``battleship.envs.vector``).
- ``DuelEnv`` (id ``"battleship/Duel-v0"``): a two-player match against one of the engine's
  shooters under the rules' turns and volleys, +1 for a win, -1 for a loss
  (``battleship.envs.duel``).
- ``battleship.envs.self_play``: the same match for two learning agents, stepped in turn through
  PettingZoo's AEC interface (``self_play.env()``; needs ``pip install "battleship[pettingzoo]"``,
  and is imported on its own, not by this package).

Needs Gymnasium (``pip install "battleship[gym]"``). Importing this package registers both ids,
so both of these work::

    import battleship.envs, gymnasium
    env = gymnasium.make("battleship/Duel-v0")
    env = gymnasium.make("battleship.envs:battleship/Battleship-v0")  # imports the package itself

Boards in observations use the codes of ``battleship.posterior``: ``UNKNOWN`` (0), ``MISS`` (1),
``HIT`` (2), ``SUNK`` (3, the hit that sank a ship).
"""

from __future__ import annotations

try:
    import gymnasium
except ImportError as error:  # pragma: no cover - exercised only without gymnasium
    raise ImportError(
        'battleship.envs needs Gymnasium: pip install "battleship[gym]" (or pip install gymnasium)'
    ) from error

from battleship.envs.duel import DUEL_ID, DuelEnv
from battleship.envs.solo import ENV_ID, BattleshipEnv
from battleship.envs.vector import BattleshipVectorEnv
from battleship.posterior import HIT, MISS, SUNK, UNKNOWN

__all__ = ["BattleshipEnv", "BattleshipVectorEnv", "DuelEnv", "ENV_ID", "DUEL_ID", "UNKNOWN", "MISS", "HIT", "SUNK"]

if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="battleship.envs:BattleshipEnv",
        vector_entry_point="battleship.envs:BattleshipVectorEnv",
    )
if DUEL_ID not in gymnasium.registry:
    gymnasium.register(id=DUEL_ID, entry_point="battleship.envs:DuelEnv")
