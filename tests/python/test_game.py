"""Game and GameRecord: turns, rules, observers, records that replay exactly and pickle."""

import copy
import re
import pickle
import signal
import sys
import threading

import numpy as np
import pytest

import battleship
from battleship import Fleet, Game, GameRecord, Rules, ShotOutcome


def test_a_game_plays_to_a_win_and_records_every_shot():
    game = Game("parity", "hunt_target", seed=11)
    outcome = game.play_to_end()
    assert outcome.end == "win" and outcome.winner in (0, 1)
    record = game.record
    assert len(record.shots) == sum(outcome.shots)  # refused shots would add to this; none here
    winner_shots = [s for s in record.shots if s.player == outcome.winner]
    assert sum(s.outcome.sank for s in winner_shots) == 5
    assert record.placements[0] != record.placements[1]


def test_a_fleet_laid_out_in_part_by_hand_replays_with_each_ship_where_it_lay():
    game = Game(placers=None, seed=1)
    game.ocean(0).place(1, (5, 0))  # the Battleship alone: the Carrier stays off the board
    game.place(1)
    game.play_to_end()
    record = game.record
    assert record.placements[0][0] is None and record.placements[0][1] is not None
    assert record.placements[0][1].length == 4 and all(p is not None for p in record.placements[1])
    again = record.replay()
    assert again.record == record
    assert again.ocean(0).placement(0) is None and again.ocean(0).placement(1) == record.placements[0][1]


def test_the_same_seed_gives_the_same_game():
    a = Game("parity", "random", seed=5).play_to_end()
    b = Game("parity", "random", seed=5).play_to_end()
    assert a == b
    assert Game("parity", "random", seed=5).record == Game("parity", "random", seed=5).record
    # ... and the seed is used: another lays the fleets out elsewhere and plays another game.
    five, six = Game("parity", "random", seed=5), Game("parity", "random", seed=6)
    assert five.play_to_end() == a and six.play_to_end() != a
    assert five.record.placements != six.record.placements


def test_records_replay_exactly_and_pickle():
    for rules in (Rules(), Rules.named("bbm103"), Rules.named("salvo"), Rules.named("russian")):
        game = Game("mediocre", "hunt_target", seed=2, rules=rules, fleet=Fleet.russian() if rules.touching == "no_contact" else Fleet.classic())
        game.play_to_end()
        record = game.record
        assert record.replay().record == record
        assert pickle.loads(pickle.dumps(record)) == record
        assert copy.deepcopy(record) == record


def test_a_record_of_a_game_not_played_to_its_end_replays_as_far_as_it_goes():
    # Stopped after a few turns, aborted by hand, or recorded before its first shot: the replay
    # fires the recorded shots and stops there (it asked the players for shots never named).
    stopped = Game("parity", "random", seed=1)
    for _ in range(7):
        stopped.play_turn()
    aborted = Game("parity", "random", seed=1)
    for _ in range(4):
        aborted.play_turn()
    aborted.abort("the players went home", 1)
    for game in (stopped, aborted, Game("parity", "random", seed=1)):
        record = game.record
        again = record.replay()
        assert again.record == record
        assert again.is_over == game.is_over and again.outcome == game.outcome
    assert len(stopped.record.shots) == 7 and aborted.outcome.at_fault == 1


def test_a_record_taken_between_two_volleys_of_one_turn_replays_to_that_point():
    # Under until_miss a hit gives the mover another volley; the replay played whole turns and
    # asked for a shot past the record's end ("random has no cell left to fire").
    game = Game("random", "parity", rules=Rules.named("russian"), fleet=Fleet.russian(), seed=1)
    seen = 0
    while not game.is_over and seen < 5:
        game.play_volley()
        if game.turn_under_way and not game.is_over:
            seen += 1
            again = game.record.replay()
            assert again.record == game.record and again.turn_under_way
            assert again.outcome == game.outcome
    assert seen == 5


class Fails:
    """Fires the first open cell; raises from ``call`` after ``after`` shots (``on_result``: on
    hearing its ``after``-th result, a salvo's first one or a later one)."""

    def __init__(self, call, after):
        self.call, self.after, self.shots, self.results = call, after, 0, 0

    def start(self, view):
        if self.call == "start":
            raise ValueError("cannot start")

    def next_shot(self, view, rng):
        if self.call == "next_shot" and self.shots == self.after:
            raise RuntimeError("lost\nits way")
        self.shots += 1
        return view.open_cells()[0]

    def on_result(self, view, cell, outcome):
        self.results += 1
        if self.call == "on_result" and self.results == self.after:
            raise KeyError(cell)


@pytest.mark.parametrize("rules", ["classic", "salvo", "russian"])
@pytest.mark.parametrize("call, after", [("start", 0), ("next_shot", 0), ("next_shot", 6), ("on_result", 1),
                                         ("on_result", 6)])
@pytest.mark.parametrize("side", [0, 1])
def test_a_game_a_shooter_s_exception_aborted_replays_to_the_same_abort(rules, call, after, side):
    # Mid-turn (a hit under the Russian rules' until_miss, a salvo's later cells), at a turn's
    # start, or in on_result: the replayed shooter raises again where the original did.
    players = ["random", "random"]
    players[side] = Fails(call, after)
    fleet = Fleet.russian() if rules == "russian" else None
    game = Game(*players, seed=3, rules=Rules.named(rules), fleet=fleet)
    with pytest.raises((ValueError, RuntimeError, KeyError)):
        game.play_to_end()
    record = game.record
    assert record.outcome.end == "aborted" and record.outcome.at_fault == side
    again = record.replay()
    assert again.record == record and again.outcome == record.outcome


@pytest.mark.parametrize("observer", [5, "on_shot", object()])
def test_an_observer_without_any_hook_is_refused(observer):
    # It would hear nothing, without a word: a typo'd hook name, or the wrong object passed.
    with pytest.raises(TypeError, match=r"^an observer needs at least one of on_placement, on_turn_start, on_shot, on_sunk, on_game_over; got "):
        Game(seed=1, observers=[observer])

    class OnlyTheEnd:
        ended = None

        def on_game_over(self, outcome):
            self.ended = outcome

    watcher = OnlyTheEnd()
    game = Game(seed=1, observers=[watcher])  # one hook is enough
    assert game.play_to_end() == watcher.ended


def test_turn_by_turn_play_and_observers():
    events = []

    class Watcher:
        def on_turn_start(self, player, round):
            events.append(("turn", player, round))

        def on_shot(self, player, cell, outcome, told):
            events.append(("shot", player, cell, outcome.result))

        def on_game_over(self, outcome):
            events.append(("over", outcome.end))

    game = Game("random", "random", seed=1, observers=[Watcher()])
    assert game.to_move == 0
    game.play_turn()
    assert game.to_move == 1
    game.play_round()
    # The observer saw each player's shot as the record has it: the cell fired and what it hit.
    first, second = game.record.shots
    assert (first.player, second.player) == (0, 1)
    assert events == [
        ("turn", 0, 1), ("shot", 0, first.cell, first.outcome.result),
        ("turn", 1, 1), ("shot", 1, second.cell, second.outcome.result),
    ]
    for shot in (first, second):  # and what it hit is what lies there in the other player's ocean
        assert (shot.outcome.result == "miss") == (game.ocean(1 - shot.player).ships[shot.cell] < 0)
    game.play_to_end()
    assert events[-1] == ("over", "win")


def test_volley_by_volley_play_is_the_same_match_as_turn_by_turn():
    russian = Rules.named("russian")  # shoot again after a hit
    by_turn = Game("hunt_target", "parity", rules=russian, seed=5)
    by_turn.play_to_end()
    by_volley = Game("hunt_target", "parity", rules=russian, seed=5)
    turns_went_on = 0
    while not by_volley.is_over:
        mover = by_volley.to_move
        by_volley.play_volley()
        if by_volley.turn_under_way:
            turns_went_on += 1
            assert by_volley.to_move == mover and by_volley.next_volley_size == 1
    assert turns_went_on > 10  # hits happened, and each kept the turn
    assert by_volley.record == by_turn.record and by_volley.outcome == by_turn.outcome
    assert not by_volley.turn_under_way


def test_rules_volley_size_is_what_the_game_tells_from_its_own_counts():
    # A salvo with a shot cap, so every term counts: the mover's own ships afloat (they sink as
    # the match goes on), the cells it has left open, and the shots the cap leaves.
    rules = Rules(volley="per_ship_afloat", shot_cap=60)
    game = Game("probability", "probability", rules=rules, seed=11)
    sizes = set()
    while not game.is_over:
        mover = game.to_move
        view = game.view(mover)
        told = rules.volley_size(own_afloat=game.ocean(mover).afloat_count,
                                 open_cells=view.open_count, shots_fired=view.shots_fired)
        assert told == game.next_volley_size
        sizes.add(told)
        game.play_turn()
    assert {5, 4}.issubset(sizes)  # ships sank while the match went on
    assert rules.volley_size(own_afloat=5, open_cells=100, shots_fired=58) == 2  # the cap
    assert rules.volley_size(own_afloat=5, open_cells=3, shots_fired=0) == 3  # the open cells
    assert Rules().volley_size(own_afloat=5, open_cells=100, shots_fired=0) == 1
    with pytest.raises(ValueError, match="own_afloat must be from 0"):
        rules.volley_size(own_afloat=-1, open_cells=100, shots_fired=0)
    with pytest.raises(TypeError):
        rules.volley_size(5, 100, 0)  # keywords only


def test_placing_by_hand_and_unplaced_fleets():
    game = Game("random", "random", placers=None, seed=3)
    with pytest.raises(ValueError, match="unknown placer 'nope'"):
        game.place(0, "nope")
    game = Game("random", "random", placers=None, seed=3)
    ocean = game.ocean(0)
    for ship, row in enumerate(range(0, 10, 2)):
        ocean.place(ship, (row, 0), "h")
    game.place(1, "uniform")
    outcome = game.play_to_end()
    assert outcome.end == "win"
    unplaced = Game("random", "random", placers=None)
    ocean = unplaced.ocean(0)
    for ship, row in enumerate(range(0, 10, 2)):
        ocean.place(ship, (row, 0), "h")
    outcome = unplaced.play_to_end()
    assert outcome.end == "aborted" and outcome.winner is None
    assert outcome.reason == "player 1's fleet is not placed" and outcome.at_fault == 1


def test_an_abort_names_the_player_at_fault():
    class Stubborn:  # fires at one cell for ever
        def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
            return (0, 0)

    rules = battleship.Rules(invalid_shot="forfeits", max_invalid_in_a_row=3)
    outcome = Game("random", Stubborn(), rules=rules, seed=2).play_to_end()
    assert outcome.end == "aborted" and outcome.at_fault == 1
    assert outcome.reason == "player 1 made too many invalid shots in a row"

    class Failing:
        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            return False

    game = Game("random", "random", placers=None, seed=3)
    with pytest.raises(ValueError, match="player 0's placer could not lay out the fleet"):
        game.place(0, Failing())
    assert game.outcome.end == "aborted" and game.outcome.at_fault == 0

    class Raising:
        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            raise KeyError("no table")

    game = Game("random", "random", placers=None, seed=3)
    with pytest.raises(KeyError):
        game.place(1, Raising())
    assert game.outcome.end == "aborted" and game.outcome.at_fault == 1
    assert "player 1's placer raised KeyError" in game.outcome.reason

    won = Game(seed=4).play_to_end()
    assert won.end == "win" and won.at_fault is None


def test_a_player_may_resign_and_bad_aborts_change_nothing():
    game = Game(seed=5)
    game.play_round()
    for bad, error in ((2, IndexError), (-1, IndexError), ("0", TypeError)):
        with pytest.raises(error, match="player must be 0 or 1, got "):
            game.abort("resigns", bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reason must be a string"):
        game.abort(None)  # type: ignore[arg-type]
    assert game.outcome.end == "in_progress"

    class AbortingObserver:
        def on_shot(self, *args: object) -> None:
            game.abort("from inside")

    inside = Game(seed=5, observers=[AbortingObserver()])
    game = inside
    with pytest.raises(RuntimeError, match="own observer or strategy"):
        inside.play_turn()
    game = Game(seed=5)
    game.play_round()
    game.abort("player 0 resigns", at_fault=0)
    outcome = game.outcome
    assert outcome.end == "aborted" and outcome.at_fault == 0 and outcome.winner is None
    assert outcome.reason == "player 0 resigns" and outcome.rounds == 1
    game.abort("again", at_fault=1)  # over: nothing changes
    assert game.outcome == outcome
    game.play_turn()
    assert game.outcome == outcome
    nobody = Game(seed=5)
    nobody.abort("the user quit")
    assert nobody.outcome.end == "aborted" and nobody.outcome.at_fault is None


def test_player_index_errors():
    game = Game()
    with pytest.raises(IndexError, match="player must be 0 or 1"):
        game.ocean(2)
    with pytest.raises(TypeError, match=r"rules must be a battleship\.Rules, got 'classic'"):
        Game(rules="classic")


def test_the_equalising_shot_can_draw():
    draws = 0
    for seed in range(60):
        game = Game("parity", "parity", seed=seed, rules=Rules.named("bbm103"))
        if game.play_to_end().end == "draw":
            draws += 1
            assert game.ocean(0).all_sunk and game.ocean(1).all_sunk
    assert draws > 0


def test_game_outcomes_and_shot_records_are_plain_values():
    game = Game(seed=4)
    game.play_to_end()
    first = game.record.shots[0]
    assert first.player == 0 and isinstance(first.told, ShotOutcome)
    # What player 1's ocean says of that cell is what the shot did (classic rules tell it all).
    ship = int(game.ocean(1).ships[first.cell])
    assert first.outcome.result == ("miss" if ship < 0 else "hit" if not first.outcome.sank else "sunk")
    assert first.told == first.outcome
    same = copy.deepcopy(game.outcome)
    assert same == game.outcome and hash(same) == hash(game.outcome)
    assert pickle.loads(pickle.dumps(game.outcome)) == game.outcome
    assert isinstance(game.record, GameRecord) and copy.deepcopy(game.record) == game.record


def test_a_game_refuses_copying_and_pickling_with_the_reason():
    game = Game(seed=1)
    game.play_turn()
    for duplicate in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="a Game cannot be copied"):
            duplicate(game)
    assert game.view(0).shots_fired == 1


def test_two_threads_playing_one_game_are_told_apart_from_reentry_and_do_not_abort_it():
    import threading

    entered, release = threading.Event(), threading.Event()

    class Blocking:
        def on_shot(self, *args: object) -> None:
            entered.set()  # the first thread is inside its turn ...
            assert release.wait(60)  # ... and stays there until the other call was refused

    game = Game(seed=3, observers=[Blocking()])
    first = threading.Thread(target=game.play_turn)
    first.start()
    assert entered.wait(60)
    try:
        with pytest.raises(RuntimeError) as refused:
            game.play_turn()
    finally:
        release.set()
        first.join()
    assert str(refused.value) == "another thread is playing this game: a game takes one call at a time"
    # The first thread's turn was played and the refused call changed nothing.
    assert game.outcome.end == "in_progress" and game.view(0).shots_fired == 1


def test_a_queued_shooter_with_no_cell_left_aborts_the_match_with_it_at_fault():
    from battleship.game import QueuedShooter

    queued = QueuedShooter("me", [(0, 0)])
    game = Game(queued, "random", seed=1)
    game.play_round()  # the one queued cell is fired
    assert queued.queue == [] and game.record.shots[0].cell == (0, 0)
    with pytest.raises(RuntimeError, match="^me has no cell left to fire$"):
        game.play_turn()
    outcome = game.outcome
    assert outcome.end == "aborted" and outcome.at_fault == 0 and outcome.winner is None
    assert outcome.reason == "player 0's shooter's next_shot raised RuntimeError: me has no cell left to fire"
    assert outcome.shots == (1, 1)  # the refused turn fired nothing
    queued.queue.append((0, 1))  # a cell handed over too late: the match stays over
    with pytest.raises(RuntimeError, match="^the game was aborted: player 0's shooter's next_shot raised"):
        game.play_turn()
    assert game.outcome == outcome and queued.queue == [(0, 1)]


def test_placing_in_an_aborted_game_says_why_and_changes_nothing():
    class Fails:
        def place(self, ocean: battleship.Ocean, rng: battleship.Rng) -> bool:
            return False

    game = Game("random", "random", placers=None, seed=3)
    with pytest.raises(ValueError, match="player 0's placer could not lay out the fleet"):
        game.place(0, Fails())
    outcome = game.outcome
    with pytest.raises(RuntimeError, match="^the game was aborted: player 0's placer could not lay out the fleet$"):
        game.place(1, "uniform")
    assert game.outcome == outcome and (game.ocean(1).ships < 0).all()  # no ship was placed


def test_placing_once_the_game_is_over_before_play_says_why_and_changes_nothing():
    game = Game("random", "random", placers=None, seed=3)
    game.place(1, "uniform")
    layout = game.ocean(1).ships.copy()
    game.abort("the user quit")  # over before the first turn: not started, yet over
    outcome = game.outcome
    for player in (0, 1):
        with pytest.raises(RuntimeError, match=f"^player {player}'s fleet cannot be placed: the game is over$"):
            game.place(player, "uniform")
    assert game.outcome == outcome and outcome.end == "aborted" and outcome.reason == "the user quit"
    assert not any(game.ocean(0).is_placed(ship) for ship in range(game.ocean(0).ship_count))
    assert (game.ocean(1).ships == layout).all()


def test_a_games_repr_names_the_players_the_board_and_how_it_stands():
    game = Game("parity", "random", rows=8, cols=9, seed=2)
    assert repr(game) == "<Game parity vs random, 8 x 9: in_progress>"
    game.play_to_end()
    assert game.outcome.end == "win" and repr(game) == "<Game parity vs random, 8 x 9: win>"
    quit_game = Game(battleship.ParityShooter(), "hunt_target", seed=2)
    quit_game.abort("the user quit")
    assert repr(quit_game) == "<Game parity vs hunt_target, 10 x 10: aborted>"


def _person_against(opponent: str, **kwargs):
    from battleship.game import QueuedShooter

    return Game(QueuedShooter("you"), opponent, **kwargs)


def test_fire_plays_a_persons_volley_and_refuses_a_wrong_one_changing_nothing():
    game = _person_against("probability", seed=4)
    refusals = [
        (["Z99"], "Z99 is off the 10 x 10 board"),
        ([(0, 10)], "K1 is off the 10 x 10 board"),
        (["A1", "A2"], "a volley of 1 cell is due, got 2"),
        ([], "a volley of 1 cell is due, got 0"),
        (["hello"], "'hello' is not a cell"),
    ]
    for cells, message in refusals:
        before = game.record
        with pytest.raises(ValueError, match=re.escape(message)):
            game.fire(0, cells)
        assert game.record == before and game._shooters[0].queue == []
    shots = game.fire(0, "E5")  # one cell needs no list
    assert [(s.player, s.cell) for s in shots] == [(0, (4, 4))]
    assert game.view(0).shots[4, 4] and shots[0].told == shots[0].outcome  # classic rules tell all
    assert game.record.shots[-1] == shots[0] and game.to_move == 1
    with pytest.raises(ValueError, match=r"^it is player 1's turn$"):
        game.fire(0, "E6")
    with pytest.raises(RuntimeError, match=r"^player 1 is played by 'probability', not a QueuedShooter$"):
        game.fire(1, "E6")
    game.play_turn()  # the computer's reply
    with pytest.raises(ValueError, match=r"^E5 was already shot$"):
        game.fire(0, "E5")
    # Played to the end, a person's game is a game like any other: its record replays.
    cells = iter(c for r in range(10) for c in [(r, k) for k in range(10)] if c != (4, 4))
    while not game.is_over:
        if game.to_move == 0:
            game.fire(0, [next(cells)])
        else:
            game.play_turn()
    assert game.outcome.end == "win" and game.record.replay().record == game.record
    with pytest.raises(ValueError, match=r"^the match is over$"):
        game.fire(0, "J10")


def test_fire_takes_a_whole_salvo_and_under_until_miss_one_cell_a_volley():
    from battleship.game import QueuedShooter

    salvo = Game(QueuedShooter("a"), QueuedShooter("b"), rules=Rules.named("salvo"), seed=2)
    with pytest.raises(ValueError, match=r"^A1 is named twice$"):
        salvo.fire(0, ["A1", "A1", "A2", "A3", "A4"])
    assert salvo.view(0).pending.sum() == 0 and salvo.record.shots == ()
    shots = salvo.fire(0, ["A1", "B1", "A2", "A3", "A4"])
    assert [s.cell for s in shots] == [(0, 0), (0, 1), (1, 0), (2, 0), (3, 0)] and salvo.to_move == 1
    russian = Game(QueuedShooter("a"), "random", rules=Rules.named("russian"), fleet=Fleet.russian(), seed=5)
    ship = next(cell for cell in zip(*np.nonzero(russian.ocean(1).ships >= 0)))
    hit = russian.fire(0, [tuple(int(x) for x in ship)])
    assert hit[0].outcome.struck and russian.to_move == 0 and russian.turn_under_way
    with pytest.raises(ValueError, match=r"^a volley of 1 cell is due, got 2$"):
        russian.fire(0, ["A1", "A2"])


def test_fire_hands_invalid_cells_to_the_match_under_forfeits():
    game = _person_against("random", rules=Rules(invalid_shot="forfeits"), seed=3)
    game.fire(0, "A1")
    game.play_turn()
    shots = game.fire(0, "A1")  # the rules waste it instead of refusing it
    assert not shots[0].outcome.valid and game.outcome.shots == (1, 1) and game.to_move == 1


def test_fire_before_a_fleet_is_placed_is_refused_not_a_forfeit():
    game = _person_against("random", placers=None)
    game.place(0, "uniform")
    with pytest.raises(ValueError, match=r"^player 1's fleet is not placed yet$"):
        game.fire(0, "A1")
    assert game.outcome.end == "in_progress"  # play_turn would have ended it, as a forfeit
    game.place(1, "uniform")
    assert len(game.fire(0, "A1")) == 1


def test_a_record_as_text_reads_back_equal_finished_or_in_progress():
    finished = Game("probability", "random", rules=Rules.named("salvo"), seed=6)
    finished.play_to_end()
    under_way = _person_against("parity", rules=Rules.named("russian"), fleet=Fleet.russian(), seed=2)
    for cell in ["A1", "B2", "C3"]:
        if under_way.to_move == 0:
            under_way.fire(0, cell)
        else:
            under_way.play_turn()
    aborted = Game("random", "random", seed=1)
    aborted.play_round()
    aborted.abort("you resigned", 1)
    for game in (finished, under_way, aborted):
        text = game.record.to_text()
        assert text.startswith("battleship-record 1\n") and text.endswith("end\n")
        again = GameRecord.from_text(text)
        assert again == game.record
        assert again.replay().record == game.record  # the position stands again, shot for shot


def test_a_record_text_that_is_cut_or_changed_is_refused_naming_the_line():
    game = Game("parity", "random", seed=3)
    game.play_to_end()
    lines = game.record.to_text().splitlines(keepends=True)
    with pytest.raises(ValueError, match=r"^line \d+: "):
        GameRecord.from_text("".join(lines[:-5]))  # cut short: no outcome, no end
    first_miss = next(i for i, line in enumerate(lines) if line.startswith("shot 0 ") and line.endswith(" miss\n"))
    changed = lines.copy()
    changed[first_miss] = changed[first_miss].replace(" miss\n", " hit 0\n")
    with pytest.raises(ValueError, match=rf"^line {first_miss + 1}: "):
        GameRecord.from_text("".join(changed))  # parses, but the ocean says miss
    unchecked = GameRecord.from_text("".join(changed), check=False)  # read as written
    assert unchecked.shots[sum(1 for line in lines[:first_miss] if line.startswith("shot "))].outcome.result == "hit"
    with pytest.raises(TypeError, match=r"^text must be a str, got bytes$"):
        GameRecord.from_text(b"battleship-record 1\n")  # type: ignore[arg-type]
    # A shot of player 1 taken out: read unchecked, its replay runs out of player 1's shots, a
    # ValueError saying so, not the RuntimeError of an empty queue from inside the game.
    dropped = next(i for i, line in enumerate(lines) if line.startswith("shot 1 "))
    short = GameRecord.from_text("".join(lines[:dropped] + lines[dropped + 1:]), check=False)
    with pytest.raises(ValueError, match=r"^the record does not replay: random's recorded shots run out before the "
                                         r"game ends \(read with check=False\? GameRecord.from_text\(text\) names"):
        short.replay()


def test_a_record_of_a_fleet_placed_in_part_has_no_text():
    game = Game("random", "random", placers=None)
    game.ocean(0).place(0, "A1", "horizontal")
    with pytest.raises(ValueError, match=r"^player 0's fleet is placed in part: a record's text takes every ship or none$"):
        game.record.to_text()
    game.ocean(0).unplace(0)
    assert GameRecord.from_text(game.record.to_text()) == game.record  # neither placed: written


def test_a_saved_game_against_the_engine_resumes_and_plays_on_as_if_never_stopped():
    game = _person_against("probability", seed=4)
    for cell in ["E5", "E6", "A1", "J10"]:
        game.fire(0, cell)
        game.play_turn()
    saved = GameRecord.from_text(game.record.to_text())
    resumed = saved.resume(None, "probability", placers=(None, "uniform"))  # as Game laid it out
    assert resumed.record == game.record and resumed.to_move == 0
    for cell in ["B2", "C3"]:  # the engine plays on with the moves it would have made
        for g in (game, resumed):
            g.fire(0, cell)
            g.play_turn()
    assert resumed.record == game.record
    with pytest.raises(ValueError, match=r"^shot 1: player 1 \(parity\) fired [A-J]\d+ -> \w+, where the record has "):
        saved.resume(None, "parity", placers=(None, "uniform"))  # not the shooter that played
    with pytest.raises(ValueError, match=r"give it in placers=$"):
        saved.resume(None, "probability")  # its generator has not drawn the layout: other shots
    with pytest.raises(ValueError, match=r"^player 1's placer lays out ship 0 at Placement\("):
        saved.resume(None, "probability", placers=(None, "spread"))
    with pytest.raises(TypeError, match=r"^placers must be a pair"):
        saved.resume(placers="uniform")


def test_a_saved_game_of_two_people_resumes_with_both_queues_empty():
    from battleship.game import QueuedShooter

    game = Game(QueuedShooter("ann"), QueuedShooter("bob"), rules=Rules.named("salvo"), seed=8)
    game.fire(0, ["A1", "A2", "A3", "A4", "A5"])
    resumed = game.record.resume()
    assert resumed.record == game.record and resumed.to_move == 1 and resumed.players == ("ann", "bob")
    assert all(not s.queue for s in resumed._shooters)
    due = resumed.next_volley_size  # one a ship of bob's afloat
    assert due == game.next_volley_size and len(resumed.fire(1, ["J1", "J2", "J3", "J4", "J5"][:due])) == due


def test_a_fleet_laid_out_apart_is_handed_to_a_player_and_a_wrong_one_refused_changing_nothing():
    game = Game("random", "random", placers=None, seed=2)
    laid = battleship.Ocean()
    laid.place_randomly(rng=5)
    game.set_ocean(0, laid)
    assert game.ocean(0) == laid and game.ocean(0) is not laid
    partial = battleship.Ocean()
    partial.place(0, "A1", "horizontal")
    no_contact = battleship.Ocean(touching="no_contact")
    no_contact.place_randomly(rng=1)
    shot = laid.copy()
    shot.fire("A1")
    large = battleship.Ocean(12, 12)  # compiled for larger boards too: refused by size first
    large.place_randomly(rng=1)
    for ocean, why in [
        (partial, "the ocean has a ship missing"),
        (no_contact, "the ocean was placed under another touching rule"),
        (shot, "the ocean has been shot at"),
        (large, "the ocean is for another board or fleet"),
    ]:
        with pytest.raises(ValueError, match=rf"^player 1's ocean cannot be set: {why}$"):
            game.set_ocean(1, ocean)
        assert not game.ocean(1).all_placed  # nothing changed
    with pytest.raises(TypeError, match=r"^ocean must be a battleship.Ocean, got str$"):
        game.set_ocean(1, "A1 h")
    game.set_ocean(1, laid)
    game.play_turn()
    with pytest.raises(RuntimeError, match=r"^player 0's ocean cannot be set: fleets cannot change once play has started$"):
        game.set_ocean(0, laid)


@pytest.mark.parametrize("disclosure", ["sunk_with_name", "hit_only"])
def test_observers_hear_the_placements_and_each_sinking_as_cpp_observers_do(disclosure):
    events = []

    class Watcher:
        def on_placement(self, player, ocean):
            events.append(("placed", player, ocean))

        def on_turn_start(self, player, round):
            events.append(("turn", player))

        def on_shot(self, player, cell, outcome, told):
            events.append(("shot", player, outcome))

        def on_sunk(self, player, ship):
            events.append(("sunk", player, ship))

    game = Game("parity", "hunt_target", seed=4, rules=Rules(disclosure=disclosure), observers=[Watcher()])
    outcome = game.play_to_end()
    # Both fleets, in player order, before the first turn: as laid out, before any shot.
    assert [e[:2] for e in events[:3]] == [("placed", 0), ("placed", 1), ("turn", 0)]
    for player in (0, 1):
        placed = events[player][2]
        assert isinstance(placed, battleship.Ocean) and not placed.shots.any()
        assert [placed.placement(s) for s in range(5)] == [game.ocean(player).placement(s) for s in range(5)]
    # A sinking right after the shot that sank the ship, even where the shooter is not told.
    sunk = [i for i, e in enumerate(events) if e[0] == "sunk"]
    for i in sunk:
        _, player, outcome_of_shot = events[i - 1]
        assert events[i][1] == player and outcome_of_shot.result == "sunk" and outcome_of_shot.ship == events[i][2]
    sinkings = [e[2] for e in events if e[0] == "sunk" and e[1] == outcome.winner]
    assert sorted(sinkings) == list(range(5))
    assert len(sunk) == sum(1 for e in events if e[0] == "shot" and e[2].result == "sunk")


def test_a_record_read_by_several_threads_at_once_holds_each_shot_once():
    # The shots are made records when first read: two readers at once both added them (185 shots
    # fired, 636 in the record), until the records were written over their places in one step.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for seed in range(40):
            game = Game("random", "random", seed=seed)
            game.play_to_end()
            together = threading.Barrier(4)

            def read():
                together.wait()
                game.record

            readers = [threading.Thread(target=read) for _ in range(4)]
            for reader in readers:
                reader.start()
            for reader in readers:
                reader.join()
            shots = game.record.shots
            assert len(shots) == sum(game.outcome.shots)
            assert [s.cell for s in shots if s.player == 0] == [s.cell for s in game.record.shots_of(0)]
    finally:
        sys.setswitchinterval(interval)



class InterruptedOnce:
    """A shooter pressed Ctrl-C in: its ``next_shot`` raises KeyboardInterrupt at its
    ``at``-th call (counting from 0), before naming a cell, and fires the lowest open cell."""

    def __init__(self, at):
        self.at, self.calls = at, 0

    def next_shot(self, view, rng):
        self.calls += 1
        if self.calls - 1 == self.at:
            raise KeyboardInterrupt
        return view.open_cells()[0]


class TurnsHeard:
    """An observer noting each (player, round) heard by ``on_turn_start`` in ``turns``."""

    def __init__(self, turns):
        self.turns = turns

    def on_turn_start(self, player, round):
        self.turns.append((player, round))


class LowestOpen:
    def next_shot(self, view, rng):
        return view.open_cells()[0]


@pytest.mark.parametrize("rules, at", [("classic", 0), ("classic", 7), ("salvo", 1), ("salvo", 7), ("russian", 9)])
def test_ctrl_c_in_a_python_shooter_s_move_leaves_the_match_to_play_on(rules, at):
    # At a volley's first cell or a later one (a salvo's), mid-turn under until_miss: the engine
    # takes back the cells named so far, and the match goes on as if never stopped.
    fleet = Fleet.russian() if rules == "russian" else None
    made = dict(seed=5, rules=Rules.named(rules), fleet=fleet)
    turns: list = []
    game = Game(InterruptedOnce(at), "parity", **made, observers=[TurnsHeard(turns)])
    with pytest.raises(KeyboardInterrupt):
        game.play_to_end()
    under_way = game.turn_under_way  # stopped in a later volley of a turn (until_miss)
    assert not game.is_over and game.outcome.end == "in_progress" and game.outcome.reason == ""
    shots_then = len(game.record.shots)
    assert shots_then == game.view(0).shots_fired + game.view(1).shots_fired
    assert game.play_to_end().end == "win"
    never_turns: list = []
    never_stopped = Game(LowestOpen(), "parity", **made, observers=[TurnsHeard(never_turns)])
    never_stopped.play_to_end()
    assert game.record.shots == never_stopped.record.shots and game.outcome == never_stopped.outcome
    # The turn begun again is announced again (as in C++): once more, right after its first time,
    # unless the stop came in a later volley of a turn under way (no new turn then).
    twice = [i for i in range(1, len(turns)) if turns[i] == turns[i - 1]]
    assert [t for i, t in enumerate(turns) if i not in twice] == never_turns
    assert len(twice) == (0 if under_way else 1)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX interval timers")
def test_ctrl_c_between_turns_leaves_a_match_of_engine_shooters_to_play_on():
    # No Python runs while engine shooters play with no observer: the engine looks for Ctrl-C
    # after each turn, and stops there, or, bayes being slow on a board this large, during a
    # move, which it takes back. A signal, as Ctrl-C is; its handler raises KeyboardInterrupt, as
    # Python's own does.
    def pressed(signum, frame):
        raise KeyboardInterrupt

    made = dict(rows=24, cols=24, seed=2)  # about 5 s a game
    game = Game("bayes", "bayes", **made)
    game.play_turn()  # a turn played before the signal, which may come during a move
    before = signal.signal(signal.SIGALRM, pressed)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            game.play_to_end()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert not game.is_over and game.outcome.end == "in_progress" and not game.turn_under_way
    stopped_at = game.record.shots
    assert 0 < len(stopped_at) == game.view(0).shots_fired + game.view(1).shots_fired
    never_stopped = Game("bayes", "bayes", **made)
    while len(never_stopped.record.shots) < len(stopped_at):
        never_stopped.play_turn()
    assert never_stopped.record.shots == stopped_at
    for _ in range(6):  # and on from there, the same turns
        game.play_turn()
        never_stopped.play_turn()
    assert game.record.shots == never_stopped.record.shots and not game.is_over


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="POSIX interval timers")
@pytest.mark.parametrize(
    ("call", "error"),
    [("play_turn", KeyboardInterrupt), ("play_volley", KeyboardInterrupt), ("play_round", KeyboardInterrupt),
     ("play_turn", TimeoutError)],  # whatever the signal's handler raises, as between turns
)
def test_ctrl_c_during_a_single_turn_leaves_the_match_to_play_on(call, error):
    # The signal comes while the engine thinks (a turn of about a third of a second). Its
    # KeyboardInterrupt was once raised after the call returned, and aborted the match; then the
    # call was played whole first (the GIL held); now the move stops and the turn is taken back.
    def pressed(signum, frame):
        raise error

    made = dict(rows=24, cols=24, seed=2)
    game = Game("bayes(samples=20000)", "random", **made)
    before = signal.signal(signal.SIGALRM, pressed)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(error):
            getattr(game, call)()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert not game.is_over and game.outcome.end == "in_progress" and game.record.shots == ()
    never_stopped = Game("bayes(samples=20000)", "random", **made)
    for match in (game, never_stopped):  # the call made again plays as if never stopped
        getattr(match, call)()
    assert game.record.shots == never_stopped.record.shots and game.record.shots
    game.play_turn()
    never_stopped.play_turn()
    assert game.record.shots == never_stopped.record.shots


def test_ctrl_c_in_an_observer_s_hook_still_aborts_the_match():
    class Pressed:
        def on_shot(self, player, cell, outcome, told):
            if cell == (0, 5):
                raise KeyboardInterrupt

    game = Game(LowestOpen(), LowestOpen(), seed=1, observers=[Pressed()])
    with pytest.raises(KeyboardInterrupt):
        game.play_to_end()
    assert game.is_over and game.outcome.end == "aborted"
    assert game.record.shots[-1].cell == (0, 5)  # the shot it heard is in the record
    with pytest.raises(RuntimeError, match="aborted"):
        game.play_turn()
