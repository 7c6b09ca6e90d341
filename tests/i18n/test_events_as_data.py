"""A digital move is applied once, in whatever language, and its events read in every language
(issue 18): the state a move leaves, and so the dice check's replay, is the same whoever moved;
a pack that opens mid-game (U-6, U-7) keeps its reason as data in the world; and every event
of bot games over a box with every pack open words from its stored data exactly as the engine
words it in Spanish."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from campaign.selectors.world import world_current
from rules.bot_random import RandomBot
from rules.bots import HeuristicBot
from rules.data import content
from rules.game import SeatSpec, apply_move, new_game, seats_to_act
from rules.simulate import customized_world
from rules.words import worded
from rules.world import Signature
from rules.world_events import PackOpened
from tests.rules.pack_worlds import with_pack_3, with_pack_4
from tests.rules.pocket_worlds import with_pocket_1, with_pocket_2


def _both(state, seat, move):
    """The move applied in English and in Spanish: the English result, and each event stored
    as the English move stores it, read by a Spanish reader, beside the Spanish engine's."""
    with translation.override("en"):
        after, events = apply_move(state, seat, move)
    stored = json.loads(json.dumps([e.to_json() for e in events]))
    with translation.override("es"):
        spanish_after, spanish = apply_move(state, seat, move)
        read = [worded(e) for e in stored]
        expected = [worded(e.to_json()) for e in spanish]
    assert spanish_after.to_json() == after.to_json()
    return after, events, read, expected


@pytest.mark.django_db
def test_a_pack_due_from_a_spanish_move_is_kept_as_data_and_reads_in_both_languages_U6(
    campaign, persons, guest_person
):
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key, guest_person.key]
    world = world_current(campaign=campaign).evolve(
        signatures=tuple(Signature(k, n, "2026-01-01") for n, k in enumerate(keys * 2, 1))
    )
    for seed in range(60):
        state = new_game(world, [SeatSpec(k, k) for k in keys], seed=seed, game_number=1)
        bots = [HeuristicBot(seed + i) for i in range(4)]
        while not state.is_over:
            seat = seats_to_act(state)[0]
            state, events, read, expected = _both(state, seat, bots[seat].choose(state, seat))
            due = next((i for i, e in enumerate(events) if e.type == "pack_due"), None)
            if due is not None:
                assert read == expected
                assert expected[due]["text"].startswith("Hay que abrir"), expected[due]
                with translation.override("en"):
                    assert "must be opened now" in worded(events[due].to_json())["text"]
                pack = events[due].data["pack"]
                reason = state.to_json()["world"]["packs_opened"][pack]["reason"]
                assert isinstance(reason, dict) and "$msg" in reason  # no sentence kept
                return
    pytest.fail("no bot game made a pack due")


def _full_box(seed: int):
    world = customized_world(seed, veterans=2)
    for pack in sorted(content().packs.values(), key=lambda p: p.order):
        if pack.key in ("pack_3", "pack_4") or pack.key.startswith("pocket"):
            continue
        if not PackOpened(pack.key, 0, "").check(world):
            world = PackOpened(pack.key, 0, "").apply(world)
    return with_pocket_2(with_pocket_1(with_pack_4(with_pack_3(world, seed), seed)))


@pytest.mark.parametrize("seed", [3, 8])
def test_every_event_of_a_full_box_bot_game_reads_in_spanish_from_its_data(seed):
    world = _full_box(seed)
    seats = [SeatSpec(f"p{i}", f"P{i}") for i in range(1, 5)]
    state = new_game(world, seats, seed=seed, game_number=world.next_game_number)
    bots = [HeuristicBot(seed), RandomBot(seed + 1), HeuristicBot(seed + 2), RandomBot(seed + 3)]
    checked = 0
    while not state.is_over and checked < 1500:
        seat = seats_to_act(state)[0]
        state, _events, read, expected = _both(state, seat, bots[seat].choose(state, seat))
        assert read == expected
        checked += len(read)
    assert checked > 100
