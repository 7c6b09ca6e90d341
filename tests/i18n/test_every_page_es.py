"""Every page of a campaign in Spanish (issue 14): a campaign with all four packs open, a log
form under way and a digital game a few moves in is walked page by page (every route of the
campaign's pages, from the URL patterns), read with a Spanish browser's Accept-Language; no
page holds English words of the service. Names the players chose stay as they wrote them, so
they are taken out first."""

from __future__ import annotations

import html
import re

import pytest

from campaign.forms.bring_in.steps import STEPS as BRING_IN_STEPS
from campaign.forms.game_log.steps import STEPS
from campaign.models import Invite, Membership
from campaign.views.guides import GUIDES
from rules.data import content
from tests.campaign.box_worlds import pack_4_opened
from tests.campaign.spoilers.walk import url_patterns, urls
from tests.campaign.under_way import hotseat_game_under_way, log_form_under_way
from tests.english_words import english_in

pytestmark = pytest.mark.django_db

SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es-ES,es;q=0.9"}
# What the players of the test campaign chose or typed: kept as written in every language.
CHOSEN = ("First blood", "Rio", "Cairo", "Nova Roma", "olga_owner", "pete_player", "vera_viewer")
HIDDEN = re.compile(r"<(script|style)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
SHOWN_ATTRIBUTES = re.compile(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"')
TAG = re.compile(r"<[^>]+>")


def _words(page: str) -> str:
    """What a reader sees or hears of a page: its text, and its tooltips and labels."""
    page = HIDDEN.sub(" ", page)
    said = "\n".join(SHOWN_ATTRIBUTES.findall(page))
    text = html.unescape(TAG.sub("\n", page) + "\n" + said)
    for chosen in CHOSEN:
        text = text.replace(chosen, "")
    return text


@pytest.fixture
def full_box(campaign, owner, persons, guest_person):
    """All four packs open after two games; a hot-seat digital game a few moves in."""
    campaign.name = "Mesa de los jueves"
    campaign.save(update_fields=["name"])
    guest_person.display_name = "Gustavo"
    guest_person.save(update_fields=["display_name"])
    pack_4_opened(campaign, owner, persons)
    game = hotseat_game_under_way(campaign, owner, persons, guest_person)
    Invite.objects.create(campaign=campaign, role="viewer", created_by=owner)
    return campaign, game


def _values(campaign, game) -> dict[str, list[object]]:
    invite = Invite.objects.filter(campaign=campaign).first()
    return {
        "slug": [campaign.slug],
        "number": [1, 2],
        "step": [*STEPS, "confirm", *(form.step for form in BRING_IN_STEPS)],
        "territory": ["egypt", "siberia", "alaska"],
        "faction": list(content().base_factions),
        "member_id": [Membership.objects.filter(campaign=campaign).last().pk],
        "invite_id": [invite.pk],
        "token": [invite.token],
        "game_id": [game.pk],
        "request_id": [999_999],  # a take-back request (none: answered as missing)
        "notice_id": [999_999],  # someone's notice (none: answered as missing)
        "pack": list(content().packs),
        "format": ["json"],
        "photo_id": [1],
        "message_id": [1],  # chat removals answer POST only
        "topic": list(GUIDES),
    }


def test_no_page_of_a_campaign_holds_english_for_a_spanish_reader(
    full_box, persons, owner, client_for
):
    campaign, game = full_box
    client = client_for(owner)
    session = client.session  # the hot-seat game is held by the owner's browser
    session.save()
    log_form_under_way(client, campaign, persons, **SPANISH)
    pages = [
        url
        for url in urls(_values(campaign, game))
        if not url.startswith("/api/") and "/export" not in url
    ]
    found, read = [], 0
    for url in pages:
        response = client.get(url, follow=True, **SPANISH)
        if "text/html" not in response.get("Content-Type", ""):
            continue
        read += 1
        found += [f"{url}: {hit}" for hit in english_in(_words(response.content.decode()))]
    assert read > 60, "the walk reached the campaign's pages"
    assert not found, "\n".join(found[:80])
    # The same reading of an English page finds its English: the check can fail.
    english = client.get(f"/campaigns/{campaign.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    assert len(english_in(_words(english.content.decode()))) > 20


def test_the_walk_reads_every_kind_of_campaign_page():
    names = {name for name, _ in url_patterns() if name.startswith("campaign:")}
    assert {"campaign:campaign_detail", "campaign:pack", "campaign:digital_game"} <= names
