"""The box in the API: an opened pack's contents, the rules the box adds, the box's state in the
campaign and world responses, Pack 2's opening choice and the readings of open points. A sealed
pack is answered like one that does not exist, and nothing is keyed before it opens (U-8)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from campaign.selectors.world import world_current
from campaign.services.world import world_event_append
from tests.campaign.box_worlds import ELIMINATED, customized, pack_1_opened, pack_2_opened
from tests.campaign.worlds import game

pytestmark = pytest.mark.django_db

ROLES = ["owner", "player", "viewer", "outsider", "anonymous"]


@pytest.fixture
def api(owner, player, viewer, outsider):
    def client(role: str) -> APIClient:
        c = APIClient()
        user = {"owner": owner, "player": player, "viewer": viewer, "outsider": outsider}.get(role)
        if user is not None:
            c.force_authenticate(user)
        return c

    return client


@pytest.fixture
def with_pack_1(campaign, owner, persons):
    customized(campaign, owner)
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(campaign=campaign, events=[game(1, keys)], user=owner, source="log")
    pack_1_opened(campaign, owner, persons)
    return campaign


def _url(campaign, path: str) -> str:
    return f"/api/v1/campaigns/{campaign.slug}/{path}"


def test_a_sealed_pack_is_answered_like_an_unknown_one_U8(api, with_pack_1):
    sealed = api("owner").get(_url(with_pack_1, "packs/pack_2/"))
    unknown = api("owner").get(_url(with_pack_1, "packs/no_such_pack/"))
    assert sealed.status_code == unknown.status_code == 404
    assert sealed.json() == unknown.json()


@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("role", ROLES)
def test_readers_get_an_opened_packs_contents_U2(api, with_pack_1, role, public):
    with_pack_1.is_public = public
    with_pack_1.save()
    response = api(role).get(_url(with_pack_1, "packs/pack_1/"))
    member = role in {"owner", "player", "viewer"}
    assert response.status_code == (200 if member or public else 404)
    if response.status_code == 200:
        contents = response.json()["contents"]
        assert [a["slot"] for a in contents["rules_additions"]] == ["B", "C", "D"]
        assert contents["scar_types"][0]["name"] == "Biohazard"
        assert contents["draft"]["rows"][0]["in_use"] == [
            [6, 8, 10],
            [6, 8, 8, 10],
            [6, 8, 8, 10, 10],
        ]
        assert contents["comeback_powers"] == []


def test_the_campaign_and_world_responses_carry_the_box_only_as_far_as_it_is_open(
    api, campaign, owner, persons
):
    customized(campaign, owner)
    fresh = api("owner").get(_url(campaign, "")).json()["box"]
    assert fresh == {"packs_opened": []}
    keys = [persons["owner"].key, persons["player"].key, persons["viewer"].key]
    world_event_append(campaign=campaign, events=[game(1, keys)], user=owner, source="log")
    pack_1_opened(campaign, owner, persons)

    box = api("viewer").get(_url(campaign, "world/")).json()["box"]

    assert box["packs_opened"] == ["pack_1"]
    assert box["event_deck"] == {"cards_left": 6, "destroyed": ["B73"]}
    assert box["draft"]["in_use"] is True
    assert "comeback_powers" not in box
    history = api("viewer").get(_url(campaign, "history/world/")).json()
    assert history["box"] == box


def test_the_box_carries_comeback_powers_once_pack_2_is_open(api, campaign, owner, persons):
    pack_2_opened(campaign, owner, persons)
    box = api("player").get(_url(campaign, "")).json()["box"]
    assert box["comeback_powers"] == {}
    assert len(box["comeback_powers_left"]) == 6
    assert "event_deck" not in box and "draft" not in box


@pytest.mark.parametrize(
    ("role", "status"),
    [("owner", 201), ("player", 201), ("viewer", 403), ("outsider", 404), ("anonymous", 403)],
)
def test_the_comeback_pick_through_the_api_C100(api, campaign, owner, persons, role, status):
    pack_2_opened(campaign, owner, persons)
    response = api(role).post(
        _url(campaign, "packs/pack_2/comeback/"),
        {"faction": ELIMINATED, "power": "well_armed"},
        format="json",
    )
    assert response.status_code == status
    if status == 201:
        assert response.json()[0]["kind"] == "comeback_power_chosen"
        assert world_current(campaign=campaign).comeback_powers == {ELIMINATED: "well_armed"}
        box = api(role).get(_url(campaign, "world/")).json()["box"]
        assert box["comeback_powers"] == {ELIMINATED: {"key": "well_armed", "name": "Well-Armed"}}


def test_a_comeback_pick_for_a_faction_not_owed_one_is_refused_in_words_G3(
    api, campaign, owner, persons
):
    pack_2_opened(campaign, owner, persons)
    response = api("player").post(
        _url(campaign, "packs/pack_2/comeback/"),
        {"faction": "die_mechaniker", "power": "mobile"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "no_comeback_pick"
    assert "eliminated in the game that opened this pack" in response.json()["errors"][0]["message"]


def test_a_comeback_pick_from_a_sealed_pack_is_not_found_U8(api, with_pack_1):
    response = api("owner").post(
        _url(with_pack_1, "packs/pack_2/comeback/"),
        {"faction": ELIMINATED, "power": "mobile"},
        format="json",
    )
    assert response.status_code == 404


def test_the_owner_changes_readings_through_the_api(api, with_pack_1):
    refused = api("player").post(
        _url(with_pack_1, "readings/"), {"values": {"riots_rolls": "per_city"}}, format="json"
    )
    assert refused.status_code == 403
    response = api("owner").post(
        _url(with_pack_1, "readings/"), {"values": {"riots_rolls": "per_city"}}, format="json"
    )
    assert response.status_code == 201
    readings = {
        r["key"]: r["value"] for r in api("viewer").get(_url(with_pack_1, "readings/")).json()
    }
    assert readings["riots_rolls"] == "per_city"


def test_a_reading_of_a_sealed_pack_is_refused_like_an_unknown_setting_U8(api, with_pack_1):
    sealed = api("owner").post(
        _url(with_pack_1, "readings/"), {"values": {"well_armed_hq": "enemy"}}, format="json"
    )
    unknown = api("owner").post(
        _url(with_pack_1, "readings/"), {"values": {"no_such": "enemy"}}, format="json"
    )
    assert sealed.status_code == unknown.status_code == 400
    assert sealed.json()["errors"][0]["code"] == unknown.json()["errors"][0]["code"]
    assert "Well-Armed" not in sealed.content.decode()


def test_the_rules_api_lists_base_scars_before_any_pack(api, campaign):
    rules = api("owner").get(_url(campaign, "rules/")).json()
    assert [s["key"] for s in rules["scar_types"]] == ["bunker", "ammo_shortage"]
    assert rules["rules_additions"] == [] and rules["has_events"] is False


def test_statistics_api_counts_scars_and_events_by_kind(api, with_pack_1):
    charts = {c["title"]: c for c in api("owner").get(_url(with_pack_1, "history/stats/")).json()}
    scars = {b["label"]: b["segments"] for b in charts["Scars placed, by kind"]["bars"]}
    assert scars["Biohazard"] == [["placed", 1]] and scars["Bunker"] == [["placed", 0]]
    events = {b["label"]: b["segments"] for b in charts["Event cards resolved, by kind"]["bars"]}
    assert events["Fortify"] == [["resolved", 1]] and events["Resistance"] == [["resolved", 0]]
