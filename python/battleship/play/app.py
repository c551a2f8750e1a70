"""The Textual app of ``battleship play``: your board left, the enemy's right, a side panel.

The game itself is ``battleship.play.session``; this module only draws it and turns keys and
clicks into calls. ``screen_text(app)`` gives the screen as plain text (for tests).
"""

from __future__ import annotations

import io
import textwrap
from typing import Dict, List, Optional, Tuple

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from battleship.play.session import Mark, Match, Round, Settings, cell_name

__all__ = ["PlayApp", "BoardView", "screen_text", "STYLES"]

STYLES: Dict[str, str] = {
    Mark.WATER: "#4f83b0 on #12314d",
    Mark.UNKNOWN: "#4f83b0 on #12314d",
    Mark.SHIP: "bold #f0f0f0 on #5d6d7e",
    Mark.HIT: "bold #ffffff on #c0392b",
    Mark.SUNK: "bold #ffffff on #5b1a12",
    Mark.MISS: "bold #e8eef5 on #2a5b86",
    Mark.AIMED: "bold #000000 on #f39c12",
    Mark.GHOST: "bold #000000 on #2ecc71",
    Mark.ILLEGAL: "bold #ffffff on #e74c3c",
    Mark.REVEALED: "#c8c8c8 on #3d4b59",
}
"""The colour of each mark (every mark also has its own symbol)."""
CURSOR = "bold #000000 on #f1c40f"
CELL = 2  # characters per cell
LABEL = 3  # characters of the row labels
PANEL_WIDTH = 28  # the side panel's least width, border and padding included
OPPONENT_CHARS = 16  # of the opponent's name in the panel (the enemy board's title has it all)


LEGENDS = ("! illegal spot", "fits here", "o miss X hit # sunk")
"""Every board subtitle ``PlayApp.legend`` gives."""


def board_width(cols: int, title: str) -> int:
    """A board's content width: its cells and row labels, widened to show ``title`` and every
    legend whole (Textual draws a border's text with a space and a line either side, and cuts it
    to fit; on the classic 10 columns the widest legend just fits)."""
    return max(LABEL + CELL * cols, *(len(text) + 4 for text in (title, *LEGENDS)))


def _column_label(c: int) -> str:
    name = cell_name((0, c))
    return name[: len(name) - 1]


class BoardView(Widget):
    """One board; ``side`` is ``"mine"`` or ``"enemy"``. A click calls ``PlayApp.board_clicked``."""

    DEFAULT_CSS = """
    BoardView {
        width: auto;
        height: auto;
        border: round $primary;
        border-title-align: center;
        border-subtitle-align: center;
    }
    BoardView.flash {
        border: heavy $error;
        background: $error 40%;
    }
    """

    def __init__(self, side: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.side = side

    @property
    def round(self) -> Round:
        """The round being played."""
        return self.app.match.round  # type: ignore[attr-defined, no-any-return]

    def get_content_width(self, container: object, viewport: object) -> int:
        """Textual's width: ``board_width``, the row labels and one cell per column, or wider where
        the title or a legend would be cut (on a board of a few columns)."""
        return board_width(self.round.cols, str(self.border_title or ""))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """Textual's height: the column labels and one line per row."""
        return self.round.rows + 1

    def render(self) -> Text:
        """The board as styled text: this side's marks, the cursor, the ship being placed."""
        r = self.round
        marks = r.my_marks() if self.side == "mine" else r.enemy_marks()
        cursor = r.cursor if (self.side == "enemy" and r.stage == "shooting") else None
        text = Text(no_wrap=True)
        text.append(" " * LABEL + "".join(f"{_column_label(c):<{CELL}}" for c in range(r.cols)) + "\n", "bold")
        for row in range(r.rows):
            text.append(f"{row + 1:>{LABEL - 1}} ", "bold")
            for col in range(r.cols):
                mark, symbol = marks[row][col]
                style = STYLES[mark]
                if cursor == (row, col):
                    style = CURSOR
                    if mark == Mark.UNKNOWN:
                        symbol = "+"
                text.append(f"{symbol:<{CELL}}", style)
            if row + 1 < r.rows:
                text.append("\n")
        return text

    def cell_at(self, x: int, y: int) -> Optional[Tuple[int, int]]:
        """The cell at content offset (x, y), or None (labels, outside)."""
        row, col = y - 1, (x - LABEL) // CELL if x >= LABEL else -1
        if 0 <= row < self.round.rows and 0 <= col < self.round.cols:
            return (row, col)
        return None

    def offset_of(self, cell: Tuple[int, int]) -> Tuple[int, int]:
        """Where ``cell`` is drawn, relative to the widget (for clicks in tests and scripts)."""
        gutter = self.styles.gutter
        return (gutter.left + LABEL + CELL * cell[1], gutter.top + 1 + cell[0])

    def on_click(self, event: events.Click) -> None:
        """A click on this board, handed to ``PlayApp.board_clicked`` with the cell (None off it)."""
        offset = event.get_content_offset(self)
        event.stop()
        cell = None if offset is None else self.cell_at(offset.x, offset.y)
        self.app.board_clicked(self.side, cell)  # type: ignore[attr-defined]


class PlayApp(App[Match]):
    """``battleship play``: rounds against the computer; returns the ``Match`` when it quits."""

    TITLE = "Battleship"
    CSS = """
    #main {
        height: auto;
    }
    #left {
        width: auto;
        height: auto;
    }
    #boards {
        width: auto;
        height: auto;
    }
    #panel {
        width: 1fr;
        min-width: 28;  /* PANEL_WIDTH; redraw widens it to the panel's widest line */
        height: auto;
        border: round $secondary;
        border-title-align: center;
        border-subtitle-align: right;
        padding: 0 1;
    }
    #message {
        width: 100%;
        height: auto;
        min-height: 3;
        border: round $accent;
        padding: 0 1;
    }
    #too_small {
        display: none;
        padding: 1 2;
    }
    #message.hit {
        border: heavy $error;
        background: $error 40%;
        text-style: bold;
    }
    """
    BINDINGS = [
        Binding("up", "move(-1, 0)", "up", show=False, priority=True),
        Binding("down", "move(1, 0)", "down", show=False, priority=True),
        Binding("left", "move(0, -1)", "left", show=False, priority=True),
        Binding("right", "move(0, 1)", "right", show=False, priority=True),
        Binding("r,R", "rotate", "rotate", show=False),
        Binding("enter,space", "confirm", "place / fire", show=False, priority=True),
        Binding("a,A", "random", "place the rest at random", show=False),
        Binding("u,U,backspace", "undo", "take back a ship", show=False),
        Binding("n,N", "next", "next round", show=False),
        Binding("h,H", "hint", "hint", show=False),
        # ctrl+c too: Textual's own binding only tells how to quit, and Ctrl-C is what people try
        Binding("q,Q,escape,ctrl+c", "quit", "quit", show=False, priority=True),
    ]
    FLASH_SECONDS = 0.4

    def __init__(self, settings: Optional[Settings] = None) -> None:
        super().__init__()
        self.match = Match(settings if settings is not None else Settings())
        self._too_small = False  # the notice hides the game: only quitting works

    # ---- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The two boards, the side panel and the key line."""
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with Horizontal(id="boards"):
                    yield BoardView("mine", id="mine")
                    yield BoardView("enemy", id="enemy")
                yield Static(id="message")
            yield Static(id="panel")
        yield Static(id="too_small")

    def on_mount(self) -> None:
        """Titles the boards and the panel and draws the first screen."""
        self.query_one("#mine", BoardView).border_title = "Your fleet"
        self.query_one("#enemy", BoardView).border_title = f"Enemy: {self.match.settings.opponent}"
        self.query_one("#panel", Static).border_title = "Battleship"
        self.query_one("#panel", Static).border_subtitle = f"seed {self.match.settings.seed}"
        self.redraw()

    def redraw(self) -> None:
        """Redraws the boards, the panel and the message line."""
        for board in self.query(BoardView):
            board.refresh(layout=True)
        self.query_one("#panel", Static).update(self.panel_text())
        self.query_one("#mine", BoardView).border_subtitle = self.legend() if self.match.round.stage == "placing" else ""
        self.query_one("#enemy", BoardView).border_subtitle = "" if self.match.round.stage == "placing" else self.legend()
        self.query_one("#message", Static).update(Text(self.match.round.message))
        self._check_size()

    def minimum_size(self) -> Tuple[int, int]:
        """The smallest terminal, (columns, lines), that shows both boards, the message (wrapped
        under them) and the side panel (its widest line unwrapped) as they are now."""
        return self._sizes()[0]

    def _sizes(self) -> Tuple[Tuple[int, int], int]:
        """``minimum_size()`` and the side panel's width with its widest line unwrapped (at least
        ``PANEL_WIDTH``), from one drawing of the panel."""
        r = self.match.round
        widths = [board_width(r.cols, str(b.border_title or "")) + 2 for b in self.query(BoardView)]  # 2: the border
        board_height = r.rows + 1 + 2  # 1: the column labels
        panel_lines = self.panel_text().plain.split("\n")
        panel_width = max(PANEL_WIDTH, max(cell_len(line) for line in panel_lines) + 4)  # border, padding
        message_width = max(1, sum(widths) - 4)  # its border and padding
        message_lines = len(textwrap.wrap(r.message, message_width)) or 1
        height = max(board_height + message_lines + 2, len(panel_lines) + 2)  # 2: the borders
        return (sum(widths) + panel_width, height), panel_width

    def _check_size(self, size: Optional[Size] = None) -> None:
        """Hides the game behind a notice while the terminal (``size``, default the app's) is too
        small to show all of it (a board cut off at the edge would look like a smaller board)."""
        size = self.size if size is None else size
        (width, height), panel_width = self._sizes()
        self.query_one("#panel").styles.min_width = panel_width  # never narrower than its lines
        small = size.width < width or size.height < height
        self._too_small = small
        self.query_one("#main").display = not small
        notice = self.query_one("#too_small", Static)
        notice.display = small
        if small:
            notice.update(
                Text(
                    f"The terminal is {size.width} x {size.height}; this game needs at least "
                    f"{width} x {height}. Make it larger, or press Q to quit."
                )
            )

    def on_resize(self, event: events.Resize) -> None:
        """Hides the game behind a notice while the terminal is too small to show all of it."""
        self._check_size(event.size)

    def panel_text(self) -> Text:
        """The side panel: round, stage, score, shots, ships afloat, keys (fits 80 x 24)."""
        m, r = self.match, self.match.round
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f"Round {r.number}", "bold")
        name = m.settings.opponent
        t.append(f" vs {name if len(name) <= OPPONENT_CHARS else name[: OPPONENT_CHARS - 1] + '…'}\n")
        if r.stage == "placing":
            assert r.ship is not None
            stage = f"placing {len(r.placed) + 1}/{len(r.names)}"
        elif r.stage == "shooting":
            n = r.volley_size()
            stage = "shooting" if n == 1 else f"salvo, {len(r.aimed)}/{n} aimed"
        else:
            stage = "round over"
        t.append(f"Stage: {stage}\n", "bold")
        t.append(m.won() + "\n", "bold #f1c40f")
        if m.draws or m.stopped:
            t.append(m.others() + "\n", "#f1c40f")
        you, me = r.shots
        t.append(f"Shots: you {you}, me {me}\n")
        if r.hints:
            t.append(f"Hints: {r.hints}\n")
        count = r.enemy_afloat_count()
        t.append("Enemy afloat: ", "bold")
        t.append(("?" if count is None else f"{count}/{len(r.names)}") + "\n")
        for label, sunk in r.enemy_afloat():
            if sunk is None:
                continue
            t.append(" # " if sunk else " ~ ")
            t.append(label + "\n", "strike dim" if sunk else "")
        if r.stage == "placing":
            t.append(f"Your fleet: {len(r.placed)}/{len(r.names)} placed\n", "bold")
        else:
            t.append(f"Your fleet: {r.mine.afloat_count}/{len(r.names)} afloat\n", "bold")
        t.append("Keys\n", "bold underline")
        lines = self.key_lines()
        for i, (key, what) in enumerate(lines):
            t.append(f" {key:<7}", "bold #2ecc71")
            t.append(what + ("\n" if i + 1 < len(lines) else ""))
        return t

    def key_lines(self) -> List[Tuple[str, str]]:
        """The keys that do something at this stage: (key, what it does)."""
        stage = self.match.round.stage
        if stage == "placing":
            keys = [("arrows", "move the ship"), ("R", "rotate"), ("Enter", "place it"), ("A", "place the rest"),
                    ("U", "take one back"), ("click", "move it there")]
        elif stage == "shooting":
            aim = "fire" if self.match.round.volley_size() == 1 else "aim (*)"
            keys = [("arrows", "move cursor (+)"), ("Enter", aim), ("click", f"{aim} there"), ("H", "hint")]
        else:
            keys = [("N", "next round"), ("click", "next round")]
        return keys + [("Q/Esc", "quit")]

    def legend(self) -> str:
        """The board subtitle: while placing, whether the ship fits; then what the marks mean."""
        r = self.match.round
        if r.stage == "placing":
            return LEGENDS[0] if r.problem() else LEGENDS[1]
        return LEGENDS[2]

    # ---- feedback --------------------------------------------------------------------------
    def flash(self) -> None:
        """Flashes the boards just hit and the message line."""
        hit = self.match.round.hit_boards
        widgets: List[Widget] = [self.query_one("#mine" if p == 0 else "#enemy", BoardView) for p in hit]
        if not widgets:
            return
        message = self.query_one("#message", Static)
        widgets.append(message)
        for w in widgets:
            w.add_class("flash" if isinstance(w, BoardView) else "hit")

        def done() -> None:
            for w in widgets:
                w.remove_class("flash", "hit")

        self.set_timer(self.FLASH_SECONDS, done)

    # ---- actions ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: Tuple[object, ...]) -> Optional[bool]:
        """Textual asks before each key's action: while the notice hides the game, only Q, Esc and
        Ctrl-C do anything (a key must not fire at a board you cannot see)."""
        return action == "quit" or not self._too_small

    def action_move(self, dr: int, dc: int) -> None:
        """The arrow keys: move the cursor by (dr, dc)."""
        self.match.round.move(dr, dc)
        self.redraw()

    def action_rotate(self) -> None:
        """R: turn the ship being placed."""
        self.match.round.rotate()
        self.redraw()

    def action_confirm(self) -> None:
        """Enter or Space: place the ship, or fire at the cursor."""
        r = self.match.round
        if r.stage == "placing":
            r.confirm()
        elif r.stage == "shooting":
            self._fire(None)
            return
        else:
            self.action_next()
            return
        self.redraw()

    def action_random(self) -> None:
        """A: place the ships not yet placed at random."""
        self.match.round.place_rest()
        self.redraw()

    def action_undo(self) -> None:
        """U or Backspace: take back the last ship placed."""
        self.match.round.undo()
        self.redraw()

    def action_hint(self) -> None:
        """H: move the cursor to the open cell likeliest to hold a ship (counted as a hint)."""
        self.match.round.hint()
        self.redraw()

    def action_next(self) -> None:
        """N: start the next round once this one is over."""
        if self.match.next_round():
            self.query_one("#mine", BoardView).refresh(layout=True)
        self.redraw()

    async def action_quit(self) -> None:
        """Q or Escape: leave, handing the match (its score) back to the caller."""
        self.exit(self.match)

    def _fire(self, cell: Optional[Tuple[int, int]]) -> None:
        r = self.match.round
        before = r.shots
        r.fire(cell)
        self.redraw()
        if r.shots != before:
            self.flash()

    def board_clicked(self, side: str, cell: Optional[Tuple[int, int]]) -> None:
        """A click on a board: move the ship there, fire there, or start the next round."""
        r = self.match.round
        if r.stage == "over":
            self.action_next()
        elif cell is None:
            return
        elif r.stage == "placing" and side == "mine":
            if r.ship is not None and r.origin_for(cell) == r.origin:  # where it lies: place it
                r.confirm()
            else:
                r.move_to(cell)
            self.redraw()
        elif r.stage == "shooting" and side == "enemy":
            self._fire(cell)
        elif r.stage == "shooting":
            r.message = f"Fire at the enemy board, on the right ({cell_name(cell)} is your own)."
            self.redraw()
        else:  # placing, and the enemy board clicked
            r.message = "Place your fleet first, on the left board (A places the rest at random)."
            self.redraw()

    def on_click(self, event: events.Click) -> None:
        """A click once the round is over starts the next one (not on the too-small notice)."""
        if self.match.round.stage == "over" and not self._too_small:
            self.action_next()


def screen_text(app: App[object]) -> str:
    """What the screen shows, as plain text (one line per terminal row)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()
