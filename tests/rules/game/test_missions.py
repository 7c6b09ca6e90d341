"""Pack 3's missions (E-8, D114-D121s): each condition, claiming one instead of a card, the sea
line Explore the World draws (and its use in the next game), The World Is Ready placing the
World Capital and opening Pack 4 (U-5), the deck across games, refusals, JSON and the bot."""

from __future__ import annotations

import json

import pytest

from rules import board_links, box
from rules.bot_missions import CAPITAL_NAMES
from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    AcknowledgePack,
    Attack,
    ClaimMission,
    EndTurn,
    GameState,
    MoveIn,
    SeatSpec,
    TakeCard,
    TurnFlags,
    apply_move,
    game_result,
    legal_move_options,
    new_game,
    seats_to_act,
)
from rules.game.common import legal_starts
from rules.game.missions import continents_taken, met
from rules.simulate import customized_world, make_bots, person
from rules.unlocks import packs_due
from rules.world import World
from rules.world_events import (
    CityFounded,
    ContinentBonusChanged,
    ContinentNamed,
    GameIncident,
    PackOpened,
)
from rules.world_events.missions import MissionClaimed, SeaLineAdded
from rules.world_events.pockets import AlienIslandPlaced

from ..pack_worlds import with_pack_3
from ..pocket_worlds import with_pocket_1
from .helpers import play, position, rig_dice

ISLANDS = (
    "greenland",
    "iceland",
    "great_britain",
    "japan",
    "madagascar",
    "indonesia",
    "new_guinea",
)
SOUTH_AMERICA = ("venezuela", "peru", "brazil", "argentina")
AFRICA = ("north_africa", "egypt", "east_africa", "congo", "south_africa", "madagascar")
AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def pack_3_world(cities: dict[str, str] | None = None, *, base: World | None = None, **settings):
    """Pack 3 open (the mission deck, Join the Cause, the homeland draw) with these cities."""
    world = PackOpened("pack_3", 2, "a second signature").apply(base or World())
    for territory, kind in (cities or {}).items():
        world = CityFounded(territory, kind, f"{kind.title()} {territory}", "p9", 1).apply(world)
    return world.evolve(settings=settings)


def held(*territories: str, seat: int = 0, troops: int = 1) -> dict[str, tuple[int, int]]:
    return {t: (seat, troops) for t in territories}


def at_end_of_turn(mission: str, armies, *, world: World | None = None, **kwargs) -> GameState:
    """Seat 0 with `mission` face up ends its attacks (EndTurn): the end-of-turn decision."""
    state = position(armies=armies, world=world or pack_3_world(), **kwargs).clone()
    state.mission, state.mission_deck = mission, ("D114", "D116")
    state.slots = ("alaska", "peru", "brazil", "egypt")
    state.draw_pile = ("siam", "india")
    state, _ = play(state, (0, EndTurn()))
    return state


def claims(state: GameState) -> list[ClaimMission]:
    return [o.move for o in legal_move_options(state, 0) if isinstance(o.move, ClaimMission)]


# --- the conditions ---------------------------------------------------------------------------


def test_superior_infrastructure_D114_counts_six_city_territories_with_the_capital_E8():
    cities = {t: "minor" for t in ("peru", "brazil", "egypt", "china", "india")}
    world = pack_3_world({**cities, "siam": "capital"})
    six = position(armies=held(*cities, "siam"), world=world)
    assert met(six, 0, "D114")
    five = position(armies={**held(*cities), "siam": (1, 1)}, world=world)
    assert not met(five, 0, "D114")


def test_reign_of_terror_D115_needs_nine_territories_taken_by_attack_this_turn_E8():
    nine = ("peru", "brazil", "egypt", "china", "india", "siam", "ural", "japan", "congo")
    state = position(armies=held(*nine), world=pack_3_world(), turn=TurnFlags(conquests=nine))
    assert met(state, 0, "D115")
    eight = TurnFlags(conquests=(*nine[:8], nine[0]))  # the same territory counts once
    assert not met(position(armies=held(*nine), world=pack_3_world(), turn=eight), 0, "D115")


def test_urban_assault_D116_counts_only_cities_taken_by_attack_E8():
    cities = {t: "minor" for t in ("peru", "brazil", "egypt", "china", "india")}
    world = pack_3_world(cities)
    four = TurnFlags(conquests=("peru", "brazil", "egypt", "ural", "china"))
    assert met(position(armies=held(*cities), world=world, turn=four), 0, "D116")
    # India is held, not taken this turn: three cities taken are not enough.
    three = TurnFlags(conquests=("peru", "brazil", "egypt", "ural"))
    assert not met(position(armies=held(*cities), world=world, turn=three), 0, "D116")


def test_attacks_across_sea_lines_are_counted_for_amphibious_onslaught_D117_E8():
    armies = {"brazil": (0, 6), "north_africa": (1, 1), "egypt": (1, 1), "argentina": (0, 1)}
    state = rig_dice(position(armies=armies, world=pack_3_world()), [6, 6, 6], [1])
    state, _ = play(state, (0, Attack("brazil", "north_africa", 3)), (0, MoveIn(5)))
    state = rig_dice(state, [6, 6, 6], [1])
    state, _ = play(state, (0, Attack("north_africa", "egypt", 3)))
    assert state.turn.conquests == ("north_africa", "egypt")
    assert state.turn.sea_conquests == ("north_africa",)  # Brazil-North Africa is a sea line
    four = TurnFlags(sea_conquests=("japan", "iceland", "madagascar", "indonesia"))
    assert met(position(armies={}, world=pack_3_world(), turn=four), 0, "D117")
    assert not met(position(armies={}, world=pack_3_world(), turn=TurnFlags()), 0, "D117")


def test_unexpected_attack_D118_takes_every_territory_of_one_continent_this_turn_E8():
    taken = TurnFlags(conquests=SOUTH_AMERICA)
    state = position(armies=held(*SOUTH_AMERICA), world=pack_3_world(), turn=taken)
    assert met(state, 0, "D118") and continents_taken(state, 0) == ["south_america"]
    short = TurnFlags(conquests=SOUTH_AMERICA[:3])
    assert not met(
        position(armies=held(*SOUTH_AMERICA), world=pack_3_world(), turn=short), 0, "D118"
    )


def test_unexpected_attack_needs_the_continent_still_held_only_when_the_campaign_says_so_D118():
    lost_one = {**held(*SOUTH_AMERICA[:3]), "argentina": (1, 1)}
    taken = TurnFlags(conquests=SOUTH_AMERICA)
    default = position(armies=lost_one, world=pack_3_world(), turn=taken)
    assert met(default, 0, "D118")  # the card does not ask for it
    strict = pack_3_world(unexpected_attack_hold="held")
    assert not met(position(armies=lost_one, world=strict, turn=taken), 0, "D118")


def test_imperial_might_D119_counts_bonuses_as_recruited_unless_the_campaign_reads_printed_T10():
    armies = held(*SOUTH_AMERICA, *AFRICA, *AUSTRALIA)  # printed 2 + 3 + 2 = 7
    minus = ContinentBonusChanged("africa", -1, "p1", 1).apply(pack_3_world())
    assert not met(position(armies=armies, world=minus), 0, "D119")  # 2 + 2 + 2 = 6
    printed = minus.evolve(settings={"imperial_might_bonus": "printed"})
    assert met(position(armies=armies, world=printed), 0, "D119")
    named = ContinentNamed("south_america", "Amazonia", "p0", 1).apply(minus)
    assert met(position(armies=armies, world=named), 0, "D119")  # the namer's +1 makes 7


def test_the_world_is_ready_D120s_needs_a_draw_and_a_card_it_may_take_worth_four_E8():
    world = pack_3_world().evolve(card_coins={**World().card_coins, "peru": 4, "egypt": 5})
    entitled = TurnFlags(conquered=True)
    state = position(armies={"peru": (0, 2)}, world=world, turn=entitled).clone()
    state.slots = ("alaska", "peru", "brazil", "egypt")
    assert met(state, 0, "D120s")
    state.turn = TurnFlags()
    assert not met(state, 0, "D120s")  # no conquest: no draw, no capital (E-2)
    cheap = position(armies={"alaska": (0, 2)}, world=world, turn=entitled).clone()
    cheap.slots = state.slots
    assert not met(cheap, 0, "D120s")  # Egypt is worth 5 but is not a card it may take


def test_the_world_is_ready_counts_homeland_cards_unless_the_campaign_reads_it_without_D120s():
    world = pack_3_world().evolve(card_coins={**World().card_coins, "egypt": 5})
    state = position(
        armies={"alaska": (0, 2), "egypt": (1, 1)},
        world=world,
        turn=TurnFlags(conquered=True),
        seat0={"start": "congo"},  # this game's start makes Africa its homeland
    ).clone()
    state.slots = ("alaska", "peru", "brazil", "egypt")
    assert met(state, 0, "D120s")
    state.world = world.evolve(settings={"world_is_ready_draw": "own_territories"})
    assert not met(state, 0, "D120s")


def test_explore_the_world_D121s_needs_seven_islands_E8():
    assert board_links.islands(World()) == sorted(ISLANDS)
    seven = position(armies=held(*ISLANDS), world=pack_3_world())
    assert met(seven, 0, "D121s")
    six = position(armies={**held(*ISLANDS[:6]), "new_guinea": (1, 1)}, world=pack_3_world())
    assert not met(six, 0, "D121s")


# --- claiming ---------------------------------------------------------------------------------


def test_a_mission_is_claimed_instead_of_a_card_for_its_red_star_and_goes_back_to_the_box_E8():
    nine = ("peru", "brazil", "egypt", "china", "india", "siam", "ural", "japan", "congo")
    turn = TurnFlags(conquered=True, conquests=nine)
    state = at_end_of_turn("D115", held(*nine), turn=turn)
    assert state.phase == "end_of_turn"
    assert claims(state) == [ClaimMission()]
    assert any(isinstance(o.move, TakeCard) for o in legal_move_options(state, 0))
    tokens = state.seats[0].red_star_tokens
    after, events = play(state, (0, ClaimMission()))
    assert after.seats[0].red_star_tokens == tokens + 1
    assert after.seats[0].cards == ()  # no card as well (E-1)
    assert after.mission == "D114" and after.mission_deck == ("D116",)  # the next one
    assert after.current_seat == 1  # one mission a turn: the turn is over
    assert [e for e in after.world_events if isinstance(e, MissionClaimed)] == [
        MissionClaimed(game=1, mission="D115", person="p0")
    ]
    assert "D115" not in after.world.destroyed_box_cards
    claimed = next(e for e in events if e.type == "mission_claimed")
    assert "Reign of Terror" in claimed.text and "back to the box" in claimed.text


def test_a_player_may_take_a_card_instead_of_the_mission_E8():
    nine = ("peru", "brazil", "egypt", "china", "india", "siam", "ural", "japan", "congo")
    state = at_end_of_turn("D115", held(*nine), turn=TurnFlags(conquered=True, conquests=nine))
    after, _ = play(state, (0, TakeCard(2)))
    assert after.seats[0].cards == ("peru",) and after.mission == "D115"


def test_a_claimed_mission_is_in_later_games_and_a_destroyed_one_never_returns_E8():
    world = pack_3_world()
    world = MissionClaimed(game=1, mission="D115", person="p0").apply(world)
    world = MissionClaimed(game=1, mission="D121s", person="p1").apply(world)
    codes = {m.code for m in box.mission_deck(world)}
    assert "D115" in codes and "D121s" not in codes
    state = new_game(world, [SeatSpec(f"p{i}", f"P{i}") for i in range(3)], seed=4, game_number=2)
    assert sorted([state.mission, *state.mission_deck]) == sorted(codes)


def test_a_mission_placing_nothing_refuses_a_territory_or_a_name_E8():
    nine = ("peru", "brazil", "egypt", "china", "india", "siam", "ural", "japan", "congo")
    state = at_end_of_turn("D115", held(*nine), turn=TurnFlags(conquests=nine))
    for move in (ClaimMission(territory="peru"), ClaimMission(name="Nova")):
        with pytest.raises(IllegalMove) as refused:
            apply_move(state, 0, move)
        assert refused.value.code == "nothing_placed"


def test_an_unmet_mission_cannot_be_claimed_E8():
    state = at_end_of_turn("D115", {"peru": (0, 2)}, turn=TurnFlags(conquered=True))
    assert claims(state) == []
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ClaimMission())
    assert refused.value.code == "mission_not_met"


# --- Explore the World ------------------------------------------------------------------------


def _explorer() -> GameState:
    return at_end_of_turn("D121s", {**held(*ISLANDS), "peru": (0, 5)})


def test_explore_the_world_D121s_offers_every_pair_of_coasts_not_yet_adjacent():
    pairs = {(m.territory, m.target) for m in claims(_explorer())}
    assert ("peru", "western_australia") in pairs and ("western_australia", "peru") in pairs
    assert not any("irkutsk" in pair or "afghanistan" in pair for pair in pairs)  # no coast
    assert ("alaska", "kamchatka") not in pairs  # adjacent already
    assert all(m.name == "" for m in claims(_explorer()))


def test_no_sea_line_ends_on_the_fallout_zone_offered_or_claimed_J169s():
    """Nothing more is ever stuck on the fallout territory: no sea line of Explore the World,
    as no end of Alien Island's (U-7), in the claims offered and in the claim itself."""
    world = with_pocket_1(pack_3_world(), fallout="peru")
    state = at_end_of_turn("D121s", {**held(*ISLANDS), "brazil": (0, 5)}, world=world)
    offered = claims(state)
    assert offered and not any("peru" in (m.territory, m.target) for m in offered)
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ClaimMission("peru", "western_australia"))
    assert refused.value.code == "fallout_unchangeable"
    line = SeaLineAdded("western_australia", "peru", "p0", 1)
    assert [v.code for v in line.check(world)] == ["fallout_unchangeable"]
    island = AlienIslandPlaced(("peru", "japan"), "saharan_republic", "p0", 1)
    refusals = island.check(PackOpened("pocket_2", 1, "drawn").apply(world))
    assert [(v.code, v.message) for v in refusals] == [
        (v.code, v.message) for v in line.check(world)
    ]


def test_explore_the_world_D121s_draws_a_sea_line_for_good_and_is_destroyed_G12():
    state = _explorer()
    after, events = play(state, (0, ClaimMission("peru", "western_australia")))
    line = SeaLineAdded("peru", "western_australia", "p0", 1)
    assert line in after.world_events
    assert after.world.added_sea_lines == (("peru", "western_australia"),)
    assert board_links.adjacent(after.world, "western_australia", "peru")
    assert board_links.is_sea_line(after.world, "peru", "western_australia")
    assert "D121s" in after.world.destroyed_box_cards
    assert after.seats[0].red_star_tokens == state.seats[0].red_star_tokens + 2
    text = next(e.text for e in events if e.type == "mission_claimed")
    assert "new sea line joins Peru and Western Australia" in text
    assert board_links.islands(after.world) == sorted(ISLANDS)  # islands stay islands


def test_the_new_sea_line_carries_an_attack_in_the_next_game_and_counts_as_a_sea_crossing_D117():
    after, _ = play(_explorer(), (0, ClaimMission("peru", "western_australia")))
    world = after.world
    assert World.from_json(json.loads(json.dumps(world.to_json()))) == world
    armies = {"peru": (0, 5), "western_australia": (1, 1)}
    state = rig_dice(position(armies=armies, world=world), [6, 6, 6], [1])
    assert Attack("peru", "western_australia", 3) in [o.move for o in legal_move_options(state, 0)]
    state, _ = play(state, (0, Attack("peru", "western_australia", 3)))
    assert state.owner("western_australia") == 0
    assert state.turn.sea_conquests == ("western_australia",)
    bare = position(armies=armies, world=pack_3_world())
    with pytest.raises(IllegalMove) as refused:
        apply_move(bare, 0, Attack("peru", "western_australia", 3))
    assert refused.value.code == "not_adjacent"


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (ClaimMission("irkutsk", "peru"), "no_coast"),
        (ClaimMission("alaska", "kamchatka"), "already_adjacent"),
        (ClaimMission("peru", "peru"), "same_territory"),
        (ClaimMission("peru"), "sea_line_ends"),
        (ClaimMission("peru", "japan", "Nova"), "nothing_to_name"),
    ],
)
def test_a_sea_line_joins_two_different_coasts_not_yet_adjacent_G12(move, code):
    with pytest.raises(IllegalMove) as refused:
        apply_move(_explorer(), 0, move)
    assert refused.value.code == code


# --- The World Is Ready -----------------------------------------------------------------------


def _capital_turn() -> GameState:
    """Seat 0 conquered this turn and holds Peru, whose card (worth 4) lies face up; Peru holds
    a Major City founded by p9."""
    world = pack_3_world({"peru": "major"}).evolve(
        card_coins={**World().card_coins, "peru": 4, "egypt": 6}
    )
    armies = {"peru": (0, 3), "brazil": (0, 2), "egypt": (1, 2)}
    return at_end_of_turn("D120s", armies, world=world, turn=TurnFlags(conquered=True))


def test_the_world_is_ready_D120s_offers_the_territories_of_cards_worth_four_it_may_take():
    options = [o for o in legal_move_options(_capital_turn(), 0) if o.move.type == "claim_mission"]
    assert [o.move for o in options] == [ClaimMission(territory="peru", name="World Capital")]
    assert options[0].text == "name"
    assert options[0].allows(ClaimMission(territory="peru", name="Nova Lima"))
    assert not options[0].allows(ClaimMission(territory="peru", name="  "))


def test_the_world_is_ready_D120s_places_the_capital_over_the_city_and_opens_pack_4_U5():
    state = _capital_turn()
    after, events = play(state, (0, ClaimMission(territory="peru", name="Nova Lima")))
    world = after.world
    capital = world.cities["peru"]
    assert (capital.kind, capital.name, capital.founder) == ("capital", "Nova Lima", "p0")
    assert [c.kind for c in world.covered_cities] == ["major"]
    assert world.supplies_left()["major_city"] == 4  # the covered sticker stays used
    assert "pack_4" in world.packs_opened and "D120s" in world.destroyed_box_cards
    assert after.slots == state.slots  # the card is not taken
    assert after.seats[0].red_star_tokens == state.seats[0].red_star_tokens + 2
    kinds = [type(e).__name__ for e in after.world_events]
    assert kinds == [
        "GameIncident",
        "PackOpened",
        "CityCovered",
        "CityFounded",
        "MissionClaimed",
    ]
    incident = after.world_events[0]
    assert isinstance(incident, GameIncident) and incident.detail == "world_capital"
    assert "pack_due" in [e.type for e in events]
    # The turn is over; the claimer opens the pack, then the next player's turn goes on.
    assert after.phase == "open_pack" and seats_to_act(after) == [0]
    resumed, _ = play(after, (0, AcknowledgePack("pack_4")))
    assert resumed.current_seat == 1 and resumed.phase == "start_of_turn"


def test_the_capital_opens_pack_4_in_the_campaign_log_as_a_mark_placed_U5():
    after, _ = play(_capital_turn(), (0, ClaimMission(territory="peru", name="Nova Lima")))
    entries = list(enumerate(after.world_events, 1))
    opened = [e for e in after.world_events if isinstance(e, PackOpened)]
    world = pack_3_world({"peru": "major"})
    without_opening = [(n, e) for n, e in entries if not isinstance(e, PackOpened)]
    assert [d.pack for d in packs_due(without_opening, world=world)] == ["pack_4"]
    assert [o.pack for o in opened] == ["pack_4"]


def test_the_founder_of_a_covered_major_city_can_no_longer_start_there_S7():
    after, _ = play(_capital_turn(), (0, ClaimMission(territory="peru", name="Nova Lima")))
    state = new_game(
        after.world,
        [SeatSpec("p9", "Founder"), SeatSpec("p1", "B"), SeatSpec("p2", "C")],
        seed=3,
        game_number=2,
    )
    assert "peru" not in legal_starts(state, 0, setup=True)


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (ClaimMission(territory="egypt", name="Cairo"), "capital_territory"),
        (ClaimMission(territory="peru", name=" "), "capital_name"),
        (ClaimMission(territory="peru", name="x" * 81), "capital_name"),
        (ClaimMission(territory="peru", target="brazil", name="Lima"), "one_territory"),
    ],
)
def test_the_world_capital_goes_into_one_card_territory_it_may_take_with_a_name_D120s(move, code):
    with pytest.raises(IllegalMove) as refused:
        apply_move(_capital_turn(), 0, move)
    assert refused.value.code == code


def test_a_claim_that_wins_the_game_still_places_the_capital_and_asks_nothing_W1():
    state = _capital_turn().clone()
    state.set_seat(0, red_star_tokens=2)
    after, _ = play(state, (0, ClaimMission(territory="peru", name="Nova Lima")))
    assert after.is_over and after.winner == 0
    assert "pack_4" in after.world.packs_opened
    result = game_result(after)
    assert [type(e).__name__ for e in result.world_events][-3:] == [
        "CityCovered",
        "CityFounded",
        "MissionClaimed",
    ]


def test_a_game_waiting_on_pack_4_after_a_claim_survives_json():
    after, _ = play(_capital_turn(), (0, ClaimMission(territory="peru", name="Nova Lima")))
    again = GameState.from_json(json.loads(json.dumps(after.to_json())))
    assert again == after


# --- the bot ----------------------------------------------------------------------------------


def test_the_bot_founds_the_capital_where_its_troops_stand_and_names_it():
    move = HeuristicBot(3).choose(_capital_turn(), 0)
    assert isinstance(move, ClaimMission) and move.territory == "peru"
    assert move.name in CAPITAL_NAMES


def test_the_bot_draws_its_sea_line_from_its_strongest_coast_to_an_enemy_hq():
    state = at_end_of_turn(
        "D121s",
        {**held(*ISLANDS), "peru": (0, 9), "western_australia": (1, 2), "china": (2, 4)},
        hqs={"china": 2},
    )
    move = HeuristicBot(1).choose(state, 0)
    assert move == ClaimMission("peru", "china")


def test_bots_claim_missions_with_packs_1_to_3_open():
    """Heuristic bots on worlds with cities and rich cards: over a few games they claim
    missions, and The World Is Ready opens Pack 4 in play."""
    claimed: list[MissionClaimed] = []
    for seed in (28, 33, 38):
        state = _pack_world_game(seed)
        assert state.is_over and state.winner is not None
        claimed += [e for e in state.world_events if isinstance(e, MissionClaimed)]
    assert {e.mission for e in claimed} >= {"D120s"}
    assert len(claimed) >= 3


def pack_world(seed: int) -> World:
    """A campaign some games in: Packs 1-3 open, ten cities, a dozen rich territory cards."""
    world = customized_world(seed, veterans=1)
    for pack in ("pack_1", "pack_2"):
        world = PackOpened(pack, 0, "drawn").apply(world)
    return with_pack_3(world, seed)


def _pack_world_game(seed: int) -> GameState:
    players = 3 + seed % 3
    world = pack_world(seed)
    seats = [SeatSpec(person(i), f"Bot {i + 1}") for i in range(players)]
    state = new_game(world, seats, seed=seed, game_number=world.next_game_number)
    bots = make_bots(["heuristic"] * players, seed)
    for _ in range(10_000):
        if state.is_over:
            break
        seat = seats_to_act(state)[0]
        state, _ = apply_move(state, seat, bots[seat].choose(state, seat))
    return state
