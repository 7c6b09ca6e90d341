"""Sentences stored in the writer's language read in the reader's (issue 14): why a pack opened
(U-1), a line of a digital game's log; what a person typed stays as typed."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaign.services.pack_by_hand import hand_reason
from campaign.services.world import world_event_append
from campaign.stored_words import in_reader_words
from rules.world_events import PackOpened


def test_a_pack_reason_stored_in_english_reads_in_spanish_with_its_ordinal_U1():
    stored = "Ana signed the victors' section for the 2nd time in game 3"
    with translation.override("es"):
        assert in_reader_words(stored) == (
            "Ana firmó la sección de victorias por 2.ª vez en la partida 3"
        )
    with translation.override("en"):
        assert in_reader_words(stored) == stored


def test_a_log_line_stored_in_spanish_reads_in_english_with_the_territory_named_in_english():
    with translation.override("es"):
        line = in_reader_words("Bot 1 takes the Northern Europe card from slot 1")
    assert "Europa del Norte" in line and "Bot 1" in line
    with translation.override("en"):
        assert in_reader_words(line) == "Bot 1 takes the Northern Europe card from slot 1"


def test_what_a_person_typed_is_left_as_typed():
    typed = "We voted: the Khan players were bored"
    with translation.override("es"):
        assert in_reader_words(typed) == typed
        assert in_reader_words("") == ""


@pytest.mark.django_db
def test_the_world_page_tells_why_a_pack_opened_in_the_readers_language_U1(
    campaign, owner, viewer_client
):
    with translation.override("en"):  # logged by someone reading in English
        world_event_append(
            campaign=campaign,
            events=[PackOpened("pack_1", 1, "the last minor city mark was used in game 1")],
            user=owner,
            source="log",
            override_reason="opened early for this test",
        )
    page = viewer_client.get(f"/campaigns/{campaign.slug}/", HTTP_ACCEPT_LANGUAGE="es")
    text = page.content.decode()
    assert "se usó la última marca de Ciudad Menor en la partida 1" in text
    assert "the last minor city mark was used" not in text
    english = viewer_client.get(f"/campaigns/{campaign.slug}/packs/", HTTP_ACCEPT_LANGUAGE="en")
    assert "the last minor city mark was used in game 1" in english.content.decode()


def test_a_pack_opened_by_hand_keeps_the_owners_words_as_typed_U1():
    with translation.override("es"):  # the owner reads in Spanish: the record stays English
        stored = hand_reason("vote", "we all agreed")
        assert stored == "opened by the owner's hand, the group voted to open it: we all agreed"
        assert in_reader_words(stored) == (
            "abierto a mano por el propietario, el grupo votó abrirlo: we all agreed"
        )
