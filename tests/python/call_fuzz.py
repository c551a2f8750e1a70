"""Random calls into the package, run by test_call_fuzz.py in a child interpreter.

    python call_fuzz.py SEED CALLS LOG

Makes CALLS calls chosen by SEED: every public callable of `battleship`, `battleship._core` and
`battleship.envs`, and every method of the objects they make, with junk arguments (wrong types,
numeric extremes, objects whose `__index__` or `__iter__` raises, strategies that raise, return
junk, keep their view or call back into the engine). Each call may return or raise; what must not
happen is a crash or a call that a signal cannot stop. Each call is written to LOG, flushed, before
it is made, so the last line of a crashed child names its culprit; the last line of a run that
made every call is END. A call still running after 3 s is sent SIGALRM, and again every second,
whose handler raises `CallTimeout`, as Ctrl-C raises KeyboardInterrupt (a BaseException, which
the junk strategies' `except Exception` lets through); a call still running 20 s after its first
alarm ignores signals: the child writes so and exits with status 3.

The crash audit of stop 70 found four crashes this way (pickling at protocol 0, a dropped engine
object, a placement outliving its loan) with a larger version of this program.
"""

from __future__ import annotations

import copy
import gc
import inspect
import pickle
import random
import signal
import sys
import time
import types
from typing import Any, Callable

import numpy as np

import battleship as b
import battleship.envs as envs
from battleship import _core as core

# The special methods called, besides the public ones.
DUNDERS = ("__eq__", "__hash__", "__len__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__",
           "__copy__", "__deepcopy__", "__repr__", "__iter__", "__init__")
CALL_SECONDS = 3  # the first SIGALRM after this long, then one a second
IGNORED_SECONDS = 20  # a call running this long after its first alarm ignores signals
# Whole searches or runs that are slow even when their arguments are valid: called one time in five.
SLOW = ("simulate_every_layout", "optimal_expected_shots", "exact_mean_shots", "tournament", "sprt")


class Boom(Exception):
    """What the junk objects and strategies raise."""


class CallTimeout(BaseException):
    """What SIGALRM raises in a call that runs too long."""


class RaisingIndex:
    def __index__(self) -> int:
        raise Boom("__index__")

    def __float__(self) -> float:
        raise Boom("__float__")


class WrongIndex:
    def __index__(self) -> Any:
        return "not an int"


class HugeIndex:
    def __index__(self) -> int:
        return 10**30


class RaisingText:
    def __str__(self) -> str:
        raise Boom("__str__")

    def __repr__(self) -> str:
        raise Boom("__repr__")

    def __hash__(self) -> int:
        raise Boom("__hash__")

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")


class RaisingSequence:
    def __iter__(self) -> Any:
        raise Boom("__iter__")

    def __len__(self) -> int:
        return 3

    def __getitem__(self, i: int) -> Any:
        raise Boom("__getitem__")


class LyingLength:
    def __len__(self) -> int:
        return 2**62

    def __iter__(self) -> Any:
        return iter([1, 2])

    def __getitem__(self, i: int) -> int:
        return [1, 2][i]


class ShrinkingList(list[Any]):
    """A list that empties itself while it is iterated."""

    def __iter__(self) -> Any:
        for i, x in enumerate(list.__iter__(self)):
            if i == 0:
                self.clear()
            yield x


def junk() -> list[Any]:
    cycle: list[Any] = [1, 2]
    cycle.append(cycle)
    values: list[Any] = [
        None, True, False, 0, 1, -1, 2, 3, 5, 10, 11, 16, 32, 100, 127, 128, 129, 1024, 1025,
        2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, -(2**63) - 1, 2**64, -(2**64), 10**100,
        0.0, -0.0, 0.5, -1.5, 1e308, float("nan"), float("inf"), float("-inf"), 5e-324,
        "", "a", "A1", "J10", "Z99", "a" * 100_000, "\x00", "\ud800", "é" * 50, "1e999", "-1",
        "uniform", "random", "parity", "spread", "elusive", "bayes", "classic", "h", "v",
        "expert(layouts=0)", "probability(hit_weight=-3)", "uniform(search_budget=1)",
        b"", b"A1", bytearray(b"x"), memoryview(b"abc"),
        (), (0,), (0, 0), (1, 2, 3), (-1, -1), (10**20, 0), ("a", 1), (float("nan"), 0),
        [], [0, 0], [[0, 0]], cycle, {}, {"a": 1}, {1: 2}, set(), frozenset([1]),
        object(), RaisingIndex(), WrongIndex(), HugeIndex(), RaisingText(), RaisingSequence(),
        LyingLength(), ShrinkingList([1, 2, 3]), iter([1, 2]), range(5), slice(None),
        Ellipsis, NotImplemented, lambda *a, **k: None, lambda *a, **k: 1 / 0, type, int,
        complex(1, 2),
        np.int64(3), np.uint64(2**64 - 1), np.float32("nan"), np.bool_(True), np.array(3),
        np.zeros((0,)), np.zeros((3, 3)), np.zeros((2,), dtype=object), np.arange(10)[::3],
        np.array([1, 2], dtype=np.int8), np.array(["a"]), np.zeros((2, 2))[:, 0],
    ]
    return values


class Pool:
    """The objects calls are made on and with: made at the start, and what calls return."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.values = junk()
        self.objects: list[Any] = []

    def argument(self) -> Any:
        small = [0, 1, 2, 3, 5, 9, 10, -1, "random", "uniform", "h", (0, 0), (1, 2), "A1", None, 0.5]
        r = self.rng.random()
        if r < 0.25:
            return self.rng.choice(small)
        if r < 0.6 or not self.objects:
            return self.rng.choice(self.values)
        return self.rng.choice(self.objects)

    def call_back(self) -> None:
        """Calls a method of a pooled object from inside a strategy or hook: a call back into
        the engine while it plays."""
        if not self.objects:
            return
        target = self.rng.choice(self.objects)
        names = [n for n in dir(target) if not n.startswith("_")]
        if not names:
            return
        try:
            method = getattr(target, self.rng.choice(names))
            if callable(method):
                method(*[self.argument() for _ in range(self.rng.randint(0, 3))])
        except Exception:
            pass


def strategies(pool: Pool) -> list[Any]:
    """Python shooters, placers and observers that misbehave, one way each."""
    rng = pool.rng

    class Shooter:
        def __init__(self, mode: str) -> None:
            self.mode, self.cells = mode, [(r, c) for r in range(10) for c in range(10)]

        def __repr__(self) -> str:
            return f"Shooter({self.mode!r})"

        def start(self, view: Any) -> None:
            rng.shuffle(self.cells)
            if self.mode == "start raises":
                raise Boom("start")

        def next_shot(self, view: Any, generator: Any) -> Any:
            mode = self.mode
            if mode == "raises":
                raise Boom("next_shot")
            if mode == "junk":
                return rng.choice(pool.values)
            if mode == "keeps its view":
                pool.objects += [view, generator]
            if mode == "drops its view's engine object":
                view.__dict__.clear()
                gc.collect()
            if mode == "calls back":
                pool.call_back()
            if mode == "interrupts":
                raise KeyboardInterrupt
            if mode == "exits":
                raise SystemExit(3)
            return self.cells.pop() if self.cells else (0, 0)

        def on_result(self, view: Any, cell: Any, outcome: Any) -> None:
            if self.mode == "on_result raises":
                raise Boom("on_result")
            if self.mode == "calls back":
                pool.call_back()

    class Placer:
        def __init__(self, mode: str) -> None:
            self.mode = mode

        def __repr__(self) -> str:
            return f"Placer({self.mode!r})"

        def place(self, ocean: Any, generator: Any) -> Any:
            mode = self.mode
            if mode == "raises":
                raise Boom("place")
            if mode == "junk":
                return rng.choice(pool.values)
            if mode == "keeps its ocean":
                pool.objects += [ocean, generator]
            if mode == "drops its ocean's engine object":
                ocean.__dict__.clear()
                gc.collect()
                return False
            if mode == "calls back":
                pool.call_back()
            try:
                ocean.place_randomly("uniform", generator)
            except Exception:
                pass
            return rng.choice([None, True, False, 1, "yes"])

    class Observer:
        def __init__(self, mode: str) -> None:
            self.mode = mode

        def __repr__(self) -> str:
            return f"Observer({self.mode!r})"

        def hook(self, *args: Any) -> None:
            if self.mode == "raises":
                raise Boom("hook")
            if self.mode == "calls back":
                pool.call_back()
            if self.mode == "keeps what it hears":
                pool.objects.extend(args)

        on_placement = on_turn_start = on_shot = on_sunk = on_game_over = hook

    shooter_modes = ["plays", "raises", "junk", "keeps its view", "drops its view's engine object",
                     "calls back", "start raises", "on_result raises", "interrupts", "exits"]
    placer_modes = ["places", "raises", "junk", "keeps its ocean", "drops its ocean's engine object",
                    "calls back"]
    return ([Shooter(m) for m in shooter_modes] + [Placer(m) for m in placer_modes]
            + [Observer(m) for m in ["listens", "raises", "calls back", "keeps what it hears"]])


def played_record() -> Any:
    game = b.Game(seed=3, first="random", second="parity")
    game.play_to_end()
    return game.record


def made_objects() -> list[Any]:
    """Valid objects of most classes, to call methods on."""
    makers: list[Callable[[], Any]] = [
        b.Ocean, b.TargetView, lambda: b.Game(seed=1), lambda: b.Rng(1), b.Fleet.classic, b.Rules,
        lambda: b.Rules.named("salvo"), lambda: b.ShotOutcome("hit", ship=1),
        lambda: b.Posterior(rows=5, cols=5, fleet=b.Fleet([("Boat", "B", 2)]), samples=50),
        lambda: b.shooter("parity"), lambda: b.shooter("bayes"), lambda: b.placer("spread"),
        lambda: b.BayesShooter(samples=100), lambda: b.UniformPlacer(search_budget=1000),
        lambda: b.OptimalShooter(), lambda: b.solo_game("parity", 2, seed=2), played_record,
        lambda: core.TargetView_1024(30, 30, core.Fleet.classic(), core.Rules()),
        lambda: core.CancelToken(), lambda: envs.BattleshipEnv(), lambda: envs.DuelEnv(),
        lambda: envs.BattleshipVectorEnv(2, teachers=["probability"]),
    ]
    placed = b.Ocean()
    placed.place_randomly(rng=1)
    objects = [placed]
    for make in makers:
        try:
            objects.append(make())
        except Exception:
            pass
    return objects


def callables() -> list[tuple[str, Callable[..., Any]]]:
    found = []
    for module in (core, b, envs):
        for name in dir(module):
            if name.startswith("__"):
                continue
            value = getattr(module, name)
            if callable(value) and not isinstance(value, types.ModuleType):
                found.append((f"{module.__name__}.{name}", value))
    return found


def positional_count(f: Callable[..., Any]) -> int | None:
    try:
        parameters = inspect.signature(f).parameters.values()
    except (TypeError, ValueError):
        return None
    return len([p for p in parameters if p.default is p.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])


def shown(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__}, repr raises>"
    return text if len(text) < 120 else text[:100] + f"... ({len(text)} characters)"


def on_alarm(signum: int, frame: Any) -> None:
    raise CallTimeout(f"still running after {CALL_SECONDS} s")


def main(seed: int, calls: int, log_path: str) -> None:
    rng = random.Random(seed)
    pool = Pool(rng)
    pool.values += strategies(pool)
    pool.objects = made_objects()
    functions = callables()
    signal.signal(signal.SIGALRM, on_alarm)
    keywords = ["seed", "games", "rows", "cols", "threads", "rng", "placer", "fleet", "rules",
                "progress", "samples", "first", "second", "observer"]
    with open(log_path, "w", buffering=1, encoding="utf-8") as log:
        for i in range(calls):
            if rng.random() < 0.35 or not pool.objects:
                name, f = rng.choice(functions)
            else:
                target = rng.choice(pool.objects)
                try:  # dir() fails on an object whose __dict__ a junk __setstate__ gave int keys
                    method = rng.choice([n for n in dir(target) if not n.startswith("__") or n in DUNDERS])
                    f = getattr(target, method)
                except Exception:
                    continue
                name = f"{type(target).__name__}.{method}"
                if not callable(f):
                    continue
            if any(slow in name for slow in SLOW) and rng.random() < 0.8:
                continue
            count = positional_count(f)
            if count is None or rng.random() < 0.3:
                count = rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 7])
            args = [pool.argument() for _ in range(count)]
            kwargs = {rng.choice(keywords): pool.argument()} if rng.random() < 0.2 else {}
            log.write(f"{i} {name} args={[shown(a) for a in args]} "
                      f"kwargs={ {k: shown(v) for k, v in kwargs.items()} }\n")
            began = time.monotonic()
            try:  # a strategy's SystemExit or KeyboardInterrupt comes back too
                signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS, 1)
                try:
                    result = f(*args, **kwargs)
                    if result is not None and rng.random() < 0.5 and len(pool.objects) < 200:
                        pool.objects.append(result)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)  # an alarm due now goes off here, caught below
            except BaseException:
                pass
            if time.monotonic() - began > CALL_SECONDS + IGNORED_SECONDS:
                log.write(f"{i} ignored its alarms for {time.monotonic() - began - CALL_SECONDS:.0f} s\n")
                sys.exit(3)
            after = rng.random()
            try:
                if after < 0.05:
                    gc.collect()
                elif after < 0.08 and pool.objects:
                    target = rng.choice(pool.objects)
                    protocol = rng.randrange(pickle.HIGHEST_PROTOCOL + 1)
                    log.write(f"{i} copies and pickles a {type(target).__name__} at {protocol}\n")
                    copy.deepcopy(target)
                    pickle.loads(pickle.dumps(target, protocol))
                elif after < 0.10 and pool.objects:
                    del pool.objects[rng.randrange(len(pool.objects))]
                    gc.collect()
            except BaseException:
                pass
        log.write("END\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
