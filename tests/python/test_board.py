"""Ocean and TargetView from Python: placement refusals, shots, NumPy arrays, rendering."""

import xml.dom.minidom

import numpy as np
import pytest

import battleship
from battleship import Fleet, Ocean, PlacementError, ShotOutcome, TargetView


def test_a_refused_placement_raises_with_the_reason_and_changes_nothing():
    ocean = Ocean(10, 10, Fleet.classic(), touching="no_contact")
    ocean.place(0, (0, 0), "horizontal")
    before = ocean.copy()
    for args, refusal, message in [
        ((1, (1, 0), "h"), "touching", "the ship would touch another ship, which the rules forbid"),
        ((1, (0, 2), "v"), "overlap", "the ship would overlap another ship"),
        ((1, (0, 8), "h"), "off_board", "the ship would lie partly off the board"),
        ((0, (5, 5), "h"), "already_placed", "that ship is already on the board"),
    ]:
        with pytest.raises(PlacementError, match=message) as info:
            ocean.place(*args)
        assert info.value.refusal == refusal
        assert ocean == before
        assert ocean.check_place(*args) == refusal
    assert ocean.check_place(1, "C3", "vertical") is None


def test_placement_error_is_a_value_error_naming_the_ship():
    ocean = Ocean()
    with pytest.raises(ValueError, match=r"ship 0 \(Carrier\) .* off the board"):
        ocean.place(0, (9, 9), "horizontal")


def test_bad_ship_ids_cells_and_orientations_are_python_errors():
    ocean = Ocean()
    with pytest.raises(IndexError, match="ship 5 is not in a fleet of 5 ships"):
        ocean.place(5, (0, 0))
    with pytest.raises(IndexError, match="ship -1 is not in a fleet of 5 ships"):
        ocean.health(-1)
    ocean.place(0, (0, 0))
    before = ocean.copy()
    for call in [ocean.unplace, ocean.check_place, ocean.is_placed, ocean.placement, ocean.is_sunk]:
        args = (5, (0, 0)) if call == ocean.check_place else (5,)
        with pytest.raises(IndexError, match="ship 5 is not in a fleet of 5 ships"):
            call(*args)
    assert ocean == before
    with pytest.raises(TypeError, match=r"a ship is its id in the fleet \(an int\), got 'Carrier'"):
        ocean.place("Carrier", (0, 0))
    with pytest.raises(ValueError, match="orientation"):
        ocean.place(0, (0, 0), "diagonal")
    with pytest.raises(ValueError, match="'B' is not a cell"):
        ocean.fire("B")
    assert ocean.fire("Z99").refusal == "off_board"  # a cell, but not on this board
    with pytest.raises(TypeError, match=r"\(row, col\) pair"):
        ocean.fire(3.5)
    with pytest.raises(IndexError, match=r"cell \(10, 0\) is not on the board"):
        ocean.block((10, 0))


def test_fire_reports_every_kind_of_outcome():
    ocean = Ocean(10, 10, Fleet.classic())
    ocean.place(4, "A1", "h")  # the Destroyer, length 2
    assert ocean.fire("A1") == ShotOutcome("hit", ship=4)
    assert ocean.fire("B1") == ShotOutcome("sunk", ship=4)
    assert ocean.fire("C1").result == "miss"
    invalid = ocean.fire("A1")
    assert (invalid.result, invalid.refusal, invalid.valid) == ("invalid", "already_shot", False)
    assert invalid.reason == "that cell was already shot"
    assert ocean.fire((10, 0)).refusal == "off_board"
    assert ocean.is_sunk(4) and ocean.health(4) == 0
    before = ocean.copy()
    with pytest.raises(PlacementError, match="shooting has started") as refused:
        ocean.unplace(4)
    assert refused.value.refusal == "shooting_started" and ocean == before
    with pytest.raises(PlacementError, match="shooting has started") as refused:
        ocean.place(0, "A5", "h")
    assert refused.value.refusal == "shooting_started" and ocean == before
    assert not ocean.is_placed(0)


def test_board_states_are_numpy_arrays():
    ocean = Ocean(3, 4, Fleet([("Boat", "B", 2, 1)]))
    ocean.place(0, (1, 1), "v")
    ocean.fire((2, 1))
    ocean.fire((0, 3))
    assert ocean.ships.dtype == np.int8 and ocean.ships.shape == (3, 4)
    expected = np.full((3, 4), -1, dtype=np.int8)
    expected[1:3, 1] = 0
    assert np.array_equal(ocean.to_numpy(), expected)
    assert ocean.shots.dtype == np.bool_
    assert ocean.shots.sum() == 2 and ocean.hits[2, 1] and not ocean.hits[0, 3]


def test_place_randomly_is_reproducible_and_legal():
    a, b = Ocean(touching="no_contact"), Ocean(touching="no_contact")
    a.place_randomly("uniform", 7)
    b.place_randomly("uniform", battleship.Rng(7))
    assert a == b and a.all_placed
    for ship in range(a.ship_count):
        p = a.placement(ship)
        assert p is not None and p.length == a.fleet.lengths[ship]
    with pytest.raises(ValueError, match="unknown placer 'nope'"):
        a.place_randomly("nope")
    tight = Ocean(3, 3, Fleet([("Boat", "B", 3, 3)]), touching="no_contact")
    with pytest.raises(ValueError, match="could not lay out"):
        tight.place_randomly("uniform", 1)
    assert not tight.all_placed


def test_blocks_refuse_ships_and_clear_removes_them():
    ocean = Ocean(4, 4, Fleet([("Boat", "B", 2, 1)]))
    ocean.block((0, 1))
    assert ocean.check_place(0, (0, 0), "h") == "blocked"
    before = ocean.copy()
    with pytest.raises(PlacementError, match="blocked") as refused:
        ocean.place(0, (0, 0), "h")
    assert refused.value.refusal == "blocked" and ocean == before and not ocean.is_placed(0)
    ocean.block_random(1, count=3)
    assert ocean.blocked.sum() == 4
    ocean.unblock()
    assert not ocean.blocked.any()


class FirstFitPlacer:
    """A Python placer: each ship at the first legal spot in reading order."""

    def place(self, ocean, rng):
        for ship in range(ocean.ship_count):
            ocean.place(ship, *next(
                ((r, c), o) for r in range(ocean.rows) for c in range(ocean.cols) for o in ("h", "v")
                if ocean.check_place(ship, (r, c), o) is None
            ))
        return True


@pytest.mark.parametrize("placer", [*battleship.placer_names(), FirstFitPlacer()])
def test_place_randomly_lays_the_fleet_around_the_blocks_and_keeps_them(placer):
    ocean = Ocean(6, 6, Fleet([("Boat", "B", 3, 2)]))
    blocks = [(0, 0), (0, 1), (2, 3), (5, 5)]
    for cell in blocks:
        ocean.block(cell)
    ocean.place(0, (4, 0), "h")
    ocean.fire((4, 0))
    for seed in range(20):
        ocean.place_randomly(placer, seed)
        assert ocean.all_placed and not ocean.shots.any()  # the old ship and shot are gone
        assert sorted(zip(*map(list, np.nonzero(ocean.blocked)))) == blocks
        assert not (ocean.blocked & (ocean.ships >= 0)).any()
    ocean.clear()
    assert not ocean.blocked.any() and not ocean.all_placed


def test_fit_says_whether_a_fleet_can_be_laid_out_under_the_touching_rule_and_the_blocks():
    assert Ocean(6, 6, Fleet.classic(), touching="no_contact").fit() == "cannot_fit"
    assert Ocean(6, 6, Fleet.classic(), touching="no_edge_contact").fit() == "fits"
    # fits, with too many layouts for uniform sampling: sequential finds one
    tight = Ocean(8, 8, Fleet.named("bbm103"), touching="no_contact")
    assert tight.fit() == "fits"
    tight.place_randomly("sequential", 1)
    boat = Ocean(3, 3, Fleet([("Boat", "B", 3, 1)]))
    for r in range(3):
        assert boat.fit() == "fits"
        boat.block((r, r))  # the diagonal leaves no row or column free
    assert boat.fit() == "cannot_fit"


def test_fit_with_a_smaller_budget_can_say_it_does_not_know():
    ocean = Ocean(10, 10, Fleet.classic())
    assert ocean.fit(budget=1) == "unknown"  # the search stops at its second state
    assert ocean.fit() == "fits" and ocean.fit(budget=1000) == "fits"
    tight = Ocean(6, 6, Fleet.classic(), touching="no_contact")
    assert tight.fit(budget=1) == "unknown" and tight.fit(budget=None) == "cannot_fit"


@pytest.mark.parametrize(
    "budget, error, message",
    [
        (0, ValueError, r"budget must be from 1 to 2\*\*31 - 1, got 0"),
        (-5, ValueError, r"budget must be from 1 to 2\*\*31 - 1, got -5"),
        (2**40, ValueError, r"budget must be from 1 to 2\*\*31 - 1, got 1099511627776"),
        (True, TypeError, "budget must be an int, got True"),
        (1.5, TypeError, "budget must be an int, got 1.5"),
        ("100", TypeError, "budget must be an int, got '100'"),
    ],
)
def test_fit_refuses_a_budget_that_is_not_a_positive_int(budget, error, message):
    with pytest.raises(error, match=message):
        Ocean(10, 10, Fleet.classic()).fit(budget=budget)


def test_a_view_copy_is_independent():
    view = TargetView(4, 4, Fleet([("Boat", "B", 2, 1)]))
    view.add_pending((1, 1))
    copy = view.copy()
    assert copy == view and copy is not view
    copy.add_pending((2, 2))
    assert view.pending[1, 1] and not view.pending[2, 2] and copy.pending[2, 2]
    assert copy != view and view != "a view" and view != Ocean(4, 4, view.fleet)


def test_copy_module_copies_of_boards_are_independent():
    import copy as copying

    ocean = Ocean(4, 4, Fleet([("Boat", "B", 2, 1)]))
    ocean.place(0, (0, 0), "h")
    ocean.fire((0, 0))
    view = TargetView(4, 4, ocean.fleet)
    view.record((0, 0), ShotOutcome("hit", ship=0))
    for board, change in ((ocean, lambda b: b.fire((3, 3))), (view, lambda b: b.record((3, 3), ShotOutcome("miss")))):
        for duplicate in (copying.copy, copying.deepcopy):
            twin = duplicate(board)
            assert type(twin) is type(board) and twin == board and twin is not board
            change(twin)
            assert twin != board and not board.shots[3, 3] and twin.shots[3, 3]


def test_was_shot_tells_every_cell_fired_at_and_no_other():
    ocean = Ocean(4, 5, Fleet([("Boat", "B", 2, 1)]))
    ocean.place(0, (1, 1), "v")
    assert not any(ocean.was_shot((r, c)) for r in range(4) for c in range(5))
    assert ocean.fire((1, 1)).result == "hit" and ocean.fire("E4").result == "miss"
    assert ocean.fire((1, 1)).result == "invalid"  # a repeated shot is refused, and the cell stays shot
    shot = np.array([[ocean.was_shot((r, c)) for c in range(5)] for r in range(4)])
    assert np.array_equal(shot, ocean.shots) and shot.sum() == 2 and shot[1, 1] and shot[3, 4]
    assert ocean.was_shot("B2") and not ocean.was_shot([2, 1])  # any cell form; the other ship cell not shot
    assert not ocean.was_shot((4, 0))  # off the board: never shot
    ocean.repair()
    assert not ocean.was_shot((1, 1)) and not ocean.was_shot((3, 4))


def test_views_told_the_same_answers_are_equal_and_unhashable():
    fleet = Fleet([("Boat", "B", 2, 1)])
    a, b = TargetView(4, 4, fleet), TargetView(4, 4, fleet)
    for view in (a, b):
        view.record("A1", ShotOutcome("miss"))
    assert a == b and TargetView(4, 5, fleet) != TargetView(4, 4, fleet)
    b.record("A2", ShotOutcome("hit"))
    assert a != b
    with pytest.raises(TypeError, match="unhashable type: 'TargetView'"):
        hash(a)


def test_boards_render_as_text_and_svg():
    ocean = Ocean()
    ocean.place(0, "A1", "h")
    ocean.fire("A1")
    ocean.fire("A2")
    text = str(ocean)
    assert text.splitlines()[1].split() == ["1", "X", "C", "C", "C", "C", ".", ".", ".", ".", "."]
    assert text.splitlines()[2].split()[1] == "o"
    svg = ocean._repr_svg_()
    xml.dom.minidom.parseString(svg)  # well-formed
    assert svg.count("<rect") == 100
    assert "<svg" in ocean._repr_html_()
    view = TargetView()
    view.record("A1", ShotOutcome("hit"))
    xml.dom.minidom.parseString(view._repr_svg_())
    assert str(view).splitlines()[1].split()[1] == "X"


def test_a_ship_whose_symbol_is_the_blocked_mark_is_told_apart_from_a_block():
    # CS32 lets a ship take any printable symbol but X, o and '.', '#' and '*' included.
    fleet = Fleet([("Raft", "#", 2), ("Skiff", "%", 2), ("Punt", "*", 1)])
    ocean = Ocean(4, 4, fleet=fleet)
    ocean.place(0, "A1", "h")
    ocean.place(1, "A2", "h")
    ocean.place(2, "A3", "h")
    ocean.block("D4")
    rows = [line.split()[1:] for line in str(ocean).splitlines()[1:]]
    assert rows[0] == ["#", "#", ".", "."] and rows[1] == ["%", "%", ".", "."] and rows[2][0] == "*"
    assert rows[3] == [".", ".", ".", "&"]  # '#' and '%' are ships' symbols: the next free mark
    assert battleship.render.blocked_mark(["A", "B"]) == "#"
    assert battleship.render.blocked_mark(["#", "%", "&", "@", "=", "+"]) == "!"
    # In the picture a cell is drawn by what it is, not by its mark: the '#' ship grey with its
    # symbol, the block dark without one, and the '*' ship with its symbol.
    svg = xml.dom.minidom.parseString(ocean._repr_svg_())
    rects = [r.getAttribute("fill") for r in svg.getElementsByTagName("rect")]
    colours = battleship.render.COLOURS
    assert rects[0] == rects[1] == rects[4] == rects[8] == colours["ship"]
    assert rects[15] == colours["blocked"] and rects.count(colours["blocked"]) == 1
    symbols = [t.firstChild.data for t in svg.getElementsByTagName("text") if t.getAttribute("fill") == "white"]
    assert symbols == ["#", "#", "%", "%", "*"]


def test_a_target_view_records_what_it_is_told():
    view = TargetView(10, 10, Fleet.classic(), battleship.Rules())
    view.record((0, 0), ShotOutcome("hit"))
    view.record((0, 1), ShotOutcome("sunk", ship=4))
    view.record((5, 5), ShotOutcome("miss"))
    view.add_pending((9, 9))
    assert view.shots_fired == 3
    assert view.hit_cells() == [(0, 0), (0, 1)]
    assert view.misses[5, 5] and view.pending[9, 9] and not view.is_open((9, 9))
    assert view.sunk_reports == [((0, 1), 4)]
    assert view.known_sunk(4) and view.afloat_count == 4
    assert view.shortest_afloat == 3
    assert view.search_phase == "hunting"  # both hits belong to the sunk destroyer
    assert view.open_count == 100 - 4 == len(view.open_cells())
    view.reset()
    assert view.shots_fired == 0


def test_the_search_phase_follows_the_hits_and_the_disclosure_rule():
    view = TargetView(10, 10, Fleet.classic(), battleship.Rules())
    assert view.search_phase == "hunting"
    view.record((0, 0), ShotOutcome("miss"))
    assert view.search_phase == "hunting"
    view.record((4, 4), ShotOutcome("hit"))
    assert view.search_phase == "targeting"
    view.record((4, 5), ShotOutcome("sunk", ship=4))  # destroyer: both hits explained
    assert view.search_phase == "hunting"
    view.record((7, 7), ShotOutcome("hit"))
    assert view.search_phase == "targeting"
    anonymous = TargetView(10, 10, Fleet.classic(), battleship.Rules(disclosure="hit_and_sunk"))
    assert anonymous.search_phase == "hunting"
    anonymous.record((2, 2), ShotOutcome("hit"))
    assert anonymous.search_phase == "unknown"


@pytest.mark.parametrize("disclosure", ["hit_only", "hit_and_sunk", "sunk_with_name"])
def test_a_view_fed_the_ocean_s_answers_learns_only_what_its_disclosure_rule_tells(disclosure):
    # The hand loop of the notebooks: view.record(cell, ocean.fire(cell)). The ocean's answer is
    # the whole truth; the view keeps what a game under its rules would have told its shooter.
    rules = battleship.Rules(disclosure=disclosure)
    ocean = Ocean(10, 10, Fleet.classic())
    ocean.place(4, (0, 0), "horizontal")  # the destroyer
    view, told = TargetView(10, 10, Fleet.classic(), rules), TargetView(10, 10, Fleet.classic(), rules)
    for cell in [(0, 0), (0, 1), (5, 5)]:
        answer = ocean.fire(cell)
        view.record(cell, answer)
        told.record(cell, answer.disclosed(disclosure))
    assert view == told
    assert view.sunk_reports == {"hit_only": [], "hit_and_sunk": [((0, 1), None)],
                                 "sunk_with_name": [((0, 1), 4)]}[disclosure]
    assert view.known_sunk(4) == (disclosure == "sunk_with_name")
    assert view.afloat_count == (5 if disclosure == "hit_only" else 4)


def test_cells_as_text_round_trip():
    for cell in [(0, 0), (6, 1), (25, 25), (3, 30)]:
        for notation in ("letter_number", "number_letter", "bbm103", "cs32"):
            assert battleship.parse_cell(battleship.format_cell(cell, notation)) == cell
    assert battleship.format_cell((6, 1)) == "B7"


def test_a_refused_placement_names_the_cell_as_a_player_does_and_the_orientation_in_full():
    ocean = battleship.Ocean()
    ocean.place(0, "A1", "h")
    with pytest.raises(battleship.PlacementError) as refused:
        ocean.place(1, (9, 9), "V")  # typed in any case, named in full
    assert str(refused.value) == (
        "cannot place ship 1 (Battleship) at J10 (9, 9), vertical: the ship would lie partly off the board"
    )
    with pytest.raises(battleship.PlacementError, match=r"^cannot place ship 1 \(Battleship\) at \(-1, 0\), horizontal: "):
        ocean.place(1, (-1, 0), "H")  # no board label for a cell before the first row
    assert ocean.placement(1) is None


@pytest.mark.parametrize("touching", ["allowed", "no_edge_contact", "no_contact"])
def test_place_rest_completes_the_fleet_around_the_ships_placed_and_keeps_them(touching):
    ocean = Ocean(10, 10, Fleet.classic(), touching=touching)
    ocean.place(1, "E5", "vertical")
    ocean.place(4, "A1", "horizontal")
    ocean.block("J10")
    for seed in range(30):
        done = ocean.copy()
        done.place_rest("uniform", seed)
        assert done.all_placed
        assert done.placement(1) == ocean.placement(1) and done.placement(4) == ocean.placement(4)
        assert np.array_equal(done.blocked, ocean.blocked)
        again = Ocean(10, 10, Fleet.classic(), touching=touching)  # every ship checked again
        for ship in range(done.ship_count):
            p = done.placement(ship)
            again.place(ship, p.origin, p.orientation)
    first, second = ocean.copy(), ocean.copy()
    first.place_rest("uniform", 5)
    second.place_rest("uniform", 5)
    assert first == second


def test_place_rest_takes_a_python_placer_on_the_rest_ocean():
    ocean = Ocean(4, 4, Fleet([("Cruiser", "C", 3, 1), ("Destroyer", "D", 2, 1)]), touching="no_contact")
    ocean.place(0, "A1", "horizontal")
    rest = ocean.rest_ocean()
    assert rest.ship_count == 1 and rest.fleet.ship(0)["name"] == "Destroyer"
    assert rest.blocked[0].all() and rest.blocked[1, :4].all() and not rest.blocked[2].any()

    class BottomRow:
        def place(self, ocean, rng):
            ocean.place(0, "A4", "horizontal")
            return True

    ocean.place_rest(BottomRow())
    assert ocean.placement(1).origin == (3, 0)


def test_place_rest_refusals_change_nothing():
    fleet = Fleet([("Cruiser", "C", 3, 1), ("Destroyer", "D", 2, 1)])
    ocean = Ocean(1, 5, fleet)
    ocean.place(0, "B1", "horizontal")
    before = ocean.copy()
    with pytest.raises(ValueError, match=r"the rest of the fleet, ships 1 \(Destroyer\), was not laid out"):
        ocean.place_rest("uniform", 1)
    assert ocean == before
    ocean = Ocean(1, 5, fleet)
    ocean.place(0, "A1", "horizontal")
    ocean.fire("E1")
    before = ocean.copy()
    with pytest.raises(PlacementError, match="ships cannot move once shooting has started") as info:
        ocean.place_rest("uniform", 1)
    assert info.value.refusal == "shooting_started" and ocean == before
    full = Ocean(1, 5, fleet)
    full.place(0, "A1", "horizontal")
    full.place(1, "D1", "horizontal")
    before = full.copy()
    full.place_rest("uniform", 1)  # nothing left to place
    assert full == before
    with pytest.raises(ValueError, match="every ship of the fleet is placed"):
        full.rest_ocean()


def test_place_rest_sets_a_game_s_fleet_up_from_a_ship_placed_by_hand():
    game = battleship.Game("random", "random", placers=None, seed=3)
    game.ocean(0).place(0, "A1", "horizontal")
    game.ocean(0).place_rest("uniform", 1)
    game.place(1, "uniform")
    assert game.ocean(0).placement(0).origin == (0, 0)
    game.play_to_end()
    assert game.outcome.end == "win"
