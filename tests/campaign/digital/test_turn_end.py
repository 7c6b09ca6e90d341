"""A move that ends the turn takes the card chosen with it (issue 21, item 14; M-1, E-3): one
click on the page instead of two, each logged as its own move, so replays and take-backs
(PRI-4) see the same moves as two clicks would; a refused card changes nothing, and the card
waits for the player when the end of turn offers a mission instead (E-8)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models.digital import DigitalGame, GameMove
from campaign.selectors.digital import digital_game_replay
from campaign.selectors.world import world_current
from rules.game.draws import COIN, card_choices
from rules.game.endturn import cards_ahead
from rules.game.state import TurnFlags
from tests.campaign.digital.test_fewer_clicks import BOTS, Clicks, _stored
from tests.rules.game.helpers import position

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(persons, guest_person):
    return [persons["owner"], persons["player"], guest_person]


@pytest.fixture
def conquered(campaign, owner, owner_client, people):
    """Seat 0 (hot-seat) has conquered this turn (E-2) and may maneuver Peru to Argentina."""

    def build(**turn) -> DigitalGame:
        state = position(
            armies={"argentina": (0, 6), "peru": (0, 4), "egypt": (1, 3), "ural": (2, 3)},
            hqs={"argentina": 0, "egypt": 1, "ural": 2},
            world=world_current(campaign=campaign),
            turn=TurnFlags(**({"conquered": True} | turn)),
        )
        return _stored(campaign, owner, owner_client, people, BOTS, state)

    return build


def _panel(client, game: DigitalGame) -> str:
    url = reverse("campaign:digital_game", kwargs={"slug": game.campaign.slug, "game_id": game.pk})
    return client.get(url).content.decode()


def _types(game: DigitalGame) -> list[str]:
    """The moves seat 0's player made (the bots' turns and a later recruit left out)."""
    moves = GameMove.objects.filter(game=game, seat=0, actor=GameMove.Actor.PLAYER)
    return [m.move["type"] for m in moves.order_by("index")]


def test_a_maneuver_takes_the_card_chosen_with_it_in_one_click_M1_E3(owner_client, conquered):
    game = conquered()
    choices = card_choices(game.game_state(), 0)
    assert choices and cards_ahead(game.game_state(), 0, "maneuver") == choices
    page = _panel(owner_client, game)
    assert 'name="card_ahead"' in page and "Then take the card you earned" in page
    clicks = Clicks(owner_client, game)
    clicks.post(
        0, type="maneuver", origin="peru", target="argentina", count=3, card_ahead=choices[-1]
    )
    state = clicks.state()
    assert _types(game) == ["maneuver", "take_card"]
    assert len(state.seats[0].cards) == 1
    assert state.troops("argentina") == 9
    assert digital_game_replay(game=game).state.to_json() == state.to_json()


def test_ending_the_attacks_takes_the_card_chosen_with_it_E1_E3(owner_client, conquered):
    game = conquered()
    slot = card_choices(game.game_state(), 0)[0]
    Clicks(owner_client, game).post(0, type="end_turn", card_ahead=slot)
    assert _types(game) == ["end_turn", "take_card"]
    game.refresh_from_db()
    assert len(game.game_state().seats[0].cards) == 1


def test_a_refused_card_changes_nothing_not_even_the_maneuver_E3(owner_client, conquered):
    game = conquered()
    response = owner_client.post(
        reverse(
            "campaign:digital_game_move",
            kwargs={"slug": game.campaign.slug, "game_id": game.pk},
        ),
        {"seat": 0, "version": game.version, "type": "maneuver", "origin": "peru"}
        | {"target": "argentina", "count": 3, "card_ahead": "9"},
    )
    assert response.status_code == 400
    assert "E-3" in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0 and not GameMove.objects.filter(game=game).exists()


def test_no_card_is_offered_ahead_without_a_conquest_E2(owner_client, conquered):
    game = conquered(conquered=False)
    assert cards_ahead(game.game_state(), 0, "maneuver") == []
    assert 'name="card_ahead"' not in _panel(owner_client, game)


def test_the_card_waits_when_a_mission_may_be_claimed_instead_E8(
    owner_client, conquered, monkeypatch
):
    """Met after the maneuver only: the card chosen ahead is not taken, the choice is asked."""
    game = conquered()
    monkeypatch.setattr("rules.game.endturn.mission_claimable", lambda state, seat: True)
    Clicks(owner_client, game).post(
        0, type="maneuver", origin="peru", target="argentina", count=3, card_ahead=COIN
    )
    assert _types(game) == ["maneuver"]
    game.refresh_from_db()
    assert game.game_state().phase == "end_of_turn"
