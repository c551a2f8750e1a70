"""The mistakes of a first Python shooter, each met with a message that names it: a misspelt
method (refused, or warned of when it is an optional one the engine would never call), a file's
name or a wrong attribute in a spec, a plain name for a module in the current directory, a mask
taken for a list, and the random draws a shooter needs made with the game's own generator, so
that the game stays reproducible."""

import gc
import itertools
import re
import sys
import textwrap
import types
import uuid
import warnings
import weakref

import numpy as np
import pytest

import battleship
from battleship import Game, Ocean, Rng, ShotOutcome, TargetView
from battleship.strategies import imported_strategy, resolve_placer, resolve_shooter


# ---- misspelt methods ------------------------------------------------------------------------
class FirstOpen:
    """A correct shooter, the base of the misspelt ones."""

    def next_shot(self, view, rng):
        return view.open_cells()[0]


def _shooter(**methods):
    """An object of a new class ``Shooter`` with ``methods`` (each a function)."""
    return type("Shooter", (), methods)()


def _fires(self, view, rng):
    return view.open_cells()[0]


def _hears(self, *args):
    pass


@pytest.mark.parametrize("name", ["next_shoot", "nextShot", "next_shots", "NextShot"])
def test_a_shooter_without_next_shot_is_told_of_the_method_it_misspelt(name):
    with pytest.raises(TypeError, match=rf"object with a next_shot\(\) method; got <.*> \(it has {name}\(\): a "
                                        rf"misspelling of next_shot\?\)$"):
        resolve_shooter(_shooter(**{name: _fires}))


def test_a_placer_without_place_is_told_of_the_method_it_misspelt():
    placer = type("Placer", (), {"placed": lambda self, ocean, rng: True})()
    with pytest.raises(TypeError, match=r"object with a place\(\) method; got <.*> \(it has placed\(\): a misspelling "
                                        r"of place\?\)$"):
        battleship.simulate("parity", 5, placer=placer, progress=False)


def test_a_class_given_as_a_shooter_is_made_and_then_told_of_its_misspelling():
    cls = type("Shooter", (), {"next_shoot": _fires})
    with pytest.raises(TypeError, match=r"; got <.*> \(what class Shooter made\) \(it has next_shoot\(\): a "
                                        r"misspelling of next_shot\?\)$"):
        battleship.simulate(cls, 5, progress=False)


def test_a_module_given_as_a_shooter_is_told_of_the_function_it_misspelt():
    module = types.ModuleType("my_module")
    module.next_shoot = lambda view, rng: (0, 0)
    with pytest.raises(TypeError, match=r"\(it has next_shoot\(\): a misspelling of next_shot\?\)$"):
        resolve_shooter(module)


@pytest.mark.parametrize("name", ["shoot", "next_move", "get_shot", "fire"])
def test_a_name_not_close_to_next_shot_gets_the_plain_refusal(name):
    with pytest.raises(TypeError, match=r"object with a next_shot\(\) method; got <.*>$"):
        resolve_shooter(_shooter(**{name: _fires}))


def test_only_methods_of_the_class_are_taken_for_misspellings_and_no_property_is_run():
    ran = []

    class Shooter:
        @property
        def next_shoot(self):  # not a method: not a misspelling of one
            ran.append("next_shoot")
            return _fires

        @property
        def on_results(self):
            ran.append("on_results")
            return _hears

        def __getattr__(self, name):  # asked for anything: not asked for a suggestion
            ran.append(name)
            raise AttributeError(name)

    with pytest.raises(TypeError, match=r"method; got <.*>$"):
        resolve_shooter(Shooter())
    assert "next_shoot" not in ran and "on_results" not in ran
    assert set(ran) <= {"next_shot", "start", "on_result"}  # only the methods the engine calls


@pytest.mark.parametrize(
    "name, meant",
    [("on_results", "on_result"), ("onResult", "on_result"), ("on_resul", "on_result"), ("starts", "start"),
     ("Start", "start")],
)
def test_a_misspelt_optional_method_of_a_shooter_is_warned_of(name, meant):
    shooter = _shooter(next_shot=_fires, **{name: _hears})
    with pytest.warns(UserWarning, match=rf"^Shooter has {name}\(\), which the engine never calls: did you mean "
                                         rf"{meant}\(\)\?$") as caught:
        battleship.simulate(shooter, 2, progress=False)
    assert len(caught) == 1
    assert caught[0].filename == __file__  # the warning points at the call that passed the shooter


def test_the_warning_points_at_the_users_call_from_every_entry_point():
    shooter = _shooter(next_shot=_fires, on_results=_hears)
    for call in (
        lambda: Game(shooter, "random", seed=1),
        lambda: battleship.match(shooter, "random", 2, progress=False),
        lambda: battleship.solo_game(shooter, 0, seed=1),
    ):
        with pytest.warns(UserWarning, match=r"did you mean on_result\(\)\?") as caught:
            call()
        assert {w.filename for w in caught} == {__file__}


def test_a_class_s_look_alikes_are_worked_out_once_and_do_not_keep_it_alive():
    # Reading a class's methods and comparing their names took about 0.1 ms at every strategy
    # object a run or a Game was given; the answer is kept by class, weakly.
    shooter = _shooter(next_shot=_fires, on_results=_hears)
    for _ in range(2):  # the second answer is the one kept: the same warning
        with pytest.warns(UserWarning, match=r"did you mean on_result\(\)\?"):
            resolve_shooter(shooter)
    kind = weakref.ref(type(shooter))
    del shooter
    gc.collect()
    assert kind() is None


def test_a_shooter_with_the_method_itself_is_not_warned_of_a_look_alike():
    shooter = _shooter(next_shot=_fires, on_result=_hears, on_results=_hears, start=_hears, starts=_hears)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        battleship.simulate(shooter, 2, progress=False)


def test_a_correct_shooter_and_observer_raise_no_warning():
    class Careful(FirstOpen):
        """Every hook spelt right, and methods of its own that are not near one."""

        def start(self, view):
            pass

        def on_result(self, view, cell, outcome):
            pass

        def restart(self):  # 0.83 alike to start: not taken for it
            pass

        def started(self):
            pass

        def on_click(self):
            pass

    class Watcher:
        def on_shot(self, player, cell, outcome, told):
            pass

        def on_game_over(self, outcome):
            pass

        def on_click(self, event):
            pass

        def on_turn(self):  # 0.7 alike to on_turn_start
            pass

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        battleship.simulate(Careful(), 3, progress=False)
        Game(Careful(), "random", seed=2, observers=[Watcher()]).play_to_end()
        battleship.simulate("parity", 3, placer=battleship.FixedPlacer(_laid_out()), progress=False)


def _laid_out():
    ocean = Ocean()
    ocean.place_randomly(rng=1)
    return ocean


@pytest.mark.parametrize(
    "name, meant",
    [("on_gameover", "on_game_over"), ("onGameOver", "on_game_over"), ("on_shots", "on_shot"),
     ("onTurnStart", "on_turn_start"), ("game_over", "on_game_over")],
)
def test_a_misspelt_observer_hook_is_warned_of(name, meant):
    watcher = type("Watcher", (), {"on_shot" if meant != "on_shot" else "on_game_over": _hears, name: _hears})()
    with pytest.warns(UserWarning, match=rf"^Watcher has {name}\(\), which a Game never calls: did you mean "
                                         rf"{meant}\(\)\?$") as caught:
        Game("parity", "random", seed=1, observers=[watcher])
    assert [w.filename for w in caught] == [__file__]


def test_an_observer_with_only_misspelt_hooks_is_refused_naming_the_hook_it_meant():
    watcher = type("Watcher", (), {"on_gameover": _hears})()
    with pytest.raises(TypeError, match=r"^an observer needs at least one of on_placement, on_turn_start, on_shot, on_sunk, on_game_over; "
                                        r"got <.*> \(it has on_gameover\(\): a misspelling of on_game_over\?\)$"):
        Game("parity", "random", observers=[watcher])
    clicker = type("Clicker", (), {"on_click": _hears})()  # like no hook: the plain refusal
    with pytest.raises(TypeError, match=r"on_game_over; got <.*>$"):
        Game("parity", "random", observers=[clicker])


def test_a_misspelt_hook_really_goes_unheard():
    # What the warning says: the engine calls on_result, never on_results.
    heard = []
    shooter = _shooter(next_shot=_fires, on_results=lambda self, *args: heard.append(args))
    with pytest.warns(UserWarning):
        battleship.simulate(shooter, 1, progress=False)
    assert heard == []


# ---- specs -----------------------------------------------------------------------------------
MODULE = '''
import battleship

class Shooter:
    def next_shot(self, view, rng):
        return view.open_cells()[0]

class TopRows:
    def place(self, ocean, rng):
        return False

class Helper:
    def help(self):
        pass

shared = Shooter()
version = battleship.__version__
'''


@pytest.fixture
def own(tmp_path, monkeypatch):
    """A module of strategies in ``tmp_path``, the current directory and on ``sys.path``, under
    a name of its own; its name."""
    name = f"student_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(MODULE))
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)


def test_a_spec_may_name_the_file_of_its_module(own):
    module = __import__(own)
    assert imported_strategy(f"{own}.py:Shooter") is module.Shooter
    by_file = battleship.simulate(f"{own}.py:Shooter", 5, seed=2, progress=False)
    assert by_file.mean == battleship.simulate(f"{own}:Shooter", 5, seed=2, progress=False).mean
    with pytest.raises(ValueError, match=r"^shooter 'nothing_here_at_all\.py:X': no module named 'nothing_here_at_all' "
                                         r"in the current directory or on sys\.path$"):
        imported_strategy("nothing_here_at_all.py:X")


@pytest.mark.parametrize(
    "path, folder",
    [("strategies/{own}.py", "strategies"), ("/home/me/{own}.py", "/home/me"), ("./{own}.py", "."),
     ("./{own}", "."), ("strategies\\{own}.py", "strategies")],
)
def test_a_spec_with_a_path_says_to_name_the_module(own, path, folder):
    spec = f"{path.format(own=own)}:Shooter"
    message = (f"shooter '{spec}': a spec names a module, not a file's path: write {own}:Shooter and run from the "
               f"folder that holds {own}.py ({folder})")
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        battleship.simulate(spec, 5, progress=False)


def test_a_wrong_attribute_lists_the_shooters_the_module_has(own):
    with pytest.raises(ValueError, match=rf"^shooter '{own}:shooter': module '{own}' has no attribute 'shooter'; its "
                                         r"shooters: Shooter, shared$"):
        battleship.simulate(f"{own}:shooter", 5, progress=False)
    with pytest.raises(ValueError, match=rf"^placer '{own}:toprows': module '{own}' has no attribute 'toprows'; its "
                                         r"placers: TopRows$"):
        battleship.simulate("parity", 5, placer=f"{own}:toprows", progress=False)
    with pytest.raises(ValueError, match=r"^shooter 'battleship\.envs:Nope': module 'battleship\.envs' has no "
                                         r"attribute 'Nope'; it has no shooter \(a class or object with a "
                                         r"next_shot\(\) method\)$"):
        imported_strategy("battleship.envs:Nope")


def test_a_module_s_name_alone_suggests_its_shooter_class_without_importing_it(own, tmp_path):
    (tmp_path / "imported.txt").unlink(missing_ok=True)
    source = (tmp_path / f"{own}.py").read_text()
    (tmp_path / f"{own}.py").write_text("open('imported.txt', 'w').close()\n" + source)  # a mark if it ran
    with pytest.raises(ValueError, match=rf"^unknown shooter '{own}'; known: random, .*; did you mean {own}:Shooter "
                                         rf"\(the shooter class in {own}\.py\)\?$"):
        battleship.simulate(own, 5, progress=False)
    with pytest.raises(ValueError, match=rf"; did you mean {own}:TopRows \(the placer class in {own}\.py\)\?$"):
        resolve_placer(own)
    assert own not in sys.modules and not (tmp_path / "imported.txt").exists()


def test_a_module_with_several_shooter_classes_or_none_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    name = f"student_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent('''
        class A:
            def next_shot(self, view, rng):
                return (0, 0)

        class B(A):
            def next_shot(self, view, rng):
                return (0, 1)
    '''))
    with pytest.raises(ValueError, match=rf"; did you mean one of {name}:A, {name}:B \(the shooter classes in "
                                         rf"{name}\.py\)\?$"):
        resolve_shooter(name)
    with pytest.raises(ValueError, match=rf"; {name}\.py here has no placer class \(one with a place\(\) method\) to "
                                         rf"name as {name}:ClassName$"):
        resolve_placer(name)


def test_a_module_elsewhere_on_sys_path_is_not_suggested(own, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path.parent)  # the module is on sys.path, but not a file of this directory
    with pytest.raises(ValueError, match=rf"^unknown shooter '{own}'; known: [^;]*$"):
        resolve_shooter(own)
    with pytest.raises(ValueError, match=r"^unknown shooter 'fractions'; known: [^;]*$"):  # the standard library's
        resolve_shooter("fractions")


# ---- masks, not lists --------------------------------------------------------------------------
MASKS = {TargetView: ("shots", "hits", "misses", "pending", "open"), Ocean: ("shots", "hits", "blocked")}


@pytest.mark.parametrize("cls, name", [(cls, name) for cls, names in MASKS.items() for name in names])
def test_each_mask_says_it_is_a_numpy_boolean_mask_and_is_one(cls, name):
    doc = getattr(cls, name).__doc__
    assert doc.splitlines()[0].startswith("A rows x cols NumPy boolean mask (not a list of cells)")
    board = cls(6, 7)
    mask = getattr(board, name)
    assert isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.shape == (6, 7)


def test_the_masks_point_at_the_lists_of_cells_and_ships_says_what_it_holds():
    assert "open_cells()" in TargetView.open.__doc__ and "hit_cells()" in TargetView.hits.__doc__
    assert Ocean.ships.__doc__.startswith("A rows x cols NumPy int8 array (not a list of cells)")
    ships = Ocean(6, 7).ships
    assert ships.dtype == np.int8 and ships.shape == (6, 7)
    view = TargetView(6, 7)
    view.record((2, 3), ShotOutcome("hit"))
    assert view.open_cells() == [(r, c) for r in range(6) for c in range(7) if view.open[r, c]]
    assert view.hit_cells() == [(2, 3)] and view.hits[2, 3]


# ---- the generator's helpers -------------------------------------------------------------------
def test_the_same_seed_gives_the_same_choices_integers_and_shuffles():
    def draws(seed):
        rng, items = Rng(seed), list(range(20))
        rng.shuffle(items)
        return [rng.choice("abcdefgh") for _ in range(10)], [rng.integers(-5, 5) for _ in range(10)], items

    assert draws(4) == draws(4)
    assert draws(4) != draws(5)


def test_the_helpers_draw_what_below_draws():
    # one draw of below(len) a choice, below(high - low) an integer: the engine's own draws
    a, b = Rng(9), Rng(9)
    assert [a.choice("abcdefg") for _ in range(20)] == ["abcdefg"[b.below(7)] for _ in range(20)]
    assert [a.integers(10, 17) for _ in range(20)] == [10 + b.below(7) for _ in range(20)]
    items = list(range(6))
    a.shuffle(items)
    expected = list(range(6))
    for i in range(5, 0, -1):
        j = b.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and a == b


def test_every_element_can_come_out():
    rng = Rng(1)
    assert {rng.choice(["a", "b", "c", "d", "e"]) for _ in range(300)} == set("abcde")
    assert {rng.choice((1, 2, 3)) for _ in range(100)} == {1, 2, 3}
    assert {rng.choice(range(3, 6)) for _ in range(100)} == {3, 4, 5}
    assert {rng.integers(-3, 3) for _ in range(300)} == set(range(-3, 3))  # high itself never
    assert rng.integers(7, 8) == 7 and rng.integers(np.int64(2), 3) == 2
    seen = set()
    for _ in range(300):
        items = [1, 2, 3]
        rng.shuffle(items)
        seen.add(tuple(items))
    assert seen == set(itertools.permutations([1, 2, 3]))
    empty, one = [], ["x"]
    rng.shuffle(empty)
    rng.shuffle(one)
    assert empty == [] and one == ["x"]


def test_integers_takes_spans_beyond_32_bits():
    rng = Rng(3)
    big = [rng.integers(0, 2**40) for _ in range(50)]
    assert all(0 <= x < 2**40 for x in big) and max(big) > 2**33
    assert all(-(2**63) <= rng.integers(-(2**63), 2**63 - 1) < 2**63 - 1 for _ in range(20))
    assert 10**30 <= rng.integers(10**30, 10**30 + 5) < 10**30 + 5  # any ints, a span the engine draws


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda r: r.choice([]), IndexError, r"^choice\(seq\) cannot choose from an empty sequence$"),
        (lambda r: r.choice(""), IndexError, r"^choice\(seq\) cannot choose from an empty sequence$"),
        (lambda r: r.choice({1, 2}), TypeError, r"^choice\(seq\) takes a sequence \(a list, tuple, str or range\), "
                                                r"got set; choose from sorted\(\.\.\.\) of a set, whose order can "
                                                r"change from one run to the next$"),
        (lambda r: r.choice({"a": 1}), TypeError, r"^choice\(seq\) takes a sequence .*, got dict$"),
        (lambda r: r.choice(5), TypeError, r"^choice\(seq\) takes a sequence .*, got int$"),
        (lambda r: r.integers(3, 3), ValueError, r"^integers\(low, high\) needs low < high \(high itself is never "
                                                 r"drawn\), got low=3, high=3$"),
        (lambda r: r.integers(5, 2), ValueError, r"got low=5, high=2$"),
        (lambda r: r.integers(0, 2**64), ValueError, r"^integers\(low, high\) draws from at most 2\*\*64 - 1 values, "
                                                     r"got high - low = 18446744073709551616$"),
        (lambda r: r.integers(1.5, 3), TypeError, r"^low must be an int, got 1\.5$"),
        (lambda r: r.integers(0, "9"), TypeError, r"^high must be an int, got '9'$"),
        (lambda r: r.integers(True, 3), TypeError, r"^low must be an int, got True$"),
        (lambda r: r.shuffle((1, 2, 3)), TypeError, r"^shuffle\(x\) shuffles a list in place, got tuple; shuffle a "
                                                    r"list made of it: items = list\(x\); rng\.shuffle\(items\)$"),
        (lambda r: r.shuffle(np.arange(3)), TypeError, r"^shuffle\(x\) shuffles a list in place, got numpy\.ndarray"),
    ],
)
def test_the_helpers_refuse_what_they_cannot_draw_from_and_draw_nothing(call, error, message):
    rng = Rng(11)
    with pytest.raises(error, match=message):
        call(rng)
    assert rng == Rng(11)  # no draw was spent on the refusal


def test_a_shooter_drawing_with_the_helpers_plays_reproducible_games():
    class Chooser:
        def next_shot(self, view, rng):
            cells = view.open_cells()
            rng.shuffle(cells)
            return rng.choice(cells[: rng.integers(1, len(cells) + 1)])

    first = battleship.simulate(Chooser(), 20, seed=5, game_shots=True, progress=False)
    again = battleship.simulate(Chooser(), 20, seed=5, game_shots=True, progress=False)
    other = battleship.simulate(Chooser(), 20, seed=6, game_shots=True, progress=False)
    assert np.array_equal(first.game_shots, again.game_shots)
    assert not np.array_equal(first.game_shots, other.game_shots)


def test_the_helpers_have_docstrings_that_say_they_draw_from_this_generator():
    for name in ("choice", "integers", "shuffle"):
        assert "Drawn from this generator" in getattr(Rng, name).__doc__


@pytest.mark.parametrize("typed, meant", [("probabilty", "probability"), ("Parity", "parity"), ("hunt-target", "hunt_target")])
def test_a_mistyped_built_in_name_is_answered_with_the_name_meant(typed, meant):
    with pytest.raises(ValueError, match=rf"^unknown shooter '{typed}'; known: .*; did you mean {meant}\?$"):
        resolve_shooter(typed)


def test_a_name_like_no_built_in_gets_no_suggestion():
    with pytest.raises(ValueError, match=r"^unknown placer 'xyz'; known: uniform, [a-z, ]*$"):
        resolve_placer("xyz")
