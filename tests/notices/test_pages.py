"""The "waiting for you" list with its count on every page, reading and dismissing notices,
the notice settings, and the e-mails' unsubscribe link, which works signed out."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from notices.kinds import Delivery, Kind
from notices.mail import unsubscribe_token
from notices.models import Notice, NoticeSettings
from notices.services import notify

pytestmark = pytest.mark.django_db


def _count(html: str) -> str:
    found = re.search(r'<span class="badge notices-count"[^>]*>(\d+)</span>', html)
    return found.group(1) if found else ""


def test_every_page_shows_how_many_things_wait(table_game, owner_client, player_client):
    """After the start both people must act (S-1 roll for order): one each."""
    for client in (owner_client, player_client):
        for url in ("/", reverse("campaign:rules_reference"), reverse("accounts:preferences")):
            assert _count(client.get(url).content.decode()) == "1", url


def test_the_list_names_the_game_and_leads_to_it(table_game, owner_client):
    page = owner_client.get(reverse("notices:list")).content.decode()
    assert "Your turn in Ridgeway campaign, game 1." in page
    notice = Notice.objects.get(user__username="olga_owner")
    answer = owner_client.get(reverse("notices:open", args=[notice.pk]))
    assert answer.url == table_game.get_absolute_url()
    notice.refresh_from_db()
    assert notice.closed_at is None  # reading a turn does not play it


def test_someone_elses_notice_is_not_found(table_game, outsider_client):
    notice = Notice.objects.get(user__username="olga_owner")
    assert outsider_client.get(reverse("notices:open", args=[notice.pk])).status_code == 404
    answer = outsider_client.post(reverse("notices:dismiss", args=[notice.pk]))
    assert answer.status_code == 404


def test_a_game_over_is_dismissed_and_the_count_drops(campaign, table_game, owner, owner_client):
    notify(Kind.GAME_OVER, [owner], campaign=campaign, game=table_game, ref="over")
    assert _count(owner_client.get("/").content.decode()) == "2"
    over = Notice.objects.get(kind=Kind.GAME_OVER)
    owner_client.post(reverse("notices:dismiss", args=[over.pk]))
    assert _count(owner_client.get("/").content.decode()) == "1"
    owner_client.post(reverse("notices:clear"))  # the turn stays: it waits on them
    assert _count(owner_client.get("/").content.decode()) == "1"


def test_signed_out_visitors_see_no_count_and_no_list(anon_client):
    assert 'id="notices-link"' not in anon_client.get("/").content.decode()
    answer = anon_client.get(reverse("notices:list"))
    assert answer.status_code == 302 and "login" in answer.url


def test_a_pack_opened_tells_every_member_U1(
    campaign, owner, player, viewer, persons, django_capture_on_commit_callbacks
):
    from campaign.services.game_log.record import game_log
    from tests.campaign.log.factories import three_player_entry

    with django_capture_on_commit_callbacks(execute=True):
        game_log(campaign=campaign, user=owner, entry=three_player_entry(persons))
    opened = Notice.objects.filter(kind=Kind.PACK_OPENED, params__pack="pack_2")
    assert {n.user for n in opened} == {owner, player, viewer}
    assert len(mail.outbox) == 3
    assert "A pack opened in Ridgeway campaign: Pack 2." in mail.outbox[0].body


def test_settings_choose_each_kind(owner_client, owner):
    page = owner_client.get(reverse("accounts:preferences")).content.decode()
    assert 'name="notices-turn"' in page
    answer = owner_client.post(
        reverse("accounts:preferences"),
        {
            "language": "",
            "time_zone": "",
            "notices-turn": "site",
            "notices-decision": "email",
            "notices-deadline": "off",
            "notices-game_over": "email",
            "notices-pack_opened": "off",
        },
    )
    assert answer.status_code == 302
    chosen = NoticeSettings.objects.get(user=owner)
    assert (chosen.turn, chosen.decision, chosen.deadline, chosen.pack_opened) == (
        "site",
        "email",
        "off",
        "off",
    )


def test_a_bad_choice_is_refused_in_plain_words_and_nothing_changes(owner_client, owner):
    answer = owner_client.post(
        reverse("accounts:preferences"),
        {"language": "es", "time_zone": "", "notices-turn": "pigeon"},
    )
    assert answer.status_code == 200
    assert "Choose e-mail, site only or off." in answer.content.decode()
    assert not NoticeSettings.objects.filter(user=owner).exclude(turn="email").exists()
    assert owner.preferences.language == ""


def test_unsubscribe_works_signed_out_and_asks_first(anon_client, player):
    link = reverse(
        "notices:unsubscribe",
        args=[unsubscribe_token(user_id=player.pk, kinds=[Kind.TURN, Kind.GAME_OVER])],
    )
    page = anon_client.get(link)  # a link checker's visit stops nothing
    assert page.status_code == 200 and "Stop these e-mails" in page.content.decode()
    assert not NoticeSettings.objects.filter(user=player).exists()
    # A mail program's one-click request (RFC 8058) or the page's button.
    done = anon_client.post(link, {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200
    chosen = NoticeSettings.objects.get(user=player)
    assert (chosen.turn, chosen.game_over) == (Delivery.SITE, Delivery.SITE)
    assert chosen.pack_opened == Delivery.EMAIL  # only the kinds of that e-mail


def test_a_forged_unsubscribe_link_changes_nothing(anon_client, player):
    token = unsubscribe_token(user_id=player.pk, kinds=[Kind.TURN])
    forged = token.replace(token.split(":")[0], "eyJ1Ijo5OTksImsiOlsidHVybiJdfQ")
    for bad in (forged, "nonsense"):
        link = reverse("notices:unsubscribe", args=[bad])
        assert anon_client.get(link).status_code == 400
        answer = anon_client.post(link)
        assert answer.status_code == 400 and "not valid" in answer.content.decode()
    assert not NoticeSettings.objects.exists()


def test_the_emailed_link_stops_that_email(table_game, anon_client, owner):
    link = re.search(r"http://localhost:8000(/notices/stop/\S+)", mail.outbox[0].body).group(1)
    anon_client.post(link)
    assert NoticeSettings.objects.get(user=owner).turn == Delivery.SITE


def test_opening_a_finished_games_page_reads_its_game_over_END1(
    campaign, table_game, owner, owner_client
):
    notify(Kind.GAME_OVER, [owner], campaign=campaign, game=table_game, ref="over")
    table_game.status = table_game.Status.ABANDONED
    table_game.save(update_fields=["status"])
    assert owner_client.get(table_game.get_absolute_url()).status_code == 200
    assert Notice.objects.get(kind=Kind.GAME_OVER).closed_at is not None
