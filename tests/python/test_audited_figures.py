"""Figures and refusals a mutation audit of the Python layer (158 mutants) could change unseen:
combined runs and matches, a match's interval with forfeits, the Elo fit's worst-described pair,
the match and tournament commands' reports and option checks, results files that contradict
themselves, the 2**64 game-index limit, and the vector environment's refusal of an action."""

import dataclasses
import json
import re

import numpy as np
import pytest

import battleship
from battleship import MatchResult, SimulationResult, combine, match, simulate
from battleship.cli import main
from battleship.results import proportion
from battleship.sprt import sprt, sprt_decision


class Crash:
    """A shooter that raises at its first shot: its side forfeits the match."""

    def next_shot(self, view, rng):
        raise RuntimeError("boom")


@pytest.mark.parametrize("crashing_side", ["a", "b"])
def test_combined_pieces_of_a_match_keep_each_side_s_forfeits(crashing_side):
    players = ("parity", Crash()) if crashing_side == "b" else (Crash(), "parity")

    def piece(first, games):
        with pytest.warns(UserWarning, match="each forfeiting its match"):
            return match(*players, games, first_game=first, on_error="forfeit", progress=False)

    whole, pieces = piece(0, 8), [piece(0, 4), piece(4, 4)]
    summed = combine(pieces)
    assert summed == whole
    forfeits = (summed.forfeits_a, summed.forfeits_b)
    assert forfeits == ((0, 8) if crashing_side == "b" else (8, 0))
    assert summed.share_a == (1.0 if crashing_side == "b" else 0.0)


def test_a_combined_run_s_speed_is_its_games_over_its_seconds():
    pieces = [simulate("parity", 50, first_game=50 * k, progress=False) for k in range(2)]
    pieces[1] = dataclasses.replace(pieces[1], seconds=pieces[0].seconds * 3)
    assert combine(pieces).games_per_second == pytest.approx(100 / (pieces[0].seconds * 4))


def test_a_match_s_interval_is_of_the_credited_games_with_forfeits():
    m = MatchResult("A", "B", games=10, wins_a=5, wins_b=0, draws=0, aborted=5, first_mover_wins=3,
                    mean_rounds=50.0, mean_winner_shots=40.0, seconds=1.0, first_abort="x", total_rounds=250,
                    total_winner_shots=200, first_abort_game=1, first_abort_by="b", forfeits_b=5)
    assert m.share_a == 1.0
    assert m.interval_a == tuple(proportion(10, 10)[1:])  # 5 wins and 5 forfeits credited, not 5 of 5


def _wins(a, b, wins_a, wins_b):
    return MatchResult(a, b, games=wins_a + wins_b, wins_a=wins_a, wins_b=wins_b, draws=0, aborted=0,
                       first_mover_wins=0, mean_rounds=0.0, mean_winner_shots=0.0, seconds=1.0)


def test_the_elo_fit_lists_pairs_by_the_size_of_their_residual():
    fit = battleship.elo_fit([_wins("x", "y", 90, 10), _wins("y", "z", 90, 10), _wins("x", "z", 40, 60),
                              _wins("x", "w", 50, 50)])
    sizes = [abs(p.residual) for p in fit.pairs]
    assert sizes == sorted(sizes, reverse=True)
    worst = fit.pairs[0]
    assert (worst.a, worst.b) == ("x", "z") and worst.residual < 0  # far worse than the ratings say
    assert "x took 40.0% against z" in fit.summary()


def test_sprt_decision_s_defaults_are_sprt_s():
    assert sprt_decision(300, 200) == sprt_decision(300, 200, elo0=0, elo1=10, alpha=0.05, beta=0.05)


def test_match_with_sprt_keeps_the_error_rates_and_batch_given(capsys, tmp_path):
    path = tmp_path / "sprt.json"
    assert main(["match", "parity", "random", "--games", "400", "--no-progress", "--sprt", "0", "100",
                 "--alpha", "0.2", "--beta", "0.1", "--batch", "20", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "alpha 0.2, beta 0.1" in out
    test = json.loads(path.read_text())["results"][0]
    assert (test["alpha"], test["beta"]) == (0.2, 0.1)
    assert test["played"] % 20 == 0
    # Its speed is of every match played, not of those counted.
    loaded = battleship.load_results(str(path))[0]
    speed = int(re.search(r"([\d,]+) games/s", out).group(1).replace(",", ""))
    expected = loaded.played / loaded.match.seconds
    assert 0.5 * expected <= speed <= 2 * expected


@pytest.mark.parametrize(
    "args, message",
    [
        (["--alpha", "0.2"], "--alpha set the sequential test: give --sprt ELO0 ELO1 too"),
        (["--sprt", "0", "100", "--phases"], "--phases counts the misses of a run of --games matches: not with --sprt"),
    ],
)
def test_match_refuses_options_that_would_be_ignored(capsys, args, message):
    assert main(["match", "parity", "random", "--games", "20", "--no-progress", *args]) == 2
    assert message in capsys.readouterr().err


def test_combine_of_pieces_that_all_counted_phases_says_nothing_was_left_out(capsys, tmp_path):
    pieces = []
    for first in (0, 20):
        path = tmp_path / f"piece{first}.json"
        assert main(["simulate", "parity", "--games", "20", "--first-game", str(first), "--phases", "--no-progress",
                     "--json", str(path)]) == 0
        pieces.append(str(path))
    capsys.readouterr()
    assert main(["combine", *pieces]) == 0
    assert "left out" not in capsys.readouterr().out


def test_a_tournament_report_blames_the_side_that_forfeited(capsys, tmp_path, monkeypatch):
    (tmp_path / "crashing.py").write_text(
        "class Crash:\n    def next_shot(self, view, rng):\n        raise RuntimeError('boom')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    # Every match aborted: the table is printed, and the run fails as one that played none.
    assert main(["tournament", "--games", "4", "--no-progress", "--on-error", "forfeit", "random",
                 "crashing:Crash"]) == 1
    out = capsys.readouterr().out
    assert "crashing:Crash forfeited 4 (" in out and "4 blamed nobody" not in out


def test_a_tournament_refuses_a_bad_player_or_anchor_before_it_plays(capsys, tmp_path, monkeypatch):
    assert main(["tournament", "--games", "2", "parity/", "random"]) == 2
    assert "player 'parity/': no placer after '/'" in capsys.readouterr().err

    def never(*args, **kwargs):
        raise AssertionError("the tournament was played")

    monkeypatch.setattr(battleship, "tournament", never)
    path = tmp_path / "t.json"
    assert main(["tournament", "--games", "4", "--anchor", "hunt_target", "parity", "random", "--json",
                 str(path)]) == 2
    assert "--anchor hunt_target: not a player" in capsys.readouterr().err
    assert not path.exists()


@pytest.fixture(scope="module")
def sim():
    return simulate("parity", 60, seed=1, progress=False).to_dict()


def test_a_results_file_whose_histogram_counts_fewer_games_than_finished_is_refused(sim):
    d = dict(sim, finished=sim["finished"] + 1, games=sim["games"] + 1)
    with pytest.raises(ValueError, match=r"histogram: counts 60 games, not finished \(61\)"):
        SimulationResult.from_dict(d)


def test_a_results_file_whose_phases_count_only_the_finished_games_is_refused():
    p = simulate("random", 10, seed=1, phases=True, rules=battleship.Rules(shot_cap=95), progress=False).to_dict()
    assert p["unfinished"] > 0
    p["phases"] = dict(p["phases"], games=p["finished"])
    with pytest.raises(ValueError, match=rf"phases.games: {p['finished']} games started, not from 10"):
        SimulationResult.from_dict(p)


def test_a_results_file_with_an_endless_time_or_a_figure_a_little_off_is_refused(sim):
    with pytest.raises(ValueError, match="expected a finite number"):
        SimulationResult.from_dict(dict(sim, seconds=float("inf")))
    with pytest.raises(ValueError, match="disagrees with the histogram's counts"):
        SimulationResult.from_dict(dict(sim, mean=sim["mean"] * 1.001))


def test_a_match_file_whose_ends_say_aborted_for_a_draw_is_refused():
    # The equalising shot lets the second mover draw: 2 of these 40 matches are drawn.
    m = match("parity", "parity", 40, seed=2, rules=battleship.Rules(equalising_shot=True), game_results=True,
              progress=False).to_dict()
    assert m["draws"] > 0
    ends = list(m["game_results"])
    ends[ends.index(MatchResult.DRAWN)] = MatchResult.ABORTED
    with pytest.raises(ValueError, match="its ends disagree"):
        MatchResult.from_dict(dict(m, game_results=ends))


def test_a_run_past_the_last_64_bit_game_index_is_refused_at_the_exact_limit():
    with pytest.raises(ValueError, match=r"first_game \+ games must be <= 2\*\*64"):
        simulate("random", 2, first_game=2**64 - 1, progress=False)
    with pytest.raises(ValueError, match=r"first_game \+ games must be <= 2\*\*64"):
        match("random", "random", 2, first_game=2**64 - 1, progress=False)
    assert simulate("random", 1, first_game=2**64 - 1, progress=False).games == 1


def test_a_vector_env_refuses_an_action_of_exactly_the_cell_count_before_any_env_moves():
    from battleship.envs import BattleshipVectorEnv

    env = BattleshipVectorEnv(2, rows=3, cols=3, fleet=battleship.Fleet([battleship.ShipClass("Sub", "S", 1)]))
    env.reset(seed=1)
    ships = [np.flatnonzero(np.asarray(env.ocean(k).ships).ravel() >= 0)[0] for k in range(2)]
    water = next(c for c in range(9) if c != ships[0])
    _, _, terminated, _, _ = env.step(np.array([water, ships[1]]))  # env 1 sinks its one ship
    assert terminated.tolist() == [False, True]
    before = [env.view(k).shots_fired for k in range(2)]
    # Env 1 starts over at this step; env 0's action, the cell count, is refused first.
    with pytest.raises(ValueError, match="env 0: action 9 is not a cell index from 0 to 8"):
        env.step(np.array([9, 0]))
    assert [env.view(k).shots_fired for k in range(2)] == before == [1, 1]


@pytest.fixture(scope="module")
def drawn():
    """A match with draws (the equalising shot lets the second mover draw), as a dict."""
    m = match("parity", "parity", 40, seed=2, rules=battleship.Rules(equalising_shot=True), game_results=True,
              progress=False).to_dict()
    assert m["draws"] > 0 and m["aborted"] == 0
    return m


def test_a_match_file_whose_forfeits_or_first_mover_wins_exceed_what_they_count_is_refused(drawn):
    # Forfeits are aborted matches: a draw is no forfeit.
    with pytest.raises(ValueError, match=r"forfeits_a and forfeits_b add up to more than the aborted games \(0\)"):
        MatchResult.from_dict(dict(drawn, forfeits_a=1))
    won = drawn["wins_a"] + drawn["wins_b"]  # fewer than the games, with the draws
    with pytest.raises(ValueError, match=rf"first_mover_wins: {won + 1} is more than the games won"):
        MatchResult.from_dict(dict(drawn, first_mover_wins=won + 1))


def test_a_results_file_running_one_game_past_the_last_index_is_refused(sim):
    with pytest.raises(ValueError, match="onwards run past the last game index"):
        SimulationResult.from_dict(dict(sim, first_game=2**64 - sim["games"] + 1))
    assert SimulationResult.from_dict(dict(sim, first_game=2**64 - sim["games"])).first_game == 2**64 - sim["games"]


def test_combined_counts_reaching_2_to_the_64_are_refused():
    half = MatchResult("A", "B", games=2**63, wins_a=2**63, wins_b=0, draws=0, aborted=0, first_mover_wins=0,
                       mean_rounds=0.0, mean_winner_shots=0.0, seconds=1.0)
    with pytest.raises(ValueError, match="past the 64-bit counts"):
        combine([half, dataclasses.replace(half, first_game=2**63)])


def test_a_tournament_s_phases_are_none_unless_every_pair_counted_them():
    t = battleship.tournament(["random", "parity", "hunt_target"], 20, phases=True, progress=False)
    assert t.phases("random") is not None
    matches = dict(t.matches)
    pair = next(k for k in matches if "random" in k and "parity" in k)
    matches[pair] = dataclasses.replace(matches[pair], phases_a=None, phases_b=None)
    mixed = dataclasses.replace(t, matches=matches)
    assert mixed.phases("random") is None and mixed.phases("hunt_target") is not None
    assert battleship.TournamentResult.from_dict(mixed.to_dict()).phases("random") is None


@pytest.mark.parametrize(
    "args, message",
    [
        (["simulate", "parity", "--games", "2", "--first-game", str(2**64 - 1)],
         "--first-game + --games must be <= 2**64, got 18446744073709551615 + 2"),
        (["match", "parity", "random", "--games", "20", "--sprt", "0", "100", "--batch", "3"],
         "--batch must be even (each shooter moves first in half the matches), got 3"),
        (["tournament", "--games", "2", "parity", "parity", "random"],
         "parity is entered twice: give each player once (SHOOTER/PLACER tells players apart)"),
    ],
)
def test_the_commands_refuse_in_the_options_words_before_printing(capsys, args, message):
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err
