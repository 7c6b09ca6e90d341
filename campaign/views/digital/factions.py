"""What the faction cards bring to a digital game's players table, in plain words: the lead
faction (Pack 4, E125s), and each faction's comeback power (blue slot, rules addition E) and
private mission (red slot, E124s).

Everything comes from the game's own world through `rules.box` (via the faction-card
selectors), so a pack the campaign has not opened, even during this game, shows nothing (U-8).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from campaign.mission_words import mission_label
from campaign.selectors.box import faction_blue_slots
from campaign.selectors.faction_cards import lead_faction_of
from rules import box
from rules.data import content
from rules.game import GameState
from rules.pack_words import comeback_power_label


def lead_words(state: GameState, view: dict[str, Any]) -> str | None:
    """Who leads this game and why, once the engine's view has a lead faction (Pack 4 open)
    and every seat has its faction."""
    if "lead_faction" not in view or any(player.faction is None for player in state.seats):
        return None
    found = lead_faction_of(state.world, (player.faction for player in state.seats))
    return found[1] if found is not None else None


def faction_card_words(state: GameState, faction: str | None) -> list[str]:
    """The comeback power in the faction's blue slot and the private mission in its red slot,
    each as one line; nothing for an empty slot or a slot no opened pack has brought."""
    if faction is None:
        return []
    lines = []
    blue_slots = faction_blue_slots(world=state.world)
    power = blue_slots.get(faction) if blue_slots is not None else None
    if power is not None:
        lines.append(_("Comeback power %(power)s") % {"power": comeback_power_label(power)})
    if box.private_missions_active(state.world):
        mission = content().missions.get(state.world.red_slots.get(faction, ""))
        if mission is not None:
            lines.append(
                _("Red-slot mission %(mission)s: %(text)s")
                % {"mission": mission_label(mission), "text": mission.text}
            )
    return lines
