"""Arguments shared by the public entry points: what an omitted fleet or rule set means, the
check of a count (games, seeds, steps, samples), whether a fleet can be laid out at all, a pair
of placers, that no Python shooter plays twice, that an output file can be written, and the
method of a user's object whose name looks like a misspelling of one the engine calls."""

from __future__ import annotations

import difflib
import inspect
import os
import sys
import types
import warnings
import weakref
from typing import Any, Collection, Dict, List, Optional, Sequence, Tuple

import numpy as np

from battleship._core import Fleet, Rules


def fleet_and_rules(fleet: Optional[Fleet], rules: Optional[Rules]) -> Tuple[Fleet, Rules]:
    """The classic fleet and rules where none is given; ``TypeError`` for anything else."""
    fleet = fleet if fleet is not None else Fleet.classic()
    rules = rules if rules is not None else Rules()
    if not isinstance(fleet, Fleet):
        raise TypeError(f"fleet must be a battleship.Fleet, got {fleet!r}")
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a battleship.Rules, got {rules!r}")
    return fleet, rules


def check_unicode(text: str, what: str, lines: bool = True) -> str:
    """``text``, checked to be text the engine can read as UTF-8: ``ValueError`` naming ``what``
    and, for text of ``lines`` (a file's), the line of a lone surrogate (``os.fsdecode`` and
    ``errors="surrogateescape"`` make them of bytes that are not UTF-8), which the bindings would
    refuse as a ``TypeError`` of their own."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        surrogate = text[error.start]
        if not lines:  # one argument of a command line, say
            raise ValueError(
                f"{what} is not valid Unicode text (a lone surrogate, {surrogate!r}: a byte that is not UTF-8)"
            ) from None
        line = text.count("\n", 0, error.start) + 1
        raise ValueError(f"line {line}: {what} is not valid Unicode text (a lone surrogate, {surrogate!r})") from None
    return text


def fleet_of(text: str) -> Fleet:
    """The fleet a command line names: a predefined fleet's name (``classic``), or ship lengths
    separated by commas (``3,2,2``: one ship each, named ``Ship 1``, ``Ship 2``... and drawn
    ``A``, ``B``...), for the small boards a lesson works by hand; ``LENGTHxCOUNT`` is a class of
    ``COUNT`` ships (``5,2x16``: a ship of 5 and sixteen of 2), for fleets of more than 16 ships.
    ``ValueError`` naming what is wrong."""
    if text in Fleet.names():
        return Fleet.named(text)
    pieces = [class_numbers(piece) for piece in text.split(",")]
    if any(numbers is None for numbers in pieces):
        raise ValueError(f"unknown fleet '{text}': a fleet is one of {', '.join(Fleet.names())}, "
                         "or ship lengths such as 3,2,2 (2x4: four ships of 2)")
    longest = max((n for numbers in pieces if numbers for n in numbers), key=len)
    if len(longest) > 9:  # no board holds it; and int() refuses past 4,300 digits in its own words
        raise ValueError(f"a number of {len(longest):,} digits is more than any board or fleet holds, in '{text[:40]}'")
    classes = [(int(numbers[0]), int(numbers[1]) if len(numbers) > 1 else 1) for numbers in pieces if numbers]
    if len(classes) > 16:  # before naming them: past 'P' the symbols would reach ones the boards use
        raise ValueError(f"a fleet has at most 16 ship classes, got {len(classes)}; 2x4 is one class of four ships of 2")
    shortest, fewest = min(length for length, _ in classes), min(count for _, count in classes)
    if shortest < 1:
        raise ValueError(f"a ship's length must be at least 1, got {shortest} in '{text}'")
    if fewest < 1:
        raise ValueError(f"a ship class's count must be at least 1, got {fewest} in '{text}'")
    return Fleet([(f"Ship {i + 1}", chr(ord("A") + i), n, count) for i, (n, count) in enumerate(classes)])


def class_numbers(piece: str) -> Optional[List[str]]:
    """A fleet text's piece, a ship's length (``3``) or a class of ships (``2x4``), as the digits
    of its length and count; None for anything else (ASCII digits only: not ² or other scripts')."""
    length, x, count = piece.strip().lower().partition("x")
    numbers = [length, count] if x else [length]
    return numbers if all(n.isascii() and n.isdigit() for n in numbers) else None


def check_fit(rows: int, cols: int, fleet: Fleet, touching: str, what: str = "the fleet") -> None:
    """``ValueError`` when ``fleet`` cannot be laid out on a ``rows`` x ``cols`` board under the
    ``touching`` rule at all (the engine's exhaustive search, ``Ocean.fit``), naming it ``what``;
    the board's size and the ship lengths are checked too, by the ocean it builds."""
    from battleship.board import Ocean  # board.py imports this module

    if Ocean(rows, cols, fleet, touching).fit() == "cannot_fit":
        raise ValueError(f"{what} cannot be laid out on a {rows} x {cols} board with touching={touching!r}")


UINT64_MAX = 2**64 - 1
"""The largest count or seed the engine takes (``std::uint64_t``)."""
INT_MAX = 2**31 - 1
"""The largest size the engine takes as a C++ ``int`` (rows, samples, step limits...)."""
UINT_MAX = 2**32 - 1
"""The largest thread count the engine takes (``unsigned``)."""


def check_count(name: str, value: Any, minimum: int, maximum: Optional[int] = UINT64_MAX) -> int:
    """``value`` as an int; ``TypeError`` unless it is an int (not a bool), ``ValueError`` below
    ``minimum`` or above ``maximum`` (the engine's 64-bit counts unless given; None: no limit),
    so a value the engine cannot hold is refused by name instead of by the bindings."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {value}")
    return int(value)


def placer_pair(name: str, placers: Any, sides: str = "two sides") -> Tuple[Any, Any]:
    """``placers`` as a pair: ``TypeError`` unless it is a tuple or list of exactly two placers
    (one for each of the ``sides``), naming the argument ``name``."""
    if not isinstance(placers, (tuple, list)):
        raise TypeError(
            f"{name} must be a pair of placers (one for each of the {sides}), got {placers!r}; "
            f"for one placer on both sides write ({placers!r}, {placers!r})"
        )
    if len(placers) != 2:
        raise TypeError(
            f"{name} must be a pair of placers (one for each of the {sides}), got {len(placers)}: {placers!r}"
        )
    return placers[0], placers[1]


def check_own_shooters(shooters: Sequence[Any], players: str) -> None:
    """``ValueError`` when one Python shooter object is given to two of the ``players``: a shooter
    keeps its game's state, so each player needs its own (names of built-ins may repeat)."""
    objects = [s for s in shooters if not isinstance(s, str)]
    if len({id(s) for s in objects}) != len(objects):
        raise ValueError(f"one Python shooter object plays twice among the {players}; give each its own")


def check_writable(path: str) -> None:
    """``OSError`` naming ``path`` unless a file can be written there: not a directory, in a
    directory that exists and is writable (so that a run is refused before it plays, not after)."""
    if os.path.isdir(path):
        raise IsADirectoryError(f"{path}: is a directory, not a file name")
    if path.endswith(("/", os.sep)):  # "out.json/" names a directory, even one not there
        raise IsADirectoryError(f"{path}: names a directory (it ends in {path[-1]}), not a file")
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        there = directory  # the nearest ancestor that is there: a file where a directory is meant?
        while not os.path.exists(there) and os.path.dirname(there) != there:
            there = os.path.dirname(there)
        if os.path.exists(there) and not os.path.isdir(there):
            raise NotADirectoryError(f"{path}: {there} is a file, not a directory")
        raise FileNotFoundError(f"{path}: directory {directory} does not exist")
    if not os.access(directory, os.W_OK):
        raise PermissionError(f"{path}: directory {directory} is not writable")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise PermissionError(f"{path}: the file is not writable")
    try:  # in bytes; Windows has no pathconf (and counts UTF-16 units): not checked there
        longest = os.pathconf(directory, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):
        longest = -1
    length = len(os.fsencode(os.path.basename(path)))
    # Else the run would play, and only then fail to open its file. -1 or 0: no limit told.
    if 0 < longest < length:
        raise OSError(f"{path[:40]}...: a file name of {length} bytes, where {directory} takes at most {longest}")


NEAR_MISS_CUTOFF = 0.85
"""How alike (``difflib``'s ratio) a method's lower-cased name must be to one the engine calls to
be taken for its misspelling: ``next_shoot``, ``nextShot``, ``on_results`` and ``on_gameover``
are, ``restart`` (0.83 to ``start``) and ``on_click`` are not."""


def _public_methods(obj: Any) -> Dict[str, str]:
    """The public callables of ``obj``'s class (of a module: the module's own), by lower-cased
    name: each one's name as written. Read without calling anything: a property is not run, an
    object's ``__getattr__`` not asked."""
    if isinstance(obj, types.ModuleType):
        found = [(name, value) for name, value in vars(obj).items()]
    else:
        cls = type(obj)
        found = [(name, inspect.getattr_static(cls, name, None)) for name in dir(cls)]
    methods: Dict[str, str] = {}
    for name, value in found:
        value = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
        if not name.startswith("_") and callable(value):
            methods.setdefault(name.lower(), name)
    return methods


_NEAR_MISSES: "weakref.WeakKeyDictionary[type, Dict[Tuple[str, Tuple[str, ...]], Optional[str]]]" = (
    weakref.WeakKeyDictionary()
)
"""``near_miss``'s answers by class: reading a class's methods and comparing their names took
about 0.1 ms, at every strategy object a run or a Game was given (a class made on the fly is
not kept alive by being asked about)."""


def near_miss(obj: Any, wanted: str, known: Collection[str] = ()) -> Optional[str]:
    """The method of ``obj`` (as ``_public_methods`` finds them) whose name looks like a
    misspelling of ``wanted``, or None: ``wanted`` itself and the ``known`` names (the other
    methods the engine calls) are not misspellings."""
    if isinstance(obj, types.ModuleType):  # a module's names may change: not remembered
        return _near_miss(obj, wanted, known)
    key = (wanted, tuple(known))
    try:
        answers = _NEAR_MISSES.setdefault(type(obj), {})
    except TypeError:  # a class that takes no weak reference
        return _near_miss(obj, wanted, known)
    if key not in answers:
        answers[key] = _near_miss(obj, wanted, known)
    return answers[key]


def _near_miss(obj: Any, wanted: str, known: Collection[str]) -> Optional[str]:
    methods = {low: name for low, name in _public_methods(obj).items() if name != wanted and name not in known}
    close = difflib.get_close_matches(wanted, list(methods), n=1, cutoff=NEAR_MISS_CUTOFF)
    return methods[close[0]] if close else None


def misspelling_note(obj: Any, wanted: str, known: Collection[str] = ()) -> str:
    """`` (it has next_shoot(): a misspelling of next_shot?)``, for a refusal of ``obj`` for want
    of the method ``wanted``, when it has one so named (``near_miss``); else nothing."""
    found = near_miss(obj, wanted, known)
    return f" (it has {found}(): a misspelling of {wanted}?)" if found is not None else ""


def warn_misspelt_hooks(obj: Any, hooks: Sequence[str], caller: str) -> None:
    """A ``UserWarning`` for each of the optional ``hooks`` (methods the ``caller``, "the engine"
    or "a Game", calls when they are there) that ``obj`` lacks while it has a method so named
    that it looks misspelt: left as it is, it would never be called, without a word."""
    for hook in hooks:
        if callable(getattr(obj, hook, None)):
            continue
        found = near_miss(obj, hook, hooks)
        if found is not None:
            owner = obj.__name__ if isinstance(obj, types.ModuleType) else type(obj).__name__
            warn_user(f"{owner} has {found}(), which {caller} never calls: did you mean {hook}()?")


def warn_user(message: str) -> None:
    """``warnings.warn(message)`` as a ``UserWarning`` raised from the first caller outside this
    package: the user's own call, however deep in the package the check that warns is."""
    package = os.path.dirname(os.path.abspath(__file__)) + os.sep
    frame: Any = sys._getframe(0)
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, UserWarning, stacklevel=level)
