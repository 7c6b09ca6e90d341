"""The replay API (`GET /api/v1/games/<id>/replay?move=N`, issue 20): the board after move N
as the reader may see it (STYLE 6: while the game runs each step is the engine's view for the
reader's seat, every hand only once the seed is out), the step's events in the reader's
language, and links to the steps either side; the same permissions as the state API."""

from __future__ import annotations

import pytest

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.services.digital.moves import move_submit
from campaign.services.digital.start import SeatRequest, digital_game_start
from tests.campaign.digital.conftest import first_legal

pytestmark = pytest.mark.django_db


def _url(game: DigitalGame, **query: object) -> str:
    url = f"/api/v1/games/{game.pk}/replay"
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.fixture
def running_game(campaign, owner, player, persons, django_capture_on_commit_callbacks):
    """The owner, the player and a bot, seed 11, a few moves played: still running."""
    seats = [
        SeatRequest(person=persons["owner"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=persons["player"], kind=GameSeat.Kind.HUMAN),
        SeatRequest(person=None, kind=GameSeat.Kind.BOT),
    ]
    game = digital_game_start(campaign=campaign, user=owner, seats=seats, seed=11)
    for _ in range(6):
        game.refresh_from_db()
        seat, move = first_legal(game)
        user = game.seats.get(index=seat).user
        move_submit(game=game, seat=seat, move=move, version=game.version, user=user)
    game.refresh_from_db()
    assert game.is_playing
    return game


@pytest.fixture
def bots_game(campaign, owner) -> DigitalGame:
    game = digital_game_start(
        campaign=campaign, user=owner, seats=[SeatRequest(None, GameSeat.Kind.BOT)] * 3, seed=5
    )
    assert game.status == DigitalGame.Status.REWARDS
    return game


def test_a_running_game_shows_the_reader_only_their_own_cards_STYLE6(
    owner_client, player_client, viewer_client, running_game
):
    moves = GameMove.objects.filter(game=running_game).count()
    secrets = running_game.state["seats"]
    for client, mine in ((owner_client, 0), (player_client, 1), (viewer_client, None)):
        answer = client.get(_url(running_game, move=moves - 1))
        assert answer.status_code == 200, answer.content
        data = answer.json()
        assert data["seat"] == mine and data["open_hands"] is False
        for index, shown in enumerate(data["state"]["seats"]):
            if index == mine:
                assert shown["scar_card"] == secrets[index]["scar_card"]
            else:
                assert shown["scar_card"] is None and shown["cards"] is None
        assert "world" not in data["state"] and "rng" not in data["state"]
        own = secrets[mine]["scar_card"] if mine is not None else None
        hidden = {s["scar_card"] for i, s in enumerate(secrets) if i != mine} - {None, own}
        assert hidden and not any(card in answer.content.decode() for card in hidden)


def test_a_reader_cannot_ask_for_another_seats_view(player_client, running_game):
    answer = player_client.get(_url(running_game, seat=0))
    assert answer.status_code == 403
    assert answer.json()["errors"][0]["message"]


def test_a_finished_game_shows_every_hand_once_its_seed_is_out(owner_client, bots_game):
    data = owner_client.get(_url(bots_game)).json()
    assert data["open_hands"] is True
    assert all(seat["scar_card"] for seat in data["state"]["seats"])


def test_steps_count_and_link_to_their_neighbours(owner_client, bots_game):
    moves = GameMove.objects.filter(game=bots_game).count()
    start = owner_client.get(_url(bots_game)).json()
    assert start["move"] is None and start["step"] == 0 and start["steps"] == moves + 1
    assert start["previous"] is None and start["previous_url"] is None
    assert start["next"] == 0 and start["next_url"].endswith(_url(bots_game, move=0))
    assert start["events"] == []
    middle = owner_client.get(start["next_url"]).json()
    assert middle["move"] == 0 and middle["step"] == 1
    assert middle["previous"] == -1 and middle["next"] == 1
    assert middle["events"] and all(e["text"] for e in middle["events"])
    last = owner_client.get(_url(bots_game, move=moves - 1)).json()
    assert last["next"] is None and last["next_url"] is None
    assert last["state"]["phase"] == bots_game.state["phase"]


def test_the_steps_events_read_in_the_readers_language(owner_client, bots_game):
    english = owner_client.get(_url(bots_game, move=2), HTTP_ACCEPT_LANGUAGE="en").json()
    spanish = owner_client.get(_url(bots_game, move=2), HTTP_ACCEPT_LANGUAGE="es").json()
    assert [e["text"] for e in english["events"]] != [e["text"] for e in spanish["events"]]


@pytest.mark.parametrize("move", ["abc", "-2", "99999", "1.5", "9" * 40])
def test_a_bad_move_number_is_a_plain_400(owner_client, bots_game, move):
    answer = owner_client.get(_url(bots_game, move=move))
    assert answer.status_code == 400
    assert "move number of this game's log" in answer.json()["errors"][0]["message"]


@pytest.mark.parametrize("seat", ["x", "-1", "40"])
def test_a_bad_seat_is_a_plain_400(owner_client, bots_game, seat):
    answer = owner_client.get(_url(bots_game, seat=seat))
    assert answer.status_code == 400 and answer.json()["errors"][0]["message"]


@pytest.mark.parametrize("who", ["outsider_client", "anon_client"])
def test_only_those_who_may_watch_replay_a_game(request, who, running_game):
    answer = request.getfixturevalue(who).get(_url(running_game))
    assert answer.status_code in (403, 404)


def test_the_schema_documents_the_replay(anon_client):
    schema = anon_client.get("/api/schema/").content.decode()
    assert "/api/v1/games/{game_id}/replay" in schema


def test_a_bad_move_number_is_refused_in_spanish_for_a_spanish_reader(owner_client, bots_game):
    answer = owner_client.get(_url(bots_game, move="x"), HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 400
    assert "número de jugada del registro" in answer.json()["errors"][0]["message"]


def test_a_private_standalone_table_replays_to_its_players_only(
    client_for, owner, outsider, owner_client
):
    """RS-1 tables: the same rule as the state API; others are not told it exists."""
    from campaign.services.standalone import LobbySeat, SeatKind, standalone_game_create

    game = standalone_game_create(
        user=owner,
        rule_set="classic",
        options=None,
        seats=[
            LobbySeat(kind=SeatKind.ME),
            LobbySeat(kind=SeatKind.BOT),
            LobbySeat(kind=SeatKind.BOT),
        ],
        seed=5,
    )
    mine = owner_client.get(_url(game)).json()
    assert mine["seat"] == 0 and mine["state"]["seats"][1]["cards"] is None
    assert client_for(outsider).get(_url(game)).status_code == 404
