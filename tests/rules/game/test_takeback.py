"""Take-backs decided by the engine (PRI-4): a player on turn takes back their last placing,
expansion, maneuver or attack declaration while nothing rolled, drew or revealed since;
other players' answers in between go with it (their agreement is the service's to ask); the
take-back is a log entry of its own and the log still replays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import IllegalMove
from rules.game import Attack, DefendWith, EndTurn, Expand, Maneuver, PlaceTroops, TakeCard
from rules.game.history import ReplayRefused, entry_from_json, steps
from rules.game.state import TurnFlags
from rules.game.takeback import TakeBack, take_back_offer
from tests.rules.game.helpers import position

ARMIES = {"alaska": (0, 6), "northwest_territory": (0, 2), "kamchatka": (1, 3)}


def _run(state, *entries):
    turn: list = []
    done = list(steps(state, entries, turn=turn))
    return (done[-1].after if done else state), turn, done


def test_placing_can_be_taken_back_to_the_state_before_it_PRI_4():
    start = position(armies=ARMIES, phase="place", turn=TurnFlags(recruits_left=3))
    now, turn, _ = _run(start, (0, PlaceTroops("alaska", 2)))

    offer = take_back_offer(turn, now, 0)

    assert offer.moves == (0,) and offer.others == ()
    assert offer.state.to_json() == start.to_json()


def test_only_the_last_move_is_taken_back_each_time_PRI_4():
    start = position(armies=ARMIES, phase="place", turn=TurnFlags(recruits_left=3))
    now, turn, done = _run(start, (0, PlaceTroops("alaska", 1)), (0, PlaceTroops("alaska", 2)))

    offer = take_back_offer(turn, now, 0)

    assert offer.moves == (1,)
    assert offer.state.to_json() == done[0].after.to_json()


def test_an_expansion_into_an_empty_territory_can_be_taken_back_PRI_4():
    start = position(armies=ARMIES)
    now, turn, _ = _run(start, (0, Expand("alaska", "alberta", 2)))

    assert take_back_offer(turn, now, 0).state.to_json() == start.to_json()


def test_a_maneuver_before_the_turn_ends_can_be_taken_back_PRI_4():
    """After a conquest the maneuver leads to the card choice (E-1): the turn goes on."""
    start = position(armies=ARMIES, turn=TurnFlags(conquered=True))
    now, turn, _ = _run(start, (0, Maneuver("alaska", "northwest_territory", 3)))
    assert now.phase == "end_of_turn"

    assert take_back_offer(turn, now, 0).state.to_json() == start.to_json()


def test_a_take_back_is_refused_once_the_dice_are_rolled_PRI_4():
    start = position(armies=ARMIES)
    now, turn, _ = _run(
        start,
        (0, Expand("alaska", "alberta", 2)),
        (0, Attack("alaska", "kamchatka", 3)),
        (1, DefendWith(2)),
    )

    with pytest.raises(IllegalMove) as refused:
        take_back_offer(turn, now, 0)

    assert refused.value.code == "final_after_dice" and refused.value.rule == "PRI-4"


def test_a_take_back_is_refused_after_the_card_draw_that_ended_the_turn_PRI_4():
    start = position(armies=ARMIES, turn=TurnFlags(conquered=True))
    now, turn, _ = _run(
        start, (0, Maneuver("alaska", "northwest_territory", 3)), (0, TakeCard("coin"))
    )
    assert now.current_seat != 0

    with pytest.raises(IllegalMove) as refused:
        take_back_offer(turn, now, 0)

    assert refused.value.code == "final_after_card" and refused.value.rule == "PRI-4"


def test_nothing_of_an_earlier_turn_can_be_taken_back_PRI_4():
    start = position(armies=ARMIES, turn=TurnFlags())
    now, turn, _ = _run(start, (0, Expand("alaska", "alberta", 2)), (0, EndTurn()))

    with pytest.raises(IllegalMove) as by_player:
        take_back_offer(turn, now, 0)
    with pytest.raises(IllegalMove) as by_next:
        take_back_offer(turn, now, now.current_seat)

    assert by_player.value.code == "not_on_turn"
    assert by_next.value.code == "take_back_nothing"


def test_another_players_answer_before_the_roll_goes_with_the_attack_PRI_4():
    """The defender chose dice and a scar-card window is open (T-3): nothing rolled yet, so
    the attack may be taken back, with the defender's choice, once the defender agrees."""
    start = position(armies=ARMIES, seat2={"scar_card": "bunker"})
    now, turn, _ = _run(start, (0, Attack("alaska", "kamchatka", 3)), (1, DefendWith(2)))
    assert now.phase == "scar_before_roll"

    offer = take_back_offer(turn, now, 0)

    assert offer.moves == (0, 1) and offer.others == (1,)
    assert offer.state.to_json() == start.to_json()


def test_the_take_back_is_an_entry_of_the_log_and_the_log_replays_PRI_4():
    start = position(armies=ARMIES, phase="place", turn=TurnFlags(recruits_left=3))
    entries = [
        (0, PlaceTroops("alaska", 2)),
        (0, TakeBack(0)),
        (0, PlaceTroops("northwest_territory", 3)),
    ]

    now, turn, done = _run(start, *entries)

    assert done[1].events[0].type == "taken_back"
    assert now.armies["alaska"] == (0, 6) and now.armies["northwest_territory"] == (0, 5)
    assert [s.index for s in turn] == [2]
    stored = [(seat, entry_from_json(entry.to_json())) for seat, entry in entries]
    assert list(steps(start, stored))[-1].after.to_json() == now.to_json()


def test_a_take_back_of_a_move_that_cannot_be_taken_back_is_refused_on_replay_PRI_4():
    start = position(armies=ARMIES, phase="place", turn=TurnFlags(recruits_left=3))

    with pytest.raises(ReplayRefused) as refused:
        _run(start, (0, PlaceTroops("alaska", 1)), (0, PlaceTroops("alaska", 1)), (0, TakeBack(0)))

    assert refused.value.index == 2 and refused.value.error.code == "take_back_mismatch"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["alaska", "northwest_territory"]), min_size=1, max_size=5))
def test_taking_back_every_placement_returns_to_the_start_PRI_4(territories):
    start = position(armies=ARMIES, phase="place", turn=TurnFlags(recruits_left=5))
    entries: list = [(0, PlaceTroops(t, 1)) for t in territories]
    entries += [(0, TakeBack(i)) for i in reversed(range(len(territories)))]

    now, turn, _ = _run(start, *entries)

    assert now.to_json() == start.to_json() and turn == []
