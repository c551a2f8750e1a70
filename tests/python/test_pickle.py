"""Fleets, rules, ship classes, outcomes and records pickle and compare equal after a round trip."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import battleship
from battleship import Fleet, Rules, ShipClass, ShotOutcome


@pytest.mark.parametrize(
    "value",
    [
        Fleet.classic(),
        Fleet.bbm103(),
        Fleet([("Dot", "D", 1, 4)]),
        Rules(),
        Rules.named("bbm103"),
        Rules(volley="fixed_salvo", salvo_size=3, disclosure="hit_only", shot_cap=80),
        ShipClass("Carrier", "C", 5),
        ShotOutcome("sunk", ship=3),
        ShotOutcome("invalid", refusal="off_board"),
    ],
)
def test_values_survive_pickling(value):
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(value, protocol=protocol))
        assert back == value and hash(back) == hash(value)


def test_different_values_compare_unequal():
    assert Fleet.classic() != Fleet.hasbro()
    assert Rules() != Rules(touching="no_contact")
    assert ShotOutcome("hit") != ShotOutcome("hit", ship=1)


ship_classes = st.builds(
    lambda i, length, count: (f"Ship{i}", "ABCDEFGHIJKLMNOP"[i], length, count),
    st.integers(0, 15),
    st.integers(1, 6),
    st.integers(1, 2),
)


@given(st.lists(ship_classes, min_size=1, max_size=8, unique_by=lambda c: c[0]))
def test_any_valid_fleet_round_trips(classes):
    fleet = Fleet(classes)
    assert pickle.loads(pickle.dumps(fleet)) == fleet
    assert fleet.ship_count == sum(c[3] for c in classes)


@given(
    st.sampled_from(["allowed", "no_edge_contact", "no_contact"]),
    st.sampled_from(["hit_only", "hit_and_sunk", "sunk_with_name"]),
    st.booleans(),
    st.integers(0, 200),
)
def test_any_rules_round_trip(touching, disclosure, equalising, cap):
    rules = Rules(touching=touching, disclosure=disclosure, equalising_shot=equalising, shot_cap=cap)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert Rules(**rules.to_dict()) == rules


def test_a_game_record_round_trips():
    game = battleship.Game("hunt_target", "mediocre", seed=8)
    game.play_to_end()
    assert pickle.loads(pickle.dumps(game.record)) == game.record


def test_a_stepped_builtin_shooter_pickles_and_copies_as_a_fresh_shooter():
    view = battleship.TargetView()
    shooter = battleship.shooter("probability")
    rng = battleship.Rng(4)
    first = shooter.next_shot(view, rng)
    view.record(first, battleship.ShotOutcome("miss"))
    shooter.on_result(view, first, battleship.ShotOutcome("miss"))
    for back in (pickle.loads(pickle.dumps(shooter)), copy.deepcopy(shooter), copy.copy(shooter)):
        assert back == shooter and back._impl is None
        # Fresh: on an empty view it fires where a new shooter fires.
        assert back.next_shot(battleship.TargetView(), battleship.Rng(4)) == first


@pytest.mark.parametrize(
    "kind", [battleship.RandomShooter, battleship.HuntTargetShooter, battleship.ParityShooter, battleship.MediocreShooter]
)
def test_the_named_shooter_classes_pickle_and_copy_as_themselves(kind):
    shooter = kind()
    for back in (pickle.loads(pickle.dumps(shooter)), copy.deepcopy(shooter), copy.copy(shooter)):
        assert type(back) is kind and back == shooter and back is not shooter
