"""``battleship list``: the names the other commands take, each with what it is."""

from __future__ import annotations

import argparse
from typing import Any, Callable, Dict, List, Tuple

import battleship
from battleship import Fleet, Rules
from battleship.cli.options import Subparsers
from battleship.strategies import PLUGIN_GROUPS, PRIOR_MIXTURE


Section = Tuple[str, List[Tuple[str, str]]]
"""A titled list of ``battleship list``: (title, rows of (name, what it is))."""


def _strategy_sections(kind: str) -> List[Section]:
    """The built-in shooters (or placers) with their summaries, and those of installed packages."""
    if kind == "shooter":
        title = "shooters (SHOOTER; * slow: milliseconds a move, compare plays fewer games)"
        rows = [(name + (" *" if battleship.shooter_is_slow(name) else ""), battleship.shooter_summary(name))
                for name in battleship.shooter_names()]
        rows.append((PRIOR_MIXTURE, "density shooter that suspects a placer (Python's PriorMixtureShooter): "
                                    f"{PRIOR_MIXTURE}(placer=elusive)"))
    else:
        title = "placers (--placer NAME, or SHOOTER/PLACER in a tournament)"
        rows = [(name, battleship.placer_summary(name)) for name in battleship.placer_names()]
    sections = [(title, rows)]
    installed, shadowed = battleship.strategies._plugins_by_use(kind)  # one scan for both
    if installed or shadowed:
        rows = [(name, f"{spec}: {_described(spec, kind)}") for name, spec in installed.items()]
        rows += [(name, f"{spec}: not used by this name, which is a built-in's (play it as {spec})")
                 for name, spec in shadowed.items()]
        sections.append((f"{kind}s of installed packages (entry points {PLUGIN_GROUPS[kind]})", rows))
    return sections


def _settings_sections() -> List[Section]:
    """Each setting of the built-in shooters and placers that have some, with its default and range."""

    def number(value: Any) -> str:  # 1e9 as 1,000,000,000; 0.015 as it is
        whole = isinstance(value, int) or value.is_integer()
        return f"{int(value):,}" if whole else f"{value:g}"

    def rows(names: List[str], settings: Callable[[str], List[Dict[str, Any]]]) -> List[Tuple[str, str]]:
        return [
            (name if k == 0 else "", f"{s['name']} {number(s['default'])} ({number(s['low'])} to {number(s['high'])})")
            for name in names
            for k, s in enumerate(settings(name))
        ]

    mixture = [(PRIOR_MIXTURE, "placer spread (any built-in placer, with its settings)")]
    mixture += rows([PRIOR_MIXTURE], lambda name: battleship.PriorMixtureShooter.settings_table())
    mixture[1] = ("", mixture[1][1])
    return [
        ("shooter settings (SHOOTER(SETTING=VALUE,...), such as 'expert(exact_layouts=5000)'; "
         "each setting: its default, then its range)", rows(battleship.shooter_names(), battleship.shooter_settings)
         + mixture),
        ("placer settings (PLACER(SETTING=VALUE,...), such as 'spread(candidates=64)')",
         rows(battleship.placer_names(), battleship.placer_settings)),
    ]


def _fleet_sections() -> List[Section]:
    """The predefined fleets with their ships."""
    rows = [(name, ", ".join(f"{c.name} {c.length}" + (f" x {c.count}" if c.count > 1 else "")
                             for c in Fleet.named(name).classes)) for name in Fleet.names()]
    return [("fleets (--fleet NAME)", rows)]


def _rule_sections() -> List[Section]:
    """The default rules, and each rule set by what it changes (a switch as yes or no, not as
    Python writes it)."""
    defaults = Rules().to_dict()

    def shown(rules: Dict[str, Any]) -> str:
        return ", ".join(f"{k} {('yes' if v else 'no') if isinstance(v, bool) else v}" for k, v in rules.items())

    rows = [("(defaults)", shown(defaults))]
    for name in Rules.names():
        changed = {k: v for k, v in Rules.named(name).to_dict().items() if v != defaults[k]}
        rows.append((name, shown(changed) or "the defaults"))
    return [("rule sets (--rules NAME; each names what differs from the defaults)", rows)]


LIST_SECTIONS: Dict[str, Callable[[], List[Section]]] = {
    "shooters": lambda: _strategy_sections("shooter"),
    "settings": _settings_sections,
    "placers": lambda: _strategy_sections("placer"),
    "fleets": _fleet_sections,
    "rules": _rule_sections,
}
"""What ``battleship list`` lists, in its order, and how."""


def _list(args: argparse.Namespace) -> int:
    what = list(LIST_SECTIONS) if args.what is None else [args.what]
    sections = [section for name in what for section in LIST_SECTIONS[name]()]
    width = max(len(name) for _, rows in sections for name, _ in rows) + 2
    for k, (title, rows) in enumerate(sections):
        print(("\n" if k else "") + title)
        for name, text in rows:
            print(f"  {name:<{width}}{text}")
    if {"shooters", "placers"} & set(what):
        print("\nyour own, wherever a shooter or placer is named: module:attribute (my_shooters:EdgeShooter, a "
              "class or object in my_shooters.py in the current directory or on PYTHONPATH)")
    if "shooters" in what and "settings" not in what:
        print("a built-in shooter with other settings: 'expert(exact_layouts=5000)' (battleship list settings)")
    if "placers" in what and "settings" not in what:
        print("a built-in placer with other settings: 'spread(candidates=64)' (battleship list settings)")
    return 0


def _described(spec: str, kind: str) -> str:
    """The first line of what ``spec`` names says of itself (its ``summary``, else its docstring),
    or why it cannot be loaded: one broken package must not hide the rest of the list."""
    try:
        found = battleship.strategies.imported_strategy(spec, kind)
    except Exception as error:  # noqa: BLE001 (any error of another package's code)
        return f"cannot be loaded ({type(error).__name__}: {error})"
    text = getattr(found, "summary", None)
    if not isinstance(text, str):
        text = (getattr(found, "__doc__", None) or "").strip()
    return text.splitlines()[0] if text else "(no description)"


def add_list(sub: Subparsers) -> None:
    """``battleship list [WHAT]``."""
    p = sub.add_parser(
        "list",
        help="the built-in shooters and placers and their settings, fleets and rule sets, each with what it is",
        description="List the names the other commands take: the built-in shooters and placers, each with "
        "its one-line description, the settings of the shooters and placers that have some, the predefined fleets "
        "with their ships, and the rule sets with what each changes.",
    )
    p.add_argument("what", nargs="?", choices=list(LIST_SECTIONS), help="only this list (default: all of them)")
    p.set_defaults(run=_list)
