"""Your own shooters and placers by ``module:attribute``, wherever a name is taken: the library
imports the module, makes a class afresh for each run, and plays exactly what the object itself
would; the command line finds the module in the current directory; bad specs are refused with
what is missing, and a module that fails on its own is not hidden."""

import dataclasses
import re
import sys
import textwrap
import uuid

import numpy as np
import pytest

import battleship
from battleship.cli import main
from battleship.strategies import imported_strategy

SOURCE = '''
class FirstOpen:
    """Fires at the first open cell: a shooter everyone can predict."""

    def next_shot(self, view, rng):
        return view.open_cells()[0]


class TopRows:
    """Lays the ships out across, row by row from the top-left corner, skipping cells it cannot use."""

    def place(self, ocean, rng):
        for ship in range(ocean.ship_count):
            spots = [(r, c) for r in range(ocean.rows) for c in range(ocean.cols)
                     if ocean.check_place(ship, (r, c), "h") is None]
            if not spots:
                ocean.clear()
                return False
            ocean.place(ship, spots[0], "h")
        return True


class Holder:
    shooter = FirstOpen


made = []


class Counted(FirstOpen):
    """Counts how often it was made: a spec's class is made afresh for each run."""

    def __init__(self):
        made.append(self)


class Summarised(FirstOpen):
    """A docstring that battleship list does not show."""

    summary = "fires at the first open cell, as its summary says"


class Silent(FirstOpen):
    pass


class Thinker(FirstOpen):
    """Says it is slow: compare plays it as it plays bayes."""

    slow = True


class OffBoard:
    """Names the cell just below the board, every time: a broken shooter."""

    def next_shot(self, view, rng):
        return (view.rows, 0)


shared = FirstOpen()
not_a_strategy = 42
'''


@pytest.fixture
def own(tmp_path, monkeypatch):
    """A module of strategies in ``tmp_path`` under a name of its own (no two tests share one in
    ``sys.modules``), importable; its name."""
    name = f"own_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(SOURCE))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)


def test_a_spec_names_the_class_or_object_in_the_module(own):
    module = __import__(own)
    assert imported_strategy(f"{own}:FirstOpen") is module.FirstOpen
    assert imported_strategy(f"{own}:Holder.shooter") is module.FirstOpen  # a dotted attribute
    assert imported_strategy(f"{own}:shared") is module.shared
    assert imported_strategy("battleship:ParityShooter") is battleship.ParityShooter  # any importable module


def test_a_spec_plays_exactly_what_the_object_plays(own):
    module = __import__(own)
    by_spec = battleship.simulate(f"{own}:FirstOpen", 40, seed=3, progress=False, game_shots=True)
    by_object = battleship.simulate(module.FirstOpen(), 40, seed=3, progress=False, game_shots=True)
    assert by_spec.shooter == f"{own}:FirstOpen"  # the result says how to get the shooter again
    assert by_spec == dataclasses.replace(by_object, shooter=by_spec.shooter)
    assert np.array_equal(by_spec.game_shots, by_object.game_shots)
    placed = battleship.simulate("parity", 40, seed=3, placer=f"{own}:TopRows", progress=False)
    assert placed == battleship.simulate("parity", 40, seed=3, placer=module.TopRows(), progress=False)
    assert placed != battleship.simulate("parity", 40, seed=3, progress=False)  # not the uniform layouts
    assert placed.setup.placers == (f"{own}:TopRows",)


def test_a_spec_class_is_made_afresh_for_each_run_and_each_side(own):
    module = __import__(own)
    battleship.simulate(f"{own}:Counted", 5, progress=False)
    battleship.match(f"{own}:Counted", f"{own}:Counted", 4, progress=False)  # two objects, not one
    assert len(module.made) == 3 and len({id(m) for m in module.made}) == 3
    with pytest.raises(ValueError, match="one Python shooter object plays twice"):
        battleship.match(f"{own}:shared", f"{own}:shared", 4, progress=False)


def test_matches_tournaments_and_single_games_take_specs(own):
    module = __import__(own)
    spec = f"{own}:FirstOpen"
    m = battleship.match(spec, "random", 30, seed=2, progress=False)
    assert (m.a, m.wins_a, m.wins_b) == (spec, *[
        getattr(battleship.match(module.FirstOpen(), "random", 30, seed=2, progress=False), k)
        for k in ("wins_a", "wins_b")
    ])
    t = battleship.tournament([spec, "random", ("parity", f"{own}:TopRows")], 10, progress=False)
    assert t.names == (spec, "random", f"parity/{own}:TopRows")
    assert t.between(spec, "random").wins_a == battleship.match(spec, "random", 10, progress=False).wins_a
    game = battleship.solo_game(spec, 4, seed=2)
    assert game.valid_shots == battleship.simulate(spec, 5, seed=2, game_shots=True, progress=False).game_shots[4]


@pytest.mark.parametrize(
    "spec, message",
    [
        ("{own}:Nope", "shooter '{own}:Nope': module '{own}' has no attribute 'Nope'"),
        ("{own}:Holder.nope", "shooter '{own}:Holder.nope': 'Holder' has no attribute 'nope'"),
        ("no_such_module_here:X", "shooter 'no_such_module_here:X': no module named 'no_such_module_here' in the"),
        ("no_such_package.sub:X", "no module named 'no_such_package' in the current directory or on sys.path"),
        ("{own}:", "shooter '{own}:': expected a name or module:attribute, such as my_shooters:EdgeShooter"),
        (":FirstOpen", "shooter ':FirstOpen': expected a name or module:attribute"),
        (".relative:FirstOpen", "shooter '.relative:FirstOpen': expected a name or module:attribute"),
    ],
)
def test_a_spec_that_names_nothing_is_refused_with_what_is_missing(own, spec, message):
    with pytest.raises(ValueError) as error:
        battleship.simulate(spec.format(own=own), 5, progress=False)
    assert message.format(own=own) in str(error.value)


def test_a_spec_that_names_no_strategy_is_a_type_error(own):
    with pytest.raises(TypeError, match="object with a next_shot\\(\\) method; got 42"):
        battleship.simulate(f"{own}:not_a_strategy", 5, progress=False)
    with pytest.raises(TypeError, match="object with a place\\(\\) method"):
        battleship.simulate("parity", 5, placer=f"{own}:FirstOpen", progress=False)
    # A class that makes no strategy: the object it made is named as such ("got 0" alone puzzled).
    with pytest.raises(TypeError, match=r"method; got 0 \(what class int made\)$"):
        battleship.simulate("builtins:int", 5, progress=False)


def test_a_module_that_fails_on_its_own_is_not_hidden(tmp_path, monkeypatch):
    (tmp_path / "needs_more.py").write_text("import a_dependency_nobody_installed\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError) as error:  # as Python raises it, not "no module needs_more"
        battleship.simulate("needs_more:X", 5, progress=False)
    assert error.value.name == "a_dependency_nobody_installed"
    sys.modules.pop("needs_more", None)


def test_the_command_line_finds_a_module_in_the_current_directory(tmp_path, monkeypatch, capsys):
    (tmp_path / "cli_own_shooters.py").write_text(textwrap.dedent(SOURCE))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])  # as a console script
    sys.modules.pop("cli_own_shooters", None)
    assert main(["compare", "--shooters", "parity,cli_own_shooters:FirstOpen", "--games", "50", "--no-progress"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("cli_own_shooters:FirstOpen"))
    mean = battleship.simulate("cli_own_shooters:FirstOpen", 50, progress=False).mean
    assert row.split()[1] == f"{mean:.2f}"
    header = next(line for line in out.splitlines() if line.startswith("shooter"))
    assert header.index("mean") + 4 == row.index(f"{mean:.2f}") + len(f"{mean:.2f}")  # the columns stay aligned
    assert main(["tournament", "cli_own_shooters:FirstOpen/cli_own_shooters:TopRows", "random", "--games", "10",
                 "--no-progress"]) == 0
    assert "| cli_own_shooters:FirstOpen/cli_own_shooters:TopRows |" in capsys.readouterr().out
    assert main(["match", "cli_own_shooters:Nope", "random", "--games", "10", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "battleship: error: shooter 'cli_own_shooters:Nope': module 'cli_own_shooters' has no" in err
    sys.modules.pop("cli_own_shooters", None)


def test_a_python_shooter_that_says_it_is_slow_plays_fewer_games_in_compare(own, capsys):
    assert battleship.shooter_is_slow(f"{own}:Thinker") and not battleship.shooter_is_slow(f"{own}:FirstOpen")
    assert battleship.shooter_is_slow("bayes") and not battleship.shooter_is_slow("parity")
    with pytest.raises(ValueError, match="unknown shooter 'nope'"):
        battleship.shooter_is_slow("nope")
    assert main(["compare", "--shooters", f"parity,{own}:Thinker,{own}:FirstOpen", "--games", "30", "--slow-games",
                 "4", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"^{own}:Thinker \* +", out, re.M) and re.search(rf"^{own}:FirstOpen +\d", out, re.M)
    same = battleship.simulate("parity", 4, progress=False)
    assert f"  parity on the same 4 layouts: mean {same.mean:.2f}" in out  # the slow row's 4 games


def test_a_shooter_whose_invalid_shots_stop_every_game_is_named_and_the_run_exits_1(own, capsys):
    # A solo game with no shot cap ends unfinished only at the invalid-shot limit: a broken
    # shooter, as one whose every match is aborted, where exit code 0 said the run measured it.
    broken = f"{own}:OffBoard"
    stopped = "(6 unfinished: stopped by 100 invalid shots in a row)"
    error = (f"battleship: error: no game was finished by {broken}: every one stopped at 100 invalid shots in a "
             "row (cells off the board or already shot)\n")
    for command in (["simulate", broken], ["compare", "--shooters", f"parity,{broken}"]):
        assert main([*command, "--games", "6", "--no-progress"]) == 1
        out, err = capsys.readouterr()
        assert out.rstrip().endswith(stopped) and err == error
    assert re.search(r"^parity +\d+\.\d\d", out, re.M)  # compare measured the others as usual
    # Under a shot cap it may be the cap that stopped them: a measurement, said as it is.
    assert main(["simulate", broken, "--games", "6", "--shot-cap", "50", "--no-progress"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("(6 unfinished)")
    # In a match the seat is named with the shooter who sat in it: B moves first in odd matches.
    for a, b, first in ((broken, "parity", 0), ("parity", broken, 1)):
        assert main(["match", a, b, "--games", "4", "--no-progress"]) == 1
        out, err = capsys.readouterr()
        said = f"{broken} (player {first}) made too many invalid shots in a row"
        assert out.endswith(f"  first aborted game: {said}\n") and said in err
    assert main(["match", broken, broken, "--games", "3", "--no-progress"]) == 1
    assert f"first aborted game: {broken} (A) (player 0) made" in capsys.readouterr().out


def test_every_command_that_names_a_shooter_says_it_takes_a_spec(capsys):
    for command in (["simulate"], ["match"], ["tournament"], ["compare"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        assert "module:attribute" in " ".join(capsys.readouterr().out.split())


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """A package installed on ``sys.path`` (its dist-info, as pip leaves it) that declares
    strategies as entry points: one to play, one under a built-in's name (left out), one whose
    module is missing, and a placer. The module's name is its own, so tests do not share it."""
    module = f"plugin_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{module}.py").write_text(textwrap.dedent(SOURCE))
    info = tmp_path / "fake_battleship_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-battleship-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[battleship.shooters]\n"
        f"first_open = {module}:FirstOpen\n"
        f"parity = {module}:FirstOpen\n"
        "broken = no_such_plugin_module:Nothing\n"
        f"summarised = {module}:Summarised\n"
        f"silent = {module}:Silent\n"
        "\n[battleship.placers]\n"
        f"top_rows = {module}:TopRows\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield module
    sys.modules.pop(module, None)


def test_installed_packages_declare_strategies_by_name(installed):
    assert battleship.strategies.plugins("shooter") == {
        "broken": "no_such_plugin_module:Nothing", "first_open": f"{installed}:FirstOpen",
        "silent": f"{installed}:Silent", "summarised": f"{installed}:Summarised",
    }  # parity stays the built-in's name, and the names come sorted
    assert battleship.strategies.plugins("placer") == {"top_rows": f"{installed}:TopRows"}
    assert battleship.strategies.shadowed_plugins("shooter") == {"parity": f"{installed}:FirstOpen"}
    assert battleship.strategies.shadowed_plugins("placer") == {}
    for listed in (battleship.strategies.plugins, battleship.strategies.shadowed_plugins):
        with pytest.raises(ValueError, match="kind must be 'shooter' or 'placer', got 'boat'"):
            listed("boat")


def test_a_plugin_plays_by_its_name_as_its_object_does(installed):
    module = __import__(installed)
    r = battleship.simulate("first_open", 30, seed=1, placer="top_rows", progress=False)
    assert r.shooter == "first_open" and r.setup.placers == ("top_rows",)
    alone = battleship.simulate(module.FirstOpen(), 30, seed=1, placer=module.TopRows(), progress=False)
    assert r == dataclasses.replace(alone, shooter="first_open")
    assert battleship.simulate("parity", 30, seed=1, progress=False).mean < 70  # the built-in, not FirstOpen
    with pytest.raises(ValueError, match="^unknown shooter 'nope'; known: random, .*; installed: broken, first_open, "
                                         "silent, summarised$"):
        battleship.simulate("nope", 5, progress=False)
    with pytest.raises(ValueError, match="shooter 'no_such_plugin_module:Nothing': no module named"):
        battleship.simulate("broken", 5, progress=False)


def test_the_command_line_lists_and_plays_installed_strategies(installed, capsys):
    assert main(["list", "shooters"]) == 0
    out = capsys.readouterr().out
    assert "shooters of installed packages (entry points battleship.shooters)" in out
    assert re.search(rf"^  first_open +{installed}:FirstOpen: Fires at the first open cell: a shooter", out, re.M)
    assert re.search(r"^  broken +no_such_plugin_module:Nothing: cannot be loaded \(ValueError: ", out, re.M)
    assert re.search(rf"^  summarised +{installed}:Summarised: fires at the first open cell, as its summary says$",
                     out, re.M)
    assert re.search(rf"^  silent +{installed}:Silent: \(no description\)$", out, re.M)
    # the entry under a built-in's name is listed as unused, so its author sees why
    assert re.search(rf"^  parity +{installed}:FirstOpen: not used by this name, which is a built-in's \(play it as "
                     rf"{installed}:FirstOpen\)$", out, re.M)
    assert main(["list", "placers"]) == 0
    assert re.search(rf"^  top_rows +{installed}:TopRows: Lays the ships out across", capsys.readouterr().out, re.M)
    assert main(["compare", "--shooters", "parity,first_open", "--games", "20", "--no-progress"]) == 0
    mean = battleship.simulate("first_open", 20, progress=False).mean
    assert re.search(rf"^first_open +{mean:.2f} ", capsys.readouterr().out, re.M)
    from battleship.play.session import Settings

    assert Settings(opponent="first_open", placer="top_rows").opponent == "first_open"


BUGGY = """
class Raises:
    kind = ValueError

    def next_shot(self, view, rng):
        if view.shots_fired == 7:
            raise self.kind("a bug in next_shot")
        return view.open_cells()[0]

class RaisesIndexError(Raises):
    kind = IndexError

class RaisesOSError(Raises):
    kind = OSError

class RaisesRuntimeError(Raises):
    kind = RuntimeError

class RaisesBrokenPipeError(Raises):  # its own pipe's, not the command's stdout
    kind = BrokenPipeError

class BadInit:
    def __init__(self):
        raise ValueError("a bug in __init__")

    def next_shot(self, view, rng):
        return view.open_cells()[0]

class PlacerRaises:
    def place(self, ocean, rng):
        raise TypeError("a bug in place")
"""


@pytest.mark.parametrize(
    "argv, where",
    [
        (["simulate", "{m}:Raises"], "in the shooter's next_shot"),
        (["simulate", "{m}:RaisesIndexError"], "in the shooter's next_shot"),
        (["simulate", "{m}:RaisesOSError"], "in the shooter's next_shot"),
        (["simulate", "{m}:RaisesRuntimeError"], "in the shooter's next_shot"),
        (["simulate", "{m}:RaisesBrokenPipeError"], "in the shooter's next_shot"),
        (["match", "{m}:Raises", "random"], "in the shooter's next_shot (side a)"),
        (["match", "random", "{m}:Raises"], "in the shooter's next_shot (side b)"),
        (["match", "random", "random", "--placer", "{m}:PlacerRaises"], "in the placer's place (side a)"),
        (["tournament", "parity", "{m}:Raises"], "in the shooter's next_shot (player {m}:Raises)"),
        (["compare", "--shooters", "parity,{m}:Raises"], "in the shooter's next_shot"),
        (["simulate", "parity", "--placer", "{m}:PlacerRaises"], "in the placer's place"),
        (["simulate", "{m}:BadInit"], "while making a shooter from class BadInit"),
    ],
)
def test_a_bug_in_your_own_strategy_keeps_its_traceback_on_the_command_line(tmp_path, monkeypatch, capsys, argv, where):
    # Whatever it raises, a ValueError included: not "battleship: error: ..." and exit code 2,
    # which says the command line was wrong.
    name = f"buggy_{abs(hash(tuple(argv))) % 10**8}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(BUGGY))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main([arg.format(m=name) for arg in argv] + ["--games", "20", "--threads", "1", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):") and "a bug in" in err
    assert "battleship: error:" not in err
    if sys.version_info >= (3, 11) or "making" in where:
        assert where.format(m=name) in err
    else:  # no notes before 3.11: the engine's mark says which game
        assert "was aborted by this exception" in err
    sys.modules.pop(name, None)
