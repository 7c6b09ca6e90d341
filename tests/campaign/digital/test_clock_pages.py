"""Turn clocks on the pages: chosen on the new-game form, shown as an absolute time in the
reader's time zone (with a countdown for script to fill), vacation and taking back a seat from
the game page (with or without htmx), a page fetch past the deadline playing the turn when no
beat runs, and the log wording the bot's moves; in English and Spanish. DESIGN: deadlines are
rows; the clock is advanced by patching `timezone.now`."""

from __future__ import annotations

import datetime
import re
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import translation

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from tests.campaign.digital.conftest import DAY

ES = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.deactivate()


def _url(name: str, game: DigitalGame) -> str:
    return reverse(f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk})


def _text(html: str) -> str:
    html = re.sub(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_new_game_form_starts_a_game_with_a_turn_clock(owner_client, campaign, persons):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    page = owner_client.get(url).content.decode()
    assert 'name="clock"' in page and 'name="turn_hours"' in page and "Vacation days" in page
    response = owner_client.post(
        url,
        {
            "seat0_kind": "human",
            "seat0_person": persons["owner"].pk,
            "seat1_kind": "bot",
            "seat2_kind": "bot",
            "clock": "turn",
            "turn_hours": "48",
            "vacation_days": "3",
        },
    )
    assert response.status_code == 302
    game = DigitalGame.objects.get(campaign=campaign)
    assert (game.clock, game.turn_hours, game.vacation_days) == ("turn", 48, 3)
    assert game.turn_deadline is not None
    assert "48 hours a turn" in _text(owner_client.get(url).content.decode())  # the games list


def test_a_bad_clock_on_the_form_is_refused_in_words(owner_client, campaign, persons):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    response = owner_client.post(
        url,
        {"seat0_kind": "bot", "seat1_kind": "bot", "seat2_kind": "bot", "turn_hours": "5000"},
    )
    assert response.status_code == 400
    assert not DigitalGame.objects.exists()


def test_the_deadline_shows_in_the_readers_time_zone_with_a_countdown(owner_client, owners_turn):
    owner_client.cookies["tz"] = "America/New_York"  # what the browser's script says
    page = owner_client.get(_url("digital_game", owners_turn), **EN).content.decode()
    local = owners_turn.turn_deadline.astimezone(zoneinfo.ZoneInfo("America/New_York"))
    assert f'<time datetime="{local.isoformat()}">' in page
    assert local.strftime("%H:%M") in page and "America/New_York" in page
    assert 'class="deadline turn-clock" data-deadline=' in page
    text = _text(page)
    assert "the bot plays for them" in text
    assert "24 hours a turn" in text and "2 vacation days a week" in text
    assert "Lengthen this turn" in text  # the owner's turn: vacation is offered


def test_vacation_from_the_page_without_script(owner_client, player_client, owners_turn):
    deadline = owners_turn.turn_deadline
    response = owner_client.post(_url("digital_game_vacation", owners_turn), {"seat": 0, "days": 1})
    assert response.status_code == 302
    owners_turn.refresh_from_db()
    assert owners_turn.turn_deadline == deadline + DAY
    refused = player_client.post(_url("digital_game_vacation", owners_turn), {"seat": 0, "days": 1})
    assert refused.status_code == 302
    owners_turn.refresh_from_db()
    assert owners_turn.turn_deadline == deadline + DAY


def test_vacation_from_the_page_with_htmx_answers_the_panel(owner_client, owners_turn):
    response = owner_client.post(
        _url("digital_game_vacation", owners_turn), {"seat": 0, "days": 5}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400
    assert "You may take 1 to 2 vacation days" in response.content.decode()
    response = owner_client.post(
        _url("digital_game_vacation", owners_turn), {"seat": 0, "days": 2}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and 'id="game-panel"' in response.content.decode()
    assert "Lengthen this turn" not in response.content.decode()  # none left this week


def test_a_page_fetch_past_the_deadline_plays_the_turn_and_the_log_says_so(
    viewer_client, owners_turn, clock
):
    """The embedded default has no beat: the next fetch (anyone's) plays the overdue turn."""
    clock.advance(DAY + datetime.timedelta(seconds=1))
    url = _url("digital_game_panel", owners_turn)
    response = viewer_client.get(url, {"v": owners_turn.version})
    assert response.status_code == 200
    assert GameMove.objects.filter(game=owners_turn, seat=0, actor="timeout").exists()
    assert "time ran out: played for them" in response.content.decode()
    missed = GameSeat.objects.get(game=owners_turn, index=0).missed_turns
    assert missed >= 1
    shown = re.search(r"missed (\d+) turns? in a row", _text(response.content.decode()))
    assert shown and int(shown.group(1)) == missed


def test_a_seat_a_bot_stands_in_for_is_taken_back_from_the_page(owner_client, owners_turn):
    GameSeat.objects.filter(game=owners_turn, index=0).update(bot_stands_in=True, missed_turns=3)
    text = _text(owner_client.get(_url("digital_game", owners_turn)).content.decode())
    assert "A bot plays Olga" in text or "a bot stands in" in text
    assert "seat again" in text
    response = owner_client.post(_url("digital_game_seat_reclaim", owners_turn), {"seat": 0})
    assert response.status_code == 302
    seat = GameSeat.objects.get(game=owners_turn, index=0)
    assert not seat.bot_stands_in and seat.missed_turns == 0


def test_only_the_seats_person_takes_it_back(player_client, owners_turn):
    GameSeat.objects.filter(game=owners_turn, index=0).update(bot_stands_in=True)
    text = _text(player_client.get(_url("digital_game", owners_turn)).content.decode())
    assert "seat again" not in text
    player_client.post(_url("digital_game_seat_reclaim", owners_turn), {"seat": 0})
    assert GameSeat.objects.get(game=owners_turn, index=0).bot_stands_in


def test_the_clock_in_spanish(owner_client, owners_turn, clock):
    GameSeat.objects.filter(game=owners_turn, index=1).update(bot_stands_in=True, missed_turns=3)
    text = _text(owner_client.get(_url("digital_game", owners_turn), **ES).content.decode())
    for words in ["Reloj", "24 horas por turno", "2 días de vacaciones por semana", "el bot"]:
        assert words in text, words
    for words in ["Clock", "hours a turn", "vacation", "Lengthen this turn", "the bot plays"]:
        assert words not in text, words
    clock.advance(DAY + datetime.timedelta(seconds=1))
    text = _text(owner_client.get(_url("digital_game", owners_turn), **ES).content.decode())
    assert "se acabó el tiempo" in text
    assert "time ran out" not in text


def test_the_new_game_clock_fields_in_spanish(owner_client, campaign):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    text = _text(owner_client.get(url, **ES).content.decode())
    for words in ["Reloj", "Por turno", "Días de vacaciones por semana"]:
        assert words in text, words
    for words in ["Time for each turn", "Vacation days a week", "No clock"]:
        assert words not in text, words
