"""Property tests over random boards, fleets and rules, and Elo fits of random results."""

from dataclasses import replace

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import battleship
from battleship import Fleet, Ocean, Rules


# Slow shooters (bayes: milliseconds a move, seconds a game on a 32 x 32 board) get small boards.
FAST_SHOOTERS = [name for name in battleship.shooter_names() if not battleship.shooter_is_slow(name)]
SLOW_SHOOTERS = [name for name in battleship.shooter_names() if battleship.shooter_is_slow(name)]


def ships(*lengths):
    """A fleet of one ship of each length, named as boards() names them."""
    return Fleet([(f"S{i}", "ABCD"[i], n, 1) for i, n in enumerate(lengths)])


@st.composite
def boards(draw, largest=32):
    rows = draw(st.integers(1, largest))
    cols = draw(st.integers(1, largest))
    longest = max(rows, cols)
    lengths = draw(st.lists(st.integers(1, min(longest, 5)), min_size=1, max_size=4))
    return rows, cols, ships(*lengths)


@settings(max_examples=40, deadline=None)
@given(boards(), st.sampled_from(FAST_SHOOTERS), st.integers(0, 2**32))
@example((2, 5, ships(3, 3, 3)), "random", 0)  # 9 cells of 10, yet only two 3s fit: seldom drawn, so always tried
def test_every_game_ends_within_the_board_and_sinks_every_ship(board, shooter, seed):
    check_games_end(board, shooter, seed, 20)


@settings(max_examples=15, deadline=None)
@given(boards(largest=8), st.sampled_from(SLOW_SHOOTERS or FAST_SHOOTERS), st.integers(0, 2**32))
def test_slow_shooters_end_every_game_on_small_boards(board, shooter, seed):
    check_games_end(board, shooter, seed, 3)


def check_games_end(board, shooter, seed, games):
    rows, cols, fleet = board
    assume(fleet.problem(rows, cols) is None)  # a ship longer than the board, or too many cells: refused, not played
    fit = Ocean(rows, cols, fleet).fit()
    if fit == "cannot_fit":  # no layout at all: simulate refuses before any game
        with pytest.raises(ValueError, match=f"cannot be laid out on a {rows} x {cols} board"):
            battleship.simulate(shooter, games, seed=seed, rows=rows, cols=cols, fleet=fleet, progress=False)
        return
    assert fit == "fits"  # at most 4 ships on 32 x 32: the search always decides
    r = battleship.simulate(shooter, games, seed=seed, rows=rows, cols=cols, fleet=fleet, progress=False)
    assert r.games == games
    assert r.finished == games and r.unplaceable == 0  # a fleet that fits is always laid out and sunk
    assert fleet.total_length <= r.min <= r.max <= rows * cols


@settings(max_examples=40, deadline=None)
@given(boards(largest=12), st.sampled_from(FAST_SHOOTERS), st.sampled_from(["hit_only", "hit_and_sunk", "sunk_with_name"]),
       st.integers(0, 2**32))
def test_every_miss_is_counted_in_one_phase_and_the_hits_make_up_the_rest(board, shooter, disclosure, seed):
    rows, cols, fleet = board
    assume(fleet.problem(rows, cols) is None and Ocean(rows, cols, fleet).fit() == "fits")
    rules = Rules(disclosure=disclosure)
    r = battleship.simulate(shooter, 8, seed=seed, rows=rows, cols=cols, fleet=fleet, rules=rules,
                            game_shots=True, phases=True, progress=False)
    p = r.phases
    assert p is not None and p.games == 8 and len(p.hunting) == fleet.ship_count + 1 and p.hunting[0] == 0
    assert r.game_shots is not None and r.finished == 8  # the built-in shooters fire no invalid shot
    assert p.misses() == int(r.game_shots.sum()) - fleet.total_length * 8
    if disclosure == "sunk_with_name":
        assert p.unknown == 0  # named sinkings always tell which ships the hits belong to
    else:
        assert p.targeting == 0  # after the first hit the phase is unknown
    plain = battleship.simulate(shooter, 8, seed=seed, rows=rows, cols=cols, fleet=fleet, rules=rules,
                                game_shots=True, progress=False)
    assert list(plain.game_shots) == list(r.game_shots)  # counting changes no game


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(["allowed", "no_edge_contact", "no_contact"]), st.integers(0, 2**32))
@example((2, 3, ships(3, 3)), "no_contact", 1)  # fits only if the ships touch: the refusal branch, always tried
def test_random_layouts_obey_the_touching_rule_and_unplace_restores(board, touching, seed):
    rows, cols, fleet = board
    assume(fleet.problem(rows, cols) is None)
    ocean = Ocean(rows, cols, fleet, touching)
    try:
        ocean.place_randomly("uniform", seed)
    except ValueError as error:
        # Only a fleet that cannot fit under this rule may be refused: a placer that fails on one that fits is a bug.
        assert "could not lay out" in str(error) and ocean.fit() != "fits", error
        return
    assert ocean.fit() == "fits"
    empty = Ocean(rows, cols, fleet, touching)
    for ship in range(ocean.ship_count):
        p = ocean.placement(ship)
        ocean.unplace(ship)
        assert ocean.check_place(ship, p.origin, p.orientation) is None
        ocean.place(ship, p.origin, p.orientation)
    for ship in range(ocean.ship_count):
        ocean.unplace(ship)
    assert ocean == empty


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40))
def test_cell_text_round_trips(row, col):
    for notation in ("letter_number", "number_letter", "bbm103", "cs32"):
        assert battleship.parse_cell(battleship.format_cell((row, col), notation)) == (row, col)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_a_python_shooter_never_needs_more_than_the_board(seed):
    class Sweep:
        def next_shot(self, view, rng):
            cells = view.open_cells()
            return cells[rng.below(len(cells))]

    r = battleship.simulate(Sweep(), 3, seed=seed, rules=Rules(disclosure="hit_only"), progress=False)
    assert r.finished == 3 and r.max <= 100


@st.composite
def tallies(draw):
    """Match results between 2 to 6 players: any pairs, any tallies (lopsided, empty, drawn)."""
    players = draw(st.integers(2, 6))
    names = [f"p{k}" for k in range(players)]
    pairs = draw(st.lists(st.tuples(st.integers(0, players - 1), st.integers(0, players - 1)).filter(
        lambda p: p[0] != p[1]), min_size=1, max_size=12))
    counts = st.integers(0, 5_000)
    return names, [(names[a], names[b], draw(counts), draw(counts), draw(st.integers(0, 50))) for a, b in pairs]


@settings(max_examples=150, deadline=None)
@given(tallies())
def test_an_elo_fit_is_consistent_on_any_results(drawn):
    names, records = drawn
    base = battleship.match("parity", "random", 2, progress=False)
    results = [replace(base, a=a, b=b, wins_a=wa, wins_b=wb, draws=d, games=wa + wb + d) for a, b, wa, wb, d in records]
    fit = battleship.elo_fit(results)
    met = sorted(fit.names)
    assert all(abs(r.elo) < 1e5 and r.margin >= 0 for r in fit.ratings)
    assert sum(r.elo for r in fit.ratings) == pytest.approx(0, abs=1e-6)  # measured from the mean
    assert 0 <= fit.p_value <= 1 and fit.chi_square >= 0
    played = [p for p in fit.pairs if p.matches]
    assert fit.chi_square == pytest.approx(sum(p.residual**2 for p in played), rel=1e-9, abs=1e-9)
    # Degrees of freedom: the pairs that played, less the players, plus their groups.
    group = {name: name for name in met}

    def root(name):
        while group[name] != name:
            name = group[name]
        return name

    for p in played:
        group[root(p.a)] = root(p.b)
    groups = len({root(name) for name in met})
    assert fit.degrees_of_freedom == len(played) - (len(met) - groups)
    for a in met:
        for b in met:
            if a != b:
                assert fit.expected_share(a, b) + fit.expected_share(b, a) == pytest.approx(1)
                assert fit.difference(a, b).elo == pytest.approx(-fit.difference(b, a).elo, abs=1e-9)
                assert fit.difference(a, b).margin == pytest.approx(fit.difference(b, a).margin)
