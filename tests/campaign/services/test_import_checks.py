"""An import is one more door to a campaign's world: a hand-edited export the rules refuse is
refused with every reason (which event, what is wrong) and creates nothing; a genuine export
comes back whole, and every page and API response of the copy answers without a 500."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from campaign.models import Campaign, Membership, Person, WorldEventRecord
from campaign.selectors.world import world_current
from campaign.services.export import campaign_export
from campaign.services.game_log.record import game_log
from campaign.services.world import world_event_append
from campaign.views.guides import GUIDES
from rules.data import content
from rules.world_events import PackOpened, ScarPlaced
from tests.campaign.box_worlds import customized, pack_4_opened
from tests.campaign.log.factories import three_player_entry, with_player
from tests.campaign.spoilers.walk import urls

pytestmark = pytest.mark.django_db

IMPORTS = "/api/v1/campaign-imports/"


@pytest.fixture
def logged(campaign, owner, persons):
    """Powers and coins chosen, one game logged (nobody eliminated: no pack is due), a scar."""
    customized(campaign, owner)
    entry = with_player(three_player_entry(persons), 2, troops_at_end=True)
    game_log(campaign=campaign, user=owner, entry=entry)
    world_event_append(
        campaign=campaign,
        events=[ScarPlaced("siberia", "territory", "bunker", persons["player"].key, 1)],
        user=owner,
        source="log",
    )
    return campaign


def _own_export(campaign) -> dict:
    """The export as its owner may import it: only their own account stays linked."""
    document = json.loads(json.dumps(campaign_export(campaign=campaign)))
    for person in document["persons"]:
        if person["user"] != campaign.owner.username:
            person["user"] = None
    return document


def _import(client: Client, document: dict):
    return client.post(IMPORTS, data=json.dumps(document), content_type="application/json")


def _refused(client: Client, document: dict) -> list[dict]:
    before = Campaign.objects.count(), Person.objects.count(), WorldEventRecord.objects.count()
    response = _import(client, document)
    assert response.status_code == 400, response.content
    after = Campaign.objects.count(), Person.objects.count(), WorldEventRecord.objects.count()
    assert after == before  # nothing created
    return response.json()["errors"]


def _seq_of(document: dict, kind: str) -> int:
    return next(e["seq"] for e in document["events"] if e["kind"] == kind)


def _append(document: dict, event, **row) -> int:
    seq = len(document["events"]) + 1
    payload = event.to_json()
    payload.pop("kind")
    document["events"].append(
        {"seq": seq, "kind": event.kind, "payload": payload, "source": "log", **row}
    )
    return seq


def test_an_unknown_territory_is_refused_naming_the_event_C2(logged, owner_client):
    document = _own_export(logged)
    seq = _seq_of(document, "scar_placed")
    document["events"][seq - 1]["payload"]["target"] = "atlantis"

    errors = _refused(owner_client, document)

    assert {"code": "unknown_territory", "rule": "C-2"}.items() <= errors[0].items()
    assert errors[0]["message"] == (f"Event {seq} (scar placed): There is no territory 'atlantis'.")


def test_an_unknown_territory_is_refused_even_as_an_owner_override_C2(logged, owner_client):
    """The owner may accept what the rules refuse, never what the board does not hold: the
    campaign's pages could not show it."""
    document = _own_export(logged)
    row = document["events"][_seq_of(document, "scar_placed") - 1]
    row["payload"]["target"] = "atlantis"
    row["override_reason"] = "Our house map"

    assert [e["code"] for e in _refused(owner_client, document)] == ["unknown_territory"]


def test_a_duplicated_event_number_is_refused_DESIGN(logged, owner_client):
    document = _own_export(logged)
    document["events"][3]["seq"] = 3

    errors = _refused(owner_client, document)

    messages = [e["message"] for e in errors]
    assert "Event number 3 appears 2 times." in messages
    assert "Event numbers 4 are missing: the log has no gaps." in messages


def test_an_out_of_order_event_is_refused_DESIGN(logged, owner_client):
    document = _own_export(logged)
    events = document["events"]
    events[4], events[5] = events[5], events[4]

    errors = _refused(owner_client, document)

    assert [e["message"] for e in errors] == [
        "Event 5 comes after event 6: the log must be in order."
    ]


def test_a_forged_pack_claim_is_refused_U2(logged, owner_client):
    """Pack 1 opens once the ninth Minor City is founded (U-2); one game founds one."""
    document = _own_export(logged)
    seq = _append(document, PackOpened("pack_1", 1, "we founded our ninth Minor City"))

    errors = _refused(owner_client, document)

    assert [(e["code"], e["rule"]) for e in errors] == [("pack_not_due", "U-2")]
    name = content().packs["pack_1"].name
    assert errors[0]["message"].startswith(
        f"Event {seq} (pack opened): {name} is opened in game 1, but its condition was never met"
    )


def test_a_pack_claim_without_its_opening_is_refused_U1(logged, owner_client):
    document = _own_export(logged)
    document["pack_unlocks"].append(
        {"pack": "pack_3", "trigger_seq": 1, "game_number": 1, "reason": "trust us"}
    )

    errors = _refused(owner_client, document)

    assert [(e["code"], e["rule"]) for e in errors] == [("pack_claim_forged", "U-1")]


def test_a_pack_opened_early_as_the_owners_override_is_accepted_U1(logged, owner, owner_client):
    document = _own_export(logged)
    _append(
        document,
        PackOpened("pack_1", 1, "opened by a vote"),
        override_reason="The group voted to open it",
    )

    response = _import(owner_client, document)

    assert response.status_code == 201, response.content
    copy_ = Campaign.objects.get(slug=response.json()["slug"])
    assert "pack_1" in world_current(campaign=copy_).packs_opened
    page = owner_client.get(f"/campaigns/{copy_.slug}/")
    assert page.status_code == 200


def test_a_person_linked_to_another_account_is_refused_DESIGN(logged, owner_client, player):
    document = _own_export(logged)
    key = next(p["key"] for p in document["persons"] if p["user"] is None)
    next(p for p in document["persons"] if p["key"] == key)["user"] = player.username

    errors = _refused(owner_client, document)

    assert [e["code"] for e in errors] == ["someone_elses_account"]
    assert f"'{player.username}', which is not yours" in errors[0]["message"]


def test_an_event_naming_a_person_not_in_the_export_is_refused_DESIGN(logged, owner_client):
    document = _own_export(logged)
    seq = _seq_of(document, "scar_placed")
    document["events"][seq - 1]["payload"]["person"] = "mallory"

    errors = _refused(owner_client, document)

    assert [e["message"] for e in errors] == [
        f"Event {seq} (scar placed) names 'mallory', who is not among the export's persons."
    ]


def test_a_game_log_outside_the_event_log_is_refused_DESIGN(logged, owner_client):
    document = _own_export(logged)
    document["game_logs"][0]["last_seq"] = 999
    document["game_logs"][0]["entry"]["players"][0]["person"] = "mallory"

    errors = _refused(owner_client, document)

    assert [e["message"] for e in errors] == [
        f"Game log 1: its events {document['game_logs'][0]['first_seq']} to 999 are not within "
        f"the log 1-{len(document['events'])}.",
        "Game log 1: its player 'mallory' is not among the export's persons.",
    ]


def _scar(document: dict) -> dict:
    return document["events"][_seq_of(document, "scar_placed") - 1]


MALFORMED = {
    "a territory that is a list": lambda d: _scar(d)["payload"].update(target=["egypt"]),
    "a field the event has not": lambda d: _scar(d)["payload"].update(colour="red"),
    "an event number that is text": lambda d: _scar(d).update(seq="7"),
    "an unknown kind": lambda d: _scar(d).update(kind="dragon_slain"),
    "a person key that is a list": lambda d: d["persons"][0].update(key=["x"]),
    "a user that is an object": lambda d: d["persons"][0].update(user={"a": 1}),
    "a pack claim for a list": lambda d: d["pack_unlocks"].append({"pack": ["p"], "reason": ""}),
    "a game log entry without players": lambda d: d["game_logs"][0]["entry"].pop("players"),
    "a game log correcting itself": lambda d: d["game_logs"][0].update(corrects=0),
    "a void of a later event": lambda d: d["events"].append(
        {
            "seq": len(d["events"]) + 1,
            "kind": "events_voided",
            "source": "log",
            "payload": {"seqs": [99], "reason": "oops"},
        }
    ),
}


@pytest.mark.parametrize("edit", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_export_is_refused_in_words_never_a_500_DESIGN(logged, owner_client, edit):
    document = _own_export(logged)
    edit(document)

    errors = _refused(owner_client, document)

    assert errors and all(e["message"] for e in errors)


def test_every_reason_is_listed_at_once_C2_U2(logged, owner_client):
    document = _own_export(logged)
    document["events"][_seq_of(document, "scar_placed") - 1]["payload"]["target"] = "atlantis"
    _append(document, PackOpened("pack_1", 1, "forged"))

    codes = [e["code"] for e in _refused(owner_client, document)]

    assert codes == ["unknown_territory", "pack_not_due"]


def test_the_restore_command_lists_the_reasons_and_creates_nothing_C2(logged, owner, tmp_path):
    document = campaign_export(campaign=logged)
    document["events"][_seq_of(document, "scar_placed") - 1]["payload"]["target"] = "atlantis"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")

    with pytest.raises(CommandError, match="There is no territory 'atlantis'"):
        call_command("import_campaign", str(path), owner=owner.username)
    assert Campaign.objects.count() == 1


def _walk_values(campaign) -> dict[str, list[object]]:
    """A value for every URL argument; nothing digital or invited comes with an import, so
    those take ids that do not exist (a 404 is fine, a 500 is not)."""
    return {
        "slug": [campaign.slug],
        "number": [1, 2],
        "step": ["players", "during", "packs", "outcome", "confirm"],
        "territory": ["egypt", "ural", "siberia", "alien_island"],
        "faction": list(content().factions),
        "member_id": [Membership.objects.get(campaign=campaign).pk],
        "invite_id": [999_999],
        "token": ["no-such-invite"],
        "game_id": [999_999],
        "request_id": [999_999],  # a take-back request (none: answered as missing)
        "notice_id": [999_999],  # someone's notice (none: answered as missing)
        "pack": [*content().packs, "no_such_pack"],
        "format": ["json"],
        "photo_id": [999_999],
        "message_id": [999_999],
        "topic": [*GUIDES, "no_such_guide"],
    }


def test_a_genuine_export_with_packs_1_to_4_comes_back_and_every_page_works_U1(
    campaign, owner, persons, owner_client
):
    """Packs 2 and 4 open by their conditions (an elimination, the World Capital); the test
    world opens Packs 1 and 3 by hand, which only the owner may do, with a reason: recorded as
    the owner's override, as a genuine campaign would hold it."""
    pack_4_opened(campaign, owner, persons)
    by_hand = WorldEventRecord.objects.filter(
        campaign=campaign, kind="pack_opened", payload__pack__in=["pack_1", "pack_3"]
    )
    assert by_hand.update(override_reason="Opened by the owner for the test") == 2
    document = _own_export(campaign)
    forged = copy.deepcopy(document)
    for row in forged["events"]:
        row["override_reason"] = ""
    assert {e["rule"] for e in _refused(owner_client, forged)} == {"U-2", "U-4"}

    response = _import(owner_client, document)

    assert response.status_code == 201, response.content
    imported = Campaign.objects.get(slug=response.json()["slug"])
    assert world_current(campaign=imported) == world_current(campaign=campaign)
    assert set(world_current(campaign=imported).packs_opened) == {
        "pack_1",
        "pack_2",
        "pack_3",
        "pack_4",
    }
    walker = Client(raise_request_exception=False)
    walker.force_login(owner)
    seen = {
        url: walker.get(url, HTTP_ACCEPT="text/html,application/json").status_code
        for url in urls(_walk_values(imported))
    }
    failed = [f"{url}: {status}" for url, status in seen.items() if status >= 500]
    assert not failed, "\n".join(failed)
    assert sum(status == 200 for status in seen.values()) > 50  # the pages, not refusals
    assert seen[f"/campaigns/{imported.slug}/"] == 200
    assert seen[f"/campaigns/{imported.slug}/packs/pack_4/"] == 200


@pytest.mark.parametrize(
    ("kind", "field", "value", "words"),
    [
        ("scar_placed", "target", {"a": 1}, "'target' must be text."),
        ("scar_placed", "game", "one", "'game' must be a number."),
        ("game_recorded", "players", "peru", "'players' must be a list of objects."),
    ],
)
def test_an_event_field_of_the_wrong_type_is_refused_naming_it_DESIGN(
    logged, owner_client, kind, field, value, words
):
    document = _own_export(logged)
    seq = _seq_of(document, kind)
    document["events"][seq - 1]["payload"][field] = value

    errors = _refused(owner_client, document)

    assert errors[0]["message"] == f"Event {seq}: {words[:1].lower()}{words[1:].rstrip('.')}."
