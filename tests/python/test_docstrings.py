"""Every public name of the package has a docstring: help() and notebooks show something for each
class, function, method and property a user can reach."""

import doctest
import importlib
import inspect
import pkgutil
import re

import battleship

OPTIONAL = {"gymnasium", "pettingzoo", "matplotlib"}  # the extras: gym, pettingzoo, plot


def _public_modules():
    names = ["battleship"] + [
        info.name for info in pkgutil.walk_packages(battleship.__path__, "battleship.")
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    modules = []
    for name in names:
        try:
            modules.append(importlib.import_module(name))
        except ImportError as error:
            if not _missing_extra(error):
                raise
    return modules


def _missing_extra(error):
    """Whether an import failed, maybe re-raised with advice, for want of an extra's package."""
    while error is not None:
        if isinstance(error, ModuleNotFoundError) and (error.name or "").split(".")[0] in OPTIONAL:
            return True
        error = error.__cause__ or error.__context__
    return False


def _ours(obj):
    return (getattr(obj, "__module__", None) or "").split(".")[0] == "battleship"


def _description(obj):
    """The docstring without the signature lines pybind11 puts first."""
    name = re.escape(getattr(obj, "__name__", "") or "")
    signature = re.compile(r"\s*(\d+\. )?" + name + r"\(.*\) ->|\s*Overloaded function\.")
    return "\n".join(line for line in (obj.__doc__ or "").splitlines() if not signature.match(line)).strip()


def _undocumented():
    missing, seen = [], set()
    for module in _public_modules():
        for name in getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")]):
            obj = getattr(module, name)
            is_api = inspect.isclass(obj) or inspect.isroutine(obj)
            if not is_api or not _ours(obj) or id(obj) in seen:
                continue  # a type alias, a constant, or a name imported from another package
            seen.add(id(obj))
            if not _description(obj):
                missing.append(f"{module.__name__}.{name}")
            if not inspect.isclass(obj):
                continue
            for member in dir(obj):
                owner = next((c for c in obj.__mro__ if member in vars(c)), None)
                if member.startswith("_") or owner is None or not _ours(owner):
                    continue  # private, or inherited from Gymnasium, Textual or object
                value = vars(owner)[member]
                value = getattr(value, "__func__", value)  # staticmethod, classmethod
                if (inspect.isroutine(value) or isinstance(value, property)) and not _description(value):
                    missing.append(f"{module.__name__}.{name}.{member}")
    return missing, len(seen)


def test_every_public_class_function_method_and_property_has_a_docstring():
    missing, checked = _undocumented()
    assert checked > 60  # the walk reached the package's modules
    assert not missing, "\n".join(missing)


def test_every_example_in_a_docstring_prints_what_it_shows():
    """The ``>>>`` examples of every public module run as doctests, with the package's names in
    scope (as after ``from battleship import *``, and ``battleship`` itself): an example that no
    longer prints what it shows fails here, not in a reader's notebook."""
    names = dict(vars(battleship), battleship=battleship)
    tried = {}
    for module in _public_modules():
        result = doctest.testmod(module, extraglobs=names, report=True)
        assert result.failed == 0, f"{module.__name__}: {result.failed} example(s) failed (above)"
        tried[module.__name__] = result.attempted
    # The modules known to hold examples are searched (a change of doctest's finder would
    # otherwise pass with nothing run).
    for name in ["battleship", "battleship.board", "battleship.game", "battleship.optimal",
                 "battleship.posterior", "battleship.tournament"]:
        assert tried.get(name, 0) >= 2, name


def test_the_engine_s_own_signatures_name_the_types_they_take():
    # The bindings check most arguments themselves (to name them in their errors), and pybind
    # showed each such parameter as `object` in the signature help() and Jupyter print.
    untyped = []
    for name in battleship.__all__:
        obj = getattr(battleship, name)
        if not (getattr(obj, "__module__", "") or "").startswith("battleship._core"):
            continue
        members = [(name, obj)]
        if inspect.isclass(obj):
            members += [(f"{name}.{k}", v) for k, v in vars(obj).items() if not k.startswith("_") or k == "__init__"]
        for where, member in members:
            for line in (getattr(member, "__doc__", None) or "").splitlines():
                if re.search(r"\b\w+: object\b", line):
                    untyped.append(f"{where}: {line}")
    assert not untyped, "\n".join(untyped)
    assert "touching: str = 'allowed'" in battleship.Rules.__init__.__doc__
    assert "ship: int | None = None" in battleship.ShotOutcome.__init__.__doc__
