"""battleship.sprt and ``battleship match --sprt``: sequential tests of an Elo difference."""

from __future__ import annotations

import importlib
import math

import pytest

import battleship
from battleship import _core, cli


def tallies(m: battleship.MatchResult) -> tuple:
    return (m.a, m.b, m.games, m.wins_a, m.wins_b, m.draws, m.first_mover_wins, m.total_rounds)


def test_a_lopsided_pair_is_decided_at_the_first_pair_that_decides_inside_its_batch():
    # probability beats random every time: 11 wins decide H1 (120 Elo), but the test looks after
    # whole pairs of seatings, so it counts 12 of the batch's 20 matches.
    r = battleship.sprt("probability", "random", elo0=0, elo1=120, batch=20, progress=False)
    assert (r.decision, r.batches, r.match.games, r.played, r.match.wins_a) == ("accept_h1", 1, 12, 20, 12)
    assert _core.sprt_decision(0, 120, 0.05, 0.05, 11, 0, 0)["decision"] == "accept_h1"
    assert _core.sprt_decision(0, 120, 0.05, 0.05, 10, 0, 0)["decision"] == "undecided"
    assert tallies(r.match) == tallies(battleship.match("probability", "random", 12, progress=False))
    assert r.llr >= r.upper == pytest.approx(math.log(19))
    assert r.lower == pytest.approx(-math.log(19))
    behind = battleship.sprt("random", "probability", elo0=0, elo1=120, batch=20, progress=False)
    assert (behind.decision, behind.match.games, behind.match.wins_b) == ("accept_h0", 8, 8)
    assert _core.sprt_decision(0, 120, 0.05, 0.05, 0, 6, 0)["decision"] == "undecided"
    assert str(r) == ("SPRT of probability - random, H0: +0 Elo, H1: +120 Elo (alpha 0.05, beta 0.05): "
                      f"H1 accepted after 12 matches (20 played; log-likelihood ratio {r.llr:.2f}, bounds -2.94 and 2.94)")
    exact = battleship.sprt("probability", "random", elo0=0, elo1=120, batch=12, progress=False)
    assert exact.played == exact.match.games == 12  # nothing played past the deciding pair: not said
    assert str(exact) == str(r).replace("20 played; ", "")


def test_the_test_decides_the_same_on_any_batch_and_thread_count():
    two = battleship.sprt("parity", "hunt_target", elo0=0, elo1=30, batch=40, seed=11, threads=2, progress=False)
    assert two.decision == "accept_h1" and two.batches > 1 and two.played == 40 * two.batches
    assert two.played - 40 < two.match.games <= two.played  # decided inside the last batch
    for batch, threads in ((40, 1), (2, 2), (4000, 2)):
        other = battleship.sprt("parity", "hunt_target", elo0=0, elo1=30, batch=batch, seed=11, threads=threads,
                                progress=False)
        assert tallies(other.match) == tallies(two.match) and other.llr == two.llr
        assert other.match.total_winner_shots == two.match.total_winner_shots
    whole = battleship.match("parity", "hunt_target", two.match.games, seed=11, progress=False)
    assert tallies(whole) == tallies(two.match)
    assert whole.total_winner_shots == two.match.total_winner_shots
    # Wald's ratio: a's points against log(p1 / p0), b's against log((1 - p1) / (1 - p0)).
    p1 = 1 / (1 + 10 ** (-30 / 400))
    m = two.match
    assert two.llr == pytest.approx((m.wins_a + m.draws / 2) * math.log(p1 / 0.5)
                                    + (m.wins_b + m.draws / 2) * math.log((1 - p1) / 0.5))
    # A pair earlier, the same matches had not decided.
    shorter = battleship.sprt("parity", "hunt_target", elo0=0, elo1=30, batch=40, seed=11,
                              max_games=two.match.games - 2, progress=False)
    assert shorter.decision == "undecided" and shorter.match.games == two.match.games - 2


class FailsOnce:
    """The uniform placer, except that its call number ``fail_at`` (from 1) places nothing."""

    name = "fails-once"

    def __init__(self, fail_at):
        self.fail_at, self.calls = fail_at, 0

    def place(self, ocean, rng):
        self.calls += 1
        return self.calls != self.fail_at and battleship.placer("uniform").place(ocean, rng)


@pytest.mark.parametrize("fail_at, counted", [(3, True), (16, False)])
def test_an_aborted_match_is_reported_only_when_it_is_counted(fail_at, counted):
    # A's placer is called once a match: its 3rd call is match 2's, its 16th match 15's, past the
    # 12 matches that decide without it. A Python placer plays on one thread, so the test goes a pair at a
    # time and never plays match 15 (the engine's test of an abort inside a batch is in C++).
    placer = FailsOnce(fail_at)
    r = battleship.sprt("probability", "random", elo0=0, elo1=120, batch=20, progress=False,
                        placers=(placer, "uniform"))
    if counted:  # the abort is A's forfeit, a loss: 13 wins decide where 11 did alone
        assert r.decision == "accept_h1" and r.played == 14 and placer.calls == 14
        assert (r.match.aborted, r.match.forfeits_a, r.match.first_abort_game) == (1, 1, 2)
        assert "could not place its fleet" in r.match.first_abort and r.match.first_abort_by == "a"
        assert r.match.games == 14 and r.match.wins_a == 13
    else:
        assert r.decision == "accept_h1" and r.played == 12 and placer.calls == 12
        assert (r.match.aborted, r.match.first_abort_game, r.match.first_abort) == (0, None, "")
        assert r.match.first_abort_by is None
        assert r.match.games == 12


def test_the_cap_ends_a_test_undecided_and_cuts_the_last_batch():
    r = battleship.sprt("parity", "parity", elo0=-5, elo1=5, batch=40, max_games=100, progress=False)
    assert (r.decision, r.match.games, r.batches, r.played) == ("undecided", 100, 3, 100)
    assert r.lower < r.llr < r.upper
    assert "undecided after 100 matches" in str(r)


def test_draws_count_half_a_point_each_way():
    rules = battleship.Rules(shot_cap=60)  # a cap makes draws
    r = battleship.sprt("parity", "hunt_target", elo0=-20, elo1=20, batch=100, max_games=200, rules=rules,
                        progress=False)
    assert r.match.draws > 0
    # With hypotheses either side of even, draws cancel out: (wins - losses) ln(10) / 20.
    assert r.llr == pytest.approx((r.match.wins_a - r.match.wins_b) * 20 * math.log(10) / 400)


def test_any_real_number_states_the_hypotheses_and_error_rates():
    # NumPy's numbers and fractions, as every count of the API takes NumPy's integers (only
    # np.float64, a float, passed).
    from fractions import Fraction

    import numpy as np

    plain = battleship.sprt("parity", "random", elo0=0, elo1=50, alpha=0.05, beta=0.1, batch=20, max_games=40,
                            progress=False)
    other = battleship.sprt("parity", "random", elo0=np.int64(0), elo1=np.float32(50), alpha=Fraction(1, 20),
                            beta=np.float16(0.1), batch=20, max_games=40, progress=False)
    assert (other.elo0, other.elo1, other.alpha) == (0.0, 50.0, 0.05) and type(other.elo1) is float
    assert other.beta == float(np.float16(0.1))  # as near 0.1 as a float16 holds
    assert (other.decision, other.played) == (plain.decision, plain.played)


@pytest.mark.parametrize(
    "options, error, message",
    [
        (dict(elo0=10, elo1=0), ValueError, r"elo1 \(0\) must be more than elo0 \(10\)"),
        (dict(elo1=5000), ValueError, "must be from -4000 to 4000, got 5000"),
        (dict(alpha=0), ValueError, "error rates must be above 0 and add up to less than 1, got alpha 0 and beta 0.05"),
        (dict(alpha=0.5, beta=0.5), ValueError, "add up to less than 1"),
        (dict(batch=21), ValueError, "batch must be even"),
        (dict(batch=0), ValueError, "batch must be >= 1, got 0"),
        (dict(max_games=0), ValueError, "max_games must be >= 1, got 0"),
        (dict(batch=2.0), TypeError, "batch must be an int"),
        (dict(elo0="0"), TypeError, "^elo0 must be a number, got '0'$"),
        (dict(alpha=None), TypeError, "^alpha must be a number, got None$"),
        (dict(elo1=10**400), ValueError, "^elo1 is too large: 1000"),
        (dict(games=100), TypeError, "sprt\\(\\) takes no 'games'"),
        (dict(first_game=4), TypeError, "sprt\\(\\) takes no 'first_game'"),
        (dict(colour="red"), TypeError, "sprt\\(\\) got an unexpected keyword argument 'colour'"),
        (dict(rows=1), ValueError, "the fleet covers 17 cells but the board has only 10"),
        (dict(threads=-1), ValueError, "threads must be >= 0, got -1"),
    ],
)
def test_bad_tests_are_refused_before_any_match(options, error, message):
    played = []

    class Watched:  # a Python shooter that notes each game it starts
        def start(self, view):
            played.append(True)

        def next_shot(self, view, rng):
            return view.open_cells()[0]

    with pytest.raises(error, match=message):
        battleship.sprt(Watched(), "random", progress=False, **options)
    assert not played
    battleship.sprt(Watched(), "random", batch=2, max_games=2, progress=False)  # it notes a game
    assert played


def test_the_match_command_runs_the_test(capsys):
    assert cli.main(["match", "probability", "random", "--sprt", "0", "120", "--batch", "20", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "probability vs random: 12 games" in out
    assert ("  SPRT of probability - random, H0: +0 Elo, H1: +120 Elo (alpha 0.05, beta 0.05): H1 accepted after "
            "12 matches (20 played; log-likelihood ratio ") in out
    assert cli.main(["match", "parity", "parity", "--sprt", "-5", "5", "--batch", "40", "--games", "100",
                     "--alpha", "0.1", "--no-progress"]) == 0
    assert "(alpha 0.1, beta 0.05): undecided after 100 matches" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--sprt", "10", "0"], "--sprt: elo1 (0) must be more than elo0 (10)"),
        (["--sprt", "0", "10", "--beta", "1"], "--sprt: the error rates must be above 0"),
        (["--sprt", "0", "10", "--batch", "3"], "--batch must be even"),
        (["--sprt", "0", "10", "--batch", "0"], "--batch must be >= 2, got 0"),
        (["--sprt", "0", "10", "--games", "0"], "--games must be >= 1, got 0"),
        (["--alpha", "0.1", "--batch", "40"], "--alpha and --batch set the sequential test: give --sprt ELO0 ELO1 too"),
    ],
)
def test_the_match_command_refuses_a_bad_test(capsys, argv, message):
    assert cli.main(["match", "parity", "random", "--no-progress", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_with_a_python_shooter_nothing_is_played_past_the_deciding_pair():
    class Counting:
        """parity's moves through Python: counts the games it starts."""

        def __init__(self):
            self.inner, self.games = battleship.shooter("parity"), 0

        def start(self, view):
            self.games += 1
            self.inner.start(view)

        def next_shot(self, view, rng):
            return self.inner.next_shot(view, rng)

        def on_result(self, view, cell, outcome):
            self.inner.on_result(view, cell, outcome)

    shooter = Counting()
    r = battleship.sprt(shooter, "random", elo0=0, elo1=200, batch=200, progress=False)
    assert r.decision == "accept_h1" and r.played == r.match.games == shooter.games < 200
    assert r.batches == r.match.games // 2  # a pair at a time
    by_name = battleship.sprt("parity", "random", elo0=0, elo1=200, batch=200, progress=False)
    assert (by_name.match.games, by_name.played) == (r.match.games, 200)  # the same decision; a whole batch


def test_the_progress_bar_counts_matches_without_a_total_and_names_the_cap(monkeypatch):
    # A test usually stops long before its cap, so a bar out of the cap would stop at a few percent.
    sprt_module = importlib.import_module("battleship.sprt")  # battleship.sprt is the function
    seen = []
    original = sprt_module._progress

    def watching(progress, total, label, *args, **kwargs):
        seen.append((progress, total, label))
        return original(False, total, label, *args, **kwargs)  # no bar drawn in the test's output

    monkeypatch.setattr(sprt_module, "_progress", watching)
    battleship.sprt("probability", "random", elo0=0, elo1=100, batch=20, max_games=4000, progress=True)
    assert seen == [(True, None, "probability vs random (SPRT, at most 4,000)")]


def test_the_speed_counts_every_match_played_not_only_those_counted():
    # parity beats random at once, so the first batch plays far past the deciding pair; the
    # counted matches over the time of all of them made the speed look hundreds of times lower.
    r = battleship.sprt("parity", "random", elo0=0, elo1=100, batch=400, max_games=400, progress=False)
    assert r.decision == "accept_h1" and r.played == 400 and r.match.games < 40
    assert r.games_per_second == r.played / r.match.seconds
    assert r.games_per_second > 10 * r.match.games_per_second


def test_a_test_with_a_forfeit_goes_to_a_file_and_back():
    r = battleship.sprt("probability", "random", elo0=0, elo1=120, batch=20, progress=False,
                        placers=(FailsOnce(3), "uniform"))
    assert r.match.forfeits_a == 1
    assert battleship.SprtResult.from_dict(r.to_dict()) == r  # its ratio counts the forfeit as a loss


def test_sprt_decision_judges_tallies_of_your_own_as_the_test_does():
    # The decision, ratio and bounds of a test played here, from its tallies alone.
    r = battleship.sprt("parity", "hunt_target", elo0=0, elo1=60, batch=40, progress=False)
    state = battleship.sprt_decision(r.match.credited_a, r.match.credited_b, r.match.draws, elo0=0, elo1=60)
    assert state == (r.decision, r.llr, r.lower, r.upper) and state.decision != "undecided"
    assert isinstance(state, battleship.SprtState) and state.upper == pytest.approx(math.log(19))
    # 11 straight wins decide H1 at +120 Elo where 10 do not; losses alone lean to H0.
    assert battleship.sprt_decision(11, 0, elo1=120).decision == "accept_h1"
    assert battleship.sprt_decision(10, 0, elo1=120).decision == "undecided"
    assert battleship.sprt_decision(0, 8, elo1=120).decision == "accept_h0"
    # A draw is half a win each way: two draws weigh as one win and one loss.
    assert battleship.sprt_decision(5, 5, 2).llr == pytest.approx(battleship.sprt_decision(6, 6).llr)


@pytest.mark.parametrize(
    "args, options, error, message",
    [
        ((-1, 0), {}, ValueError, r"^wins_a must be >= 0, got -1$"),
        ((1, 2.5), {}, TypeError, r"^wins_b must be an int, got 2\.5$"),
        ((1, 2, True), {}, TypeError, r"^draws must be an int, got True$"),
        ((1, 2), {"elo0": 10, "elo1": 10}, ValueError, r"elo1"),
        ((1, 2), {"alpha": 0}, ValueError, r"alpha"),
        ((1, 2), {"beta": "0.05"}, TypeError, r"^beta must be a number, got '0\.05'$"),
    ],
)
def test_sprt_decision_refuses_bad_tallies_and_tests(args, options, error, message):
    with pytest.raises(error, match=message):
        battleship.sprt_decision(*args, **options)
