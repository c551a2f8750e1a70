"""Results as JSON: to_dict and from_dict on every result, save_results and load_results, and
the commands' --json option. A result read back equals the one written, arrays and setup
included, and goes on working (combine, paired_difference, a tournament's ratings); a malformed
file is refused with the place of the problem."""

import copy
import dataclasses
import json
import os
import re
import stat
import subprocess
import sys

import numpy as np
import pytest

import battleship
from battleship import MatchResult, RunSetup, SimulationResult, SprtResult, TournamentResult
from battleship.cli import main


def same_fields(a, b):
    """Every dataclass field of a and b equal, arrays by value and dtype, nested results too."""
    assert type(a) is type(b)
    for f in dataclasses.fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, np.ndarray):
            assert isinstance(y, np.ndarray) and x.dtype == y.dtype and np.array_equal(x, y), f.name
        elif dataclasses.is_dataclass(x):
            same_fields(x, y)
        elif isinstance(x, dict):
            assert x.keys() == y.keys(), f.name
            for key in x:
                same_fields(x[key], y[key])
        elif isinstance(x, list) and x and dataclasses.is_dataclass(x[0]):
            assert len(x) == len(y), f.name
            for p, q in zip(x, y):
                same_fields(p, q)
        else:
            assert x == y and type(x) is type(y), f.name


def through_json(result):
    """``result``'s dict as a JSON text and back, as a file carries it."""
    return type(result).from_dict(json.loads(json.dumps(result.to_dict())))


@pytest.fixture(scope="module")
def results():
    salvo = battleship.Rules.named("salvo").replace(shot_cap=80)
    return {
        "simulation": battleship.simulate("parity", 60, seed=3, first_game=10, game_shots=True, progress=False),
        "custom": battleship.simulate(
            "hunt_target", 30, seed=2, rows=8, cols=9, fleet=battleship.Fleet.russian(),
            rules=battleship.Rules.named("russian"), placer="spread", progress=False,
        ),
        "match": battleship.match("parity", "hunt_target", 40, seed=4, rules=salvo, game_results=True, progress=False),
        "tournament": battleship.tournament(
            ["random", "parity", ("hunt_target", "spread")], 20, seed=1, progress=False
        ),
        "sprt": battleship.sprt("probability", "random", elo0=0, elo1=100, batch=20, progress=False),
    }


@pytest.mark.parametrize("name", ["simulation", "custom", "match", "tournament", "sprt"])
def test_a_result_read_back_from_its_dict_has_every_field_of_the_original(results, name):
    r = results[name]
    back = through_json(r)
    same_fields(r, back)
    assert back == r
    assert r.to_dict()["kind"] == {"custom": "simulation"}.get(name, name)


def test_a_histogram_with_trailing_empty_bins_is_the_same_histogram():
    # As C++'s ShotHistogram compares its counts: a file whose histogram runs on with zeros read
    # back unequal to the result it holds, though every figure was the same.
    r = battleship.simulate("parity", 30, seed=1, progress=False)
    padded = r.to_dict()
    padded["histogram"] = padded["histogram"] + [0, 0]
    back = SimulationResult.from_dict(padded)
    assert len(back.histogram) == len(r.histogram) + 2 and back == r
    # A count in another bin is another histogram: the longest games one shot longer.
    longer = np.append(r.histogram[:-1], [0, r.histogram[-1]]).astype(np.uint64)
    assert dataclasses.replace(r, histogram=longer) != r


def test_the_setup_keeps_a_custom_fleet_and_custom_rules(results):
    setup = through_json(results["custom"]).setup
    assert setup.fleet == battleship.Fleet.russian() and setup.rules == battleship.Rules.named("russian")
    assert (setup.rows, setup.cols, setup.seed, setup.placers) == (8, 9, 2, ("spread",))
    assert [c["count"] for c in setup.to_dict()["fleet"]] == [1, 2, 3, 4]
    assert RunSetup.from_dict(setup.to_dict()) == setup
    match_rules = through_json(results["match"]).setup.rules
    assert (match_rules.volley, match_rules.shot_cap) == ("per_ship_afloat", 80)


def test_pieces_read_back_still_combine_into_the_whole_run():
    pieces = [battleship.simulate("parity", 30, seed=9, first_game=k, game_shots=True, progress=False) for k in (0, 30)]
    whole = battleship.simulate("parity", 60, seed=9, game_shots=True, progress=False)
    combined = battleship.combine([through_json(p) for p in pieces])
    assert combined == whole and np.array_equal(combined.game_shots, whole.game_shots)
    # combine still refuses pieces of different runs: the setup came back, not just the counts
    other = battleship.simulate("parity", 30, seed=8, first_game=30, progress=False)
    with pytest.raises(ValueError, match="seed"):
        battleship.combine([through_json(pieces[0]), through_json(other)])


def test_matches_read_back_keep_their_ends_for_match_game(results):
    back = through_json(results["match"])
    lost = int(np.flatnonzero(back.game_results == MatchResult.B_WON)[0])
    game = battleship.match_game("parity", "hunt_target", lost, seed=4, rules=back.setup.rules)
    outcome = game.play_to_end()
    assert outcome.winner == (1 if lost % 2 == 0 else 0)  # hunt_target won it again, in its seat


def test_paired_difference_works_on_results_read_from_a_file(tmp_path):
    a = battleship.simulate("probability", 50, seed=5, game_shots=True, progress=False)
    b = battleship.simulate("parity", 50, seed=5, game_shots=True, progress=False)
    path = tmp_path / "pair.json"
    battleship.save_results([a, b], path)
    loaded = battleship.load_results(path)
    assert battleship.paired_difference(*loaded) == battleship.paired_difference(a, b)


def test_a_tournament_read_back_fits_the_same_ratings(results):
    t = results["tournament"]
    back = through_json(t)
    assert back.table() == t.table()
    assert back.elo_fit("random").summary() == t.elo_fit("random").summary()
    assert [s.name for s in back.standings] == [s.name for s in t.standings]


def test_save_and_load_keep_the_order_and_the_command(tmp_path, results):
    path = tmp_path / "all.json"
    order = ["sprt", "simulation", "tournament", "match"]
    battleship.save_results([results[k] for k in order], path, command=["battleship", "compare"])
    document = json.loads(path.read_text())
    assert document["format"] == "battleship-results" and document["version"] == 1
    assert document["battleship"] == battleship.__version__ and document["command"] == ["battleship", "compare"]
    loaded = battleship.load_results(str(path))
    assert [type(r) for r in loaded] == [SprtResult, SimulationResult, TournamentResult, MatchResult]
    for r, k in zip(loaded, order):
        same_fields(r, results[k])
    battleship.save_results(results["simulation"], path)  # one result alone, no command
    assert "command" not in json.loads(path.read_text())
    assert battleship.load_results(path) == [results["simulation"]]


def test_lists_of_numbers_stay_on_one_line(tmp_path, results):
    path = tmp_path / "one.json"
    battleship.save_results(results["simulation"], path)
    lines = path.read_text().splitlines()
    shots = [line for line in lines if '"game_shots"' in line]
    assert len(shots) == 1 and shots[0].strip().startswith('"game_shots": [') and shots[0].endswith("],")
    assert len(lines) < 60  # the 101-cell histogram and 60 games' shots do not take a line each


class _RefusesToPlace:
    def place(self, ocean, rng):
        return False


def test_the_side_an_abort_blames_is_kept_and_files_written_before_it_still_load():
    aborted = battleship.match("random", "random", 3, placers=("uniform", _RefusesToPlace()), progress=False)
    assert aborted.first_abort_by == "b"
    back = through_json(aborted)
    assert back == aborted and back.first_abort_by == "b"
    older = aborted.to_dict()
    del older["first_abort_by"]  # as a file of an earlier version has it
    assert MatchResult.from_dict(older).first_abort_by is None
    with pytest.raises(ValueError, match=r"^MatchResult.first_abort_by: expected one of 'a', 'b', got 'B'$"):
        MatchResult.from_dict({**aborted.to_dict(), "first_abort_by": "B"})


def test_forfeits_are_kept_checked_against_the_aborts_and_files_written_before_them_still_load():
    forfeited = battleship.match("random", "random", 3, placers=("uniform", _RefusesToPlace()), progress=False)
    assert (forfeited.aborted, forfeited.forfeits_b, forfeited.share_a) == (3, 3, 1.0)
    assert through_json(forfeited).forfeits_b == 3
    older = forfeited.to_dict()
    del older["forfeits_a"], older["forfeits_b"]  # as a file of an earlier version has it
    assert MatchResult.from_dict(older).forfeits_b == 0
    with pytest.raises(ValueError, match=r"forfeits_a and forfeits_b add up to more than the aborted games \(3\)"):
        MatchResult.from_dict({**forfeited.to_dict(), "forfeits_a": 1})


def test_save_refuses_what_is_not_a_result_and_leaves_the_file(tmp_path, results):
    path = tmp_path / "kept.json"
    path.write_text("before")
    with pytest.raises(TypeError, match=r"results\[1\] is a dict"):
        battleship.save_results([results["match"], {"kind": "match"}], path)
    assert path.read_text() == "before"


def test_a_save_that_fails_leaves_the_old_file_whole(tmp_path, results, monkeypatch):
    # A full disk or a file size limit stopped the write halfway and left the file cut off.
    path = tmp_path / "kept.json"
    battleship.save_results(results["simulation"], path)
    before = path.read_bytes()
    real_fdopen = os.fdopen

    def cut_short(fd, *args, **kwargs):
        stream = real_fdopen(fd, *args, **kwargs)

        def write(text):
            stream.buffer.write(text[:100].encode())
            raise OSError(28, "No space left on device")

        stream.write = write
        return stream

    monkeypatch.setattr(os, "fdopen", cut_short)
    with pytest.raises(OSError, match="No space left") as raised:
        battleship.save_results(results["match"], path)
    assert raised.value.errno == 28 and raised.value.filename == str(path)  # the file it was writing
    monkeypatch.undo()
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["kept.json"]  # no half-written file left
    assert battleship.load_results(path)[0] == results["simulation"]


def test_a_save_keeps_the_file_s_mode_and_link_and_a_new_file_gets_the_usual_mode(tmp_path, results):
    path = tmp_path / "shared.json"
    battleship.save_results(results["simulation"], path)
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask  # not the private 0600 of a temporary file
    path.chmod(0o640)
    link = tmp_path / "latest.json"
    link.symlink_to(path)
    battleship.save_results(results["match"], link)
    assert link.is_symlink() and stat.S_IMODE(path.stat().st_mode) == 0o640
    assert battleship.load_results(path)[0] == results["match"]
    battleship.save_results(results["match"], os.devnull)  # not a regular file: written as it is
    assert os.path.exists(os.devnull) and not stat.S_ISREG(os.stat(os.devnull).st_mode)


def test_a_save_leaves_the_process_s_umask_alone_and_the_kernel_applies_it(tmp_path, results, monkeypatch):
    # The umask was read by setting it and back: a file another thread made meanwhile got 0644
    # where the process asked for 0600 (umask 077).
    changed = []
    real_umask = os.umask
    monkeypatch.setattr(os, "umask", lambda mask: changed.append(mask) or real_umask(mask))
    before = real_umask(0o077)
    try:
        battleship.save_results(results["simulation"], tmp_path / "private.json")
        existing = tmp_path / "group.json"
        existing.write_text("")
        existing.chmod(0o664)
        battleship.save_results(results["simulation"], existing)
    finally:
        real_umask(before)
    assert changed == []
    assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o600
    assert stat.S_IMODE(existing.stat().st_mode) == 0o664  # an old file's mode, whatever the mask
    assert sorted(os.listdir(tmp_path)) == ["group.json", "private.json"]


def test_a_key_given_twice_in_a_results_file_is_refused(tmp_path, results):
    # json keeps the last of two values without a word: a hand-merged file would lose one.
    path = tmp_path / "twice.json"
    battleship.save_results(results["simulation"], path)
    text = path.read_text()
    path.write_text(text.replace('"games": ', '"games": 1, "games": ', 1))
    with pytest.raises(ValueError, match=r"^.*twice\.json: the key 'games' is given twice in one object$"):
        battleship.load_results(path)


@pytest.mark.parametrize(
    "name, change, message",
    [
        ("simulation", lambda d: d.update(mean=-1), r"\.mean: -1\.0 disagrees with the histogram's counts, which give \d+\.\d+$"),
        ("simulation", lambda d: d.update(stddev=0.0), r"\.stddev: 0\.0 disagrees with the histogram's counts"),
        ("simulation", lambda d: d.update(median=2**64 - 1), r"\.median: 18446744073709551615 disagrees with the histogram's"),
        ("simulation", lambda d: d.update(p95=d["max"] + 1), r"\.p95: \d+ disagrees with the histogram's counts"),
        ("simulation", lambda d: d.update(min=0), r"\.min: 0 disagrees with the histogram's counts"),
        ("match", lambda d: d.update(mean_rounds=1.5), r"\.mean_rounds: 1\.5 disagrees with total_rounds, total_winner"),
        ("match", lambda d: d.update(mean_winner_shots=0.0), r"\.mean_winner_shots: 0\.0 disagrees with total_rounds"),
        ("match", lambda d: d.update(first_abort="player 0 could not place its fleet"),
         r"first_abort, first_abort_game and first_abort_by name an aborted game, and aborted is 0"),
        ("match", lambda d: d.update(first_abort_game=1), r"first_abort_game and first_abort_by name an aborted game"),
        ("match", lambda d: d.update(first_abort_by="b"), r"first_abort_game and first_abort_by name an aborted game"),
        ("tournament", lambda d: d["standings"][0].update(score=-1),
         r"\.standings\[0\]\.score: -1\.0 disagrees with its wins, losses and draws, which give \d"),
        ("sprt", lambda d: d.update(alpha=-1), r"SprtResult: the error rates must be above 0"),
        ("sprt", lambda d: d.update(elo0=200.0), r"SprtResult: elo1 \(100(\.0)?\) must be more than elo0 \(200"),
        ("sprt", lambda d: d.update(llr=0.5), r"SprtResult\.llr: 0\.5 disagrees with the hypotheses, the error rates and"),
        ("sprt", lambda d: d.update(lower=-1e9), r"SprtResult\.lower: -1000000000\.0 disagrees with the hypotheses"),
        ("sprt", lambda d: d.update(decision="undecided"), r"SprtResult\.decision: 'undecided' disagrees with the hyp"),
    ],
)
def test_a_figure_that_contradicts_the_counts_it_comes_from_is_refused(results, name, change, message):
    # A file is hand-editable: the figures a result derives (a mean, a median, a score, the test's
    # ratio) must be the ones its counts give, or the file says two things.
    d = copy.deepcopy(results[name].to_dict())
    change(d)
    with pytest.raises(ValueError, match=message):
        type(results[name]).from_dict(d)


def test_a_time_below_zero_and_a_blank_name_are_refused(results):
    # A hand edit could leave them, and nothing downstream would make sense of them.
    sim = results["simulation"].to_dict()
    with pytest.raises(ValueError, match=r"^SimulationResult.seconds: expected 0 or more, got a number, -1.0$"):
        SimulationResult.from_dict({**sim, "seconds": -1.0})
    with pytest.raises(ValueError, match=r"^SimulationResult.shooter: expected a name, got a string, ''$"):
        SimulationResult.from_dict({**sim, "shooter": ""})
    t = results["tournament"].to_dict()
    with pytest.raises(ValueError, match=r"^TournamentResult.names\[1\]: expected a name, got a string, ' '$"):
        TournamentResult.from_dict({**t, "names": [t["names"][0], " ", *t["names"][2:]]})
    with pytest.raises(ValueError, match=r"^TournamentResult.seconds: expected 0 or more"):
        TournamentResult.from_dict({**t, "seconds": -3})
    assert SimulationResult.from_dict({**sim, "seconds": 0}) == results["simulation"]  # no time is a time


def broken(results, change):
    """The sprt result's dict, changed by ``change``."""
    d = copy.deepcopy(results["sprt"].to_dict())
    change(d)
    return d


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["match"].pop("wins_a"), "SprtResult.match: missing key 'wins_a'"),
        (lambda d: d["match"].update(wins_a="3"), r"SprtResult.match.wins_a: expected a whole number, got a string"),
        (lambda d: d["match"].update(wins_a=True), r"SprtResult.match.wins_a: expected a whole number, got true"),
        (lambda d: d["match"].update(draws=-1), r"SprtResult.match.draws: expected at least 0, got -1"),
        (lambda d: d["match"].update(wins_a=d["match"]["wins_a"] + 1), "add up to 13, not games \\(12\\)"),
        (lambda d: d["match"].update(first_mover_wins=13), "first_mover_wins: 13 is more than the games won"),
        (lambda d: d["match"].update(seconds=-0.5), r"SprtResult.match.seconds: expected 0 or more, got a number, -0.5$"),
        (lambda d: d["match"].update(a=""), r"SprtResult.match.a: expected a name, got a string, ''$"),
        (lambda d: d["match"].update(b="  "), r"SprtResult.match.b: expected a name, got a string, '  '$"),
        (lambda d: d.update(llr=10**400), r"SprtResult.llr: expected a number a float can hold, got a number$"),
        (lambda d: d.update(llr=float("nan")), r"SprtResult.llr: expected a finite number, got a number, nan$"),
        (lambda d: d.update(llr="1.5"), r"SprtResult.llr: expected a number, got a string, '1.5'$"),
        (lambda d: d.update(decision="yes"), r"SprtResult.decision: expected one of 'accept_h0'"),
        (lambda d: d.update(played=11), r"SprtResult.played: 11 is fewer than the matches counted \(12\)"),
        (lambda d: d.update(verdict="h1"), r"SprtResult: unknown key 'verdict' \(the keys are alpha"),
        (lambda d: d.update(kind="match"), r"SprtResult: expected \"kind\": \"sprt\", got a string, 'match'"),
        (lambda d: d["match"]["setup"]["rules"].update(touching="sometimes"),
         r"SprtResult.match.setup.rules: unknown touching rule 'sometimes'"),
        (lambda d: d["match"]["setup"]["rules"].pop("shot_cap"), r"setup.rules: missing key 'shot_cap'"),
        (lambda d: d["match"]["setup"]["rules"].update(shot_cap=2**40), r"setup.rules.shot_cap: expected at most 2,"),
        (lambda d: d["match"]["setup"]["fleet"][0].update(count=2**40), r"setup.fleet\[0\].count: expected at most"),
        (lambda d: d["match"]["setup"].update(seed=2**64), r"setup.seed: expected at most 18,446,744,073,709,551,615"),
        (lambda d: d["match"]["setup"]["fleet"][2].update(length=0), r"setup.fleet\[2\].length: expected at least 1"),
        (lambda d: d["match"]["setup"]["fleet"][2].update(symbol="CC"), r"setup.fleet: ship class 2: the symbol"),
        (lambda d: d["match"]["setup"].update(placers="uniform"), r"setup.placers: expected a list, got a string"),
        (lambda d: d["match"]["setup"].update(placers=[]), r"setup.placers: a run has one placer \(simulate\) or two"),
        (lambda d: d["match"]["setup"].update(placers=["a", "b", "c"]), r"setup.placers: .* got 3$"),
        (lambda d: d["match"]["setup"]["fleet"][0].update(length=11),
         r"SprtResult.match.setup: 'Carrier' \(length 11\) does not fit on a 10 x 10 board"),
        (lambda d: d["match"]["setup"].update(rows=1), r"setup: the fleet covers 17 cells but the board has only 10"),
        (lambda d: d.update(match=[]), r"SprtResult.match: expected an object, got a list"),
    ],
)
def test_a_malformed_dict_is_refused_with_the_place_of_the_problem(results, change, message):
    with pytest.raises(ValueError, match=message):
        SprtResult.from_dict(broken(results, change))


def test_arrays_that_disagree_with_the_counts_are_refused(results):
    sim = results["simulation"].to_dict()
    with pytest.raises(ValueError, match=r"SimulationResult.histogram: counts 61 games, not finished \(60\)"):
        SimulationResult.from_dict({**sim, "histogram": [*sim["histogram"][:-1], sim["histogram"][-1] + 1]})
    with pytest.raises(ValueError, match=r"SimulationResult.game_shots: has 59 games, not games \(60\)"):
        SimulationResult.from_dict({**sim, "game_shots": sim["game_shots"][1:]})
    with pytest.raises(ValueError, match=r"SimulationResult.game_shots\[0\]: expected at least -1, got -2"):
        SimulationResult.from_dict({**sim, "game_shots": [-2, *sim["game_shots"][1:]]})
    with pytest.raises(ValueError, match="finished, unfinished and unplaceable add up to 60, not games \\(61\\)"):
        SimulationResult.from_dict({**sim, "games": 61})
    m = results["match"].to_dict()
    ends = m["game_results"]
    swapped = [MatchResult.B_WON if e == MatchResult.A_WON else MatchResult.A_WON if e == MatchResult.B_WON else e
               for e in ends]
    assert swapped != ends
    with pytest.raises(ValueError, match="game_results: its ends disagree with wins_a, wins_b, draws and aborted"):
        MatchResult.from_dict({**m, "game_results": swapped})
    with pytest.raises(ValueError, match=r"MatchResult.game_results\[0\]: expected at most 3, got 4"):
        MatchResult.from_dict({**m, "game_results": [4, *ends[1:]]})
    # A list is checked at NumPy's speed when every item is an int, else item by item: what NumPy
    # would take (true as 1, 2.0 as 2, a count past 64 bits) is still refused where it is.
    shots = sim["game_shots"]
    for bad, message in ((True, "expected a whole number, got true"), (2.0, "expected a whole number, got a number, 2.0"),
                         (2**64, "expected at most 2,147,483,647"), (2**31, "expected at most 2,147,483,647")):
        with pytest.raises(ValueError, match=rf"SimulationResult.game_shots\[7\]: {message}"):
            SimulationResult.from_dict({**sim, "game_shots": [*shots[:7], bad, *shots[8:]]})
    histogram = sim["histogram"]
    with pytest.raises(ValueError, match=r"SimulationResult.histogram\[3\]: expected at least 0, got -1"):
        SimulationResult.from_dict({**sim, "histogram": [*histogram[:3], -1, *histogram[4:]]})
    big = [*histogram[:3], 2**63, *histogram[4:]]  # a uint64 count past int64: read, then its sum refused
    with pytest.raises(ValueError, match=r"SimulationResult.histogram: counts .* games, not finished \(60\)"):
        SimulationResult.from_dict({**sim, "histogram": big})


def test_counts_that_no_run_could_give_are_refused(results, python_env):
    sim = results["simulation"].to_dict()
    moved = [s + 1 if s >= 0 else s for s in sim["game_shots"]]  # one more shot each: another histogram
    with pytest.raises(ValueError, match=r"^SimulationResult.game_shots: its finished games' shots disagree with"):
        SimulationResult.from_dict({**sim, "game_shots": moved})
    with pytest.raises(ValueError, match=r"^SimulationResult.game_shots: its finished games' shots disagree with"):
        SimulationResult.from_dict({**sim, "game_shots": [-1] * len(moved)})  # none finished, yet 60 did
    # A shot count far past the histogram's end is refused before anything is sized by it: under
    # a 2 GiB address space (a small machine), not a MemoryError of 16 GiB.
    huge = [*sim["game_shots"][:-1], 2**31 - 1]
    script = (
        "import json, resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
        "from battleship import SimulationResult\n"
        "try: SimulationResult.from_dict(json.loads(sys.stdin.read()))\n"
        "except ValueError as error: print(error)"
    )
    if sys.platform.startswith("linux"):
        done = subprocess.run([sys.executable, "-c", script], input=json.dumps({**sim, "game_shots": huge}),
                              capture_output=True, text=True, env=python_env, timeout=120)
        assert done.stdout.startswith("SimulationResult.game_shots: its finished games' shots disagree"), done.stderr
    with pytest.raises(ValueError, match=r"^SimulationResult.first_game: games 18,446,744,073,709,551,600 onwards run "
                                         r"past the last game index"):
        SimulationResult.from_dict({**sim, "first_game": 2**64 - 16})
    assert SimulationResult.from_dict({**sim, "first_game": 2**64 - 60}).first_game == 2**64 - 60  # the last games
    m = results["match"].to_dict()
    with pytest.raises(ValueError, match=r"^MatchResult.first_game: games 18,446,744,073,709,551,615 onwards"):
        MatchResult.from_dict({**m, "first_game": 2**64 - 1})
    phased = battleship.simulate("parity", 20, seed=1, phases=True, progress=False).to_dict()
    for started in (21, 19):  # every game of the 20 was placed, so started: no more, no fewer
        with pytest.raises(ValueError, match=rf"^SimulationResult.phases.games: {started} games started, not from 20 "
                                             r"\(the games played\) to 20 \(the run's games\)$"):
            SimulationResult.from_dict({**phased, "phases": {**phased["phases"], "games": started}})
    unplaced = battleship.simulate("parity", 3, placer="mediocre", rows=5, cols=5, phases=True, progress=False)
    assert unplaced.unplaceable == 3 and unplaced.phases is not None and unplaced.phases.games == 0
    assert SimulationResult.from_dict(unplaced.to_dict()) == unplaced  # games lost to the placer start nothing
    with pytest.raises(ValueError, match=r"^SimulationResult.phases: 4 misses in no game started$"):
        SimulationResult.from_dict({**unplaced.to_dict(), "phases": {**unplaced.to_dict()["phases"], "targeting": 4}})
    with pytest.raises(ValueError, match=r"^SimulationResult.phases.hunting: 4 counts by ships afloat, not one for "
                                         r"each of the fleet's 5 ships"):
        SimulationResult.from_dict({**phased, "phases": {**phased["phases"], "hunting": [0, 1, 2, 3, 4]}})
    with pytest.raises(ValueError, match=r"^SimulationResult.phases.hunting: expected a list that starts with 0"):
        SimulationResult.from_dict({**phased, "phases": {**phased["phases"], "hunting": [0]}})
    duel = battleship.match("parity", "random", 10, phases=True, progress=False).to_dict()
    with pytest.raises(ValueError, match=r"^MatchResult.phases_b.games: 11 games started"):
        MatchResult.from_dict({**duel, "phases_b": {**duel["phases_b"], "games": 11}})
    with pytest.raises(ValueError, match=r"^MatchResult.phases_a.games: 0 games started, not from 10 \(the games"):
        MatchResult.from_dict({**duel, "phases_a": {**duel["phases_a"], "games": 0}})
    small = {"games": 10, "hunting": [0, 3, 4], "targeting": 2, "unknown": 0}
    with pytest.raises(ValueError, match=r"^MatchResult: phases_a and phases_b count misses of fleets of different"):
        MatchResult.from_dict({**duel, "setup": None, "phases_a": small})  # no setup to name the fleet
    t = battleship.tournament(["parity", "random", "hunt_target"], 10, phases=True, progress=False).to_dict()
    t["matches"][1] = {**t["matches"][1], "setup": None, "phases_a": small, "phases_b": small}
    with pytest.raises(ValueError, match=r"^TournamentResult.matches: misses by phase of fleets of 2 and 5 ships$"):
        TournamentResult.from_dict(t)
    t = results["tournament"].to_dict()
    with pytest.raises(ValueError, match=r"^TournamentResult.matches\[0\]: 20 matches of 'random' against 'parity', "
                                         r"not games \(21\)$"):
        TournamentResult.from_dict({**t, "games": 21})
    assert TournamentResult.from_dict({**t, "games": 21, "cancelled": True}).games == 21  # stopped part of the way
    with pytest.raises(ValueError, match=r"not games \(19\) or fewer$"):
        TournamentResult.from_dict({**t, "games": 19, "cancelled": True})
    first, second = t["standings"][:2]
    swapped = {**t, "standings": [second, first, *t["standings"][2:]]}
    with pytest.raises(ValueError, match=r"^TournamentResult.standings: they disagree with the matches \(the standings "
                                         rf"counted from them: {first['name']} {first['wins']}-"):
        TournamentResult.from_dict(swapped)


def test_counts_past_what_the_engine_keeps_are_refused_even_where_they_would_wrap(results):
    sim = results["simulation"].to_dict()
    wrapping = [0] * len(sim["histogram"])
    wrapping[-2:] = [2**64 - 1, sim["finished"] + 1]  # adds up to finished in 64 bits
    with pytest.raises(ValueError, match=r"^SimulationResult.histogram: counts 18,446,744,073,709,551,676 games"):
        SimulationResult.from_dict({**sim, "histogram": wrapping, "game_shots": None})
    m = results["match"].to_dict()
    huge = {**m, "games": 2**64 + 6, "wins_a": 2**64 + 6 - m["wins_b"] - m["draws"] - m["aborted"],
            "game_results": None}
    with pytest.raises(ValueError, match=r"^MatchResult.games: expected at most 18,446,744,073,709,551,615"):
        MatchResult.from_dict(huge)


def test_save_refuses_what_is_neither_a_result_nor_a_list_of_them(tmp_path):
    with pytest.raises(TypeError, match=r"^save_results writes a result or a list of them .*got a int$"):
        battleship.save_results(5, tmp_path / "r.json")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got a str$"):
        battleship.save_results("results", tmp_path / "r.json")  # type: ignore[arg-type]
    assert not (tmp_path / "r.json").exists()


def test_a_tournament_with_a_pair_that_did_not_enter_is_refused(results):
    t = results["tournament"].to_dict()
    with pytest.raises(ValueError, match=r"TournamentResult.matches\[1\]: 'random' against 'expert' is not"):
        TournamentResult.from_dict({**t, "matches": [t["matches"][0], t["matches"][1] | {"b": "expert"}]})
    with pytest.raises(ValueError, match=r"TournamentResult.matches\[1\]: 'random' against 'parity' is not"):
        TournamentResult.from_dict({**t, "matches": [t["matches"][0], t["matches"][0]]})  # played twice
    reversed_pair = t["matches"][0] | {"a": t["matches"][0]["b"], "b": t["matches"][0]["a"]}
    with pytest.raises(ValueError, match=r"matches\[0\]: 'parity' against 'random' is not a pair of entrants"):
        TournamentResult.from_dict({**t, "matches": [reversed_pair]})
    with pytest.raises(ValueError, match="TournamentResult.standings: expected one standing for each of random"):
        TournamentResult.from_dict({**t, "standings": t["standings"][:2]})
    with pytest.raises(ValueError, match="TournamentResult.names: expected two or more different names"):
        TournamentResult.from_dict({**t, "names": ["random", "random", "parity"]})


def test_a_file_that_is_not_results_is_refused_naming_the_file(tmp_path, results):
    path = tmp_path / "r.json"
    battleship.save_results(results["simulation"], path)
    text = path.read_text()
    path.write_text(text[:200])
    with pytest.raises(ValueError, match=r"r\.json: line \d+ column \d+: "):
        battleship.load_results(path)
    path.write_text('{"results": []}')
    with pytest.raises(ValueError, match=r"r\.json: not a battleship results file"):
        battleship.load_results(path)
    path.write_bytes(b'{"format": "battleship-results",\n "battleship": "caf\xe9"}')
    with pytest.raises(ValueError, match=r"r\.json: line 2: not UTF-8 text \(byte 0xe9\)$"):
        battleship.load_results(path)
    path.write_text("[" * 100_000)
    with pytest.raises(ValueError, match=r"r\.json: nested too deeply to be a battleship results file$"):
        battleship.load_results(path)
    if sys.version_info >= (3, 11):  # older Pythons read integers of any length
        path.write_text(re.sub(r'"seconds": [^,]+', '"seconds": ' + "9" * 5000, text, count=1))
        with pytest.raises(ValueError, match=r"r\.json: holds an integer too long to read; a results file has none$"):
            battleship.load_results(path)
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())  # a byte order mark, as some editors write
    assert battleship.load_results(path) == [results["simulation"]]
    document = json.loads(text)
    for change, message in [
        (lambda d: d.update(version=2), r"r\.json: format version 2, written by battleship .*reads version 1"),
        (lambda d: d["results"][0].update(kind="sim"), r"r\.json: results\[0\]: expected \"kind\" to be one of"),
        (lambda d: d["results"][0].update(kind=[]), r"r\.json: results\[0\]: expected \"kind\" to be one of .*got \[\]"),
        (lambda d: d["results"][0].update(mean="high"), r"r\.json: results\[0\]\.mean: expected a number"),
        (lambda d: d.pop("battleship"), r"r\.json: missing key 'battleship'"),
        (lambda d: d.update(battleship=3), r"r\.json: battleship: expected a string, got a number, 3$"),  # not r.json.battleship
        (lambda d: d.update(command="x"), r"r\.json: command: expected a list"),
    ]:
        d = copy.deepcopy(document)
        change(d)
        path.write_text(json.dumps(d))
        with pytest.raises(ValueError, match=message):
            battleship.load_results(path)


@pytest.mark.parametrize(
    "args, kind",
    [
        (["compare", "--games", "30", "--shooters", "random,parity"], "simulation"),
        (["simulate", "parity", "--games", "30", "--longest"], "simulation"),
        (["match", "parity", "random", "--games", "20", "--first-loss"], "match"),
        (["match", "probability", "random", "--sprt", "0", "100", "--batch", "20"], "sprt"),
        (["tournament", "random", "parity", "hunt_target", "--games", "10"], "tournament"),
    ],
)
def test_each_command_writes_its_results_with_json(tmp_path, capsys, args, kind):
    path = tmp_path / "out.json"
    command = [*args, "--seed", "3", "--no-progress", "--json", str(path)]
    assert main(command) == 0
    assert capsys.readouterr().out.endswith(f"wrote {path}\n")
    document = json.loads(path.read_text())
    assert document["command"] == ["battleship", *command]
    loaded = battleship.load_results(path)
    assert {r.to_dict()["kind"] for r in loaded} == {kind}
    if args[0] == "compare":
        expected = [battleship.simulate(s, 30, seed=3, progress=False) for s in ("random", "parity")]
        assert loaded == expected and [r.setup for r in loaded] == [r.setup for r in expected]
    if args[0] == "tournament":
        assert loaded[0].table() == battleship.tournament(["random", "parity", "hunt_target"], 10, seed=3,
                                                          progress=False).table()
    if args[0] == "match" and kind == "match":
        assert loaded[0].game_results is not None and len(loaded[0].game_results) == 20


@pytest.mark.parametrize(
    "where, message, code",
    [  # exit code 1 for a file that cannot be written, 2 for no file name at all
        ("missing/out.json", "--json {}: directory .* does not exist", 1),
        ("", "--json needs a file name, such as results.json", 2),
        (".", "--json .: is a directory, not a file name", 1),
        ("out.json/", "--json out.json/: names a directory \\(it ends in /\\), not a file", 1),  # not there yet
        ("made.txt/out.json", "--json made.txt/out.json: .*made.txt is a file, not a directory", 1),
        ("made.txt/sub/out.json", "--json made.txt/sub/out.json: .*made.txt is a file, not a directory", 1),
    ],
)
def test_a_json_file_that_cannot_be_written_is_refused_before_the_run(tmp_path, capsys, monkeypatch, where, message, code):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "made.txt").write_text("a file, where a directory was meant")  # said "directory made.txt does not exist"
    for args in (["simulate", "parity"], ["match", "parity", "random"], ["tournament", "parity", "random"],
                 ["compare", "--shooters", "parity"]):
        assert main([*args, "--games", "10", "--no-progress", "--json", where]) == code
        out, err = capsys.readouterr()
        assert out == "" and re.search(message.format(where), err), err


def test_save_refuses_a_number_json_cannot_carry_naming_it_and_leaves_the_file(tmp_path, results):
    path = tmp_path / "kept.json"
    path.write_text("before")
    hollow = dataclasses.replace(results["simulation"], mean=float("nan"))
    with pytest.raises(ValueError, match=r"^results\[1\]\.mean: holds a number JSON cannot carry"):
        battleship.save_results([results["match"], hollow], path)
    endless = dataclasses.replace(results["sprt"], llr=float("inf"))
    with pytest.raises(ValueError, match=r"^results\[0\]\.llr: holds a number JSON cannot carry"):
        battleship.save_results(endless, path)
    assert path.read_text() == "before"


def test_pieces_played_with_first_game_combine_into_the_whole_run(tmp_path, capsys):
    for k in range(3):
        assert main(["compare", "--shooters", "parity,hunt_target", "--games", "40", "--first-game", str(40 * k),
                     "--seed", "6", "--no-progress", "--json", str(tmp_path / f"piece{k}.json")]) == 0
        header = f"seed 6{f', games {40 * k:,} to {40 * k + 39:,}' if k else ''}, placer uniform"
        assert header in capsys.readouterr().out
    pieces = [str(tmp_path / f"piece{k}.json") for k in (2, 0, 1)]  # in any order
    assert main(["combine", *pieces, "--json", str(tmp_path / "whole.json")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 pieces from 3 files, combined into 2 results\n")
    whole = [battleship.simulate(s, 120, seed=6, progress=False) for s in ("parity", "hunt_target")]
    assert "120 games per shooter, 10 x 10, fleet classic, classic rules, seed 6, placer uniform" in out
    for r in whole:
        assert re.search(rf"^{r.shooter} +{r.mean:.2f} +{r.ci95:.2f} +{r.median} +{r.p95} +{r.max} ", out, re.M), out
    loaded = battleship.load_results(tmp_path / "whole.json")
    assert loaded == whole and [r.setup for r in loaded] == [r.setup for r in whole]


def test_tournament_pieces_combine_into_the_whole_round_robin(tmp_path, capsys):
    players = ["random", "parity", "hunt_target/spread"]
    for first in (0, 25):
        assert main(["tournament", *players, "--games", "25", "--first-game", str(first), "--seed", "3",
                     "--no-progress", "--json", str(tmp_path / f"t{first}.json")]) == 0
    assert "seed 3, games 25 to 49\n" in capsys.readouterr().out
    assert main(["combine", str(tmp_path / "t25.json"), str(tmp_path / "t0.json"), "--json",
                 str(tmp_path / "whole.json")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 pieces from 2 files, combined into 1 result\n")
    whole = battleship.tournament([("random", "uniform"), ("parity", "uniform"), ("hunt_target", "spread")], 50,
                                  seed=3, progress=False)
    assert "round robin of 3: 50 games a pair, 10 x 10, fleet classic, classic rules, seed 3\n" in out
    assert whole.table() in out and whole.elo_fit().summary() in out and "3 pairs, 150 games in " in out
    (loaded,) = battleship.load_results(tmp_path / "whole.json")
    assert loaded.standings == whole.standings and loaded.games == 50


def test_a_piece_says_which_games_it_played(capsys):
    assert main(["simulate", "parity", "--games", "1000", "--first-game", "1000", "--no-progress"]) == 0
    assert "seed 0, games 1,000 to 1,999, placer uniform" in capsys.readouterr().out


def test_match_pieces_combine_and_show_their_own_games(tmp_path, capsys):
    for first in (0, 30):
        assert main(["match", "parity", "hunt_target", "--games", "30", "--first-game", str(first), "--seed", "2",
                     "--first-loss", "--no-progress", "--json", str(tmp_path / f"m{first}.json")]) == 0
    out = capsys.readouterr().out
    whole = battleship.match("parity", "hunt_target", 60, seed=2, game_results=True, progress=False)
    later_losses = [i for i in range(30, 60) if whole.game_results[i] == MatchResult.B_WON]
    assert f"parity's first loss, match {later_losses[0]:,} " in out  # an index of the whole run
    assert main(["combine", str(tmp_path / "m0.json"), str(tmp_path / "m30.json")]) == 0
    out = capsys.readouterr().out
    assert f"  parity               wins {whole.wins_a:>8,}  ({100 * whole.share_a:.1f}%" in out
    assert "parity vs hunt_target: 60 games, 10 x 10, fleet classic" in out


def test_the_longest_game_of_a_piece_is_numbered_in_the_whole_run(capsys):
    assert main(["simulate", "parity", "--games", "50", "--first-game", "100", "--seed", "4", "--longest",
                 "--no-progress"]) == 0
    whole = battleship.simulate("parity", 150, seed=4, game_shots=True, progress=False)
    longest = 100 + int(whole.game_shots[100:].argmax())
    assert f"the longest game, game {longest:,}: {whole.game_shots[longest]} shots" in capsys.readouterr().out


@pytest.mark.parametrize(
    "files, message",
    [
        (["a", "a"], "parity, 2 pieces: combine: pieces overlap: games 0 to 9 and games 0 to 9"),
        (["a", "seed"], "parity, 2 pieces: combine: pieces of different runs (seed 0 and 1)"),
        (["a", "sprt"], "sprt.json: results[0] is a sprt; combine adds up pieces of compare, simulate, match and "
                        "tournament runs"),
        (["tournament", "tournament"], "round robin of random, parity, hunt_target/spread, 2 pieces: random vs "
                                       "parity: combine: pieces overlap: games 0 to 19 and games 0 to 19"),
        (["empty"], "no results in "),
        (["a", "broken"], "broken.json: line 1 column 1: Expecting value"),
    ],
)
def test_combine_refuses_what_is_not_pieces_of_one_run(tmp_path, capsys, results, files, message):
    battleship.save_results(battleship.simulate("parity", 10, progress=False), tmp_path / "a.json")
    battleship.save_results(battleship.simulate("parity", 10, seed=1, first_game=10, progress=False),
                            tmp_path / "seed.json")
    battleship.save_results(results["tournament"], tmp_path / "tournament.json")
    battleship.save_results(results["sprt"], tmp_path / "sprt.json")
    battleship.save_results([], tmp_path / "empty.json")
    (tmp_path / "broken.json").write_text("")
    assert main(["combine", *(str(tmp_path / f"{f}.json") for f in files), "--json", str(tmp_path / "out.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and not (tmp_path / "out.json").exists()


@pytest.mark.parametrize(
    "runs, message",
    [
        ((["match", "parity", "random"], ["match", "random", "parity"]),
         "results[0] is a piece of a match of random, parity, and an earlier piece has them as parity, random"),
        ((["tournament", "random", "parity", "hunt_target"], ["tournament", "parity", "random", "hunt_target"]),
         "results[0] is a piece of a tournament of parity, random, hunt_target, and an earlier piece has them as "
         "random, parity, hunt_target"),
    ],
)
def test_combine_refuses_pieces_with_the_players_in_another_order(tmp_path, capsys, runs, message):
    # Shares and tables are by position: these are pieces of two runs, most likely meant as one.
    for k, run in enumerate(runs):
        assert main([*run, "--games", "10", "--first-game", str(10 * k), "--no-progress", "--json",
                     str(tmp_path / f"{k}.json")]) == 0
    capsys.readouterr()
    assert main(["combine", str(tmp_path / "0.json"), str(tmp_path / "1.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"1.json: {message}: play every piece with the players in one order" in err
    # Pieces of different players still go to their own results.
    assert main(["match", "parity", "hunt_target", "--games", "10", "--no-progress", "--json",
                 str(tmp_path / "other.json")]) == 0
    assert main(["combine", str(tmp_path / "0.json"), str(tmp_path / "other.json")]) == 0
    assert "2 pieces from 2 files, combined into 2 results" in capsys.readouterr().out


def test_combine_will_not_write_the_sum_over_one_of_its_pieces(tmp_path, capsys):
    for first in (0, 10):
        battleship.save_results(battleship.simulate("parity", 10, first_game=first, progress=False),
                                tmp_path / f"p{first}.json")
    before = (tmp_path / "p0.json").read_bytes()
    assert main(["combine", str(tmp_path / "p0.json"), str(tmp_path / "p10.json"), "--json",
                 str(tmp_path / "." / "p0.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "is one of the files to combine; write the sum to another file" in err
    assert (tmp_path / "p0.json").read_bytes() == before
    assert main(["combine", str(tmp_path / "p0.json"), str(tmp_path / "p10.json"), "--json",
                 str(tmp_path / "sum.json")]) == 0
    assert battleship.load_results(tmp_path / "sum.json")[0].games == 20


def test_a_piece_past_the_last_game_index_is_refused_before_anything_is_printed(capsys):
    assert main(["simulate", "parity", "--games", "10", "--first-game", str(2**64 - 9)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"--first-game + --games must be <= 2**64, got {2**64 - 9} + 10" in err
    assert main(["simulate", "parity", "--games", "10", "--first-game", str(2**64 - 10), "--no-progress"]) == 0
    assert "games 18,446,744,073,709,551,606 to 18,446,744,073,709,551,615" in capsys.readouterr().out


def test_first_game_is_refused_with_a_sequential_test(capsys):
    assert main(["match", "parity", "random", "--sprt", "0", "50", "--first-game", "2"]) == 2
    assert "--first-game plays a piece of a run of --games matches: not with --sprt" in capsys.readouterr().err


def test_compare_pieces_with_fewer_slow_games_leave_gaps_that_combine_names(tmp_path, capsys):
    # As the README warns: the slow shooter plays the first 2 games of each 6-game piece.
    for first in (0, 6):
        assert main(["compare", "--shooters", "parity,bayes", "--games", "6", "--slow-games", "2", "--first-game",
                     str(first), "--no-progress", "--json", str(tmp_path / f"g{first}.json")]) == 0
    capsys.readouterr()
    assert main(["combine", str(tmp_path / "g0.json"), str(tmp_path / "g6.json")]) == 2
    assert "bayes, 2 pieces: combine: pieces leave a gap: games 2 to 5 are in none of them (games 0 to 1 are " \
           "followed by games 6 to 7)" in capsys.readouterr().err


ODD_VALUES = [None, True, -1, 2**70, -(2**70), 10**400, 1.5, float("nan"), "x", [], [1, -1], {}, {"kind": "match"}]
"""Values a hand-edited or corrupted file may hold where anything else was."""


def places(value, path=()):
    """Every place in a JSON value, nested ones too, but only the first two items of a list (a
    histogram's 101 counts are read by one reader)."""
    if path:
        yield path
    items = value.items() if isinstance(value, dict) else list(enumerate(value))[:2] if isinstance(value, list) else ()
    for key, item in items:
        yield from places(item, (*path, key))


@pytest.mark.parametrize("kind", ["simulation", "match", "tournament", "sprt"])
def test_any_odd_value_anywhere_gives_the_result_or_a_value_error_naming_its_place(results, kind):
    original = results[kind]
    tried = 0
    for path in places(original.to_dict()):
        for odd in ODD_VALUES:
            d = copy.deepcopy(original.to_dict())
            holder = d
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = odd
            try:
                back = type(original).from_dict(d)
            except ValueError as error:  # nothing else: no TypeError, KeyError or OverflowError
                assert str(error).startswith(type(original).__name__), error  # named from the top
            else:
                assert type(back) is type(original)
            tried += 1
    assert tried > 300


def test_from_dict_names_what_is_not_a_json_value_and_takes_numpy_counts(results):
    phased = battleship.simulate("parity", 20, seed=1, phases=True, progress=False)
    d = phased.to_dict()
    hunting = tuple(d["phases"]["hunting"])
    with pytest.raises(ValueError, match=r"^SimulationResult.phases.hunting: expected a list, got a tuple, not a JSON "
                                         r"value, \(0, "):
        SimulationResult.from_dict({**d, "phases": {**d["phases"], "hunting": hunting}})
    counts = {**d["phases"], "games": np.int64(20), "targeting": np.uint64(d["phases"]["targeting"])}
    assert SimulationResult.from_dict({**d, "phases": counts}) == phased  # NumPy's ints are counts too
    with pytest.raises(ValueError, match=r"^SimulationResult.games: expected a whole number, got a float64, not a "
                                         r"JSON value, " + re.escape(repr(np.float64(20.0))) + "$"):  # NumPy 1: 20.0
        SimulationResult.from_dict({**d, "games": np.float64(20.0)})


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs /dev/zero and RLIMIT_AS")
def test_a_device_is_refused_rather_than_read_for_ever(python_env):
    # Endless: read, it would fill the memory before failing (21 GB in 90 s, with the check
    # broken by a mutation audit), so the calls run in a process of 2 GiB at most, for a minute.
    script = (
        "import resource; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
        "import battleship\nfrom battleship.cli import main\n"
        "try: battleship.load_results('/dev/zero')\n"
        "except ValueError as error: print(error)\n"
        "print('exit', main(['combine', '/dev/zero']))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=python_env, timeout=60)
    assert done.stdout.splitlines() == ["/dev/zero: a device, not a results file", "exit 2"], done.stderr
    assert "/dev/zero: a device, not a results file" in done.stderr


def test_load_results_of_one_kind_checks_every_result_is_of_it(tmp_path, results):
    path = tmp_path / "runs.json"
    battleship.save_results([results["simulation"], results["match"]], path)
    with pytest.raises(ValueError, match=r"runs\.json: results\[1\]: a MatchResult, not a SimulationResult$"):
        battleship.load_results(path, SimulationResult)
    with pytest.raises(TypeError, match="kind must be SimulationResult, MatchResult, TournamentResult, SprtResult"):
        battleship.load_results(path, dict)  # type: ignore[type-var]
    battleship.save_results([results["simulation"], results["custom"]], path)
    assert battleship.load_results(path, SimulationResult) == [results["simulation"], results["custom"]]
