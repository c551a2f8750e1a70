"""Results in a file: ``save_results`` writes what ``simulate``, ``match``, ``tournament`` and
``sprt`` return as JSON, ``load_results`` reads it back into equal results.

>>> import os, tempfile
>>> r = simulate("parity", 100, seed=1, progress=False)
>>> path = os.path.join(tempfile.mkdtemp(), "parity.json")
>>> save_results(r, path)
>>> load_results(path) == [r]
True

The file is one JSON object: ``"format": "battleship-results"``, its ``"version"`` (1), the
``"battleship"`` version that wrote it, optionally the ``"command"`` that made it (the command
line's arguments), and ``"results"``, a list of each result's ``to_dict``, each with its
``"kind"`` (``simulation``, ``match``, ``tournament`` or ``sprt``). Lists of numbers (histograms,
game by game shots and ends) and short objects (a ship class) stay on one line, so the file reads
well; tools such as ``jq`` take it as it is. ``battleship compare``, ``simulate``, ``match`` and
``tournament`` write one with ``--json FILE``.
"""

from __future__ import annotations

import json
import os
import stat
from typing import Any, Dict, List, Optional, Sequence, TextIO, Type, TypeVar, Union, overload

from battleship import _records
from battleship._core import __version__
from battleship._whole_file import write_whole
from battleship.results import MatchResult, SimulationResult
from battleship.sprt import SprtResult
from battleship.tournament import TournamentResult

__all__ = ["save_results", "load_results", "Result"]

Result = Union[SimulationResult, MatchResult, TournamentResult, SprtResult]
"""What ``save_results`` writes and ``load_results`` reads."""
_Kind = TypeVar("_Kind", SimulationResult, MatchResult, TournamentResult, SprtResult)

FORMAT = "battleship-results"
VERSION = 1
_KINDS: Dict[str, Any] = {"simulation": SimulationResult, "match": MatchResult, "tournament": TournamentResult,
                          "sprt": SprtResult}


def save_results(
    results: Union[Result, Sequence[Result]], path: Union[str, "os.PathLike[str]", TextIO], *,
    command: Optional[Sequence[str]] = None,
) -> None:
    """Write one result or a list of them to the JSON file ``path`` (replacing it), or to a text
    stream (``sys.stdout``), with ``command``, the arguments that made them, if given.
    ``TypeError`` for something that is not a result, before the file is touched; ``OSError`` if
    it cannot be written."""
    one = isinstance(results, tuple(_KINDS.values()))
    if not one and (isinstance(results, (str, bytes, dict)) or not hasattr(results, "__iter__")):
        raise TypeError(
            f"save_results writes a result or a list of them (SimulationResult, MatchResult, TournamentResult, "
            f"SprtResult), got a {type(results).__name__}"
        )
    items: List[Any] = [results] if one else list(results)  # type: ignore[arg-type]
    for i, item in enumerate(items):
        if not isinstance(item, tuple(_KINDS.values())):
            raise TypeError(
                f"results[{i}] is a {type(item).__name__}; save_results writes SimulationResult, MatchResult, "
                "TournamentResult and SprtResult"
            )
    document: Dict[str, Any] = {"format": FORMAT, "version": VERSION, "battleship": __version__}
    if command is not None:
        document["command"] = [str(word) for word in command]
    document["results"] = [item.to_dict() for item in items]
    text = _dumps(document, "", "") + "\n"  # all of it before the file is opened: a refusal leaves it
    if not isinstance(path, (str, os.PathLike)):  # a stream (the command line's --json -: stdout)
        path.write(text)
        path.flush()
        return
    write_whole(os.fspath(path), lambda out: out.write(text))


@overload
def load_results(path: Union[str, "os.PathLike[str]"]) -> List[Result]: ...


@overload
def load_results(path: Union[str, "os.PathLike[str]"], kind: Type[_Kind]) -> List[_Kind]: ...


def load_results(path: Union[str, "os.PathLike[str]"], kind: Optional[Type[Any]] = None) -> List[Any]:
    """The results in the JSON file ``path`` that ``save_results`` (or ``--json``) wrote, in
    order. With ``kind`` (``SimulationResult``, ``MatchResult``, ``TournamentResult`` or
    ``SprtResult``) every result must be of that kind, and a type checker knows the list is:
    ``load_results("runs.json", SimulationResult)`` is a ``List[SimulationResult]``.
    ``ValueError`` naming the file and then the line and column of text that is not JSON,
    or the place of a missing, unknown or malformed value (``results[0].histogram[3]``), or a
    result not of ``kind``, or a format version newer than this battleship reads, or a device
    (``/dev/zero`` would be read for ever); ``TypeError`` for a ``kind`` that is none of those;
    ``OSError`` if it cannot be read."""
    if kind is not None and kind not in _KINDS.values():
        raise TypeError(f"kind must be {', '.join(k.__name__ for k in _KINDS.values())}, got {kind!r}")
    name = os.fspath(path)
    with open(path, "rb") as f:
        mode = os.fstat(f.fileno()).st_mode
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):  # a pipe or a file may be large, not endless
            raise ValueError(f"{name}: a device, not a results file")
        raw = f.read()
    return _results_in(raw, name, kind)


def _results_in(raw: bytes, name: str, kind: Optional[Type[Any]] = None) -> List[Any]:
    """The results in ``raw``, the bytes of a results file called ``name`` in messages (standard
    input's, for ``battleship combine -``), as ``load_results`` reads them."""
    try:
        text = _records.utf8_text(raw)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    try:
        document = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        raise ValueError(f"{name}: line {error.lineno} column {error.colno}: {error.msg}") from None
    except _RepeatedKey as error:
        raise ValueError(f"{name}: {error}") from None
    except RecursionError:  # arrays or objects nested deeper than Python's stack
        raise ValueError(f"{name}: nested too deeply to be a battleship results file") from None
    except ValueError:  # an integer of more digits than Python converts (4,300 by default)
        raise ValueError(f"{name}: holds an integer too long to read; a results file has none") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(f"{name}: not a battleship results file (no \"format\": \"{FORMAT}\" in a JSON object)")
    top = _records.record(document, name, {
        "format": _records.text, "version": _records.whole(1), "battleship": _records.text,
        "command": _records.listed(_records.text), "results": _any_list,
    }, optional=("command",), keys_at=f"{name}: ")
    if top["version"] > VERSION:
        raise ValueError(
            f"{name}: format version {top['version']}, written by battleship {top['battleship']}; this battleship "
            f"({__version__}) reads version {VERSION}: upgrade it"
        )
    out: List[Result] = []
    for i, data in enumerate(top["results"]):
        where = f"{name}: results[{i}]"
        label = data.get("kind") if isinstance(data, dict) else None
        if not isinstance(label, str) or label not in _KINDS:
            raise ValueError(f"{where}: expected \"kind\" to be one of {', '.join(_KINDS)}, got {label!r}")
        if kind is not None and _KINDS[label] is not kind:
            raise ValueError(f"{where}: a {_KINDS[label].__name__}, not a {kind.__name__}")
        out.append(_KINDS[label]._read(data, where))
    return out


class _RepeatedKey(ValueError):
    """A key given twice in one JSON object (its own class: the handler of integers too long to
    convert catches every other ``ValueError``)."""


def _unique_keys(pairs: List[Any]) -> Dict[str, Any]:
    """A JSON object's keys and values; ``_RepeatedKey`` for a key given twice, which ``json``
    would take silently, keeping the last value (a hand-merged file losing one without a word)."""
    out: Dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _RepeatedKey(f"the key {key!r} is given twice in one object")
        out[key] = value
    return out


def _any_list(value: Any, where: str) -> List[Any]:
    """A list, its items read later (each by the reader of its kind)."""
    items: List[Any] = _records.listed(lambda item, _: item)(value, where)
    return items


def _dumps(value: Any, indent: str, where: str) -> str:
    """JSON for ``value`` (found at ``where``): an object's keys one a line (a short object of
    plain values, such as a ship class, on one line), a list of objects one a line, a list of
    anything else (numbers, names) on one line. ``ValueError`` naming the place of a number JSON
    has no text for (NaN, an infinity)."""
    inner = indent + " "
    items = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else []
    if not any(issubclass(kind, (dict, list)) for kind in set(map(type, items))):  # at C speed: a million shots
        try:
            flat = json.dumps(value, allow_nan=False, separators=(", ", ": "))
        except ValueError:
            raise ValueError(f"{where}: holds a number JSON cannot carry (NaN or an infinity)") from None
        if not isinstance(value, dict) or len(flat) <= 80:
            return flat
    if isinstance(value, dict):
        lines = [f"{inner}{json.dumps(key)}: {_dumps(item, inner, f'{where}.{key}' if where else key)}" for key, item in value.items()]
        return "{\n" + ",\n".join(lines) + "\n" + indent + "}"
    lines = [inner + _dumps(item, inner, f"{where}[{i}]") for i, item in enumerate(value)]
    return "[\n" + ",\n".join(lines) + "\n" + indent + "]"
