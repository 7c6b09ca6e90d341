"""Records stored before words were kept as data (issue 18) are migrated into the new form
(`campaign/migrations/0011_words_as_data.py`) and read in each reader's language: a digital
game's log (each line in English with its words per language beside it), its state and a
world's reasons (English sentences); the dice check still agrees after the migration. An export
made before imports into the new form. What a person typed stays as typed."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps
from django.utils import translation
from django.utils.html import escape

from campaign.models import EventSource, GameLog, PackUnlock, WorldEventRecord
from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.selectors.dice import digital_game_dice_check
from campaign.selectors.digital import digital_game_log
from campaign.services.digital.start import SeatRequest, digital_game_start
from campaign.services.export import campaign_export, campaign_import
from campaign.services.world import world_event_append
from campaign.wording import reason_words
from rules.unlocks import ordinal, supply_words
from rules.words import gettext, worded
from rules.world_events import PackOpened

pytestmark = pytest.mark.django_db

MIGRATION = import_module("campaign.migrations.0011_words_as_data")


def _migrate() -> None:
    MIGRATION.forward(apps, None)


def _sentences(value, code="en"):
    """JSON as it was stored before: every message a sentence in `code`."""
    with translation.override(code):
        return worded(value)


def _old_event(event: dict) -> dict:
    """An event as `digital_words` stored it: its English sentence, and per language the text
    and every field whose words differ between languages."""
    english, spanish = _sentences(event, "en"), _sentences(event, "es")
    differing = {k for k in english if k == "text" or english[k] != spanish[k]}
    return {
        **english,
        "words": {
            "en": {k: english[k] for k in differing},
            "es": {k: spanish[k] for k in differing},
        },
    }


def _log(game: DigitalGame, code: str) -> list[str]:
    with translation.override(code):
        return [line.event["text"] for line in digital_game_log(game=game)]


def test_a_bot_game_stored_before_reads_in_both_languages_and_its_dice_still_check_DESIGN(
    campaign, owner
):
    game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 4
    )
    assert game.status == DigitalGame.Status.REWARDS
    expected = {code: _log(game, code) for code in ("en", "es")}
    assert expected["en"] != expected["es"]
    for move in GameMove.objects.filter(game=game):
        move.events = [_old_event(e) for e in move.events]
        move.save(update_fields=["events"])
    game.state, game.initial_state = _sentences(game.state), _sentences(game.initial_state)
    game.save(update_fields=["state", "initial_state"])
    old = GameMove.objects.filter(game=game).order_by("index").first().events[0]
    assert isinstance(old["text"], str) and "words" in old

    _migrate()

    migrated = GameMove.objects.filter(game=game).order_by("index").first().events[0]
    assert "words" not in migrated and "$msg" in migrated["text"]
    assert _log(game, "en") == expected["en"]
    assert _log(game, "es") == expected["es"]
    game.refresh_from_db()
    assert digital_game_dice_check(game=game).ok


def test_a_pack_reason_stored_as_an_english_sentence_reads_in_spanish_after_the_migration_U1(
    campaign, owner, viewer_client
):
    with translation.override("en"):
        reason = gettext(
            "%(person)s signed the victors' section for the %(nth)s time in game %(game)s"
        ) % {"person": "Ana", "nth": ordinal(2, feminine=True), "game": 3}
        world_event_append(
            campaign=campaign,
            events=[PackOpened("pack_1", 3, reason)],
            user=owner,
            source=EventSource.LOG,
        )
    record = WorldEventRecord.objects.get(campaign=campaign, kind="pack_opened")
    record.payload = _sentences(record.payload)  # as stored before: the English sentence
    record.save(update_fields=["payload"])
    PackUnlock.objects.create(campaign=campaign, pack="pack_1", game_number=3, reason=str(reason))
    assert record.payload["reason"] == "Ana signed the victors' section for the 2nd time in game 3"

    _migrate()

    record.refresh_from_db()
    assert isinstance(record.payload["reason"], dict)
    page = viewer_client.get(f"/campaigns/{campaign.slug}/packs/", HTTP_ACCEPT_LANGUAGE="es")
    assert "Ana firmó la sección de victorias por 2.ª vez en la partida 3" in page.content.decode()
    page = viewer_client.get(f"/campaigns/{campaign.slug}/packs/", HTTP_ACCEPT_LANGUAGE="en")
    assert escape("Ana signed the victors' section for the 2nd time in game 3") in (
        page.content.decode()
    )
    unlock = PackUnlock.objects.get(campaign=campaign, pack="pack_1")
    with translation.override("es"):
        assert reason_words(unlock.reason).startswith("Ana firmó")


def test_a_refusal_an_owner_accepted_reads_in_spanish_and_the_typed_reason_stays(campaign):
    with translation.override("en"):
        message = gettext("the last %(supply)s mark was used in game %(game)s") % {
            "supply": supply_words("minor_city"),
            "game": 1,
        }
    typed = "We voted: the Khan players were bored"
    log = GameLog.objects.create(
        campaign=campaign,
        game_number=1,
        entry={},
        first_seq=1,
        last_seq=1,
        override_reason=typed,
        overridden=[{"field": "x", "code": "c", "message": str(message), "rule": "U-2"}],
    )

    _migrate()

    log.refresh_from_db()
    assert log.override_reason == typed
    with translation.override("es"):
        assert worded(log.overridden[0]["message"]) == (
            "se usó la última marca de Ciudad Menor en la partida 1"
        )


def test_an_export_made_before_imports_and_reads_in_both_languages_U1(campaign, owner, client):
    with translation.override("en"):
        reason = gettext("the last %(supply)s mark was used in game %(game)s") % {
            "supply": supply_words("minor_city"),
            "game": 1,
        }
        world_event_append(
            campaign=campaign,
            events=[PackOpened("pack_1", 1, reason)],
            user=owner,
            source=EventSource.LOG,
            override_reason="opened early for this test",
        )
    document = _sentences(campaign_export(campaign=campaign))  # as exported before
    for person in document["persons"]:
        person["user"] = None
    opened = next(e for e in document["events"] if e["kind"] == "pack_opened")
    assert opened["payload"]["reason"] == "the last minor city mark was used in game 1"

    imported = campaign_import(document=document, owner=owner)

    record = WorldEventRecord.objects.get(campaign=imported, kind="pack_opened")
    assert isinstance(record.payload["reason"], dict)
    client.force_login(owner)
    url = f"/campaigns/{imported.slug}/packs/"
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "se usó la última marca de Ciudad Menor en la partida 1" in spanish
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the last minor city mark was used in game 1" in english


def test_a_correction_stored_before_keeps_the_owners_words_and_reads_in_spanish():
    from campaign.migrations._old_words import payload_kept

    payload = payload_kept(
        "events_voided", {"seqs": [3], "reason": "Correction of game 2: Cairo was a misprint"}
    )
    assert payload["reason"]["params"]["reason"] == "Cairo was a misprint"  # as typed
    with translation.override("es"):
        assert worded(payload["reason"]) == "Corrección de la partida 2: Cairo was a misprint"
