"""Weakness scars in the yellow slot (G-4; Pocket 2): the Alien Collaborator (K180s) and the
five weakness cards K194s-K198s, how they are played (their holder's own turn, never on the
Aliens' card) and what each changes in the turn."""

from __future__ import annotations

import pytest

from rules import box
from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    Expand,
    Maneuver,
    PlaceTroops,
    PlayScarCard,
    Recruit,
    TakeCard,
    TurnFlags,
    apply_move,
    legal_moves,
    seats_to_act,
)
from rules.game.scars import turn_start_turn
from rules.game.turn import base_recruits
from rules.world import City, World
from rules.world_events import ScarPlaced
from tests.rules.pocket_worlds import with_pocket_2

from .helpers import play, position, with_world

WEAKNESSES = {"cautious", "purist", "short_sighted", "unpopular", "primitive"}


def _world(weakness: str | None = None, faction: str = "die_mechaniker", **settings) -> World:
    """Pocket 2 open (Saharan Republic collaborated); `weakness` on `faction`'s card."""
    world = with_pocket_2(World()).evolve(settings=settings)
    if weakness is not None:
        world = ScarPlaced(faction, "faction", weakness, "p1", 1).apply(world)
    return world


def _minor(territory: str) -> City:
    return City(territory, "minor", "Somewhere", "p2", 1)


def _least_expansion(state) -> dict[str, int]:
    """The fewest troops each expansion target takes (X-3)."""
    least: dict[str, int] = {}
    for move in legal_moves(state, 0):
        if isinstance(move, Expand):
            least[move.target] = min(move.count, least.get(move.target, move.count))
    return least


# --- the Alien Collaborator (K180s) --------------------------------------------------------------


def test_collaborator_trade_ins_count_one_coin_more_K180s_T11():
    cards = ("peru", "brazil")
    world = with_pocket_2(World(), collaborator="die_mechaniker")
    state = position(
        armies={"alaska": (0, 1)}, phase="start_of_turn", world=world, seat0={"cards": cards}
    )
    state = with_world(state, card_coins={**state.world.card_coins, "peru": 2, "brazil": 2})
    state, events = play(state, (0, Recruit(cards)))
    assert events[0].data["trade_in_troops"] == 10  # 4 coins shown count as 5


def test_a_collaborator_single_one_coin_card_makes_a_trade_in_K180s_T11():
    world = with_pocket_2(World(), collaborator="die_mechaniker")
    state = position(
        armies={"alaska": (0, 1)}, phase="start_of_turn", world=world, seat0={"cards": ("coin",)}
    )
    assert Recruit(("coin",)) in legal_moves(state, 0)
    state, events = play(state, (0, Recruit(("coin",))))
    assert events[0].data["trade_in_troops"] == 2


def test_others_trade_ins_count_what_the_cards_show_T11():
    state = position(
        armies={"alaska": (0, 1)},
        phase="start_of_turn",
        world=with_pocket_2(World()),
        seat0={"cards": ("coin",)},
    )
    assert Recruit(("coin",)) not in legal_moves(state, 0)


def test_collaborator_expansion_into_an_empty_city_costs_2_more_K180s_X3():
    world = with_pocket_2(World(), collaborator="die_mechaniker")
    state = position(armies={"alaska": (0, 9)}, world=world)
    state = with_world(state, cities={"alberta": _minor("alberta")})
    least = _least_expansion(state)
    assert least["alberta"] == 4  # 1 for the Minor City, 2 more, and 1 must arrive
    assert least["kamchatka"] == 1  # plain land costs nothing more
    state, events = play(state, (0, Expand("alaska", "alberta", 4)))
    assert state.troops("alberta") == 1 and events[-1].data["losses"] == 3


# --- the weakness cards (K194s-K198s) ------------------------------------------------------------


def test_the_five_weakness_cards_join_the_scar_deck_once_pocket_2_is_open_S5():
    assert set(box.scar_deck(_world())) >= WEAKNESSES
    assert "alien_collaborator" not in box.scar_deck(_world())
    assert not WEAKNESSES & set(box.scar_deck(World()))


def test_a_weakness_card_is_played_in_its_holders_own_turn_on_a_free_yellow_slot_K184():
    state = position(
        armies={"alaska": (0, 3), "peru": (1, 3)},
        phase="start_of_turn",
        world=_world(),
        seat0={"scar_card": "cautious"},
    )
    offered = {m.target for m in legal_moves(state, 0) if isinstance(m, PlayScarCard)}
    # Never the Aliens' card, nor the Collaborator's, whose yellow slot is full.
    assert "aliens" not in offered and "saharan_republic" not in offered
    assert offered == {
        "die_mechaniker",
        "enclave_of_the_bear",
        "imperial_balkania",
        "khan_industries",
    }
    state, events = play(state, (0, PlayScarCard("enclave_of_the_bear")))
    placed = state.world_events[-1]
    assert isinstance(placed, ScarPlaced)
    assert (placed.target, placed.on, placed.scar) == ("enclave_of_the_bear", "faction", "cautious")
    assert state.seats[0].scar_card is None and events[-1].type == "scar_placed"


def test_a_weakness_card_may_be_played_while_expanding_and_attacking_K194s():
    state = position(armies={"alaska": (0, 3)}, world=_world(), seat0={"scar_card": "primitive"})
    assert PlayScarCard("imperial_balkania") in legal_moves(state, 0)
    state, _ = play(state, (0, PlayScarCard("imperial_balkania")))
    assert state.world.faction_scars["imperial_balkania"].kind == "primitive"


def test_the_aliens_card_never_takes_a_weakness_K184():
    state = position(
        armies={"alaska": (0, 3)},
        phase="start_of_turn",
        world=_world(),
        seat0={"scar_card": "unpopular"},
    )
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlayScarCard("aliens"))
    assert refused.value.code == "slot_closed"


def test_a_weakness_card_is_not_offered_in_another_players_turn_K184():
    state = position(
        armies={"alaska": (0, 3), "peru": (1, 3)},
        phase="scar_turn_start",
        current=1,
        world=_world(),
        seat0={"scar_card": "purist"},
    ).clone()
    state.pending = {"kind": "turn_start_scars", "passed": []}
    assert turn_start_turn(state) is None  # the window a turn start opens skips it
    assert seats_to_act(state) == []


def test_cautious_recruits_go_into_1_or_2_territories_K194s_T13():
    armies = {"alaska": (0, 1), "alberta": (0, 1), "ontario": (0, 1)}
    state = position(
        armies=armies, phase="place", world=_world("cautious"), turn=TurnFlags(recruits_left=6)
    )
    state, _ = play(state, (0, PlaceTroops("alaska", 2)), (0, PlaceTroops("alberta", 1)))
    assert {m.territory for m in legal_moves(state, 0)} == {"alaska", "alberta"}
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, PlaceTroops("ontario", 1))
    assert refused.value.code == "cautious"
    state, _ = play(state, (0, PlaceTroops("alaska", 3)))
    assert state.phase == "expand_attack"


def test_without_cautious_recruits_spread_freely_T13():
    armies = {"alaska": (0, 1), "alberta": (0, 1), "ontario": (0, 1)}
    state = position(armies=armies, phase="place", world=_world(), turn=TurnFlags(recruits_left=6))
    state, _ = play(state, (0, PlaceTroops("alaska", 1)), (0, PlaceTroops("alberta", 1)))
    state, _ = play(state, (0, PlaceTroops("ontario", 1)))
    assert state.troops("ontario") == 2


def _end_of_turn(world: World, cards: tuple[str, ...]) -> object:
    state = position(
        armies={"alaska": (0, 3)},
        phase="end_of_turn",
        world=world,
        turn=TurnFlags(conquered=True),
        seat0={"cards": cards},
    ).clone()
    state.slots = (None, None, None, None)  # no face-up card of its own: a coin card (E-3)
    return state


def test_purist_takes_no_third_coin_card_K195s():
    state = _end_of_turn(_world("purist"), ("coin", "coin"))
    assert TakeCard("coin") not in legal_moves(state, 0)
    with pytest.raises(IllegalMove):
        apply_move(state, 0, TakeCard("coin"))
    assert TakeCard("coin") in legal_moves(_end_of_turn(_world("purist"), ("coin",)), 0)


def test_purist_reading_returns_one_takes_the_third_and_gives_one_back_K195s():
    state = _end_of_turn(_world("purist", purist_third_coin="returns_one"), ("coin", "coin"))
    state, events = play(state, (0, TakeCard("coin")))
    assert state.seats[0].cards.count("coin") == 2
    assert any(e.type == "coin_cards_returned" for e in events)


def test_a_purists_coin_cards_lie_face_up_for_everyone_K195s():
    from rules.game import view_for

    state = _end_of_turn(_world("purist"), ("coin", "peru"))
    assert view_for(state, 1)["seats"][0]["face_up_coin_cards"] == 1
    assert "face_up_coin_cards" not in view_for(state, 1)["seats"][1]


def test_short_sighted_maneuvers_end_next_to_the_territory_left_K196s_M3():
    armies = {"alaska": (0, 5), "northwest_territory": (0, 1), "greenland": (0, 1)}
    state = position(armies=armies, world=_world("short_sighted"))
    targets = {m.target for m in legal_moves(state, 0) if isinstance(m, Maneuver)}
    assert "greenland" not in {
        m.target for m in legal_moves(state, 0) if isinstance(m, Maneuver) and m.origin == "alaska"
    }
    assert "northwest_territory" in targets
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Maneuver("alaska", "greenland", 2))
    assert refused.value.code == "short_sighted"
    free = position(armies=armies, world=_world())
    play(free, (0, Maneuver("alaska", "greenland", 2)))


def test_unpopular_expansion_into_an_empty_city_costs_1_more_K197s_X3():
    state = position(armies={"alaska": (0, 9)}, world=_world("unpopular"))
    state = with_world(state, cities={"alberta": _minor("alberta")})
    state, events = play(state, (0, Expand("alaska", "alberta", 3)))
    assert events[-1].data["losses"] == 2 and state.troops("alberta") == 1


def test_primitive_recruit_counts_territories_only_K198s_T8():
    held = [
        "alaska",
        "alberta",
        "ontario",
        "quebec",
        "greenland",
        "iceland",
        "peru",
        "egypt",
        "siam",
    ]
    armies = {t: (0, 1) for t in held}
    cities = {"alaska": City("alaska", "major", "Anchorage", "p0", 1), "alberta": _minor("alberta")}

    def recruits(world: World) -> int:
        return base_recruits(with_world(position(armies=armies, world=world), cities=cities), 0)

    assert recruits(_world()) == 4  # (9 territories + population 3) / 3
    assert recruits(_world("primitive")) == 3  # 9 / 3


def test_the_bot_plays_its_weakness_card_on_the_leader_K194s():
    state = position(
        armies={"alaska": (0, 3), "peru": (1, 3), "brazil": (1, 3), "egypt": (2, 3)},
        phase="start_of_turn",
        world=_world(),
        seat0={"scar_card": "cautious"},
    )
    assert HeuristicBot(3).choose(state, 0) == PlayScarCard("enclave_of_the_bear")
