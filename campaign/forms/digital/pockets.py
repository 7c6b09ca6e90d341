"""Plain words for the pockets' moves on the game page: where the nuke falls (J162s), the
missile power picked and used (J167s), Alien Island's sea lines (K182s) and the pocket event
cards' choices. Every name comes from the board, the content or the campaign's box, never a key.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules import box
from rules.data import board, content
from rules.game import GameState
from rules.game.common import continent_bonuses
from rules.game.missile_powers import RALLY_TROOPS, rally_territories

USE_POWER = "use_missile_power"

POCKET_TITLES: dict[str, tuple[str, str, str]] = {
    # type: (title, button, rule); a title may name the Rally's troops as %(troops)s
    "choose_nuke_target": (
        gettext_lazy("Choose where the nuke falls"),
        gettext_lazy("Nuke it"),
        "U-6",
    ),
    "choose_missile_power": (
        gettext_lazy("Pick your missile power"),
        gettext_lazy("Take the power"),
        "G-3",
    ),
    f"{USE_POWER}:rally": (
        gettext_lazy("Use Rally: +%(troops)s troops on each of your HQs (costs a missile)"),
        gettext_lazy("Rally"),
        "J167s",
    ),
    f"{USE_POWER}:emp": (
        gettext_lazy(
            "Use EMP on a territory you fight over: dice there keep their natural values this "
            "turn (costs a missile)"
        ),
        gettext_lazy("Use EMP"),
        "J167s",
    ),
    f"{USE_POWER}:bad_intel": (
        gettext_lazy(
            "Use Bad Intel: the player on turn goes without one continent bonus (costs a missile)"
        ),
        gettext_lazy("Use Bad Intel"),
        "J167s",
    ),
    f"{USE_POWER}:interference": (
        gettext_lazy("Use Interference: block the card about to be taken (costs a missile)"),
        gettext_lazy("Block the card"),
        "J167s",
    ),
    f"{USE_POWER}:recon": (
        gettext_lazy(
            "Use Recon: take a face-up territory card instead of a coin card (costs a missile)"
        ),
        gettext_lazy("Take it with Recon"),
        "J167s",
    ),
    "pass_missile_power": (
        gettext_lazy("Let the moment go by"),
        gettext_lazy("Use no missile power"),
        "G-3",
    ),
}
SECONDARY = frozenset({"pass_missile_power"})
TARGET_LABELS = {
    f"{USE_POWER}:emp": gettext_lazy("Territory"),
    f"{USE_POWER}:bad_intel": gettext_lazy("Continent"),
    f"{USE_POWER}:recon": gettext_lazy("Card"),
}


def territory_name(key: str) -> str:
    """A printed or a pack territory's name (Alien Island too)."""
    return board().territory(key).name if board().knows(key) else key


def form_key(kind: str, data: dict[str, Any]) -> str:
    """One form per missile power used (each has its own words and target)."""
    return f"{kind}:{data['power']}" if kind == USE_POWER else kind


def _who(state: GameState, seat: Any) -> str:
    return state.seats[seat].name if isinstance(seat, int) else _("the player on turn")


def pocket_title(state: GameState, key: str) -> tuple[str, str, str] | None:
    """The form's title, button and rule, naming what this position is about."""
    found = POCKET_TITLES.get(key)
    if found is None:
        return None
    title, button, rule = str(found[0]) % {"troops": RALLY_TROOPS}, str(found[1]), found[2]
    pending = state.pending or {}
    if key == "choose_nuke_target" and "origin" in pending:
        title = _(
            "Choose where the nuke falls: the attacking territory (%(origin)s) or the "
            "defending one (%(target)s)"
        ) % {
            "origin": territory_name(pending["origin"]),
            "target": territory_name(pending["target"]),
        }
    elif key == f"{USE_POWER}:rally" and state.current_seat is not None:
        names = ", ".join(territory_name(t) for t in rally_territories(state, state.current_seat))
        words = {"troops": RALLY_TROOPS, "names": names}
        title = (
            _("Use Rally: +%(troops)s troops on each of your HQs (%(names)s) (costs a missile)")
            % words
        )
        button = _("Rally: +%(troops)s troops on each HQ you hold (costs a missile)") % words
    elif key == f"{USE_POWER}:bad_intel":
        title = _(
            "Use Bad Intel: %(who)s goes without one continent bonus this turn (costs a missile)"
        ) % {"who": _who(state, state.current_seat)}
    elif key == f"{USE_POWER}:interference" and pending.get("kind") == "interference":
        title = _("Use Interference: %(who)s may not take %(card)s this turn (costs a missile)") % {
            "who": _who(state, pending["drawer"]),
            "card": _card_words(state, pending["slot"]),
        }
    return title, button, rule


def _card_words(state: GameState, slot: Any) -> str:
    if str(slot) == "coin":
        return _("a coin card")
    card = state.slots[int(slot) - 1]
    if card:
        return _("the %(territory)s card") % {"territory": territory_name(card)}
    return _("the card in slot %(slot)s") % {"slot": slot}


def field_labels(state: GameState, key: str) -> dict[str, str]:
    """Field words of a pocket move's form (empty: the usual words)."""
    if key == "choose_nuke_target":
        return {"territory": _("The nuke falls on")}
    if key in TARGET_LABELS:
        return {"target": str(TARGET_LABELS[key])}
    card = content().event_cards.get((state.pending or {}).get("card", ""))
    if key == "resolve_event" and card is not None and card.key == "mysterious_island":
        return {"territories": _("Face-up card")}
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
        name = territory_name(value)
        if value == pending.get("origin"):
            return _("%(name)s (the attacking territory)") % {"name": name}
        if value == pending.get("target"):
            return _("%(name)s (the defending territory)") % {"name": name}
        return name
    if key == f"{USE_POWER}:bad_intel" and name == "target":
        continent = board().continents.get(value)
        bonus = continent_bonuses(state, state.current_seat).get(value, 0)
        if continent is None:
            return str(value)
        return _("%(continent)s (+%(bonus)s troops)") % {
            "continent": continent.name,
            "bonus": bonus,
        }
    if key == f"{USE_POWER}:recon" and name == "target":
        card = state.slots[int(value) - 1] if str(value).isdigit() else None
        if not card:
            return _("slot %(slot)s") % {"slot": value}
        return _("slot %(slot)s: %(card)s") % {
            "slot": value,
            "card": f"{territory_name(card)} ({state.card_coins(card)})",
        }
    return None
