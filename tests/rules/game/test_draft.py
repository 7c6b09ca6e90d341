"""The draft setup of Pack 1's rules additions B, C and D (B67s, B68s, B69s; S-8, S-11) with the
draft cards B80-B99, and what it changes later in the game (T-5, the game result)."""

from __future__ import annotations

import json

import pytest

from rules import box
from rules.bot_random import RandomBot
from rules.bots import HeuristicBot
from rules.errors import IllegalMove
from rules.game import (
    DraftPick,
    EndTurn,
    GameState,
    JoinWar,
    PlaceStart,
    RollForOrder,
    apply_move,
    game_result,
    legal_move_options,
    legal_moves,
    move_from_json,
    replay,
    seats_to_act,
    view_for,
)
from rules.game.rotation import next_active_seat
from rules.world import World
from rules.world_events import PackOpened
from rules.world_events.pack_cards import DraftRecorded, SettingChosen

from .helpers import FACTIONS, fresh_game, play, position, rig_dice

# Three players: who drafts what (besides the faction FACTIONS[seat]).
HOLDINGS_3 = {
    0: ("B95", "B82", "B92", "B86"),  # 6 troops, 2 coins, 3rd turn, 2nd to place
    1: ("B97", "B80", "B90", "B87"),  # 10 troops, 0 coins, 1st turn, 3rd to place
    2: ("B96", "B81", "B91", "B85"),  # 8 troops, 1 coin, 2nd turn, 1st to place
}
STARTS = {0: "argentina", 1: "egypt", 2: "alaska"}


def pack_1_world(**settings: str) -> World:
    world = PackOpened("pack_1", 1, "the ninth Minor City was founded").apply(World())
    for key, value in settings.items():
        world = SettingChosen(key, value).apply(world)
    return world


def at_draft(count: int, *, first: int = 0, world: World | None = None) -> GameState:
    """A drafted game after the order roll, `first` having rolled highest. Nobody holds a
    scar card, so turns begin without a scar window."""
    rolls = [[6] if seat == first else [1] for seat in range(count)]
    state = rig_dice(fresh_game(count, world=world or pack_1_world()), *rolls)
    for seat in range(count):
        state.set_seat(seat, scar_card=None)
    while state.phase == "setup_order":
        state, _ = apply_move(state, seats_to_act(state)[0], RollForOrder())
    assert state.phase == "setup_draft"
    return state


def draft(state: GameState, holdings: dict[int, tuple[str, ...]]) -> tuple[GameState, list]:
    """Play the whole draft: each seat takes FACTIONS[seat] first, then its cards in order."""
    plans = {
        seat: [DraftPick(faction=FACTIONS[seat]), *(DraftPick(card=c) for c in cards)]
        for seat, cards in holdings.items()
    }
    events: list = []
    while state.phase == "setup_draft":
        seat = seats_to_act(state)[0]
        state, produced = apply_move(state, seat, plans[seat].pop(0))
        events.extend(produced)
    return state, events


def place_all(state: GameState, starts: dict[int, str] = STARTS) -> tuple[GameState, list]:
    events: list = []
    while state.phase == "setup_place":
        seat = seats_to_act(state)[0]
        state, produced = apply_move(state, seat, PlaceStart(starts[seat]))
        events.extend(produced)
    return state, events


def refused(state: GameState, seat: int, move) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        apply_move(state, seat, move)
    return error.value


# --- without the draft ------------------------------------------------------------------------


def test_without_pack_1_the_setup_is_the_order_roll_and_choosing_factions_S6():
    state = rig_dice(fresh_game(3), [6], [1], [1])
    assert not box.draft_active(state.world)
    while state.phase == "setup_order":
        state, _ = apply_move(state, seats_to_act(state)[0], RollForOrder())
    assert state.phase == "setup_faction"
    assert {m.type for m in legal_moves(state, 0)} == {"choose_faction"}
    assert refused(state, 0, DraftPick(faction=FACTIONS[0])).code == "wrong_phase"


# --- B67s and B68s: the snake draft -----------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "first", "rounds"),
    [
        (3, 1, [[1, 2, 0], [0, 2, 1]]),
        (4, 2, [[2, 3, 0, 1], [1, 0, 3, 2]]),
        (5, 0, [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0]]),
    ],
)
def test_the_high_roller_picks_first_and_the_draft_snakes_B67s_B68s(count, first, rounds):
    state = at_draft(count, first=first)
    forward, back = rounds
    expected = forward + back + forward + back + forward  # five picks each
    pickers = []
    bot = RandomBot(count)
    while state.phase == "setup_draft":
        seat = seats_to_act(state)[0]
        pickers.append(seat)
        state, _ = apply_move(state, seat, bot.choose(state, seat))
    assert pickers == expected
    assert state.phase == "setup_place"


def test_a_player_holding_all_five_things_is_passed_over_B68s():
    state = at_draft(3)
    state.set_seat(1, faction="khan_industries", draft_cards=("B95", "B80", "B90", "B85"))
    state, _ = play(state, (0, DraftPick(card="B97")))
    assert seats_to_act(state) == [2]


def test_the_draft_log_says_who_picks_first_and_when_the_direction_turns_B68s():
    state = at_draft(3, first=1)
    state, events = draft(state, HOLDINGS_3)
    started = [e for e in events if e.type == "draft_round"]
    assert [e.data["round"] for e in started] == [2, 3, 4, 5]
    assert started[0].text == "Round 2 of the draft goes the other way: Player 0 picks next."
    picks = [e.text for e in events if e.type == "draft_pick"]
    assert "Player 1 takes draft card B97 (10 starting troops)." in picks
    assert "Player 0 takes draft card B92 (plays 3rd)." in picks
    assert "Player 2 takes draft card B85 (places 1st)." in picks
    assert events[-1].type == "draft_done"


@pytest.mark.parametrize(
    ("count", "troops", "coins"),
    [
        (3, [6, 8, 10], [0, 1, 2]),
        (4, [6, 8, 8, 10], [0, 0, 1, 2]),
        (5, [6, 8, 8, 10, 10], [0, 0, 1, 1, 2]),
    ],
)
def test_the_draft_cards_in_use_depend_on_the_player_count_B80_B99(count, troops, coins):
    state = at_draft(count)
    offered = [m.card for m in legal_moves(state, 0) if m.card]
    cards = {c.code: c for c in box.draft_cards(state.world, count)}
    assert sorted(offered) == sorted(cards)
    values = {
        kind: sorted(c.value for c in cards.values() if c.kind == kind) for kind in box.DRAFT_KINDS
    }
    assert values["troops"] == troops and values["coins"] == coins
    assert values["turn_order"] == values["placement"] == list(range(1, count + 1))
    factions = [m.faction for m in legal_moves(state, 0) if m.faction]
    assert factions == FACTIONS
    if count < 5:
        assert refused(state, 0, DraftPick(card="B99")).code == "draft_card_not_in_use"


def test_a_player_drafts_one_card_of_each_kind_B67s():
    state = at_draft(3)
    state, _ = play(
        state,
        (0, DraftPick(card="B97")),
        (1, DraftPick(card="B95")),
        (2, DraftPick(card="B80")),
        (2, DraftPick(faction="khan_industries")),  # the snake turns at seat 2
    )
    offered = {m.card for m in legal_moves(state, 1) if m.card}
    assert "B96" not in offered and "B81" in offered
    state, _ = play(state, (1, DraftPick(card="B90")), (0, DraftPick(card="B82")))
    state, _ = play(state, (0, DraftPick(faction="die_mechaniker")))
    error = refused(state, 1, DraftPick(card="B96"))
    assert error.code == "draft_kind_held" and error.rule == "S-8"
    assert "starting troops card (B95)" in error.message


def test_a_faction_is_drafted_once_and_a_player_holds_one_B67s():
    state = at_draft(3)
    state, _ = play(state, (0, DraftPick(faction="khan_industries")))
    error = refused(state, 1, DraftPick(faction="khan_industries"))
    assert error.code == "faction_taken" and "already taken by Player 0" in error.message
    state, _ = play(state, (1, DraftPick(faction="saharan_republic")))
    state, _ = play(state, (2, DraftPick(card="B97")), (2, DraftPick(card="B80")))
    state, _ = play(state, (1, DraftPick(card="B95")))
    assert refused(state, 0, DraftPick(faction="die_mechaniker")).code == "faction_held"


@pytest.mark.parametrize(
    ("move", "code"),
    [
        (DraftPick(), "draft_pick_one"),
        (DraftPick(faction="khan_industries", card="B97"), "draft_pick_one"),
        (DraftPick(card="B64"), "draft_card_not_in_use"),
        (DraftPick(faction="atlantis"), "unknown_faction"),
    ],
)
def test_a_pick_names_one_faction_or_one_draft_card_in_use_B67s(move, code):
    state = at_draft(3)
    assert refused(state, 0, move).code == code


def test_a_taken_draft_card_cannot_be_taken_again_B67s():
    state = at_draft(3)
    state, _ = play(state, (0, DraftPick(card="B97")))
    error = refused(state, 1, DraftPick(card="B97"))
    assert error.code == "draft_card_taken"
    assert error.message == "Draft card B97 (10 starting troops) is already taken by Player 0."


def test_only_the_picker_picks_S8():
    state = at_draft(3, first=2)
    assert refused(state, 0, DraftPick(card="B97")).code == "not_your_turn"


# --- B68s: placing in the order of the placement cards ---------------------------------------


def test_starts_are_placed_in_placement_card_order_with_the_drafted_troops_B68s():
    state, _ = draft(at_draft(3), HOLDINGS_3)
    assert state.phase == "setup_place"
    assert [s.starting_troops for s in state.seats] == [6, 10, 8]
    placers = []
    events: list = []
    while state.phase == "setup_place":
        seat = seats_to_act(state)[0]
        placers.append(seat)
        state, produced = apply_move(state, seat, PlaceStart(STARTS[seat]))
        events.extend(produced)
    assert placers == [2, 0, 1]
    assert state.armies == {"alaska": (2, 8), "argentina": (0, 6), "egypt": (1, 10)}
    assert state.hqs == {"alaska": 2, "argentina": 0, "egypt": 1}
    assert [s.start for s in state.seats] == ["argentina", "egypt", "alaska"]
    placed = next(e for e in events if e.type == "draft_placed")
    assert placed.text == "Player 2 places the HQ of Imperial Balkania and 8 troops in Alaska."


def test_hqs_placed_after_the_draft_keep_apart_unless_the_campaign_says_anywhere_S7_1():
    state, _ = draft(at_draft(3), HOLDINGS_3)
    state, _ = play(state, (2, PlaceStart("alaska")))
    error = refused(state, 0, PlaceStart("kamchatka"))
    assert error.code == "start_next_to_hq" and error.rule == "S-7.1"
    assert "kamchatka" not in {m.territory for m in legal_moves(state, 0)}

    loose, _ = draft(at_draft(3, world=pack_1_world(draft_hq_spacing="anywhere")), HOLDINGS_3)
    loose, _ = play(loose, (2, PlaceStart("alaska")), (0, PlaceStart("kamchatka")))
    assert loose.hqs["kamchatka"] == 0


def test_a_start_must_still_be_legal_after_the_draft_S7():
    state, _ = draft(at_draft(3), HOLDINGS_3)
    state, _ = play(state, (2, PlaceStart("alaska")))
    assert refused(state, 0, PlaceStart("alaska")).code == "start_occupied"
    assert refused(state, 0, PlaceStart("atlantis")).code == "unknown_territory"


# --- starting coin cards ------------------------------------------------------------------------


def test_starting_coin_cards_come_from_the_coin_pile_B80_B84():
    state, _ = draft(at_draft(3), HOLDINGS_3)
    state, events = place_all(state)
    assert [s.cards.count("coin") for s in state.seats] == [2, 0, 1]
    assert state.coin_pile == 10 - 3 and state.extra_coin_cards == 0
    coins = [e.text for e in events if e.type == "draft_coins"]
    assert coins == [
        "Player 2 takes 1 coin card from the coin pile, as their draft card B81 shows.",
        "Player 0 takes 2 coin cards from the coin pile, as their draft card B82 shows.",
    ]


def test_a_short_coin_pile_gives_what_it_has_and_says_so_B82():
    state, _ = draft(at_draft(3), HOLDINGS_3)
    state.coin_pile = 1
    state, events = place_all(state)
    assert state.coin_pile == 0
    assert [s.cards.count("coin") for s in state.seats] == [0, 0, 1]
    short = [e for e in events if e.type == "draft_coins"][-1]
    assert short.data["coins"] == 0 and short.data["shown"] == 2
    assert "holds only 0" in short.text


def test_extra_starting_coin_cards_leave_the_pile_alone_and_are_counted_B82():
    world = pack_1_world(draft_coin_source="extra")
    state, _ = draft(at_draft(3, world=world), HOLDINGS_3)
    state, events = place_all(state)
    assert state.coin_pile == 10 and state.extra_coin_cards == 3
    held = sum(s.cards.count("coin") for s in state.seats)
    assert state.coin_pile + held == 10 + state.extra_coin_cards
    assert "from outside the coin pile" in next(e.text for e in events if e.type == "draft_coins")


# --- B69s: the turn order -----------------------------------------------------------------------


def test_the_first_turn_order_card_plays_first_and_play_follows_the_cards_B69s():
    state, _ = draft(at_draft(3), HOLDINGS_3)
    state, events = place_all(state)
    assert state.turn_order == (1, 2, 0)
    assert state.phase == "start_of_turn" and state.current_seat == 1 and state.turn_number == 1
    order = next(e for e in events if e.type == "turn_order")
    assert order.text == (
        "Play follows the turn-order cards: Player 1, Player 2, Player 0. Player 1 takes the "
        "first turn."
    )
    assert [next_active_seat(state, s) for s in (1, 2, 0)] == [2, 0, 1]


def test_the_turn_order_passes_over_eliminated_seats_B69s():
    state, _ = draft(at_draft(4), _holdings_4())
    state.turn_order = (3, 1, 0, 2)
    state.set_seat(0, eliminated=True)
    assert next_active_seat(state, 1) == 2
    assert next_active_seat(state, 2) == 3


def _holdings_4() -> dict[int, tuple[str, ...]]:
    return {
        0: ("B95", "B80", "B93", "B85"),
        1: ("B96", "B81", "B91", "B86"),
        2: ("B97", "B82", "B92", "B87"),
        3: ("B98", "B83", "B90", "B88"),
    }


def test_turns_pass_in_turn_order_card_order_B69s():
    state, _ = draft(at_draft(4), _holdings_4())
    state, _ = place_all(state, {0: "argentina", 1: "egypt", 2: "alaska", 3: "japan"})
    bots = [HeuristicBot(seat) for seat in range(4)]
    seen = []
    for _ in range(5):
        seen.append(state.current_seat)
        seat = state.current_seat
        while state.current_seat == seat:
            acting = seats_to_act(state)[0]
            move = bots[acting].choose(state, acting)
            state, _ = apply_move(state, acting, EndTurn() if move.type == "attack" else move)
    assert seen == [3, 1, 2, 0, 3]


# --- T-5 after a draft --------------------------------------------------------------------------


def _joining(world: World, **seat0) -> GameState:
    return position(
        armies={"egypt": (1, 3), "peru": (2, 3)},
        world=world,
        phase="start_of_turn",
        seat0={"draft_cards": ("B97", "B80", "B90", "B85"), **seat0},
    )


def test_joining_the_war_brings_half_the_drafted_troops_T5():
    state = _joining(pack_1_world(), starting_troops=10)
    state, events = play(state, (0, JoinWar("alaska")))
    assert state.troops("alaska") == 5
    assert "joins the war with 5 troops" in events[0].text


def test_joining_the_war_can_bring_half_the_printed_troops_instead_T5():
    state = _joining(pack_1_world(join_war_troops="half_printed"), starting_troops=10)
    state, _ = play(state, (0, JoinWar("alaska")))
    assert state.troops("alaska") == 4


def test_joining_the_war_without_a_draft_brings_four_troops_T5():
    state = position(armies={"egypt": (1, 3)}, phase="start_of_turn")
    state, _ = play(state, (0, JoinWar("alaska")))
    assert state.troops("alaska") == 4


# --- the record, the view, JSON and replay ------------------------------------------------------


def _bot_game(count: int, seed: int, kinds: str = "heuristic") -> tuple[GameState, list]:
    world = pack_1_world()
    state = fresh_game(count, seed=seed, world=world)
    initial = state
    bots = [
        HeuristicBot(seed + s) if kinds == "heuristic" or s % 2 == 0 else RandomBot(seed + s)
        for s in range(count)
    ]
    moves = []
    while not state.is_over:
        assert len(moves) < 20_000, "the bots did not finish"
        seat = seats_to_act(state)[0]
        move = bots[seat].choose(state, seat)
        state, _ = apply_move(state, seat, move)
        moves.append((seat, move))
    return initial, moves


@pytest.mark.parametrize(("count", "kinds"), [(3, "heuristic"), (4, "mixed"), (5, "heuristic")])
def test_bots_draft_and_finish_the_game_and_it_replays_exactly_B67s(count, kinds):
    initial, moves = _bot_game(count, seed=count * 7, kinds=kinds)
    done = replay(
        initial, [(s, move_from_json(json.loads(json.dumps(m.to_json())))) for s, m in moves]
    )
    assert done.failed_index is None and done.state.is_over
    state = done.state
    assert all(len(s.draft_cards) == 4 and s.faction for s in state.seats)
    assert sorted(c for s in state.seats for c in s.draft_cards) == sorted(
        c.code for c in box.draft_cards(state.world, count)
    )
    assert len({s.faction for s in state.seats}) == count
    assert sum(1 for _, m in moves if isinstance(m, DraftPick)) == 5 * count
    assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_the_heuristic_bot_drafts_strong_troops_early_B97():
    state = at_draft(4)
    # With no strong faction power in this world, the bot's first pick is the 10 troops card.
    move = HeuristicBot(1).choose(state, 0)
    assert move == DraftPick(card="B97")


def test_a_draft_in_progress_survives_json():
    state = at_draft(4, first=3)
    state, _ = play(state, (3, DraftPick(card="B97")), (0, DraftPick(faction="khan_industries")))
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert legal_move_options(again, 1) == legal_move_options(state, 1)


def test_everyone_sees_the_draft_S8():
    state = at_draft(3)
    state, _ = play(state, (0, DraftPick(card="B97")), (1, DraftPick(faction="khan_industries")))
    shown = view_for(state, None)["draft"]
    holders = {c["code"]: c["holder"] for c in shown["cards"]}
    assert holders["B97"] == 0 and holders["B96"] is None
    assert (
        next(c["label"] for c in shown["cards"] if c["code"] == "B97") == "10 starting troops (B97)"
    )
    assert "khan_industries" not in shown["factions_left"]
    assert shown["round"] == 1 and shown["order"] == [0, 1, 2]
    assert "draft" not in view_for(fresh_game(3), None)


def test_the_result_of_a_drafted_game_records_the_draft_B67s():
    initial, moves = _bot_game(3, seed=5)
    state = replay(initial, moves).state
    result = game_result(state)
    recorded = result.world_events[0]
    assert isinstance(recorded, DraftRecorded)
    assert recorded.game == state.game_number
    assert [p["person"] for p in recorded.picks] == [s.person for s in state.seats]
    assert [r.draft_cards for r in result.seats] == [s.draft_cards for s in state.seats]
    assert recorded.check(state.world) == []


def test_a_game_without_a_draft_records_none():
    state = position(armies={"egypt": (1, 3)}, phase="game_over")
    state.winner = 1
    assert not any(isinstance(e, DraftRecorded) for e in game_result(state).world_events)
