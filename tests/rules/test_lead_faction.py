"""E125s: one rule for the lead faction (`rules.lead_faction`), read from the world; the engine
names the same one."""

from __future__ import annotations

import pytest

from rules.game.lead_faction import lead_faction, lead_seat
from rules.lead_faction import lead_among
from rules.world import FactionRecord, World

from .game.helpers import FACTIONS
from .game.test_pack4 import _set_up, pack_4_world


def _with_wins(**wins: int) -> World:
    rows = [
        FactionRecord(game, faction, "p9", None, "won")
        for game, faction in enumerate([f for f, n in sorted(wins.items()) for _ in range(n)], 1)
    ]
    return World().evolve(faction_records=tuple(rows), games_played=len(rows))


def test_the_most_wins_among_the_game_s_factions_leads_E125s():
    world = _with_wins(khan_industries=3, enclave_of_the_bear=2, die_mechaniker=1)
    lead = lead_among(world, ["enclave_of_the_bear", "die_mechaniker", None])
    assert lead.faction == "enclave_of_the_bear"
    assert lead.why == "Enclave of the Bear has the most wins (2 wins) and is the lead faction"


@pytest.mark.parametrize(
    ("wins", "words"),
    [
        ({}, "No faction in this game has won yet, so none leads"),
        (
            {"die_mechaniker": 1, "enclave_of_the_bear": 1},
            "Die Mechaniker and Enclave of the Bear share the most wins (1 win), so none leads",
        ),
    ],
)
def test_nobody_leads_on_a_tie_or_before_any_win_E125s(wins, words):
    lead = lead_among(_with_wins(**wins), ["die_mechaniker", "enclave_of_the_bear"])
    assert lead.faction is None and lead.why == words


def test_the_engine_seats_the_lead_faction_of_the_shared_rule_E125s():
    state, _ = _set_up(pack_4_world(wins={FACTIONS[1]: 2, FACTIONS[0]: 1}))
    lead = lead_among(state.world, [player.faction for player in state.seats])
    assert lead_seat(state) == (1, lead.why) and lead_faction(state) == lead.faction == FACTIONS[1]
