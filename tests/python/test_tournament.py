"""battleship.tournament and ``battleship tournament``: round robins on the engine's round_robin."""

from __future__ import annotations

import dataclasses
import math

import pytest

import battleship
from battleship import cli


def tallies(m: battleship.MatchResult) -> tuple:
    return (m.a, m.b, m.games, m.wins_a, m.wins_b, m.draws, m.aborted, m.first_mover_wins, m.total_rounds,
            m.total_winner_shots)


def test_each_pair_is_the_match_those_two_play():
    players = ["random", "parity", ("probability", "spread")]
    t = battleship.tournament(players, 300, seed=4, progress=False)
    assert t.names == ("random", "parity", "probability/spread")
    assert list(t.matches) == [("random", "parity"), ("random", "probability/spread"), ("parity", "probability/spread")]
    alone = battleship.match("parity", "probability", 300, seed=4, placers=("uniform", "spread"), progress=False)
    assert tallies(t.between("probability/spread", "parity"))[2:] == tallies(alone)[2:]
    one_thread = battleship.tournament(players, 300, seed=4, threads=1, progress=False)
    assert [tallies(m) for m in one_thread.matches.values()] == [tallies(m) for m in t.matches.values()]


def test_each_pair_records_its_setup_and_extends_like_a_match_piece():
    rules = battleship.Rules(touching="no_contact")
    t = battleship.tournament(["parity", ("random", "spread")], 200, seed=6, rules=rules, progress=False)
    pair = t.between("parity", "random/spread")
    assert pair.setup == battleship.RunSetup(6, 10, 10, battleship.Fleet.classic(), rules, ("uniform", "spread"))
    assert pair.first_game == 0
    # A match with the same players, seed and setup plays its next games: together, one longer run.
    t = battleship.tournament(["parity", "random"], 200, seed=6, rules=rules, progress=False)
    more = battleship.match("parity", "random", 100, seed=6, first_game=200, rules=rules, progress=False)
    whole = battleship.match("parity", "random", 300, seed=6, rules=rules, progress=False)
    assert tallies(battleship.combine([t.between("parity", "random"), more])) == tallies(whole)
    with pytest.raises(ValueError, match="seed 6 and 7"):
        battleship.combine([t.between("parity", "random"),
                            battleship.match("parity", "random", 100, seed=7, first_game=200, rules=rules,
                                             progress=False)])


def without_seconds(t):
    """A tournament's dict without the times, which differ between runs of the same games."""
    d = t.to_dict()
    del d["seconds"]
    for m in d["matches"]:
        del m["seconds"]
    return d


def test_pieces_of_a_tournament_combine_into_the_whole_run():
    players = ["random", "parity", ("hunt_target", "spread")]
    whole = battleship.tournament(players, 90, seed=5, progress=False)
    pieces = [battleship.tournament(players, n, seed=5, first_game=k, progress=False) for k, n in ((60, 30), (0, 60))]
    assert [p.first_game for p in pieces] == [60, 0] and whole.first_game == 0
    assert all(m.first_game == 60 for m in pieces[0].matches.values())
    alone = battleship.match("random", "parity", 30, seed=5, first_game=60, progress=False)  # a match's piece
    assert dataclasses.replace(pieces[0].between("random", "parity"), seconds=alone.seconds) == alone
    combined = battleship.combine(pieces)
    assert without_seconds(combined) == without_seconds(whole)
    assert combined.standings == whole.standings and combined.games == 90
    assert combined.seconds == pytest.approx(sum(p.seconds for p in pieces))
    assert combined.elo_fit().summary() == whole.elo_fit().summary()


def test_combined_standings_rank_as_the_engine_does_by_score_then_wins_then_entry():
    # Tallies set by hand: everyone scores 1/2, a and c with one win each and b with none.
    t = battleship.tournament({"b": "random", "a": "parity", "c": "hunt_target"}, 4, progress=False)
    tallies_of = {("b", "a"): (0, 0, 4), ("b", "c"): (0, 0, 4), ("a", "c"): (1, 1, 2)}
    doctored = dataclasses.replace(t, matches={
        pair: dataclasses.replace(m, wins_a=tallies_of[pair][0], wins_b=tallies_of[pair][1], draws=tallies_of[pair][2])
        for pair, m in t.matches.items()
    })
    standings = battleship.combine([doctored]).standings
    assert [(s.name, s.wins, s.losses, s.draws, s.score) for s in standings] == [
        ("a", 1, 1, 6, 0.5), ("c", 1, 1, 6, 0.5), ("b", 0, 0, 8, 0.5)
    ]
    capped = battleship.Rules(shot_cap=5)  # every match drawn: the order entered decides
    pieces = [battleship.tournament(["random", "parity", "probability"], 10, rules=capped, first_game=k,
                                    progress=False) for k in (0, 10)]
    assert [s.name for s in battleship.combine(pieces).standings] == ["random", "parity", "probability"]


def test_the_engines_standings_refuse_a_record_that_names_no_pair_of_players():
    # The binding a combined tournament's standings come from; its own guard, tested directly.
    with pytest.raises(ValueError, match=r"^a record of players \(1, 1\) among 2 players"):
        battleship._core.standings(["a", "b"], [(1, 1, 1, 0, 0)])
    with pytest.raises(ValueError, match=r"^a record of players \(0, 2\) among 2 players"):
        battleship._core.standings(["a", "b"], [(0, 2, 1, 0, 0)])
    rows = battleship._core.standings(["a", "b"], [(0, 1, 1, 3, 0), (0, 1, 1, 0, 1)])
    assert [(r["name"], r["wins"], r["losses"], r["draws"], r["score"]) for r in rows] == [
        ("b", 3, 2, 1, 3.5 / 6), ("a", 2, 3, 1, 2.5 / 6)
    ]


def test_what_is_not_players_or_match_results_is_refused_as_a_type_error():
    with pytest.raises(TypeError, match=r"^players is a list of shooters \(or a mapping of names to them\), got the "
                                        r"string 'random'$"):
        battleship.tournament("random", 2, progress=False)  # type: ignore[arg-type]
    duel = battleship.match("parity", "random", 4, progress=False)
    for odd in (5, battleship.simulate("parity", 4, progress=False)):
        with pytest.raises(TypeError, match=r"^Elo ratings are fitted to MatchResult objects \(match results\), got a "):
            battleship.elo_fit([duel, odd])  # type: ignore[list-item]


def test_tournament_pieces_that_do_not_make_one_run_are_refused():
    players = ["random", "parity"]
    first = battleship.tournament(players, 20, seed=5, progress=False)
    with pytest.raises(ValueError, match=r"^combine: tournaments of different players \(random, parity and parity, random\)"):
        battleship.combine([first, battleship.tournament(players[::-1], 20, seed=5, first_game=20, progress=False)])
    with pytest.raises(ValueError, match="^random vs parity: combine: pieces overlap: games 0 to 19 and games 10 to 29"):
        battleship.combine([first, battleship.tournament(players, 20, seed=5, first_game=10, progress=False)])
    with pytest.raises(ValueError, match=r"^random vs parity: combine: pieces of different runs \(seed 5 and 6\)"):
        battleship.combine([first, battleship.tournament(players, 20, seed=6, first_game=20, progress=False)])
    cut = dataclasses.replace(battleship.tournament(players, 20, seed=5, first_game=20, progress=False), cancelled=True)
    with pytest.raises(ValueError, match="^combine: a cancelled piece \\(matches 20 onwards\\) stops part of the way"):
        battleship.combine([first, cut])
    three = battleship.tournament(["random", "parity", "hunt_target"], 20, seed=5, progress=False)
    holed = dataclasses.replace(three, matches={p: m for p, m in three.matches.items() if p != ("parity", "hunt_target")})
    with pytest.raises(ValueError, match="^combine: a piece without the pair parity vs hunt_target"):
        battleship.combine([three, holed])
    with pytest.raises(TypeError, match="^combine: all results must be of one kind"):
        battleship.combine([first, first.between("random", "parity")])
    with pytest.raises(ValueError, match="first_game must be >= 0"):
        battleship.tournament(players, 20, first_game=-1, progress=False)
    with pytest.raises(ValueError, match=r"first_game \+ games must be <= 2\*\*64"):
        battleship.tournament(players, 20, first_game=2**64 - 10, progress=False)


def test_the_standings_rank_by_points_and_add_up():
    t = battleship.tournament({"weak": "random", "mid": "parity", "strong": "probability"}, 400, progress=False)
    assert [s.name for s in t.standings] == ["strong", "mid", "weak"]
    assert sum(s.wins for s in t.standings) == sum(s.losses for s in t.standings) == 3 * 400
    for s in t.standings:
        assert s.wins + s.losses + s.draws == 2 * 400
        assert s.score == pytest.approx((s.wins + s.draws / 2) / (2 * 400))
    assert t.share("mid", "strong") + t.share("strong", "mid") == pytest.approx(1.0)
    assert t.share("strong", "weak") > 0.95
    table = t.table()
    assert table.splitlines()[2].startswith("| strong |") and "| weak |" in table
    with pytest.raises(KeyError, match="'nobody' is not an entrant; the entrants are 'weak', 'mid', 'strong'"):
        t.between("strong", "nobody")
    cut = dataclasses.replace(t, matches={pair: m for pair, m in t.matches.items() if pair != ("mid", "strong")}, cancelled=True)
    with pytest.raises(KeyError, match="'strong' and 'mid' did not play: the run was cancelled before their match"):
        cut.between("strong", "mid")
    assert str(t) == table and "?" not in table
    # The table of a run cut short marks the pair it did not reach, on both rows, and keeps the rest.
    cells = [[cell.strip() for cell in line.split("|")[1:-1]] for line in str(cut).splitlines()[2:]]
    rows = {row[0]: row[6:] for row in cells}  # the shares, in the order entered: weak, mid, strong
    assert str(cut) == cut.table() and str(cut).count("?") == 2
    assert rows["strong"] == [f"{100 * t.share('strong', 'weak'):.1f}%", "?", ""]
    assert rows["mid"] == [f"{100 * t.share('mid', 'weak'):.1f}%", "", "?"]
    assert rows["weak"] == ["", f"{100 * t.share('weak', 'mid'):.1f}%", f"{100 * t.share('weak', 'strong'):.1f}%"]


def test_a_draw_is_worth_half_a_win():
    capped = battleship.Rules(shot_cap=5)
    t = battleship.tournament(["random", "parity", "probability"], 20, rules=capped, progress=False)
    assert all(s.draws == 40 and s.score == 0.5 for s in t.standings)
    assert [s.name for s in t.standings] == ["random", "parity", "probability"]  # ties keep the order


def test_python_shooters_take_part():
    class FirstOpen:
        def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
            return view.open_cells()[0]

    t = battleship.tournament({"reader": FirstOpen(), "parity": "parity"}, 50, progress=False)
    assert t.between("reader", "parity").games == 50

    class Broken:
        def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
            raise RuntimeError("no idea")

    with pytest.raises(RuntimeError, match="no idea"):
        battleship.tournament([Broken(), "parity"], 10, progress=False)


@pytest.mark.parametrize(
    "players, error, message",
    [
        (["parity"], ValueError, "a tournament needs at least two players, got 1"),
        (["parity", "parity"], ValueError, r"two players are named 'parity'; names must differ \(a mapping names them\)"),
        (["parity", "nobody"], ValueError, "unknown shooter 'nobody'; known: random"),
        (["parity", 3], TypeError, r"a shooter is a name \(random, .*, or an object with a next_shot\(\) method; got 3"),
        ([("parity", "nowhere"), "random"], ValueError, "unknown placer 'nowhere'; known: uniform"),
    ],
)
def test_bad_players_are_refused(players, error, message):
    with pytest.raises(error, match=message):
        battleship.tournament(players, 10, progress=False)


def test_one_python_object_cannot_play_twice():
    shooter = battleship.RandomShooter()
    class Mine:
        def next_shot(self, view: battleship.TargetView, rng: battleship.Rng) -> tuple[int, int]:
            return view.open_cells()[0]
    mine = Mine()
    with pytest.raises(ValueError, match="^one Python shooter object plays twice among the players; give each its own$"):
        battleship.tournament({"a": mine, "b": mine, "c": shooter}, 10, progress=False)
    # A match and a game refuse the same, in their own words; names of built-ins may repeat.
    with pytest.raises(ValueError, match="^one Python shooter object plays twice among the two sides; "):
        battleship.match(mine, mine, 10, progress=False)
    with pytest.raises(ValueError, match="^one Python shooter object plays twice among the first and second players; "):
        battleship.Game(mine, mine)
    # A built-in's object only names it: each side plays its own copy, as with names.
    shared = battleship.match(shooter, shooter, 10, seed=4, progress=False)
    named = battleship.match("random", "random", 10, seed=4, progress=False)
    assert dataclasses.replace(shared, seconds=0) == dataclasses.replace(named, seconds=0)
    assert battleship.match("parity", "parity", 10, progress=False).games == 10
    assert battleship.match(mine, Mine(), 4, progress=False).games == 4


def test_ratings_rank_as_the_score_does_and_measure_from_the_mean_or_an_anchor():
    t = battleship.tournament(["random", "hunt_target", "parity", "probability"], 300, seed=2, progress=False)
    ratings = t.ratings()
    # Every pair played as often, so the likeliest ratings order the players by their points.
    assert [r.name for r in ratings] == [s.name for s in t.standings]
    assert sum(r.elo for r in ratings) == pytest.approx(0, abs=1e-9)
    assert all(0 < r.margin < 200 for r in ratings)
    anchored = {r.name: r for r in t.ratings(anchor="parity")}
    assert anchored["parity"].elo == 0 and anchored["parity"].margin == 0
    by_name = {r.name: r for r in ratings}
    for name, r in anchored.items():
        assert r.elo == pytest.approx(by_name[name].elo - by_name["parity"].elo)
    assert battleship.elo_ratings(t.matches.values()) == ratings  # the same fit of the same tallies
    # The table's elo column, from the mean unless anchored.
    rows = {line.split(" | ")[0][2:]: line.split(" | ")[2] for line in t.table().splitlines()[2:]}
    assert rows["parity"] == f"{by_name['parity'].elo:+.0f} ± {by_name['parity'].margin:.0f}"
    assert "| parity | " in t.table(anchor="parity") and "| +0 ± 0 |" in t.table(anchor="parity")
    with pytest.raises(ValueError, match="the anchor 'nobody' is not a player; the players are 'random', "):
        t.ratings(anchor="nobody")


def test_two_players_are_rated_400_log10_of_their_points_ratio_apart():
    m = battleship.match("parity", "hunt_target", 400, seed=5, rules=battleship.Rules(shot_cap=60), progress=False)
    assert m.draws > 0  # the cap makes some draws, each half a win
    ratings = {r.name: r for r in battleship.elo_ratings([m], anchor="hunt_target")}
    # One virtual draw between the pair keeps an unbeaten player finite.
    ratio = (m.wins_a + m.draws / 2 + 0.5) / (m.wins_b + m.draws / 2 + 0.5)
    assert ratings["parity"].elo == pytest.approx(400 * math.log10(ratio), abs=1e-6)
    assert list(ratings) == ["parity", "hunt_target"]  # best first
    unbeaten = battleship.elo_ratings([battleship.match("probability", "random", 50, progress=False)])
    assert [r.name for r in unbeaten] == ["probability", "random"]
    assert unbeaten[0].elo == pytest.approx(200 * math.log10(50.5 / 0.5))  # half the gap from the mean


def test_separate_runs_of_a_pair_add_up_and_unmet_players_are_rated_through_others():
    whole = battleship.match("parity", "random", 200, seed=3, progress=False)
    halves = [battleship.match("parity", "random", 100, seed=3, first_game=k, progress=False) for k in (0, 100)]
    assert battleship.elo_ratings(halves) == battleship.elo_ratings([whole])
    chain = [whole, battleship.match("probability", "parity", 200, seed=3, progress=False)]
    names = [r.name for r in battleship.elo_ratings(chain)]
    assert names == ["probability", "parity", "random"]  # probability never met random


def test_elo_ratings_refuses_results_that_rate_nobody():
    m = battleship.match("parity", "random", 10, progress=False)
    with pytest.raises(ValueError, match="at least two players, got 0"):
        battleship.elo_ratings([])
    with pytest.raises(ValueError, match="'parity' against itself"):
        battleship.elo_ratings([dataclasses.replace(m, b="parity")])
    with pytest.raises(ValueError, match="the anchor 'probability' is not a player; the players are 'parity', 'random'"):
        battleship.elo_ratings([m], anchor="probability")
    with pytest.raises(TypeError, match=r"^the anchor must be a player's name \(a str\), got 0$"):
        battleship.elo_fit([m], anchor=0)  # type: ignore[arg-type]  # an index is no name


def results(m: battleship.MatchResult, *tallies: tuple) -> list:
    """Results made from ``m`` with other players and tallies: (a, b, wins_a, wins_b, draws)."""
    return [dataclasses.replace(m, a=a, b=b, wins_a=wa, wins_b=wb, draws=d, games=wa + wb + d) for a, b, wa, wb, d in tallies]


def test_the_fit_test_finds_a_cycle_and_names_its_pairs():
    m = battleship.match("parity", "random", 10, progress=False)
    cycle = battleship.elo_fit(results(m, ("x", "y", 300, 100, 0), ("y", "z", 300, 100, 0), ("z", "x", 300, 100, 0)))
    # No ranking explains a cycle: even ratings, each pair 10 standard deviations off (300 wins
    # where 200 were expected, a spread of 10).
    assert cycle.difference("x", "y").elo == pytest.approx(0, abs=1e-6)
    assert cycle.degrees_of_freedom == 1
    assert cycle.chi_square == pytest.approx(300, abs=1e-6)
    assert cycle.p_value < 1e-60
    assert [(p.a, p.b, p.matches, p.share) for p in cycle.pairs] == [("x", "y", 400, 0.75), ("y", "z", 400, 0.75),
                                                                     ("z", "x", 400, 0.75)]
    assert all(p.expected == pytest.approx(0.5) and p.residual == pytest.approx(10) for p in cycle.pairs)
    assert cycle.summary() == ("Fit of one rating a player: chi-square 300.0 on 1 degree of freedom, p = 3.3e-67; "
                               "worst described: x took 75.0% against y, 50.0% expected (+10.0 standard deviations)")
    # Where one rating a player explains the results, the test passes and lists the worst pair first.
    ladder = battleship.elo_fit(results(m, ("x", "y", 76, 24, 0), ("y", "z", 76, 24, 0), ("x", "z", 91, 9, 0)))
    assert ladder.p_value > 0.5
    assert abs(ladder.pairs[0].residual) >= abs(ladder.pairs[1].residual) >= abs(ladder.pairs[2].residual)
    two = battleship.elo_fit([m])
    assert two.degrees_of_freedom == 0 and two.p_value == 1
    assert two.summary() == "Fit of one rating a player: nothing to test (no results form a cycle)"


def test_a_fit_gives_differences_shares_and_residuals_by_name():
    m = battleship.match("parity", "random", 10, progress=False)
    # One pair's results in both orders add up, to the orientation met first.
    fit = battleship.elo_fit(results(m, ("x", "y", 50, 30, 4), ("y", "x", 10, 20, 0), ("y", "z", 60, 40, 0),
                                     ("x", "z", 70, 30, 2)), anchor="z")
    assert fit.anchor == "z" and fit.names == ("x", "y", "z")
    first = next(p for p in fit.pairs if {p.a, p.b} == {"x", "y"})
    assert (first.a, first.b, first.matches, first.share) == ("x", "y", 114, pytest.approx(72 / 114))
    assert fit.rating("z").elo == 0 and fit.rating("z").margin == 0
    difference = fit.difference("x", "y")
    assert difference.elo == pytest.approx(fit.rating("x").elo - fit.rating("y").elo)
    assert fit.difference("y", "x").margin == pytest.approx(difference.margin) and difference.margin > 0
    assert fit.difference("x", "z").margin == pytest.approx(fit.rating("x").margin)  # from the anchor
    assert fit.expected_share("x", "y") == pytest.approx(1 / (1 + 10 ** (-difference.elo / 400)))
    for p in fit.pairs:  # the residuals are Pearson's, and their squares add up to the statistic
        e = fit.expected_share(p.a, p.b)
        assert p.expected == pytest.approx(e)
        assert p.residual == pytest.approx((p.share - e) * math.sqrt(p.matches / (e * (1 - e))))
    assert fit.chi_square == pytest.approx(sum(p.residual**2 for p in fit.pairs))
    assert fit.degrees_of_freedom == 1
    with pytest.raises(KeyError, match="'w' is not rated; the players are 'x', 'y', 'z'"):
        fit.difference("x", "w")
    with pytest.raises(KeyError, match="'w' is not rated"):
        fit.rating("w")


def test_a_tournament_fit_is_the_fit_of_its_pairs():
    t = battleship.tournament(["random", "hunt_target", "parity"], 200, seed=4, progress=False)
    fit = t.elo_fit()
    assert fit.ratings == t.ratings() == battleship.elo_fit(t.matches.values()).ratings
    assert fit.degrees_of_freedom == 1 and len(fit.pairs) == 3 and 0 <= fit.p_value <= 1
    assert {(p.a, p.b) for p in fit.pairs} == set(t.matches)
    for p in fit.pairs:
        assert p.share == pytest.approx(t.share(p.a, p.b))  # no draws: the share of the wins


def test_a_player_that_forfeits_every_match_loses_them_all():
    # The mediocre placer never lays out the classic fleet on 5 x 5: every match of its player
    # aborts, its fault, so each is its forfeit: a loss in the standings, the shares and the ratings
    # (they were left out, and it ranked on no match at all).
    t = battleship.tournament({"random/mediocre": ("random", "mediocre"), "parity": "parity",
                               "hunt_target": "hunt_target"}, 30, rows=5, cols=5, progress=False)
    broken = t.between("random/mediocre", "parity")
    assert broken.aborted == 30 and broken.forfeits_a == 30 and broken.wins_a + broken.wins_b == 0
    assert [s.name for s in t.standings][-1] == "random/mediocre"
    assert (t.standings[-1].wins, t.standings[-1].losses) == (0, 60)
    assert t.share("parity", "random/mediocre") == 1.0
    ratings = {r.name: r.elo for r in t.ratings()}
    assert ratings["random/mediocre"] < min(ratings["parity"], ratings["hunt_target"])
    cells = {row[0]: row for row in ([c.strip() for c in line.split("|")[1:-1]] for line in t.table().splitlines()[2:])}
    assert cells["random/mediocre"][1:6] == ["0.000", cells["random/mediocre"][2], "0", "60", "0"]
    assert cells["random/mediocre"][2] != "n/a" and cells["parity"][6] == "100.0%"


def test_the_table_gives_no_share_where_every_match_of_a_pair_was_drawn():
    capped = battleship.Rules(shot_cap=1)  # one shot each: no fleet is sunk, every match a draw
    t = battleship.tournament(["random", "parity"], 10, rules=capped, progress=False)
    cells = {row[0]: row for row in ([c.strip() for c in line.split("|")[1:-1]] for line in t.table().splitlines()[2:])}
    assert cells["random"][1] == "0.500" and cells["random"][5] == "10"  # 10 draws, half a point each
    assert cells["random"][7] == "n/a" and cells["parity"][6] == "n/a"  # no share of no win or loss
    assert t.share("random", "parity") == 0.0  # the API's value, which the table does not show as a share


def test_the_command_prints_the_table(capsys):
    assert cli.main(["tournament", "random", "parity", "probability/elusive", "--games", "100", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "round robin of 3" in out and "| probability/elusive |" in out and "3 pairs, 300 games" in out
    assert "\nFit of one rating a player: chi-square " in out and " on 1 degree of freedom, p = " in out
    assert cli.main(["tournament", "parity", "--no-progress"]) == 2
    assert "at least two players" in capsys.readouterr().err
    assert cli.main(["tournament", "random", "parity/uniform", "--anchor", "parity", "--games", "100", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "measured from parity's" in out and "| parity | 1.000 | +0 ± 0 |" in out
    # The anchor is read as the players are: parity/uniform is parity.
    assert cli.main(["tournament", "random", "parity", "--anchor", "parity/uniform", "--games", "100",
                     "--no-progress"]) == 0
    assert "measured from parity's" in capsys.readouterr().out
    # An anchor that is not a player is refused before any game is played.
    assert cli.main(["tournament", "random", "parity", "--anchor", "parity/spread", "--games", "10000000"]) == 2
    assert "--anchor parity/spread: not a player; the players are random, parity" in capsys.readouterr().err
    # A player entered twice (parity/uniform is parity): the API's advice, a mapping, has no command form.
    assert cli.main(["tournament", "parity", "random", "parity/uniform", "--games", "10000000"]) == 2
    assert "error: parity is entered twice: give each player once" in capsys.readouterr().err
    # A slash with no placer after it is a slip (it was played as uniform), as one with no shooter is.
    for slip, message in (("random/", "player 'random/': no placer after '/'; write SHOOTER for the uniform"),
                          ("/uniform", "unknown shooter ''")):
        assert cli.main(["tournament", slip, "parity", "--games", "10000000"]) == 2
        assert message in capsys.readouterr().err


class Flaky:
    """Raises at the first shot of every fifth game it starts: a student's rare bug."""

    def __init__(self):
        self.games = 0

    def start(self, view):
        self.games += 1

    def next_shot(self, view, rng):
        if self.games % 5 == 0:
            raise KeyError("oops")
        return view.open_cells()[0]


def test_an_exception_stops_the_tournament_or_with_on_error_forfeit_loses_its_match():
    with pytest.raises(KeyError, match="oops"):
        battleship.tournament({"random": "random", "flaky": Flaky()}, 20, progress=False)
    with pytest.warns(UserWarning, match=r"^8 calls of the players' Python code raised, each forfeiting its match; the "
                                         r"first: the shooter's next_shot \(player flaky\) in game 4: KeyError: 'oops'$"):
        t = battleship.tournament({"random": "random", "parity": "parity", "flaky": Flaky()}, 20,
                                  on_error="forfeit", progress=False)
    forfeits = [(m.a, m.b, m.forfeits_a, m.forfeits_b) for m in t.matches.values()]
    assert forfeits == [("random", "parity", 0, 0), ("random", "flaky", 0, 4), ("parity", "flaky", 0, 4)]
    assert t.between("random", "flaky").aborted == 4  # the other 16 played out
    with pytest.raises(ValueError, match="on_error must be 'raise' or 'forfeit', got 'skip'"):
        battleship.tournament(["random", "parity"], 2, on_error="skip", progress=False)


@pytest.mark.parametrize("method", ["start", "next_shot", "on_result"])
def test_a_forfeited_match_is_aborted_with_the_call_that_raised_for_its_reason(method):
    # It was "player 0 made too many invalid shots in a row": the shooter named off-board cells
    # once its call had raised, until the limit ended the match.
    class Broken:
        def start(self, view):
            if method == "start":
                raise KeyError(method)

        def next_shot(self, view, rng):
            if method == "next_shot" and view.shots_fired == 2:
                raise KeyError(method)
            return view.open_cells()[0]

        def on_result(self, view, cell, outcome):
            if method == "on_result":
                raise KeyError(method)

    with pytest.warns(UserWarning, match="^6 calls of the players' Python code raised"):
        m = battleship.match(Broken(), "random", 6, on_error="forfeit", progress=False)
    assert (m.aborted, m.forfeits_a, m.first_abort_game, m.first_abort_by) == (6, 6, 0, "a")
    assert m.first_abort == f"player 0 forfeited: the shooter's {method} raised KeyError: '{method}'"


def flaky_student(folder, monkeypatch):
    """Writes ``flaky_student.py`` in ``folder``, whose shooter raises at its fourth shot of every
    game, and makes it importable as ``flaky_student:Shooter``."""
    (folder / "flaky_student.py").write_text(
        "class Shooter:\n"
        "    def next_shot(self, view, rng):\n"
        "        if view.shots_fired == 3:\n"
        "            raise ValueError('index out of range')\n"
        "        return view.open_cells()[0]\n"
    )
    monkeypatch.syspath_prepend(str(folder))


def test_the_command_plays_a_class_tournament_on_past_a_students_exception(capsys, tmp_path, monkeypatch):
    flaky_student(tmp_path, monkeypatch)
    run = ["tournament", "random", "parity", "flaky_student:Shooter", "--games", "10", "--no-progress"]
    assert cli.main(run) == 1  # the default: the exception stops it, its traceback shown
    capsys.readouterr()
    assert cli.main([*run, "--on-error", "forfeit"]) == 0
    out = capsys.readouterr().out
    assert "flaky_student:Shooter forfeited 10" in out
    assert "(the first: flaky_student:Shooter (player 1) forfeited: the shooter's next_shot raised ValueError" in out
    assert ("note: 20 calls of the players' Python code raised, each forfeiting its match; the first: the shooter's "
            "next_shot (player flaky_student:Shooter) in game 0: ValueError: index out of range") in out


def test_a_match_with_on_error_forfeit_plays_on_past_an_exception_as_a_tournament_s_pair_does(
        capsys, tmp_path, monkeypatch):
    with pytest.raises(KeyError, match="oops"):
        battleship.match("random", Flaky(), 20, progress=False)
    with pytest.warns(UserWarning, match=r"^4 calls of the players' Python code raised, each forfeiting its match; the "
                                         r"first: the shooter's next_shot \(side b\) in game 4: KeyError: 'oops'$"):
        m = battleship.match("random", Flaky(), 20, on_error="forfeit", progress=False)
    assert (m.games, m.aborted, m.forfeits_a, m.forfeits_b) == (20, 4, 0, 4)
    # Game 4: B moves second. Its reason is its exception, not the off-board cells it once named.
    assert (m.first_abort_game, m.first_abort_by) == (4, "b")
    assert m.first_abort == "player 1 forfeited: the shooter's next_shot raised KeyError: 'oops'"
    with pytest.warns(UserWarning):
        pair = battleship.tournament({"random": "random", "flaky": Flaky()}, 20, on_error="forfeit",
                                     progress=False).between("random", "flaky")
    tallies = lambda r: (r.wins_a, r.wins_b, r.draws, r.aborted, r.forfeits_a, r.forfeits_b, r.total_rounds)  # noqa: E731
    assert tallies(m) == tallies(pair)
    with pytest.raises(ValueError, match="on_error must be 'raise' or 'forfeit', got 'skip'"):
        battleship.match("random", "parity", 2, on_error="skip", progress=False)
    # The command line's --on-error, as the tournament's.
    flaky_student(tmp_path, monkeypatch)
    run = ["match", "random", "flaky_student:Shooter", "--games", "10", "--no-progress"]
    assert cli.main(run) == 1  # the default: the exception stops it, its traceback shown
    assert "Traceback" in capsys.readouterr().err
    assert cli.main([*run, "--on-error", "forfeit"]) == 1  # every match forfeited: none was played
    out = capsys.readouterr().out
    assert "flaky_student:Shooter forfeited 10" in out
    assert ("first aborted game: flaky_student:Shooter (player 1) forfeited: the shooter's next_shot raised "
            "ValueError: index out of range") in out
    assert ("note: 10 calls of the players' Python code raised, each forfeiting its match; the first: the shooter's "
            "next_shot (side b) in game 0: ValueError: index out of range") in out
    assert cli.main(["match", "random", "parity", "--sprt", "0", "10", "--on-error", "forfeit"]) == 2
    assert "--on-error forfeit plays a run of --games matches on: not with --sprt" in capsys.readouterr().err
