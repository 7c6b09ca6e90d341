"""Missile powers (Pocket 1, rules addition J167s, the brown slot): a faction without one takes
one on its next Red Star token gained in play (never for the tokens dealt at setup, never for
the Mutants or the Aliens), its player picks it; each use costs a missile, once a turn; and
the five powers: EMP, Interference, Recon, Bad Intel and Rally."""

from __future__ import annotations

import json

import pytest

from rules import box
from rules.bots import HeuristicBot
from rules.data import board
from rules.errors import IllegalMove
from rules.game import (
    Attack,
    BuyRedStar,
    DefendWith,
    EndTurn,
    GameState,
    Recruit,
    TakeCard,
    TurnFlags,
    apply_move,
    legal_move_options,
    legal_moves,
    seats_to_act,
)
from rules.game.missile_powers import ChooseMissilePower, PassMissilePower, UseMissilePower
from rules.world import City, Fortification, Scar, World
from rules.world_events.pockets import MissilePowerGained

from ..pocket_worlds import with_pocket_1
from .helpers import FACTIONS, fresh_game, play, position, rig_dice, with_world

POWERS = {"emp", "interference", "recon", "bad_intel", "rally"}
ROW = ("alaska", "peru", "brazil", "egypt")
AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def pocket(powers: dict[int, str] | None = None) -> World:
    """Pocket 1 open; seat i's faction (the tests' seating) holds `powers[i]`."""
    held = {FACTIONS[seat]: power for seat, power in (powers or {}).items()}
    return with_pocket_1(World()).evolve(missile_powers=held)


def _uses(state: GameState, seat: int) -> list[UseMissilePower]:
    return [m for m in legal_moves(state, seat) if isinstance(m, UseMissilePower)]


def _buying(world: World, **seat0: object) -> GameState:
    cards = ("coin",) * 4
    return position(
        armies={"peru": (0, 3), "alaska": (1, 3)},
        phase="start_of_turn",
        world=world,
        seat0={"cards": cards, **seat0},
    )


# --- taking a power ------------------------------------------------------------------------------


def test_J167s_a_red_star_bought_in_play_asks_its_player_to_pick_a_missile_power_T2():
    state, events = play(_buying(pocket()), (0, BuyRedStar(("coin",) * 4)))
    assert state.phase == "missile_power_pick" and seats_to_act(state) == [0]
    assert {o.move.power for o in legal_move_options(state, 0)} == POWERS
    assert any(e.type == "missile_power_due" for e in events)
    state, events = play(state, (0, ChooseMissilePower("rally")))
    assert state.world.missile_powers == {FACTIONS[0]: "rally"}
    assert state.world_events[-1] == MissilePowerGained(FACTIONS[0], "rally", "p0", 1)
    assert state.phase == "start_of_turn" and seats_to_act(state) == [0]
    assert any(e.type == "missile_power_gained" for e in events)


def test_J167s_the_power_must_be_one_left_on_the_sheet():
    world = pocket({1: "rally"})
    state, _ = play(_buying(world), (0, BuyRedStar(("coin",) * 4)))
    assert "rally" not in {o.move.power for o in legal_move_options(state, 0)}
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, ChooseMissilePower("rally"))
    assert refused.value.code == "power_not_left" and state.phase == "missile_power_pick"


def test_J167s_the_coin_pile_award_in_play_gives_a_pick_before_the_next_turn_E6():
    state = position(
        armies={"brazil": (0, 2), "peru": (0, 2), "alaska": (1, 2)},
        turn=TurnFlags(conquered=True),
        world=pocket(),
    ).clone()
    state.slots, state.draw_pile, state.coin_pile = ("alaska", "siam", "india", "egypt"), (), 1
    state, _ = play(state, (0, EndTurn()), (0, TakeCard("coin")))
    assert state.seats[0].red_star_tokens == 2  # one dealt at setup, one awarded now
    assert state.phase == "missile_power_pick" and seats_to_act(state) == [0]
    state, _ = play(state, (0, ChooseMissilePower("emp")))
    assert state.phase == "start_of_turn" and state.current_seat == 1


def test_J167s_tokens_dealt_at_setup_give_no_pick_S3():
    state = fresh_game(3, world=pocket())
    assert sum(s.red_star_tokens for s in state.seats) == 3
    while state.turn_number == 0:
        seat = seats_to_act(state)[0]
        state, _ = apply_move(state, seat, legal_moves(state, seat)[0])
    assert state.phase != "missile_power_pick"
    assert state.world.missile_powers == {}


def test_J167s_no_pick_before_pocket_1_is_open_or_once_the_faction_holds_a_power():
    closed, _ = play(_buying(World()), (0, BuyRedStar(("coin",) * 4)))
    held, _ = play(_buying(pocket({0: "recon"})), (0, BuyRedStar(("coin",) * 4)))
    for state in (closed, held):
        assert state.seats[0].red_star_tokens == 2 and state.phase == "start_of_turn"


@pytest.mark.parametrize("faction", ["mutants", "aliens"])
def test_J167s_the_mutants_and_aliens_brown_slot_is_closed_so_they_never_pick_G3(faction):
    state, _ = play(_buying(pocket(), faction=faction), (0, BuyRedStar(("coin",) * 4)))
    assert state.seats[0].red_star_tokens == 2 and state.phase == "start_of_turn"
    assert not box.may_take_missile_power(state.world, faction)


def test_J167s_a_red_star_that_wins_the_game_asks_nothing_W1():
    state = _buying(pocket(), red_star_tokens=3)
    state, _ = play(state, (0, BuyRedStar(("coin",) * 4)))
    assert state.is_over and state.winner == 0 and state.world.missile_powers == {}


# --- Rally ---------------------------------------------------------------------------------------


def _rally(missiles: int = 1, power: str = "rally") -> GameState:
    return position(
        armies={"peru": (0, 3), "brazil": (0, 1), "alaska": (1, 3)},
        hqs={"peru": 0, "brazil": 1, "alaska": 1},
        phase="start_of_turn",
        world=pocket({0: power}),
        seat0={"missiles": missiles},
    )


def test_J167s_rally_adds_2_troops_to_each_hq_territory_held_for_a_missile():
    state = _rally(missiles=2)
    assert _uses(state, 0) == [UseMissilePower("rally")]
    state, events = play(state, (0, UseMissilePower("rally")))
    assert (state.troops("peru"), state.troops("brazil"), state.troops("alaska")) == (5, 3, 3)
    assert state.seats[0].missiles == 1
    assert any(e.type == "missile_power_used" for e in events)


def test_J167s_a_missile_power_is_used_at_most_once_a_turn():
    state, _ = play(_rally(missiles=2), (0, UseMissilePower("rally")))
    assert _uses(state, 0) == []
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, UseMissilePower("rally"))
    assert refused.value.code == "power_used"


def test_J167s_a_power_is_used_only_at_its_own_moment():
    state = _rally(missiles=1, power="emp")
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, UseMissilePower("emp", "alaska"))
    assert refused.value.code == "power_timing" and state.seats[0].missiles == 1


def test_J167s_no_use_without_a_missile_nor_of_a_power_not_held():
    for state in (_rally(missiles=0), _rally(power="recon")):
        assert _uses(state, 0) == []
        with pytest.raises(IllegalMove) as refused:
            apply_move(state, 0, UseMissilePower("rally"))
        assert refused.value.code in ("no_missile", "power_not_held")
        assert state.troops("peru") == 3


# --- EMP -----------------------------------------------------------------------------------------


def _fortified_brazil(world: World, **seats: object) -> GameState:
    state = position(armies={"argentina": (0, 6), "brazil": (1, 4)}, world=world, **seats)
    return with_world(
        state,
        cities={"brazil": City("brazil", "minor", "Rio", "p9", 1)},
        fortifications={"brazil": Fortification("brazil", 0, 1)},
    )


def test_J167s_emp_keeps_natural_dice_in_fights_over_the_territory_all_turn_X8_X9():
    state = _fortified_brazil(pocket({0: "emp"}), seat0={"missiles": 1})
    assert _uses(state, 0) == [UseMissilePower("emp", "brazil")]
    state, _ = play(state, (0, UseMissilePower("emp", "brazil")))
    assert state.seats[0].missiles == 0
    for _ in range(2):  # the second attack too: until the turn ends
        state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
        state = rig_dice(state, [4], [3])
        state, events = play(state, (1, DefendWith(1)))
        rolled = next(e for e in events if e.type == "dice_rolled").data
        assert rolled["defence"] == [3]  # the fortification's +1 is gone
        assert next(e for e in events if e.type == "battle").data["defender_losses"] == 1


def test_J167s_under_emp_no_missile_may_be_fired_on_the_roll_X10():
    state = _fortified_brazil(
        pocket({0: "emp"}), seat0={"missiles": 1}, seat1={"missiles": 2}, seat2={"missiles": 2}
    )
    state, _ = play(state, (0, UseMissilePower("emp", "brazil")))
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [4], [3])
    state, _ = play(state, (1, DefendWith(1)))
    assert state.phase == "expand_attack"
    assert state.seats[1].missiles == 2 and state.seats[2].missiles == 2


def test_J167s_without_emp_the_fortification_still_holds_X9():
    state = _fortified_brazil(pocket({0: "emp"}))
    assert _uses(state, 0) == []  # no missile, no EMP
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    state = rig_dice(state, [4], [3])
    state, events = play(state, (1, DefendWith(1)))
    assert next(e for e in events if e.type == "battle").data["attacker_losses"] == 1


def test_J167s_the_defender_may_use_emp_while_choosing_dice_against_an_ammo_shortage_A53s():
    scars = {"brazil": Scar("brazil", "territory", "ammo_shortage", "p9", 1)}
    state = position(
        armies={"argentina": (0, 6), "brazil": (1, 4)},
        world=pocket({1: "emp"}).evolve(scars=scars),
        seat1={"missiles": 1},
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    assert _uses(state, 1) == [UseMissilePower("emp", "brazil")]
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 1, UseMissilePower("emp", "argentina"))
    assert refused.value.code == "emp_target"
    state, _ = play(state, (1, UseMissilePower("emp", "brazil")))
    state = rig_dice(state, [3], [3])
    state, events = play(state, (1, DefendWith(1)))
    assert next(e for e in events if e.type == "battle").data["attacker_losses"] == 1


# --- Interference --------------------------------------------------------------------------------


def _drawing(powers: dict[int, str], armies: dict[str, tuple[int, int]], **seats: object):
    state = position(
        armies=armies, turn=TurnFlags(conquered=True), world=pocket(powers), **seats
    ).clone()
    state.slots, state.draw_pile = ROW, ("siam", "india")
    state, _ = play(state, (0, EndTurn()))
    return state


def test_J167s_interference_blocks_the_card_and_the_drawer_chooses_again_E3():
    state = _drawing({1: "interference"}, {"brazil": (0, 2)}, seat1={"missiles": 1})
    state, _ = play(state, (0, TakeCard(3)))
    assert state.phase == "interference_window" and seats_to_act(state) == [1]
    assert legal_moves(state, 1) == [UseMissilePower("interference"), PassMissilePower()]
    state, _ = play(state, (1, UseMissilePower("interference")))
    assert state.phase == "end_of_turn" and seats_to_act(state) == [0]
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert state.seats[1].missiles == 0
    # Brazil's card is closed, so E-3 falls back on a coin card.
    assert TakeCard(3) not in legal_moves(state, 0)
    assert TakeCard("coin") in legal_moves(state, 0)
    state, _ = play(state, (0, TakeCard("coin")))
    assert state.seats[0].cards == ("coin",) and state.current_seat == 1


def test_J167s_interference_passed_lets_the_card_be_taken():
    state = _drawing({1: "interference"}, {"brazil": (0, 2)}, seat1={"missiles": 1})
    state, _ = play(state, (0, TakeCard(3)), (1, PassMissilePower()))
    assert state.seats[0].cards == ("brazil",) and state.seats[1].missiles == 1


def test_J167s_no_interference_window_without_a_missile():
    state = _drawing({1: "interference"}, {"brazil": (0, 2)})
    state, _ = play(state, (0, TakeCard(3)))
    assert state.seats[0].cards == ("brazil",) and state.phase == "start_of_turn"


# --- Recon ---------------------------------------------------------------------------------------


def test_J167s_recon_swaps_the_coin_card_for_any_face_up_territory_card_E4():
    state = _drawing({0: "recon"}, {"argentina": (0, 2)}, seat0={"missiles": 1})
    assert TakeCard("coin") in legal_moves(state, 0)
    assert _uses(state, 0) == [UseMissilePower("recon", s) for s in ("1", "2", "3", "4")]
    state, _ = play(state, (0, UseMissilePower("recon", "3")))
    assert state.seats[0].cards == ("brazil",) and state.seats[0].missiles == 0
    assert state.slots == ("siam", "alaska", "peru", "egypt")
    assert state.current_seat == 1


def test_J167s_recon_is_not_offered_when_a_card_of_ones_own_is_face_up_E3():
    state = _drawing({0: "recon"}, {"brazil": (0, 2)}, seat0={"missiles": 1})
    assert _uses(state, 0) == []
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, UseMissilePower("recon", "1"))
    assert refused.value.code == "recon_slot"


# --- Bad Intel -----------------------------------------------------------------------------------


def _australia_turn(missiles: int) -> GameState:
    armies = {t: (0, 2) for t in AUSTRALIA} | {"alaska": (1, 3), "peru": (2, 3)}
    state = position(
        armies=armies, current=2, world=pocket({1: "bad_intel"}), seat1={"missiles": missiles}
    )
    state, _ = play(state, (2, EndTurn()))
    return state


def test_J167s_bad_intel_cuts_one_continent_bonus_at_the_start_of_anothers_turn_T10():
    state = _australia_turn(missiles=1)
    assert state.phase == "bad_intel_window" and seats_to_act(state) == [1]
    assert legal_moves(state, 1) == [UseMissilePower("bad_intel", "australia"), PassMissilePower()]
    state, _ = play(state, (1, UseMissilePower("bad_intel", "australia")))
    assert state.phase == "start_of_turn" and seats_to_act(state) == [0]
    state, events = play(state, (0, Recruit()))
    recruited = next(e for e in events if e.type == "recruited").data
    assert recruited["continents"] == {} and recruited["total"] == 3


def test_J167s_bad_intel_passed_or_without_a_missile_leaves_the_bonus():
    passed, _ = play(_australia_turn(missiles=1), (1, PassMissilePower()))
    broke = _australia_turn(missiles=0)
    assert broke.phase == "start_of_turn"
    bonus = board().continents["australia"].bonus
    for state in (passed, broke):
        state, events = play(state, (0, Recruit()))
        recruited = next(e for e in events if e.type == "recruited").data
        assert recruited["continents"] == {"australia": bonus}


# --- bots ----------------------------------------------------------------------------------------


def test_J167s_the_bot_picks_rally_and_rallies_whenever_it_can():
    bot = HeuristicBot(seed=1)
    state, _ = play(_buying(pocket()), (0, BuyRedStar(("coin",) * 4)))
    assert bot.choose(state, 0) == ChooseMissilePower("rally")
    assert bot.choose(_rally(missiles=1), 0) == UseMissilePower("rally")
    assert bot.choose(_rally(missiles=0), 0) != UseMissilePower("rally")


def test_J167s_the_bot_uses_emp_before_attacking_a_fortified_territory_only():
    bot = HeuristicBot(seed=1)
    fortified = _fortified_brazil(pocket({0: "emp"}), seat0={"missiles": 1})
    assert bot.choose(fortified, 0) == UseMissilePower("emp", "brazil")
    plain = position(
        armies={"argentina": (0, 6), "brazil": (1, 4)},
        world=pocket({0: "emp"}),
        seat0={"missiles": 1},
    )
    assert isinstance(bot.choose(plain, 0), Attack)


def test_J167s_the_defending_bot_uses_emp_against_an_ammo_shortage_A53s():
    scars = {"brazil": Scar("brazil", "territory", "ammo_shortage", "p9", 1)}
    state = position(
        armies={"argentina": (0, 6), "brazil": (1, 4)},
        world=pocket({1: "emp"}).evolve(scars=scars),
        seat1={"missiles": 1},
    )
    state, _ = play(state, (0, Attack("argentina", "brazil", 1)))
    assert HeuristicBot(seed=1).choose(state, 1) == UseMissilePower("emp", "brazil")


def test_J167s_the_bot_takes_the_richest_face_up_card_with_recon_not_a_one_coin_card():
    bot = HeuristicBot(seed=1)
    plain = _drawing({0: "recon"}, {"argentina": (0, 2)}, seat0={"missiles": 1})
    assert bot.choose(plain, 0) == TakeCard("coin")  # every card shows 1 coin, as a coin card
    rich = with_world(plain, card_coins={**plain.world.card_coins, "brazil": 3})
    assert bot.choose(rich, 0) == UseMissilePower("recon", "3")


def test_J167s_the_bot_answers_the_bad_intel_and_interference_windows():
    bot = HeuristicBot(seed=1)
    window = _australia_turn(missiles=1)
    assert bot.choose(window, 1) == PassMissilePower()  # Australia's 2 troops are not worth it
    drawing = _drawing({1: "interference"}, {"brazil": (0, 2)}, seat1={"missiles": 1})
    drawing, _ = play(drawing, (0, TakeCard(3)))
    assert bot.choose(drawing, 1) in legal_moves(drawing, 1)


def test_J167s_bots_play_whole_games_using_the_powers_they_hold():
    """Every base faction holds a power and every seat 4 missiles: whole bot games end, and
    the powers get used (the seats' factions decide which)."""
    held = dict(zip(FACTIONS, ("rally", "bad_intel", "recon", "emp", "interference"), strict=True))
    world = with_pocket_1(World()).evolve(missile_powers=held)
    used: set[str] = set()
    for seed in (1, 2, 3):
        state = fresh_game(4, seed=seed, world=world).clone()
        for seat in range(4):
            state.set_seat(seat, missiles=4)
        bots = [HeuristicBot(seed=seed + i) for i in range(4)]
        for _ in range(8000):
            if state.is_over:
                break
            seat = seats_to_act(state)[0]
            state, events = apply_move(state, seat, bots[seat].choose(state, seat))
            used |= {e.data["power"] for e in events if e.type == "missile_power_used"}
        assert state.is_over
    assert {"rally", "bad_intel"} <= used
