"""Writes the README's screenshot of ``battleship play``: ``python -m battleship.play.screenshot docs/play.svg``.

A fixed game (seed 2004, the default opponent's moves answered by a scripted player) is played
headlessly to the middle of round 2 and the screen is saved as SVG.
"""

from __future__ import annotations

import asyncio
import pathlib
import sys
from typing import List, Tuple, Union

import numpy as np

from battleship.play.app import PlayApp
from battleship.play.session import Settings

__all__ = ["write_screenshot", "SIZE"]

SIZE = (84, 19)
"""Terminal size of the screenshot (columns, rows)."""


def _cells(mask: "np.typing.NDArray[np.bool_]") -> List[Tuple[int, int]]:
    return [(int(r), int(c)) for r, c in zip(*np.nonzero(mask))]


async def _play(path: pathlib.Path) -> None:
    app = PlayApp(Settings(seed=2004, opponent="parity"))
    async with app.run_test(size=(SIZE[0], 30)) as pilot:  # placing needs more lines than SIZE
        # Round 1, won quickly: every enemy ship cell.
        await pilot.press("a")
        r = app.match.round
        for cell in _cells(r.theirs.ships >= 0):
            r.fire(cell)
        await pilot.press("n")
        # Round 2: the fleet by keys, then a few shots: a sunk Destroyer, hits, misses.
        await pilot.press("enter", "down", "down", "r", "enter", "a")
        r = app.match.round
        ships, water = r.theirs.ships, _cells(r.theirs.ships < 0)
        for cell in _cells(ships == 4) + _cells(ships == 1)[:2] + water[::9][:7]:
            r.fire(cell)
        r.cursor = water[40]
        app.redraw()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        path.write_text(app.export_screenshot(title="battleship play"), encoding="utf-8")
        await pilot.press("q")


def write_screenshot(path: Union[str, pathlib.Path]) -> pathlib.Path:
    """Plays the scripted game and writes the SVG screenshot to ``path``; returns the path."""
    out = pathlib.Path(path)
    asyncio.run(_play(out))
    return out


if __name__ == "__main__":
    print(write_screenshot(sys.argv[1] if len(sys.argv) > 1 else "play.svg"))
