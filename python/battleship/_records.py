"""Reading results back from JSON-ready dicts (``to_dict``'s output): each reader checks one
value and names where it is (``results[0].histogram[3]``) in the ``ValueError`` it raises, so a
hand-edited or truncated file says what is wrong and where."""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Callable, Collection, Dict, List, Mapping, Optional

import numpy as np
import numpy.typing as npt

from battleship._arguments import INT_MAX, UINT64_MAX
from battleship._core import Fleet, Rules

Reader = Callable[[Any, str], Any]
"""Checks a value found at the given place and returns what it stands for."""


def utf8_text(raw: bytes) -> str:
    """A file's bytes ``raw`` as text: UTF-8, a byte order mark at the start (as some editors
    write) dropped; ``ValueError`` naming the line of the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise ValueError(f"line {line}: not UTF-8 text (byte 0x{raw[error.start]:02x})") from None


def _shown(value: Any) -> str:
    """A value in an error message: short, with its JSON type (or its Python type, for a value
    that JSON has no type for: a tuple, a NumPy number)."""
    kinds = {dict: "an object", list: "a list", str: "a string", bool: "true or false", type(None): "null",
             int: "a number", float: "a number"}
    kind = kinds.get(type(value), f"a {type(value).__name__}, not a JSON value")
    text = repr(value)
    return kind if len(text) > 40 else f"{kind}, {text}"


def whole(minimum: Optional[int] = 0, maximum: Optional[int] = None) -> Reader:
    """A whole number, from ``minimum`` to ``maximum`` (either ``None``: no bound)."""

    def read(value: Any, where: str) -> int:
        if isinstance(value, np.integer):  # a NumPy count handed to from_dict is still a count
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{where}: expected a whole number, got {_shown(value)}")
        if minimum is not None and value < minimum:
            raise ValueError(f"{where}: expected at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise ValueError(f"{where}: expected at most {maximum:,}, got {value:,}")
        return value

    return read


count = whole(0, UINT64_MAX)
"""A count or a game index as the engine keeps them: 64 bits."""


def real(value: Any, where: str) -> float:
    """A finite number (a whole number too large for a float is not one)."""
    number = math.nan
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:
            pass
    if not math.isfinite(number):
        # Not "expected a number, got a number": say what is wrong with this one.
        wanted = {float: "a finite number", int: "a number a float can hold"}.get(type(value), "a number")
        raise ValueError(f"{where}: expected {wanted}, got {_shown(value)}")
    return number


def duration(value: Any, where: str) -> float:
    """A finite number of seconds, not below 0 (a run's wall-clock time, or a rate)."""
    number = real(value, where)
    if number < 0:
        raise ValueError(f"{where}: expected 0 or more, got {_shown(value)}")
    return number


def name(value: Any, where: str) -> str:
    """A string with something in it (a player's or a shooter's name)."""
    if not text(value, where).strip():
        raise ValueError(f"{where}: expected a name, got {_shown(value)}")
    return str(value)


def text(value: Any, where: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected a string, got {_shown(value)}")
    return value


def flag(value: Any, where: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise ValueError(f"{where}: expected true or false, got {_shown(value)}")
    return value


def one_of(choices: Collection[str]) -> Reader:
    """One of the strings ``choices``."""

    def read(value: Any, where: str) -> str:
        if text(value, where) not in choices:
            raise ValueError(f"{where}: expected one of {', '.join(map(repr, choices))}, got {value!r}")
        return str(value)

    return read


def nullable(reader: Reader) -> Reader:
    """``null`` (``None``) or what ``reader`` reads."""
    return lambda value, where: None if value is None else reader(value, where)


def listed(reader: Reader) -> Reader:
    """A list, each item read by ``reader``."""

    def read(value: Any, where: str) -> List[Any]:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {_shown(value)}")
        return [reader(item, f"{where}[{i}]") for i, item in enumerate(value)]

    return read


def counts(dtype: Any, minimum: int, maximum: int) -> Reader:
    """A list of whole numbers from ``minimum`` to ``maximum`` as a NumPy array of ``dtype``."""
    each = listed(whole(minimum, maximum))

    def read(value: Any, where: str) -> Any:
        # The usual list checked at NumPy's speed (item by item, a million games' shots took
        # 0.35 s); a list that fails is read item by item, which names the first bad one.
        if isinstance(value, list) and set(map(type, value)) <= {int}:  # not bool, float, str...
            try:
                array = np.array(value, dtype=np.int64)
            except OverflowError:  # past 64 bits: the reading below says where
                array = None
            if array is not None and (array.size == 0 or (array.min() >= minimum and array.max() <= maximum)):
                return array.astype(dtype, copy=False)
        return np.array(each(value, where), dtype=dtype)

    return read


def record(
    data: Any,
    where: str,
    readers: Mapping[str, Reader],
    *,
    kind: Optional[str] = None,
    optional: Collection[str] = (),
    keys_at: Optional[str] = None,
) -> Dict[str, Any]:
    """The keys of the object ``data``, each read by its reader. ``ValueError`` for something
    that is not an object, a missing key (unless ``optional``), a key no reader knows (a typo or
    a newer format, not silently dropped) or, with ``kind``, a ``"kind"`` other than it. A key's
    value is found at ``where.key``, or at ``keys_at`` + key when given (a file's top level:
    ``"results.json: "``, not ``"results.json."``)."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{where}: expected an object, got {_shown(data)}")
    known = set(readers) | ({"kind"} if kind is not None else set())
    unknown = [key for key in data if key not in known]
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} (the keys are {', '.join(sorted(known))})")
    if kind is not None and data.get("kind") != kind:
        raise ValueError(f"{where}: expected \"kind\": \"{kind}\", got {_shown(data.get('kind'))}")
    out: Dict[str, Any] = {}
    for key, read in readers.items():
        if key in data:
            out[key] = read(data[key], f"{where}.{key}" if keys_at is None else keys_at + key)
        elif key not in optional:
            raise ValueError(f"{where}: missing key {key!r}")
    return out


def derived(d: Mapping[str, Any], expected: Mapping[str, Any], where: str, source: str) -> None:
    """``ValueError`` unless each field of ``d`` named in ``expected`` holds the value there: a
    figure a result derives from its counts (a mean from totals, a median from the histogram),
    which a file must not contradict. Whole numbers must be equal, reals equal to rounding."""
    for key, value in expected.items():
        given = d[key]
        if isinstance(value, float) or isinstance(given, float):
            same = math.isclose(given, value, rel_tol=1e-9, abs_tol=1e-12)
        else:
            same = given == value
        if not same:
            raise ValueError(f"{where}.{key}: {given!r} disagrees with {source}, which give {value!r}")


def fields_of(result: Any, kind: str) -> Dict[str, Any]:
    """A result dataclass's fields as JSON values after its ``"kind"``: arrays as lists, nested
    values (a setup, a sequential test's match) as their own ``to_dict``."""
    out: Dict[str, Any] = {"kind": kind}
    for f in dataclasses.fields(result):
        value = getattr(result, f.name)
        if isinstance(value, np.ndarray):
            value = value.tolist()
        elif hasattr(value, "to_dict"):
            value = value.to_dict()
        out[f.name] = value
    return out


def fleet_to_list(fleet: Fleet) -> List[Dict[str, Any]]:
    """A fleet as its ship classes, each ``{"name", "symbol", "length", "count"}``."""
    return [{"name": c.name, "symbol": c.symbol, "length": c.length, "count": c.count} for c in fleet.classes]


def fleet(value: Any, where: str) -> Fleet:
    """A fleet written by ``fleet_to_list``; the engine's refusals name the place."""
    each = {"name": text, "symbol": text, "length": whole(1, INT_MAX), "count": whole(1, INT_MAX)}
    classes = listed(lambda item, at: record(item, at, each))(value, where)
    try:
        return Fleet([(c["name"], c["symbol"], c["length"], c["count"]) for c in classes])
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def rules(value: Any, where: str) -> Rules:
    """Rules written by ``Rules.to_dict``: every field, of its default's type; the engine checks
    the values (a rule's name, a salvo size the volley rule takes) and its refusal names the place."""
    by_type: Dict[type, Reader] = {bool: flag, int: whole(-INT_MAX - 1, INT_MAX), str: text}  # the engine's ints
    fields = {key: by_type[type(default)] for key, default in Rules().to_dict().items()}
    given = record(value, where, fields)
    try:
        return Rules(**given)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
