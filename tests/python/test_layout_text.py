"""Layouts drawn as text (battleship/io/layout_text.hpp) from Python: Ocean.place_layout reads a
drawing, all or nothing, naming the line of the first problem; Ocean.layout_text draws one."""

import pathlib
import pickle
import re

import numpy as np
import pytest

import battleship
from battleship import Fleet, Ocean, PlacementError, ShipClass

CLASSIC = """
    # the classic fleet, indented as in a notebook cell
    C C C C C . . . . .
    . . . . . . . . . .
    B . . . . . . . . .
    B . . . R R R . . .
    B . . . . . . . . .
    B . . . . . . S . .
    . . . . . . . S . .
    . . . . . . . S . .
    . . . . . . . . . .
    . D D . . . . . . .
"""
"""Rows 0 to 9 are the text's lines 3 to 12 (line 1 is empty, line 2 the comment)."""

def _classic_drawn(touching="allowed"):
    """An ocean of the classic fleet laid out as ``CLASSIC`` draws it."""
    ocean = Ocean(10, 10, Fleet.classic(), touching=touching)
    ocean.place_layout(CLASSIC)
    return ocean


SAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "layouts" / "classic.txt"
"""The sample drawing the README and the C++ examples use."""


def _drawn(rows):
    return "".join(" ".join(row) + "\n" for row in rows)


def test_a_drawing_lays_out_the_ships_it_shows():
    ocean = Ocean(10, 10, Fleet.classic(), touching="no_contact")
    ocean.place_layout(CLASSIC)
    assert ocean.all_placed
    assert [tuple(ocean.placement(s)) for s in range(5)] == [
        ((0, 0), "horizontal", 5),
        ((2, 0), "vertical", 4),
        ((3, 4), "horizontal", 3),
        ((5, 7), "vertical", 3),
        ((9, 1), "horizontal", 2),
    ]
    # Drawn back: the same grid, without the comment and the indentation.
    rows = [line.split() for line in CLASSIC.splitlines() if line.strip() and "#" not in line]
    assert ocean.layout_text() == _drawn(rows)


@pytest.mark.parametrize("rows, cols, fleet", [
    (10, 10, Fleet.classic()),
    (10, 10, Fleet.named("russian")),
    (7, 13, Fleet.classic()),
    (20, 20, Fleet.named("russian")),
])
def test_random_layouts_read_back_from_their_drawing(rows, cols, fleet):
    for seed in range(20):
        ocean = Ocean(rows, cols, fleet, touching="no_contact")
        ocean.place_randomly(rng=seed)
        text = ocean.layout_text()
        assert len(text.splitlines()) == rows
        copy = Ocean(rows, cols, fleet, touching="no_contact")
        copy.place_layout(text)
        # The same classes on the same cells: a drawing tells ships of a class apart only by
        # where they lie, so copies of one class may swap their ids.
        classes = [fleet.ship(i)["class_index"] for i in range(fleet.ship_count)] + [-1]
        assert np.array_equal(np.take(classes, copy.ships), np.take(classes, ocean.ships))
        assert copy.layout_text() == text


def test_a_one_cell_ship_turned_upright_reads_back_equal():
    # A drawing cannot say which way a dot was turned: the ocean read back was unequal.
    ocean = Ocean(4, 4, Fleet([ShipClass("Dot", "d", 1, 1)]))
    ocean.place(0, (1, 1), "vertical")
    copy = Ocean(4, 4, Fleet([ShipClass("Dot", "d", 1, 1)]))
    copy.place_layout(ocean.layout_text())
    assert copy == ocean


def test_laying_out_replaces_ships_and_shots_and_keeps_the_blocks():
    ocean = Ocean(10, 10, Fleet.classic())
    ocean.block("J1")
    ocean.place_randomly(rng=4)
    ocean.fire("J10")
    ocean.place_layout(CLASSIC)
    assert not ocean.shots.any()
    assert ocean.blocked[0, 9] and ocean.blocked.sum() == 1
    assert ocean.placement(0) == battleship.Placement((0, 0), "horizontal", 5)


def test_a_malformed_drawing_names_its_line_and_changes_nothing():
    ocean = Ocean(10, 10, Fleet.classic())
    ocean.place_randomly(rng=2)
    ocean.fire("A1")
    before = ocean.copy()
    for text, message in [
        (CLASSIC.replace("B . . . R R R", "B . . . R R ."), r"^line 6, column 5: the Cruiser \('R'\) starting here is 2 long, not 3$"),
        (CLASSIC.replace(". D D . .", ". D D X ."), r"^line 12, column 4: 'X' is neither water"),
        (CLASSIC.replace("C C C C C . . . . .", "C C C C C . . . ."), r"^line 3: expected 10 cells, found 9$"),
        ("", r"^expected 10 rows, found 0$"),
    ]:
        with pytest.raises(ValueError, match=message) as info:
            ocean.place_layout(text)
        assert not isinstance(info.value, PlacementError)  # the text is wrong, not a placement
        assert ocean == before


def test_a_ship_the_ocean_refuses_raises_placement_error_with_its_line_and_changes_nothing():
    touching = CLASSIC.replace("B . . . R R R .", "B R R R . . . .")
    ocean = Ocean(10, 10, Fleet.classic(), touching="no_contact")
    ocean.place_layout(CLASSIC)
    before = ocean.copy()
    with pytest.raises(PlacementError) as info:
        ocean.place_layout(touching)
    assert info.value.refusal == "touching"
    assert str(info.value) == ("line 6, column 2: the Cruiser ('R') starting here, across: the ship "
                               "would touch another ship, which the rules forbid")
    assert ocean == before
    # A blocked cell under a ship: refused the same way, the block kept.
    blocked = Ocean(10, 10, Fleet.classic())
    blocked.block("B10")
    with pytest.raises(PlacementError, match=r"^line 12, column 2: the Destroyer \('D'\)") as info:
        blocked.place_layout(CLASSIC)
    assert info.value.refusal == "blocked"
    assert (blocked.ships < 0).all() and blocked.blocked.sum() == 1
    # Where contact is allowed, the same drawing is taken.
    allowed = Ocean(10, 10, Fleet.classic())
    allowed.place_layout(touching)
    assert allowed.placement(2) == battleship.Placement((3, 1), "horizontal", 3)


def test_only_placed_ships_are_drawn_and_such_a_drawing_is_refused_for_the_missing_ones():
    fleet = Fleet([ShipClass("Cruiser", "C", 3), ShipClass("Patrol", "P", 2)])
    ocean = Ocean(3, 4, fleet)
    assert ocean.layout_text() == ". . . .\n. . . .\n. . . .\n"
    ocean.place(1, "A3")
    assert ocean.layout_text() == ". . . .\n. . . .\nP P . .\n"
    with pytest.raises(ValueError, match=r"^the fleet has 1 x Cruiser \('C'\), the layout 0$"):
        Ocean(3, 4, fleet).place_layout(ocean.layout_text())


def test_a_fleet_the_format_cannot_draw_is_refused_both_ways():
    fleet = Fleet([ShipClass("Odd", "#", 2)])
    ocean = Ocean(3, 4, fleet)
    ocean.place(0, "A1")
    message = "the Odd's symbol '#' means a comment, water or a separator in a layout"
    with pytest.raises(ValueError, match=message):
        ocean.layout_text()
    with pytest.raises(ValueError, match=message):
        Ocean(3, 4, fleet).place_layout(". . . .\n. . . .\n. . . .\n")


@pytest.mark.parametrize("text", [None, b"C C C", 3, ["C C C"]])
def test_a_drawing_must_be_a_str(text):
    ocean = Ocean()
    with pytest.raises(TypeError, match="a layout is drawn as a str"):
        ocean.place_layout(text)
    assert (ocean.ships < 0).all()


def test_a_game_plays_a_drawn_layout_laid_out_before_the_first_turn():
    game = battleship.Game("probability", "random", seed=5, placers=None)
    game.ocean(0).place_layout(CLASSIC)
    game.place(1, "uniform")
    outcome = game.play_to_end()
    assert outcome.end == "win"
    drawn = _classic_drawn()
    assert np.array_equal(game.ocean(0).ships, drawn.ships)
    assert game.record.replay().record == game.record  # the record keeps the drawn layout


def test_the_sample_layout_file_is_the_drawing_above_and_obeys_every_touching_rule():
    for touching in ("allowed", "no_edge_contact", "no_contact"):
        ocean = Ocean(10, 10, Fleet.classic(), touching=touching)
        ocean.place_layout(SAMPLE.read_text())
        assert ocean == _classic_drawn(touching)


def test_a_fixed_placer_lays_out_its_drawing_in_every_game():
    placer = battleship.FixedPlacer(CLASSIC)
    drawn = _classic_drawn()
    assert battleship.FixedPlacer(drawn) == battleship.FixedPlacer(drawn.layout_text())
    assert hash(battleship.FixedPlacer(drawn)) == hash(battleship.FixedPlacer(drawn.layout_text()))
    assert pickle.loads(pickle.dumps(placer)) == placer  # for runs split over processes
    # Every game's ocean holds the drawing: the hidden fleet in a two-player game is it.
    for seed in (1, 2):
        game = battleship.Game("parity", "random", seed=seed, placers=(placer, "uniform"))
        game.play_to_end()
        assert np.array_equal(game.ocean(0).ships, drawn.ships)
    # A solo run against it needs more shots than against uniform layouts (the sample hugs the
    # edges, where density shooters look last), and the same on every run.
    fixed = battleship.simulate("probability", 500, seed=1, placer=placer, progress=False)
    assert fixed.mean > battleship.simulate("probability", 500, seed=1, progress=False).mean + 1
    again = battleship.simulate("probability", 500, seed=1, placer=battleship.FixedPlacer(CLASSIC), progress=False)
    assert again.mean == fixed.mean


def test_runs_of_two_drawings_are_not_pieces_of_one_run_but_one_drawing_written_two_ways_is():
    other = battleship.FixedPlacer(CLASSIC.replace("C C C C C . . . . .", ". . . . . C C C C C"))  # carrier moved
    first = battleship.simulate("parity", 10, seed=1, placer=battleship.FixedPlacer(CLASSIC), progress=False)
    assert first.setup is not None and re.fullmatch(r"fixed \(layout [0-9a-f]{12}\)", first.setup.placers[0])
    second = battleship.simulate("parity", 10, seed=1, first_game=10, placer=other, progress=False)
    with pytest.raises(ValueError, match=r"^combine: pieces of different runs \(placer 'fixed \(layout "):
        battleship.combine([first, second])
    # Comments, separators, blank lines and '~' for water draw the same layout: the same run.
    rewritten = "# the same fleet\n\n" + CLASSIC.replace(" ", "").replace(".", "~")
    same = battleship.simulate("parity", 10, seed=1, first_game=10, placer=battleship.FixedPlacer(rewritten),
                               progress=False)
    assert battleship.combine([first, same]).games == 20
    sample = battleship.simulate("parity", 1, placer=battleship.FixedPlacer(SAMPLE.read_text()), progress=False)
    said = re.search(r"`(fixed \(layout [0-9a-f]+\))` for the\nsample", (SAMPLE.parents[2] / "README.md").read_text())
    assert said and sample.setup is not None and sample.setup.placers[0] == said.group(1)  # the README's digest


def test_a_fixed_placer_refuses_what_cannot_be_its_layout():
    with pytest.raises(TypeError, match="a fixed layout is a drawing .str. or an Ocean, got bytes"):
        battleship.FixedPlacer(b"C C C")
    half = Ocean(10, 10, Fleet.classic())
    half.place(0, "A1")
    with pytest.raises(ValueError, match="the ocean's fleet is not all placed"):
        battleship.FixedPlacer(half)
    touching = battleship.FixedPlacer(CLASSIC.replace("B . . . R R R .", "B R R R . . . ."))
    touching.check()  # ships may touch by default
    with pytest.raises(PlacementError, match=r"^line 6, column 2: the Cruiser"):
        touching.check(touching="no_contact")
    with pytest.raises(ValueError, match="^expected 12 rows, found 10$"):
        touching.check(12, 10)
    # In a run, the first game raises it, naming the line.
    with pytest.raises(PlacementError, match=r"^line 6, column 2: the Cruiser"):
        battleship.simulate("random", 10, placer=touching, rules=battleship.Rules(touching="no_contact"), progress=False)


def test_an_environment_hides_the_drawn_fleet_at_every_reset():
    gymnasium = pytest.importorskip("gymnasium")
    import battleship.envs  # noqa: F401  (registers the environments)

    env = gymnasium.make("battleship/Battleship-v0", placer=battleship.FixedPlacer(CLASSIC))
    drawn = _classic_drawn()
    for seed in (1, 2):
        env.reset(seed=seed)
        assert np.array_equal(env.unwrapped.ocean.ships, drawn.ships)
