"""E125s: the pages and logged games name the engine's lead faction, and none while sealed."""

from __future__ import annotations

from campaign.selectors.faction_cards import lead_faction_of
from rules.game.lead_faction import lead_seat
from rules.world import World
from tests.rules.game.helpers import FACTIONS
from tests.rules.game.test_pack4 import _set_up, pack_4_world


def test_pages_name_the_engine_s_lead_faction_E125s():
    state, _ = _set_up(pack_4_world(wins={FACTIONS[1]: 2, FACTIONS[0]: 1}))
    seat, why = lead_seat(state)
    factions = [player.faction for player in state.seats]
    assert lead_faction_of(state.world, factions) == (factions[seat], f"{why}.")


def test_pages_name_no_lead_faction_while_pack_4_is_sealed_E125s():
    assert lead_faction_of(World(), ["die_mechaniker"]) is None
