"""A digital game's log in every language, its record in one (issue 14): a pack that opens
mid-game (U-6, U-7) while a Spanish reader moves is kept in the world with the English reason
the site keeps records in, so the dice check (which replays the moves) agrees whoever reads,
while each reader sees the log lines in their own language."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaign.selectors.digital import in_language
from campaign.selectors.world import world_current
from campaign.services.digital_words import apply_worded
from rules.bots import HeuristicBot
from rules.game import SeatSpec, apply_move, new_game, seats_to_act
from rules.world import Signature

pytestmark = pytest.mark.django_db


def _veterans(campaign, keys):
    """Players who signed twice each hold missiles, so three can fly on one roll (U-6)."""
    world = world_current(campaign=campaign)
    return world.evolve(
        signatures=tuple(Signature(k, n, "2026-01-01") for n, k in enumerate(keys * 2, 1))
    )


def test_a_pack_opened_by_a_spanish_move_is_recorded_in_english_and_logged_in_both_U6(
    campaign, persons, guest_person
):
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key, guest_person.key]
    world = _veterans(campaign, keys)
    for seed in range(60):
        state = new_game(world, [SeatSpec(k, k) for k in keys], seed=seed, game_number=1)
        bots = [HeuristicBot(seed + i) for i in range(4)]
        while not state.is_over:
            seat = seats_to_act(state)[0]
            move = bots[seat].choose(state, seat)
            with translation.override("es"):
                after, events = apply_worded(state, seat, move)
            due = next((e for e in events if e.type == "pack_due"), None)
            if due is not None:
                english_state, _events = apply_move(state, seat, move)
                pack = due.data["pack"]
                assert after.world.packs_opened[pack].reason == (
                    english_state.world.packs_opened[pack].reason
                )
                assert after.to_json() == english_state.to_json()
                spanish = in_language(due.to_json(), "es")["text"]
                english = in_language(due.to_json(), "en")["text"]
                assert spanish.startswith("Hay que abrir"), spanish
                assert "must be opened now" in english
                return
            state = after
    pytest.fail("no bot game made a pack due")
