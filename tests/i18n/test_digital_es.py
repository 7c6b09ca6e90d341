"""Digital play in Spanish (issue 14): with a Spanish browser, the new-game page and a game page
in the middle of a turn (the move panel, the players, the cards, the dice, the log) come out in
Spanish with the English of the move panel gone; a move posted from that page answers in
Spanish; and the game log, stored as a move is made, reads in each reader's language whoever
made the move."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.digital import digital_game_log
from campaign.services.digital.start import SeatRequest, digital_game_start
from rules.game import apply_move, legal_move_options, move_from_json
from tests.browser.phone_positions import game_at_expand_attack

pytestmark = pytest.mark.django_db

ES = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

MOVE_PANEL_ENGLISH = [
    "Your move",
    "Expand into an empty territory",
    "Keep attacking until taken",
    "Stop attacking",
    "End attacks and the turn",
    "Players",
    "Face-up cards",
    "Game log",
    "Coin cards left",
    "Missile window",
    "Choose…",
]


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A request leaves its language active in the test's thread: undo it, so a later test
    that reads words outside a request does not get Spanish."""
    yield
    translation.deactivate()


def _url(name: str, game: DigitalGame) -> str:
    return reverse(f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk})


def _text(html: str) -> str:
    """The visible words of a page or a panel: tags, scripts and JSON data left out."""
    html = re.sub(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture
def game(campaign, owner, persons) -> DigitalGame:
    """The owner's seat 0 to act in its expand-and-attack step, against two bots; its moves
    made in English."""
    with translation.override("en"):
        return game_at_expand_attack(campaign, owner, persons)


def test_the_new_game_page_in_spanish(owner_client, campaign):
    response = owner_client.get(
        reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug}), **ES
    )
    assert response.status_code == 200
    assert '<html lang="es"' in response.content.decode()
    text = _text(response.content.decode())
    for words in [
        "Empezar una partida digital",
        "Sienta de 3 a 5 jugadores",
        "Asiento",
        "Jugado por",
        "Su propio navegador",
        "Por turnos (este navegador)",
        "— un bot nuevo —",
        "Empezar la partida",
        "Aún no hay ninguna partida digital.",
    ]:
        assert words in text, words
    for words in [
        "Start a digital game",
        "Played by",
        "Own browser",
        "a new bot",
        "Start the game",
    ]:
        assert words not in text, words


def test_a_game_page_in_the_middle_of_a_turn_in_spanish(owner_client, game):
    response = owner_client.get(_url("digital_game", game), **ES)
    assert response.status_code == 200
    text = _text(response.content.decode())
    for words in [
        "Te toca",
        "Expandir y atacar",  # the phase
        "Expándete a un territorio vacío",
        "Expandirse",
        "Desde",
        "Hasta",
        "Tropas",
        "Terminar los ataques y el turno",
        "Jugadores",
        "Tus cartas",
        "Cartas cara arriba",
        "Cartas de moneda restantes",
        "Registro de la partida",
        "Dados",
        "Cómo se comprueban los dados",
        "Abandonar esta partida",
    ]:
        assert words in text, words
    for words in MOVE_PANEL_ENGLISH:
        assert words not in text, words


def test_the_same_page_stays_english_for_an_english_browser(owner_client, game):
    text = _text(owner_client.get(_url("digital_game", game), **EN).content.decode())
    for words in ["Your move", "Expand into an empty territory", "End attacks and the turn"]:
        assert words in text, words
    assert "Te toca" not in text


def test_a_move_posted_from_the_spanish_page_answers_in_spanish(owner_client, game):
    state = game.game_state()
    option = next(o for o in legal_move_options(state, 0) if o.move.type == "end_turn")
    data = {"seat": 0, "version": game.version, **option.move.to_json()}
    response = owner_client.post(_url("digital_game_move", game), data, **ES)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version > data["version"]
    text = _text(response.content.decode())
    assert "Registro de la partida" in text
    assert "Game log" not in text
    # The same form again, on the version the page no longer shows: refused, in Spanish.
    stale = owner_client.post(_url("digital_game_move", game), data, **ES)
    assert stale.status_code == 409
    stale_text = _text(stale.content.decode())
    assert "La partida ha avanzado desde que se dibujó tu página" in stale_text
    assert "moved on" not in stale_text


def test_the_log_reads_in_the_readers_language_whoever_made_the_move(owner_client, game):
    """The game was played in English (no request): each move keeps its events as facts (no
    sentence), and a Spanish reader gets them as the engine words them in Spanish, an English
    one in English (S-6, the first roll for the order of choice)."""
    first = GameMove.objects.filter(game=game).order_by("index").first()
    event = first.events[0]
    assert isinstance(event["text"], dict) and "$msg" in event["text"]
    start = game.initial_game_state()
    worded = {}
    for code in ("en", "es"):
        with translation.override(code):
            _after, events = apply_move(start, first.seat, move_from_json(first.move))
            log = digital_game_log(game=game)
            worded[code] = str(events[0].text)  # an event is worded when it is read
        assert log[-1].event["text"] == worded[code]
        assert [line.event["type"] for line in log] == [
            e["type"]
            for m in GameMove.objects.filter(game=game).order_by("-index")
            for e in reversed(m.events)
        ]
    assert worded["es"] != worded["en"]
    page = owner_client.get(_url("digital_game_log", game), **ES).content.decode()
    assert escape(worded["es"]) in page
    assert escape(worded["en"]) not in page


def test_a_move_made_in_spanish_keeps_the_same_record_and_reads_in_english(owner_client, game):
    """A Spanish player's move is recorded as the same facts an English player's would be, and
    an English reader gets the words the engine writes in English, not the mover's."""
    state = game.game_state()
    option = next(o for o in legal_move_options(state, 0) if o.move.type == "end_turn")
    before = game.version
    owner_client.post(
        _url("digital_game_move", game),
        {"seat": 0, "version": before, **option.move.to_json()},
        **ES,
    )
    moved = GameMove.objects.get(game=game, index=before)
    with translation.override("en"):
        _after, expected = apply_move(state, 0, option.move)
        english = [
            line.event["text"] for line in digital_game_log(game=game) if line.index == before
        ]
        worded = [str(e.text) for e in reversed(expected)]  # worded when read, in English
    assert moved.events == [e.to_json() for e in expected]
    assert english == worded


def test_the_end_of_a_game_and_its_rewards_in_spanish(owner_client, campaign, owner):
    with translation.override("en"):
        game = digital_game_start(
            campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4, seed=3
        )
    assert game.status == DigitalGame.Status.REWARDS
    text = _text(owner_client.get(_url("digital_game", game), **ES).content.decode())
    for words in [
        "La partida ha terminado: elegid las recompensas",
        "Resultado",
        "Ganó",
        "Se mantuvo",
        "la recompensa del ganador",
        "El bot toma",
        "Anotar la partida y cambiar el mundo",
        "Comprobar cada dado",
    ]:
        assert words in text, words
    for words in ["The game is over", "Held on", "The bot takes", "Record the game"]:
        assert words not in text, words
