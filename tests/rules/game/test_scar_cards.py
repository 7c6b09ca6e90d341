"""Scar cards in play: when each kind is played (T-3, the PACKS appendix and §1-§2), the windows
offered to players not on turn (PRI-2), Bunker and Ammo Shortage on the roll (X-8), and the
scars that act at the end of their controller's turn (E-9)."""

from __future__ import annotations

import json

import pytest

from rules.content_records import ScarType
from rules.data import content
from rules.errors import IllegalMove
from rules.game import (
    Attack,
    DefendWith,
    EndTurn,
    GameState,
    PassScarCard,
    PlayScarCard,
    Recruit,
    apply_move,
    legal_moves,
    seats_to_act,
)
from rules.world import Scar, World
from rules.world_events import PackOpened

from .helpers import play, position, rig_dice, with_world

ATTACK = {"argentina": (0, 6), "brazil": (1, 3)}


def opened(*packs: str) -> World:
    world = World()
    for pack in packs:
        world = PackOpened(pack, 1, "opened for the test").apply(world)
    return world


def _rolled(events) -> dict:
    return next(e for e in events if e.type == "dice_rolled").data


def _at_window(scar_cards: dict[int, str], armies=None, **options) -> GameState:
    """Seat 0 attacks Brazil (seat 1) with 2 dice, seat 1 defends with 2: the roll waits."""
    state = position(armies=armies or ATTACK, seats=options.pop("seats", 3), **options).clone()
    for seat, card in scar_cards.items():
        state.set_seat(seat, scar_card=card)
    state, _ = play(state, (0, Attack("argentina", "brazil", 2)), (1, DefendWith(2)))
    return state


# --- Bunker (A56s) and Ammo Shortage (A53s): just before an attack roll -------------------------


def test_bunker_A56s_is_offered_to_the_defender_before_the_roll_on_the_defending_territory_T3():
    state = _at_window({1: "bunker"})
    assert state.phase == "scar_before_roll" and seats_to_act(state) == [1]
    assert legal_moves(state, 1) == [PlayScarCard("brazil"), PassScarCard()]
    assert "natural_attack" not in state.pending  # no die rolled yet


def test_bunker_A56s_played_in_the_window_applies_to_that_very_roll_X8():
    state = rig_dice(_at_window({1: "bunker"}), [5, 4], [4, 3])
    state, events = play(state, (1, PlayScarCard("brazil")))
    assert state.world.live_scar("brazil").kind == "bunker"
    assert state.seats[1].scar_card is None
    assert _rolled(events)["defence"] == [5, 3]  # the higher 4 became a 5
    battle = next(e for e in events if e.type == "battle").data
    assert (battle["attacker_losses"], battle["defender_losses"]) == (1, 1)


def test_ammo_shortage_A53s_played_by_the_attacker_lowers_that_rolls_defence_X8():
    state = rig_dice(_at_window({0: "ammo_shortage"}), [5, 4], [5, 3])
    assert seats_to_act(state) == [0]
    state, events = play(state, (0, PlayScarCard("brazil")))
    assert state.world.live_scar("brazil").kind == "ammo_shortage"
    assert _rolled(events)["defence"] == [4, 3]


@pytest.mark.parametrize(("card", "words"), [("ammo_shortage", "an Ammo"), ("bunker", "a Bunker")])
def test_the_log_names_a_played_scar_card_with_its_article_T3(card, words):
    state, events = play(_at_window({1: card}), (1, PlayScarCard("brazil")))
    placed = next(e for e in events if e.type == "scar_placed")
    assert placed.text.startswith(f"{state.seats[1].name} places {words}")


@pytest.mark.parametrize("card", ["bunker", "ammo_shortage"])
def test_before_roll_cards_go_on_the_defending_territory_only_T3(card):
    state = _at_window({0: card}, armies={**ATTACK, "peru": (2, 2)})
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlayScarCard("peru"))
    assert refused.value.code == "scar_not_defending" and refused.value.rule == "T-3"
    assert "Brazil" in refused.value.message


@pytest.mark.parametrize("card", ["bunker", "ammo_shortage"])
def test_before_roll_cards_are_not_played_at_the_start_of_a_turn_T3(card):
    state = position(armies={"alaska": (0, 3)}, phase="start_of_turn").clone()
    state.set_seat(0, scar_card=card)
    assert not any(isinstance(m, PlayScarCard) for m in legal_moves(state, 0))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlayScarCard("alaska"))
    assert refused.value.code == "scar_timing" and "attack roll" in refused.value.message


def test_the_window_goes_attacker_defender_then_the_others_in_turn_order_PRI2():
    armies = {**ATTACK, "peru": (2, 1), "egypt": (3, 1)}
    cards = {0: "ammo_shortage", 1: "bunker", 2: "bunker", 3: "ammo_shortage"}
    state = position(armies=armies, seats=4).clone()
    state.turn_order = (2, 0, 3, 1)  # a draft set the order: from the attacker, 0, 3, 1, 2
    for seat, card in cards.items():
        state.set_seat(seat, scar_card=card)
    state, _ = play(state, (0, Attack("argentina", "brazil", 2)), (1, DefendWith(2)))
    asked, events = [], []
    while state.phase == "scar_before_roll":
        seat = seats_to_act(state)[0]
        asked.append(seat)
        state, events = play(state, (seat, PassScarCard()))
    assert asked == [0, 1, 3, 2]
    assert any(e.type == "dice_rolled" for e in events)  # the last pass lets the dice roll


def test_without_a_holder_the_dice_roll_at_once_T3():
    state = _at_window({})
    assert state.phase in ("missile_window", "expand_attack", "move_in")


def test_a_defending_territory_with_a_live_scar_opens_no_window_G4():
    scars = {"brazil": Scar("brazil", "territory", "ammo_shortage", "p9", 1)}
    state = with_world(position(armies=ATTACK), scars=scars).clone()
    state.set_seat(1, scar_card="bunker")
    state, events = play(state, (0, Attack("argentina", "brazil", 2)), (1, DefendWith(2)))
    assert state.phase != "scar_before_roll" and any(e.type == "dice_rolled" for e in events)


def test_once_a_scar_is_played_the_window_closes_for_everyone_G4():
    state = _at_window({0: "ammo_shortage", 1: "bunker"})
    state, events = play(state, (0, PlayScarCard("brazil")))
    assert state.seats[1].scar_card == "bunker"  # never asked: Brazil now carries a scar
    assert any(e.type == "dice_rolled" for e in events)


def test_eliminated_players_are_not_offered_a_scar_window_OPEN13():
    state = position(armies=ATTACK, seat2={"eliminated": True, "scar_card": "bunker"})
    state, events = play(state, (0, Attack("argentina", "brazil", 2)), (1, DefendWith(2)))
    assert state.phase != "scar_before_roll" and any(e.type == "dice_rolled" for e in events)


def test_a_window_state_survives_json_with_its_pending_decision():
    state = _at_window({1: "bunker", 2: "ammo_shortage"})
    state, _ = play(state, (1, PassScarCard()))
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and seats_to_act(again) == [2]


# --- Bunker's +1: the higher die only, and a 6 stays a 6 (X-8) -----------------------------------


@pytest.mark.parametrize(
    ("natural", "after"),
    [([6, 5], [6, 5]), ([5, 5], [6, 5]), ([4, 2], [5, 2]), ([6, 6], [6, 6]), ([3], [4])],
)
def test_bunker_A56s_adds_one_to_the_higher_defence_die_and_a_six_stays_six_X8(natural, after):
    scars = {"brazil": Scar("brazil", "territory", "bunker", "p1", 1)}
    state = with_world(position(armies=ATTACK), scars=scars)
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [1], natural)
    state, events = play(state, (1, DefendWith(len(natural))))
    assert _rolled(events)["defence"] == after


# --- Biohazard (B70s) and Mercenary (C106s): the start of any player's turn ----------------------


def _ending_turn(world: World, cards: dict[int, str]) -> GameState:
    """Seat 2 is about to end its turn; seat 0 plays next."""
    armies = {"alaska": (0, 3), "peru": (1, 5), "egypt": (2, 4)}
    state = position(armies=armies, current=2, world=world).clone()
    for seat, card in cards.items():
        state.set_seat(seat, scar_card=card)
    return state


def test_biohazard_B70s_is_offered_to_others_at_the_start_of_any_turn_T3():
    state = _ending_turn(opened("pack_1"), {1: "biohazard"})
    state, events = play(state, (2, EndTurn()))
    assert state.current_seat == 0 and state.phase == "scar_turn_start"
    assert seats_to_act(state) == [1] and any(e.type == "scar_window" for e in events)
    options = legal_moves(state, 1)
    assert PlayScarCard("egypt") in options and PassScarCard() in options
    state, _ = play(state, (1, PlayScarCard("egypt")))
    assert state.world.live_scar("egypt").kind == "biohazard"
    assert state.phase == "start_of_turn" and seats_to_act(state) == [0]


def test_a_turn_start_window_survives_json_with_its_pending_decision():
    state = _ending_turn(opened("pack_1", "pack_2"), {1: "mercenary", 2: "biohazard"})
    state, _ = play(state, (2, EndTurn()), (1, PassScarCard()))
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.phase == "scar_turn_start" and seats_to_act(again) == [2]


def test_the_turn_start_window_asks_the_others_in_turn_order_and_a_pass_keeps_the_card_T3():
    state = _ending_turn(opened("pack_1", "pack_2"), {1: "mercenary", 2: "biohazard"})
    state, _ = play(state, (2, EndTurn()))
    assert seats_to_act(state) == [1]
    state, _ = play(state, (1, PassScarCard()))
    assert seats_to_act(state) == [2]
    state, _ = play(state, (2, PassScarCard()))
    assert state.phase == "start_of_turn" and state.seats[1].scar_card == "mercenary"


def test_no_turn_start_window_when_only_the_current_player_holds_a_card_T3():
    state = _ending_turn(opened("pack_1"), {0: "biohazard"})
    state, _ = play(state, (2, EndTurn()))
    assert state.phase == "start_of_turn" and state.current_seat == 0
    assert PlayScarCard("peru") in legal_moves(state, 0)


def test_mercenary_C106s_is_played_by_the_current_player_at_the_start_of_their_turn_T3():
    state = position(
        armies={"alaska": (0, 3)}, phase="start_of_turn", world=opened("pack_2")
    ).clone()
    state.set_seat(0, scar_card="mercenary")
    state, _ = play(state, (0, PlayScarCard("alaska")), (0, Recruit()))
    assert state.world.live_scar("alaska").kind == "mercenary" and state.phase == "place"


def test_turn_start_cards_are_not_played_in_the_window_before_a_roll_T3():
    state = _at_window({1: "bunker", 2: "biohazard"}, world=opened("pack_1"))
    state, _ = play(state, (1, PassScarCard()))
    assert state.phase != "scar_before_roll"  # seat 2's Biohazard waits for a turn start


def test_a_faction_card_scar_is_still_played_at_the_start_of_a_turn_G4(monkeypatch):
    weakness = ScarType("weakness", "K0s", "Weakness", "faction", 1, "turn_start", "none", "")
    monkeypatch.setitem(content().scar_types, "weakness", weakness)
    state = position(armies={"alaska": (0, 3)}, phase="start_of_turn").clone()
    state.set_seat(0, scar_card="weakness")
    assert PlayScarCard("khan_industries") in legal_moves(state, 0)
    state, _ = play(state, (0, PlayScarCard("khan_industries")))
    assert state.world.faction_scars["khan_industries"].kind == "weakness"


# --- end of turn (E-9) ---------------------------------------------------------------------------


def _scarred(kind: str, armies: dict, **extra) -> GameState:
    world = opened("pack_1", "pack_2")
    scars = {t: Scar(t, "territory", kind, "p9", 1) for t in ("alaska", "peru")}
    return with_world(position(armies=armies, world=world, **extra), scars=scars)


def test_biohazard_B70s_costs_its_controller_a_troop_at_the_end_of_their_turn_E9():
    state = _scarred("biohazard", {"alaska": (0, 3), "peru": (1, 2), "egypt": (0, 1)})
    state, events = play(state, (0, EndTurn()))
    assert state.troops("alaska") == 2
    assert state.troops("peru") == 2  # seat 1's scar waits for seat 1's turn
    assert any(e.type == "scar_effect" and e.data["territory"] == "alaska" for e in events)


def test_biohazard_B70s_knocks_out_a_player_whose_last_troop_it_takes_E9_X14():
    state = _scarred("biohazard", {"alaska": (0, 1), "peru": (1, 2)}, seat0={"cards": ("coin",)})
    state, events = play(state, (0, EndTurn()))
    assert "alaska" not in state.armies
    knocked = next(e for e in events if e.type == "knocked_out")
    assert knocked.data == {"seat": 0, "by": None, "cards": 1}
    assert state.seats[0].cards == ("coin",)  # nobody conquered them (default reading)
    assert not state.seats[0].eliminated and state.current_seat == 1


def test_mercenary_C106s_gives_its_controller_a_troop_at_the_end_of_their_turn_E9():
    state = _scarred("mercenary", {"alaska": (0, 3), "peru": (1, 2)})
    state, events = play(state, (0, EndTurn()))
    assert state.troops("alaska") == 4 and state.troops("peru") == 2
    assert any(e.type == "scar_effect" and e.data["troops"] == 1 for e in events)
