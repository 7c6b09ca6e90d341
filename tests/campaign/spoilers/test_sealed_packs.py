"""U-8: a campaign never reads a word of a pack it has not opened, on any page or API response
that its owner, players, viewers or (when public) anonymous readers can reach.

A campaign with a varied world (games logged, cities, scars, a digital game under way, a log
form in progress) is walked URL by URL, every route taken from the URL patterns; only the API
schema and its docs are left out, and they carry a spoiler warning instead. Then Pack 1 alone is
opened: its content shows on its pages while nothing of Pack 2 shows anywhere.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from campaign.forms.bring_in.steps import STEPS as BRING_IN_STEPS
from campaign.forms.game_log.steps import STEPS
from campaign.models import Invite, Membership
from campaign.services.world import world_event_append
from campaign.views.guides import GUIDES
from rules import box
from rules.data import board, content
from rules.world_events import PackOpened
from rules.world_events.missions import MissionClaimed, SeaLineAdded
from rules.world_events.pack_cards import EventResolved
from tests.campaign.box_worlds import pack_1_opened
from tests.campaign.log.factories import three_player_entry, with_player
from tests.campaign.spoilers.walk import spoilers_in, url_patterns, urls
from tests.campaign.under_way import log_form_under_way

pytestmark = pytest.mark.django_db

ALL_PACKS = tuple(content().pack_contents)
READERS = ("owner", "player", "viewer", "anonymous")
QUERIES = ("", "?look=1&game=1")  # a pack page's contents; the world as of game 1
LOG_STEPS = (*STEPS, "confirm")  # every step of the log form, the packs step included


def _values(campaign, game) -> dict[str, list[object]]:
    """A value for every URL argument, from the campaign under test; territories: a scarred
    one, a city and an untouched one, the pockets' fallout and island end, and Alien Island
    itself; every faction and pack, and one unknown pack."""
    world_territories = ["siberia", "egypt", "greenland", "ukraine", "brazil", "alien_island"]
    assert all(board().knows(t) for t in world_territories)
    invite = Invite.objects.filter(campaign=campaign).first()
    return {
        "slug": [campaign.slug],
        "number": [1],
        "step": [*LOG_STEPS, *(form.step for form in BRING_IN_STEPS)],
        "territory": world_territories,
        "faction": list(content().factions),
        "member_id": [Membership.objects.filter(campaign=campaign).last().pk],
        "invite_id": [invite.pk],
        "token": [invite.token],
        "game_id": [game.pk],
        "request_id": [999_999],  # a take-back request (none: answered as missing)
        "notice_id": [999_999],  # someone's notice (none: answered as missing)
        "pack": [*content().packs, "no_such_pack"],
        "format": ["json"],
        "photo_id": [1],  # the campaign has no photo: the page answers as for a missing one
        "message_id": [1],  # chat removals answer POST only
        "topic": [*GUIDES, "no_such_guide"],
    }


def _clients(client_for, owner, player, viewer) -> dict[str, Client]:
    clients = {
        "owner": client_for(owner),
        "player": client_for(player),
        "viewer": client_for(viewer),
        "anonymous": Client(),
    }
    session = clients["owner"].session  # the hot-seat game is held by the owner's browser
    session.save()
    return clients


def _walk(clients: dict[str, Client], values, packs: tuple[str, ...]) -> dict[str, int]:
    """Every URL for every reader (query variants for the owner); returns the final status
    codes seen, and fails on any spoiler."""
    leaks: list[str] = []
    seen: dict[str, int] = {}
    all_urls = list(urls(values))
    for reader, client in clients.items():
        for url in all_urls:
            for query in QUERIES if reader == "owner" else ("",):
                # Redirects are followed: where a page sends a reader is read too.
                response = client.get(
                    url + query, HTTP_ACCEPT="text/html,application/json", follow=True
                )
                seen[f"{reader} {url}{query}"] = response.status_code
                body = response.content.decode(errors="replace")
                leaks += [f"{reader} {url}{query}: {hit}" for hit in spoilers_in(body, packs)]
    assert not leaks, "\n".join(leaks)
    return seen


def test_the_walk_covers_every_route_of_the_campaign_pages_and_api():
    names = {name for name, _ in url_patterns()}
    assert {"campaign:campaign_detail", "campaign:pack", "campaign:rules_help"} <= names
    assert {"api:world", "api:pack", "api:history-stats", "api:game-state"} <= names


def test_no_page_or_api_response_names_a_sealed_pack_U8(
    varied, persons, owner, player, viewer, client_for
):
    campaign, game = varied
    clients = _clients(client_for, owner, player, viewer)
    log_form_under_way(clients["owner"], campaign, persons)

    seen = _walk(clients, _values(campaign, game), ALL_PACKS)

    ok = [key for key, code in seen.items() if code == 200]
    assert len(ok) > 100  # the walk reached the pages, not only refusals
    assert seen[f"owner /campaigns/{campaign.slug}/log/during/"] == 200
    assert seen[f"anonymous /campaigns/{campaign.slug}/"] == 200
    for pack in content().packs:
        assert seen[f"owner /campaigns/{campaign.slug}/packs/{pack}/?look=1&game=1"] == 404


def test_with_pack_1_open_nothing_of_packs_2_to_4_shows_but_pack_1_does_U8(
    varied, persons, owner, player, viewer, client_for
):
    campaign, game = varied
    pack_1_opened(campaign, owner, persons)
    clients = _clients(client_for, owner, player, viewer)
    log_form_under_way(clients["owner"], campaign, persons)

    seen = _walk(clients, _values(campaign, game), ("pack_2", "pack_3", "pack_4"))

    assert seen[f"anonymous /campaigns/{campaign.slug}/packs/pack_1/"] == 200
    # The log form's packs step is shown, not skipped, now that the box holds event cards.
    packs_step = clients["owner"].get(f"/campaigns/{campaign.slug}/log/packs/")
    assert packs_step.status_code == 200
    assert spoilers_in(packs_step.content.decode(), ("pack_1",))
    assert seen[f"owner /campaigns/{campaign.slug}/packs/pack_2/?look=1&game=1"] == 404
    inside = clients["anonymous"].get(f"/campaigns/{campaign.slug}/packs/pack_1/?look=1")
    page = inside.content.decode()
    assert not spoilers_in(page, ("pack_2", "pack_3", "pack_4"))
    assert len(spoilers_in(page, ("pack_1",))) == len(box.spoiler_terms("pack_1"))
    assert seen[f"anonymous /campaigns/{campaign.slug}/missions/"] == 404


def test_with_packs_1_to_3_open_nothing_of_pack_4_shows_but_missions_do_U8(
    varied, persons, owner, player, viewer, client_for
):
    """Missions claimed (one placing a sea line), Join the Cause resolved, homelands on the
    faction cards; the World Capital's pack stays sealed, and so does everything it holds."""
    campaign, game = varied
    pack_1_opened(campaign, owner, persons)
    who = persons["player"].key
    world_event_append(
        campaign=campaign,
        events=[
            PackOpened("pack_2", 1, "a faction was eliminated in game 1"),
            PackOpened("pack_3", 1, "a second signature in game 1"),
            MissionClaimed(1, "D115", who),
            SeaLineAdded("greenland", "japan", who, 1),
            MissionClaimed(1, "D121s", who),
            EventResolved(1, "D111", "troops", who, territories=("egypt", "egypt", "egypt")),
        ],
        user=owner,
        source="log",
    )
    clients = _clients(client_for, owner, player, viewer)
    log_form_under_way(clients["owner"], campaign, persons)

    seen = _walk(clients, _values(campaign, game), ("pack_4",))

    missions = clients["anonymous"].get(f"/campaigns/{campaign.slug}/missions/")
    assert missions.status_code == 200
    assert "Reign of Terror" in missions.content.decode()
    assert seen[f"owner /campaigns/{campaign.slug}/packs/pack_4/?look=1&game=1"] == 404
    during = clients["owner"].get(f"/campaigns/{campaign.slug}/log/during/").content.decode()
    assert "The World Is Ready (D120s)" in during and not spoilers_in(during, ("pack_4",))
    world = clients["viewer"].get(f"/campaigns/{campaign.slug}/").content.decode()
    assert "Homeland:" in world and "Red slot" not in world


def test_an_api_log_naming_a_sealed_scar_is_refused_without_naming_it_U8(
    campaign, owner_client, persons
):
    # Nobody is eliminated, so no pack opens during this game (U-3).
    entry = with_player(three_player_entry(persons), 2, troops_at_end=True).to_json()
    for scar in ("biohazard", "mercenary"):
        payload = {**entry, "scars": [{"scar": scar, "on": "territory", "target": "ural"}]}
        response = owner_client.post(
            f"/api/v1/campaigns/{campaign.slug}/games/",
            data=json.dumps(payload),
            content_type="application/json",
        )
        assert response.status_code == 400
        assert not spoilers_in(response.content.decode(), ALL_PACKS), response.content


def test_a_log_naming_a_sealed_event_card_is_refused_without_naming_it_U8(campaign, owner, persons):
    from campaign.errors import ApplicationError

    with pytest.raises(ApplicationError) as refused:
        world_event_append(
            campaign=campaign,
            events=[EventResolved(1, "B75", "troops", persons["owner"].key)],
            user=owner,
            source="log",
        )
    assert not spoilers_in(refused.value.message, ALL_PACKS)
    assert not spoilers_in(json.dumps(refused.value.as_json()), ALL_PACKS)


def test_the_api_docs_that_list_every_value_carry_a_spoiler_warning(anon_client):
    schema = anon_client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "Spoiler warning" in schema
