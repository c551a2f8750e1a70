"""How hard is your layout to find? The Python counterpart of examples/layout_challenge.cpp.

Reads a fleet drawn as text (one line a row, a ship's symbol on each of its cells, '.' for
water; examples/layouts/classic.txt by default) and lays it out on an ocean with
Ocean.place_layout, under the touching rule given: a malformed drawing, or a ship the rule
refuses, is named by its line and column (exit status 2). Then each shooter hunts that layout
in every game (battleship.FixedPlacer, which lays out the same drawing each time), and, on the
same seed, uniformly random layouts: the difference is what your layout costs or saves them.
`battleship compare --layout FILE` does the same from the command line.

    python examples/python/layout_challenge.py [FILE] [--games N] [--touching RULE]
                                               [--shooters NAME,NAME,...]

A shooter is a built-in's name or ``module:attribute`` (your own, as the command line takes it).
"""

from __future__ import annotations

import argparse
import pathlib

import battleship
from battleship import FixedPlacer, Ocean
from battleship.cli import whole_number
from battleship.strategies import resolve_shooter

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "layouts" / "classic.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=pathlib.Path, default=SAMPLE,
                        help="the drawn layout (default: examples/layouts/classic.txt)")
    parser.add_argument("--games", type=whole_number(1, 10_000_000), metavar="N", default=2_000,
                        help="games of each shooter, on each kind of layout (default 2,000)")
    parser.add_argument("--touching", choices=["allowed", "no_edge_contact", "no_contact"],
                        default="allowed", help="the touching rule (default allowed)")
    parser.add_argument("--shooters", default="random,parity,probability", metavar="NAMES",
                        help="comma-separated shooters (default random,parity,probability)")
    args = parser.parse_args()
    try:
        text = args.file.read_bytes().decode("utf-8-sig")  # a byte order mark, as editors write
    except OSError as error:
        parser.error(f"cannot read {args.file}: {error.strerror}")
    except UnicodeDecodeError as error:
        line = error.object.count(b"\n", 0, error.start) + 1
        parser.error(f"{args.file}: line {line}: not UTF-8 text (byte 0x{error.object[error.start]:02x})")
    ocean = Ocean(10, 10, battleship.Fleet.classic(), touching=args.touching)
    try:
        ocean.place_layout(text)  # ValueError (a PlacementError too) names the line
    except ValueError as error:
        parser.error(f"{args.file}: {error}")
    shooters = [name for name in args.shooters.split(",") if name]
    if not shooters:
        parser.error(f"no shooter given; known: {', '.join(battleship.shooter_names())}")
    for name in shooters:  # a built-in's name or module:attribute, as the command line takes
        try:
            resolve_shooter(name)
        except ValueError as error:
            parser.error(str(error))

    print(f"{args.file.name}, touching {args.touching}:")
    print(ocean.layout_text())
    rules = battleship.Rules(touching=args.touching)
    placer = FixedPlacer(ocean)  # the layout as read, checked under the rule
    width = max(14, *(len(name) for name in shooters))
    print(f"{'shooter':<{width}} {'this layout':>11} {'uniform':>8} {'difference':>10}")
    for name in shooters:
        drawn = battleship.simulate(name, args.games, seed=1, rules=rules, placer=placer, progress=False)
        uniform = battleship.simulate(name, args.games, seed=1, rules=rules, progress=False)
        print(f"{name:<{width}} {drawn.mean:>11.2f} {uniform.mean:>8.2f} {drawn.mean - uniform.mean:>+10.2f}")
    print(f"(mean shots over {args.games} games each)")


if __name__ == "__main__":
    main()
