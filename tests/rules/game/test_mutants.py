"""The Mutants (Pocket 1) as a faction to play: offered at setup and in the draft only once
Pocket 1 is open (J165), both printed powers acting (G-3), Old Grudges' re-rolls against the
Bringer of Nuclear Fire and its swap of the end-of-turn scars (E-9), the mission printed in
the red slot once a game (J-MUT), Agent of Chaos (J175-J177), The Mutants Evolve (J178, J179),
the evolved powers, and bots playing them to the end of a game."""

from __future__ import annotations

import pytest

from rules import box
from rules.bot_mutants import evolve_move
from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    Attack,
    ChooseFaction,
    ClaimSlotMission,
    DefendWith,
    DraftPick,
    EndTurn,
    GameState,
    ResolveEvent,
    RollForOrder,
    SeatSpec,
    TakeCard,
    TurnFlags,
    apply_move,
    legal_move_options,
    legal_moves,
    new_game,
    seats_to_act,
)
from rules.game.effects import has_effect, power_effects
from rules.simulate import customized_world
from rules.world import Scar, World
from rules.world_events import PackOpened
from rules.world_events.pack_cards import EventResolved
from rules.world_events.pockets import MutantsEvolved
from rules.world_events.red_slots import SlotMissionClaimed
from tests.rules.pocket_worlds import with_pocket_1, with_pocket_2

from .helpers import fresh_game, play, position, rig_dice

FALLOUT = "ukraine"
BRINGER = "khan_industries"
ROW = ("alaska", "peru", "brazil", "egypt")
AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def _pocket_world(*evolutions: tuple[str, str], **settings: str) -> World:
    """Pocket 1 open after a nuke on Ukraine by Khan Industries; Siam's card at 2 coins, so
    revealing it into slot 1 fires an event (E-7); the Evolve options already scratched."""
    world = with_pocket_1(World(), fallout=FALLOUT, bringer=BRINGER)
    for card, option in evolutions:
        world = MutantsEvolved(card, option, "p0", 1).apply(world)
    return world.evolve(card_coins={**world.card_coins, "siam": 2}, settings=settings)


def _mutants_at(seat: int, world: World, armies: dict, **changes) -> GameState:
    """A mid-game position in the attack step of seat 0, with seat `seat` playing the Mutants."""
    seats = {f"seat{seat}": {"faction": "mutants"}, **changes}
    return position(armies=armies, world=world, **seats)


# --- offered only once Pocket 1 is open (J165) ---------------------------------------------------


def _factions_offered(world: World) -> set[str]:
    state = fresh_game(3, world=world).clone()
    state.phase, state.pending, state.first_seat, state.current_seat = "setup_faction", None, 0, 0
    return {o.move.faction for o in legal_move_options(state, 0)}


def test_the_mutants_are_chosen_like_any_faction_once_pocket_1_is_open_J165():
    assert "mutants" not in _factions_offered(World())
    assert "mutants" in _factions_offered(_pocket_world())
    state = fresh_game(3, world=World()).clone()
    state.phase, state.pending, state.first_seat, state.current_seat = "setup_faction", None, 0, 0
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ChooseFaction("mutants", "peru"))
    assert refused.value.code == "unknown_faction"


def _drafting(world: World) -> GameState:
    seats = [SeatSpec(f"p{i}", f"Player {i}") for i in range(3)]
    state = new_game(world, seats, seed=3, game_number=2)
    while state.phase == "setup_order":
        state, _ = apply_move(state, seats_to_act(state)[0], RollForOrder())
    assert state.phase == "setup_draft"
    return state


def test_the_draft_offers_the_mutants_only_with_pocket_1_open_J165():
    pack_1 = PackOpened("pack_1", 1, "the ninth Minor City").apply(World())
    closed = _drafting(pack_1)
    assert DraftPick(faction="mutants") not in legal_moves(closed, closed.current_seat)
    opened = _drafting(with_pocket_1(pack_1))
    assert DraftPick(faction="mutants") in legal_moves(opened, opened.current_seat)


# --- both printed powers (G-3) ----------------------------------------------------------------


def test_both_printed_mutant_powers_act_without_a_starting_power_choice_G3():
    state = _mutants_at(0, _pocket_world(), {"peru": (0, 3)})
    assert power_effects(state, 0) == ["fallout_immune", "reroll_ones_against_bringer"]
    assert has_effect(state, 0, "fallout_immune")
    assert power_effects(state, 1) == []  # a base faction whose P-2 choice was never made


# --- Old Grudges: re-rolled 1s against the Bringer --------------------------------------------


def _attack_roll(defender_faction: str, *dice: list[int], world: World | None = None) -> dict:
    """Mutant seat 0 attacks Brazil (seat 1, `defender_faction`) with 3 dice; the natural dice
    as the roll recorded them."""
    state = _mutants_at(
        0,
        world or _pocket_world(),
        {"argentina": (0, 10), "peru": (0, 1), "brazil": (1, 5)},
        seat1={"faction": defender_faction},
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, *dice)
    _, events = play(state, (1, DefendWith(2)))
    return next(e.data for e in events if e.type == "battle") | next(
        e.data for e in events if e.type == "dice_rolled"
    )


def test_attacking_the_bringer_the_mutants_roll_their_1s_again_until_not_1_J165():
    # Two 1s: the first comes up 1 again, then 5; the second comes up 3.
    rolled = _attack_roll(BRINGER, [4, 1, 1], [3, 2], [1], [5], [3])
    assert rolled["natural_attack"] == [5, 4, 3]
    assert (rolled["attacker_losses"], rolled["defender_losses"]) == (0, 2)


def test_against_any_other_faction_a_mutant_1_stays_a_1_J165():
    rolled = _attack_roll("enclave_of_the_bear", [4, 1, 1], [3, 2])
    assert rolled["natural_attack"] == [4, 1, 1]
    assert (rolled["attacker_losses"], rolled["defender_losses"]) == (1, 1)


# --- Old Grudges: Biohazard and Mercenary swap (E-9) ---------------------------------------------


def _ended(seat_faction: str | None, armies: dict[str, tuple[int, int]]) -> GameState:
    world = _pocket_world().evolve(
        scars={
            "brazil": Scar("brazil", "territory", "biohazard", "p1", 1),
            "peru": Scar("peru", "territory", "mercenary", "p1", 1),
        }
    )
    changes = {"seat0": {"faction": seat_faction}} if seat_faction else {}
    state = position(armies=armies, world=world, **changes)
    after, _ = play(state, (0, EndTurn()))
    return after


def test_for_the_mutants_biohazard_gains_a_troop_and_mercenary_loses_one_E9():
    armies = {"brazil": (0, 3), "peru": (0, 3), "argentina": (0, 3)}
    mutants = _ended("mutants", armies)
    assert (mutants.troops("brazil"), mutants.troops("peru")) == (4, 2)
    others = _ended(None, armies)
    assert (others.troops("brazil"), others.troops("peru")) == (2, 4)


def test_the_fallout_zone_is_biohazard_for_the_mutants_so_they_gain_a_troop_there_J169s():
    armies = {FALLOUT: (0, 3), "argentina": (0, 3)}
    assert _ended("mutants", armies).troops(FALLOUT) == 4
    assert _ended(None, armies).troops(FALLOUT) == 2  # anyone else loses one (J161s)


# --- the printed mission, once a game (J-MUT) ---------------------------------------------------


def _mission_turn(armies: dict[str, tuple[int, int]]) -> GameState:
    world = _pocket_world().evolve(
        scars={"brazil": Scar("brazil", "territory", "biohazard", "p1", 1)}
    )
    state = _mutants_at(0, world, armies)
    after, _ = play(state, (0, EndTurn()))
    return after


def test_holding_every_biohazard_and_the_fallout_earns_one_red_star_once_a_game_J165():
    assert not box.private_missions_active(_pocket_world())  # no Pack 4 needed
    state = _mission_turn({FALLOUT: (0, 2), "brazil": (0, 2)})
    assert state.phase == "end_of_turn"
    assert ClaimSlotMission() in legal_moves(state, 0)
    after, events = play(state, (0, ClaimSlotMission()))
    assert "Mutant Domain" in next(e.text for e in events if e.type == "slot_mission_claimed")
    assert after.seats[0].red_star_tokens == state.seats[0].red_star_tokens + 1
    assert SlotMissionClaimed(1, "mutants", "J-MUT", "p0") in after.world_events
    assert after.current_seat == 1
    again = after.clone()
    again.phase, again.current_seat, again.turn = "end_of_turn", 0, TurnFlags()
    assert ClaimSlotMission() not in legal_moves(again, 0)
    with pytest.raises(IllegalMove) as refused:
        apply_move(again, 0, ClaimSlotMission())
    assert refused.value.code == "slot_mission_used"


def test_a_biohazard_territory_held_by_another_keeps_the_mission_unmet_J165():
    state = _mission_turn({FALLOUT: (0, 2), "argentina": (0, 2), "brazil": (1, 2)})
    assert ClaimSlotMission() not in legal_moves(state, 0)
    assert state.phase != "end_of_turn"  # nothing to claim and no card earned: turn passed


# --- Agent of Chaos (J175-J177) ------------------------------------------------------------------


def _draw(
    card: str,
    armies: dict[str, tuple[int, int]],
    *,
    world: World | None = None,
    mutants: int | None = 1,
    **changes,
) -> tuple[GameState, list]:
    """Seat 0 ends its turn taking Brazil's card from slot 3; Siam (2 coins) is revealed into
    slot 1, so `card` fires (E-7). Seat `mutants` plays the Mutants (None: nobody does)."""
    if mutants is not None:
        key = f"seat{mutants}"
        changes = {**changes, key: {**changes.get(key, {}), "faction": "mutants"}}
    state = position(
        armies={"brazil": (0, 2), **armies},
        world=world or _pocket_world(),
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
        **changes,
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, ("siam", "china"), (card,)
    return play(state, (0, TakeCard(3)))


def _resolved(state: GameState) -> list[EventResolved]:
    return [e for e in state.world_events if isinstance(e, EventResolved)]


def test_agent_of_chaos_gives_the_mutants_a_red_star_when_no_human_holds_a_continent_J175():
    state, events = _draw("J175", {"china": (1, 3)})
    assert state.seats[1].red_star_tokens == 1 + 1  # the S-3 token, and the card's
    assert [e.card for e in _resolved(state)] == ["J175"]
    assert "gains a Red Star" in next(e.text for e in events if e.type == "event_resolved")


def test_a_human_faction_holding_a_whole_continent_stops_agent_of_chaos_J176():
    australia = {t: (2, 1) for t in AUSTRALIA}
    state, events = _draw("J176", {"china": (1, 3), **australia})
    assert state.seats[1].red_star_tokens == 1
    assert "holds all of Australia" in next(e.text for e in events if e.type == "event_resolved")


@pytest.mark.parametrize(("reading", "stars"), [("no", 2), ("yes", 1)])
def test_an_alien_held_continent_stops_agent_of_chaos_only_if_the_campaign_says_so_J177(
    reading: str, stars: int
):
    world = with_pocket_2(_pocket_world(agent_of_chaos_aliens=reading))
    australia = {t: (2, 1) for t in AUSTRALIA}
    state, _ = _draw(
        "J177", {"china": (1, 3), **australia}, world=world, seat2={"faction": "aliens"}
    )
    assert state.seats[1].red_star_tokens == stars


def test_agent_of_chaos_does_nothing_without_the_mutants_in_the_game_J175():
    state, _ = _draw("J175", {"china": (1, 3)}, mutants=None)
    assert [s.red_star_tokens for s in state.seats] == [1, 1, 1]
    assert [e.card for e in _resolved(state)] == ["J175"]


def test_the_red_star_of_agent_of_chaos_can_win_the_game_W1():
    state, _ = _draw("J175", {"china": (1, 3)}, seat1={"red_star_tokens": 3})
    assert state.is_over and state.winner == 1


# --- The Mutants Evolve (J178, J179) ---------------------------------------------------------


def test_the_mutant_player_scratches_one_option_and_the_card_stays_in_the_box_J178():
    state, _ = _draw("J178", {"china": (1, 3)})
    assert state.phase == "event_choice" and seats_to_act(state) == [1]
    assert legal_moves(state, 1) == [ResolveEvent("offensive"), ResolveEvent("defensive")]
    after, _ = play(state, (1, ResolveEvent("offensive")))
    assert after.world.evolutions == {"J178": "offensive"}
    assert MutantsEvolved("J178", "offensive", "p1", 1) in after.world_events
    assert "J178" not in after.event_deck
    assert "J178" not in [c.code for c in box.event_deck(after.world)]
    assert box.evolution(after.world) is None  # one card scratched: nothing revealed yet
    assert after.phase == "start_of_turn" and after.current_seat == 1


def test_an_evolve_card_offers_only_its_own_two_options_J179():
    state, _ = _draw("J179", {"china": (1, 3)})
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, ResolveEvent("offensive"))
    assert refused.value.code == "bad_event_option"


def test_both_cards_scratched_reveal_the_evolved_power_at_once_J178_J179():
    world = _pocket_world(("J178", "offensive"))
    state, _ = _draw("J179", {"china": (1, 3)}, world=world)
    after, events = play(state, (1, ResolveEvent("bodies")))
    assert box.evolution(after.world).key == "unnatural_strength"
    assert "unnatural_strength" in power_effects(after, 1)
    assert any(e.type == "mutants_evolved" for e in events)


def test_without_the_mutants_an_evolve_card_does_nothing_and_goes_back_to_the_box_J178():
    state, _ = _draw("J178", {"china": (1, 3)}, mutants=None)
    assert state.phase != "event_choice"
    assert state.world.evolutions == {}
    assert "J178" in [c.code for c in box.event_deck(state.world)]


# --- the evolved powers --------------------------------------------------------------------------


def test_unnatural_strength_an_attacking_mutant_6_beats_a_defending_6_J178_J179():
    evolved = _pocket_world(("J178", "offensive"), ("J179", "bodies"))
    rolled = _attack_roll("enclave_of_the_bear", [6, 4, 2], [6, 3], world=evolved)
    assert (rolled["attacker_losses"], rolled["defender_losses"]) == (0, 2)
    plain = _attack_roll("enclave_of_the_bear", [6, 4, 2], [6, 3])
    assert (plain["attacker_losses"], plain["defender_losses"]) == (1, 1)


def _mutants_defend(world: World, defenders: int, *dice: list[int]) -> tuple[GameState, list]:
    state = _mutants_at(
        1,
        world,
        {"argentina": (0, 10), "peru": (0, 1), "brazil": (1, defenders)},
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))
    state = rig_dice(state, *dice)
    return play(state, (1, DefendWith(2)))


def test_unstable_cloning_a_natural_pair_that_holds_adds_a_mutant_troop_J178_J179():
    cloning = _pocket_world(("J178", "defensive"), ("J179", "bodies"))
    state, events = _mutants_defend(cloning, 3, [2, 1, 1], [4, 4])
    assert state.troops("brazil") == 4
    assert any(e.type == "power_used" and "Unstable Cloning" in e.text for e in events)
    plain, _ = _mutants_defend(_pocket_world(), 3, [2, 1, 1], [4, 4])
    assert plain.troops("brazil") == 3


def test_unstable_cloning_adds_nothing_when_the_territory_falls_J178_J179():
    cloning = _pocket_world(("J178", "defensive"), ("J179", "bodies"))
    state, _ = _mutants_defend(cloning, 2, [6, 6, 1], [3, 3])
    assert state.owner("brazil") == 0


# --- bots ----------------------------------------------------------------------------------------


def test_a_bot_scratches_the_options_that_lead_to_the_power_it_likes_best_J178_J179():
    state, _ = _draw("J178", {"china": (1, 3)})
    assert evolve_move(state, legal_move_options(state, 1)) == ResolveEvent("offensive")
    world = _pocket_world(("J178", "defensive"))
    state, _ = _draw("J179", {"china": (1, 3)}, world=world)
    assert evolve_move(state, legal_move_options(state, 1)) == ResolveEvent("bodies")


def test_bots_play_a_game_with_the_mutants_and_their_cards_to_the_end_J165():
    world = with_pocket_1(customized_world(4), fallout=FALLOUT, bringer=BRINGER)
    seats = [SeatSpec(f"p{i}", f"Bot {i}") for i in range(5)]
    state = new_game(world, seats, seed=4, game_number=world.next_game_number)
    mutant_cards = ("J178", "J175", "J179")
    state.event_deck = (*mutant_cards, *(c for c in state.event_deck if c not in mutant_cards))
    bots = [HeuristicBot(100 + i) for i in range(5)]
    for _ in range(20_000):
        if state.is_over:
            break
        seat = seats_to_act(state)[0]
        state, _ = apply_move(state, seat, bots[seat].choose(state, seat))
    assert state.is_over and state.winner is not None
    assert "mutants" in [s.faction for s in state.seats]
    assert "J178" in state.world.evolutions  # the Mutants' bot answered the first card drawn
