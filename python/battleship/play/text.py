"""``battleship play --text``: the game of ``battleship play`` line by line, with no screen drawn.

For a screen reader or a braille display, a pipe or a script, IDLE, a notebook cell, a terminal
that cannot draw: each command is a line typed, each answer is said in words, and the boards are
printed when asked for (``board``), every mark a plain character. The rounds are
``battleship.play.session``'s, so a seed gives the same games as the full-screen game.

>>> from battleship.play import Settings
>>> script = iter(["auto", "hint", "quit"])
>>> match = play_text(Settings(opponent="random", seed=3), read=lambda prompt: next(script), write=lambda line: None)
>>> match.round.stage
'shooting'
"""

from __future__ import annotations

from typing import Callable, List, Optional

from battleship import _core
from battleship.play.session import Match, Round, Settings, cell_name

__all__ = ["HELP", "play_text", "boards_text"]

HELP = """Commands, in upper or lower case:
  placing:   B2 h  or  B2 v   the ship asked for, its left or top end at B2, across or down
             auto             the rest of your fleet placed at random
             undo             take back the last ship placed
  shooting:  B7               fire at B7 (in a salvo, name the cells one by one;
                              naming an aimed cell again takes it back)
             hint             the cell likeliest to hold a ship, from what you were told
  any time:  board            both boards          ships   which ships are sunk and afloat
             help             this list            quit    stop, with the score
  after a round: next         another round
Columns are letters (A is the left), rows numbers (1 is the top)."""

_ORIENTATIONS = {"h": "horizontal", "horizontal": "horizontal", "across": "horizontal",
                 "v": "vertical", "vertical": "vertical", "down": "vertical"}


def boards_text(r: Round) -> str:
    """Both boards of round ``r`` in plain characters: the enemy's as the person knows it, then
    the person's own fleet (``str(ocean)``)."""
    enemy = ["".join("." if symbol == "·" else symbol for _, symbol in row) for row in r.enemy_marks()]
    return (
        "Enemy waters (X hit, # sunk, o miss, * aimed, . not fired at):\n"
        f"{_core.marks_text(enemy)}\n"
        "Your fleet (letters your ships, X hit, o miss, . water):\n"
        f"{r.mine}"
    )


def _ships_text(r: Round) -> str:
    """Which ships are sunk and afloat, on both sides, as far as the person was told."""
    mine = ", ".join(f"{r.names[i]} {'sunk' if r.mine.is_sunk(i) else 'afloat'}" for i in range(len(r.names)))
    if r.settings.disclosure == "sunk_with_name":
        theirs = ", ".join(f"{label} {'sunk' if sunk else 'afloat'}" for label, sunk in r.enemy_afloat())
    elif r.enemy_afloat_count() is not None:
        theirs = f"{r.enemy_afloat_count()} of {len(r.names)} afloat (the rules do not name a ship sunk)"
    else:
        theirs = "not told (the rules say only hit or miss)"
    return f"Enemy ships: {theirs}.\nYour ships: {mine}."


def _cell(word: str) -> Optional[tuple[int, int]]:
    """The cell a word names (``B7``), or None."""
    if not word[:1].isalpha():  # "3,4" and "34" are not how the boards label a cell
        return None
    try:
        return tuple(_core.parse_cell(word))  # type: ignore[return-value]
    except (ValueError, TypeError):
        return None


def _ask(r: Round) -> str:
    """What the person is to do next."""
    if r.stage == "placing" and r.ship is not None:
        length = r.fleet.ship(r.ship)["length"]
        return f"Place your {r.names[r.ship]} ({length} cells): a cell and h or v, such as B2 h; or auto."
    if r.stage == "shooting":
        n = r.volley_size() - len(r.aimed)
        return f"Fire: name a cell of the enemy waters, such as B7 ({n} to name this turn)." if n > 1 else "Fire: name a cell, such as B7."
    return "The round is over: type next for another round, or quit."


def _placing(r: Round, words: List[str], write: Callable[[str], None]) -> None:
    if words[0] in ("auto", "a", "rest"):
        write("Your fleet is placed." if r.place_rest() else "No room for the rest of your fleet: type undo to take a ship back.")
    elif words[0] in ("undo", "u"):
        last = r.names[r.placed[-1]] if r.placed else ""
        write(f"{last} taken back." if r.undo() else "No ship to take back.")
    else:
        cell = _cell(words[0])
        way = _ORIENTATIONS.get(words[1] if len(words) > 1 else "h")
        if cell is None or way is None or len(words) > 2:
            write(f"'{' '.join(words)}' is not a spot: type a cell and h or v, such as B2 h (help lists the commands).")
            return
        write(f"{r.names[r.placed[-1]]} placed at {cell_name(cell)} {way}." if r.place_at(cell, way) else r.message)
    if r.stage == "shooting":
        write(f"Your fleet:\n{r.mine}")


def _shooting(r: Round, words: List[str], write: Callable[[str], None]) -> None:
    if words[0] == "hint":
        cell = r.hint()
        assert cell is not None
        write(f"Hint: {cell_name(cell)}, a ship there with probability {r.hint_chance:.0%} (over every enemy layout that fits what you were told).")
        return
    cell = _cell(words[0])
    if cell is None or len(words) > 1:
        write(f"'{' '.join(words)}' is not a cell: type a column letter and a row number, such as B7 (help lists the commands).")
        return
    fired = r.shots[0]
    if not r.fire(cell):
        write(r.message)
    elif r.shots[0] == fired and not r.game.is_over:  # aimed (or no longer aimed) in a salvo
        write(r.message)
    else:
        write(r.told)
        if r.stage == "over":
            write(f"{r.verdict} Type next for another round, or quit.")
        elif r.game.turn_under_way:
            write("You hit: fire again.")


def play_text(
    settings: Optional[Settings] = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> Match:
    """Plays rounds against the computer, reading each command with ``read(prompt)`` and saying
    every answer with ``write(line)``, until ``quit`` or the end of the input; returns the match
    and its scoreboard. ``help`` (``HELP``) lists the commands."""
    match = Match(settings if settings is not None else Settings())
    write(f"Battleship, {match.settings.describe()}: you against {match.settings.opponent}. Type help for the commands.")
    if match.placer_note:
        write(match.placer_note.strip())
    asked = ""
    while True:
        r = match.round
        prompt = _ask(r)
        if prompt != asked:  # said once, not after every refusal
            write(prompt)
            asked = prompt
        try:
            line = read("> ")
        except EOFError:
            break
        words = line.strip().lower().replace(",", " ").split()
        if not words:
            continue
        if words[0] in ("quit", "q", "exit"):
            break
        if words[0] in ("help", "?"):
            write(HELP)
        elif words[0] in ("board", "boards"):
            write(boards_text(r))
        elif words[0] == "ships":
            write(_ships_text(r))
        elif r.stage == "placing":
            _placing(r, words, write)
        elif r.stage == "shooting":
            _shooting(r, words, write)
        elif words[0] in ("next", "n"):
            if match.next_round():
                write(f"Round {match.round.number}. {match.score()}.")
                asked = ""
            else:
                write(match.round.message)
        else:
            write("The round is over: type next for another round, or quit.")
    return match
