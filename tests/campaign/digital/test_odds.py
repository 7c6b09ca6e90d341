"""Exact attack odds on the pages and the API (X-6..X-9): the calculator anyone may use, the
odds of each attack on the game panel with the board's modifiers, and the game's odds endpoint;
plain-worded refusals, in English and Spanish."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import override

from campaign.models.digital import DigitalGame
from rules.odds import attack_once, attack_until, fight_in, fight_with
from rules.world import Scar
from tests.campaign.digital.conftest import stored_hotseat_game
from tests.english_words import english_in
from tests.rules.game.helpers import position, with_world

pytestmark = pytest.mark.django_db

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
ODDS = reverse("campaign:odds")
API = reverse("api:odds")


def shown(chance: float) -> str:
    return number_format(chance * 100, 1)


def test_anyone_works_out_the_odds_with_a_bunker_on_the_odds_page_x8(anon_client):
    response = anon_client.get(
        ODDS, {"attackers": 8, "defenders": 4, "stay": 1, "scar": "bunker", "fortification_uses": 0}
    )
    page = response.content.decode()
    assert response.status_code == 200
    until = attack_until(fight_with(scar="bunker"), 7, 4)
    once = attack_once(fight_with(scar="bunker"), 3, 4)
    assert f"{shown(until.conquer)} %" in page
    assert f"{shown(once.conquer)} %" in page
    assert "8 troops attack 4" in page


def test_the_odds_page_refuses_impossible_armies_in_words(anon_client):
    response = anon_client.get(
        ODDS, {"attackers": 3, "defenders": 0, "stay": 3, "fortification_uses": 0}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Leave fewer troops behind than the 3 in the attacking territory." in page
    assert "troops attack" not in page


def test_the_odds_page_reads_in_spanish(anon_client):
    response = anon_client.get(
        ODDS, {"attackers": 8, "defenders": 4, "stay": 2, "fortification_uses": 3}, **SPANISH
    )
    page = response.content.decode()
    assert "Probabilidades de un ataque" in page
    main = page.split("<main", 1)[-1].split("</main>", 1)[0]
    assert not english_in(html.unescape(re.sub(r"<[^>]+>", "\n", main)))


def test_the_odds_api_answers_exact_figures_for_anyone(anon_client):
    response = anon_client.get(
        API, {"attackers": "10", "defenders": "6", "fortification_uses": "2"}
    )
    assert response.status_code == 200
    data = response.json()
    expected = attack_until(fight_with(fortification_uses=2), 9, 6)
    assert data["until"]["conquer"] == pytest.approx(expected.conquer)
    assert data["until"]["attacker_losses"] == pytest.approx(expected.attacker_losses)
    assert data["dice"] == 3 and data["stay"] == 1


def test_the_odds_api_refuses_bad_numbers_in_its_error_shape(anon_client):
    response = anon_client.get(API, {"attackers": "٣", "defenders": "1", "scar": "moat"})
    assert response.status_code == 400
    fields = {e["field"] for e in response.json()["errors"]}
    assert fields == {"attackers", "scar"}


def test_the_odds_endpoints_are_in_the_api_schema(anon_client):
    schema = anon_client.get(reverse("api-schema"), {"format": "json"}).json()
    assert "/api/v1/odds" in schema["paths"]
    assert "/api/v1/games/{game_id}/odds" in schema["paths"]


@pytest.fixture
def bunker_game(campaign, owner, owner_client, persons, guest_person) -> DigitalGame:
    """Seat 0 to attack; Brazil (seat 1) carries a Bunker; seat 1 holds missiles and a scar
    card, which nobody else can count on being played."""
    scar = {"brazil": Scar("brazil", "territory", "bunker", "p1", 1)}
    armies = {"argentina": (0, 9), "brazil": (1, 5), "peru": (1, 2), "venezuela": (2, 3)}
    state = with_world(
        position(armies=armies, seat1={"missiles": 2, "scar_card": "ammo_shortage"}), scars=scar
    )
    people = [persons["owner"], persons["player"], guest_person]
    return stored_hotseat_game(campaign, owner, owner_client, people, state)


def test_the_game_panel_shows_each_attack_with_the_board_modifiers_x8(bunker_game, owner_client):
    url = reverse(
        "campaign:digital_game",
        kwargs={"slug": bunker_game.campaign.slug, "game_id": bunker_game.pk},
    )
    page = owner_client.get(url).content.decode()
    assert "Odds of your attacks" in page
    bunker = attack_until(fight_with(scar="bunker"), 8, 5)
    assert f"{shown(bunker.conquer)} %" in page
    plain = attack_until(fight_with(), 8, 2)
    assert f"{shown(plain.conquer)} %" in page


def test_the_game_odds_api_counts_what_the_board_shows_and_nothing_hidden_x10(
    bunker_game, owner_client
):
    url = reverse("api:game-odds", kwargs={"game_id": bunker_game.pk})
    response = owner_client.get(url, {"origin": "argentina", "target": "brazil", "stay": "3"})
    assert response.status_code == 200
    expected = attack_until(fight_with(scar="bunker"), 6, 5)
    assert response.json()["until"]["conquer"] == pytest.approx(expected.conquer)


def test_the_game_odds_api_refuses_an_attack_the_rules_forbid(
    bunker_game, owner_client, outsider_client
):
    url = reverse("api:game-odds", kwargs={"game_id": bunker_game.pk})
    response = owner_client.get(url, {"origin": "argentina", "target": "venezuela"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["rule"] == "G-12"
    assert outsider_client.get(url, {"origin": "argentina", "target": "brazil"}).status_code == 404


def test_the_panel_odds_come_from_the_engine_view_of_the_board(bunker_game):

    state = bunker_game.game_state()
    with override("en"):
        odds = attack_until(fight_in(state, 0, "argentina", "brazil"), 8, 5)
    assert odds == attack_until(fight_with(scar="bunker"), 8, 5)
