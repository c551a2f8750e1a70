"""The battleship command: every subcommand, its help, its errors."""

import argparse
import dataclasses
import errno
import io
import json
import math
import os
import pathlib
import re
import statistics
import subprocess
import sys

import pytest

import battleship
from battleship import Fleet, ShipClass, cli
from battleship.cli import main
from battleship.cli import optimal as optimal_cli


def test_compare_prints_every_shooter_with_its_figures(capsys):
    assert main(["compare", "--games", "300", "--slow-games", "5", "--no-progress"]) == 0
    out = capsys.readouterr().out
    for name in battleship.shooter_names():
        assert name in out
    for column in ("mean", "median", "p95", "max", "games/s"):
        assert column in out


def test_compare_plays_fewer_games_with_a_slow_shooter_and_marks_it(capsys):
    assert main(["compare", "--games", "40", "--slow-games", "3", "--shooters", "parity,bayes", "--no-progress"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith(("parity", "bayes"))}
    assert rows["bayes"].startswith("bayes *") and not rows["parity"].rstrip().endswith("*")
    assert "* slow shooter (milliseconds a move): 3 games" in out


def test_compare_sets_the_slow_rows_beside_the_best_fast_shooter_on_the_same_layouts(capsys):
    args = ["compare", "--games", "40", "--slow-games", "3", "--shooters", "random,parity,bayes", "--seed", "5"]
    assert main([*args, "--no-progress"]) == 0
    out = capsys.readouterr().out
    # parity beats random, so it is the reference; its first 3 games are the slow row's layouts
    same = battleship.simulate("parity", 3, seed=5, progress=False)
    assert same.mean != battleship.simulate("parity", 40, seed=5, progress=False).mean
    assert f"  parity on the same 3 layouts: mean {same.mean:.2f} ± {same.ci95:.2f}" in out.splitlines()
    # and the slow row's shots minus the reference's, game by game, is the last line
    d = battleship.paired_difference(battleship.simulate("bayes", 3, seed=5, game_shots=True, progress=False),
                                     battleship.simulate("parity", 3, seed=5, game_shots=True, progress=False))
    assert d.mean != 0
    assert out.splitlines()[-1] == f"  bayes minus parity, game by game: {d.mean:+.2f} ± {d.ci95:.2f} shots"


def test_compare_of_slow_shooters_only_has_no_reference_line(capsys):
    assert main(["compare", "--games", "5", "--slow-games", "2", "--shooters", "bayes", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "slow shooter" in out and "same" not in out


def test_compare_marks_no_slow_shooter_when_its_games_are_not_cut(capsys):
    assert main(["compare", "--games", "3", "--slow-games", "3", "--shooters", "parity,bayes", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "bayes *" not in out and "slow shooter" not in out
    assert "3 games per shooter" in out


def test_compare_without_a_slow_shooter_has_no_footnote(capsys):
    assert main(["compare", "--games", "20", "--shooters", "parity", "--no-progress"]) == 0
    assert "slow shooter" not in capsys.readouterr().out


def test_compare_writes_the_distribution_chart(tmp_path, capsys):
    png = tmp_path / "shots.png"
    assert main(["compare", "--games", "200", "--shooters", "random,parity", "--plot", str(png), "--no-progress"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote {png}" in capsys.readouterr().out


def test_simulate_on_another_board_fleet_and_rules(capsys):
    args = ["simulate", "parity", "--games", "200", "--rows", "12", "--cols", "12", "--fleet", "russian", "--rules", "russian", "--no-progress"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "12 x 12, fleet russian" in out and "parity" in out


LAYOUT = pathlib.Path(__file__).resolve().parents[2] / "examples" / "layouts" / "classic.txt"


def test_compare_and_simulate_hunt_a_drawn_layout(capsys):
    assert main(["compare", "--layout", str(LAYOUT), "--games", "300", "--shooters", "random,probability",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert f"layout from {LAYOUT}" in out.splitlines()[0]
    drawn = battleship.Ocean()
    drawn.place_layout(LAYOUT.read_text())
    assert drawn.layout_text() in out  # the layout it read, drawn back
    rows = {line.split()[0]: float(line.split()[1]) for line in out.splitlines() if line.startswith(("random", "probability"))}
    # The same figures as simulate with the drawing as placer, not those of uniform layouts.
    fixed = battleship.simulate("probability", 300, seed=0, placer=battleship.FixedPlacer(drawn), progress=False)
    uniform = battleship.simulate("probability", 300, seed=0, progress=False)
    assert rows["probability"] == round(fixed.mean, 2) != round(uniform.mean, 2)
    assert main(["simulate", "probability", "--layout", str(LAYOUT), "--games", "300", "--no-progress"]) == 0
    assert f"{'probability':<20}{fixed.mean:>8.2f}" in capsys.readouterr().out
    # A slow shooter's games are set beside the same games of the best fast one: of one layout.
    assert main(["compare", "--layout", str(LAYOUT), "--games", "20", "--slow-games", "3", "--shooters",
                 "probability,bayes", "--no-progress"]) == 0
    assert "  probability on the same 3 games: mean" in capsys.readouterr().out


@pytest.mark.parametrize("extra, message", [
    (["--touching", "no_contact"], "line 7, column 2: the Cruiser ('R') starting here, across: the ship would touch"),
    (["--rows", "12"], "expected 12 rows, found 10"),
    (["--search-budget", "5"], "--search-budget sets the placers that draw layouts; --layout lays out one drawing"),
    (["--candidates", "5"], "--candidates sets the placers that draw layouts"),
])
def test_a_drawn_layout_the_run_cannot_use_is_refused_before_anything_is_played(tmp_path, capsys, extra, message):
    touching = tmp_path / "touching.txt"
    touching.write_text(LAYOUT.read_text().replace("B . . . R R R", "B R R R . . ."))
    assert main(["simulate", "probability", "--layout", str(touching), *extra]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_a_layout_file_that_cannot_be_read_and_a_placer_beside_it_are_refused(tmp_path, capsys):
    # A file that cannot be read exits 1, as every file error does; a drawing it cannot use, 2.
    assert main(["simulate", "random", "--layout", str(tmp_path / "none.txt")]) == 1
    assert f"battleship: error: --layout {tmp_path / 'none.txt'}: No such file or directory\n" == capsys.readouterr().err
    assert main(["simulate", "random", "--layout", str(tmp_path)]) == 1
    assert f"--layout {tmp_path}: Is a directory" in capsys.readouterr().err
    latin = tmp_path / "latin.txt"
    latin.write_bytes(LAYOUT.read_bytes() + "# café\n".encode("latin-1"))
    assert main(["simulate", "random", "--layout", str(latin)]) == 2
    lines = LAYOUT.read_bytes().count(b"\n")
    assert f"--layout {latin}: line {lines + 1}: not UTF-8 text (byte 0xe9)" in capsys.readouterr().err
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"." * (2 << 20))
    assert main(["simulate", "random", "--layout", str(huge)]) == 2
    assert f"--layout {huge}: larger than 1024 KiB; a drawing is a line a board row" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit:
        main(["simulate", "random", "--layout", str(LAYOUT), "--placer", "spread"])
    assert exit.value.code == 2
    assert "argument --placer: not allowed with argument --layout" in capsys.readouterr().err


def test_json_will_not_write_over_the_layout_it_reads_or_the_chart_it_writes(tmp_path, capsys, monkeypatch):
    # Both were replaced without a word: the drawing by the results, the results by the chart.
    drawing = tmp_path / "fleet.txt"
    drawing.write_bytes(LAYOUT.read_bytes())
    assert main(["simulate", "random", "--games", "3", "--layout", str(drawing), "--json", str(drawing)]) == 2
    assert f"--json {drawing} is also --layout's file; give the results a file of their own" in capsys.readouterr().err
    link = tmp_path / "same.txt"
    link.symlink_to(drawing)
    assert main(["simulate", "random", "--games", "3", "--layout", str(link), "--json", str(drawing)]) == 2
    assert drawing.read_bytes() == LAYOUT.read_bytes()
    monkeypatch.chdir(tmp_path)
    assert main(["compare", "--shooters", "random", "--games", "3", "--plot", "x", "--json", "x.png"]) == 2
    assert "--json x.png is also --plot's file" in capsys.readouterr().err  # --plot x writes x.png
    assert not (tmp_path / "x.png").exists()


def test_a_layout_file_an_editor_began_with_a_byte_order_mark_is_the_same_drawing(tmp_path, capsys):
    marked = tmp_path / "bom.txt"
    marked.write_bytes(b"\xef\xbb\xbf" + LAYOUT.read_bytes())
    for path in (LAYOUT, marked):
        assert main(["simulate", "parity", "--layout", str(path), "--games", "50", "--seed", "2", "--no-progress",
                     "--json", str(tmp_path / f"{path.stem}.json")]) == 0
    capsys.readouterr()
    plain, bom = (battleship.load_results(tmp_path / f"{name}.json")[0] for name in ("classic", "bom"))
    assert bom == plain and bom.setup == plain.setup  # the same games, and the same run to combine
    ocean = battleship.Ocean(10, 10, battleship.Fleet.classic())
    ocean.place_layout("\ufeff" + LAYOUT.read_text())  # the engine skips it too, C++ and Python
    assert ocean.layout_text() == battleship.FixedPlacer(LAYOUT.read_text()).check().layout_text()


def test_match_prints_the_tallies(capsys):
    assert main(["match", "parity", "random", "--games", "100", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "parity vs random: 100 games" in out and "wins" in out
    m = battleship.match("parity", "hunt_target", 300, rules=battleship.Rules(shot_cap=60), progress=False)
    assert main(["match", "parity", "hunt_target", "--games", "300", "--shot-cap", "60", "--no-progress"]) == 0
    # The Bradley-Terry difference of two players: 400 log10 of their points' ratio, a draw half a win
    # and one virtual draw between them.
    elo = 400 * math.log10((m.wins_a + m.draws / 2 + 0.5) / (m.wins_b + m.draws / 2 + 0.5))
    assert f"  Elo difference (parity - hunt_target): {elo:+.0f} ± " in capsys.readouterr().out
    assert main(["match", "random", "random", "--games", "10", "--no-progress"]) == 0
    assert "  Elo difference (random (A) - random (B)): " in capsys.readouterr().out  # against itself
    assert main(["match", "parity", "random", "--games", "10", "--shot-cap", "5", "--no-progress"]) == 0
    out = capsys.readouterr().out  # every match drawn: no share, rather than an interval from 0% to 0%
    assert "  parity               wins        0  (no game won or lost: no share to give)" in out.splitlines()


def test_a_run_of_one_game_gives_no_interval(capsys):
    assert main(["simulate", "parity", "--games", "1", "--no-progress"]) == 0
    row = capsys.readouterr().out.splitlines()[-1].split()
    one = battleship.simulate("parity", 1, progress=False)
    assert row[:3] == ["parity", f"{one.mean:.2f}", "n/a"] and row[3] == str(one.median)
    assert main(["simulate", "parity", "--games", "2", "--no-progress"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].split()[2] != "n/a"


def test_rule_overrides(capsys):
    assert main(["simulate", "random", "--games", "100", "--shot-cap", "50", "--no-progress"]) == 0
    assert "unfinished" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, message",
    [
        (["simulate", "nope", "--games", "10"], "unknown shooter 'nope'"),
        (["simulate", "random", "--games", "-1"], "--games must be >= 1"),
        (["simulate", "random", "--games", "0"], "--games must be >= 1, got 0"),
        (["compare", "--games", "0"], "--games must be >= 1, got 0"),
        (["match", "random", "parity", "--games", "0"], "--games must be >= 1, got 0"),
        (["tournament", "random", "parity", "--games", "0"], "--games must be >= 1, got 0"),
        (["simulate", "random", "--games", "10", "--threads", "-1"], "--threads must be >= 0, got -1"),
        (["compare", "--games", "10", "--threads", str(2**32)], "--threads must be <= 4294967295"),
        (["simulate", "random", "--rows", "3", "--cols", "3"], "does not fit"),
        (["simulate", "random", "--rows", "40", "--cols", "40"], "at most 1024"),
        (["match", "random", "random", "--salvo-size", "0"], "--salvo-size must be >= 1, got 0"),
        # a fixed salvo of the rules' 1 played one shot a turn, as if the option were not there
        (["match", "random", "random", "--volley", "fixed_salvo"], "--volley fixed_salvo needs --salvo-size N"),
        (["match", "random", "random", "--salvo-size", "3", "--volley", "until_miss"],
         "--salvo-size is 3 but the volley rule is not a fixed salvo; set --volley to fixed_salvo or --salvo-size to 1"),
        (["simulate", "os:path"], "shooter 'os:path': a shooter is a name ("),
        (["simulate", "random", "--placer", "os:sep"], "placer 'os:sep': a placer is a name ("),
        (["match", "random", "random", "--salvo-size", str(10**20)], "--salvo-size must be <= 2147483647"),
        (["simulate", "random", "--shot-cap", "-1"], "--shot-cap must be >= 0, got -1"),
        (["simulate", "random", "--search-budget", "0"], "--search-budget must be >= 1, got 0"),
        (["tournament", "parity", "random", "--search-budget", str(2**31)], "--search-budget must be <= 2147483647"),
        (["simulate", "random", "--rows", "6", "--cols", "6", "--touching", "no_contact"], "cannot be laid out"),
        (["match", "parity", "random", "--rows", "6", "--cols", "6", "--rules", "no_contact"], "cannot be laid out"),
        (["tournament", "parity", "random", "--rows", "6", "--cols", "6", "--rules", "no_contact"], "cannot be laid out"),
        (["match", "parity", "nope"], "unknown shooter 'nope'"),
        (["tournament", "parity", "random/nope"], "unknown placer"),
        (["compare", "--games", "10", "--plot", "chart.xyz"], "cannot write .xyz"),
        (["compare", "--games", "10", "--plot", ""], "needs a file name"),
        (["optimal", "4", "4", "10000000000000000000000"], "a number of 23 digits is more than any board or fleet holds"),
        (["optimal", "4", "4", "2", "--seeds", "2147483648"], "--seeds must be <= 2147483647"),
        (["compare", "--shooters", "", "--games", "10"], "--shooters needs comma-separated names"),
        (["compare", "--shooters", "parity,random,parity", "--games", "10"], "names parity more than once"),
        (["optimal", "4", "4", "2", "--shooters", "parity,"], "--shooters needs comma-separated names"),
        (["compare", "--shooters", "parity,nope", "--games", "10"], "unknown shooter 'nope'"),
        (["optimal", "4", "4", "3", "--shooters", "parity,nope"], "unknown shooter 'nope'"),
        (["optimal", "4", "4", "2", "2", "--max-positions", "10"], "solving needs more positions than --max-positions (10) allows: too large"),
        (["optimal", "4", "4", "2", "--max-positions", str(2**64)], "--max-positions must be <= 18446744073709551615"),
        (["optimal", "12", "12", "2"], "capacity"),
        (["optimal", "2", "2", "3"], "does not fit"),
    ],
)
def test_bad_input_is_a_clear_error(capsys, args, message):
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert message in err
    assert out == ""  # refused before any table or search starts


def test_whole_number_refuses_a_count_above_its_maximum(capsys):
    parse = cli.whole_number(1, 4096)
    assert parse("4096") == 4096 and parse("1") == 1  # the bounds themselves are taken
    with pytest.raises(argparse.ArgumentTypeError, match="^must be at most 4,096, got 4097$"):
        parse("4097")
    parser = argparse.ArgumentParser(prog="vector_env")  # as examples/python/vector_env.py reads --envs
    parser.add_argument("--envs", type=cli.whole_number(1, 4096), default=64)
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(["--envs", "5000"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith("vector_env: error: argument --envs: must be at most 4,096, got 5000\n")
    assert parser.parse_args(["--envs", "4096"]).envs == 4096


def test_a_salvo_size_without_a_volley_rule_means_a_fixed_salvo(capsys):
    run = ["match", "parity", "random", "--games", "20", "--no-progress"]
    assert main(run + ["--salvo-size", "3"]) == 0
    implied = capsys.readouterr().out
    assert "rules: volley fixed_salvo, salvo size 3," in implied.splitlines()[0]
    assert main(run + ["--salvo-size", "3", "--volley", "fixed_salvo"]) == 0
    explicit = capsys.readouterr().out
    assert implied.splitlines()[:4] == explicit.splitlines()[:4]  # the same match: all but the speed
    alone = battleship.match("parity", "random", 20, rules=battleship.Rules(volley="fixed_salvo", salvo_size=3),
                             progress=False)
    assert f"mean rounds {alone.mean_rounds:.2f}," in implied
    assert main(run + ["--salvo-size", "1"]) == 0  # a salvo of one is the single-shot rule: nothing implied
    assert "fixed_salvo" not in capsys.readouterr().out
    assert main(run + ["--salvo-size", "3", "--volley", "per_ship_afloat"]) == 2  # an explicit rule is kept
    assert "--salvo-size is 3 but the volley rule is not a fixed salvo" in capsys.readouterr().err


def test_runs_whose_placer_finds_no_layout_say_so(capsys):
    # The mediocre placer gives up after 50 tries: on 7 x 7 without contact it often does.
    board = ["--rows", "7", "--cols", "7", "--touching", "no_contact", "--placer", "mediocre", "--no-progress"]
    assert main(["simulate", "random", "--games", "200", *board]) == 0
    solo = battleship.simulate("random", 200, rows=7, cols=7, rules=battleship.Rules(touching="no_contact"),
                               placer="mediocre", progress=False)
    assert solo.unplaceable > 0
    row = capsys.readouterr().out.splitlines()[-1]
    assert row.startswith("random ") and row.endswith(f"({solo.unplaceable:,} not played: the placer found no layout)")
    assert main(["match", "random", "random", "--games", "100", *board]) == 0
    pair = battleship.match("random", "random", 100, rows=7, cols=7, rules=battleship.Rules(touching="no_contact"),
                            placers=("mediocre", "mediocre"), progress=False)
    assert pair.aborted > 0 and pair.first_abort
    out = capsys.readouterr().out
    assert pair.first_abort_game is not None and pair.first_abort.startswith("player ")
    seat = int(pair.first_abort.split()[1])  # A sits first in even matches, B in odd ones
    named = f"random ({'A' if seat == pair.first_abort_game % 2 else 'B'}) (player {seat})"
    assert f"aborted {pair.aborted:,} (" in out and "forfeited" in out
    assert out.endswith(f"  first aborted game: {named}{pair.first_abort[len('player 0'):]}\n")
    assert main(["match", "random", "random", "--games", "100", "--no-progress"]) == 0
    assert "first aborted game" not in capsys.readouterr().out  # said only when a game was aborted


def test_runs_that_play_no_game_at_all_say_so_and_exit_1(capsys):
    # The mediocre placer never lays out the classic fleet on 5 x 5 (the uniform placer does).
    board = ["--rows", "5", "--cols", "5", "--placer", "mediocre", "--games", "30", "--no-progress"]
    for command in (["compare", "--shooters", "random,parity"], ["simulate", "random"]):
        assert main([*command, *board]) == 1
        out, err = capsys.readouterr()
        assert out.rstrip().endswith("(30 not played: the placer found no layout)")  # the table first
        assert err == "battleship: error: no game was played: the placer found no layout of the fleet for any of them\n"
    assert main(["match", "random", "parity", *board]) == 1
    out, err = capsys.readouterr()
    assert "aborted 30 (random forfeited 15, parity forfeited 15)," in out  # the first to place is blamed
    assert "Elo difference (random - parity): none to give, no game was decided" in out  # not +0 ± 681
    assert err == ("battleship: error: no match was played: all 30 were aborted (the first: random (player 0) could "
                   "not place its fleet)\n")
    tournament = ["tournament", "random/mediocre", "parity/mediocre", "hunt_target/mediocre", *board[:4], *board[6:]]
    assert main(tournament) == 1
    out, err = capsys.readouterr()
    assert "3 pairs, 90 games" in out
    assert err == ("battleship: error: no match was played: every pair's were aborted (the first: random/mediocre "
                   "(player 0) could not place its fleet)\n")
    # One game played is a measurement: exit 0, whatever the placer refused in the others; the
    # report says which matches were aborted and whose forfeits they were (it said nothing).
    assert main(["tournament", "random/mediocre", "parity", "hunt_target", *board[:4], *board[6:]]) == 0
    out = capsys.readouterr().out
    assert "score: points per match won, lost or drawn" in out
    assert ("\n60 matches aborted; a forfeit counts as a loss of the player to blame, an abort that blamed nobody is "
            "left out of the scores and ratings:\n"
            "  random/mediocre - parity: 30: random/mediocre forfeited 30 (the first: random/mediocre (player 0) could "
            "not place its fleet)\n"
            "  random/mediocre - hunt_target: 30: random/mediocre forfeited 30 (the first: random/mediocre (player 0) "
            "could not place its fleet)\n"
            ) in out
    ranked = [line.split("|")[1].strip() for line in out.splitlines() if line.startswith("| ") and "---" not in line]
    assert ranked[-1] == "random/mediocre"  # its forfeits are its losses: last, where it once ranked on 0 games
    assert main(["tournament", "parity", "hunt_target", "--games", "10", "--no-progress"]) == 0
    assert "aborted" not in capsys.readouterr().out  # said only when a match was aborted
    assert main(["simulate", "random", *board[:4], "--games", "30", "--no-progress"]) == 0


def test_a_search_budget_lets_the_uniform_draws_lay_out_a_crowded_fleet(capsys):
    # bbm103's fleet on 8 x 8 without contact: past the default budget, every game goes unplayed.
    crowded = ["--rows", "8", "--cols", "8", "--fleet", "bbm103", "--touching", "no_contact", "--no-progress"]
    assert main(["simulate", "random", "--games", "2", "--threads", "1", *crowded]) == 1  # nothing measured
    out, err = capsys.readouterr()
    row = out.splitlines()[-1]
    assert row.endswith("(2 not played: the placer found no layout; a crowded fleet may need --search-budget 3000000, "
                        "or --placer sequential (not uniform))")
    assert err == ("battleship: error: no game was played: the placer found no layout of the fleet for any of them; "
                   "a crowded fleet may need --search-budget 3000000, or --placer sequential (not uniform)\n")  # the row's hint too
    assert main(["simulate", "random", "--games", "2", "--threads", "1", "--search-budget", "1000", *crowded]) == 1
    assert capsys.readouterr().err.endswith("for any of them within --search-budget 1,000; or try --placer sequential "
                                            "(not uniform)\n")
    assert main(["simulate", "random", "--games", "20", "--search-budget", "2000000", *crowded]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("placer uniform, search budget 2,000,000") and "not played" not in out
    rules = battleship.Rules(touching="no_contact")
    alone = battleship.simulate("random", 20, rows=8, cols=8, fleet=battleship.Fleet.bbm103(), rules=rules,
                                placer=battleship.UniformPlacer(search_budget=2_000_000), progress=False)
    assert out.splitlines()[-1].startswith(f"{'random':<20}{alone.mean:>8.2f}")
    assert main(["match", "parity", "random", "--games", "4", "--threads", "1", *crowded]) == 1
    out = capsys.readouterr().out  # the hint simulate gives, for the match's unplaced fleets
    assert ("  the placer found no layout for some fleets; a crowded fleet may need --search-budget 3000000, or "
            "--placer sequential (not uniform)\n") in out
    assert main(["match", "parity", "random", "--games", "4", "--search-budget", "2000000", *crowded]) == 0
    out = capsys.readouterr().out
    assert "aborted 0," in out and "placer uniform, search budget 2,000,000 (they take turns to move first)" in out
    assert main(["tournament", "parity", "random", "--games", "2", "--search-budget", "2000000", *crowded]) == 0
    assert re.search(r"\| parity \| 1\.000 \| \+\d+ ± \d+ \| 2 \| 0 \| 0 \|", capsys.readouterr().out)  # both won
    # spread draws uniform layouts and takes the budget for them too.
    assert main(["simulate", "random", "--games", "4", "--placer", "spread", "--search-budget", "2000000",
                 *crowded]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("placer spread, search budget 2,000,000") and "not played" not in out
    # A placer that draws no uniform layouts has no budget to raise: refused, as it would change nothing.
    assert main(["simulate", "random", "--games", "1", "--placer", "sequential", "--search-budget", "5",
                 "--rows", "6", "--cols", "6", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--search-budget applies to the uniform, spread, elusive placers; this run's placers " \
        "are sequential" in err


def test_candidates_set_how_many_uniform_layouts_spread_and_elusive_choose_among(capsys):
    run = ["--games", "300", "--seed", "11", "--threads", "2", "--no-progress"]
    means = {}
    for count in (1, 64):
        assert main(["simulate", "probability", "--placer", "spread", "--candidates", str(count), *run]) == 0
        out = capsys.readouterr().out
        assert out.splitlines()[0].endswith(f"placer spread, {count} candidate{'s' if count > 1 else ''}")
        alone = battleship.simulate("probability", 300, seed=11, threads=2, progress=False,
                                    placer=battleship.SpreadPlacer(candidates=count))
        assert out.splitlines()[-1].startswith(f"{'probability':<20}{alone.mean:>8.2f}")
        means[count] = alone.mean
    assert means[64] > means[1] + 1  # the least central of 64 layouts is harder to find (about 4 shots)
    # elusive chooses among its candidates too; a tournament passes them to its spread entrants only.
    assert main(["simulate", "probability", "--placer", "elusive", "--candidates", "2", "--games", "20",
                 "--no-progress"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("placer elusive, 2 candidates")
    assert main(["tournament", "parity/spread", "parity/uniform", "--candidates", "4", "--games", "40",
                 "--no-progress"]) == 0
    table = capsys.readouterr().out
    alone = battleship.tournament([("parity", battleship.SpreadPlacer(candidates=4)), ("parity", "uniform")], 40,
                                  progress=False)
    assert alone.table() in table  # the same games and names: spread with 4 candidates against uniform


@pytest.mark.parametrize(
    "args, message",
    [
        (["simulate", "random", "--candidates", "4"], "--candidates applies to the spread and elusive placers; this run's placers are uniform"),
        (["tournament", "random/sequential", "parity", "--candidates", "4"], "this run's placers are sequential, uniform"),
        (["simulate", "random", "--placer", "spread", "--candidates", "0"], "--candidates must be >= 1, got 0"),
        (["match", "random", "parity", "--placer", "spread", "--candidates", str(2**31)], "--candidates must be <= 2147483647"),
    ],
)
def test_candidates_that_would_change_nothing_or_cannot_be_are_refused(capsys, args, message):
    assert main([*args, "--games", "2"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("battleship: error: --candidates ") and message in err


def test_simulate_and_compare_have_no_volley_options_and_say_so_for_a_volley_rule_set(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "random", "--volley", "fixed_salvo"])
    assert "unrecognized arguments: --volley" in capsys.readouterr().err
    assert main(["simulate", "parity", "--games", "50", "--rules", "salvo", "--no-progress"]) == 0
    assert "the volley rule does not apply" in capsys.readouterr().out
    assert main(["simulate", "parity", "--games", "50", "--no-progress"]) == 0
    assert "volley" not in capsys.readouterr().out.splitlines()[0].split("Rules(")[0]
    # The other rules of turns said nothing: cs32's and bbm103's pieces differ from classic ones
    # only in rules a solo game never uses.
    assert main(["simulate", "parity", "--games", "5", "--rules", "bbm103", "--no-progress"]) == 0
    assert ("so the equalising shot and forfeiting invalid shots do not apply)"
            in capsys.readouterr().out.splitlines()[0])


def test_an_unknown_option_gets_the_subcommands_usage_line(capsys):
    for args in (["compare", "--bogus"], ["--bogus", "compare"]):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: battleship compare ") and "--shooters SHOOTERS" in err
        assert err.endswith("battleship compare: error: unrecognized arguments: --bogus\n")


def test_a_missing_command_is_named_with_what_was_given_instead(capsys):
    commands = ", ".join(cli.parser().parse_args(["compare"]).commands)
    assert commands.startswith("compare, simulate, ") and "replay" in commands
    for args, given in (([], ""), (["--bogus"], "unrecognized arguments: --bogus; "), (["--bogus", "-x"], "unrecognized arguments: --bogus -x; ")):
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: battleship [-h] [--version] COMMAND")
        assert err.endswith(f"battleship: error: {given}a COMMAND is required, one of: {commands}\n"), err


def test_a_terminal_without_the_plus_minus_sign_gets_plus_slash_minus(python_env):
    run = [sys.executable, "-m", "battleship", "match", "parity", "random", "--games", "20", "--no-progress"]
    done = subprocess.run(run, capture_output=True, env={**python_env, "PYTHONIOENCODING": "ascii"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert b": +645 +/- 487" in done.stdout and done.stderr == b""  # the Elo difference's margin
    utf8 = subprocess.run(run, capture_output=True, env={**python_env, "PYTHONIOENCODING": "utf-8"}, timeout=120)
    def steady(out):  # the timing differs from run to run
        return re.sub(rb"[0-9,]+ games/s", b"", out)

    assert steady(utf8.stdout) == steady(done.stdout.replace(b"+/-", "±".encode()))  # only the sign differs
    # A table's header keeps its columns: the label is chosen to fit, not widened by the stream.
    table = [sys.executable, "-m", "battleship", "simulate", "parity", "--games", "20", "--no-progress"]
    ascii_table = subprocess.run(table, capture_output=True, env={**python_env, "PYTHONIOENCODING": "ascii"},
                                 timeout=120).stdout.decode().splitlines()
    header, rule, row = ascii_table[-3:]
    assert " +/-95%  median" in header and len(header) == len(rule)
    end, median = header.index("median") + len("median"), row.split()[3]
    assert row[end - len(median) : end] == median and row[end] == " "  # the median lines up under its label


def test_counts_read_as_english_and_a_run_with_no_finished_game_has_no_figures(capsys):
    assert main(["simulate", "random", "--games", "1", "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("1 game per shooter, ")
    assert main(["simulate", "random", "--games", "5", "--shot-cap", "1", "--no-progress"]) == 0
    row = capsys.readouterr().out.splitlines()[-1]
    assert row.split()[:2] == ["random", "n/a"] and "(5 unfinished)" in row
    assert main(["match", "parity", "parity", "--games", "4", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("parity (A) vs parity (B): 4 games") and "parity (B)" in out.splitlines()[2]


def test_a_plot_name_without_a_suffix_gets_png(tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    assert main(["compare", "--games", "20", "--shooters", "random", "--plot", "chart", "--no-progress"]) == 0
    assert "wrote chart.png" in capsys.readouterr().out and (tmp_path / "chart.png").stat().st_size > 0


def test_a_plot_that_cannot_be_written_whole_leaves_the_old_chart(tmp_path, capsys, monkeypatch):
    # A full disk left a chart cut off at 4,096 bytes where the old one was.
    pytest.importorskip("matplotlib")
    import matplotlib.figure

    def half_then_full(figure, out, **options):
        out.write(b"\x89PNG half a chart")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.chdir(tmp_path)
    (tmp_path / "chart.png").write_bytes(b"the old chart")
    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", half_then_full)
    assert main(["compare", "--games", "20", "--shooters", "random", "--plot", "chart.png", "--no-progress"]) == 1
    assert "error: --plot chart.png: No space left on device" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart.png"]  # nothing left beside it
    assert (tmp_path / "chart.png").read_bytes() == b"the old chart"


def test_output_into_a_closed_pipe_stops_quietly(python_env):
    proc = subprocess.Popen(
        [sys.executable, "-m", "battleship", "compare", "--games", "2000", "--shooters", "random,parity,hunt_target"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**python_env, "PYTHONUNBUFFERED": ""},
    )
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 141 and err == b"", err


def test_a_file_to_write_is_written_when_the_output_s_reader_has_gone(python_env, tmp_path):
    # `battleship compare --json F | head -1`: the report is cut, the results file is not.
    saved = tmp_path / "results.json"
    proc = subprocess.Popen(
        [sys.executable, "-m", "battleship", "compare", "--games", "2000", "--shooters", "random,parity,hunt_target",
         "--json", str(saved), "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**python_env, "PYTHONUNBUFFERED": ""},
    )
    proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 141 and err == b"", err
    results = battleship.load_results(saved)
    assert [r.shooter for r in results] == ["random", "parity", "hunt_target"]
    assert all(r.games == 2000 for r in results)


@pytest.mark.skipif(sys.platform == "win32", reason="closes file descriptor 1 before starting")
def test_a_file_to_write_is_written_when_stdout_is_closed(python_env, tmp_path):
    # `battleship match A B --json F >&-` played, then died of a traceback on printing (sys.stdout
    # is None) and wrote nothing; `--json -` has nowhere to go, and says so before playing.
    def closed_stdout(*argv):
        return subprocess.run([sys.executable, "-m", "battleship", *argv], stderr=subprocess.PIPE, env=python_env,
                              timeout=120, preexec_fn=lambda: os.close(1))

    saved = tmp_path / "match.json"
    proc = closed_stdout("match", "parity", "random", "--games", "200", "--json", str(saved))
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    (result,) = battleship.load_results(saved)
    assert result.games == 200
    proc = closed_stdout("simulate", "parity", "--games", "200", "--json", "-")
    assert proc.returncode == 2
    assert proc.stderr.decode().endswith("error: --json -: standard output is closed; give --json a file\n")


def test_a_file_name_too_long_for_its_directory_is_refused_before_the_run(capsys, tmp_path):
    # The run played, printed its table, and only then failed to open the file.
    name = tmp_path / ("a" * 300 + ".json")
    assert main(["simulate", "parity", "--games", "100", "--json", str(name)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before the run
    assert re.search(r"error: .*\.\.\.: a file name of 305 bytes, where .* takes at most \d+\n$", captured.err)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["match", "--help"]])
def test_help_that_cannot_be_written_is_an_error(python_env, argv):
    # argparse drops the OSError of its help and version text and exits 0, as if it had shown it.
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "battleship", *argv], stdout=full, stderr=subprocess.PIPE,
                              env=python_env, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.decode().startswith("battleship: error: cannot write the output: No space left on device")
    shown = subprocess.run([sys.executable, "-m", "battleship", *argv], capture_output=True, env=python_env, timeout=60)
    assert shown.returncode == 0 and shown.stdout.startswith(b"usage: battleship" if argv[-1] == "--help" else b"battleship ")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [["simulate", "random", "--games", "10"], ["optimal", "3", "3", "2"], ["simulate", "random", "--json", "-"]],
)
def test_a_report_that_cannot_be_written_says_it_is_the_output(python_env, argv):
    # It said "battleship: error: No space left on device", as for a file it could not write.
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "battleship", *argv], stdout=full, stderr=subprocess.PIPE,
                              env=python_env, timeout=60)
    assert proc.returncode == 1  # with --json -, the report is on stderr before it
    assert ("\n" + proc.stderr.decode()).endswith("\nbattleship: error: cannot write the output: No space left on device\n")


def test_optimal_prints_perfect_play_and_each_shooters_exact_gap(capsys):
    # 4 x 4 with one cruiser: perfect play 5.625 shots, the density shooter 5.75 (2.22% more).
    assert main(["optimal", "4", "4", "3", "--shooters", "parity,probability", "--seeds", "1"]) == 0
    out = capsys.readouterr().out
    assert "perfect play needs 5.6250 shots" in out and "with each of 1 generator (seed 0)" in out
    assert re.search(r"^probability +5\.7500 +0\.0000 +\+2\.22%$", out, re.MULTILINE)
    assert re.search(r"^parity +[0-9.]+ +0\.0000 +\+[0-9.]+%$", out, re.MULTILINE)
    # Several generators: the mean is theirs, with its standard error over them. parity breaks
    # ties at random (3 x 3, one destroyer: 4.5, 4.5, 5.1667, 4.8333 with seeds 0 to 3).
    per_seed = [battleship.exact_mean_shots("parity", 3, 3, fleet=Fleet([ShipClass("S", "A", 2)]), seed=s)
                for s in range(4)]
    assert len(set(per_seed)) > 1
    assert main(["optimal", "3", "3", "2", "--shooters", "parity", "--seeds", "4"]) == 0
    out = capsys.readouterr().out
    mean = statistics.fmean(per_seed)
    error = statistics.stdev(per_seed) / 2
    assert re.search(rf"^parity +{mean:.4f} +{error:.4f} +\+{100 * (mean / 4.5 - 1):.2f}%$", out, re.MULTILINE)
    # probability plays 4 x 4 {2} perfectly; its mean and the search's differ in the last bit,
    # which printed -0.00%, better than perfect.
    assert main(["optimal", "4", "4", "2", "--shooters", "probability", "--seeds", "1"]) == 0
    assert re.search(r"^probability +6\.0833 +0\.0000 +\+0\.00%$", capsys.readouterr().out, re.MULTILINE)
    # Telling only hits makes a two-ship game harder even for perfect play.
    assert main(["optimal", "4", "3", "3", "1", "--shooters", "probability", "--disclosure", "hit_only"]) == 0
    hit_only = float(re.search(r"needs ([0-9.]+) shots", capsys.readouterr().out).group(1))
    assert main(["optimal", "4", "3", "3", "1", "--shooters", "probability"]) == 0
    named = float(re.search(r"needs ([0-9.]+) shots", capsys.readouterr().out).group(1))
    assert hit_only > named


def test_optimal_refuses_more_lengths_than_a_fleet_has_classes(capsys):
    for count in (17, 100):  # past 64, naming the ships ran out of ASCII symbols first
        assert main(["optimal", "8", "16", *(["1"] * count), "--shooters", "parity"]) == 2
        assert capsys.readouterr().err == (
            f"battleship: error: a fleet has at most 16 ship classes, got {count}; 2x4 is one class of four ships of 2\n"
        )


def test_optimal_without_a_terminal_says_once_that_a_long_search_is_still_running(capsys, monkeypatch):
    # No bar without a terminal: a search refused after minutes was minutes of silence.
    assert main(["optimal", "4", "4", "2", "--shooters", "parity", "--seeds", "1"]) == 0
    assert capsys.readouterr().err == ""  # a quick search says nothing
    monkeypatch.setattr(optimal_cli, "NOTICE_AFTER", 0.05)  # 4 x 4 with two ships: about a second
    assert main(["optimal", "4", "4", "2", "2", "--shooters", "parity", "--seeds", "1"]) == 0
    assert capsys.readouterr().err == (
        "battleship optimal: still searching, at most 4,000,000 positions (--max-positions); Ctrl-C stops it\n")
    assert main(["optimal", "4", "4", "2", "2", "--shooters", "parity", "--seeds", "1", "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_optimal_takes_a_class_of_ships_as_a_length_and_count(capsys):
    # 2x2 is the two destroyers of `optimal 4 4 2 2`: the same perfect play, printed as typed.
    assert main(["optimal", "4", "4", "2x2", "--shooters", "parity", "--seeds", "1"]) == 0
    assert "4 x 4, ships 2x2, classic rules: perfect play needs 8.6696 shots" in capsys.readouterr().out
    for bad in ("2y2", "0", "2x0", "x2", "2x"):
        with pytest.raises(SystemExit):
            main(["optimal", "4", "4", bad])
        assert f"argument LENGTH: '{bad}' is neither a ship's length (3) nor a class of ships" in capsys.readouterr().err


def test_every_subcommand_has_help(capsys):
    # Taken from the parser itself, so a subcommand added later is covered without editing this test.
    top = cli.parser()
    (subcommands,) = [action for action in top._actions if isinstance(action, argparse._SubParsersAction)]
    summaries = {choice.dest: choice.help for choice in subcommands._choices_actions}
    assert {"compare", "simulate", "match", "tournament", "optimal", "play", "replay"} <= set(subcommands.choices)
    for sub, command in subcommands.choices.items():
        assert summaries.get(sub), f"{sub} has no one-line summary in battleship --help"
        with pytest.raises(SystemExit) as exit_info:
            main([sub, "--help"])  # argparse formats the help only now: a bad % in a help text fails here
        assert exit_info.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: battleship {sub} "), out
        assert command.description and " ".join(command.description.split()) in " ".join(out.split())
        if sub in ("compare", "simulate", "match"):  # the runs take the board and the seed
            assert "--seed" in out and "--fleet" in out and "--rules" in out


def test_python_dash_m_runs_the_command(python_env):
    done = subprocess.run(
        [sys.executable, "-m", "battleship", "compare", "--games", "100", "--shooters", "mediocre"],
        capture_output=True, text=True, check=True, env=python_env,
    )
    assert "mediocre" in done.stdout


def test_a_new_subcommand_can_be_registered(capsys):
    def add_hello(sub):
        p = sub.add_parser("hello", help="say hello")
        cli.add_board_options(p)
        p.set_defaults(run=lambda a: print("hello", cli.board_from(a)[0]) or 0)

    cli.register(add_hello)
    try:
        assert main(["hello", "--rows", "7"]) == 0
        assert capsys.readouterr().out == "hello 7\n"
    finally:
        cli.COMMANDS.remove(add_hello)


def test_simulate_longest_shows_the_runs_longest_game_again(capsys):
    assert main(["simulate", "parity", "--games", "300", "--seed", "4", "--longest", "--no-progress"]) == 0
    out = capsys.readouterr().out
    run = battleship.simulate("parity", 300, seed=4, game_shots=True, progress=False)
    assert run.game_shots is not None
    longest = int(run.game_shots.argmax())
    assert f"the longest game, game {longest}: {run.max} shots (X a hit, o a miss)" in out
    sunk = re.findall(r"shot +(\d+): (\w+) sunk", out)
    assert len(sunk) == 5 and int(sunk[-1][0]) == run.max  # the last sinking ends the game
    drawn = out.split("(X a hit, o a miss)")[1]
    assert drawn.count("X") == 17  # every ship cell hit, drawn on the ocean
    # Without the flag, no game is shown.
    assert main(["simulate", "parity", "--games", "300", "--no-progress"]) == 0
    assert "longest game" not in capsys.readouterr().out


def test_match_first_loss_shows_the_first_match_a_lost(capsys):
    assert main(["match", "parity", "hunt_target", "--games", "60", "--seed", "3", "--first-loss",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    r = battleship.match("parity", "hunt_target", 60, seed=3, game_results=True, progress=False)
    assert r.game_results is not None
    first = [i for i, end in enumerate(r.game_results) if end == battleship.MatchResult.B_WON][0]
    outcome = battleship.match_game("parity", "hunt_target", first, seed=3).play_to_end()
    seat = "first" if first % 2 == 0 else "second"
    assert (f"parity's first loss, match {first} (parity moved {seat}): hunt_target sank every ship in "
            f"{outcome.shots[outcome.winner]} shots, parity had fired {outcome.shots[1 - outcome.winner]}") in out
    drawn = out.split("? not fired at):")[1]
    assert 0 < drawn.count("X") < 17  # parity's hits, short of the whole fleet
    assert main(["match", "probability", "random", "--games", "4", "--first-loss", "--no-progress"]) == 0
    assert "probability lost none of the 4 decided matches" in capsys.readouterr().out
    # Nothing decided (every match a draw at the cap): not a clean record, and no winner's mean.
    assert main(["match", "parity", "random", "--games", "6", "--shot-cap", "20", "--first-loss", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "parity lost no match: no match was decided (6 drawn, 0 aborted)" in out
    assert "winner's mean shots n/a" in out
    # A shooter against itself: the sides are A and B, in the report and in the loss alike.
    assert main(["match", "random", "random", "--games", "20", "--first-loss", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "random (A)'s first loss, match " in out and ": random (B) sank every ship in " in out
    assert "random (B)'s ocean as random (A) saw it" in out
    assert main(["match", "parity", "random", "--sprt", "0", "10", "--first-loss", "--no-progress"]) == 2
    assert "--first-loss shows a match of a run of --games matches: not with --sprt" in capsys.readouterr().err


def test_match_prints_the_wilson_interval_of_the_share(capsys):
    assert main(["match", "probability", "random", "--games", "20", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"probability +wins +20  \(100\.0%, 95% interval 8[0-4]\.[0-9]% to 100\.0%\)", out), out


def test_list_names_every_shooter_placer_fleet_and_rule_set_with_what_it_is(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for name in battleship.shooter_names():
        slow = " *" if battleship.shooter_is_slow(name) else ""
        assert re.search(rf"^  {re.escape(name + slow)} +{re.escape(battleship.shooter_summary(name))}$", out, re.M)
    assert re.search(r"^  bayes \* ", out, re.M) and not re.search(r"^  parity \* ", out, re.M)
    for name in battleship.placer_names():
        assert re.search(rf"^  {name} +{re.escape(battleship.placer_summary(name))}$", out, re.M)
    assert re.search(r"^  classic +Carrier 5, Battleship 4, Cruiser 3, Submarine 3, Destroyer 2$", out, re.M)
    assert re.search(r"^  bbm103 +Carrier 5, Battleship 4 x 2, .*Patrol Boat 2 x 4$", out, re.M), out
    assert re.search(r"^  pyships +shot_cap 100$", out, re.M)  # what differs from the defaults, nothing else
    assert re.search(r"^  russian +touching no_contact, volley until_miss$", out, re.M)
    assert re.search(r"^  bbm103 +equalising_shot yes, invalid_shot forfeits$", out, re.M)  # a switch: yes or no
    assert re.search(r"^  \(defaults\) +touching allowed, .*, equalising_shot no, ", out, re.M)
    assert "your own, wherever a shooter or placer is named: module:attribute" in out
    assert main(["list", "fleets"]) == 0
    only = capsys.readouterr().out
    assert only.startswith("fleets (--fleet NAME)\n") and "shooters" not in only and "your own" not in only


def test_each_built_in_has_a_summary_and_an_unknown_name_is_refused():
    assert battleship.shooter_summary("random") == "uniformly random among the cells not yet shot (seed 001)"
    assert all(battleship.shooter_summary(n) for n in battleship.shooter_names())
    assert all(battleship.placer_summary(n) for n in battleship.placer_names())
    with pytest.raises(ValueError, match="unknown shooter 'nope'"):
        battleship.shooter_summary("nope")
    with pytest.raises(ValueError, match="unknown placer 'nope'"):
        battleship.placer_summary("nope")


def test_longest_says_so_when_no_game_finished(capsys):
    # It printed nothing, and the run looked as if the option had been ignored.
    assert main(["simulate", "parity", "--games", "5", "--shot-cap", "20", "--longest", "--no-progress"]) == 0
    assert "--longest: no game finished, so there is no longest game to show" in capsys.readouterr().out


def test_the_chart_may_not_overwrite_the_layout_it_was_played_on(tmp_path, capsys, root):
    layout = tmp_path / "fleet.svg"
    layout.write_text((root / "examples" / "layouts" / "classic.txt").read_text())
    before = layout.read_text()
    argv = ["compare", "--shooters", "parity", "--games", "5", "--layout", str(layout), "--plot", str(layout)]
    assert main([*argv, "--no-progress"]) == 2
    assert "is also --layout's file; give the chart a file of its own" in capsys.readouterr().err
    assert layout.read_text() == before


def test_a_chart_of_shooters_that_played_different_numbers_of_games_plots_shares(tmp_path, monkeypatch):
    # The slow shooters' 200 games drew a flat line beside the others' 10,000 under a title that
    # said every shooter played 10,000.
    pytest.importorskip("matplotlib")
    import battleship.plot

    drawn = {}
    real = battleship.plot.shots_distribution

    def spy(results, **options):
        drawn.update(options, games=[r.games for r in results])
        return real(results, **options)

    monkeypatch.setattr(battleship.plot, "shots_distribution", spy)
    chart = tmp_path / "chart.png"
    argv = ["compare", "--shooters", "parity,bayes", "--games", "40", "--slow-games", "4", "--plot", str(chart)]
    assert main([*argv, "--no-progress"]) == 0 and chart.exists()
    assert drawn["games"] == [40, 4] and drawn["share"] is True
    assert drawn["title"] == "Shots to sink the fleet, 40 games each (bayes: 4)"
    assert main(["compare", "--shooters", "parity", "--games", "40", "--plot", str(chart), "--no-progress"]) == 0
    assert drawn["share"] is False and drawn["title"] == "Shots to sink the fleet, 40 games each"


def test_a_tournament_header_names_the_placer_settings_and_their_placers(capsys):
    # The header left --candidates and --search-budget out (the players' names show only the
    # placer), and a fleet the budget could not lay out got no hint.
    assert main(["tournament", "parity/spread", "hunt_target/elusive", "random", "--games", "2",
                 "--candidates", "4", "--no-progress"]) == 0
    assert ", seed 0, 4 candidates (elusive, spread)\n" in capsys.readouterr().out
    crowded = ["--rows", "8", "--cols", "8", "--fleet", "bbm103", "--touching", "no_contact"]
    assert main(["tournament", "parity/spread", "random", "--games", "2", "--search-budget", "5", *crowded,
                 "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert ", search budget 5 (spread, uniform)\n" in out
    assert ("the placers found no layout for some fleets within --search-budget 5; or try players "
            "SHOOTER/sequential (not uniform)") in out


def test_pieces_of_a_compare_with_slow_shooters_say_what_they_hold(tmp_path, capsys):
    # A slow shooter plays only --slow-games of each piece: the header said every game of the
    # range, and combine refused the pieces with no word of why.
    pieces = []
    for first in (0, 10):
        piece = tmp_path / f"p{first}.json"
        argv = ["compare", "--shooters", "random,expert", "--games", "10", "--slow-games", "3",
                "--first-game", str(first), "--json", str(piece), "--no-progress"]
        assert main(argv) == 0
        assert f"(they played games {first} to {first + 2} only" in capsys.readouterr().out
        pieces.append(str(piece))
    assert main(["combine", *pieces]) == 2
    assert "a slow shooter plays only --slow-games of each compare piece" in capsys.readouterr().err


def test_options_are_taken_only_in_full(capsys):
    # A prefix once ran `optimal --seed 7` as `--seeds 7`: seven generators, not a seed.
    with pytest.raises(SystemExit) as stop:
        cli.main(["optimal", "3", "3", "2", "--seed", "7", "--shooters", "parity"])
    assert stop.value.code == 2
    assert "unrecognized arguments: --seed 7" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["match", "parity", "random", "--game", "5"])
    assert "unrecognized arguments: --game 5" in capsys.readouterr().err


def test_a_fleet_is_given_by_name_or_by_its_ship_lengths(capsys):
    # Small boards for a lesson: two destroyers on 4 x 4, as `battleship optimal 4 4 2 2` takes them.
    assert main(["simulate", "probability", "--rows", "4", "--cols", "4", "--fleet", "2,2", "--games", "500", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 x 4, fleet 2,2" in out
    mean = float(re.search(r"probability\s+([0-9.]+)", out).group(1))
    assert 8.0 < mean < 9.5  # perfect play's 8.6696, give or take 500 games' noise; random's 13.6
    for bad, why in (("2,x", "unknown fleet '2,x'"), ("2,0", "a ship's length must be at least 1"),
                     ("3,\u00b2", "unknown fleet '3,\u00b2'"), ("3,\u0663", "unknown fleet '3,\u0663'"),  # ² and Arabic 3
                     ("3," + "9" * 5000, "a number of 5,000 digits is more than any board or fleet holds"),
                     ("2x" + "9" * 5000, "a number of 5,000 digits is more than any board or fleet holds"),
                     ("2x0", "a ship class's count must be at least 1, got 0"), ("2x3x", "unknown fleet '2x3x'"),
                     ("2x17,2x16", "the fleet has 33 ships; at most 32 are supported")):
        with pytest.raises(SystemExit) as stop:
            main(["simulate", "random", "--fleet", bad])
        assert stop.value.code == 2
        assert why in capsys.readouterr().err
    assert main(["simulate", "random", "--rows", "3", "--cols", "3", "--fleet", "4"]) == 2
    assert "does not fit" in capsys.readouterr().err
    # LENGTHxCOUNT is a class of COUNT ships: 32 ships, past the 16 classes that lengths alone reach.
    assert main(["simulate", "random", "--rows", "14", "--cols", "14", "--fleet", "5,4x3,2X28", "--games", "20", "--seed", "1", "--json", "-"]) == 0
    (run,) = json.loads(capsys.readouterr().out)["results"]
    assert [(c["name"], c["symbol"], c["length"], c["count"]) for c in run["setup"]["fleet"]] == [
        ("Ship 1", "A", 5, 1), ("Ship 2", "B", 4, 3), ("Ship 3", "C", 2, 28)]
    assert run["finished"] == 20 and run["min"] >= 5 + 12 + 56  # random finds every ship cell: 73 of them


def test_json_to_stdout_leaves_the_report_on_stderr_and_combine_reads_it_from_stdin(capsys, python_env):
    assert main(["simulate", "parity", "--games", "100", "--seed", "3", "--json", "-"]) == 0
    captured = capsys.readouterr()
    document = json.loads(captured.out)  # nothing but the JSON on stdout
    assert document["format"] == "battleship-results" and document["results"][0]["games"] == 100
    assert "parity" in captured.err and "wrote" not in captured.err + captured.out
    piped = subprocess.run(
        [sys.executable, "-m", "battleship", "combine", "-"], input=captured.out, capture_output=True, text=True,
        env=python_env, timeout=120,
    )
    assert piped.returncode == 0, piped.stderr
    assert "1 piece from 1 file, combined into 1 result" in piped.stdout


def test_combine_reads_standard_input_from_python_s_stdin_not_a_device(capsys, monkeypatch):
    # sys.stdin replaced, as on Windows, which has no /dev/stdin: the pieces are still read.
    assert main(["simulate", "parity", "--games", "50", "--seed", "3", "--json", "-"]) == 0
    piece = capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(piece.encode())))
    assert main(["combine", "-"]) == 0
    assert "1 piece from 1 file, combined into 1 result" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"format": ')))
    assert main(["combine", "-"]) == 2
    assert capsys.readouterr().err.startswith("battleship: error: standard input: line 1 column 12: ")


def test_a_file_that_cannot_be_read_is_named_as_a_person_reads_it(capsys, tmp_path):
    missing = tmp_path / "nonexist.json"
    assert main(["combine", str(missing)]) == 1
    assert capsys.readouterr().err == f"battleship: error: {missing}: No such file or directory\n"  # no [Errno 2]


def test_a_speed_under_ten_games_a_second_keeps_two_digits_not_zero():
    # A slow shooter on a 32 x 32 board plays a game in seconds: its row said 0 games/s.
    from battleship.cli.report import _solo_row

    r = battleship.simulate("parity", 10, progress=False)
    for speed, shown in ((0.4321, " 0.43"), (7.0, " 7"), (12.6, " 13"), (250_000.4, " 250,000")):
        row = _solo_row(dataclasses.replace(r, games_per_second=speed), "parity", 20)
        assert row[-13:] == f"{shown.strip():>13}", (speed, row)  # the column's width kept
