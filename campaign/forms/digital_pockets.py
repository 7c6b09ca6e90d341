"""Plain words for the pockets' moves on the game page: where the nuke falls (J162s), the
missile power picked and used (J167s), Alien Island's sea lines (K182s) and the pocket event
cards' choices. Every name comes from the board, the content or the campaign's box, never a key.
"""

from __future__ import annotations

from typing import Any

from rules import box
from rules.data import board, content
from rules.game import GameState
from rules.game.common import continent_bonuses
from rules.game.missile_powers import RALLY_TROOPS, rally_territories

USE_POWER = "use_missile_power"
MISSILE_COST = "(costs a missile)"

POCKET_TITLES: dict[str, tuple[str, str, str]] = {
    # type: (title, button, rule)
    "choose_nuke_target": ("Choose where the nuke falls", "Nuke it", "U-6"),
    "choose_missile_power": ("Pick your missile power", "Take the power", "G-3"),
    f"{USE_POWER}:rally": (
        f"Use Rally: +{RALLY_TROOPS} troops on each of your HQs {MISSILE_COST}",
        "Rally",
        "J167s",
    ),
    f"{USE_POWER}:emp": (
        f"Use EMP on a territory you fight over: dice there keep their natural values this "
        f"turn {MISSILE_COST}",
        "Use EMP",
        "J167s",
    ),
    f"{USE_POWER}:bad_intel": (
        f"Use Bad Intel: the player on turn goes without one continent bonus {MISSILE_COST}",
        "Use Bad Intel",
        "J167s",
    ),
    f"{USE_POWER}:interference": (
        f"Use Interference: block the card about to be taken {MISSILE_COST}",
        "Block the card",
        "J167s",
    ),
    f"{USE_POWER}:recon": (
        f"Use Recon: take a face-up territory card instead of a coin card {MISSILE_COST}",
        "Take it with Recon",
        "J167s",
    ),
    "pass_missile_power": ("Let the moment go by", "Use no missile power", "G-3"),
}
SECONDARY = frozenset({"pass_missile_power"})
TARGET_LABELS = {
    f"{USE_POWER}:emp": "Territory",
    f"{USE_POWER}:bad_intel": "Continent",
    f"{USE_POWER}:recon": "Card",
}


def territory_name(key: str) -> str:
    """A printed or a pack territory's name (Alien Island too)."""
    return board().territory(key).name if board().knows(key) else key


def form_key(kind: str, data: dict[str, Any]) -> str:
    """One form per missile power used (each has its own words and target)."""
    return f"{kind}:{data['power']}" if kind == USE_POWER else kind


def _who(state: GameState, seat: Any) -> str:
    return state.seats[seat].name if isinstance(seat, int) else "the player on turn"


def pocket_title(state: GameState, key: str) -> tuple[str, str, str] | None:
    """The form's title, button and rule, naming what this position is about."""
    found = POCKET_TITLES.get(key)
    if found is None:
        return None
    title, button, rule = found
    pending = state.pending or {}
    if key == "choose_nuke_target" and "origin" in pending:
        title = (
            f"Choose where the nuke falls: the attacking territory "
            f"({territory_name(pending['origin'])}) or the defending one "
            f"({territory_name(pending['target'])})"
        )
    elif key == f"{USE_POWER}:rally" and state.current_seat is not None:
        names = ", ".join(territory_name(t) for t in rally_territories(state, state.current_seat))
        title = f"Use Rally: +{RALLY_TROOPS} troops on each of your HQs ({names}) {MISSILE_COST}"
        button = f"Rally: +{RALLY_TROOPS} troops on each HQ you hold {MISSILE_COST}"
    elif key == f"{USE_POWER}:bad_intel":
        title = (
            f"Use Bad Intel: {_who(state, state.current_seat)} goes without one continent "
            f"bonus this turn {MISSILE_COST}"
        )
    elif key == f"{USE_POWER}:interference" and pending.get("kind") == "interference":
        title = (
            f"Use Interference: {_who(state, pending['drawer'])} may not take "
            f"{_card_words(state, pending['slot'])} this turn {MISSILE_COST}"
        )
    return title, button, rule


def _card_words(state: GameState, slot: Any) -> str:
    if str(slot) == "coin":
        return "a coin card"
    card = state.slots[int(slot) - 1]
    return f"the {territory_name(card)} card" if card else f"the card in slot {slot}"


def field_labels(state: GameState, key: str) -> dict[str, str]:
    """Field words of a pocket move's form (empty: the usual words)."""
    if key == "choose_nuke_target":
        return {"territory": "The nuke falls on"}
    if key in TARGET_LABELS:
        return {"target": TARGET_LABELS[key]}
    card = content().event_cards.get((state.pending or {}).get("card", ""))
    if key == "resolve_event" and card is not None and card.key == "mysterious_island":
        return {"territories": "Face-up card"}
    return {}


def territory_field(key: str, name: str) -> bool | None:
    """Whether a `target` is a territory (clickable on the map); None: the usual rule."""
    if key in TARGET_LABELS and name == "target":
        return key == f"{USE_POWER}:emp"
    return None


def pocket_value_label(state: GameState, key: str, name: str, value: Any) -> str | None:
    """Words for a pocket move's field value; None leaves it to the usual words."""
    if key == "choose_missile_power" and name == "power":
        power = box.missile_powers(state.world).get(value)
        return f"{power.name}: {power.text}" if power else str(value)
    if key == "choose_nuke_target" and name == "territory":
        pending = state.pending or {}
        side = {pending.get("origin"): "attacking", pending.get("target"): "defending"}.get(value)
        where = f" (the {side} territory)" if side else ""
        return f"{territory_name(value)}{where}"
    if key == f"{USE_POWER}:bad_intel" and name == "target":
        continent = board().continents.get(value)
        bonus = continent_bonuses(state, state.current_seat).get(value, 0)
        return f"{continent.name} (+{bonus} troops)" if continent else str(value)
    if key == f"{USE_POWER}:recon" and name == "target":
        card = state.slots[int(value) - 1] if str(value).isdigit() else None
        coins = f" ({state.card_coins(card)})" if card else ""
        return f"slot {value}: {territory_name(card)}{coins}" if card else f"slot {value}"
    return None
