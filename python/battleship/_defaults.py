"""What an omitted fleet or rule set means, checked once for every public entry point."""

from __future__ import annotations

from typing import Optional, Tuple

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
