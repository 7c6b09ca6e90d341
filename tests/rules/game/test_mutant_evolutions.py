"""The Mutants' evolved powers that ask for a decision (J178, J179): Mindshackle, a blind card
swap after their draw with a player they took a territory from, and Mass Hypnosis, a territory
named from a trade-in that nobody may attack until the Mutants' next turn starts. Each is
offered only once revealed and only to the Mutants; bots use both."""

from __future__ import annotations

import json

import pytest

from rules.bot_mutants import hypnosis_move, mindshackle_move
from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    Attack,
    EndTurn,
    GameState,
    PlaceTroops,
    Recruit,
    SeatSpec,
    TakeCard,
    TurnFlags,
    apply_move,
    legal_move_options,
    new_game,
    seats_to_act,
)
from rules.game.mutant_evolutions import (
    MINDSHACKLE_WINDOW,
    Hypnotize,
    KeepCard,
    Mindshackle,
)
from rules.simulate import customized_world
from rules.world import World
from rules.world_events.pockets import MutantsEvolved
from tests.rules.pocket_worlds import with_pocket_1

from .helpers import play, position, rig_dice

MINDSHACKLE = (("J178", "offensive"), ("J179", "brains"))
MASS_HYPNOSIS = (("J178", "defensive"), ("J179", "brains"))
UNNATURAL_STRENGTH = (("J178", "offensive"), ("J179", "bodies"))
ROW = ("alaska", "peru", "brazil", "egypt")


def _world(*evolutions: tuple[str, str]) -> World:
    world = with_pocket_1(World(), fallout="ukraine", bringer="khan_industries")
    for card, option in evolutions:
        world = MutantsEvolved(card, option, "p0", 1).apply(world)
    return world


# --- Mindshackle ---------------------------------------------------------------------------------


def _after_draw(
    evolutions: tuple = MINDSHACKLE,
    *,
    mutants: int | None = 0,
    lost_to_seat_0: tuple[int, ...] = (1,),
    victim_cards: tuple[str, ...] = ("coin", "peru"),
) -> tuple[GameState, list]:
    """Seat 0 conquered this turn (from the seats in `lost_to_seat_0`) and takes Brazil's card
    from slot 3; seat `mutants` plays the Mutants."""
    changes: dict = {"seat1": {"cards": victim_cards}}
    if mutants is not None:
        key = f"seat{mutants}"
        changes[key] = {**changes.get(key, {}), "faction": "mutants"}
    state = position(
        armies={"brazil": (0, 2), "argentina": (1, 2), "china": (2, 2)},
        world=_world(*evolutions),
        phase="end_of_turn",
        turn=TurnFlags(conquered=True, conquered_from=lost_to_seat_0),
        **changes,
    ).clone()
    state.slots, state.draw_pile, state.event_deck = ROW, ("china", "siam"), ()
    return play(state, (0, TakeCard(3)))


def test_mindshackle_is_offered_right_after_the_mutants_draw_J178_J179():
    state, events = _after_draw()
    assert state.phase == MINDSHACKLE_WINDOW and state.current_seat == 0
    assert state.seats[0].cards == ("brazil",)
    moves = {o.move for o in legal_move_options(state, 0)}
    assert moves == {Mindshackle(1), KeepCard()}
    assert any(e.type == "power_window" and "Mindshackle" in e.text for e in events)


@pytest.mark.parametrize(
    ("evolutions", "mutants"),
    [((), 0), (MINDSHACKLE[:1], 0), (UNNATURAL_STRENGTH, 0), (MINDSHACKLE, 1), (MINDSHACKLE, None)],
)
def test_mindshackle_is_offered_only_to_the_mutants_once_evolved_J178_J179(evolutions, mutants):
    state, _ = _after_draw(evolutions, mutants=mutants)
    assert state.phase != MINDSHACKLE_WINDOW
    assert state.current_seat == 1  # the draw ended the turn as usual
    assert state.seats[0].cards == ("brazil",)


def test_mindshackle_needs_a_player_who_lost_a_territory_to_the_mutants_and_holds_a_card():
    nobody, _ = _after_draw(lost_to_seat_0=())
    empty_handed, _ = _after_draw(victim_cards=())
    assert nobody.phase != MINDSHACKLE_WINDOW and empty_handed.phase != MINDSHACKLE_WINDOW


def test_mindshackle_swaps_the_drawn_card_for_a_blind_one_of_the_victim_J178_J179():
    state, _ = _after_draw()
    after, events = play(state, (0, Mindshackle(1)))
    taken = after.seats[0].cards
    assert len(taken) == 1 and taken[0] in ("coin", "peru")
    assert sorted(after.seats[1].cards) == sorted(["brazil", *({"coin", "peru"} - {taken[0]})])
    assert after.current_seat == 1  # the turn passes once the swap is done
    used = next(e for e in events if e.type == "power_used")
    assert "Mindshackle" in used.text and "at random" in used.text
    assert taken[0] not in used.text.lower().split()  # the blind card stays hidden


def test_the_mutants_may_keep_the_card_they_drew_J178_J179():
    state, _ = _after_draw()
    after, _ = play(state, (0, KeepCard()))
    assert after.seats[0].cards == ("brazil",)
    assert after.seats[1].cards == ("coin", "peru")
    assert after.current_seat == 1


def test_mindshackle_refuses_a_player_who_lost_nothing_in_plain_words_J178_J179():
    state, _ = _after_draw()
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Mindshackle(2))
    assert "lost a territory to you this turn" in refused.value.message
    with pytest.raises(IllegalMove) as early:
        apply_move(position(armies={"peru": (0, 2)}), 0, Mindshackle(1))
    assert early.value.code == "wrong_phase"


def test_a_conquest_records_whom_the_territory_was_taken_from_J178_J179():
    state = position(armies={"argentina": (0, 10), "peru": (0, 1), "brazil": (1, 1)})
    state = rig_dice(state, [6, 5, 4], [1])
    state, _ = play(state, (0, Attack("argentina", "brazil", 3)))  # one defender: one die
    assert state.owner("brazil") == 0
    assert state.turn.conquered_from == (1,)
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state


# --- Mass Hypnosis -------------------------------------------------------------------------------


def _recruited(
    evolutions: tuple = MASS_HYPNOSIS, *, mutants: int = 0, trade_in: tuple[str, ...] = ()
) -> GameState:
    """Seat 0 recruits, handing in `trade_in` (it holds Peru, Alaska and a coin card)."""
    state = position(
        armies={"peru": (0, 3), "brazil": (1, 4), "argentina": (0, 1)},
        world=_world(*evolutions),
        phase="start_of_turn",
        **{"seat0": {"cards": ("peru", "alaska", "coin")}},
        **({f"seat{mutants}": {"faction": "mutants"}} if mutants else {}),
    )
    if mutants == 0:
        state.set_seat(0, faction="mutants")
    state, _ = play(state, (0, Recruit(trade_in)))
    return state


def _hypnosis_offered(state: GameState, seat: int = 0) -> set[str]:
    return {
        o.move.territory for o in legal_move_options(state, seat) if isinstance(o.move, Hypnotize)
    }


def test_after_a_trade_in_mass_hypnosis_offers_the_territories_on_the_cards_J178_J179():
    state = _recruited(trade_in=("peru", "alaska", "coin"))
    assert _hypnosis_offered(state) == {"peru", "alaska"}
    after, events = play(state, (0, Hypnotize("peru")))
    assert after.hypnotized == "peru"
    assert after.phase == "place"  # the troops still wait to be placed
    assert any(e.type == "power_used" and "Mass Hypnosis" in e.text for e in events)
    assert _hypnosis_offered(after) == set()  # one territory per trade-in


@pytest.mark.parametrize(
    ("evolutions", "mutants", "trade_in"),
    [
        ((), 0, ("peru", "alaska", "coin")),
        (MASS_HYPNOSIS[:1], 0, ("peru", "alaska", "coin")),
        (MINDSHACKLE, 0, ("peru", "alaska", "coin")),
        (MASS_HYPNOSIS, 1, ("peru", "alaska", "coin")),
        (MASS_HYPNOSIS, 0, ()),
    ],
)
def test_mass_hypnosis_is_offered_only_to_the_evolved_mutants_after_a_trade_in_J178_J179(
    evolutions, mutants, trade_in
):
    state = _recruited(evolutions, mutants=mutants, trade_in=trade_in)
    assert _hypnosis_offered(state) == set()
    with pytest.raises(IllegalMove):
        apply_move(state, 0, Hypnotize("peru"))


def test_mass_hypnosis_refusals_are_in_plain_words_J178_J179():
    state = _recruited(trade_in=("peru", "alaska", "coin"))
    with pytest.raises(IllegalMove) as elsewhere:
        apply_move(state, 0, Hypnotize("brazil"))
    assert "shown on the territory cards you just handed in" in elsewhere.value.message
    named, _ = play(state, (0, Hypnotize("alaska")))
    with pytest.raises(IllegalMove) as twice:
        apply_move(named, 0, Hypnotize("peru"))
    assert "one territory per trade-in" in twice.value.message
    plain = _recruited((), trade_in=("peru", "alaska", "coin"))
    with pytest.raises(IllegalMove) as unevolved:
        apply_move(plain, 0, Hypnotize("peru"))
    assert "Mass Hypnosis" in unevolved.value.message


def _hypnotized_attack_step(mutants: int) -> GameState:
    """Seat 0 in its attack step; Brazil (seat 1) is under Mass Hypnosis; seat `mutants` plays
    the Mutants."""
    state = position(
        armies={"argentina": (0, 6), "brazil": (1, 2), "peru": (0, 3)},
        world=_world(*MASS_HYPNOSIS),
        **{f"seat{mutants}": {"faction": "mutants"}},
    )
    state.hypnotized = "brazil"
    return state


def test_nobody_may_attack_the_hypnotized_territory_J178_J179():
    state = _hypnotized_attack_step(mutants=1)
    attacks = [o.move for o in legal_move_options(state, 0) if isinstance(o.move, Attack)]
    assert attacks == []
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, 0, Attack("argentina", "brazil", 3))
    assert refused.value.code == "attack_hypnotized"
    assert "cannot be attacked before the Mutants' next turn starts" in refused.value.message
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_the_protection_ends_as_the_mutants_next_turn_starts_J178_J179():
    state = _hypnotized_attack_step(mutants=1)
    after, events = play(state, (0, EndTurn()))
    assert after.current_seat == 1 and after.hypnotized is None
    assert any(e.type == "power_ended" and "Mass Hypnosis" in e.text for e in events)


def test_the_protection_lasts_through_other_players_turns_J178_J179():
    state = _hypnotized_attack_step(mutants=2)
    after, _ = play(state, (0, EndTurn()))
    assert after.current_seat == 1 and after.hypnotized == "brazil"


# --- bots ----------------------------------------------------------------------------------------


def test_a_bot_uses_mindshackle_whenever_offered_J178_J179():
    state, _ = _after_draw()
    assert mindshackle_move(state, 0) == Mindshackle(1)
    keep, _ = _after_draw(lost_to_seat_0=())
    assert keep.phase != MINDSHACKLE_WINDOW


def test_a_bot_hypnotizes_its_weakest_territory_on_the_cards_J178_J179():
    state = _recruited(trade_in=("peru", "alaska", "coin"))
    assert hypnosis_move(state, 0) == Hypnotize("peru")  # Alaska is nobody's
    assert hypnosis_move(_recruited(trade_in=()), 0) is None
    placed, _ = play(state, (0, hypnosis_move(state, 0)))
    assert placed.phase == "place"
    assert isinstance(legal_move_options(placed, 0)[0].move, PlaceTroops)


def test_the_heuristic_bot_answers_both_powers_in_play_J178_J179():
    bot = HeuristicBot(7)
    window, _ = _after_draw()
    assert bot.choose(window, 0) == Mindshackle(1)
    recruited = _recruited(trade_in=("peru", "alaska", "coin"))
    assert bot.choose(recruited, 0) == Hypnotize("peru")


def test_bots_play_a_game_to_the_end_using_mindshackle_J178_J179():
    world = with_pocket_1(customized_world(4), fallout="ukraine", bringer="khan_industries")
    for card, option in MINDSHACKLE:
        world = MutantsEvolved(card, option, "p0", 1).apply(world)
    seats = [SeatSpec(f"p{i}", f"Bot {i}") for i in range(5)]
    state = new_game(world, seats, seed=4, game_number=world.next_game_number)
    bots = [HeuristicBot(100 + i) for i in range(5)]
    swaps = 0
    for _ in range(20_000):
        if state.is_over:
            break
        seat = seats_to_act(state)[0]
        state, events = apply_move(state, seat, bots[seat].choose(state, seat))
        swaps += sum(1 for e in events if e.type == "power_used" and "Mindshackle" in e.text)
    assert state.is_over and swaps > 0
