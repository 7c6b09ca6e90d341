"""An event card's choice on the game page (E-7): the panel names the card and its options in
words, and the chooser answers with an ordinary move form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameMove
from campaign.selectors.world import world_current
from campaign.wording import worded_event
from rules.game import TakeCard, TurnFlags, apply_move
from rules.world_events import CityFounded, PackOpened
from tests.rules.game.helpers import position

from .conftest import stored_hotseat_game


@pytest.fixture
def fortify_game(campaign, owner, owner_client, persons, guest_person) -> DigitalGame:
    """Three hot-seat seats on the owner's browser; seat 0 has just drawn Fortify (B74), and
    seat 1 (Egypt's Major City and Peru's Minor City) has the largest population."""
    people = [persons["owner"], persons["player"], guest_person]
    world = PackOpened("pack_1", 1, "the ninth Minor City").apply(world_current(campaign=campaign))
    for territory, kind in (("egypt", "major"), ("peru", "minor")):
        world = CityFounded(territory, kind, f"{kind.title()} {territory}", "x", 1).apply(world)
    world = world.evolve(card_coins={**world.card_coins, "siam": 2})
    state = position(
        armies={"brazil": (0, 2), "egypt": (1, 2), "peru": (1, 1)},
        world=world,
        phase="end_of_turn",
        turn=TurnFlags(conquered=True),
    ).clone()
    state.slots = ("alaska", "peru", "brazil", "egypt")
    state.draw_pile, state.event_deck = ("siam", "india"), ("B74",)
    state, _ = apply_move(state, 0, TakeCard(3))
    assert state.phase == "event_choice"
    return stored_hotseat_game(campaign, owner, owner_client, people, state)


def test_the_chooser_reads_the_event_and_answers_it_on_the_page_E7(owner_client, fortify_game):
    page = owner_client.get(fortify_game.get_absolute_url()).content.decode()
    assert "Event: Fortify" in page and "An event card asks for a choice" in page
    assert "has the largest population and chooses one" in page
    assert "Add 2 troops to each of up to 2 city territories you control." in page
    assert 'data-type="resolve_event"' in page and "Egypt and Peru" in page
    url = reverse(
        "campaign:digital_game_move",
        kwargs={"slug": fortify_game.campaign.slug, "game_id": fortify_game.pk},
    )
    response = owner_client.post(
        url,
        {
            "seat": 1,
            "version": fortify_game.version,
            "type": "resolve_event",
            "option": "troops",
            "territories": "egypt,peru",
        },
    )
    assert response.status_code == 200
    fortify_game.refresh_from_db()
    state = fortify_game.game_state()
    assert (state.troops("egypt"), state.troops("peru")) == (4, 3)
    # Seat 1's recruit has nothing to choose: its troops are counted at once (T-8).
    assert state.phase == "place" and state.current_seat == 1
    move = GameMove.objects.get(game=fortify_game, actor=GameMove.Actor.PLAYER)
    assert move.move == {
        "type": "resolve_event",
        "option": "troops",
        "territories": ["egypt", "peru"],
        "mission": "",
    }
    assert any(
        "puts 2 troops each into Egypt and Peru" in worded_event(e)["text"] for e in move.events
    )


def test_a_seat_that_is_not_the_chooser_is_refused_in_words_E7(owner_client, fortify_game):
    url = reverse(
        "campaign:digital_game_move",
        kwargs={"slug": fortify_game.campaign.slug, "game_id": fortify_game.pk},
    )
    response = owner_client.post(
        url,
        {
            "seat": 0,
            "version": 0,
            "type": "resolve_event",
            "option": "troops",
            "territories": "egypt",
        },
    )
    assert response.status_code == 400
    assert "waiting for" in response.content.decode()
    assert not GameMove.objects.filter(game=fortify_game).exists()
