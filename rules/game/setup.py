"""Setup before each game (S-2..S-11): sideboard, tokens, scar cards, order roll, factions.
Once Pack 1's rules additions are in the box, the order roll leads into the draft (`draft`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import board_links, box
from rules.errors import IllegalMove
from rules.game import draft
from rules.game.common import (
    constant,
    fail,
    hq_spacing_applies,
    legal_start_violation,
    legal_starts,
    seat_label,
)
from rules.game.events import GameEvent
from rules.game.lead_faction import begin_play
from rules.game.moves import ChooseFaction, MoveOption, RollForOrder
from rules.game.state import GameState, Seat, SeatSpec, TurnFlags, faction_name
from rules.names import faction_word, territory_word
from rules.rng import Rng, Seed
from rules.rule_sets import LEGACY, check_choice, chosen_options
from rules.variants.setup import variant_game
from rules.words import gettext as _
from rules.words import gettext_lazy, listed
from rules.world import World

SETUP_ORDER = "setup_order"
SETUP_FACTION = "setup_faction"


def new_game(
    world: World,
    seats: list[SeatSpec],
    *,
    seed: Seed,
    game_number: int,
    rule_set: str = LEGACY,
    options: Mapping[str, Any] | None = None,
) -> GameState:
    """The state at the start of setup under `rule_set` with `options` (`rules.rule_sets`;
    refused with IllegalMove when the choice combines badly). For Risk Legacy: sideboard laid
    out (S-2), tokens given (S-3), scar cards dealt (S-5); the first decision is the roll for
    the order of faction choice (S-6), or for the first pick of the draft (S-8). `seed` is 64
    hex digits or a number (`rules.rng`)."""
    if rule_set != LEGACY or options:
        refusals = check_choice(rule_set, len(seats), options)
        if refusals:
            raise IllegalMove.from_violation(refusals[0])
    if rule_set != LEGACY:
        return variant_game(
            seats,
            seed=seed,
            game_number=game_number,
            rule_set=rule_set,
            options=chosen_options(rule_set, options),
        )
    low, high = constant("players_min"), constant("players_max")
    if not low <= len(seats) <= high:
        fail(
            "player_count",
            _("A game has %(low)s to %(high)s players.") % {"low": low, "high": high},
            "C-1",
        )
    if len({s.person for s in seats}) != len(seats):
        fail("person_twice", _("Each person takes one seat."), "S-6")
    rng = Rng.from_seed(seed)
    deck = rng.shuffled([t for t in board_links.territories(world) if world.has_card(t)])
    slot_count = constant("face_up_slots")
    slots: list[str | None] = list(deck[:slot_count])
    slots += [None] * (slot_count - len(slots))
    signatures = world.signature_counts()
    scar_deck = rng.shuffled(box.scar_deck(world))
    deal = len(scar_deck) >= len(seats)
    # S-12: events and missions exist only once packs put them in play (none in the base game).
    event_deck = rng.shuffled([card.code for card in box.event_deck(world)])
    missions = rng.shuffled([mission.code for mission in box.mission_deck(world)])
    seat_states = []
    for index, spec in enumerate(seats):
        signed = signatures.get(spec.person, 0)
        seat_states.append(
            Seat(
                person=spec.person,
                name=spec.name,
                red_star_tokens=0 if signed else 1,
                missiles=signed,
                scar_card=scar_deck[index] if deal else None,
            )
        )
    return GameState(
        world=world,
        game_number=game_number,
        seats=tuple(seat_states),
        armies={},
        hqs={},
        phase=SETUP_ORDER,
        current_seat=0,
        first_seat=None,
        turn_number=0,
        turn=TurnFlags(),
        pending={"kind": "order_roll", "contenders": list(range(len(seats))), "rolls": []},
        draw_pile=tuple(deck[slot_count:]),
        discard_pile=(),
        slots=tuple(slots),
        coin_pile=constant("coin_cards"),
        coin_award_done=False,
        event_deck=tuple(event_deck),
        mission=missions[0] if missions else None,
        mission_deck=tuple(missions[1:]),
        rng=rng.state,
        winner=None,
        world_events=(),
    )


def order_rollers(state: GameState) -> list[int]:
    pending = state.pending or {}
    rolled = {seat for seat, _ in pending.get("rolls", [])}
    return [seat for seat in pending.get("contenders", []) if seat not in rolled]


def roll_for_order(
    state: GameState, seat: int, move: RollForOrder, events: list[GameEvent]
) -> None:
    """S-6 / DIFF-11: one die each; the highest chooses first; ties re-roll among the tied."""
    assert state.pending is not None
    rng = Rng.resume(state.rng)
    value = rng.die()
    state.rng = rng.state
    rolls = [*state.pending["rolls"], [seat, value]]
    events.append(
        GameEvent(
            "order_roll",
            gettext_lazy("%(player)s rolls %(value)s for the order of choice.")
            % {"player": seat_label(state, seat), "value": value},
            {"seat": seat, "dice": [value]},
        )
    )
    contenders = state.pending["contenders"]
    if len(rolls) < len(contenders):
        state.pending = {**state.pending, "rolls": rolls}
        return
    best = max(v for _, v in rolls)
    leaders = [s for s, v in rolls if v == best]
    if len(leaders) > 1:
        names = listed(seat_label(state, s) for s in leaders)
        events.append(
            GameEvent(
                "order_tie",
                gettext_lazy("%(players)s tie on %(value)s and roll again.")
                % {"players": names, "value": best},
                {"seats": leaders},
            )
        )
        state.pending = {"kind": "order_roll", "contenders": leaders, "rolls": []}
        return
    first = leaders[0]
    state.first_seat = first
    if box.draft_active(state.world):
        draft.begin_draft(state, first, events)
        return
    state.current_seat = first
    state.phase = SETUP_FACTION
    state.pending = None
    events.append(
        GameEvent(
            "first_chooser",
            gettext_lazy("%(player)s chooses a faction first.")
            % {"player": seat_label(state, first)},
            {"seat": first},
        )
    )


def _faction_violation(state: GameState, seat: int, move: ChooseFaction) -> None:
    if move.faction not in box.faction_keys(state.world):
        fail(
            "unknown_faction",
            _("There is no faction '%(faction)s'.") % {"faction": move.faction},
            "C-3",
        )
    if any(s.faction == move.faction for s in state.seats):
        fail(
            "faction_taken",
            _("%(faction)s is already taken.") % {"faction": faction_name(move.faction)},
            "S-6",
        )
    problem = legal_start_violation(
        state, seat, move.territory, setup=hq_spacing_applies(state, seat)
    )
    if problem is not None:
        fail(*problem)


def choose_faction(
    state: GameState, seat: int, move: ChooseFaction, events: list[GameEvent]
) -> None:
    """S-6/S-7/S-9: take a faction and put its HQ and all 8 starting troops in one territory."""
    _faction_violation(state, seat, move)
    troops = constant("starting_troops")
    state.set_seat(seat, faction=move.faction, start=move.territory)
    state.set_troops(move.territory, seat, troops)
    state.set_hq(move.territory, seat)
    events.append(
        GameEvent(
            "faction_chosen",
            gettext_lazy(
                "%(player)s takes %(faction)s and starts in %(territory)s with its HQ and "
                "%(count)s troops."
            )
            % {
                "player": seat_label(state, seat),
                "faction": faction_word(move.faction),
                "territory": territory_word(move.territory),
                "count": troops,
            },
            {"seat": seat, "faction": move.faction, "territory": move.territory, "troops": troops},
        )
    )
    following = (seat + 1) % state.seat_count
    if following != state.first_seat:
        state.current_seat = following
        return
    # S-10 is recorded from the seats at game end; S-11: the first chooser takes the first turn
    # (once any lead faction has chosen the face-up mission, E125s).
    assert state.first_seat is not None
    begin_play(state, state.first_seat, events)


def setup_options(state: GameState, seat: int) -> list[MoveOption]:
    if state.phase == SETUP_ORDER:
        return [MoveOption(RollForOrder())] if seat in order_rollers(state) else []
    taken = {s.faction for s in state.seats}
    starts = legal_starts(state, seat, setup=hq_spacing_applies(state, seat))
    return [
        MoveOption(ChooseFaction(faction, territory))
        for faction in box.faction_keys(state.world)
        if faction not in taken
        for territory in starts
    ]
