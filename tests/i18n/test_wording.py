"""Words kept as data, worded when read (issue 18): why a pack opened (U-1), a line of a digital
game's log, a refusal an owner accepted are stored as a message and its blanks (keys, numbers,
the names people typed), never as a sentence, and each reader gets them in their language;
what a person typed stays as typed."""

from __future__ import annotations

import json

import pytest
from django.utils import translation
from django.utils.html import escape

from campaign.services.game_log.record import game_log
from campaign.services.pack_by_hand import hand_reason
from campaign.services.world import world_event_append
from campaign.wording import reason_text, reason_words, worded
from rules.names import territory
from rules.unlocks import ordinal, supply_words
from rules.words import encode, gettext, ngettext
from rules.world_events import PackOpened, ScarPlaced
from tests.campaign.log.factories import three_player_entry


def _stored(value):
    """`value` as a record keeps it: JSON, read back."""
    return json.loads(json.dumps(encode(value)))


def test_a_pack_reason_made_in_english_reads_in_spanish_with_its_ordinal_U1():
    with translation.override("en"):
        reason = gettext(
            "%(person)s signed the victors' section for the %(nth)s time in game %(game)s"
        ) % {"person": "Ana", "nth": ordinal(2, feminine=True), "game": 3}
        assert reason == "Ana signed the victors' section for the 2nd time in game 3"
    stored = _stored(reason)
    assert "signed the victors' section for the 2nd" not in json.dumps(stored)
    with translation.override("es"):
        assert worded(stored) == "Ana firmó la sección de victorias por 2.ª vez en la partida 3"
    with translation.override("en"):
        assert worded(stored) == "Ana signed the victors' section for the 2nd time in game 3"


def test_a_log_line_made_in_spanish_reads_in_english_with_the_territory_named_in_english():
    with translation.override("es"):
        line = gettext("%(player)s takes the %(territory)s card from slot %(slot)s") % {
            "player": "Bot 1",
            "territory": territory("northern_europe"),
            "slot": 1,
        }
        assert "Europa del Norte" in line and "Bot 1" in line
    stored = _stored(line)
    with translation.override("en"):
        assert worded(stored) == "Bot 1 takes the Northern Europe card from slot 1"


def test_a_plural_is_worded_by_the_readers_count_rules():
    with translation.override("en"):
        made = ngettext("%(count)s troop", "%(count)s troops", 1) % {"count": 1}
    with translation.override("es"):
        assert worded(_stored(made)) == "1 tropa"


def test_what_a_person_typed_is_left_as_typed():
    typed = "We voted: the Khan players were bored"
    with translation.override("es"):
        assert worded(typed) == typed
        assert reason_words(typed) == typed
        assert reason_words("{not json") == "{not json"
        assert worded("") == ""


@pytest.mark.django_db
def test_the_world_page_tells_why_a_pack_opened_in_the_readers_language_U1(
    campaign, owner, viewer_client
):
    with translation.override("en"):  # logged by someone reading in English
        reason = gettext("the last %(supply)s mark was used in game %(game)s") % {
            "supply": supply_words("minor_city"),
            "game": 1,
        }
        world_event_append(
            campaign=campaign,
            events=[PackOpened("pack_1", 1, reason)],
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
    with translation.override("es"):  # the owner reads in Spanish: the record holds no sentence
        stored = reason_text(hand_reason("vote", "we all agreed"))
        assert "abierto" not in stored and "we all agreed" in stored
        assert reason_words(stored) == (
            "abierto a mano por el propietario, el grupo votó abrirlo: we all agreed"
        )
    with translation.override("en"):
        assert reason_words(stored) == (
            "opened by the owner's hand, the group voted to open it: we all agreed"
        )


@pytest.mark.django_db
def test_a_refusal_an_owner_accepted_in_spanish_reads_in_english_on_the_game_page_S7(
    campaign, owner, persons, viewer_client
):
    world_event_append(
        campaign=campaign,
        events=[ScarPlaced("peru", "territory", "bunker", None, 0)],
        user=owner,
        source="setup",
    )
    with translation.override("es"):  # the owner reads in Spanish
        log = game_log(
            campaign=campaign,
            user=owner,
            entry=three_player_entry(persons),
            override_reason="Se cayó la pegatina.",
        )
    stored = log.overridden[0]["message"]
    assert isinstance(stored, dict) and "$msg" in stored  # the refusal kept as data
    with translation.override("en"):
        english = worded(stored)
    with translation.override("es"):
        spanish = worded(stored)
    assert english != spanish and "Peru" in english and "Perú" in spanish
    url = f"/campaigns/{campaign.slug}/history/games/1/"
    page = viewer_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert escape(english) in page and "Se cayó la pegatina." in page
    page = viewer_client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert escape(spanish) in page
