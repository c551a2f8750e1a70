"""``battleship play``: a full-screen terminal game against the engine's players (seed 004).

``battleship.play.session`` is the game (no screen needed); ``battleship.play.app`` draws it
with Textual (``pip install textual``). ``run(settings)`` opens the game in the terminal and
returns the ``Match`` (its scoreboard) when the player quits.
"""

from __future__ import annotations

from typing import Optional

from battleship.play.session import Match, Round, Settings, default_opponent, default_placer

__all__ = ["Match", "Round", "Settings", "default_opponent", "default_placer", "run"]


def run(settings: Optional[Settings] = None) -> Match:
    """Plays in this terminal until the player quits; returns the match and its scoreboard."""
    from battleship.play.app import PlayApp

    app = PlayApp(settings)
    app.run()
    return app.match
