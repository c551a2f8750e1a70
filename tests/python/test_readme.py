"""The README's Python examples run as written, in order, in one namespace (as a reader pastes them
into one session), and what their comments claim holds: a README that drifts from the package
fails here, not in a reader's notebook."""

from __future__ import annotations

import pathlib
import re
from dataclasses import replace
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

import battleship

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_blocks() -> List[Tuple[int, str]]:
    """Each ```python block of the README with the line its code starts on."""
    blocks, code, start = [], None, 0
    for number, line in enumerate((ROOT / "README.md").read_text(encoding="utf-8").splitlines(), 1):
        if code is None and line.strip() == "```python":
            code, start = [], number + 1
        elif code is not None and line.strip() == "```":
            blocks.append((start, "\n".join(code) + "\n"))
            code = None
        elif code is not None:
            code.append(line)
    assert code is None, f"README.md: the ```python block at line {start} is never closed"
    return blocks


def drawing(path: pathlib.Path) -> str:
    """A layout file's rows without its comments and blank lines."""
    rows = [line.split("#")[0].rstrip() for line in path.read_text(encoding="utf-8").splitlines()]
    return "\n".join(row for row in rows if row)


def check_claims(code: str, ns: Dict[str, Any]) -> None:
    """What the comments of the block that was just run say, checked on what it left behind."""
    if "battleship.Posterior(" in code:  # "(10, 10) NumPy array; 1 on hits, 0 on misses"
        p = ns["belief"].probabilities()
        assert isinstance(p, np.ndarray) and p.shape == (10, 10)
        hit = ns["ocean"].ships[4, 4] >= 0  # E5 is row 4, column 4
        assert p[4, 4] == (1.0 if hit else 0.0)
        assert p.sum() == pytest.approx(17.0)  # 17 ship cells expected in all
    if "battleship.combine(" in code:  # "== simulate("parity", 2_000_000, seed=1)"
        assert ns["r"].games == 2_000_000
        assert ns["r"] == battleship.simulate("parity", 2_000_000, seed=1, progress=False)
    if "d = battleship.paired_difference(" in code:  # "d.mean -0.76, d.ci95 0.12: parity needs fewer"
        said = re.search(r"d\.mean (-?[0-9.]+), d\.ci95 ([0-9.]+)", code)
        assert said, "the paired difference's comment no longer gives its figures"
        d = ns["d"]
        assert (f"{d.mean:.2f}", f"{d.ci95:.2f}") == said.groups()
        first_five = battleship.simulate("parity", 5, seed=1, game_shots=True, progress=False)
        assert list(ns["a"].game_shots[:5]) == list(first_five.game_shots)  # "games 0 to 4"
    if "simulate(" in code and "phases=True)" in code:  # "22.31 misses a game while hunting", "8.16", ...
        p, mean = ns["p"], ns["r"].mean
        said = [float(x) for x in re.findall(r"# ([0-9.]+) ", code)]
        assert said == [round(p.hunting_per_game(), 2), round(p.hunting_per_game(1), 2),
                        round(p.targeting_per_game(), 2)], said
        assert f"== r.mean, {mean:.2f}" in code
        assert 17 + p.hunting_per_game() + p.targeting_per_game() == pytest.approx(mean)
    if "match(" in code and "phases=True)" in code:  # "7.84 misses a match hunting the last ship", "2.31"
        m = ns["m"]
        said = [float(x) for x in re.findall(r"# ([0-9.]+)[ :]", code)]
        assert said == [round(m.phases_a.hunting_per_game(1), 2), round(m.phases_b.hunting_per_game(1), 2)], said
        assert "loses nine matches in ten" in code and round(m.share_a, 1) == 0.9
    if "battleship.save_results(" in code:  # "[a, b], equal"; "-16.245 shots"
        saved, a, b = ns["saved"], ns["a"], ns["b"]
        assert saved == [a, b] and [r.setup for r in saved] == [a.setup, b.setup]
        said = re.search(r"\.mean +# (-?[0-9.]+) shots", code)
        assert said, "the saved results' comment no longer gives the paired difference"
        assert f"{battleship.paired_difference(saved[1], saved[0]).mean:.3f}" == said.group(1)
    if "battleship.tournament(" in code:  # "that pair's MatchResult: what match() gives them"
        pair = ns["t"].between("parity", "probability")
        alone = battleship.match("parity", "probability", 2_000, seed=1, progress=False)
        assert replace(pair, seconds=0.0) == replace(alone, seconds=0.0)  # the same games
    if "battleship.tournament(" in code and "phases=True)" in code:  # "4.62 misses a match", "6.92", "2.33"
        t = ns["t"]
        said = [float(x) for x in re.findall(r"# ([0-9.]+)[ :]", code)]
        sides = [t.between("parity", other).phases_a for other in ("hunt_target", "probability")]
        assert said == [round(p.hunting_per_game(1), 2) for p in (t.phases("parity"), *sides)], said
        assert t.phases("parity") == sides[0] + sides[1]  # "both pairs"
    if "battleship.sprt(" in code:  # "'accept_h1' after 82 matches, ratio 2.98"
        said = re.search(r"'(accept_h[01])' after ([0-9,]+) matches, ratio (-?[0-9.]+)", code)
        assert said, "the sequential test's comment no longer gives its figures"
        r = ns["r"]
        assert (r.decision, f"{r.match.games:,}", f"{r.llr:.2f}") == said.groups()
    if "battleship.solo_game(" in code:  # "True: that game, shot for shot"
        a, g = ns["a"], ns["g"]
        assert g.valid_shots == a.game_shots[ns["worst"]] == a.max and g.finished
    if "battleship.match_game(" in code:  # "'hunt_target', as in the run"
        assert ns["g"].players[ns["outcome"].winner] == "hunt_target"
        assert ns["r"].game_results[ns["lost"][0]] == battleship.MatchResult.B_WON
        assert len(ns["record"].shots_of(0)) + len(ns["record"].shots_of(1)) > 0
    if "Battleship-v0" in code:  # "0 not shot, 1 miss, 2 hit, 3 sinking hit"
        board = ns["obs"]["board"]
        assert set(np.unique(board)) <= {0, 1, 2, 3} and np.count_nonzero(board) == 1
    if "self_play.env(" in code:  # the loop plays the match to its end
        game = ns["env"].unwrapped.game
        assert game.is_over and game.outcome.end == "win" and not ns["env"].agents
    if "place_layout(" in code:  # "drawn back"
        assert ns["ocean"].layout_text().strip() == drawing(ROOT / "examples" / "layouts" / "classic.txt")


def test_readme_python_examples_run_and_their_comments_hold(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    for module in ("gymnasium", "pettingzoo", "matplotlib"):
        pytest.importorskip(module)
    import matplotlib

    matplotlib.use("Agg")  # block 2 draws a map: no window in a test
    blocks = python_blocks()
    assert len(blocks) == (ROOT / "README.md").read_text(encoding="utf-8").count("```python") >= 9
    ns: Dict[str, Any] = {"__name__": "readme"}
    for line, code in blocks:
        # the layout block opens examples/layouts/classic.txt; the saved results' block writes a file
        monkeypatch.chdir(tmp_path if "save_results(" in code else ROOT)
        try:
            exec(compile(code, f"README.md, the block at line {line}", "exec"), ns)
        except Exception as error:  # name the block: the traceback's line numbers count from it
            pytest.fail(f"README.md, the python block at line {line}: {type(error).__name__}: {error}")
        check_claims(code, ns)
    import matplotlib.pyplot as plt

    plt.close("all")  # the map the posterior block drew

