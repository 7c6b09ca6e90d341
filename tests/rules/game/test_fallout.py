"""The fallout territory in the games after the nuke (J161s, J168s, J169s) and the Fallout event
cards (J172-J174): half the troops moving in are lost, nothing is placed there, no maneuver
passes through it, its controller loses a troop each turn, and the Mutants ignore it all."""

from __future__ import annotations

import pytest

from rules.errors import IllegalMove
from rules.game import (
    Attack,
    DefendWith,
    EndTurn,
    Expand,
    JoinWar,
    Maneuver,
    MoveIn,
    PlaceTroops,
    Recruit,
    TurnFlags,
    apply_move,
    legal_move_options,
    legal_moves,
)
from rules.game.effects import EVENT_EFFECTS
from rules.world import World
from rules.world_events import PackOpened
from tests.rules.pocket_worlds import with_pocket_1

from .helpers import play, position, rig_dice

FALLOUT = with_pocket_1(World(), fallout="ukraine", bringer="khan_industries")
MUTANT = {"faction": "mutants"}


def _at(armies, **kwargs):
    kwargs.setdefault("world", FALLOUT)
    return position(armies=armies, **kwargs)


def _refused(state, seat, move, code):
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, seat, move)
    assert refused.value.code == code
    return refused.value


# --- J168s: entering -----------------------------------------------------------------------------


def test_troops_expanding_into_the_fallout_lose_half_rounded_up_J168s():
    state = _at({"ural": (0, 6)})
    state, events = play(state, (0, Expand("ural", "ukraine", 3)))
    assert state.troops("ukraine") == 1 and state.troops("ural") == 3
    entry = next(e for e in events if e.type == "fallout_entry")
    assert (entry.data["arrived"], entry.data["lost"]) == (3, 2)


def test_an_expansion_into_the_fallout_needs_two_so_one_stands_there_J168s():
    state = _at({"ural": (0, 6)})
    option = next(o for o in legal_move_options(state, 0) if o.move == Expand("ural", "ukraine", 2))
    assert (option.min_count, option.max_count) == (2, 5)
    _refused(state, 0, Expand("ural", "ukraine", 1), "expansion_count")


def test_mutants_expand_into_the_fallout_without_loss_J169s():
    state = _at({"ural": (0, 6)}, seat0=MUTANT)
    state, events = play(state, (0, Expand("ural", "ukraine", 1)))
    assert state.troops("ukraine") == 1
    assert all(e.type != "fallout_entry" for e in events)


def _conquer_fallout(attacking):
    state = rig_dice(_at({"ural": (0, attacking), "ukraine": (1, 1)}), [6, 6, 6], [1])
    state, _ = play(state, (0, Attack("ural", "ukraine", 3)))  # 1 defender: it rolls at once
    return state


def test_the_survivors_moving_into_a_conquered_fallout_lose_half_J168s():
    state = _conquer_fallout(4)  # the 3 survivors are all that can move in
    assert state.owner("ukraine") == 0 and state.troops("ukraine") == 1
    assert state.turn.conquered


def test_every_troop_moved_in_after_the_conquest_counts_for_the_loss_J168s():
    state = _conquer_fallout(8)
    assert state.phase == "move_in" and state.troops("ukraine") == 3  # nothing lost yet
    state, events = play(state, (0, MoveIn(6)))
    assert state.troops("ukraine") == 3 and state.troops("ural") == 2
    assert next(e for e in events if e.type == "fallout_entry").data["lost"] == 3


# --- J169s: placing, maneuvering, the end of the turn --------------------------------------------


def test_no_recruit_is_placed_in_the_fallout_J169s():
    state = _at({"ural": (0, 2), "ukraine": (0, 3)}, phase="place", turn=TurnFlags(recruits_left=4))
    refused = _refused(state, 0, PlaceTroops("ukraine", 1), "fallout_placement")
    assert "fallout zone" in refused.message
    assert {m.territory for m in legal_moves(state, 0)} == {"ural"}


def test_mutants_place_recruits_in_the_fallout_J169s():
    state = _at(
        {"ural": (0, 2), "ukraine": (0, 3)},
        phase="place",
        turn=TurnFlags(recruits_left=4),
        seat0=MUTANT,
    )
    state, _ = play(state, (0, PlaceTroops("ukraine", 4)))
    assert state.troops("ukraine") == 7


def test_recruits_of_a_player_holding_only_the_fallout_are_lost_J169s():
    state = _at({"ukraine": (0, 3)}, phase="start_of_turn")
    state, events = play(state, (0, Recruit()))
    assert state.phase == "expand_attack" and state.turn.recruits_left == 0
    assert state.troops("ukraine") == 3
    assert any(e.type == "recruits_lost" for e in events)


def test_joining_the_war_in_the_fallout_is_refused_J169s():
    state = _at({"ural": (1, 3)}, phase="start_of_turn")
    _refused(state, 0, JoinWar("ukraine"), "start_marked")


CHAIN = {"scandinavia": (0, 5), "ukraine": (0, 3), "ural": (0, 2)}
"""Scandinavia and the Ural touch only through Ukraine, the fallout."""


def test_no_maneuver_passes_through_the_fallout_J169s():
    state = _at(CHAIN)
    _refused(state, 0, Maneuver("scandinavia", "ural", 2), "fallout_maneuver")
    assert Maneuver("scandinavia", "ural", 1) not in legal_moves(state, 0)


def test_a_maneuver_may_leave_the_fallout_but_not_end_there_by_default_J169s():
    state = _at(CHAIN)
    _refused(state, 0, Maneuver("scandinavia", "ukraine", 2), "fallout_maneuver")
    state, _ = play(state, (0, Maneuver("ukraine", "ural", 2)))
    assert state.troops("ural") == 4


def test_the_campaign_may_let_a_maneuver_end_in_the_fallout_J169s():
    world = FALLOUT.evolve(settings={"fallout_maneuver_end": "allowed"})
    state = _at(CHAIN, world=world)
    assert Maneuver("scandinavia", "ukraine", 1) in legal_moves(state, 0)
    _refused(state, 0, Maneuver("scandinavia", "ural", 2), "fallout_maneuver")


def test_mutants_maneuver_through_the_fallout_J169s():
    state = _at(CHAIN, seat0=MUTANT)
    state, _ = play(state, (0, Maneuver("scandinavia", "ural", 4)))
    assert state.troops("ural") == 6


def test_the_controller_loses_a_troop_there_at_the_end_of_the_turn_J161s():
    state = _at({"ukraine": (0, 3), "ural": (0, 2), "alaska": (1, 2)})
    state, events = play(state, (0, EndTurn()))
    assert state.troops("ukraine") == 2
    assert any(e.type == "fallout_decay" for e in events)


def test_the_last_troop_lost_to_the_fallout_knocks_its_player_out_J161s():
    state = _at({"ukraine": (0, 1), "alaska": (1, 2)})
    state, events = play(state, (0, EndTurn()))
    assert "ukraine" not in state.armies
    assert next(e for e in events if e.type == "knocked_out").data["seat"] == 0


def test_mutants_lose_nothing_in_the_fallout_at_the_end_of_the_turn_J161s():
    state = _at({"ukraine": (0, 3), "alaska": (1, 2)}, seat0=MUTANT)
    state, events = play(state, (0, EndTurn()))
    assert state.troops("ukraine") >= 3  # the fallout acts as Biohazard for them (their power)
    assert all(e.type != "fallout_decay" for e in events)


def test_no_scar_goes_on_the_fallout_even_before_a_roll_J169s():
    state = _at({"ural": (0, 5), "ukraine": (1, 3)}, seat1={"scar_card": "bunker"})
    state, _ = play(state, (0, Attack("ural", "ukraine", 3)), (1, DefendWith(2)))
    assert state.phase != "scar_before_roll"
    assert state.world.live_scar("ukraine") is None


# --- J172-J174: the Fallout event ----------------------------------------------------------------


def _fallout_event(state):
    state = state.clone()
    events = []
    EVENT_EFFECTS["J172"](state, "J172", events)
    return state, events


def test_the_fallout_event_hits_each_land_neighbour_and_spares_the_mutants_J172():
    armies = {
        "ural": (0, 9),
        "scandinavia": (1, 9),
        "middle_east": (2, 4),
        "kamchatka": (0, 5),
        "ukraine": (0, 2),
    }
    state, events = _fallout_event(_at(armies, seat2=MUTANT))
    rolls = {e.data["territory"]: e.data["dice"][0] for e in events if e.type == "fallout_roll"}
    assert set(rolls) == {"ural", "scandinavia"}
    for territory, rolled in rolls.items():
        assert state.troops(territory) == 9 - rolled
    assert state.troops("middle_east") == 4  # Mutant troops are spared
    assert state.troops("kamchatka") == 5 and state.troops("ukraine") == 2  # not neighbours
    assert "J172" in state.world.destroyed_box_cards
    resolved = next(e for e in events if e.type == "event_resolved")
    assert resolved.data["destroyed"]


def test_the_fallout_event_harms_nobody_without_a_fallout_zone_and_goes_like_any_other_J172():
    """A campaign that logged Pocket 1 open without its nuke: no territory loses troops, and
    the card leaves the box as its one printed outcome says."""
    world = PackOpened("pocket_1", 1, "3 missiles were fired on one roll").apply(World())
    state, events = _fallout_event(_at({"ural": (0, 9)}, world=world))
    assert state.troops("ural") == 9
    assert "J172" in state.world.destroyed_box_cards
    assert "nothing happens" in events[-1].text


def test_no_fallout_rule_binds_a_campaign_that_never_opened_pocket_1_U8():
    state = position(armies={"ural": (0, 6)})
    state, events = play(state, (0, Expand("ural", "ukraine", 1)))
    assert state.troops("ukraine") == 1
    assert all(e.type.startswith("fallout") is False for e in events)
