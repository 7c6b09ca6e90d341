"""Logging a table game in Spanish (issue 14): every step of the log form, its labels, help,
choices, the campaign layer's refusals and the confirmation come out in the reader's language,
and English readers still get the English words."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from campaign.services.world import world_event_append
from rules.world_events import CityFounded
from tests.campaign.log.pack_entries import packs_1_and_2_opened
from tests.campaign.log.test_pack_content_form import (
    DRAFT,
    DURING,
    OUTCOME,
    PACKS,
    REWARDS,
    _players,
    _step,
)

pytestmark = pytest.mark.django_db


def _spanish(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "es"
    return client


def _check(page: str, spanish: list[str], english: list[str]) -> None:
    for words in spanish:
        assert words in page, words
    for words in english:
        assert words not in page and escape(words) not in page, words


def test_the_log_form_speaks_spanish_on_every_step(campaign, owner, persons, player_client):
    client = _spanish(player_client)
    packs_1_and_2_opened(campaign, owner, persons)

    players = client.get(_step(campaign, "players")).content.decode()
    _check(
        players,
        [
            "Anotar la partida 1",
            "1. Quién jugó",
            "Jugada el",
            "Territorio inicial (CG)",
            "Nombre del invitado",
            "Eliminada por",
            "Cartas de draft",
            "Un invitado (nombre abajo)",
            "no anotado (nadie se acuerda)",
            "No se guarda nada en la campaña hasta que confirmes en el último paso.",
            "Siguiente",
            "Descartar el borrador",
            "Las listas de abajo también sirven.",
        ],
        [
            "Log game 1",
            "Who played",
            "Played on",
            "Starting territory (HQ)",
            "Guest's name",
            "Eliminated by",
            "A guest (name below)",
            "not recorded (nobody remembers)",
            "Nothing is saved to the campaign",
            "Discard draft",
        ],
    )
    # The form's own checks, in Spanish.
    nameless = client.post(
        _step(campaign, "players"), _players(persons, p2_person="__guest__", **DRAFT)
    )
    assert nameless.status_code == 200
    assert nameless.context["form"].errors["p2_guest"] == ["Escribe el nombre del invitado."]
    assert client.post(_step(campaign, "players"), _players(persons, **DRAFT)).status_code == 302

    during = client.get(_step(campaign, "during")).content.decode()
    _check(
        during,
        [
            "Durante la partida",
            "Carta de cicatriz 1",
            "Colocada en",
            "Fortificación desgastada 1",
            "Casillas marcadas",
            "(Bolsillo 1) <a",  # its rule after the words
            "nadie en concreto",
            "Atrás",
        ],
        ["Scar card", "Placed on", "Boxes marked", "Fortification worn", "nobody in particular"],
    )
    assert client.post(_step(campaign, "during"), DURING).status_code == 302

    outcome = client.get(_step(campaign, "outcome")).content.decode()
    _check(
        outcome,
        [
            "Cómo terminó",
            "Ganador",
            "tenía tropas en el tablero al final",
            "controlaba al final",
            "Mantén pulsado Ctrl",
        ],
        ["Winner", "had troops on the board", "held at the end", "Hold Ctrl"],
    )
    assert client.post(_step(campaign, "outcome"), OUTCOME).status_code == 302

    packs = client.get(_step(campaign, "packs")).content.decode()
    _check(
        packs,
        [
            "Lo que trajeron los paquetes",
            "Cartas de Evento que se jugaron (E-7)",
            "Carta de Evento 1",
            "Elegida por",
            "nadie (una carta sin elección)",
            "Robada, pero nadie eligió: un empate anula el evento.",
            "Poderes de regreso elegidos (X-15)",
        ],
        [
            "What the packs brought",
            "Event cards that fired",
            "Chosen by",
            "nobody (a card without a choice)",
            "Drawn, but nobody chose",
            "Comeback powers chosen",
        ],
    )
    assert client.post(_step(campaign, "packs"), PACKS).status_code == 302

    rewards = client.get(_step(campaign, "rewards")).content.decode()
    _check(
        rewards,
        [
            "Firma y recompensas",
            "El ganador firma (",
            "Firmado el",
            "La recompensa del ganador (END-5)",
            "Solo aparecen las recompensas cuyas piezas quedan",
            "tras el ganador: ",
            "se mantuvo (END-6)",
            "Nombre de la Ciudad Menor (H1)",
        ],
        ["The winner signs", "Signed on", "The winner's reward", "after the winner"],
    )
    assert client.post(_step(campaign, "rewards"), REWARDS).status_code == 302

    confirm = client.get(_step(campaign, "confirm")).content.decode()
    _check(
        confirm,
        [
            "Revisar y confirmar",
            "Lo que se escribirá",
            "Lo que sigue",
            "queda eliminada por",
            "firma la sección de victorias: su 1.ª firma",
            "Lo que queda después en la hoja de etiquetas: ciudades menores: 7 de 9 "
            "(1 usada en esta partida)",
        ],
        ["Check and confirm", "What will be written", "What follows", "Sticker sheet"],
    )
    done = client.post(_step(campaign, "confirm"), {"confirm": "1"}, follow=True)
    assert "La partida 1 está anotada." in done.content.decode()


def test_a_refusal_of_the_campaign_layer_comes_out_in_spanish_S7(
    campaign, owner, persons, player_client, client_for, player
):
    world_event_append(
        campaign=campaign,
        events=[CityFounded("egypt", "minor", "Cairo", persons["owner"].key, 0)],
        user=owner,
        source="setup",
    )
    spanish = _spanish(player_client).post(_step(campaign, "players"), _players(persons))
    assert spanish.status_code == 200
    [error] = spanish.context["form"].errors["p1_start"]
    assert error.endswith("tiene la Ciudad Menor Cairo; nadie empieza ahí. (S-7)")
    english = client_for(player).post(_step(campaign, "players"), _players(persons))
    assert english.context["form"].errors["p1_start"] == [
        "Egypt holds the minor city Cairo; nobody starts there. (S-7)"
    ]


def test_moving_an_hq_without_its_power_is_refused_in_spanish_G18(
    campaign, owner, persons, player_client
):
    client = _spanish(player_client)
    packs_1_and_2_opened(campaign, owner, persons)
    client.post(_step(campaign, "players"), _players(persons, **DRAFT))
    client.post(_step(campaign, "during"), {})
    client.post(_step(campaign, "outcome"), OUTCOME)
    moves = {"mv0_faction": "khan_industries", "mv0_origin": "egypt", "mv0_target": "east_africa"}
    response = client.post(_step(campaign, "packs"), moves)
    assert response.status_code == 200
    [error] = response.context["form"].errors["mv0_faction"]
    assert "el único poder que mueve un CG; sin él los CG nunca se mueven. (G-18)" in error
    assert "the one power" not in error
