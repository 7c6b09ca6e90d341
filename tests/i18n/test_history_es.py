"""Reading the world and its history in Spanish (issue 14): with a Spanish browser the world
page, the history pages, the statistics, an opened pack's page, the rules page and the API's
refusals come out in Spanish, dates in the Spanish way ("10 de enero de 2026"), and the English
of those pages is gone; an English browser still gets the English, ISO dates included."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from campaign.board_map.render import render_board_svg
from campaign.selectors.world import world_current
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from rules.rewards import RewardChoice
from tests.campaign.box_worlds import customized, pack_1_opened
from tests.campaign.log.factories import three_player_entry, with_player
from tests.campaign.worlds import game

pytestmark = pytest.mark.django_db

ES = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def two_games(campaign, owner, persons, django_capture_on_commit_callbacks):
    first = three_player_entry(persons)
    second = with_player(three_player_entry(persons), 0, start="greenland")
    second = with_player(second, 1, start="congo", held=("congo",), reward=None)
    second = with_player(second, 2, start="argentina", troops_at_end=True)
    second = replace(second, winner_reward=RewardChoice("R1", "africa", "Afrik"), slogan="")
    for entry in (first, second):
        with django_capture_on_commit_callbacks(execute=True):
            game_log(campaign=campaign, user=owner, entry=entry)
    return campaign


@pytest.fixture
def with_pack_1(campaign, owner, persons):
    customized(campaign, owner)
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(campaign=campaign, events=[game(1, keys)], user=owner, source="log")
    pack_1_opened(campaign, owner, persons)
    return campaign


def _text(response) -> str:
    """The page's words: the title and the main part, tags, scripts and styles left out."""
    assert response.status_code == 200, response.status_code
    page = response.content.decode()
    assert '<html lang="es"' in page or '<html lang="en"' in page
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    main = re.search(r"<main.*?</main>", page, re.S).group(0)
    main = re.sub(r"<script.*?</script>|<style.*?</style>", " ", main, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", f"{title} {main}").split())


def _get(client: Client, campaign, tail: str, headers=ES) -> str:
    return _text(client.get(f"/campaigns/{campaign.slug}/{tail}", **headers))


def _check(text: str, *, present: list[str], gone: list[str]) -> None:
    for words in present:
        assert words in text, words
    for words in gone:
        assert words not in text, words


def test_the_world_page_is_in_spanish(two_games, viewer_client):
    text = _get(viewer_client, two_games, "")
    _check(
        text,
        present=[
            "2 partidas jugadas.",
            "Ciudades",
            "Cicatrices",
            "Continentes",
            "Nombre dado",
            "Cartas de facción",
            "Vencedores",
            "Paquetes sellados",
            "Suministros restantes",
            "La historia de cada territorio",
            "10 de enero de 2026",  # the victor's signature, the Spanish way
        ],
        gone=[
            "games played",
            "Name given",
            "Faction cards",
            "Sealed packs",
            "Supplies left",
            "founded by",
            "open when:",
            "2026-01-10",
        ],
    )


def test_the_world_as_it_stood_after_a_game_is_in_spanish(two_games, viewer_client):
    text = _get(viewer_client, two_games, "?game=1")
    _check(
        text,
        present=["El mundo tal como estaba tras la partida 1.", "Qué cambió la partida 1"],
        gone=["The world as it stood", "What game 1 changed", "See it today"],
    )


def test_the_board_map_speaks_spanish_and_keeps_english_for_english_readers(two_games):
    world = world_current(campaign=two_games)
    with translation.override("es"):
        spanish = str(render_board_svg(world))
    with translation.override("en"):
        english = str(render_board_svg(world))
    assert "Leyenda" in spanish and "Línea marítima" in spanish and "Ciudad Menor" in spanish
    assert "Legend" not in spanish and "Minor city" not in spanish
    assert "Legend" in english and "Minor city" in english and "Leyenda" not in english


def test_the_history_pages_are_in_spanish(two_games, viewer_client):
    games = _get(viewer_client, two_games, "history/games/")
    _check(
        games,
        present=["Cronología de las partidas", "Jugadores y facciones", "10 de enero de 2026"],
        gone=["Timeline of games", "Players and factions", "2026-01-10", "No games logged"],
    )
    one = _get(viewer_client, two_games, "history/games/1/")
    _check(
        one,
        present=["Partida 1", "Qué cambió", "Jugada el 10 de enero de 2026", "El mundo tras"],
        gone=["What it changed", "Played 2026", "The world after game"],
    )
    victors = _get(viewer_client, two_games, "history/victors/")
    _check(
        victors,
        present=["La sección de victorias", "de 15 líneas firmadas", "10 de enero de 2026"],
        gone=["The victors' section", "lines signed", "2026-01-10"],
    )
    territory = _get(viewer_client, two_games, "history/territories/congo/")
    _check(
        territory,
        present=["Carta de territorio", "Fronteras", "Su historia"],
        gone=["Territory card", "Borders", "Its history"],
    )


def test_the_statistics_are_in_spanish(two_games, viewer_client):
    text = _get(viewer_client, two_games, "history/stats/")
    _check(
        text,
        present=["Estadísticas", "Victorias por jugador", "Dónde empiezan las facciones"],
        gone=["Wins per player", "Where factions start", "Cities per founder"],
    )


def test_an_opened_pack_page_is_in_spanish(with_pack_1, owner_client):
    text = _get(owner_client, with_pack_1, "packs/pack_1/")
    _check(
        text,
        present=["Abiertos", "se abrió en la partida 1", "Mirar dentro", "Todos los paquetes"],
        gone=["was opened", "Look inside", "Every pack", "Its contents are shown"],
    )
    inside = _get(owner_client, with_pack_1, "packs/pack_1/?look=1")
    assert "Cartas de historia" in inside and "Story cards" not in inside
    listing = _get(owner_client, with_pack_1, "packs/")
    _check(
        listing,
        present=["Paquetes", "Aún sellados", "se abre cuando:"],
        gone=["Still sealed", "open when:"],
    )
    rules = _get(owner_client, with_pack_1, "rules/")
    _check(
        rules,
        present=["Lo que la caja de esta campaña añade a las reglas", "Cartas de cicatriz"],
        gone=["What this campaign's box adds", "Scar cards", "When it is played"],
    )


def test_the_rules_page_template_is_in_spanish(client):
    text = _text(client.get("/rules/", **ES))
    _check(
        text,
        present=["Las reglas", "Índice", "Palabras del juego", "Los paquetes abiertos añaden"],
        gone=["The rules", "Contents", "Words of the game", "Opened packs add to these rules"],
    )


def test_an_api_refusal_is_in_spanish(two_games, owner):
    api = APIClient()
    api.force_authenticate(owner)
    base = f"/api/v1/campaigns/{two_games.slug}/history"
    spanish = api.get(f"{base}/territories/atlantis/", **ES)
    assert spanish.status_code == 404
    assert spanish.json()["errors"][0]["message"] == "No existe ese territorio en este tablero."
    bad_game = api.get(f"{base}/world/?game=x", **ES)
    assert bad_game.status_code == 400
    assert "número de partida" in bad_game.json()["errors"][0]["message"]
    english = api.get(f"{base}/territories/atlantis/", **EN)
    assert english.json()["errors"][0]["message"] == "There is no such territory on this board."


def test_english_readers_keep_the_english_and_iso_dates(two_games, viewer_client):
    text = _get(viewer_client, two_games, "history/games/1/", headers=EN)
    assert "Played 2026-01-10" in text and "What it changed" in text
    assert "Jugada" not in text
