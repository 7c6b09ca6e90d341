"""Pack 4 (U-5, E-10): the lead faction (E125s) and its choice of mission, the World Capital
(E126s), the private missions E127s-E132s and the red slot (E124s), Pack 4 opening mid-game
(story cards E122-E123), refusals, JSON and the bots."""

from __future__ import annotations

import json

import pytest

from rules import box
from rules.bot_random import RandomBot
from rules.bots import HeuristicBot
from rules.data import content
from rules.errors import IllegalMove
from rules.game import (
    AcknowledgePack,
    Attack,
    ChooseFaction,
    ChooseMission,
    ClaimMission,
    ClaimSlotMission,
    EndTurn,
    Expand,
    GameState,
    Recruit,
    RollForOrder,
    SeatSpec,
    TurnFlags,
    apply_move,
    legal_move_options,
    new_game,
    seats_to_act,
    view_for,
)
from rules.game.lead_faction import lead_faction
from rules.game.missions import met
from rules.game.private_missions import slot_mission
from rules.world import FactionRecord, World
from rules.world_events import (
    CityFortified,
    CityFounded,
    PackOpened,
    ScarCancelled,
    ScarPlaced,
    event_from_json,
    replay,
)
from rules.world_events.missions import MissionClaimed
from rules.world_events.red_slots import (
    LeadMissionChosen,
    PrivateMissionStuck,
    SlotMissionClaimed,
    into_red_slot,
)

from .helpers import FACTIONS, fresh_game, play, position, rig_dice
from .test_missions import AFRICA, AUSTRALIA, SOUTH_AMERICA, at_end_of_turn, held, pack_3_world

PRIVATE = ("E127s", "E128s", "E129s", "E130s", "E131s", "E132s")


def pack_4_world(
    cities: dict[str, str] | None = None,
    *,
    capital: str | None = "egypt",
    wins: dict[str, int] | None = None,
    **settings: str,
) -> World:
    """Pack 3 open, The World Is Ready claimed (the World Capital in `capital`), Pack 4 open,
    and `wins` won rows on the back of these faction cards (games before this one)."""
    world = pack_3_world(cities, **settings)
    if capital is not None:
        world = world.evolve(destroyed_box_cards=world.destroyed_box_cards | {"D120s"})
        world = _found(world, capital, "capital")
    world = PackOpened("pack_4", 2, "the World Capital was about to be placed").apply(world)
    rows = [
        FactionRecord(game, faction, "p9", None, "won")
        for game, faction in enumerate(
            [f for f, count in sorted((wins or {}).items()) for _ in range(count)], 1
        )
    ]
    return world.evolve(faction_records=tuple(rows), games_played=len(rows))


def _found(world: World, territory: str, kind: str, founder: str = "p9") -> World:
    return CityFounded(territory, kind, f"{kind.title()} {territory}", founder, 1).apply(world)


def _set_up(world: World) -> tuple[GameState, list]:
    """Seat 0 rolls highest; seats 0, 1, 2 take FACTIONS[0..2] in Alaska, Argentina, Ural."""
    state = rig_dice(fresh_game(3, world=world), [6], [1], [1])
    state, events = play(state, (0, RollForOrder()), (1, RollForOrder()), (2, RollForOrder()))
    starts = ("alaska", "argentina", "ural")
    for seat, start in enumerate(starts):
        state, more = play(state, (seat, ChooseFaction(FACTIONS[seat], start)))
        events += more
    return state, events


# --- the lead faction (E125s) ----------------------------------------------------------------


def test_the_lead_faction_E125s_has_the_most_wins_among_the_factions_in_this_game():
    # Khan Industries has won most, but it is not in this game.
    wins = {"khan_industries": 3, "enclave_of_the_bear": 2, "die_mechaniker": 1}
    state, events = _set_up(pack_4_world(wins=wins))
    assert lead_faction(state) == "enclave_of_the_bear"
    lead = next(e for e in events if e.type == "lead_faction")
    assert lead.data["seat"] == 1 and "most wins (2 wins)" in lead.text
    assert view_for(state, None)["lead_faction"] == "enclave_of_the_bear"


@pytest.mark.parametrize(
    "wins", [{}, {"die_mechaniker": 1, "imperial_balkania": 1, "khan_industries": 4}]
)
def test_a_tie_for_the_most_wins_means_no_lead_faction_and_an_empty_capital_E125s_E126s(wins):
    state, events = _set_up(pack_4_world(wins=wins))
    assert lead_faction(state) is None
    assert view_for(state, 0)["lead_faction"] is None
    lead = next(e for e in events if e.type == "lead_faction")
    assert lead.data["seat"] is None and "none leads" in lead.text
    assert "begins empty" in lead.text and not state.occupied("egypt")
    # Nobody chooses: the mission turned up at setup stays, and the first turn begins.
    assert state.phase == "start_of_turn" and state.mission is not None
    assert not any(isinstance(e, LeadMissionChosen) for e in state.world_events)


def test_the_lead_faction_begins_with_3_extra_troops_in_the_world_capital_E126s():
    state, events = _set_up(pack_4_world(wins={"imperial_balkania": 1}))
    assert state.armies["egypt"] == (2, 3)  # on top of its HQ and 8 troops in the Ural
    assert state.armies["ural"] == (2, 8)
    assert "3 troops in the World Capital (Egypt)" in next(
        e.text for e in events if e.type == "lead_faction"
    )


def test_the_lead_faction_chooses_the_first_face_up_mission_then_the_deck_is_shuffled_E125s():
    world = pack_4_world(wins={"imperial_balkania": 1})
    state, _ = _set_up(world)
    assert state.phase == "lead_mission" and seats_to_act(state) == [2]
    assert state.mission is None
    deck = sorted(m.code for m in box.mission_deck(world))
    options = [o.move for o in legal_move_options(state, 2)]
    assert options == [ChooseMission(code) for code in deck]  # the whole deck, private ones too
    assert set(PRIVATE) <= set(deck)
    after, events = play(state, (2, ChooseMission("E129s")))
    assert after.mission == "E129s"
    assert sorted(after.mission_deck) == [c for c in deck if c != "E129s"]
    assert after.world_events == (LeadMissionChosen(1, "imperial_balkania", "E129s", "p2"),)
    chosen = next(e for e in events if e.type == "lead_mission_chosen")
    assert "Wide Border" in chosen.text
    # Setup is over: the first chooser takes the first turn (S-11).
    assert after.phase == "start_of_turn" and after.current_seat == 0


def test_only_a_mission_of_the_deck_can_be_chosen_E125s():
    state, _ = _set_up(pack_4_world(wins={"imperial_balkania": 1}))
    for seat, move, code in [
        (2, ChooseMission("D120s"), "lead_mission"),  # destroyed when the capital was placed
        (2, ChooseMission("nonsense"), "lead_mission"),
        (0, ChooseMission("E129s"), "not_your_turn"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            apply_move(state, seat, move)
        assert refused.value.code == code


def test_with_the_draft_the_lead_faction_chooses_once_the_starts_are_placed_E125s():
    world = PackOpened("pack_1", 1, "drawn").apply(
        pack_4_world(wins={"saharan_republic": 2, "die_mechaniker": 1})
    )
    state = new_game(world, [SeatSpec(f"p{i}", f"P{i}") for i in range(4)], seed=8, game_number=3)
    bots = [HeuristicBot(seat) for seat in range(4)]
    while state.phase != "lead_mission":
        assert state.phase.startswith("setup"), "the game began without the lead's choice"
        seat = seats_to_act(state)[0]
        state, _ = apply_move(state, seat, bots[seat].choose(state, seat))
    assert all(s.draft_cards and s.start for s in state.seats) and state.turn_order
    lead = seats_to_act(state)[0]
    assert state.seats[lead].faction == lead_faction(state)
    assert state.armies["egypt"] == (lead, 3)


def test_without_pack_4_there_is_no_lead_faction_and_nothing_is_chosen_U8():
    state, events = _set_up(pack_3_world())
    assert "lead_faction" not in view_for(state, 0)
    assert state.phase == "start_of_turn"
    assert not [e for e in events if e.type == "lead_faction"]


# --- Pack 4 opening mid-game (U-5, E122-E123) -------------------------------------------------


def _world_is_ready(**settings: str) -> GameState:
    """Seat 0 (Die Mechaniker, one win behind) ends a turn with The World Is Ready met: Egypt's
    card (worth 5) may be taken through its homeland Africa; Egypt is empty. Seat 1 (Enclave
    of the Bear, two wins) leads once Pack 4 is open."""
    world = pack_3_world(**settings).evolve(
        card_coins={**World().card_coins, "egypt": 5},
        faction_records=(
            FactionRecord(1, "enclave_of_the_bear", "p1", None, "won"),
            FactionRecord(2, "enclave_of_the_bear", "p1", None, "won"),
            FactionRecord(3, "die_mechaniker", "p0", None, "won"),
        ),
    )
    state = at_end_of_turn(
        "D120s",
        {"alaska": (0, 2), "peru": (1, 2)},
        world=world,
        turn=TurnFlags(conquered=True),
        seat0={"start": "congo"},
    )
    assert state.phase == "end_of_turn"
    return state


def test_pack_4_opening_shuffles_the_private_missions_in_and_the_lead_faction_chooses_E123():
    state = _world_is_ready()
    after, events = play(state, (0, ClaimMission(territory="egypt", name="Concordia")))
    assert set(PRIVATE) <= set(after.mission_deck) and after.mission is None
    assert "missions_shuffled_in" in [e.type for e in events]
    # The pack is opened first, then the lead faction chooses, then the next turn goes on.
    assert after.phase == "open_pack" and seats_to_act(after) == [0]
    after, _ = play(after, (0, AcknowledgePack("pack_4")))
    assert after.phase == "lead_mission" and seats_to_act(after) == [1]
    after, _ = play(after, (1, ChooseMission("E130s")))
    assert after.mission == "E130s" and after.phase == "start_of_turn" and after.current_seat == 1
    assert [type(e).__name__ for e in after.world_events] == [
        "GameIncident",
        "PackOpened",
        "CityFounded",
        "MissionClaimed",
        "LeadMissionChosen",
    ]
    # The opening game's capital stays empty until someone enters it (PACKS INFERENCE).
    assert not after.occupied("egypt")


def test_the_campaign_may_read_the_opening_game_as_giving_the_lead_troops_at_once_E126s():
    state = _world_is_ready(capital_opening_game="lead_troops")
    # The reading is a Pack 4 setting: the campaign chose it before, as a later game would.
    after, events = play(state, (0, ClaimMission(territory="egypt", name="Concordia")))
    assert after.armies["egypt"] == (1, 3)
    assert "go into the empty World Capital now" in next(
        e.text for e in events if e.type == "lead_faction"
    )


def test_with_no_lead_faction_the_top_mission_is_turned_up_as_pack_4_opens_E123():
    state = _world_is_ready()
    state.world = state.world.evolve(faction_records=())
    after, events = play(state, (0, ClaimMission(territory="egypt", name="Concordia")))
    assert after.mission is not None and "mission_laid_out" in [e.type for e in events]
    after, _ = play(after, (0, AcknowledgePack("pack_4")))
    assert after.phase == "start_of_turn" and after.current_seat == 1


# --- the World Capital (E126s) ----------------------------------------------------------------


def test_the_world_capital_has_population_5_and_costs_5_troops_to_expand_into_X3():
    state = position(armies={"north_africa": (0, 8)}, world=pack_4_world())
    assert state.world.population("egypt") == 5
    expand = next(
        o
        for o in legal_move_options(state, 0)
        if isinstance(o.move, Expand) and o.move.target == "egypt"
    )
    assert expand.min_count == 6  # 5 lost entering, 1 goes in
    state, _ = play(state, (0, Expand("north_africa", "egypt", 6)))
    assert state.armies["egypt"] == (0, 1) and state.population(0) == 5


def test_the_world_capital_can_be_fortified_like_any_city_E126s():
    world = pack_4_world()
    assert CityFortified("egypt", "p1", 3).check(world) == []


def test_a_major_city_under_the_capital_is_no_longer_a_start_for_its_founder_S7b():
    world = _found(pack_3_world(), "egypt", "major", founder="p0")
    assert "egypt" in _starts_for_p0(world)
    world = world.evolve(covered_cities=(world.cities["egypt"],))
    world = world.evolve(cities={k: c for k, c in world.cities.items() if k != "egypt"})
    world = PackOpened("pack_4", 2, "placed").apply(_found(world, "egypt", "capital"))
    assert "egypt" not in _starts_for_p0(world)
    state = rig_dice(fresh_game(3, world=world), [6], [1], [1])
    state, _ = play(state, (0, RollForOrder()), (1, RollForOrder()), (2, RollForOrder()))
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ChooseFaction("khan_industries", "egypt"))
    assert (refused.value.code, refused.value.rule) == ("start_marked", "S-7")


def _starts_for_p0(world: World) -> set[str]:
    state = position(armies={}, world=world, phase="start_of_turn")
    return {o.move.territory for o in legal_move_options(state, 0)}  # type: ignore[attr-defined]


# --- the private missions (E127s-E132s) -------------------------------------------------------


def _rich(**coins: int) -> World:
    return pack_4_world().evolve(card_coins={**World().card_coins, **coins})


def test_advanced_tactics_E128s_needs_two_territory_cards_of_four_coins_in_the_trade_in():
    world = _rich(peru=4, brazil=6, argentina=3)
    state = position(
        armies={"alaska": (0, 3)},
        world=world,
        phase="start_of_turn",
        seat0={"cards": ("peru", "brazil", "argentina")},
    )
    state, _ = play(state, (0, Recruit(("peru", "brazil"))))
    assert state.turn.trade_in == ("peru", "brazil")  # remembered until the claim
    assert met(state, 0, "E128s")
    one_rich = position(armies={}, world=world, turn=TurnFlags(trade_in=("peru", "argentina")))
    assert not met(one_rich, 0, "E128s")
    coins = position(armies={}, world=world, turn=TurnFlags(trade_in=("peru", "coin", "coin")))
    assert not met(coins, 0, "E128s")  # coin cards are no territory cards


def test_advanced_training_E132s_needs_a_troop_trade_in_worth_ten_coins():
    world = _rich(peru=4, brazil=6, argentina=5)
    assert met(
        position(armies={}, world=world, turn=TurnFlags(trade_in=("peru", "brazil"))), 0, "E132s"
    )
    nine = TurnFlags(trade_in=("peru", "argentina"))
    assert not met(position(armies={}, world=world, turn=nine), 0, "E132s")
    assert not met(position(armies={}, world=world), 0, "E132s")  # no trade-in this turn


@pytest.mark.parametrize(
    ("cards", "meets"), [(("coin", "peru", "coin"), True), (("coin",) * 2, False)]
)
def test_forced_occupation_E127s_knocks_out_a_player_holding_three_cards(cards, meets):
    armies = {"peru": (0, 6), "brazil": (1, 1)}
    state = position(armies=armies, world=pack_4_world(), seat1={"cards": cards})
    state = rig_dice(state, [6, 6, 6], [1])
    state, _ = play(state, (0, Attack("peru", "brazil", 3)))
    assert state.turn.knockout_hands == (len(cards),)
    assert met(state, 0, "E127s") is meets


def test_guerilla_warfare_E131s_holds_every_bunker_and_mercenary_territory_at_once():
    world = pack_4_world()
    for territory, kind in (("peru", "bunker"), ("ural", "mercenary"), ("siam", "bunker")):
        world = ScarPlaced(territory, "territory", kind, "p9", 1).apply(world)
    world = ScarCancelled("siam", "p9", 1).apply(world)  # covered: no scar any more
    assert met(position(armies=held("peru", "ural"), world=world), 0, "E131s")
    assert not met(position(armies={**held("peru"), "ural": (1, 1)}, world=world), 0, "E131s")


def test_guerilla_warfare_with_no_such_scar_is_not_claimable_unless_the_campaign_says_so_E131s():
    assert not met(position(armies=held("peru"), world=pack_4_world()), 0, "E131s")
    reading = pack_4_world(guerilla_warfare_no_scars="claimable")
    assert met(position(armies=held("peru"), world=reading), 0, "E131s")


def test_urban_troop_surge_E130s_holds_the_capital_and_three_major_cities():
    world = pack_4_world({"peru": "major", "brazil": "major", "ural": "major", "siam": "minor"})
    assert met(position(armies=held("egypt", "peru", "brazil", "ural"), world=world), 0, "E130s")
    assert not met(
        position(armies=held("egypt", "peru", "brazil", "siam"), world=world), 0, "E130s"
    )
    assert not met(position(armies=held("peru", "brazil", "ural"), world=world), 0, "E130s")


def _turn_begins(world: World, armies: dict[str, tuple[int, int]]) -> GameState:
    """Seat 2 ends its turn: seat 0's turn begins with these armies."""
    state = position(armies={**armies, "kamchatka": (2, 1)}, world=world, current=2)
    state, _ = play(state, (2, EndTurn()))
    assert state.current_seat == 0
    return state


def test_wide_border_E129s_reads_two_whole_continents_as_the_turn_begins():
    state = _turn_begins(pack_4_world(), held(*SOUTH_AMERICA, *AUSTRALIA, "egypt"))
    assert state.turn.continents_at_start == ("south_america", "australia")
    # Remembered until the claim, even with Peru lost during the turn.
    state.armies = {**state.armies, "peru": (1, 1)}
    assert met(state, 0, "E129s")
    one = _turn_begins(pack_4_world(), held(*SOUTH_AMERICA, *AFRICA[:5]))
    assert not met(one, 0, "E129s")


def test_wide_border_needs_them_still_held_when_the_campaign_reads_it_so_E129s():
    state = _turn_begins(
        pack_4_world(wide_border_hold="still_held"), held(*SOUTH_AMERICA, *AUSTRALIA)
    )
    assert met(state, 0, "E129s")
    state.armies = {**state.armies, "peru": (1, 1)}
    assert not met(state, 0, "E129s")


def test_turns_remember_nothing_for_private_missions_before_pack_4_U8():
    state = _turn_begins(pack_3_world(), held(*SOUTH_AMERICA, *AUSTRALIA))
    assert state.turn.continents_at_start == ()


# --- the red slot (E124s) ---------------------------------------------------------------------

TEN = TurnFlags(trade_in=("peru", "brazil"))


def _claiming(mission: str, world: World, turn: TurnFlags = TEN) -> GameState:
    world = world.evolve(card_coins={**world.card_coins, "peru": 4, "brazil": 6})
    return at_end_of_turn(mission, {"alaska": (0, 2)}, world=world, turn=turn)


def test_a_private_mission_claimed_with_an_empty_red_slot_goes_into_it_for_good_E124s():
    state = _claiming("E132s", pack_4_world())
    assert state.phase == "end_of_turn"
    after, events = play(state, (0, ClaimMission()))
    assert after.seats[0].red_star_tokens == state.seats[0].red_star_tokens + 1
    assert after.world.red_slots == {"die_mechaniker": "E132s"}
    assert "E132s" in after.world.destroyed_box_cards
    assert "E132s" not in {m.code for m in box.mission_deck(after.world)}  # never in a deck again
    assert list(after.world_events) == [
        MissionClaimed(game=1, mission="E132s", person="p0"),
        PrivateMissionStuck("die_mechaniker", "E132s", "p0", 1),
    ]
    claimed = next(e for e in events if e.type == "mission_claimed")
    assert claimed.data["red_slot"] and "into the red slot of Die Mechaniker" in claimed.text
    # Stuck this game: it counts from the next game on.
    assert slot_mission(after, 0) is None


def test_with_the_red_slot_taken_the_private_mission_goes_back_to_the_box_E124s():
    world = PrivateMissionStuck("die_mechaniker", "E129s", "p0", 1).apply(pack_4_world())
    after, events = play(_claiming("E132s", world), (0, ClaimMission()))
    assert after.world.red_slots == {"die_mechaniker": "E129s"}
    assert "E132s" not in after.world.destroyed_box_cards
    assert [type(e) for e in after.world_events] == [MissionClaimed]
    assert "red slot of Die Mechaniker is taken" in next(
        e.text for e in events if e.type == "mission_claimed"
    )


def _slot_world() -> World:
    """Die Mechaniker's red slot holds Advanced Training since an earlier game."""
    return PrivateMissionStuck("die_mechaniker", "E132s", "p0", 1).apply(pack_4_world())


def test_the_mission_in_the_red_slot_earns_a_red_star_once_a_game_E124s():
    state = _claiming("D114", _slot_world())  # Superior Infrastructure is not met
    assert state.phase == "end_of_turn"
    assert ClaimSlotMission() in [o.move for o in legal_move_options(state, 0)]
    after, events = play(state, (0, ClaimSlotMission()))
    assert after.seats[0].red_star_tokens == state.seats[0].red_star_tokens + 1
    assert list(after.world_events) == [SlotMissionClaimed(1, "die_mechaniker", "E132s", "p0")]
    assert after.world.red_slots == {"die_mechaniker": "E132s"}  # it stays in the slot
    assert after.current_seat == 1  # instead of a card: the turn is over
    assert "from the red slot of Die Mechaniker" in events[0].text
    again = after.clone()
    again.phase, again.current_seat, again.turn = "end_of_turn", 0, TEN
    assert ClaimSlotMission() not in [o.move for o in legal_move_options(again, 0)]
    with pytest.raises(IllegalMove) as refused:
        apply_move(again, 0, ClaimSlotMission())
    assert refused.value.code == "slot_mission_used"


def test_never_the_slot_mission_and_the_face_up_mission_in_one_turn_E124s():
    state = _claiming("E128s", _slot_world())  # 2 cards of 4+ coins: both are met
    moves = [o.move for o in legal_move_options(state, 0)]
    assert ClaimMission() in moves and ClaimSlotMission() in moves
    for first, second in (
        (ClaimMission(), ClaimSlotMission()),
        (ClaimSlotMission(), ClaimMission()),
    ):
        after, _ = play(state, (0, first))
        assert after.current_seat == 1 and after.phase != "end_of_turn"
        with pytest.raises(IllegalMove):
            apply_move(after, 0, second)


@pytest.mark.parametrize(
    ("world", "turn", "code"),
    [
        (pack_4_world(), TurnFlags(conquered=True, trade_in=TEN.trade_in), "no_slot_mission"),
        (_slot_world(), TurnFlags(conquered=True), "mission_not_met"),
    ],
)
def test_a_red_slot_claim_needs_a_mission_there_and_its_condition_met_E124s(world, turn, code):
    state = _claiming("D114", world, turn)
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ClaimSlotMission())
    assert refused.value.code == code


def test_a_met_slot_mission_alone_opens_the_end_of_turn_decision_E1():
    state = _claiming("D114", _slot_world())
    assert not state.turn.conquered
    assert [o.move for o in legal_move_options(state, 0)] == [ClaimSlotMission(), EndTurn()]


# --- world events and JSON ---------------------------------------------------------------------


def test_pack_4_world_events_round_trip_and_replay_E124s_E125s():
    events = [
        PackOpened("pack_4", 3, "the World Capital was about to be placed"),
        MissionClaimed(game=4, mission="E129s", person="ann"),
        PrivateMissionStuck("khan_industries", "E129s", "ann", 4),
        SlotMissionClaimed(5, "khan_industries", "E129s", "ann"),
        LeadMissionChosen(5, "saharan_republic", "E130s", "bob"),
    ]
    world = pack_3_world()
    for event in events:
        assert event.check(world) == [], event
        world = event.apply(world)
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
    assert replay(enumerate(events, 1), pack_3_world()) == world
    assert World.from_json(json.loads(json.dumps(world.to_json()))) == world
    old = world.to_json()
    del old["red_slots"]  # a snapshot stored before Pack 4 had content
    assert World.from_json(old).red_slots == {}


def test_pack_4_world_events_are_refused_without_pack_4_in_the_words_for_anything_unknown_U8():
    world = pack_3_world()
    stuck = PrivateMissionStuck("khan_industries", "E129s", "ann", 4).check(world)
    unknown = PrivateMissionStuck("khan_industries", "Z999", "ann", 4).check(world)
    assert [v.message.replace("E129s", "Z999") for v in stuck] == [v.message for v in unknown]
    assert [v.code for v in LeadMissionChosen(5, "khan_industries", "D114", "a").check(world)] == [
        "no_mission_choice"
    ]
    assert [v.code for v in SlotMissionClaimed(5, "khan_industries", "E129s").check(world)] == [
        "not_in_red_slot"
    ]
    for violation in (*stuck, *unknown):
        words = violation.message.replace("E129s", "Z999").lower()
        assert not [t for t in box.spoiler_terms("pack_4") if t.lower() in words]


def test_a_full_red_slot_refuses_a_second_private_mission_E124s():
    world = _slot_world()
    refused = PrivateMissionStuck("die_mechaniker", "E129s", "p0", 2).check(world)
    assert [v.code for v in refused] == ["red_slot_full"]


def test_a_logged_claim_derives_the_red_slot_as_the_engine_does_E124s():
    world = _slot_world()
    assert into_red_slot(world, "die_mechaniker", "E129s", "p0", 2) is None  # slot full
    assert into_red_slot(world, "khan_industries", "D114", "p3", 2) is None  # not private
    stuck = into_red_slot(world, "khan_industries", "E129s", "p3", 2)
    assert stuck == PrivateMissionStuck("khan_industries", "E129s", "p3", 2)


def test_games_waiting_on_the_lead_faction_and_turn_memories_survive_json():
    state, _ = _set_up(pack_4_world(wins={"imperial_balkania": 1}))
    state.turn = TurnFlags(
        trade_in=("peru",), continents_at_start=("australia",), knockout_hands=(3,)
    )
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state
    data = state.to_json()
    for name in ("trade_in", "continents_at_start", "knockout_hands"):
        del data["turn"][name]  # a game stored before Pack 4 had content
    assert GameState.from_json(data).turn == TurnFlags()


def test_pack_4_words_are_its_own_and_the_world_capital_a_base_word_U8():
    terms = set(box.spoiler_terms("pack_4"))
    assert {"Wide Border", "Forced Occupation", "private mission", "lead faction", "E127s"} <= terms
    assert "World Capital" not in terms and not {"mission", "red slot"} & terms
    assert all(
        content().missions[code].private and content().missions[code].stars == 1 for code in PRIVATE
    )


# --- the bots ----------------------------------------------------------------------------------


def test_the_lead_bot_lays_out_a_mission_it_meets_already_E125s():
    world = pack_4_world(
        {"peru": "major", "brazil": "major", "ural": "major"}, wins={"die_mechaniker": 1}
    )
    state = position(armies=held("egypt", "peru", "brazil", "ural"), world=world).clone()
    state.phase, state.pending = "lead_mission", {"kind": "lead_mission", "seat": 0, "first": 0}
    state.mission, state.mission_deck = None, ("D115", "E130s", "E132s")
    assert HeuristicBot(1).choose(state, 0) == ChooseMission("E130s")
    assert isinstance(RandomBot(1).choose(state, 0), ChooseMission)


def test_the_bot_claims_the_mission_in_its_red_slot_E124s():
    assert HeuristicBot(1).choose(_claiming("D114", _slot_world()), 0) == ClaimSlotMission()


def test_the_bot_trades_in_for_a_trade_in_mission_it_may_claim_E132s():
    world = _rich(peru=4, brazil=6, argentina=5)
    state = position(
        armies={"alaska": (0, 3)},
        world=world,
        phase="start_of_turn",
        seat0={"cards": ("argentina", "brazil", "coin", "peru")},
    ).clone()
    state.mission = "E132s"
    move = HeuristicBot(1).choose(state, 0)
    assert isinstance(move, Recruit)
    assert sum(state.card_coins(c) for c in move.trade_in) == 10


def _lead_choice(state: GameState, deck: tuple[str, ...], bot_seed: int) -> str:
    state = state.clone()
    state.phase, state.pending = "lead_mission", {"kind": "lead_mission", "seat": 0, "first": 0}
    state.mission, state.mission_deck = None, deck
    move = HeuristicBot(bot_seed).choose(state, 0)
    assert isinstance(move, ChooseMission)
    return move.mission


def test_the_lead_bot_never_chooses_guerilla_warfare_with_no_such_scar_to_hold_E125s_E131s():
    world = pack_4_world(wins={"die_mechaniker": 1})
    state = position(armies=held("peru", "brazil"), world=world)
    deck = tuple(sorted(m.code for m in box.mission_deck(world)))
    assert "E131s" in deck
    chosen = {_lead_choice(state, deck, seed) for seed in range(30)}
    assert "E131s" not in chosen
    assert len(chosen) > 1  # the bot's generator gives some variety among near missions


def test_the_lead_bot_chooses_a_mission_it_is_one_city_short_of_E125s_D114():
    cities = {t: "minor" for t in ("peru", "brazil", "argentina", "venezuela", "ural", "india")}
    world = pack_4_world(cities, wins={"die_mechaniker": 1})
    state = position(armies=held("peru", "brazil", "argentina", "venezuela", "ural"), world=world)
    deck = ("D114", "D115", "E128s", "E131s", "E132s")
    assert {_lead_choice(state, deck, seed) for seed in range(20)} == {"D114"}
