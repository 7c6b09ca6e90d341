"""The Aliens in play (Pocket 2): offered as a faction only once the pocket is open, the two
powers printed on their card (Free Landing on X-3/X-4, Island and Ruins on T-7), the mission
printed in their red slot (K-ALN), the ruins rules sticker (K185s), and bots playing them."""

from __future__ import annotations

import pytest

from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    ChooseFaction,
    ClaimSlotMission,
    EndTurn,
    Expand,
    GameState,
    Recruit,
    ResolveEvent,
    TurnFlags,
    apply_move,
    legal_move_options,
    legal_moves,
    seats_to_act,
)
from rules.game.common import legal_start_violation
from rules.game.setup import SETUP_FACTION, setup_options
from rules.world import Fortification, World
from rules.world_events import CityFortified, CityFounded
from rules.world_events.pockets import CityRuined
from tests.rules.pocket_worlds import with_pocket_2

from .helpers import fresh_game, play, position

CITIES = {"peru": "minor", "egypt": "major", "siam": "minor", "japan": "minor"}


def _world(*, ruins: tuple[str, ...] = ("siam",), **settings: str) -> World:
    """Pocket 2 open (Alien Island off Brazil and Western Australia), four cities founded and
    the given ones ruined by a Die Humans card."""
    world = with_pocket_2(World())
    for territory, kind in CITIES.items():
        world = CityFounded(territory, kind, f"{kind.title()} {territory}", "p9", 1).apply(world)
    for territory in ruins:
        world = CityRuined(territory, "p9", 1).apply(world)
    return world.evolve(settings=settings)


def _aliens(armies: dict[str, tuple[int, int]], *, world: World | None = None, **kw) -> GameState:
    """Seat 0 plays the Aliens."""
    return position(armies=armies, world=world or _world(), seat0={"faction": "aliens"}, **kw)


# --- the faction in the box ----------------------------------------------------------------------


def _offered(world: World) -> set[str]:
    state = fresh_game(3, world=world).clone()
    state.phase = SETUP_FACTION
    return {o.move.faction for o in setup_options(state, 0) if isinstance(o.move, ChooseFaction)}


def test_the_aliens_are_offered_only_once_pocket_2_is_open_K184():
    assert "aliens" not in _offered(World())
    assert "aliens" in _offered(with_pocket_2(World()))


# --- Island and Ruins (blue slot, T-7) -----------------------------------------------------------


def test_the_aliens_recruit_2_for_alien_island_and_1_for_each_ruin_K185s():
    state = _aliens(
        {"alien_island": (0, 3), "siam": (0, 2), "brazil": (0, 4), "china": (1, 3)},
        phase="start_of_turn",
    )
    state, events = play(state, (0, Recruit()))
    recruited = next(e for e in events if e.type == "recruited")
    # 3 territories, no population: the minimum 3, then the card's 2 + 1.
    assert recruited.data["total"] == 6
    assert recruited.data["powers"] == [
        ["Alien Island", 2],
        ["the ruin in Southeast Asia", 1],
    ]
    assert "2 for Alien Island, 1 for the ruin in Southeast Asia" in recruited.text


def test_the_island_and_ruins_bonus_is_the_aliens_alone_K185s():
    state = position(
        armies={"alien_island": (0, 3), "siam": (0, 2), "brazil": (0, 4), "china": (1, 3)},
        world=_world(),
        phase="start_of_turn",
    )
    state, events = play(state, (0, Recruit()))
    recruited = next(e for e in events if e.type == "recruited")
    assert recruited.data["total"] == 3 and recruited.data["powers"] == []


# --- Free Landing (green slot, X-3 and X-4) ------------------------------------------------------


def test_the_aliens_expand_into_an_empty_city_without_population_losses_X3():
    state = _aliens({"brazil": (0, 2), "north_africa": (1, 3)}, world=_world(ruins=()))
    assert Expand("brazil", "peru", 1) in legal_moves(state, 0)
    state, events = play(state, (0, Expand("brazil", "peru", 1)))
    assert state.armies["peru"] == (0, 1)
    assert events[0].data["losses"] == 0


def test_other_factions_still_lose_the_citys_population_X3():
    state = position(armies={"north_africa": (0, 4), "china": (1, 3)}, world=_world(ruins=()))
    state, events = play(state, (0, Expand("north_africa", "egypt", 3)))
    assert state.armies["egypt"] == (0, 1) and events[0].data["losses"] == 2


@pytest.mark.parametrize(("reading", "cost"), [("no", 2), ("yes", 0)])
def test_a_fortified_citys_surcharge_follows_the_campaigns_reading_X4(reading, cost):
    world = _world(ruins=(), alien_landing_fortified=reading)
    world = world.evolve(fortifications={"egypt": Fortification("egypt", 0, 1)})
    state = _aliens({"north_africa": (0, 6), "china": (1, 3)}, world=world)
    low = next(
        o.min_count
        for o in legal_move_options(state, 0)
        if isinstance(o.move, Expand) and o.move.target == "egypt"
    )
    assert low == cost + 1
    state, events = play(state, (0, Expand("north_africa", "egypt", 5)))
    assert events[0].data["losses"] == cost


# --- the printed mission K-ALN (red slot) -------------------------------------------------------


def _holding_every_city(**settings: str) -> GameState:
    """The Aliens hold every city (the ruin in Siam is none) as they end their attacks."""
    armies = {"peru": (0, 2), "egypt": (0, 3), "japan": (0, 2), "china": (1, 4)}
    return _aliens(armies, world=_world(**settings))


def _claim(state: GameState) -> tuple[GameState, list]:
    state, _ = play(state, (0, EndTurn()))
    assert ClaimSlotMission() in legal_moves(state, 0)
    return play(state, (0, ClaimSlotMission()))


@pytest.mark.parametrize(("reading", "stars"), [({}, 2), ({"alien_mission_stars": "1"}, 1)])
def test_holding_every_city_earns_the_alien_mission_its_red_stars_K_ALN(reading, stars):
    before = _holding_every_city(**reading)
    state, events = _claim(before)
    assert state.seats[0].red_star_tokens == before.seats[0].red_star_tokens + stars
    claimed = next(e for e in events if e.type == "slot_mission_claimed")
    assert claimed.data["mission"] == "K-ALN" and claimed.data["reward"] == stars


def test_the_alien_mission_counts_once_a_game_K_ALN():
    state, _ = _claim(_holding_every_city())
    again = state.clone()
    again.current_seat, again.phase, again.turn = 0, "end_of_turn", TurnFlags(conquered=True)
    assert ClaimSlotMission() not in legal_moves(again, 0)
    with pytest.raises(IllegalMove) as refused:
        play(again, (0, ClaimSlotMission()))
    assert refused.value.code == "slot_mission_used"


def test_the_alien_mission_needs_every_city_held_K_ALN():
    armies = {"peru": (0, 2), "egypt": (0, 3), "china": (1, 4)}  # Japan's city stands empty
    before = _aliens(armies)
    state, _ = play(before, (0, EndTurn()))
    assert state.phase == "start_of_turn" and state.current_seat == 1
    assert state.seats[0].red_star_tokens == before.seats[0].red_star_tokens


# --- ruins (K185s) -------------------------------------------------------------------------------


def test_a_ruin_is_no_city_and_costs_nothing_to_expand_into_K185s():
    state = position(armies={"china": (0, 3), "egypt": (1, 3)}, world=_world())
    assert "siam" not in state.world.cities
    state, events = play(state, (0, Expand("china", "siam", 1)))
    assert events[0].data["losses"] == 0 and state.population(0) == 0


def test_a_ruin_is_still_a_mark_so_no_legal_start_K185s_G1():
    state = position(armies={"egypt": (1, 3)}, world=_world())
    assert legal_start_violation(state, 0, "siam", setup=False)[0] == "start_marked"


def test_a_ruin_can_never_be_fortified_K185s():
    problems = CityFortified("siam", "p1", 2).check(_world())
    assert [p.code for p in problems] == ["no_city"]


def test_a_new_city_may_be_founded_on_a_ruin_K185s():
    world = _world()
    founded = CityFounded("siam", "minor", "New Siam", "p1", 2)
    assert founded.check(world) == []
    world = founded.apply(world)
    assert world.cities["siam"].name == "New Siam" and "siam" in world.ruins


def test_the_fortify_event_cannot_pick_a_ruin_K185s():
    world = _world().evolve(packs_opened=(*_world().packs_opened, "pack_1"))
    state = position(
        armies={"siam": (0, 3), "peru": (0, 2), "egypt": (1, 3)}, world=world, phase="end_of_turn"
    ).clone()
    state.phase = "event_choice"
    state.pending = {"kind": "event_choice", "card": "B73", "seat": 0}
    answers = legal_moves(state, 0)
    assert ResolveEvent("fortification", ("peru",)) in answers
    assert not any("siam" in getattr(m, "territories", ()) for m in answers)


# --- a bot game ----------------------------------------------------------------------------------


def test_bots_play_a_game_with_the_aliens_and_their_events_to_the_end():
    world = _world(ruins=())
    # Every other territory card shows 2 coins, so events fire often (E-7).
    coins = {t: 1 + i % 2 for i, t in enumerate(sorted(world.card_coins))}
    state = position(
        world=world.evolve(card_coins=coins),
        armies={
            "alien_island": (0, 4),
            "brazil": (0, 3),
            "china": (1, 4),
            "ural": (1, 3),
            "egypt": (2, 4),
            "east_africa": (2, 3),
        },
        hqs={"brazil": 0, "china": 1, "egypt": 2},
        phase="start_of_turn",
        seat0={"faction": "aliens"},
    ).clone()
    state.event_deck = ("K190", "K187s", "K192", "K191", "K188s", "K193", "K189s")
    bots = [HeuristicBot(seed) for seed in range(3)]
    seen: set[str] = set()
    for _ in range(20_000):
        if state.is_over:
            break
        seat = seats_to_act(state)[0]
        state, events = apply_move(state, seat, bots[seat].choose(state, seat))
        seen.update(e.data.get("event", "") for e in events if e.type == "event_resolved")
    assert state.is_over
    assert seen & {"K190", "K187s", "K192"}
