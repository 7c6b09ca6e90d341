"""Homelands (Pack 3, rules addition F, D110s): the continent a faction started in most often,
this game counted, none on a tie; the end-of-turn draw may then take a face-up card of it,
whoever holds it, still one card and only with a draw earned (E-2, E-3)."""

from __future__ import annotations

from rules.game import EndTurn, TakeCard, TurnFlags, legal_move_options
from rules.game.draws import card_choices
from rules.game.homelands import homeland, homeland_of
from rules.world import FactionRecord, World
from rules.world_events import PackOpened

from .helpers import FACTIONS, play, position
from .test_missions import pack_3_world

FACTION = FACTIONS[0]  # seat 0's faction in `position`


def _records(*starts: str | None) -> tuple[FactionRecord, ...]:
    return tuple(
        FactionRecord(
            game=n,
            faction=FACTION,
            player=f"p{n}" if start else None,
            start=start,
            outcome="held_on" if start else None,
        )
        for n, start in enumerate(starts, 1)
    )


def test_the_homeland_is_the_continent_started_in_most_often_D110s():
    world = World(faction_records=_records("peru", "brazil", "egypt", None, "alaska"))
    assert homeland_of(world, FACTION, game=6, start=None) == "south_america"


def test_a_tie_means_no_homeland_D110s():
    world = World(faction_records=_records("peru", "egypt"))
    assert homeland_of(world, FACTION, game=3, start=None) is None
    assert homeland_of(World(), FACTION, game=1, start=None) is None


def test_the_current_game_counts_and_can_break_or_make_a_tie_D110s():
    world = World(faction_records=_records("peru", "egypt"))
    assert homeland_of(world, FACTION, game=3, start="congo") == "africa"
    state = position(armies={}, world=world, seat0={"start": "brazil"})
    state.game_number = 3
    assert homeland(state, 0) == "south_america"
    # A row of this very game already on the card is not counted twice.
    assert homeland_of(world, FACTION, game=2, start="brazil") == "south_america"


def _end_of_turn(world: World, *, conquered: bool = True):
    state = position(
        armies={"alaska": (0, 3), "egypt": (1, 2), "peru": (2, 2)},
        world=world,
        turn=TurnFlags(conquered=conquered),
        seat0={"start": "congo"},  # Africa is its homeland this game
    ).clone()
    state.slots = ("alaska", "peru", "brazil", "egypt")
    state.draw_pile = ("siam", "india")
    return play(state, (0, EndTurn()))[0]


def test_the_homeland_draw_may_take_a_face_up_card_of_the_homeland_whoever_holds_it_E3():
    state = _end_of_turn(pack_3_world())
    assert card_choices(state, 0) == [1, 4]  # its own Alaska, and Egypt of its homeland
    after, _ = play(state, (0, TakeCard(4)))
    assert after.seats[0].cards == ("egypt",)
    assert after.slots == ("siam", "alaska", "peru", "brazil")


def test_a_homeland_draw_says_so_in_its_card_taken_event_and_an_own_card_does_not_E3():
    state = _end_of_turn(pack_3_world())
    _, events = play(state, (0, TakeCard(4)))
    taken = next(e for e in events if e.type == "card_taken")
    assert taken.data["homeland"] is True and "Egypt card from its homeland" in taken.text
    _, events = play(state, (0, TakeCard(1)))
    taken = next(e for e in events if e.type == "card_taken")
    assert "homeland" not in taken.data and "homeland" not in taken.text


def test_without_a_held_card_the_homeland_card_stands_beside_the_coin_card_E3():
    state = _end_of_turn(pack_3_world()).clone()
    state.armies = {"china": (0, 3), "egypt": (1, 2)}
    assert card_choices(state, 0) == [4, "coin"]


def test_the_homeland_draw_still_needs_a_draw_earned_E2():
    state = _end_of_turn(pack_3_world(), conquered=False)
    assert state.current_seat == 1  # nothing earned: the turn simply passed
    assert not [o for o in legal_move_options(state, 1) if isinstance(o.move, TakeCard)]


def test_no_homeland_draw_before_pack_3_is_open_E3():
    world = PackOpened("pack_1", 1, "test").apply(World())
    assert card_choices(_end_of_turn(world), 0) == [1]
