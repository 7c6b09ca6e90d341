"""The one door for secrets: what a seat (or a spectator) may see of a game."""

from __future__ import annotations

from typing import Any

from rules import box
from rules.game import weaknesses
from rules.game.draft import draft_view
from rules.game.effects import has_effect
from rules.game.engine import seats_to_act
from rules.game.lead_faction import lead_faction
from rules.game.state import GameState
from rules.rule_sets import LEGACY
from rules.variants.view import variant_view
from rules.world import World

ANY_PACK = ("pack_1", "pack_2", "pack_3", "pack_4", "pocket_1", "pocket_2", "do_not_open")
# Keys named after what a pack brings, by where they sit in the view: left out while the
# campaign has not opened that pack and they are empty (U-8), as `World.to_json` leaves out
# the pockets' fields. The state itself keeps them all: it must replay.
SEALED_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    "state": {
        "extra_coin_cards": ("pack_1",),  # a draft setting
        "comeback_due": ("pack_2",),  # comeback powers (rules addition E)
        "mission": ("pack_3", "pack_4"),  # the mission deck (E-8)
        "hypnotized": ("pocket_1",),  # the Mutants' Mass Hypnosis
        "sea_ban_until": ("do_not_open",),  # The Ancient One
    },
    "seat": {"draft_cards": ("pack_1",)},
    "turn": {
        "stealth_territory": ("pack_2",),  # comeback powers: Stealthy, Mobile, Resourceful
        "hq_moved": ("pack_2",),
        "expanded_into_city": ("pack_2",),
        "continents_at_start": ("pack_4",),  # private missions (E124s)
        "conquered_from": ("pocket_1",),  # Mindshackle
        "missile_power_users": ("pocket_1",),  # missile powers (J167s)
        "emp_territories": ("pocket_1",),
        "bonuses_denied": ("pocket_1",),
        "cards_blocked": ("pocket_1",),
    },
    "world": {
        "comeback_powers": ("pack_2",),
        "added_sea_lines": ("pack_3",),  # Explore the World
        "covered_cities": ("pack_3",),  # The World Is Ready
        "red_slots": ("pack_4",),
        "faction_scars": ("pocket_2",),  # weaknesses
        "destroyed_box_cards": ANY_PACK,
        "settings": ANY_PACK,
    },
}


def _unsealed(data: dict[str, Any], where: str, world: World) -> dict[str, Any]:
    """`data` without the keys at `where` whose packs are all sealed, while they are empty."""
    sealed = {
        key
        for key, packs in SEALED_KEYS[where].items()
        if not data.get(key) and not any(box.is_open(world, p) for p in packs)
    }
    return {k: v for k, v in data.items() if k not in sealed}


def view_for(
    state: GameState,
    seat: int | None,
    *,
    with_world: bool = True,
    stored: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """JSON-ready state for `seat` (None = spectator). Hides other seats' resource cards and
    scar cards, the order of the decks and the dice generator. A draft is shown to all, and
    so is the lead faction once Pack 4 has brought it (None when no faction leads). Nothing
    is named after what a sealed pack brings (`SEALED_KEYS`). The other rule sets have their
    own view (`rules.variants.view`).

    Without `with_world` the world (`world_view`) is left out: it grows with the campaign
    and changes rarely, so a service sends it apart rather than with every move. `stored`:
    `state.to_json(include_world=False)` when the caller holds it already (left unchanged)."""
    if state.rule_set != LEGACY:
        return variant_view(state, seat, with_world=with_world)
    if stored is not None and not with_world:
        data = dict(stored)
    else:
        data = state.to_json(include_world=with_world)
    for key in ("rng", "draw_pile", "event_deck", "mission_deck"):
        data.pop(key)
    data["draw_pile_count"] = len(state.draw_pile)
    data["event_deck_count"] = len(state.event_deck)
    data["discard_pile_count"] = len(state.discard_pile)
    seats = []
    for index, player in enumerate(state.seats):
        shown = player.to_json()
        shown["red_stars"] = state.red_stars(index)
        shown["territories"] = len(state.controlled(index))
        shown["troops_on_board"] = state.troops_on_board(index)
        shown["card_count"] = len(player.cards)
        shown["has_scar_card"] = player.scar_card is not None
        if has_effect(state, index, weaknesses.PURIST):  # K195s: its coin cards lie face up
            shown["face_up_coin_cards"] = weaknesses.coin_cards(state, index)
        if index != seat:
            shown["cards"] = None
            shown["scar_card"] = None
        seats.append(_unsealed(shown, "seat", state.world))
    data["seats"] = seats
    data["turn"] = _unsealed(data["turn"], "turn", state.world)
    if with_world:
        data["world"] = world_view(state.world)
    data["you"] = seat
    data["seats_to_act"] = seats_to_act(state)
    data["is_over"] = state.is_over
    draft = draft_view(state)
    if draft is not None:
        data["draft"] = draft  # played face up: everyone sees it
    if box.lead_faction_active(state.world):
        data["lead_faction"] = lead_faction(state)  # Pack 4 (E125s): from the card backs
    return _unsealed(data, "state", state.world)


def world_view(world: World) -> dict[str, Any]:
    """The world as JSON, without keys named after what its sealed packs bring."""
    return _unsealed(world.to_json(), "world", world)


def view_open(state: GameState) -> dict[str, Any]:
    """A spectator's view with every seat's resource cards and scar card face up: for a game
    whose dice seed is out, since the seed and the moves give every hand anyway (the order of
    the decks stays left out: nobody needs it to follow the game)."""
    data = view_for(state, None)
    for index, shown in enumerate(data["seats"]):
        player = state.seats[index]
        shown["cards"] = list(player.cards)
        shown["scar_card"] = player.scar_card
    return data
