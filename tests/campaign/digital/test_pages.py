"""The game pages and the API: the access matrix (owner, player, viewer, outsider, anonymous;
hot-seat browser vs another browser), the cheap poll, and refusals shown in words."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from campaign.models.digital import DigitalGame, GameMove, GameSeat
from campaign.wording import worded_event
from tests.campaign.digital.conftest import play_until

ROLL = {"type": "roll_for_order"}


def _url(name: str, game: DigitalGame) -> str:
    return reverse(f"campaign:{name}", kwargs={"slug": game.campaign.slug, "game_id": game.pk})


def _api(name: str, game: DigitalGame) -> str:
    return reverse(f"api:{name}", kwargs={"game_id": game.pk})


@pytest.fixture
def clients(owner_client, player_client, viewer_client, outsider_client, anon_client):
    return {
        "owner": owner_client,
        "player": player_client,
        "viewer": viewer_client,
        "outsider": outsider_client,
        "anonymous": anon_client,
    }


@pytest.mark.parametrize(
    ("who", "status", "can_start"),
    [
        ("owner", 200, True),
        ("player", 200, True),
        ("viewer", 200, False),
        ("outsider", 404, False),
        ("anonymous", 302, False),
    ],
)
def test_who_may_list_the_games_and_who_may_start_one(clients, campaign, who, status, can_start):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    response = clients[who].get(url)
    assert response.status_code == status
    assert ("Start the game" in response.content.decode()) == can_start


@pytest.mark.parametrize(
    ("who", "status"),
    [("owner", 302), ("player", 302), ("viewer", 403), ("outsider", 404), ("anonymous", 302)],
)
def test_only_players_start_a_game(clients, campaign, who, status):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    seats = {f"seat{i}_kind": "bot" for i in range(3)}
    response = clients[who].post(url, seats)
    assert response.status_code == status
    assert DigitalGame.objects.filter(campaign=campaign).exists() == (who in {"owner", "player"})


@pytest.mark.parametrize(
    ("who", "status"),
    [("owner", 200), ("player", 200), ("viewer", 200), ("outsider", 404), ("anonymous", 302)],
)
def test_who_may_watch_a_game_page_and_poll_it(clients, mixed_game, who, status):
    assert clients[who].get(_url("digital_game", mixed_game)).status_code == status
    assert clients[who].get(_url("digital_game_panel", mixed_game)).status_code == status


@pytest.mark.parametrize(
    ("who", "status"),
    [("owner", 200), ("player", 200), ("viewer", 200), ("outsider", 404), ("anonymous", 404)],
)
def test_who_may_read_the_game_state_api(clients, mixed_game, who, status):
    response = clients[who].get(_api("game-state", mixed_game))
    assert response.status_code == status
    if status == 200:
        assert response.json()["version"] == mixed_game.version
        assert all(s["cards"] is None for s in response.json()["seats"])  # a spectator


@pytest.mark.parametrize(
    ("who", "status"),
    [("owner", 200), ("player", 403), ("viewer", 403), ("outsider", 404), ("anonymous", 403)],
)
def test_only_the_seat_holder_moves_through_the_api(clients, mixed_game, who, status):
    """Seat 0 is the owner's; everyone else is refused and nothing is written."""
    payload = {"seat": 0, "version": mixed_game.version, "move": ROLL}
    response = clients[who].post(
        _api("game-moves", mixed_game), payload, content_type="application/json"
    )
    assert response.status_code == status
    assert GameMove.objects.filter(game=mixed_game, seat=0).exists() == (status == 200)
    assert "errors" in response.json() or status == 200


@pytest.mark.parametrize(
    ("who", "status"),
    [("owner", 200), ("player", 403), ("viewer", 403), ("outsider", 404), ("anonymous", 302)],
)
def test_only_the_seat_holder_moves_through_the_page(clients, mixed_game, who, status):
    data = {"seat": 0, "version": mixed_game.version, "type": "roll_for_order"}
    response = clients[who].post(_url("digital_game_move", mixed_game), data)
    assert response.status_code == status
    if status == 403:
        assert "not yours" in response.content.decode()


def test_a_seat_sees_its_own_cards_and_no_one_elses(player_client, owner_client, mixed_game):
    mine = player_client.get(_api("game-state", mixed_game), {"seat": 1})
    assert mine.status_code == 200
    seats = mine.json()["seats"]
    assert seats[1]["cards"] == [] and seats[0]["cards"] is None
    assert mine.json()["legal"] == [{"move": ROLL}]
    assert owner_client.get(_api("game-state", mixed_game), {"seat": 1}).status_code == 403


def test_a_stale_move_is_a_409_with_the_fresh_state(owner_client, mixed_game):
    url = _api("game-moves", mixed_game)
    payload = {"seat": 0, "version": mixed_game.version, "move": ROLL}
    assert owner_client.post(url, payload, content_type="application/json").status_code == 200
    again = owner_client.post(url, payload, content_type="application/json")
    assert again.status_code == 409
    body = again.json()
    assert body["errors"][0]["code"] == "stale_version"
    mixed_game.refresh_from_db()
    assert body["state"]["version"] == mixed_game.version
    assert GameMove.objects.filter(game=mixed_game, seat=0).count() == 1


def test_an_illegal_move_is_a_400_with_the_rule(owner_client, mixed_game):
    payload = {"seat": 0, "version": mixed_game.version, "move": {"type": "end_turn"}}
    response = owner_client.post(
        _api("game-moves", mixed_game), payload, content_type="application/json"
    )
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "wrong_phase" and error["rule"] == "S-6"


def test_malformed_json_is_a_400(owner_client, mixed_game):
    response = owner_client.post(
        _api("game-moves", mixed_game), "{nope", content_type="application/json"
    )
    assert response.status_code == 400
    missing = owner_client.post(
        _api("game-moves", mixed_game), {"seat": 0}, content_type="application/json"
    )
    assert missing.status_code == 400


def test_an_unknown_game_is_a_404(owner_client, mixed_game):
    assert owner_client.get(reverse("api:game-state", kwargs={"game_id": 999})).status_code == 404
    url = reverse(
        "campaign:digital_game", kwargs={"slug": mixed_game.campaign.slug, "game_id": 999}
    )
    assert owner_client.get(url).status_code == 404


def test_the_poll_is_empty_until_the_version_moves(owner_client, player_client, mixed_game):
    poll = _url("digital_game_panel", mixed_game)
    assert player_client.get(poll, {"v": mixed_game.version}).status_code == 204
    owner_client.post(
        _url("digital_game_move", mixed_game),
        {"seat": 0, "version": mixed_game.version, "type": "roll_for_order"},
    )
    fresh = player_client.get(poll, {"v": mixed_game.version})
    assert fresh.status_code == 200
    assert f'data-version="{mixed_game.version + 1}"' in fresh.content.decode()


def test_a_stale_page_move_shows_the_fresh_panel_and_the_reason(owner_client, mixed_game):
    url = _url("digital_game_move", mixed_game)
    data = {"seat": 0, "version": mixed_game.version, "type": "roll_for_order"}
    owner_client.post(url, data)
    again = owner_client.post(url, data)
    assert again.status_code == 409
    assert "moved on" in again.content.decode()


def test_hotseat_seats_belong_to_the_browser_that_started_the_game(
    owner_client, client_for, owner, campaign, persons, guest_person
):
    """Hot-seat: the creating browser session holds the seats; the same account on another
    browser only watches."""
    new = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    response = owner_client.post(
        new,
        {
            "seat0_kind": "hotseat",
            "seat0_person": persons["owner"].pk,
            "seat1_kind": "hotseat",
            "seat1_person": persons["player"].pk,
            "seat2_kind": "hotseat",
            "seat2_person": guest_person.pk,
            "seed": 5,
        },
    )
    assert response.status_code == 302
    game = DigitalGame.objects.get(campaign=campaign)
    assert set(game.seats.values_list("kind", flat=True)) == {GameSeat.Kind.HOTSEAT}
    data = {"seat": 0, "version": 0, "type": "roll_for_order"}
    other_browser = client_for(owner)
    assert other_browser.post(_url("digital_game_move", game), data).status_code == 403
    assert owner_client.post(_url("digital_game_move", game), data).status_code == 200


def test_starting_a_game_refuses_a_bad_table(owner_client, campaign, persons):
    new = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    response = owner_client.post(new, {"seat0_kind": "human", "seat0_person": persons["owner"].pk})
    assert response.status_code == 400
    assert "3 to 5 players" in response.content.decode()
    assert not DigitalGame.objects.exists()


def test_the_openapi_schema_describes_the_game_endpoints(owner_client):
    schema = owner_client.get("/api/schema/").content.decode()
    assert "/api/v1/games/{game_id}/moves" in schema
    assert "/api/v1/games/{game_id}/state" in schema


def test_whoever_polls_after_the_deadline_takes_the_default(viewer_client, hotseat_game, owner):
    """X-6: nobody waits forever on a defender; the next poll (anyone's) resolves it."""
    game = play_until(hotseat_game, owner, "attack_defender_dice")
    DigitalGame.objects.filter(pk=game.pk).update(
        decision_deadline=timezone.now() - datetime.timedelta(seconds=1)
    )
    response = viewer_client.get(_url("digital_game_panel", game), {"v": game.version})
    assert response.status_code == 200
    last = GameMove.objects.filter(game=game).order_by("-index").first()
    assert last.actor == GameMove.Actor.TIMEOUT
    assert "time ran out" in response.content.decode()


def test_the_move_log_api_lists_every_move_in_order(viewer_client, mixed_game, outsider_client):
    response = viewer_client.get(_api("game-moves", mixed_game))
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == mixed_game.version == len(body["moves"])
    assert [m["index"] for m in body["moves"]] == list(range(mixed_game.version))
    assert all(m["actor"] == "bot" for m in body["moves"])
    assert outsider_client.get(_api("game-moves", mixed_game)).status_code == 404


def test_a_hotseat_friend_on_my_screen_does_not_see_my_cards_uncovered(
    owner_client, campaign, persons, guest_person
):
    """Hidden cards: my own seat plus a hot-seat friend share this browser, so the hand
    on the page stays behind the 'pass the screen' curtain."""
    new = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    response = owner_client.post(
        new,
        {
            "seat0_kind": "human",
            "seat0_person": persons["owner"].pk,
            "seat1_kind": "hotseat",
            "seat1_person": guest_person.pk,
            "seat2_kind": "bot",
            "seed": 5,
        },
    )
    assert response.status_code == 302
    game = DigitalGame.objects.get(campaign=campaign)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'class="hand-curtain"' in page
    assert "pass the screen first" in page


def test_the_map_hint_offers_clicks_only_when_a_move_takes_a_territory(
    owner_client, campaign, persons
):
    """Rolling for order (S-6) takes no territory: the page does not invite map clicks."""
    new = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    owner_client.post(
        new,
        {"seat0_kind": "human", "seat0_person": persons["owner"].pk}
        | {"seat1_kind": "bot", "seat2_kind": "bot", "seed": 5},
    )
    game = DigitalGame.objects.get(campaign=campaign)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'data-type="roll_for_order"' in page
    assert "Click a territory" not in page


def test_the_recruit_button_says_how_many_troops_it_gives(owner_client, hotseat_game, owner):
    """T-8: before clicking Recruit the player reads how many troops it brings."""
    game = play_until(hotseat_game, owner, "start_of_turn")
    game.seats.update(hotseat_session_key=owner_client.session.session_key)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert 'data-type="recruit"' in page
    assert re.search(r"You recruit <strong>\d+</strong> troops", page)


def test_a_long_game_log_links_to_every_move(owner_client, hotseat_game, owner):
    """The page lists the latest moves; past that, it points to the whole log (dice)."""
    game = play_until(hotseat_game, owner, "place")
    game.seats.update(hotseat_session_key=owner_client.session.session_key)
    link = f'href="{_url("digital_game_log", game)}"'
    short = owner_client.get(game.get_absolute_url()).content.decode()
    assert link not in short
    DigitalGame.objects.filter(pk=game.pk).update(version=500)
    page = owner_client.get(game.get_absolute_url()).content.decode()
    assert link in page


def test_a_public_campaigns_games_are_for_its_members_even_through_the_api(
    mixed_game, anon_client, outsider_client, viewer_client
):
    """Public campaigns open their world and history to anyone, not their digital games."""
    mixed_game.campaign.is_public = True
    mixed_game.campaign.save()
    assert anon_client.get(_api("game-state", mixed_game)).status_code == 403
    assert outsider_client.get(_api("game-state", mixed_game)).status_code == 403
    assert viewer_client.get(_api("game-state", mixed_game)).status_code == 200


@pytest.mark.parametrize(
    ("who", "status"),
    [("owner", 200), ("player", 200), ("viewer", 200), ("outsider", 404), ("anonymous", 302)],
)
def test_who_may_read_a_games_whole_log(clients, mixed_game, who, status):
    assert clients[who].get(_url("digital_game_log", mixed_game)).status_code == status


def test_the_whole_log_keeps_every_die_the_game_page_leaves_off(owner_client, campaign, owner):
    from campaign.services.digital.start import SeatRequest, digital_game_start

    bots = [SeatRequest(person=None, kind=GameSeat.Kind.BOT) for _ in range(3)]
    game = digital_game_start(campaign=campaign, user=owner, seats=bots, seed=5)
    first = worded_event(GameMove.objects.get(game=game, index=1).events[0])["text"]
    assert GameMove.objects.filter(game=game).count() > 60

    page = owner_client.get(_url("digital_game", game)).content.decode()
    whole = owner_client.get(_url("digital_game_log", game)).content.decode()

    assert _url("digital_game_log", game) in page
    assert page.count('<li class="log-') < whole.count('<li class="log-')
    assert first in whole


def test_while_a_game_is_in_play_the_page_leads_to_it_instead_of_the_start_form_S1(
    owner_client, campaign, mixed_game
):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})

    page = owner_client.get(url).content.decode()

    assert "Start the game" not in page
    assert f'href="{mixed_game.get_absolute_url()}"' in page.split('id="game-in-play"')[1][:600]


def test_a_second_start_is_refused_in_the_readers_language_S1(owner_client, campaign, mixed_game):
    url = reverse("campaign:digital_game_new", kwargs={"slug": campaign.slug})
    seats = {f"seat{i}_kind": "bot" for i in range(3)}

    response = owner_client.post(url, seats, HTTP_ACCEPT_LANGUAGE="es")

    assert response.status_code == 400
    page = response.content.decode()
    assert "still unfinished" not in page and "todavía no ha terminado" in page
    assert DigitalGame.objects.filter(campaign=campaign).count() == 1
