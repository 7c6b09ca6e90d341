"""Pocket 1's nuclear strike in digital play (U-6, X-11, J161s-J164s): the third missile on one
roll opens the pocket, its firer picks the attacking or the defending territory, and the strike
wipes it out, hurts its land neighbours and destroys its card; the Bringer's extra missiles."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.board_links import land_neighbours
from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    AcknowledgePack,
    Attack,
    ChooseFaction,
    ChooseNukeTarget,
    DefendWith,
    FireMissile,
    RollForOrder,
    apply_move,
    legal_moves,
    seats_to_act,
)
from rules.world import World
from rules.world_events.pockets import NuclearStrike
from tests.rules.pocket_worlds import with_pocket_1

from .helpers import fresh_game, play, position, rig_dice


def _three_missiles(armies, *, hqs=None, dice=3, world=None, **seats):
    """Seat 0 attacks Argentina -> Brazil with `dice` and fires its 3 missiles on the roll."""
    seats.setdefault("seat0", {"missiles": 3})
    state = position(armies=armies, hqs=hqs, world=world, **seats)
    state, _ = play(state, (0, Attack("argentina", "brazil", dice)))
    state = rig_dice(state, [3, 2, 1][:dice], [5, 1][: min(2, state.troops("brazil"))])
    if state.phase == "attack_defender_dice":
        state, _ = play(state, (1, DefendWith(min(2, state.troops("brazil")))))
    events = []
    for index in range(3):
        side, die = ("attack", index) if index < dice else ("defence", index - dice)
        state, produced = play(state, (0, FireMissile(side, die)))
        events += produced
    return state, events


def _nuked(target, armies, **kwargs):
    state, _ = _three_missiles(armies, **kwargs)
    state, _ = play(state, (0, AcknowledgePack("pocket_1")))
    return play(state, (0, ChooseNukeTarget(target)))


ARMIES = {
    "argentina": (0, 6),
    "brazil": (1, 5),
    "peru": (2, 7),
    "venezuela": (1, 9),
    "north_africa": (2, 4),
}


def test_third_missile_opens_pocket_1_and_its_firer_chooses_attacker_or_defender_U6_X11():
    state, events = _three_missiles(ARMIES)
    assert "pocket_1" in state.world.packs_opened
    assert all(e.type != "battle" for e in events)
    assert state.phase == "open_pack" and seats_to_act(state) == [0]
    state, _ = play(state, (0, AcknowledgePack("pocket_1")))
    assert state.phase == "nuke_choice" and seats_to_act(state) == [0]
    assert legal_moves(state, 0) == [ChooseNukeTarget("argentina"), ChooseNukeTarget("brazil")]


def test_a_third_party_firing_the_third_missile_chooses_the_target_U6():
    state = position(
        armies=ARMIES, seat0={"missiles": 1}, seat1={"missiles": 1}, seat2={"missiles": 1}
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, [3, 2, 1], [5, 1])
    state, _ = play(state, (1, DefendWith(2)))
    state, _ = play(state, (0, FireMissile("attack", 0)), (1, FireMissile("defence", 1)))
    state, _ = play(state, (2, FireMissile("attack", 1)), (2, AcknowledgePack("pocket_1")))
    assert seats_to_act(state) == [2]
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ChooseNukeTarget("brazil"))
    assert refused.value.code == "not_your_turn"
    state, _ = play(state, (2, ChooseNukeTarget("argentina")))
    assert state.world.fallout == "argentina"
    assert state.world.bringer == "imperial_balkania"  # seat 2's faction fired it


def test_a_target_outside_the_battle_is_refused_and_nothing_changes_J162s():
    state, _ = _three_missiles(ARMIES)
    state, _ = play(state, (0, AcknowledgePack("pocket_1")))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ChooseNukeTarget("peru"))
    assert refused.value.code == "nuke_target"
    assert "Argentina" in refused.value.message and "Brazil" in refused.value.message
    assert state.world.fallout is None and state.phase == "nuke_choice"


def test_the_strike_is_recorded_for_the_campaign_J162s_J164s():
    state, events = _nuked("brazil", ARMIES)
    strikes = [e for e in state.world_events if isinstance(e, NuclearStrike)]
    assert strikes == [NuclearStrike("brazil", "die_mechaniker", "p0", 1)]
    assert state.world.fallout == "brazil" and state.world.bringer == "die_mechaniker"
    assert "brazil" in state.world.destroyed_cards
    assert any("Brazil: it is the fallout zone" in e.text for e in events)


def test_nuking_the_defending_territory_wipes_it_and_costs_the_attackers_in_battle_J163():
    state, events = _nuked("brazil", ARMIES, hqs={"brazil": 1})
    assert state.troops("brazil") == 0 and "brazil" not in state.hqs
    assert any(e.type == "hq_demolished" for e in events)
    incidents = [e for e in state.world_events if getattr(e, "incident", "") == "hq_demolished"]
    assert [i.detail for i in incidents] == ["brazil"]
    # Argentina loses its 3 attackers in the battle, then a die roll as a land neighbour.
    argentina_roll = next(
        e for e in events if e.type == "fallout_roll" and e.data["territory"] == "argentina"
    )
    assert state.troops("argentina") == max(0, 6 - 3 - argentina_roll.data["dice"][0])
    for there in ("peru", "venezuela"):
        roll = next(e for e in events if e.type == "fallout_roll" and e.data["territory"] == there)
        assert state.troops(there) == max(0, ARMIES[there][1] - roll.data["dice"][0])
    # North Africa is joined to Brazil across the sea only: untouched.
    assert state.troops("north_africa") == 4
    assert state.phase == "expand_attack" and state.pending is None
    assert state.current_seat == 0 and not state.turn.conquered
    assert all(e.type not in ("battle", "conquered") for e in events)


def test_nuking_the_attacking_territory_spares_nothing_there_J162s():
    state, events = _nuked("argentina", ARMIES)
    assert state.world.fallout == "argentina" and state.troops("argentina") == 0
    lost = next(e for e in events if e.type == "battle_troops_lost")
    assert "2 defending in Brazil" in lost.text
    roll = next(e for e in events if e.type == "fallout_roll" and e.data["territory"] == "brazil")
    assert state.troops("brazil") == max(0, 5 - 2 - roll.data["dice"][0])
    hit = {e.data["territory"] for e in events if e.type == "fallout_roll"}
    assert hit == land_neighbours("argentina")


def test_the_territory_card_is_destroyed_in_a_hand_and_a_face_up_slot_J162s():
    state, _ = _three_missiles(ARMIES, seat0={"missiles": 3}, seat1={"cards": ("brazil", "coin")})
    state = state.clone()
    state.slots = ("peru", "brazil", "egypt", "ural")
    state.discard_pile = ("alaska",)
    state, _ = play(state, (0, AcknowledgePack("pocket_1")), (0, ChooseNukeTarget("brazil")))
    assert state.seats[1].cards == ("coin",)
    assert "brazil" not in (*state.draw_pile, *state.slots, *state.discard_pile)
    # The cards to its left shift right and a new card fills slot 1.
    assert state.slots[1:] == ("peru", "egypt", "ural") and state.slots[0] is not None
    assert state.discard_pile == ("alaska",)  # by default only the draw pile is reshuffled


def test_the_campaign_may_reshuffle_the_discard_pile_too_J162s():
    world = World(settings={"nuke_reshuffle": "draw_and_discard"})
    state, _ = _three_missiles(ARMIES, world=world)
    state = state.clone()
    state.discard_pile = ("alaska", "brazil")
    before = len(state.draw_pile)
    state, events = play(state, (0, AcknowledgePack("pocket_1")), (0, ChooseNukeTarget("brazil")))
    assert state.discard_pile == ()
    assert "alaska" in state.draw_pile and "brazil" not in state.draw_pile
    assert len(state.draw_pile) == before  # alaska in, brazil out
    assert any("draw and discard piles" in e.text for e in events)


def test_a_player_the_nuke_empties_discards_their_cards_to_nobody_J163():
    armies = {"argentina": (0, 9), "brazil": (1, 2)}
    state, events = _nuked("brazil", armies, dice=3, seat1={"cards": ("coin", "alaska", "egypt")})
    assert state.seats[1].cards == ()
    assert state.seats[0].cards == ()  # the firer collects nothing
    assert {"alaska", "egypt"} <= set(state.discard_pile)
    kinds = [e.type for e in events]
    assert kinds.index("cards_discarded") < kinds.index("knocked_out")
    assert next(e for e in events if e.type == "knocked_out").data["by"] is None


def test_a_campaign_that_opened_pocket_1_before_just_resolves_the_roll_U6():
    world = with_pocket_1(World(), fallout="ukraine")
    state, events = _three_missiles(ARMIES, world=world)
    assert any(e.type == "battle" for e in events)
    assert state.world.fallout == "ukraine"
    assert not any(isinstance(e, NuclearStrike) for e in state.world_events)


def test_the_bot_nukes_where_its_enemies_lose_more_J162s():
    # Nuking Argentina would cost the bot 6 of its own; Brazil holds the enemy's big stack.
    state, _ = _three_missiles({"argentina": (0, 6), "brazil": (1, 12), "peru": (0, 3)})
    state, _ = play(state, (0, AcknowledgePack("pocket_1")))
    assert HeuristicBot(1).choose(state, 0) == ChooseNukeTarget("brazil")
    # With its own big stacks around Brazil, it hits Argentina and spares them.
    state, _ = _three_missiles(
        {"argentina": (0, 4), "brazil": (1, 3), "peru": (0, 12), "venezuela": (0, 12)}
    )
    state, _ = play(state, (0, AcknowledgePack("pocket_1")))
    assert HeuristicBot(1).choose(state, 0) == ChooseNukeTarget("argentina")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    troops=st.lists(st.integers(1, 12), min_size=5, max_size=5),
    owners=st.lists(st.integers(0, 2), min_size=3, max_size=3),
    attacking=st.integers(4, 15),
    target=st.sampled_from(["argentina", "brazil"]),
)
def test_after_a_nuke_the_fallout_is_empty_and_troops_only_go_down_J163(
    troops, owners, attacking, target
):
    armies = {
        "argentina": (0, attacking),
        "brazil": (1, troops[0]),
        "peru": (owners[0], troops[1]),
        "venezuela": (owners[1], troops[2]),
        "north_africa": (owners[2], troops[3]),
        "central_america": (0, troops[4]),
    }
    before = position(armies=armies)
    state, _ = _nuked(target, armies)
    assert state.troops(target) == 0 and target not in state.armies
    for territory, (owner, count) in armies.items():
        assert state.troops(territory) <= count
        assert state.owner(territory) in (owner, None)
    assert sum(n for _, n in state.armies.values()) < sum(n for _, n in before.armies.values())


# --- the Bringer of Nuclear Fire's extra missiles (J164s with J167s, S-3) ----------------------


def _set_up(world, factions):
    """Roll for order and choose `factions` (in choosing order), then return the state."""
    state = fresh_game(len(factions), world=world)
    while state.phase == "setup_order":
        state, _ = play(state, (seats_to_act(state)[0], RollForOrder()))
    events = []
    for faction in factions:
        seat = state.current_seat
        move = next(m for m in legal_moves(state, seat) if m.faction == faction)
        state, produced = play(state, (seat, ChooseFaction(move.faction, move.territory)))
        events += produced
    return state, events


def test_the_bringer_starts_with_two_more_missiles_when_the_mutants_play_J164s():
    world = with_pocket_1(World(), bringer="khan_industries")
    state, events = _set_up(world, ["khan_industries", "mutants", "die_mechaniker"])
    khan = next(i for i, s in enumerate(state.seats) if s.faction == "khan_industries")
    others = [s.missiles for i, s in enumerate(state.seats) if i != khan]
    assert state.seats[khan].missiles == 2 and others == [0, 0]
    assert any(e.type == "bringer_missiles" for e in events)


def test_no_extra_missiles_without_the_mutants_J164s():
    world = with_pocket_1(World(), bringer="khan_industries")
    state, events = _set_up(world, ["khan_industries", "saharan_republic", "die_mechaniker"])
    assert [s.missiles for s in state.seats] == [0, 0, 0]
    assert all(e.type != "bringer_missiles" for e in events)
