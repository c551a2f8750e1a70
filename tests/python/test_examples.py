"""Every script under examples/python runs to the end and prints what it promises (small runs)."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import battleship

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "python"

# Each script with arguments that keep it short, and a line its output must contain.
RUNS = {
    "quickstart.py": (["--games", "500"], "bbm103's fleet on 8 x 8 without contact, spread: 50 of 50 games laid out"),
    "python_shooter.py": (["--games", "300"], "head to head:"),
    # It asserts the identical histograms before it prints the refusal.
    "distributed_run.py": (["--games", "3000"], "refused (combine: pieces of different runs (seed 42 and 43))"),
    "probability_map.py": (["--shots", "5", "--out", "{tmp}/map.png"], "expected ship cells 17.00 of 17"),
    "gym_baselines.py": (["--episodes", "5"], "probability (suggest)"),
    "self_play.py": (["--episodes", "5"], "probability 20% random"),
    "duel_baselines.py": (["--episodes", "5"], "probability  wins"),
    "perfect_play.py": (["--ships", "2,2", "--seed", "5"], "perfect play needs 8.6696 shots"),
    "vector_env.py": (["--envs", "8", "--episodes", "40"], "probability on 8 chosen layouts: mean"),
    "paired_comparison.py": (["--games", "3000"], "parity minus checkerboard_search, game by game:"),
    "layout_challenge.py": (["--games", "300"], "classic.txt, touching allowed:"),
    "custom_command.py": (["placers", "probability", "--games", "300"], "probability, 300 games per placer, 10 x 10"),
    "shot_advisor.py": (["--demo", "3"], "all 5 ships sunk in "),
    "lost_matches.py": (["--games", "40"], "parity sank every ship in"),
    "longest_game.py": (["--games", "300"], "the ocean after"),
    "saved_results.py": (["{tmp}/runs.json", "--games", "300"], "probability minus parity, game by game: "),
    "where_misses_fall.py": (["--games", "300", "--plot", "{tmp}/phases.png"], "probability saves "),
    "train_agent.py": (["--episodes", "200", "--tests", "30"], "on the layouts of seeds 0 to 29, the same for each"),
    "tune_shooter.py": (["--games", "300"], "probability (hit_weight 1)       mean "),
    "sequential_test.py": (["--max-matches", "400"], "matches (the same)"),
    "knowing_shooter.py": (["mediocre", "--games", "200"], "mediocre layouts, 200 games: probability "),
}
# What a script prints with no arguments, where that differs from its line above.
DEFAULT_LINES = {
    "perfect_play.py": "4 x 4, ships 3: perfect play needs 5.6250 shots",
    "vector_env.py": "probability on 64 chosen layouts: mean",
    "custom_command.py": "probability, 2,000 games per placer, 10 x 10, fleet classic",
    "shot_advisor.py": "input ended: 0 shots fired, 5 ships afloat",  # no input: it stops
    "train_agent.py": "10,000 training games",
    "knowing_shooter.py": "spread layouts, 400 games: probability ",
}


def run_example(
    name: str, arguments: list[str], tmp_path: pathlib.Path, python_env: dict[str, str], status: int = 0,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """Runs examples/python/``name`` in ``tmp_path`` with the interpreter and the battleship
    package these tests use (``python_env``), and checks that it exited with ``status``. Its
    standard input is ``input``, or empty (not the terminal pytest may run in)."""
    env = dict(python_env, MPLBACKEND="Agg")
    command = [sys.executable, str(EXAMPLES / name)] + [a.format(tmp=tmp_path) for a in arguments]
    stdin = {"input": input} if input is not None else {"stdin": subprocess.DEVNULL}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path, **stdin)
    assert done.returncode == status, done.stderr
    return done


def test_every_example_is_run_here() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(RUNS)


@pytest.mark.parametrize("name", sorted(RUNS))
def test_example_runs(name: str, tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    arguments, expected = RUNS[name]
    done = run_example(name, arguments, tmp_path, python_env)
    assert expected in done.stdout
    if name == "probability_map.py":  # the picture it says it wrote is a PNG
        assert f"wrote {tmp_path / 'map.png'}" in done.stdout
        assert (tmp_path / "map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_python_placer_makes_the_density_shooter_work_harder(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    out = run_example("python_shooter.py", ["--games", "300"], tmp_path, python_env).stdout
    duel = re.search(r"^head to head: py_checkerboard (\d+), parity (\d+), draws (\d+)$", out, re.MULTILINE)
    assert duel and sum(map(int, duel.groups())) == 200
    # The README's 61.3 -> 55.0: the stale-target rule, both ways, on the same games.
    fresh = re.search(r"^py_checkerboard: mean (\d+\.\d\d) shots", out, re.MULTILINE)
    stale = re.search(r"^py_checkerboard_stale \(no stale-target rule\): mean (\d+\.\d\d) shots$", out, re.MULTILINE)
    assert fresh and stale and float(stale[1]) > float(fresh[1]) + 3, out
    edges = re.search(r"^probability against py_edges: mean (\d+\.\d\d) shots over 300 games "
                      r"\(uniform layouts: (\d+\.\d\d)\)$", out, re.MULTILINE)
    assert edges, out
    assert float(edges[1]) > float(edges[2]) + 1  # every ship on an edge: the centre-first hunt pays


def test_the_command_line_plays_the_examples_python_shooter_by_its_spec(python_env: dict[str, str]) -> None:
    # As the README has it: from examples/python, module:attribute names the example's classes.
    done = subprocess.run(
        [sys.executable, "-m", "battleship", "match", "python_shooter:CheckerboardHunter", "probability",
         "--placer", "python_shooter:EdgePlacer", "--games", "40", "--seed", "2", "--no-progress"],
        env=python_env, cwd=EXAMPLES, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    sys.path.insert(0, str(EXAMPLES))
    try:
        import python_shooter  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(EXAMPLES))
    r = battleship.match(python_shooter.CheckerboardHunter(), "probability", 40, seed=2, progress=False,
                         placers=(python_shooter.EdgePlacer(), python_shooter.EdgePlacer()))
    assert f"  python_shooter:CheckerboardHunter wins {r.wins_a:>8,}" in done.stdout


def test_the_plugin_package_installs_and_its_strategies_play_by_name(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    # As examples/plugin_package/pyproject.toml says: pip install it, then the names work.
    source = tmp_path / "plugin_package"
    shutil.copytree(EXAMPLES.parent / "plugin_package", source)  # pip builds in the tree: not in the checkout
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(source)],
        env=python_env, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    env = dict(python_env, PYTHONPATH=os.pathsep.join([str(site), python_env.get("PYTHONPATH", "")]))

    def battleship_command(*args: str) -> str:
        run = subprocess.run([sys.executable, "-m", "battleship", *args], env=env, cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        return run.stdout

    listed = battleship_command("list")
    assert re.search(r"^  spiral +battleship_spiral:SpiralShooter: Hunts on a checkerboard from the centre", listed,
                     re.M)
    assert re.search(r"^  corners +battleship_spiral:CornerPlacer: Lays each ship, longest first", listed, re.M)
    out = battleship_command("simulate", "spiral", "--placer", "corners", "--games", "100", "--seed", "3",
                             "--no-progress")
    sys.path.insert(0, str(source))
    try:
        import battleship_spiral  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(source))
    same = battleship.simulate(battleship_spiral.SpiralShooter(), 100, seed=3,
                               placer=battleship_spiral.CornerPlacer(), progress=False)
    assert re.search(rf"^spiral +{same.mean:.2f} +{same.ci95:.2f} +{same.median} ", out, re.M), out


def test_saved_results_are_studied_again_without_playing_and_a_commands_file_too(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    first = run_example("saved_results.py", ["runs.json", "--games", "200", "--seed", "4"], tmp_path, python_env).stdout
    assert first.startswith("played parity, probability, 200 games each, and saved the results to runs.json")
    again = run_example("saved_results.py", ["runs.json", "--games", "999"], tmp_path, python_env).stdout
    notice, figures = again.split("\n\n", 1)
    assert notice == ("runs.json exists: reading it back, nothing played (--games not used; delete the file, "
                      "or name another, to play again)")
    assert figures == first.split("\n\n", 1)[1]  # read back: the same figures
    assert run_example("saved_results.py", ["runs.json"], tmp_path, python_env).stdout == figures  # no option: no notice
    lost = run_example("saved_results.py", ["nowhere/runs.json"], tmp_path, python_env, status=1)
    assert lost.stdout == "" and "nowhere/runs.json: directory" in lost.stderr  # refused before playing
    parity = battleship.simulate("parity", 200, seed=4, progress=False)
    assert f"  parity                   200 games  mean {parity.mean:6.2f} ± {parity.ci95:.2f}" in again
    # A file the command line wrote: a tournament, and a comparison without game by game shots.
    done = subprocess.run(
        [sys.executable, "-m", "battleship", "tournament", "random", "parity", "--games", "10", "--no-progress",
         "--json", "t.json"], env=python_env, cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = run_example("saved_results.py", ["t.json"], tmp_path, python_env).stdout
    assert out.startswith("t.json: 1 result\na tournament:\n| player | score | elo |")
    (tmp_path / "bad.json").write_text((tmp_path / "t.json").read_text().replace('"wins": ', '"wins": -', 1))
    bad = run_example("saved_results.py", ["bad.json"], tmp_path, python_env, status=2)
    assert "bad.json: results[0].standings[0].wins: expected at least 0, got -" in bad.stderr


@pytest.mark.parametrize("name, option", [("where_misses_fall.py", "--plot"), ("probability_map.py", "--out")])
def test_a_picture_that_cannot_be_written_is_refused_before_any_game(
    name: str, option: str, tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    lost = run_example(name, [option, "nowhere/x.png"], tmp_path, python_env, status=1)
    assert lost.stdout == "" and f"error: {option} nowhere/x.png: directory" in lost.stderr
    odd = run_example(name, [option, "x.jpgx"], tmp_path, python_env, status=2)
    assert odd.stdout == "" and "matplotlib cannot write .jpgx files" in odd.stderr
    if name == "probability_map.py":  # a name without a suffix is written, and said, as .png
        done = run_example(name, ["--shots", "2", option, "map"], tmp_path, python_env)
        assert "wrote map.png" in done.stdout and (tmp_path / "map.png").exists()


def test_the_layout_challenge_takes_your_own_shooter_and_names_a_file_that_is_not_text(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    env = dict(python_env, PYTHONPATH=os.pathsep.join([str(EXAMPLES), python_env["PYTHONPATH"]]))
    out = run_example("layout_challenge.py", ["--games", "20", "--shooters", "python_shooter:CheckerboardHunter"],
                      tmp_path, env).stdout
    assert re.search(r"^python_shooter:CheckerboardHunter +\d+\.\d\d +\d+\.\d\d +[+-]\d+\.\d\d$", out, re.MULTILINE)
    (tmp_path / "binary.txt").write_bytes(b"C C\n\xff\xfe\n")
    bad = run_example("layout_challenge.py", ["binary.txt"], tmp_path, python_env, status=2)
    assert "binary.txt: line 2: not UTF-8 text (byte 0xff)" in bad.stderr and "Traceback" not in bad.stderr
    unknown = run_example("layout_challenge.py", ["--shooters", "parity,nope"], tmp_path, python_env, status=2)
    assert "unknown shooter 'nope'" in unknown.stderr


def test_the_layout_challenge_hunts_the_drawn_layout_and_names_a_refused_ships_line(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    out = run_example("layout_challenge.py", ["--games", "300"], tmp_path, python_env).stdout
    sample = (EXAMPLES.parent / "layouts" / "classic.txt").read_text()
    drawn = "".join(line + "\n" for line in sample.splitlines() if line and not line.startswith("#"))
    assert drawn in out  # the layout read, drawn back
    rows = dict(re.findall(r"^(random|parity|probability) +(\d+\.\d\d) +\d+\.\d\d +[+-]\d+\.\d\d$", out, re.MULTILINE))
    assert sorted(rows) == ["parity", "probability", "random"], out
    assert float(rows["random"]) > float(rows["parity"]) > float(rows["probability"])
    # The Cruiser moved against the Battleship: refused under no contact, with its line.
    touching = tmp_path / "touching.txt"
    touching.write_text(sample.replace("B . . . R R R", "B R R R . . ."))
    done = run_example("layout_challenge.py", [str(touching), "--touching", "no_contact"], tmp_path, python_env, status=2)
    assert "touching.txt: line 7, column 2: the Cruiser ('R') starting here, across: the ship would touch" in done.stderr


def test_the_quickstart_plays_a_round_robin_and_a_match_driven_from_outside(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    out = run_example("quickstart.py", ["--games", "500"], tmp_path, python_env).stdout
    standings = re.findall(
        r"^\| (parity|probability|probability/elusive) \| (0\.\d{3}) \| ([+-]\d+) ± \d+ \| (\d+) \| (\d+) \| 0 \|",
        out, re.MULTILINE,
    )
    assert sorted(row[0] for row in standings) == ["parity", "probability", "probability/elusive"]
    assert all(int(wins) + int(losses) == 400 for _, _, _, wins, losses in standings)  # 200 matches a pair
    assert sum(int(elo) for _, _, elo, _, _ in standings) in range(-2, 3)  # measured from their mean
    # Three pairs, two free ratings: the test of the fit has one degree of freedom.
    fit = re.search(r"^Fit of one rating a player: chi-square [0-9.]+ on 1 degree of freedom, p = [0-9.e+-]+; "
                    r"worst described: ([a-z/]+) took [0-9.]+% against ([a-z/]+), .*\n\1 against \2: ([+-][0-9.]+) standard "
                    r"deviations from its rating$", out, re.MULTILINE)
    assert fit, out
    assert re.search(r"^the winner's first shot: [A-J](?:10|[1-9]), (?:miss|hit|sunk)$", out, re.MULTILINE)
    salvo = re.search(r"^salvo, me against probability: (me|probability) won in (\d+) rounds$", out, re.MULTILINE)
    assert salvo, out  # the winner by name ("win, winner 1" read as a win for me)
    # The observer heard each of the winner's five sinkings.
    seat = 0 if salvo[1] == "me" else 1
    assert len(re.findall(rf"^  player {seat} sank ship [0-4] at ", out, re.MULTILINE)) == 5


def test_the_probability_map_asks_a_copy_what_if(tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    out = run_example("probability_map.py", ["--shots", "5", "--out", str(tmp_path / "m.png")], tmp_path, python_env).stdout
    what_if = re.search(r"^if ([A-J]\d+) missed: ([A-J]\d+) would rise most, ([\d.]+)% to ([\d.]+)% "
                        r"\(6 answers in the copy, 5 in the original\)$", out, re.MULTILINE)
    assert what_if, out
    likeliest = re.search(r"likeliest open cell ([A-J]\d+) ", out)
    assert likeliest and likeliest[1] == what_if[1] != what_if[2]
    assert float(what_if[4]) > float(what_if[3])


def test_the_custom_command_plays_each_placer_asked_for_against_uniform_first(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    out = run_example("custom_command.py", ["placers", "--placers", "spread,elusive", "--games", "300"],
                      tmp_path, python_env).stdout
    assert out.startswith("probability, 300 games per placer, 10 x 10, fleet classic")
    rows = re.findall(r"^(\w+) +(\d+\.\d\d) +\d+\.\d\d +\d+ +\d+ +([+-]\d+\.\d\d)$", out, re.MULTILINE)
    assert [row[0] for row in rows] == ["uniform", "spread", "elusive"], out  # the baseline first
    means = {name: float(mean) for name, mean, _ in rows}
    differences = {name: difference for name, _, difference in rows}
    assert differences["uniform"] == "+0.00"
    assert float(differences["elusive"]) == pytest.approx(means["elusive"] - means["uniform"], abs=0.011)
    # Their layouts are chosen to be found late by density shooters: +3 and +10 shots at seed 0.
    assert means["elusive"] > means["spread"] > means["uniform"] + 1
    # The built-in subcommands are still there, and a bad name is main's one-line error.
    assert "compare" in run_example("custom_command.py", ["--help"], tmp_path, python_env).stdout
    done = run_example("custom_command.py", ["placers", "--placers", "spread,nope"], tmp_path, python_env, status=2)
    assert done.stderr.startswith("battleship: error: unknown placer 'nope'") and "Traceback" not in done.stderr


@pytest.mark.parametrize("name", sorted(RUNS))
def test_example_runs_with_no_arguments(name: str, tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    done = run_example(name, [], tmp_path, python_env)
    assert DEFAULT_LINES.get(name, RUNS[name][1]) in done.stdout


def test_the_trained_agent_learns_to_fire_far_better_than_at_random(tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    out = run_example("train_agent.py", ["--episodes", "3000", "--tests", "200"], tmp_path, python_env).stdout
    blocks = [float(m) for m in re.findall(r"^  training games [\d,]+-[\d,]+: mean (\d+\.\d\d) shots$", out, re.MULTILINE)]
    assert len(blocks) == 8 and blocks[-1] < blocks[0] - 2, out  # it gets better while it trains
    score = {name: float(mean) for name, mean in re.findall(r"^  (\w[\w ]*\w) +(\d+\.\d\d)$", out, re.MULTILINE)}
    assert set(score) == {"masked random", "trained agent", "probability"}, out
    # A sign slip in the gradient leaves it at random's 21 shots or worse; the density shooter,
    # near perfect play on this board, stays ahead of a linear policy.
    assert score["trained agent"] < score["masked random"] - 5 and score["trained agent"] > score["probability"], out


def test_the_knowing_shooter_saves_shots_on_its_placers_layouts_only(tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    out = run_example("knowing_shooter.py", ["mediocre", "--games", "300"], tmp_path, python_env).stdout
    found = dict(re.findall(r"^(\w+) layouts, 300 games: .* difference ([-+]\d+\.\d\d ± \d+\.\d\d) shots$", out, re.MULTILINE))
    assert list(found) == ["mediocre", "uniform"], out
    (known, known_ci), (uniform, uniform_ci) = (map(float, found[k].split(" ± ")) for k in found)
    # Measured: -9.83 ± 1.32 on mediocre's layouts, -0.94 ± 1.12 on uniform ones.
    assert known < -5 and known + known_ci < 0, out
    assert abs(uniform) < 1.5, out


def test_the_paired_comparison_prints_a_narrower_interval_than_the_two_means(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    done = run_example("paired_comparison.py", ["parity", "checkerboard_search", "--games", "4000", "--seed", "3"],
                       tmp_path, python_env)
    lines = {line.split(",")[1].split(":")[0].strip(): line for line in done.stdout.splitlines() if " minus " in line}
    separate = float(lines["from the two means"].split("±")[1].split()[0])
    paired = float(lines["game by game"].split("±")[1].split()[0])
    assert 0 < paired < 0.8 * separate


@pytest.mark.parametrize("rules", ["classic", "russian"])
def test_the_self_play_example_prints_its_table(rules: str, tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    pytest.importorskip("pettingzoo")
    done = run_example("self_play.py", ["--episodes", "3", "--rules", rules], tmp_path, python_env)
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{rules} rules, 3 matches a pair") and "steps a second" in lines[-1]
    table = {line[:24].strip(): line[24:].split() for line in lines[2:6]}  # 24-character columns
    assert list(table) == ["random", "parity", "probability 20% random", "probability"]
    assert table["random"] == ["-", "0.0%", "0.0%", "0.0%"]  # random never wins
    assert table["probability"][0] == "100.0%" and table["probability"][3] == "-"


@pytest.mark.parametrize("rules", ["salvo", "russian"])
def test_the_duel_baselines_run_under_other_rules(rules: str, tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    done = run_example("duel_baselines.py", ["--episodes", "4", "--rules", rules], tmp_path, python_env)
    assert f"{rules} rules" in done.stdout and done.stdout.count("wins") == 4
    # each share with Wilson's interval, which keeps a width at 0 and 100 percent
    rows = re.findall(r"wins +(\d+\.\d)% \((\d+\.\d) to (\d+\.\d)\)", done.stdout)
    assert len(rows) == 4
    for wins, low, high in rows:
        share, expected_low, expected_high = battleship.proportion(round(float(wins) / 25), 4)
        assert (float(low), float(high)) == (round(100 * expected_low, 1), round(100 * expected_high, 1))
        assert float(low) < float(high)


def test_the_duel_baselines_play_another_opponent_and_show_the_boards(
    tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    out = run_example("duel_baselines.py", ["--episodes", "3", "--opponent", "parity", "--show"], tmp_path,
                      python_env).stdout
    assert out.startswith("3 matches each against 'parity', classic rules")
    target = re.search(r"^target \(agent's shots: (\d+)\)$", out, re.MULTILINE)
    own = re.search(r"^own fleet \(opponent's shots: (\d+)\)$", out, re.MULTILINE)
    assert target and own and target.start() < own.start()
    # The last match is over: one side's 17 ship cells are all hit (X) on its board.
    boards = out[target.end():own.start()], out[own.end():]
    assert 17 in [board.count("X") for board in boards]


@pytest.mark.parametrize(
    "name, args, message",
    [
        ("quickstart.py", ["--games", "0"], "argument --games: must be at least 1, got 0"),
        ("train_agent.py", ["--rate", "-0.1"], "argument --rate: must be above 0 and at most 1, got -0.1"),
        ("train_agent.py", ["--size", "11"], "argument --size: must be at most 10, got 11"),
        ("paired_comparison.py", ["nope", "parity"], "error: unknown shooter 'nope'"),
        ("knowing_shooter.py", ["nope"], "error: unknown placer 'nope'"),
        ("sequential_test.py", ["--elo0", "30", "--elo1", "0"], "error: elo1"),
        ("duel_baselines.py", ["--episodes", "abc"], "argument --episodes: 'abc' is not a whole number"),
        ("duel_baselines.py", ["--opponent", "nope"], "error: unknown shooter 'nope'; known: random"),
        ("perfect_play.py", ["--ships", "5", "--rows", "4", "--cols", "4"], "error: 'Ship 1' (length 5) does not fit on a 4 x 4 board"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_code_2(name: str, args: list[str], message: str, python_env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True,
                          env=python_env, timeout=120)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


# The shot advisor: each suggestion line, and each answer the demo prints as if typed.
SUGGESTION = re.compile(r"^turn (\d+)(?: \(again, after a hit\))?, (\d+) shots?: ((?:[A-J](?:10|[1-9]) ?)+)$", re.MULTILINE)
DEMO_ANSWER = re.compile(r"^> ([A-J](?:10|[1-9])) (miss|hit|sunk(?: [A-Za-z ]+)?)$", re.MULTILINE)


def _views(out: str) -> list[str]:
    """The boards the advisor printed (10 x 10: a header and ten rows each)."""
    lines = out.splitlines()
    return ["\n".join(lines[i + 1 : i + 11]) for i, line in enumerate(lines) if line.split() == list("ABCDEFGHIJ")]


@pytest.mark.parametrize("fleet, ships", [("classic", 5), ("bbm103", 9)])
def test_the_shot_advisor_demo_sinks_the_fleet_in_as_many_shots_as_it_answered(
    fleet: str, ships: int, tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    out = run_example("shot_advisor.py", ["--demo", "3", "--fleet", fleet], tmp_path, python_env).stdout
    answers = DEMO_ANSWER.findall(out)
    end = re.search(rf"^all {ships} ships sunk in (\d+) shots$", out, re.MULTILINE)
    assert end and int(end[1]) == len(answers) == len(SUGGESTION.findall(out)), out
    # One single shot a turn, each answered with the cell suggested; every ship sunk once, by
    # name (bbm103's copies of a class, such as its four Patrol Boats, each take a sinking).
    assert [cells for _, _, cells in SUGGESTION.findall(out)] == [cell for cell, _ in answers]
    sunk = [result[5:] for _, result in answers if result.startswith("sunk")]
    names = [battleship.Fleet.named(fleet).ship(i)["name"] for i in range(ships)]
    assert sorted(sunk) == sorted(names)
    last = _views(out)[-1]  # every ship cell hit, nothing pending
    assert last.count("X") == battleship.Fleet.named(fleet).total_length and "*" not in last


@pytest.mark.parametrize("arguments, size", [(["--rules", "salvo"], 5), (["--salvo-size", "3"], 3)])
def test_the_shot_advisor_suggests_volleys_of_distinct_cells_marked_pending(
    arguments: list[str], size: int, tmp_path: pathlib.Path, python_env: dict[str, str]
) -> None:
    out = run_example("shot_advisor.py", ["--demo", "3", *arguments], tmp_path, python_env).stdout
    turns = SUGGESTION.findall(out)
    assert len(turns) > 3 and re.search(r"^all 5 ships sunk in \d+ shots$", out, re.MULTILINE), out
    # The demo keeps your fleet afloat: a salvo is a shot per ship of the fleet, every turn.
    assert [int(turn) for turn, _, _ in turns] == list(range(1, len(turns) + 1))
    for (_, shots, volley), view in zip(turns, _views(out)):
        cells = volley.split()
        assert int(shots) == size == len(cells) == len(set(cells))  # distinct: each was pending
        assert view.count("*") == size  # the suggestions the view shows pending
    answers = DEMO_ANSWER.findall(out)
    assert len(answers) == int(re.findall(r"sunk in (\d+) shots", out)[-1])
    assert len({cell for cell, _ in answers}) == len(answers)


def test_the_shot_advisor_asks_again_after_an_impossible_answer(tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    script = "\n".join([
        "B7 miss",  # a cell of one's own instead of the suggestion: taken
        "",
        "b7 HIT",  # answered before
        "hello",  # not an answer
        "C3 sunk Kraken",  # no such ship
        "C3 sunk",  # the classic rules name the ship sunk
        "K1 miss",  # off the board
        "E5 sunk Destroyer",  # a Destroyer of two cells sunk by its only hit: no layout fits
        "C3 hit",  # taken
        "C4 sunk destroyer",
        "C5 sunk Destroyer",  # the only Destroyer is sunk
    ]) + "\n"
    done = run_example("shot_advisor.py", ["--seed", "1"], tmp_path, python_env, input=script)
    assert "Traceback" not in done.stderr and not done.stderr
    refusals = re.findall(r"^refused: '([^']*)': .*; answer again$", done.stdout, re.MULTILINE)
    assert refusals == ["b7 HIT", "hello", "C3 sunk Kraken", "C3 sunk", "K1 miss", "E5 sunk Destroyer", "C5 sunk Destroyer"]
    assert "b7 was answered before" in done.stdout and "no ship called 'Kraken'" in done.stdout
    assert "K1 is not on the 10 x 10 board" in done.stdout and "no layout of the fleet fits" in done.stdout
    assert "input ended: 3 shots fired, 4 ships afloat" in done.stdout
    assert len(SUGGESTION.findall(done.stdout)) == 4  # the fourth suggestion is still unanswered


def test_the_shot_advisor_withdraws_the_suggestions_not_fired(tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    first = run_example("shot_advisor.py", ["--seed", "1", "--salvo-size", "3"], tmp_path, python_env).stdout
    suggested = SUGGESTION.findall(first)[0][2].split()
    mine = [cell for cell in ("A1", "A2", "A3", "A4", "A5", "A6") if cell not in suggested][:3]
    script = "".join(f"{cell} miss\n" for cell in mine)
    out = run_example("shot_advisor.py", ["--seed", "1", "--salvo-size", "3"], tmp_path, python_env, input=script).stdout
    assert f"not fired, withdrawn: {' '.join(suggested)}" in out
    views = _views(out)
    assert len(views) == 2 and views[0].count("*") == views[1].count("*") == 3  # none left over
    assert views[1].count("o") == 3 and "input ended: 3 shots fired, 5 ships afloat" in out


def test_the_lost_match_shown_is_one_the_run_lost(tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    done = run_example("lost_matches.py", ["parity", "hunt_target", "--games", "60", "--seed", "2"], tmp_path,
                       python_env)
    r = battleship.match("parity", "hunt_target", 60, seed=2, game_results=True, progress=False)
    assert r.game_results is not None
    lost = [i for i, end in enumerate(r.game_results) if end == battleship.MatchResult.B_WON]
    assert f"parity lost {len(lost)} of 60 matches" in done.stdout
    assert f"match {lost[0]} (parity moved {'first' if lost[0] % 2 == 0 else 'second'})" in done.stdout
    said = re.search(r"hunt_target sank every ship in (\d+) shots; parity had fired (\d+) shots", done.stdout)
    assert said, done.stdout
    outcome = battleship.match_game("parity", "hunt_target", lost[0], seed=2).play_to_end()
    assert [int(n) for n in said.groups()] == [outcome.shots[outcome.winner], outcome.shots[1 - outcome.winner]]


def test_the_longest_game_shown_is_the_runs_longest(tmp_path: pathlib.Path, python_env: dict[str, str]) -> None:
    done = run_example("longest_game.py", ["parity", "--games", "300", "--seed", "5"], tmp_path, python_env)
    run = battleship.simulate("parity", 300, seed=5, game_shots=True, progress=False)
    assert run.game_shots is not None
    longest = int(run.game_shots.argmax())
    assert f"the longest is game {longest}, {run.max} shots" in done.stdout
    sunk = re.findall(r"shot +(\d+): (\w+) sunk", done.stdout)
    assert len(sunk) == 5 and int(sunk[-1][0]) == run.max  # the last sinking ends the game
    assert sorted(name for _, name in sunk) == sorted(c.name for c in battleship.Fleet.classic().classes)
