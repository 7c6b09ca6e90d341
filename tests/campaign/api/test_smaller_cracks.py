"""The smaller cracks of issue 22: what a public campaign shows of its people, values of the
wrong type in an import or the API, number fields read one way everywhere, and every refusal
the API gives written in its schema."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django import forms as django_forms
from drf_spectacular.generators import SchemaGenerator

from campaign.forms.fields import WholeNumberField
from campaign.models import Campaign, Person, Role
from campaign.services.campaigns import membership_add, person_create
from campaign.services.export import campaign_export
from campaign.services.game_log.record import game_log
from tests.campaign.log.factories import api_payload, three_player_entry

pytestmark = pytest.mark.django_db

IMPORTS = "/api/v1/campaign-imports/"


@pytest.fixture
def played(public_campaign, owner, persons, django_user_model):
    """A public campaign with one game of owner, player and viewer; a second viewer and a
    guest who never played."""
    wendy = django_user_model.objects.create_user(username="wendy_watcher", password="x")
    membership_add(campaign=public_campaign, user=wendy, role=Role.VIEWER)
    person_create(campaign=public_campaign, display_name="Gus the guest")
    game_log(campaign=public_campaign, user=owner, entry=three_player_entry(persons))
    return public_campaign


def _export(client, campaign) -> dict:
    response = client.get(f"/api/v1/campaigns/{campaign.slug}/export/")
    assert response.status_code == 200
    return response.json()


def test_a_public_campaigns_export_lists_only_those_who_played_DESIGN(
    played, persons, outsider_client, anon_client
):
    played_keys = sorted(p.key for p in persons.values())
    for client in (outsider_client, anon_client):
        document = _export(client, played)

        assert sorted(p["key"] for p in document["persons"]) == played_keys
        assert "wendy" not in json.dumps(document).lower()
        assert "Gus" not in json.dumps(document)


def test_a_members_export_keeps_every_person_for_a_backup_DESIGN(played, owner_client):
    document = _export(owner_client, played)

    assert len(document["persons"]) == Person.objects.filter(campaign=played).count() == 5


def test_the_campaign_api_shows_the_owners_account_to_members_only_DESIGN(
    played, owner, outsider_client, anon_client, viewer_client
):
    for client in (outsider_client, anon_client):
        detail = client.get(f"/api/v1/campaigns/{played.slug}/")
        listing = client.get("/api/v1/campaigns/")

        assert detail.json()["owner"] is None
        assert owner.username not in detail.content.decode()
        assert owner.username not in listing.content.decode()
    assert viewer_client.get(f"/api/v1/campaigns/{played.slug}/").json()["owner"] == owner.username


@pytest.fixture
def document(played, owner) -> dict:
    exported = json.loads(json.dumps(campaign_export(campaign=played)))
    for person in exported["persons"]:
        if person["user"] != owner.username:
            person["user"] = None
    return exported


def _refused(client, document: dict) -> list[dict]:
    before = Campaign.objects.count()
    response = client.post(IMPORTS, data=json.dumps(document), content_type="application/json")
    assert response.status_code == 400, response.content
    assert Campaign.objects.count() == before
    return response.json()["errors"]


@pytest.mark.parametrize("value", ["no", "false", 0, None])
def test_an_import_whose_public_flag_is_not_a_boolean_is_refused_DESIGN(
    document, owner_client, value
):
    """`"is_public": "no"` made a public campaign."""
    document["campaign"]["is_public"] = value

    errors = _refused(owner_client, document)

    assert "true or false" in errors[0]["message"]


def test_an_import_event_that_corrects_a_later_one_is_refused_DESIGN(document, owner_client):
    document["events"][0]["corrects"] = [len(document["events"])]

    errors = _refused(owner_client, document)

    assert any("Event 1" in e["message"] and "correct" in e["message"] for e in errors)


def test_a_person_named_by_a_json_number_is_refused_in_an_import_DESIGN(document, owner_client):
    document["persons"][0]["display_name"] = 12

    errors = _refused(owner_client, document)

    assert errors[0]["code"] == "bad_person"


@pytest.mark.parametrize("name", [12, 3.5, True])
def test_a_campaign_named_by_a_json_number_is_refused_DESIGN(owner_client, name):
    response = owner_client.post(
        "/api/v1/campaigns/", data=json.dumps({"name": name}), content_type="application/json"
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "name"
    assert not Campaign.objects.filter(name=str(name)).exists()


def test_a_guest_named_by_a_json_number_is_refused_in_a_game_log_DESIGN(
    campaign, persons, owner_client
):
    """A guest named `12` was accepted through the game log API."""
    payload = json.loads(json.dumps(api_payload(three_player_entry(persons))))
    payload["players"][2] = {**payload["players"][2], "person": "", "guest_name": 12}

    response = owner_client.post(
        f"/api/v1/campaigns/{campaign.slug}/games/",
        data=json.dumps(payload),
        content_type="application/json",
    )

    assert response.status_code == 400, response.content
    assert "JSON string" in response.content.decode()
    assert not Person.objects.filter(campaign=campaign, display_name="12").exists()


@pytest.mark.parametrize("raw", ["٣", "\uff13", " 3", "3 ", "+3", "03.0"])
def test_a_form_number_in_other_digits_or_padded_is_refused_plainly_DESIGN(raw):
    field = WholeNumberField(min_value=0, max_value=12)

    with pytest.raises(django_forms.ValidationError) as refused:
        field.clean(raw)

    assert refused.value.messages == ["Enter a whole number in the digits 0 to 9."]
    assert field.clean("3") == 3


def test_every_form_number_field_reads_numbers_the_same_way_DESIGN():
    """One reader for every number a form takes: no form builds Django's own IntegerField,
    which took '٣' and ' 3 ' where `campaign.numbers` refused them."""
    forms_dir = Path(__file__).resolve().parents[3] / "campaign" / "forms"
    found = [
        f"{path.name}: {match.group(0)}"
        for path in sorted(forms_dir.glob("*.py"))
        for match in re.finditer(r"forms\.IntegerField\(", path.read_text())
    ]
    assert not found


def test_every_refusal_the_api_can_give_is_in_its_schema_DESIGN():
    """Each operation with a path parameter may answer 404, and each with a body 400."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    missing = [
        f"{method.upper()} {path}: {status}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        for status, applies in (
            ("404", any(p["in"] == "path" for p in operation.get("parameters", []))),
            ("400", "requestBody" in operation),
        )
        if applies and status not in operation["responses"]
    ]
    assert not missing, "\n".join(missing)
