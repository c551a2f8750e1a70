"""``battleship play`` (issue 5, seed 004): the game without a screen, then the Textual app driven
headlessly through keys and clicks, checking what the screen says."""

from __future__ import annotations

import asyncio
import pathlib
import sys

import numpy as np
import pytest

import battleship
from battleship import cli
from battleship.play.app import BoardView, PlayApp, screen_text  # Textual: a dependency, no skip
from battleship.play.session import Mark, Match, Settings, default_opponent

SIZE = (100, 30)


def region_text(app, selector):
    """The screen's text inside one widget, its lines joined by spaces (wrapped text reads whole)."""
    region = app.query_one(selector).content_region
    lines = screen_text(app).splitlines()[region.y : region.y + region.height]
    return " ".join(line[region.x : region.x + region.width].strip() for line in lines)


def ship_cells(ocean, ship=None):
    ships = ocean.ships
    return [(int(r), int(c)) for r, c in zip(*np.nonzero(ships >= 0 if ship is None else ships == ship))]


def told_answer(r, cell):
    """What the person was told about ``cell``, from the round's own record of the game."""
    return next(s.told for s in r.game.record.shots_of(0) if s.cell == cell)


def water_cells(ocean):
    return [(int(r), int(c)) for r, c in zip(*np.nonzero(ocean.ships < 0))]


# ---- settings --------------------------------------------------------------------------------
def test_the_default_opponent_is_the_strongest_registered_shooter():
    names = battleship.shooter_names()
    expected = "probability" if "probability" in names else "parity"
    assert default_opponent() == expected
    assert Settings().opponent == expected


def test_the_default_placer_is_elusive_and_the_command_line_agrees():
    assert Settings().placer == "elusive"
    args = cli.parser().parse_args(["play"])
    assert args.placer == "elusive" and args.opponent == Settings().opponent


def test_the_defaults_follow_seed_004():
    s = Settings()
    assert (s.rows, s.cols, s.fleet, s.touching) == (10, 10, "classic", "no_contact")
    assert s.rules.touching == "no_contact" and s.rules.volley == "single"


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"opponent": "nobody"}, "^opponent: unknown shooter 'nobody'; known: random"),
        ({"placer": "nobody"}, "^placer: unknown placer 'nobody'; known: uniform"),
        ({"touching": "sometimes"}, "touching"),
        ({"disclosure": "all"}, "disclosure"),
        ({"salvo": -1}, "salvo"),
        ({"salvo": 2, "until_miss": True}, "until_miss"),
        ({"fleet": "armada"}, "unknown fleet"),
        ({"rows": 3, "cols": 3}, "does not fit"),
        ({"rows": 0}, "1 to 26"),
    ],
)
def test_bad_settings_are_refused_with_a_reason(changes, words):
    with pytest.raises(ValueError, match=words):
        Settings(**changes)


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"rows": "10"}, "rows must be an int"),
        ({"cols": 10.0}, "cols must be an int"),
        ({"rows": True}, "rows must be an int"),
        ({"salvo": "3"}, "salvo must be an int"),
        ({"until_miss": 1}, "until_miss must be True or False"),
        ({"opponent": 5}, "opponent must be a name"),
        ({"fleet": None}, "fleet must be a name"),
    ],
)
def test_settings_of_the_wrong_type_are_refused_by_name(changes, words):
    with pytest.raises(TypeError, match=words):
        Settings(**changes)


def test_salvo_settings_become_engine_rules():
    assert Settings(salvo=3).rules.volley == "fixed_salvo"
    assert Settings(salvo=3).rules.salvo_size == 3
    assert Settings(salvo=0).rules.volley == "per_ship_afloat"
    assert Settings(until_miss=True).rules.volley == "until_miss"
    assert "another after each hit" in Settings(until_miss=True).describe()


# ---- the game without a screen ---------------------------------------------------------------
def test_placement_refusals_change_nothing_and_say_why():
    r = Match(Settings(seed=5, opponent="random")).round
    assert r.confirm()  # Carrier at A1, horizontal
    assert r.ship == 1 and r.origin == (0, 0)
    assert r.problem() is not None
    before = r.mine.ships.copy()
    assert not r.confirm()
    assert "overlap" in r.message and "Battleship" in r.message
    assert r.move(1, 0) and not r.confirm()
    assert "touch" in r.message
    assert (r.mine.ships == before).all() and not r.mine.is_placed(1)
    assert not r.move(-5, 0)  # the ship stays on the board
    assert r.origin == (1, 0)


def test_the_ship_being_placed_cannot_leave_the_board_and_rotates_inside_it():
    r = Match(Settings(seed=5, opponent="random")).round
    for _ in range(10):
        r.move(0, 1)
    assert r.origin == (0, 5)  # the Carrier (5) ends at the last column
    r.move_to((9, 9))
    assert r.origin == (9, 5)
    assert r.rotate() and r.orientation == "vertical" and r.origin == (5, 5)


def test_place_rest_keeps_the_ships_placed_and_is_reproducible():
    a = Match(Settings(seed=9, opponent="random")).round
    b = Match(Settings(seed=9, opponent="random")).round
    for r in (a, b):
        r.move_to((4, 2))
        r.confirm()
        assert r.place_rest()
    assert a.stage == "shooting" and a.mine.all_placed
    assert a.mine.placement(0).origin == (4, 2)
    assert (a.mine.ships == b.mine.ships).all()
    assert (a.theirs.ships == b.theirs.ships).all()


@pytest.mark.parametrize("touching", ["allowed", "no_edge_contact", "no_contact"])
def test_place_rest_completes_the_fleet_around_the_ships_placed_under_every_touching_rule(touching):
    for seed in range(12):
        r = Match(Settings(rows=8, cols=8, touching=touching, seed=seed, opponent="random", placer="uniform")).round
        r.move_to((seed % 4 + 2, seed % 3 + 1))
        assert r.confirm()
        kept = r.mine.placement(0)
        assert r.place_rest(), r.message
        assert r.stage == "shooting" and r.mine.all_placed and r.mine.placement(0) == kept
        # the completed layout obeys the rule: every ship, lifted and put back, is legal there
        for ship in range(r.mine.ship_count):
            spot = r.mine.placement(ship)
            layout = battleship.Ocean(8, 8, r.fleet, touching=touching)
            for other in range(r.mine.ship_count):
                if other != ship:
                    o = r.mine.placement(other)
                    layout.place(other, o.origin, o.orientation)
            assert layout.check_place(ship, spot.origin, spot.orientation) is None


def test_place_rest_draws_every_completion_alike():
    # Carrier, Battleship and Cruiser placed by hand on 6 x 6 (no edge contact) leave a handful
    # of ways to lay out the Submarine and the Destroyer: place_rest must pick each about as often.
    def start(seed):
        r = Match(Settings(rows=6, cols=6, touching="no_edge_contact", seed=seed, opponent="random", placer="uniform")).round
        for origin in ((0, 0), (2, 0), (4, 0)):  # Carrier A1, Battleship A3, Cruiser A5, across
            r.move_to(origin)
            assert r.confirm(), r.message
        return r

    r = start(0)
    spots = {ship: [((row, col), o) for o in ("horizontal", "vertical") for row in range(6) for col in range(6)
                    if r.mine.check_place(ship, (row, col), o) is None] for ship in (3, 4)}
    completions = []
    for sub in spots[3]:
        r.mine.place(3, *sub)
        completions += [(sub, dest) for dest in spots[4] if r.mine.check_place(4, *dest) is None]
        r.mine.unplace(3)
    assert 4 <= len(completions) <= 40
    draws = 40 * len(completions)
    counts = dict.fromkeys(completions, 0)
    for seed in range(draws):
        r = start(seed)
        assert r.place_rest()
        sub, dest = r.mine.placement(3), r.mine.placement(4)
        counts[((sub.origin, sub.orientation), (dest.origin, dest.orientation))] += 1
    assert len(counts) == len(completions)  # nothing outside the legal completions
    chi2 = sum((n - 40) ** 2 / 40 for n in counts.values())
    assert chi2 < len(completions) + 6 * len(completions) ** 0.5, counts  # about 4 sigma


def test_place_rest_without_room_changes_nothing():
    r = Match(Settings(rows=7, cols=7, seed=1, opponent="random")).round
    for origin in ((3, 1), (0, 0), (5, 2)):  # Carrier, Battleship, Cruiser leave no room under no_contact
        r.move_to(origin)
        assert r.confirm()
    before = r.mine.ships.copy()
    assert not r.place_rest()
    assert (r.mine.ships == before).all() and "No room" in r.message
    assert r.stage == "placing" and r.ship == 3
    assert r.undo() and r.ship == 2 and not r.mine.is_placed(2)
    assert r.place_rest() and r.mine.all_placed


def test_a_fleet_too_tight_for_uniform_layouts_is_still_laid_out_on_both_sides():
    # bbm103's fleet fits 8 x 8 with no contact, but has too many layouts to count and too few
    # for rejection: uniform gives up, so the computer and place_rest fall back to sequential
    r = Match(Settings(rows=8, cols=8, fleet="bbm103", seed=1, opponent="random", placer="uniform")).round
    assert r.theirs.all_placed
    assert r.place_rest(), r.message
    assert r.mine.all_placed and r.stage == "shooting"


def test_a_ship_longer_than_the_board_is_wide_starts_upright():
    r = Match(Settings(rows=10, cols=4, seed=2, opponent="random", placer="sequential")).round
    assert r.ship == 0 and r.orientation == "vertical" and r.origin == (0, 0)
    assert r.problem() is None
    assert all(0 <= c < 4 for _, c in r.ship_cells(0, r.origin, r.orientation))
    assert not r.rotate() and "longer than the board is wide" in r.message
    assert r.confirm()
    assert r.ship == 1 and r.orientation == "horizontal"  # the Battleship (4) fits across


def test_a_ship_longer_than_the_board_is_tall_cannot_stand_upright():
    r = Match(Settings(rows=4, cols=10, seed=2, opponent="random", placer="sequential")).round
    assert r.ship == 0 and r.orientation == "horizontal"
    assert not r.rotate() and "longer than the board is tall" in r.message  # it said "wide"


def test_an_unplaceable_fleet_is_an_error():
    with pytest.raises(ValueError, match="the classic fleet cannot be laid out on a 6 x 6 board with touching='no_contact'"):
        Settings(rows=6, cols=6, seed=1, opponent="random")


def test_repeated_shots_are_refused_and_cost_nothing():
    r = Match(Settings(seed=2, opponent="random")).round
    r.place_rest()
    cell = water_cells(r.theirs)[0]
    assert r.fire(cell)
    assert r.shots == (1, 1)
    assert not r.fire(cell)
    assert "already fired" in r.message and r.shots == (1, 1)
    cursor, aimed = r.cursor, list(r.aimed)
    for outside in [(r.rows, 0), (0, r.cols), (-1, 3)]:
        assert not r.fire(outside)
        assert r.message == "That is off the board."
        assert r.shots == (1, 1) and r.cursor == cursor and r.aimed == aimed


def test_a_salvo_fires_when_every_shot_is_aimed_and_aiming_twice_takes_it_back():
    r = Match(Settings(seed=2, opponent="random", salvo=3)).round
    r.place_rest()
    a, b, c = water_cells(r.theirs)[:3]
    r.fire(a)
    r.fire(b)
    assert r.shots == (0, 0) and r.aimed == [a, b] and "1 more" in r.message
    r.fire(b)
    assert r.aimed == [a]
    r.fire(b)
    r.fire(c)
    assert r.shots == (3, 3) and r.aimed == []


def test_under_until_miss_a_hit_keeps_the_turn_and_a_miss_hands_it_over():
    r = Match(Settings(seed=2, opponent="parity", until_miss=True)).round
    r.place_rest()
    first, second = ship_cells(r.theirs, ship=0)[:2]
    assert r.fire(first)
    assert r.shots == (1, 0) and "Fire again" in r.message  # the computer has not moved
    assert r.fire(second)
    assert r.shots == (2, 0)
    assert r.fire(water_cells(r.theirs)[0])
    theirs = [full for player, _, full, _ in r.turn_shots if player == 1]
    assert r.shots == (3, len(theirs)) and "Fire again" not in r.message
    # The computer shot until it missed: only its last shot may be a miss.
    assert theirs and all(full.struck for full in theirs[:-1])
    assert not theirs[-1].struck or r.stage == "over"


def test_a_hint_points_at_the_likeliest_open_cell_from_what_the_person_was_told():
    r = Match(Settings(seed=5, opponent="random", salvo=2)).round
    assert r.hint() is None and r.hints == 0  # not while placing
    r.place_rest()
    ships = ship_cells(r.theirs)
    r.fire(ships[0])
    r.fire(water_cells(r.theirs)[0])  # the volley of two is fired: one hit, one miss
    r.fire(water_cells(r.theirs)[1])  # aimed, not fired
    told = battleship.Posterior(r.rows, r.cols, r.fleet, r.rules, seed=r.seed)
    for cell in (ships[0], water_cells(r.theirs)[0]):
        told.record(cell, told_answer(r, cell))
    chance = told.probabilities()
    chance[water_cells(r.theirs)[1]] = -1.0  # aimed at: not hinted
    chance[~r.view.open] = -1.0
    best = divmod(int(np.argmax(chance)), r.cols)
    assert r.hint() == best == r.cursor and r.hints == 1
    assert "Hint:" in r.message and r.shots == (2, 2) and r.aimed == [water_cells(r.theirs)[1]]
    assert r.message.endswith("Enter aims.")  # a salvo: Enter aims the cell, the volley fires
    single = Match(Settings(seed=5, opponent="random")).round
    single.place_rest()
    single.hint()
    assert single.message.endswith("Enter fires.")
    assert best in [(ships[0][0] + dr, ships[0][1] + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]


def test_hit_only_disclosure_does_not_say_what_sank():
    r = Match(Settings(seed=4, opponent="random", disclosure="hit_only")).round
    r.place_rest()
    for cell in ship_cells(r.theirs, ship=4):  # the Destroyer
        r.fire(cell)
    assert "sank" not in r.message and "hit!" in r.message
    assert r.enemy_afloat_count() is None


def test_hit_and_sunk_disclosure_says_a_ship_sank_but_not_which():
    r = Match(Settings(seed=4, opponent="random", disclosure="hit_and_sunk")).round
    r.place_rest()
    for cell in ship_cells(r.theirs, ship=4):
        r.fire(cell)
    assert "You sank a ship!" in r.message and "Destroyer" not in r.message
    assert r.enemy_afloat_count() == 4
    assert all(sunk is None for _, sunk in r.enemy_afloat())  # which one is not known


def test_sinking_is_called_out_by_name():
    r = Match(Settings(seed=4, opponent="random")).round
    r.place_rest()
    for cell in ship_cells(r.theirs, ship=4):
        r.fire(cell)
    assert "You sank my Destroyer!" in r.message
    assert r.enemy_afloat_count() == 4
    marks = r.enemy_marks()
    assert all(marks[row][col][1] == "#" for row, col in ship_cells(r.theirs, ship=4))


def test_the_scoreboard_counts_rounds_and_the_next_round_needs_a_finished_one():
    m = Match(Settings(seed=3, opponent="random"))
    assert not m.next_round()
    m.round.place_rest()
    for cell in ship_cells(m.round.theirs):
        m.round.fire(cell)
    assert m.round.stage == "over" and m.round.winner == 0
    assert m.score() == "You 1 - 0 Computer"
    assert m.next_round() and m.round.number == 2 and m.round.stage == "placing"
    assert m.round.seed == m.settings.seed + 1


def test_a_round_the_computer_breaks_the_rules_of_counts_as_stopped_not_drawn(tmp_path, monkeypatch):
    (tmp_path / "my_stubborn_ai.py").write_text(
        "class Corner:\n    def next_shot(self, view, rng):\n        return (0, 0)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    m = Match(Settings(seed=3, opponent="my_stubborn_ai:Corner", placer="uniform"))
    m.round.place_rest()
    for cell in water_cells(m.round.theirs):  # (0, 0) once, then refused until the limit
        if m.round.stage == "over":
            break
        m.round.fire(cell)
    r = m.round
    assert r.stage == "over" and r.stopped and r.winner is None
    assert "The round stopped: the computer made too many invalid shots in a row" in r.message
    assert (m.wins, m.draws, m.stopped) == ([0, 0], 0, 1)
    assert m.score() == "You 0 - 0 Computer, 1 stopped"
    sys.modules.pop("my_stubborn_ai", None)


def test_seeds_are_checked_and_round_seeds_wrap_at_2_64():
    with pytest.raises(TypeError, match="seed must be None or an int"):
        Settings(seed="7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be from 0 to 2\\*\\*64 - 1"):
        Settings(seed=2**64)
    m = Match(Settings(seed=2**64 - 1, opponent="random"))  # its placement generator wraps too
    m.round.place_rest()
    for cell in ship_cells(m.round.theirs):
        m.round.fire(cell)
    assert m.next_round() and m.round.seed == 0


def test_the_computer_falls_back_to_uniform_layouts_and_a_round_that_cannot_start_changes_nothing(monkeypatch):
    from battleship.play import session

    placers = []
    real_place = session.Game.place

    def picky(game, player, placer="uniform"):
        placers.append(placer)
        if placer != "uniform":
            raise ValueError("the placer gave up")
        return real_place(game, player, placer)

    monkeypatch.setattr(session.Game, "place", picky)
    m = Match(Settings(seed=3, opponent="random"))  # elusive gives up: uniform lays it out
    assert placers == ["elusive", "uniform"] and m.round.theirs.all_placed
    m.round.place_rest()
    for cell in ship_cells(m.round.theirs):
        m.round.fire(cell)

    def nothing(game, player, placer="uniform"):
        raise ValueError("no layout")

    monkeypatch.setattr(session.Game, "place", nothing)
    before = m.round
    assert not m.next_round()
    assert m.round is before and m.round.stage == "over" and m.score() == "You 1 - 0 Computer"
    assert m.round.message.startswith("No next round: the computer found no layout of the classic fleet")


def test_the_computer_can_be_a_python_shooter_and_placer_of_the_persons_own(tmp_path, monkeypatch):
    (tmp_path / "my_play_ai.py").write_text(
        "class FirstOpen:\n"
        "    def next_shot(self, view, rng):\n"
        "        return view.open_cells()[0]\n"
        "\n"
        "class TopLeft:\n"
        "    def place(self, ocean, rng):\n"
        "        for ship in range(ocean.ship_count):\n"
        "            ocean.place(ship, next((r, c) for r in range(ocean.rows) for c in range(ocean.cols)\n"
        "                                   if ocean.check_place(ship, (r, c), 'h') is None), 'h')\n"
        "        return True\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    m = Match(Settings(seed=5, opponent="my_play_ai:FirstOpen", placer="my_play_ai:TopLeft"))
    for _ in range(2):  # and the next round the same way: its game, its shooter
        r = m.round
        r.place_rest()
        assert ship_cells(r.theirs, 0) == [(0, c) for c in range(5)]  # the Carrier top left, across
        for cell in water_cells(r.theirs)[:3]:
            r.fire(cell)
        assert [s.cell for s in r.game.record.shots_of(1)] == [(0, 0), (0, 1), (0, 2)]
        for cell in ship_cells(r.theirs):
            r.fire(cell)
        assert r.stage == "over" and m.next_round()
    with pytest.raises(ValueError, match="shooter 'my_play_ai:Nobody': module 'my_play_ai' has no attribute 'Nobody'"):
        Settings(opponent="my_play_ai:Nobody")
    sys.modules.pop("my_play_ai", None)


# ---- the command line ------------------------------------------------------------------------
def test_the_play_command_has_the_options(capsys):
    args = cli.parser().parse_args(["play", "--opponent", "random", "--salvo", "ships", "--seed", "4", "--fleet", "russian"])
    assert (args.opponent, args.salvo, args.seed, args.fleet, args.touching) == ("random", 0, 4, "russian", "no_contact")
    assert not args.until_miss and cli.parser().parse_args(["play", "--until-miss"]).until_miss
    assert cli.parser().parse_args(["play"]).opponent == default_opponent()
    with pytest.raises(SystemExit) as stop:
        cli.parser().parse_args(["play", "--salvo", "0"])
    assert stop.value.code == 2
    assert "battleship play: error: argument --salvo: must be at least 1, got 0" in capsys.readouterr().err


def test_play_without_a_terminal_is_refused_rather_than_drawing_for_ever(capsys):
    assert not sys.stdin.isatty() or not sys.stdout.isatty()  # pytest captures the output
    assert cli.main(["play", "--seed", "1", "--opponent", "random", "--placer", "uniform"]) == 2
    assert "battleship play needs a terminal" in capsys.readouterr().err


def test_play_with_its_input_closed_is_refused_as_without_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)  # "battleship play <&-": Python has no sys.stdin
    assert cli.main(["play", "--seed", "1", "--opponent", "random", "--placer", "uniform"]) == 2
    assert "battleship play needs a terminal" in capsys.readouterr().err


def test_bad_play_options_exit_with_a_clear_error(capsys):
    assert cli.main(["play", "--rows", "3", "--cols", "3"]) == 2
    assert "does not fit" in capsys.readouterr().err
    assert cli.main(["play", "--rows", "6", "--cols", "6"]) == 2  # fits, but not with no contact
    assert "cannot be laid out on a 6 x 6 board with touching='no_contact'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:  # the engine's 32-bit salvo size, named as the option
        cli.main(["play", "--salvo", "2147483648"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith("argument --salvo: must be at most 2,147,483,647, got 2147483648\n")


LAYOUT = pathlib.Path(__file__).resolve().parents[2] / "examples" / "layouts" / "classic.txt"


def test_a_drawn_layout_is_your_fleet_in_every_round_and_play_starts_at_the_shooting():
    drawn = battleship.Ocean(touching="no_contact")
    drawn.place_layout(LAYOUT.read_text())
    for seed in (3, 4):  # rounds of other seeds: the computer's fleet changes, yours does not
        r = Match(Settings(seed=seed, opponent="random", layout=LAYOUT.read_text())).round
        assert r.stage == "shooting" and r.ship is None and sorted(r.placed) == [0, 1, 2, 3, 4]
        assert np.array_equal(r.mine.ships, drawn.ships)
        assert "Your fleet is ready" in r.message
        assert not r.undo()  # nothing to take back once shooting
        assert r.fire(water_cells(r.theirs)[0]) and r.shots[0] == 1


@pytest.mark.parametrize("layout, error, words", [
    ("C C C\n", ValueError, "layout: line 1: expected 10 cells, found 3"),
    (LAYOUT.read_text().replace("B . . . R R R", "B R R R . . ."), ValueError,
     "layout: line 7, column 2: the Cruiser ('R') starting here, across: the ship would touch"),
    (b"C C C", TypeError, "layout must be None or a drawing (a str), got bytes"),
])
def test_a_layout_that_cannot_be_your_fleet_is_refused_with_its_line(layout, error, words):
    with pytest.raises(error) as info:
        Settings(layout=layout)
    assert words in str(info.value)


def test_the_play_command_reads_the_layout_file_and_names_it_in_a_refusal(tmp_path, capsys):
    touching = tmp_path / "touching.txt"
    touching.write_text(LAYOUT.read_text().replace("B . . . R R R", "B R R R . . ."))
    assert cli.main(["play", "--layout", str(touching)]) == 2
    assert f"--layout {touching}: line 7, column 2: the Cruiser ('R')" in capsys.readouterr().err
    assert cli.main(["play", "--layout", str(tmp_path / "none.txt")]) == 1  # a file error, as in every command
    assert "none.txt: No such file or directory" in capsys.readouterr().err
    # Ships may touch when the rules say so; then only the missing terminal stops it.
    assert cli.main(["play", "--layout", str(touching), "--touching", "allowed", "--placer", "uniform"]) == 2
    assert "battleship play needs a terminal" in capsys.readouterr().err


# ---- the app, headless -----------------------------------------------------------------------
def run(coro):
    return asyncio.run(coro)


def test_a_whole_game_through_keys_and_clicks():
    async def scenario():
        app = PlayApp(Settings(seed=11, opponent="random"))
        app.FLASH_SECONDS = 30.0  # long enough to be seen by the test on a slow machine
        async with app.run_test(size=SIZE) as pilot:
            text = screen_text(app)
            assert "Your fleet" in text and "Enemy: random" in text and "seed 11" in text
            assert "Round 1" in text and "Stage: placing 1/5" in text
            assert "R      rotate" in text and "fits here" in text

            # the Carrier at A1, across
            await pilot.press("enter")
            r = app.match.round
            assert r.mine.placement(0) == ((0, 0), "horizontal", 5)
            assert "Carrier placed" in region_text(app, "#message")
            # a click on the enemy board while placing says where to place (it said nothing)
            enemy_board = app.query_one("#enemy", BoardView)
            await pilot.click(enemy_board, offset=enemy_board.offset_of((4, 4)))
            assert "Place your fleet first, on the left board" in region_text(app, "#message")
            assert r.stage == "placing" and r.theirs.shots.sum() == 0

            # the Battleship starts on top of it: shown as illegal, and refused with the reason
            text = screen_text(app)
            assert "! ! ! ! C" in text and "! illegal spot" in text
            await pilot.press("enter")
            text = region_text(app, "#message")
            assert "Cannot place the Battleship at A1" in text and "overlap" in text
            assert not r.mine.is_placed(1)
            await pilot.press("down")
            await pilot.press("enter")
            assert "touch another ship" in region_text(app, "#message") and not r.mine.is_placed(1)

            # rotate it, move it clear, place it
            await pilot.press("r", "down")
            assert r.orientation == "vertical" and r.origin == (2, 0)
            await pilot.press("enter")
            assert r.mine.placement(1) == ((2, 0), "vertical", 4)

            # the Cruiser by mouse: a click moves it, a second click on the same cell places it
            board = app.query_one("#mine", BoardView)
            await pilot.click(board, offset=board.offset_of((7, 5)))
            assert r.origin == (7, 5)
            await pilot.click(board, offset=board.offset_of((7, 5)))
            assert r.mine.placement(2) == ((7, 5), "horizontal", 3)
            await pilot.press("u")
            assert not r.mine.is_placed(2)
            # next to the right edge the ship is pulled back inside; a second click still places it
            await pilot.click(board, offset=board.offset_of((7, 9)))
            assert r.origin == (7, 7)
            await pilot.click(board, offset=board.offset_of((7, 9)))
            assert r.mine.placement(2) == ((7, 7), "horizontal", 3)
            await pilot.press("U")  # capital letters work too
            assert not r.mine.is_placed(2)
            await pilot.press("a")
            assert r.stage == "shooting" and r.mine.all_placed
            assert "Stage: shooting" in screen_text(app)

            # a miss with the cursor keys
            miss = water_cells(r.theirs)[0]
            await pilot.press(*(["down"] * miss[0] + ["right"] * miss[1]), "enter")
            assert r.shots[0] == 1 and "miss" in region_text(app, "#message")

            # clicking the same cell again is refused
            enemy = app.query_one("#enemy", BoardView)

            at = enemy.offset_of

            await pilot.click(enemy, offset=at(miss))
            assert "You already fired at" in region_text(app, "#message") and r.shots[0] == 1

            # H moves the cursor to the hint and says so; nothing is fired
            assert "H      hint" in screen_text(app)
            await pilot.press("h")
            hinted = r.cursor
            assert r.view.is_open(hinted) and "Hint:" in region_text(app, "#message")
            assert r.shots[0] == 1 and "Hints: 1" in screen_text(app)
            assert r.hint() == hinted  # the same answers, the same hint

            # sink the fleet by clicking; the first hit flashes the enemy board
            targets = ship_cells(r.theirs)
            await pilot.click(enemy, offset=at(targets[0]))
            assert enemy.has_class("flash")
            called = []
            for cell in targets[1:]:
                await pilot.click(enemy, offset=at(cell))
                called.append(r.message)
            assert any("You sank my" in m for m in called)
            text = screen_text(app)
            assert r.stage == "over" and r.winner == 0
            assert "You won in" in region_text(app, "#message")
            assert "You 1 - 0 Computer" in text and "round over" in text
            assert f"Shots: you {len(targets) + 1}," in text and "Hints: 2" in text

            # a click starts the next round; the score is kept
            await pilot.click(enemy, offset=(3, 3))
            text = screen_text(app)
            assert app.match.round.number == 2 and "Round 2" in text and "placing 1/5" in text
            assert "You 1 - 0 Computer" in text

            # quitting returns the match
            await pilot.press("q")
        assert app.return_value is app.match
        return app

    app = run(scenario())
    assert app.match.wins == [1, 0]


def test_the_computer_can_win_and_escape_quits():
    async def scenario():
        app = PlayApp(Settings(rows=8, cols=8, seed=1, opponent="parity"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            r = app.match.round
            enemy = app.query_one("#enemy", BoardView)
            for cell in water_cells(r.theirs):  # never hit anything: the computer wins
                await pilot.click(enemy, offset=enemy.offset_of(cell))
                if r.stage == "over":
                    break
            await pilot.pause()
            assert r.winner == 1
            revealed = [m for row in r.enemy_marks() for m, _ in row if m == Mark.REVEALED]
            assert len(revealed) == r.theirs.fleet.total_length  # the ships you missed are shown
            assert "I won in" in region_text(app, "#message") and "You 0 - 1 Computer" in screen_text(app)
            await pilot.press("n")
            assert app.match.round.number == 2
            await pilot.press("escape")
        return app

    app = run(scenario())
    assert app.match.wins == [0, 1]


def test_with_a_drawn_layout_the_app_opens_on_the_shooting():
    async def scenario():
        app = PlayApp(Settings(seed=2, opponent="random", layout=LAYOUT.read_text()))
        async with app.run_test(size=SIZE) as pilot:
            text = screen_text(app)
            assert "Stage: shooting" in text and "placing" not in text
            assert "C C C C C" in text  # your Carrier, where the drawing puts it
            enemy = app.query_one("#enemy", BoardView)
            cell = water_cells(app.match.round.theirs)[0]
            await pilot.click(enemy, offset=enemy.offset_of(cell))
            assert app.match.round.shots[0] == 1
            await pilot.press("escape")

    run(scenario())


def test_the_flash_ends():
    async def scenario():
        app = PlayApp(Settings(seed=11, opponent="random"))
        app.FLASH_SECONDS = 1.0
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("a")
            r = app.match.round
            r.cursor = ship_cells(r.theirs)[0]
            await pilot.press("enter")
            enemy = app.query_one("#enemy", BoardView)
            assert enemy.has_class("flash")
            await pilot.pause(1.5)
            assert not enemy.has_class("flash")
            await pilot.press("q")

    run(scenario())


def test_a_terminal_too_small_says_so_instead_of_cutting_the_boards_off():
    async def scenario():
        app = PlayApp(Settings(seed=11, opponent="random"))
        async with app.run_test(size=(60, 20)) as pilot:
            width, height = app.minimum_size()
            assert width > 60 and height > 20
            notice = region_text(app, "#too_small")
            assert f"The terminal is 60 x 20; this game needs at least {width} x {height}." in notice
            assert "Your fleet" not in screen_text(app)
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            text = screen_text(app)
            assert "needs at least" not in text and "Your fleet" in text and "Stage: placing 1/5" in text
            await pilot.press("q")

    run(scenario())


def test_keys_do_nothing_while_the_notice_hides_the_game_but_q_quits():
    async def scenario():
        app = PlayApp(Settings(seed=11, opponent="random"))
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.press("a", "enter", "right", "enter", "h")
            r = app.match.round
            assert r.stage == "placing" and r.placed == [] and r.shots == (0, 0) and r.hints == 0
            await pilot.press("q")
        return app

    assert run(scenario()).return_code == 0


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"fleet": "russian"},  # ten ships: a tall panel
        {"opponent": "my_long_named_ai:PatientlyRandomOpponent"},  # a wide panel
        {"rows": 14, "cols": 3, "touching": "allowed"},  # narrow boards: the message wraps tall
    ],
)
def test_at_its_minimum_size_the_game_shows_every_line_whole(changes, tmp_path, monkeypatch):
    """The panel's lines never wrap: the minimum size counts its widest line, and the panel is
    given that width; the message under the boards is counted wrapped; a board is as wide as its
    title and legend."""
    (tmp_path / "my_long_named_ai.py").write_text(
        "class PatientlyRandomOpponent:\n    def next_shot(self, view, rng):\n"
        "        return view.open_cells()[0]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))

    async def scenario():
        app = PlayApp(Settings(**{"seed": 1, "opponent": "random", **changes}))
        async with app.run_test(size=SIZE) as pilot:
            for keys in ([], ["a"], ["h", "enter", "h", "h"]):  # placing, shooting, with hints
                await pilot.press(*keys)
                width, height = app.minimum_size()
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                text = screen_text(app)
                assert "needs at least" not in text
                for line in app.panel_text().plain.split("\n"):
                    assert line.strip() in text, (keys, line)
                assert " ".join(app.match.round.message.split()) in region_text(app, "#message")
                for board in app.query(BoardView):  # titles and legends whole, on narrow boards too
                    for words in filter(None, (board.border_title, board.border_subtitle)):
                        assert f" {words} " in text, (keys, words)
                for smaller in ((width - 1, height), (width, height - 1)):
                    await pilot.resize_terminal(*smaller)
                    await pilot.pause()
                    assert "needs at least" in " ".join(screen_text(app).split())  # wrapped
                await pilot.resize_terminal(*SIZE)
            await pilot.press("q")

    run(scenario())
    sys.modules.pop("my_long_named_ai", None)


def test_the_screenshot_is_an_svg_of_a_game_in_progress(tmp_path):
    from battleship.play.screenshot import write_screenshot

    path = write_screenshot(tmp_path / "play.svg")
    svg = path.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Enemy" in svg and "Round" in svg


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_an_exception_from_your_own_opponent_ends_play_with_its_traceback_and_exit_code_1(python_env, tmp_path):
    import os
    import pty
    import select
    import time

    (tmp_path / "my_broken_ai.py").write_text(
        "class Raiser:\n    def next_shot(self, view, rng):\n        raise RuntimeError('boom from my AI')\n"
    )
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(python_env, TERM="xterm-256color", COLUMNS="100", LINES="30")
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")])
        argv = [sys.executable, "-m", "battleship", "play", "--seed", "1", "--opponent", "my_broken_ai:Raiser"]
        os.execvpe(sys.executable, argv, env)
    out = bytearray()
    end = time.time() + 60
    sent = 0
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out.extend(chunk)
        if sent == 0 and b"placing 1/5" in out:
            os.write(fd, b"a")  # place the fleet at random
            sent = 1
        elif sent == 1 and b"shooting" in out:
            os.write(fd, b"\r")  # fire: the computer's turn follows, and its shooter raises
            sent = 2
    _, status = os.waitpid(pid, 0)
    assert sent == 2, bytes(out[-500:])
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1
    assert b"boom from my AI" in out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_battleship_play_in_a_real_terminal_quits_and_leaves_it_clean(python_env):
    """The command runs in a pseudo-terminal, takes keys, and on Q restores the screen, the cursor
    and the mouse (the alternate screen is left, the cursor shown again, mouse reporting off)."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the command itself
        env = dict(python_env, TERM="xterm-256color")
        os.execvpe(sys.executable, [sys.executable, "-m", "battleship", "play", "--seed", "1", "--opponent", "random"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    out = bytearray()

    def read(seconds, until=None):
        end = time.time() + seconds
        while time.time() < end and not (until is not None and until in out):
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    out.extend(os.read(fd, 65536))
                except OSError:
                    return

    read(30, until=b"placing 1/5")
    assert b"placing 1/5" in out
    os.write(fd, b"a")
    read(10, until=b"shooting")
    assert b"shooting" in out
    os.write(fd, b"q")
    read(30, until=b"\x1b[?1049l")
    read(0.5)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    tail = bytes(out[out.rfind(b"\x1b[?1049h") :])
    assert b"\x1b[?1049l" in tail  # left the alternate screen
    assert b"\x1b[?25h" in tail  # the cursor is back
    assert b"\x1b[?1000l" in tail  # mouse reporting off


def test_on_a_crowded_fleet_the_computer_places_with_uniform_and_says_so():
    # elusive drew 256 uniform layouts of it a round, each about a second: a blank screen for
    # 40 to 80 seconds before the game opened, and again at every new round.
    crowded = Match(Settings(rows=7, cols=7, fleet="russian", touching="no_edge_contact", seed=1, opponent="random"))
    assert crowded.settings.placer == "uniform"
    assert "The computer lays out its fleet with uniform" in crowded.round.message
    assert crowded.round.theirs.all_placed
    assert crowded.round.place_rest() and crowded.round.stage == "shooting"
    # An ordinary fleet keeps its placer, and no note.
    plain = Match(Settings(seed=1, opponent="random"))
    assert plain.settings.placer == "elusive" and plain.placer_note == ""
    assert "uniform" not in plain.round.message


def test_ctrl_c_quits_as_q_does():
    # Textual's own Ctrl-C only told how to quit (Ctrl-Q), and the game went on.
    async def scenario():
        app = PlayApp(Settings(seed=3, opponent="random"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert not app.is_running
        return app

    app = run(scenario())
    assert app.return_value is app.match
