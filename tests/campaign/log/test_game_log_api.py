"""The API twin of the game log form: same entry, same refusals (with field and rule), owner
override and corrections; a whole 15-game campaign ending with a named world."""

import json

import pytest

from campaign.models import GameLog, WorldEventRecord
from campaign.selectors.world import world_current
from tests.campaign.log.factories import (
    DESTROYED_CARDS,
    api_payload,
    three_player_entry,
    with_player,
)

pytestmark = pytest.mark.django_db


def _post(client, url, data):
    return client.post(url, data=json.dumps(data), content_type="application/json")


def _url(campaign, tail="games/"):
    return f"/api/v1/campaigns/{campaign.slug}/{tail}"


def test_a_player_logs_a_game_through_the_api(campaign, player_client, persons):
    response = _post(player_client, _url(campaign), api_payload(three_player_entry(persons)))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["game"] == 1
    assert body["entry"]["winner"] == "die_mechaniker"
    assert [p["name"] for p in body["open_now"]] == ["Pack 2"]  # eager task after commit
    assert world_current(campaign=campaign).games_played == 1


def test_a_refusal_names_field_message_and_rule_and_writes_nothing(campaign, owner_client, persons):
    entry = with_player(three_player_entry(persons), 2, start="northwest_territory")
    response = _post(owner_client, _url(campaign), api_payload(entry))
    assert response.status_code == 400
    body = response.json()
    assert body["overridable"] is True
    [error] = body["errors"]
    assert error["field"] == "players.2.start"
    assert error["rule"] == "S-7.1"
    assert error["message"].startswith("Northwest Territory borders Alaska")
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_malformed_input_is_a_400_not_a_500(campaign, owner_client, persons):
    payload = api_payload(three_player_entry(persons))
    payload["players"][0]["start"] = "atlantis"
    response = _post(owner_client, _url(campaign), payload)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "start"
    assert "atlantis" in error["message"]
    bad_json = owner_client.post(_url(campaign), data="{", content_type="application/json")
    assert bad_json.status_code == 400


@pytest.mark.parametrize("winner", ["", ["die_mechaniker", "khan_industries"]])
def test_no_winner_or_two_winners_are_refused_END2(campaign, owner_client, persons, winner):
    payload = {**api_payload(three_player_entry(persons)), "winner": winner}
    response = _post(owner_client, _url(campaign), payload)
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["field"] == "winner"
    assert "exactly one winner (END-2)" in error["message"]
    assert not WorldEventRecord.objects.filter(campaign=campaign).exists()


def test_the_owner_overrides_with_a_reason_and_the_history_shows_it(
    campaign, owner_client, persons
):
    entry = with_player(three_player_entry(persons), 2, start="northwest_territory")
    payload = api_payload(entry, override_reason="We play with HQs allowed side by side.")
    response = _post(owner_client, _url(campaign), payload)
    assert response.status_code == 201, response.content
    assert response.json()["overridden"][0]["rule"] == "S-7.1"
    games = owner_client.get(_url(campaign, "history/games/")).json()
    assert games[0]["overrides"][0]["reason"] == "We play with HQs allowed side by side."


def test_a_player_cannot_override(campaign, player_client, persons):
    entry = with_player(three_player_entry(persons), 2, start="northwest_territory")
    response = _post(player_client, _url(campaign), api_payload(entry, override_reason="pls"))
    assert response.status_code == 403
    assert not GameLog.objects.exists()


def test_the_owner_corrects_the_latest_game(campaign, owner_client, persons):
    _post(owner_client, _url(campaign), api_payload(three_player_entry(persons)))
    logged = owner_client.get(_url(campaign, "games/1/")).json()
    assert logged["entry"]["slogan"] == "First blood"
    assert owner_client.get(_url(campaign, "games/2/")).status_code == 404
    fixed = three_player_entry(persons, slogan="Second thoughts")
    response = _post(
        owner_client,
        _url(campaign, "games/1/correction/"),
        api_payload(fixed, reason="Wrong slogan"),
    )
    assert response.status_code == 201, response.content
    assert world_current(campaign=campaign).signatures[0].slogan == "Second thoughts"
    games = owner_client.get(_url(campaign, "history/games/")).json()
    assert games[0]["corrections"][0]["reason"] == "Wrong slogan"
    assert any("First blood" in v for v in games[0]["voided"])


def test_reward_options_list_legal_targets(campaign, viewer_client):
    body = viewer_client.get(_url(campaign, "reward-options/") + "?held=egypt,congo").json()
    codes = {o["code"]: o for o in body["winner"]}
    assert set(codes) == {"R1", "R2", "R4", "R6"}
    assert {o["code"] for o in body["held_on"]} == {"H1", "H2"}
    assert next(o for o in body["held_on"] if o["code"] == "H1")["targets"] == ["egypt", "congo"]


STARTS = [("alaska", "egypt", "peru"), ("greenland", "congo", "argentina")]


def test_a_full_fifteen_game_campaign_ends_with_a_named_world_END8(
    campaign, owner_client, player_client, persons, django_capture_on_commit_callbacks
):
    """Owner and player share the wins 8/7, each game through the API; game 15's entry
    names the world by its most frequent signer."""
    owner_key, player_key = persons["owner"].key, persons["player"].key
    for game in range(1, 16):
        owner_wins = game % 2 == 1
        entry = three_player_entry(persons)
        for i, start in enumerate(STARTS[game % 2]):
            entry = with_player(entry, i, start=start, reward=None, held=())
        entry = with_player(entry, 2, troops_at_end=True)
        payload = api_payload(entry)
        payload["winner"] = "die_mechaniker" if owner_wins else "khan_industries"
        payload["winner_reward"] = {"code": "R6", "target": DESTROYED_CARDS[game - 1]}
        if game == 15:
            payload["world_name"] = "Ridgeland"
            payload["world_namer"] = owner_key
        client = owner_client if owner_wins else player_client
        with django_capture_on_commit_callbacks(execute=True):
            response = _post(client, _url(campaign), payload)
        assert response.status_code == 201, (game, response.content)
    world = world_current(campaign=campaign)
    assert world.games_played == 15
    assert world.world_name == "Ridgeland"
    assert world.world_named_by == owner_key
    assert world.signature_counts() == {owner_key: 8, player_key: 7}
    assert "pack_3" in world.packs_opened  # someone signed twice (U-4)
    victors = owner_client.get(f"/campaigns/{campaign.slug}/history/victors/")
    assert "Ridgeland" in victors.content.decode()


def test_token_auth_logs_a_game(campaign, player, persons, client):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=player)
    response = client.post(
        _url(campaign),
        data=json.dumps(api_payload(three_player_entry(persons))),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    assert response.status_code == 201, response.content


def test_the_openapi_schema_describes_the_game_log(client):
    schema = client.get("/api/schema/?format=json").json()
    post = schema["paths"]["/api/v1/campaigns/{slug}/games/"]["post"]
    body = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert body.endswith("/GameLogEntry")
    assert "/api/v1/campaigns/{slug}/games/{number}/correction/" in schema["paths"]
    assert "/api/v1/campaigns/{slug}/export/" in schema["paths"]
