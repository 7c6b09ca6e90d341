"""The words of the move forms: titles, buttons and rule IDs per move, field labels, and
the words for each value a select offers."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.card_words import card_label
from campaign.forms.digital.pockets import POCKET_TITLES, pocket_value_label
from rules import box
from rules.data import board, content
from rules.game import GameState
from rules.pack_words import draft_code_label
from rules.rule_sets import LEGACY

MOVE_TITLES: dict[str, tuple[str, str, str]] = {
    # type: (title, button, rule)
    "roll_for_order": (
        gettext_lazy("Roll for the order of choice"),
        gettext_lazy("Roll the die"),
        "S-6",
    ),
    "choose_faction": (
        gettext_lazy("Choose a faction and place your HQ"),
        gettext_lazy("Place HQ and 8 troops"),
        "S-6",
    ),
    "draft_pick:faction": (
        gettext_lazy("Draft a faction"),
        gettext_lazy("Take the faction"),
        "S-8",
    ),
    "draft_pick:card": (
        gettext_lazy("Or draft a card you lack the kind of"),
        gettext_lazy("Take the card"),
        "S-8",
    ),
    "place_start": (
        gettext_lazy("Place your HQ and drafted troops"),
        gettext_lazy("Place HQ and troops"),
        "S-8",
    ),
    "buy_red_star": (
        gettext_lazy("Buy a red star with 4 cards"),
        gettext_lazy("Buy a red star"),
        "T-2",
    ),
    "play_scar_card": (gettext_lazy("Play your scar card"), gettext_lazy("Place the scar"), "T-3"),
    "pass_scar_card": (
        gettext_lazy("Keep your scar card"),
        gettext_lazy("Play no scar card now"),
        "T-3",
    ),
    "move_hq": (
        gettext_lazy("Move an HQ to a neighbouring territory"),
        gettext_lazy("Move the HQ"),
        "G-18",
    ),
    "join_war": (
        gettext_lazy("Join the war with half your starting troops"),
        gettext_lazy("Join the war"),
        "T-5",
    ),
    "recruit": (gettext_lazy("Recruit"), gettext_lazy("Recruit"), "T-7"),
    "place_troops": (gettext_lazy("Place troops"), gettext_lazy("Place"), "T-13"),
    "place_stealthily": (
        gettext_lazy("Send recruits into an empty territory"),
        gettext_lazy("Send them"),
        "T-13",
    ),
    "expand": (gettext_lazy("Expand into an empty territory"), gettext_lazy("Expand"), "X-2"),
    "attack": (gettext_lazy("Attack"), gettext_lazy("Attack"), "X-6"),
    "defend_with": (gettext_lazy("Defend"), gettext_lazy("Defend"), "X-6"),
    "fire_missile": (gettext_lazy("Fire a missile"), gettext_lazy("Fire"), "X-10"),
    "pass_missiles": (gettext_lazy("No missile"), gettext_lazy("Fire no missile"), "X-10"),
    "move_in": (gettext_lazy("Move in after the conquest"), gettext_lazy("Move in"), "X-12"),
    "maneuver": (gettext_lazy("Maneuver"), gettext_lazy("Maneuver"), "M-3"),
    # Classic Risk and Invasión (CL-, IN-).
    "claim_territory": (gettext_lazy("Claim an empty territory"), gettext_lazy("Claim"), "CL-3"),
    "place_neutral": (
        gettext_lazy("Add a neutral army"),
        gettext_lazy("Place the neutral army"),
        "CL-22",
    ),
    "trade_cards": (gettext_lazy("Trade in a set of three cards"), gettext_lazy("Trade"), "CL-10"),
    "choose_headquarters": (
        gettext_lazy("Choose your secret headquarters"),
        gettext_lazy("Choose"),
        "CL-30",
    ),
    "end_turn": (gettext_lazy("End"), gettext_lazy("End"), "T-1"),
    "take_card": (gettext_lazy("Take a card"), gettext_lazy("Take the card"), "E-3"),
    "claim_mission": (gettext_lazy("Claim the mission"), gettext_lazy("Claim"), "E-8"),
    "claim_slot_mission": (
        gettext_lazy("Claim the mission in your red slot"),
        gettext_lazy("Claim"),
        "E-8",
    ),
    "choose_mission": (
        gettext_lazy("Choose the face-up mission"),
        gettext_lazy("Lay it out"),
        "E-8",
    ),
    "acknowledge_pack": (
        gettext_lazy("Open the sealed pack"),
        gettext_lazy("The pack is open: resume play"),
        "U-8",
    ),
    "place_alien_island": (
        gettext_lazy("Join Alien Island to two coastal territories"),
        gettext_lazy("Place it"),
        "U-7",
    ),
    "choose_comeback_power": (
        gettext_lazy("Pick a comeback power for your faction"),
        gettext_lazy("Take it"),
        "X-15",
    ),
    "resolve_event": (gettext_lazy("Carry out the event"), gettext_lazy("Carry it out"), "E-7"),
    **POCKET_TITLES,
}
FIELD_LABELS = {
    "faction": gettext_lazy("Faction"),
    "territory": gettext_lazy("Territory"),
    "origin": gettext_lazy("From"),
    "target": gettext_lazy("To"),
    "dice": gettext_lazy("Dice"),
    "side": gettext_lazy("Die of"),
    "die_index": gettext_lazy("Die"),
    "slot": gettext_lazy("Card"),
    "cards": gettext_lazy("Cards"),
    "trade_in": gettext_lazy("Trade in"),
    "pack": gettext_lazy("Pack"),
    "power": gettext_lazy("Power"),
    "card": gettext_lazy("Draft card"),
    "die": gettext_lazy("Turn into a 6"),
    "option": gettext_lazy("Choice"),
    "territories": gettext_lazy("Cities"),
    "mission": gettext_lazy("Mission"),
    "name": gettext_lazy("Name"),
}
LIST_FIELDS = frozenset({"cards", "trade_in"})
CLAIM_LABELS = {
    # what a mission's claim places (E-8): the words for its fields
    "sea_line": {"territory": gettext_lazy("New sea line from"), "target": gettext_lazy("to")},
    "world_capital": {
        "territory": gettext_lazy("World Capital in"),
        "name": gettext_lazy("Its name"),
    },
}


def _card_label(state: GameState, card: str) -> str:
    return card_label(state, card)


def value_label(state: GameState, name: str, value: Any, kind: str = "") -> str:
    """Words for one field value of a move (of the form `kind`), for a select's option."""
    pocket = pocket_value_label(state, kind, name, value)
    if pocket is not None:
        return pocket
    territories = {**board().territories, **board().pack_territories}
    if name in {"territory", "origin", "target"}:
        if value in content().factions:  # a scar card may target a faction card
            return _("%(faction)s's faction card") % {"faction": content().factions[value].name}
        label = territories[value].name if value in territories else str(value)
        return f"{label} ({state.troops(value)})" if name == "origin" else label
    if name == "faction":
        return content().factions[value].name
    if name == "card":
        return draft_code_label(value)
    if name in LIST_FIELDS and state.rule_set != LEGACY:
        return ", ".join(card_label(state, c) for c in value)
    if name in LIST_FIELDS:
        if not value:
            return _("No trade-in")
        coins = sum(state.card_coins(c) for c in value)
        cards = ", ".join(_card_label(state, c) for c in value)
        if name == "trade_in":
            troops = content().trade_in_chart.get(coins, 0)
            return _("%(cards)s: %(coins)s coins for %(troops)s troops") % {
                "cards": cards,
                "coins": coins,
                "troops": troops,
            }
        return cards
    if name == "dice":
        return ngettext("%(count)s die", "%(count)s dice", value) % {"count": value}
    if name == "side":
        return _("the attacker") if value == "attack" else _("the defender")
    if name == "die_index":
        return _("die %(number)s") % {"number": int(value) + 1}
    if name == "slot":
        if value == "coin":
            return _("a coin card")
        card = state.slots[int(value) - 1]
        if card:
            return _("slot %(slot)s: %(card)s") % {"slot": value, "card": _card_label(state, card)}
        return _("slot %(slot)s") % {"slot": value}
    if name == "die":
        side, _sep, index = str(value).partition(":")
        return _missile_target(state, side, int(index)) if index.isdigit() else str(value)
    if name == "pack":
        pack = content().packs.get(value)
        return pack.name if pack else str(value)
    if name == "power":  # a comeback power: offered only once its pack is open
        power = box.comeback_powers(state.world).get(value)
        return f"{power.name}: {power.text}" if power else str(value)
    if name == "option":  # an option of the event card waiting on its chooser (E-7)
        card = content().event_cards.get((state.pending or {}).get("card", ""))
        option = card.option(value) if card else None
        return option.text if option else str(value)
    if name == "territories":
        names = [territories[t].name if t in territories else t for t in value]
        if len(set(names)) < len(names):  # troops split one by one (Join the Cause)
            counts = {n: names.count(n) for n in dict.fromkeys(names)}
            return ", ".join(
                ngettext("%(count)s troop into %(name)s", "%(count)s troops into %(name)s", count)
                % {"count": count, "name": n}
                for n, count in counts.items()
            )
        if not names:
            return ""
        joined = names[0]
        for name in names[1:]:  # "A and B and C", each pair worded in the reader's language
            joined = _("%(first)s and %(second)s") % {"first": joined, "second": name}
        return joined
    if name == "mission" and value:  # a mission of the deck, offered once its pack is open
        mission = content().missions.get(value)
        return f"{mission.name}: {mission.text}" if mission else str(value)
    return str(value)


def _missile_target(state: GameState, side: str, index: int) -> str:
    values = (state.pending or {}).get(f"{side}_values") or []
    words = {"number": index + 1}
    if index < len(values):
        words["value"] = values[index]
        if side == "attack":
            return _("Attack die %(number)s showing %(value)s") % words
        return _("Defence die %(number)s showing %(value)s") % words
    return (_("Attack die %(number)s") if side == "attack" else _("Defence die %(number)s")) % words


def _claim_title(state: GameState) -> tuple[str, dict[str, str]]:
    """The claim form's title naming the face-up mission, and its fields' words (E-8)."""
    mission = content().missions.get(state.mission or "")
    if mission is None:
        return MOVE_TITLES["claim_mission"][0], {}
    return (
        ngettext(
            "Claim the mission %(name)s (%(stars)s Red Star)",
            "Claim the mission %(name)s (%(stars)s Red Stars)",
            mission.stars,
        )
        % {"name": mission.name, "stars": mission.stars},
        CLAIM_LABELS.get(mission.action or "", {}),
    )
