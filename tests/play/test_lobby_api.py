"""The lobby's API (issue 19, part 4): rule sets and their options (RS-1, RS-2), setting a
table, invitations, and play through the games' API; refusals in the API's JSON shape."""

from __future__ import annotations

import pytest

from campaign.models.digital import DigitalGame
from rules.game import legal_move_options, seats_to_act

pytestmark = pytest.mark.django_db

TABLE = {
    "rule_set": "legacy",
    "seats": [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "name": "Robo"}],
    "public": True,
}


def test_the_rule_sets_are_listed_with_their_options_RS_1(anon_client):
    answer = anon_client.get("/api/v1/rule-sets")
    assert answer.status_code == 200
    legacy = next(r for r in answer.json() if r["key"] == "legacy")
    assert legacy["min_players"] == 3 and legacy["max_players"] == 5
    for found in answer.json():
        for option in found["options"]:
            assert {"key", "kind", "default", "label", "choices"} <= set(option)


def test_a_table_is_set_joined_by_invitation_and_played_through_the_api(
    owner_client, player_client, anon_client
):
    made = owner_client.post("/api/v1/play/games", TABLE, content_type="application/json")
    assert made.status_code == 201, made.content
    table = made.json()
    assert table["status"] == "waiting" and table["invite_url"]
    assert [s["open"] for s in table["seats"]] == [False, True, False]
    waiting = owner_client.get(f"/api/v1/games/{table['game']}/state")
    assert waiting.status_code == 409 and waiting.json()["errors"][0]["code"] == "game_waiting"
    token = table["invite_url"].rstrip("/").rsplit("/", 1)[1]
    joined = player_client.post(f"/api/v1/play/invites/{token}")
    assert joined.status_code == 200 and joined.json()["status"] == "playing"
    assert anon_client.post(f"/api/v1/play/invites/{token}").status_code in (401, 403)
    game = DigitalGame.objects.get(pk=table["game"])
    state = game.game_state()
    seat = seats_to_act(state)[0]
    mover = owner_client if seat == 0 else player_client
    seen = mover.get(f"/api/v1/games/{game.pk}/state?seat={seat}").json()
    assert seen["rule_set"] == "legacy" and seen["standalone"] and seen["public"]
    assert seen["options"] == {} and seen["legal"]
    move = legal_move_options(state, seat)[0].move.to_json()
    moved = mover.post(
        f"/api/v1/games/{game.pk}/moves",
        {"seat": seat, "version": game.version, "move": move},
        content_type="application/json",
    )
    assert moved.status_code == 200, moved.content
    lobby = anon_client.get("/api/v1/play/games").json()
    assert [t["game"] for t in lobby["watch"]] == [game.pk] and lobby["mine"] == []


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"seats": [{"kind": "me"}, {"kind": "bot"}]}, "player_count"),
        ({"rule_set": "chess"}, "unknown_rule_set"),
        ({"options": {"units": 3}}, "unknown_option"),
    ],
)
def test_a_bad_table_is_a_400_in_the_apis_shape(owner_client, change, code):
    answer = owner_client.post(
        "/api/v1/play/games", {**TABLE, **change}, content_type="application/json"
    )
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == code
    assert not DigitalGame.objects.exists()


def test_only_the_starter_begins_a_table_at_once(owner_client, player_client):
    table = owner_client.post("/api/v1/play/games", TABLE, content_type="application/json").json()
    url = f"/api/v1/play/games/{table['game']}/begin"
    assert player_client.post(url).status_code == 403
    begun = owner_client.post(url)
    assert begun.status_code == 200 and begun.json()["status"] == "playing"
    assert owner_client.post(url).status_code == 409


def test_the_schema_documents_the_lobby_and_the_rule_set_fields(anon_client):
    schema = anon_client.get("/api/schema/?format=json").json()
    assert {"/api/v1/rule-sets", "/api/v1/play/games"} <= set(schema["paths"])
    state = schema["components"]["schemas"]["DigitalGameState"]["properties"]
    assert {"rule_set", "options", "table", "standalone", "public"} <= set(state)
